//! Many puzzles in one call: a text of puzzles, one per line, in; their solutions, one per
//! line, out. For a caller across a boundary that costs more per call than per byte (a
//! WebAssembly module called from JS), this solves a stream of puzzles at the speed of the
//! solver rather than of the calls.

use super::error::SudokuError;
use super::format::write_line;
use super::layout::Layout;
use super::parse::{compact_digits_into, compact_digits_layout};
use super::puzzle::Sudoku;
use super::solver::{Run, SudokuSolver};
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
    // Lines of 81 digits go straight from the text to the search and from the solution to
    // `out`, allocating nothing, when the options read them as classic puzzles (the
    // common case); anything else, and any puzzle with conflicting givens (whose error
    // names them), takes the general reader.
    let classic = compact_digits_layout(options);
    let mut values = [0u8; 81];
    let text = text.strip_suffix('\n').unwrap_or(text);
    let mut count = 0;
    for (k, line) in text.split('\n').enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        count += 1;
        if let Some(layout) = &classic {
            if compact_digits_into(line, &mut values)
                && solve_digits(&mut solver, layout, &values, out)
            {
                continue;
            }
        }
        let fail = |error| BatchError { puzzle: k, error };
        let puzzle = Sudoku::parse(line, options).map_err(fail)?;
        if solver.solve_into(&puzzle, &mut grid).map_err(fail)? {
            write_line(puzzle.alphabet(), &grid, out);
        }
        out.push('\n');
    }
    Ok(count)
}

/// Appends the line of the first solution of the classic puzzle `values` (digits `1` to
/// `9`, or nothing if it has none) and a line break to `out`, and returns `true`; `false`
/// (and nothing appended) if two givens conflict.
fn solve_digits(
    solver: &mut SudokuSolver,
    layout: &Layout,
    values: &[u8; 81],
    out: &mut String,
) -> bool {
    let run = Run {
        limit: 1,
        ..Run::default()
    };
    let mut line = [b'\n'; 82];
    let mut found = false;
    let solved = solver.values(layout, values, run, None, |grid| {
        for (c, &v) in line.iter_mut().zip(grid) {
            *c = b'0' + v;
        }
        found = true;
        false
    });
    if solved.is_err() {
        return false;
    }
    let line = if found { &line[..] } else { &line[81..] };
    out.push_str(std::str::from_utf8(line).expect("digits are ASCII"));
    true
}
