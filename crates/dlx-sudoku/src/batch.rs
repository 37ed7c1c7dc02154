//! Many puzzles in one call: a text of puzzles, one per line, in; their solutions, one per
//! line, out. For a caller across a boundary that costs more per call than per byte (a
//! WebAssembly module called from JS), this solves a stream of puzzles at the speed of the
//! solver rather than of the calls.

use super::error::SudokuError;
use super::format::write_line;
use super::parse::{compact_digits_into, compact_digits_layout, digits_into, WORDS_NOT_VECTORS};
use super::puzzle::Sudoku;
use super::solver::SudokuSolver;
use super::variant::Options;

/// A puzzle of a batch that could not be read or solved: which one, and why.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BatchError {
    /// The puzzle's index in the batch, from 0 (blank and comment lines are not puzzles).
    pub puzzle: usize,
    /// Its line in the text, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub error: SudokuError,
}

/// Solves every puzzle of `text`, one per line (`\n` or `\r\n`; a final line break is
/// optional), all read with `options`, and appends to `out` one line per puzzle: its first
/// solution as a compact line in the puzzle's alphabet, or an empty line if it has none.
/// Lines that are blank (white space only) or comments (`#` first, after any white space)
/// are not puzzles and have no line in `out`; a byte-order mark before the text is
/// skipped. Returns how many puzzles there were.
///
/// ```
/// use dlx_sudoku::{solve_batch, Options};
/// let mut out = String::new();
/// // The second puzzle has no solution: r1c4 needs a 4, and column 4 has one.
/// let puzzles = "# 4x4\n................\n\n123....4........\n";
/// assert_eq!(solve_batch(puzzles, &Options::default(), &mut out), Ok(2));
/// assert_eq!(out, "1234341221434321\n\n");
/// ```
///
/// # Errors
/// The first puzzle that does not parse or has conflicting givens, as a [`BatchError`]
/// naming it (its index among the puzzles and its line in the text); `out` then holds the
/// lines of the puzzles before it.
pub fn solve_batch(text: &str, options: &Options, out: &mut String) -> Result<usize, BatchError> {
    let mut bytes = Vec::with_capacity(text.len() + 1);
    let result = solve_batch_bytes(text.as_bytes(), options, &mut bytes);
    out.push_str(std::str::from_utf8(&bytes).expect("digits and strings are UTF-8"));
    result
}

/// [`solve_batch`] on bytes, for a caller that has them (a file read as it is, or the
/// WebAssembly export, whose JS side encodes and decodes the text): the puzzles' lines as
/// UTF-8 in, their solutions' lines appended to `out` as UTF-8, neither checked as a whole.
/// A line that is not UTF-8 reads as if U+FFFD stood where it is not, so its error names
/// that place.
///
/// ```
/// use dlx_sudoku::{solve_batch_bytes, Options};
/// let mut out = Vec::new();
/// let puzzles = b"................\n12\xff.............\n";
/// let e = solve_batch_bytes(puzzles, &Options::default(), &mut out).unwrap_err();
/// assert_eq!((e.puzzle, e.line, e.error.code()), (1, 2, "invalid_character"));
/// assert_eq!(out, b"1234341221434321\n");
/// ```
///
/// # Errors
/// As [`solve_batch`].
pub fn solve_batch_bytes(
    text: &[u8],
    options: &Options,
    out: &mut Vec<u8>,
) -> Result<usize, BatchError> {
    let mut solver = SudokuSolver::new();
    let mut grid = Vec::new();
    // Lines of 81 digits go straight from the text to the search and from the solution to
    // `out`, allocating nothing per puzzle, when the options read them as classic puzzles
    // (the common case): a line is taken as the next 81 bytes when a line break (or the
    // end) follows them, and read with no look at its characters but the one pass that
    // turns them into values. Anything else, and any puzzle with conflicting givens (whose
    // error names them), takes the general reader.
    let classic = compact_digits_layout(options).is_some();
    let mut values = [0u8; 81];
    let mut solution = [0u8; 81];
    let mut general = Vec::new();
    let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
    let all = text.strip_suffix(b"\n").unwrap_or(text);
    let mut start = 0;
    // Puzzles and lines read so far.
    let mut count = 0;
    let mut line_count = 0;
    loop {
        line_count += 1;
        let rest = &all[start..];
        if classic && rest.get(81).is_none_or(|&b| b == b'\n') {
            let line = rest.get(..81).unwrap_or(rest);
            if classic_line(&mut solver, line, &mut values, &mut solution, out).is_some() {
                count += 1;
                out.push(b'\n');
                if rest.len() == 81 {
                    return Ok(count);
                }
                start += 82;
                continue;
            }
        }
        let end = rest
            .iter()
            .position(|&b| b == b'\n')
            .map_or(all.len(), |i| start + i);
        let line = String::from_utf8_lossy(&all[start..end]);
        let line = line.strip_suffix('\r').unwrap_or(&line);
        if !is_skipped(line) {
            count += 1;
            if let Err(error) =
                solve_line(&mut solver, line, options, classic, &mut grid, &mut general)
            {
                return Err(BatchError {
                    puzzle: count - 1,
                    line: line_count,
                    error,
                });
            }
            out.extend_from_slice(&general);
            out.push(b'\n');
        }
        if end == all.len() {
            return Ok(count);
        }
        start = end + 1;
    }
}

/// The UTF-8 of U+FEFF, the byte-order mark.
const BYTE_ORDER_MARK: &[u8] = "\u{FEFF}".as_bytes();

