//! The Samurai layout as text: 21 lines of up to 21 characters, spaces outside the five
//! grids, trailing spaces optional; or all 369 cells on one line in reading order.

use super::alphabet::Alphabet;
use super::error::{SudokuError, SudokuResult};
use super::layout::Layout;
use super::parse::{read_cells, Token};
use super::puzzle::Sudoku;
use super::variant::{is_samurai_cell, Options, Variant};

/// Lines (and characters per line) of the Samurai layout.
pub(crate) const SIDE: usize = 21;
/// Cells of a Samurai puzzle.
pub(crate) const CELLS: usize = 369;

pub(crate) fn parse(text: &str, options: &Options, alphabet: Alphabet) -> SudokuResult<Sudoku> {
    if let Some(n) = options.size.filter(|&n| n != 9) {
        return Err(SudokuError::UnsupportedVariant {
            variant: Variant::Samurai,
            size: n,
        });
    }
    if let Some(k) = alphabet.symbol_count().filter(|&k| k != 9) {
        return Err(SudokuError::BadAlphabet {
            reason: format!("it has {k} symbols; a Samurai puzzle needs 9"),
        });
    }
    let layout = Layout::new(9, options)?;
    let lines: Vec<&str> = text.lines().collect();
    let first = lines.iter().position(|l| !l.trim().is_empty());
    let last = lines.iter().rposition(|l| !l.trim().is_empty());
    let lines = match (first, last) {
        (Some(a), Some(b)) => &lines[a..=b],
        _ => &[][..],
    };
    let mut tokens = Vec::with_capacity(CELLS);
    if lines.len() <= 1 {
        tokens.extend(text.chars().filter(|c| !c.is_whitespace()).map(Token::Char));
        if tokens.len() != CELLS {
            return Err(SudokuError::WrongCellCount {
                found: tokens.len(),
                expected: Some(CELLS),
                fits: Vec::new(),
            });
        }
        return read_cells(layout, &tokens, alphabet);
    }
    if lines.len() != SIDE {
        return Err(bad(
            0,
            0,
            "a Samurai puzzle is 21 lines (or 369 cells on one line)",
        ));
    }
    for (row, line) in lines.iter().enumerate() {
        let chars: Vec<char> = line.trim_end().chars().collect();
        if chars.len() > SIDE {
            return Err(bad(row + 1, SIDE + 1, "a line has at most 21 characters"));
        }
        for col in 0..SIDE {
            let c = chars.get(col).copied().filter(|c| !c.is_whitespace());
            match (is_samurai_cell(row, col), c) {
                (true, Some(c)) => tokens.push(Token::Char(c)),
                (true, None) => {
                    return Err(bad(
                        row + 1,
                        col + 1,
                        "a cell is missing: write a symbol or an empty-cell mark here",
                    ))
                }
                (false, Some(_)) => {
                    return Err(bad(
                        row + 1,
                        col + 1,
                        "only spaces may stand outside the five grids",
                    ))
                }
                (false, None) => {}
            }
        }
    }
    read_cells(layout, &tokens, alphabet)
}

fn bad(line: usize, column: usize, reason: &'static str) -> SudokuError {
    SudokuError::BadSamuraiLayout {
        line,
        column,
        reason,
    }
}

/// The 21 lines of a Samurai puzzle, trailing spaces dropped.
pub(crate) fn format(puzzle: &Sudoku) -> String {
    let layout = puzzle.layout();
    let mut text = String::with_capacity(SIDE * (SIDE + 1));
    for row in 0..SIDE {
        let mut line = String::with_capacity(SIDE);
        for col in 0..SIDE {
            match layout.cell_at(row, col) {
                Some(cell) => puzzle.alphabet().write(puzzle.values()[cell], &mut line),
                None => line.push(' '),
            }
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text
}
