//! Writing puzzles: the compact line, and a decorated grid that [`Sudoku::parse`] reads back.

use super::alphabet::Alphabet;
use super::puzzle::Sudoku;
use super::samurai;
use super::variant::Variant;

/// The compact line: one character per cell in reading order, or for whole numbers, the
/// numbers separated by single spaces.
pub(crate) fn line(puzzle: &Sudoku) -> String {
    let mut text = String::with_capacity(puzzle.values().len() * 2);
    write_line(puzzle.alphabet(), puzzle.values(), &mut text);
    text
}

/// Appends the compact line of `values` in `alphabet` to `out`.
pub(crate) fn write_line(alphabet: &Alphabet, values: &[u8], out: &mut String) {
    for (k, &v) in values.iter().enumerate() {
        if k > 0 && alphabet.is_numbers() {
            out.push(' ');
        }
        alphabet.write(v, out);
    }
}

/// A multi-line grid: cells separated by spaces, `|` between boxes and a line of `-` and
/// `+` between bands of boxes; a jigsaw grid has no box lines; a Samurai puzzle is its
/// 21-line layout.
pub(crate) fn grid(puzzle: &Sudoku) -> String {
    let layout = puzzle.layout();
    if layout.variant() == Variant::Samurai {
        return samurai::format(puzzle);
    }
    let n = layout.size();
    let alphabet = puzzle.alphabet();
    let width = if alphabet.is_numbers() && n > 9 { 2 } else { 1 };
    let (box_rows, box_cols) = match (layout.variant(), layout.box_shape()) {
        (Variant::Jigsaw, _) | (_, None) => (n, n),
        // Boxes of one row are the rows themselves: no box lines.
        (_, Some(shape)) if shape.rows == 1 => (n, n),
        (_, Some(shape)) => (shape.rows, shape.cols),
    };
    let mut text = String::new();
    let mut symbol = String::new();
    for row in 0..n {
        if row > 0 && row % box_rows == 0 {
            let segment = "-".repeat(box_cols * (width + 1) - 1);
            let segments = vec![segment; n / box_cols];
            text.push_str(&segments.join("-+-"));
            text.push('\n');
        }
        for col in 0..n {
            if col > 0 {
                text.push_str(if col % box_cols == 0 { " | " } else { " " });
            }
            symbol.clear();
            alphabet.write(puzzle.values()[row * n + col], &mut symbol);
            for _ in symbol.chars().count()..width {
                text.push(' ');
            }
            text.push_str(&symbol);
        }
        text.push('\n');
    }
    text
}