/// The path of a line of 81 digits read as a classic puzzle (see [`solve_batch_bytes`]):
/// read straight into the band search (into `values`), its first solution (into `solution`)
/// appended to `out` as digits. `Some(found)`, or `None` (and `out` as it was) when `line` is
/// not 81 digits or two givens conflict, which the general reader words.
#[inline(always)]
fn classic_line(
    solver: &mut SudokuSolver,
    line: &[u8],
    values: &mut [u8; 81],
    solution: &mut [u8; 81],
    out: &mut Vec<u8>,
) -> Option<bool> {
    if !digits_into(line, values) {
        return None;
    }
    let found = solver.first_classic(values, solution)?;
    if found {
        push_digits(out, solution);
    }
    Some(found)
}

/// One classic 9x9 puzzle by the batch's path, for one call a puzzle with no options (the
/// package's `solve_sudoku`): the solution's 81 digits (ASCII `1`-`9`), an empty vector if
/// there is none, or `None` when `line` is not 81 digits or two givens conflict (the caller
/// reads it in full then, as [`Sudoku::parse`](crate::Sudoku::parse) does, for its error).
/// The same answer as the general path's, as the batch's is
/// (`crates/dlx-sudoku/tests/sudoku_batch.rs`).
pub fn solve_classic_line(line: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(81);
    super::solver::with_workspace(|solver| {
        classic_line(solver, line, &mut [0; 81], &mut [0; 81], &mut out)
    })?;
    Some(out)
}

/// Whether a batch's line is not a puzzle: blank, or a comment (`#` first).
fn is_skipped(line: &str) -> bool {
    let line = line.trim_start();
    line.is_empty() || line.starts_with('#')
}

/// Appends the values 1 to 9 of `solution` to `line` as the digits `1` to `9`: a byte at a
/// time where that becomes vector code, else eight to a word (a digit is its value with the
/// bits of `'0'` set, which no value has); see [`WORDS_NOT_VECTORS`].
fn push_digits(line: &mut Vec<u8>, solution: &[u8; 81]) {
    if WORDS_NOT_VECTORS {
        push_digit_words(line, solution);
    } else {
        line.extend(solution.iter().map(|&v| b'0' + v));
    }
}

/// [`push_digits`] eight bytes to a word.
fn push_digit_words(line: &mut Vec<u8>, solution: &[u8; 81]) {
    let start = line.len();
    line.extend_from_slice(solution);
    let digits = &mut line[start..];
    for word in digits.chunks_exact_mut(8) {
        let w = u64::from_le_bytes((&*word).try_into().expect("8 bytes"));
        word.copy_from_slice(&(w | 0x3030_3030_3030_3030).to_le_bytes());
    }
    digits[80] |= b'0';
}

/// Puts the line of the first solution of the puzzle `line` (read with `options`; as
/// digits by the classic path if `classic`) in `general`, or nothing if it has none.
/// `general` holds bytes of UTF-8: digits, or what [`write_line`] writes.
fn solve_line(
    solver: &mut SudokuSolver,
    line: &str,
    options: &Options,
    classic: bool,
    grid: &mut Vec<u8>,
    general: &mut Vec<u8>,
) -> Result<(), SudokuError> {
    general.clear();
    let mut values = [0u8; 81];
    if classic && compact_digits_into(line, &mut values) {
        let mut solution = [0u8; 81];
        if let Some(found) = solver.first_classic(&values, &mut solution) {
            if found {
                push_digits(general, &solution);
            }
            return Ok(());
        }
    }
    let puzzle = Sudoku::parse(line, options)?;
    if solver.solve_into(&puzzle, grid)? {
        let mut written = String::new();
        write_line(puzzle.alphabet(), grid, &mut written);
        general.extend_from_slice(written.as_bytes());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{compact_digits_layout, push_digit_words, solve_classic_line};
    use crate::{Options, Sudoku};

    /// `solve_classic_line` is `solve_sudoku`'s path with no options: the default options
    /// must read 81 digits as the classic puzzle, and it must answer as the general path.
    #[test]
    fn a_classic_line_alone_is_solved_as_the_general_path_solves_it() {
        assert!(compact_digits_layout(&Options::default()).is_some());
        let solved =
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
        // The same without its first given: several solutions, of which the first.
        let several = format!(".{}", &solved[1..]);
        // Cell 9 can hold no digit: 1-8 are in its row, 9 in its column.
        let none = format!("12345678.........9{}", ".".repeat(63));
        for line in [solved, &several, &none, &solved.replace('.', "0")] {
            let general = Sudoku::parse(line, &Options::default())
                .unwrap()
                .some_solution()
                .unwrap()
                .map_or(String::new(), |s| s.to_line());
            let fast = solve_classic_line(line.as_bytes()).expect("a classic line");
            assert_eq!(String::from_utf8(fast).unwrap(), general, "{line}");
        }
        // Conflicting givens, other lengths and other symbols go to the general path.
        let conflict = format!("11{}", &solved[2..]);
        for line in [
            conflict.as_str(),
            &solved[1..],
            &format!("{solved}."),
            &solved.replace('.', "x"),
        ] {
            assert_eq!(solve_classic_line(line.as_bytes()), None, "{line}");
        }
    }

    /// The word version against the definition, after text already in the buffer, for
    /// grids with every value in every cell.
    #[test]
    fn digit_words_are_the_digits() {
        for shift in 0..9u8 {
            let solution: [u8; 81] = std::array::from_fn(|i| (i as u8 + shift) % 9 + 1);
            let mut line = b"earlier\n".to_vec();
            push_digit_words(&mut line, &solution);
            let expected: Vec<u8> = b"earlier\n"
                .iter()
                .copied()
                .chain(solution.iter().map(|&v| b'0' + v))
                .collect();
            assert_eq!(line, expected);
        }
    }
}
