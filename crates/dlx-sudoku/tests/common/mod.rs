//! What the sudoku tests share.
#![allow(dead_code)]

pub mod rank;

use dlx_sudoku::{SolvePath, Sudoku};

/// The solving path of `puzzle` (which must have one solution), each step checked against
/// the solution ([`SolvePath::wrong_steps`]): a wrong step fails the test, naming the puzzle.
pub fn checked_path(puzzle: &Sudoku) -> SolvePath {
    let solution = puzzle.unique_solution().unwrap().expect("unique");
    let path = puzzle.solve_path().unwrap();
    let wrong = path.wrong_steps(solution.values());
    assert!(wrong.is_empty(), "{puzzle}: {wrong:#?}");
    path
}
