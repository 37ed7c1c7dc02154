//! What the sudoku tests share.
#![allow(dead_code)]

pub mod memo;
pub mod rank;

pub use memo::{generate_options, generated, path};

use dlx_sudoku::{Layout, SolvePath, Sudoku};

/// The lines of the fixture `tests/data/sudoku/NAME` (the workspace's root `tests/data/`),
/// trimmed, without blank lines and `#` comments: one puzzle a line.
pub fn fixture_lines(name: &str) -> Vec<String> {
    let path = format!(
        "{}/../../tests/data/sudoku/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{path}: {e}"))
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// Whether two distinct cells share a region.
pub fn sees(layout: &Layout, a: usize, b: usize) -> bool {
    a != b
        && layout
            .cell_regions(a)
            .iter()
            .any(|r| layout.cell_regions(b).contains(r))
}

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
