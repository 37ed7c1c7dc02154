//! Polyomino tilings of rectangles.

use crate::{Problem, ProblemBuilder, Result};

/// A polyomino: a name and its cells as (row, column) offsets.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Piece {
    /// The piece's name, used as its item name.
    pub name: String,
    /// Its cells.
    pub cells: Vec<(i32, i32)>,
}

impl Piece {
    /// A piece from a picture: rows separated by `/`, `#` for a cell.
    pub fn from_picture(name: &str, picture: &str) -> Piece {
        let cells = picture
            .split('/')
            .enumerate()
            .flat_map(|(r, row)| {
                row.chars()
                    .enumerate()
                    .filter(|&(_, ch)| ch == '#')
                    .map(move |(c, _)| (r as i32, c as i32))
            })
            .collect();
        Piece {
            name: name.to_owned(),
            cells,
        }
    }

    /// Its distinct orientations under rotation and reflection, each normalised so that its
    /// smallest row and column are 0 and its cells are sorted.
    pub fn orientations(&self) -> Vec<Vec<(i32, i32)>> {
        let mut all: Vec<Vec<(i32, i32)>> = Vec::with_capacity(8);
        for k in 0..8 {
            let mut cells: Vec<(i32, i32)> = self
                .cells
                .iter()
                .map(|&(r, c)| {
                    let (r, c) = if k & 4 != 0 { (r, -c) } else { (r, c) };
                    match k & 3 {
                        0 => (r, c),
                        1 => (c, -r),
                        2 => (-r, -c),
                        _ => (-c, r),
                    }
                })
                .collect();
            let r0 = cells.iter().map(|p| p.0).min().unwrap_or(0);
            let c0 = cells.iter().map(|p| p.1).min().unwrap_or(0);
            for cell in &mut cells {
                *cell = (cell.0 - r0, cell.1 - c0);
            }
            cells.sort_unstable();
            if !all.contains(&cells) {
                all.push(cells);
            }
        }
        all
    }
}

/// The twelve pentominoes, in Conway's names F I L N P T U V W X Y Z.
pub fn pentominoes() -> Vec<Piece> {
    [
        ("F", ".##/##./.#."),
        ("I", "#####"),
        ("L", "####/#..."),
        ("N", "###./..##"),
        ("P", "###/##."),
        ("T", "###/.#./.#."),
        ("U", "#.#/###"),
        ("V", "#../#../###"),
        ("W", "#../##./.##"),
        ("X", ".#./###/.#."),
        ("Y", "####/.#.."),
        ("Z", "##./.#./.##"),
    ]
    .iter()
    .map(|(name, picture)| Piece::from_picture(name, picture))
    .collect()
}

/// Tiling a `rows` x `cols` rectangle with `pieces`, each used exactly once: primary items
/// for the pieces, then one per cell, named row digit then column digit in base 36 (`0a` is
/// row 0, column 10); one option per placement of each orientation, with no symmetry
/// breaking (6x10 pentominoes: 2,056 options, 9,356 solutions).
///
/// # Errors
/// [`crate::Error::TooLarge`] when the rectangle has a side over 36, and the builder's
/// errors for pieces with bad names.
pub fn polyomino_tiling(pieces: &[Piece], rows: usize, cols: usize) -> Result<Problem> {
    polyomino_tiling_with_holes(pieces, rows, cols, &[])
}

/// Like [`polyomino_tiling`], with the cells `holes` (row, column) left out of the board:
/// no item for them and no placement over them. Dana Scott's 8x8 board with a 2x2 hole in
/// the middle (`holes` (3,3), (3,4), (4,3), (4,4)) has 520 tilings by the 12 pentominoes,
/// his 65 times the board's 8 symmetries.
///
/// # Errors
/// As [`polyomino_tiling`].
pub fn polyomino_tiling_with_holes(
    pieces: &[Piece],
    rows: usize,
    cols: usize,
    holes: &[(usize, usize)],
) -> Result<Problem> {
    crate::SizeBudget::check("rectangle side", rows.max(cols), 36)?;
    let cell = |r: usize, c: usize| format!("{}{}", super::base36(r), super::base36(c));
    let open = |r: i32, c: i32| {
        (0..rows as i32).contains(&r)
            && (0..cols as i32).contains(&c)
            && !holes.contains(&(r as usize, c as usize))
    };
    let mut names: Vec<String> = pieces.iter().map(|p| p.name.clone()).collect();
    // Item of each open cell, row by row.
    let mut item = vec![usize::MAX; rows * cols];
    for r in 0..rows {
        for c in 0..cols {
            if open(r as i32, c as i32) {
                item[r * cols + c] = names.len();
                names.push(cell(r, c));
            }
        }
    }
    let mut b = ProblemBuilder::with_names::<String>(&names, &[])?;
    let mut option = Vec::new();
    for (k, piece) in pieces.iter().enumerate() {
        for shape in piece.orientations() {
            for r in 0..rows as i32 {
                for c in 0..cols as i32 {
                    if !shape.iter().all(|&(dr, dc)| open(r + dr, c + dc)) {
                        continue;
                    }
                    option.clear();
                    option.push(k);
                    option.extend(
                        shape
                            .iter()
                            .map(|&(dr, dc)| item[(r + dr) as usize * cols + (c + dc) as usize]),
                    );
                    b.add_option(&option)?;
                }
            }
        }
    }
    Ok(b.build())
}
