//! Puzzle sizes and box shapes.

use super::error::{SudokuError, SudokuResult};

/// The smallest supported size (symbols per row).
pub const MIN_SIZE: usize = 4;
/// The largest supported size: symbols are 1-9 and A-P in the default alphabet.
pub const MAX_SIZE: usize = 25;

/// The shape of a box: `rows` x `cols` cells, with `rows * cols` equal to the puzzle's size.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoxShape {
    /// Rows per box.
    pub rows: usize,
    /// Columns per box.
    pub cols: usize,
}

impl BoxShape {
    /// The box shape for size `n` when none is given: the most nearly square factorisation,
    /// boxes wider than tall (6 gives 2x3, 8 gives 2x4, 12 gives 3x4, 20 gives 4x5). For a
    /// prime `n` this is 1 x `n`, so boxes coincide with rows and the puzzle is a Latin
    /// square.
    pub fn infer(n: usize) -> BoxShape {
        let mut rows = 1;
        let mut r = 1;
        while r * r <= n {
            if n % r == 0 {
                rows = r;
            }
            r += 1;
        }
        BoxShape {
            rows,
            cols: n / rows.max(1),
        }
    }

    /// The box shape for size `n` with optional box rows and columns: both given must
    /// multiply to `n`; one given fixes the other; none infers it.
    ///
    /// # Errors
    /// [`SudokuError::UnsupportedSize`] for `n` outside 4 through 25 and
    /// [`SudokuError::BadBoxShape`] when the dimensions do not fit.
    pub fn resolve(n: usize, rows: Option<usize>, cols: Option<usize>) -> SudokuResult<BoxShape> {
        check_size(n)?;
        let bad = |rows: usize, cols: usize| SudokuError::BadBoxShape {
            rows,
            cols,
            size: n,
        };
        match (rows, cols) {
            (None, None) => Ok(BoxShape::infer(n)),
            (Some(rows), Some(cols)) => {
                if rows.checked_mul(cols) == Some(n) {
                    Ok(BoxShape { rows, cols })
                } else {
                    Err(bad(rows, cols))
                }
            }
            (Some(rows), None) => match n.checked_div(rows) {
                Some(cols) if rows * cols == n => Ok(BoxShape { rows, cols }),
                _ => Err(bad(rows, 0)),
            },
            (None, Some(cols)) => match n.checked_div(cols) {
                Some(rows) if rows * cols == n => Ok(BoxShape { rows, cols }),
                _ => Err(bad(0, cols)),
            },
        }
    }

    /// The box (numbered in reading order from 0) holding the cell at `row`, `col` (from 0).
    pub fn box_of(&self, n: usize, row: usize, col: usize) -> usize {
        (row / self.rows) * (n / self.cols) + col / self.cols
    }
}

/// Checks that `n` is a supported size.
///
/// # Errors
/// [`SudokuError::UnsupportedSize`] outside 4 through 25.
pub fn check_size(n: usize) -> SudokuResult<()> {
    if (MIN_SIZE..=MAX_SIZE).contains(&n) {
        Ok(())
    } else {
        Err(SudokuError::UnsupportedSize { size: n })
    }
}

/// The size `n` whose `n * n` is `cells`, if it is a supported one.
pub fn size_for_cells(cells: usize) -> Option<usize> {
    (MIN_SIZE..=MAX_SIZE).find(|n| n * n == cells)
}

/// The supported sizes nearest to `cells` cells: the largest below and the smallest above.
pub fn nearest_sizes(cells: usize) -> Vec<usize> {
    let below = (MIN_SIZE..=MAX_SIZE).rev().find(|n| n * n < cells);
    let above = (MIN_SIZE..=MAX_SIZE).find(|n| n * n > cells);
    below.into_iter().chain(above).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inferred_shapes_are_nearly_square_and_wide() {
        let shape = |n| {
            let s = BoxShape::infer(n);
            (s.rows, s.cols)
        };
        assert_eq!(shape(4), (2, 2));
        assert_eq!(shape(6), (2, 3));
        assert_eq!(shape(8), (2, 4));
        assert_eq!(shape(9), (3, 3));
        assert_eq!(shape(10), (2, 5));
        assert_eq!(shape(12), (3, 4));
        assert_eq!(shape(16), (4, 4));
        assert_eq!(shape(20), (4, 5));
        assert_eq!(shape(25), (5, 5));
        assert_eq!(shape(7), (1, 7));
    }

    #[test]
    fn given_dimensions_must_fit() {
        assert_eq!(
            BoxShape::resolve(6, Some(3), None),
            Ok(BoxShape { rows: 3, cols: 2 })
        );
        assert_eq!(
            BoxShape::resolve(12, None, Some(6)),
            Ok(BoxShape { rows: 2, cols: 6 })
        );
        assert_eq!(
            BoxShape::resolve(9, Some(2), None).map_err(|e| e.code()),
            Err("bad_box_shape")
        );
        assert_eq!(
            BoxShape::resolve(9, Some(0), None).map_err(|e| e.code()),
            Err("bad_box_shape")
        );
        assert_eq!(
            BoxShape::resolve(3, None, None).map_err(|e| e.code()),
            Err("unsupported_size")
        );
        assert_eq!(nearest_sizes(80), vec![8, 9]);
        assert_eq!(nearest_sizes(3), vec![4]);
        assert_eq!(nearest_sizes(10_000), vec![25]);
    }
}
