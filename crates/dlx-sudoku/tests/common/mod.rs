//! What the sudoku tests share.
#![allow(dead_code)]

pub mod memo;
pub mod rank;

pub use memo::{generate_options, generated, path};

use dlx_sudoku::{SolvePath, Sudoku};

/// The solving path of `puzzle` (which must have one solution), each step checked against
/// the solution ([`SolvePath::wrong_steps`]): a wrong step fails the test, naming the puzzle.
/// The path is taken once for the whole binary ([`path`]).
pub fn checked_path(puzzle: &Sudoku) -> SolvePath {
    let solution = puzzle.unique_solution().unwrap().expect("unique");
    let path = path(puzzle);
    let wrong = path.wrong_steps(solution.values());
    assert!(wrong.is_empty(), "{puzzle}: {wrong:#?}");
    path
}
