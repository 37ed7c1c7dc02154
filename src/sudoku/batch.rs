//! Many puzzles in one call: a text of puzzles, one per line, in; their solutions, one per
//! line, out. For a caller across a boundary that costs more per call than per byte (a
//! WebAssembly module called from JS), this solves a stream of puzzles at the speed of the
//! solver rather than of the calls.

use super::error::SudokuError;
use super::format::write_line;
use super::puzzle::Sudoku;
use super::solver::SudokuSolver;
use super::variant::Options;

/// A puzzle of a batch that could not be read or solved: which one, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchError {
    /// The puzzle's index in the batch, from 0 (its line, from 0).
    pub puzzle: usize,
    /// What is wrong with it.
    pub error: SudokuError,
}

/// Solves every puzzle of `text`, one per line (`\n` or `\r\n`; a final line break is
/// optional), all read with `options`, and appends to `out` one line per puzzle: its first
/// solution as a compact line in the puzzle's alphabet, or an empty line if it has none.
/// Returns how many puzzles there were.
///
/// ```
/// use dlx_wasm::sudoku::{solve_batch, Options};
/// let mut out = String::new();
/// // The second puzzle has no solution: r1c4 needs a 4, and column 4 has one.
/// let puzzles = "................\n123....4........\n";
/// assert_eq!(solve_batch(puzzles, &Options::default(), &mut out), Ok(2));
/// assert_eq!(out, "1234341221434321\n\n");
/// ```
///
/// # Errors
/// The first puzzle that does not parse or has conflicting givens, as a [`BatchError`]
/// naming it; `out` then holds the lines of the puzzles before it.
pub fn solve_batch(text: &str, options: &Options, out: &mut String) -> Result<usize, BatchError> {
    let mut solver = SudokuSolver::new();
    let mut grid = Vec::new();
    let text = text.strip_suffix('\n').unwrap_or(text);
    let mut count = 0;
    for (k, line) in text.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let fail = |error| BatchError { puzzle: k, error };
        let puzzle = Sudoku::parse(line, options).map_err(fail)?;
        if solver.solve_into(&puzzle, &mut grid).map_err(fail)? {
            write_line(puzzle.alphabet(), &grid, out);
        }
        out.push('\n');
        count += 1;
    }
    Ok(count)
}
