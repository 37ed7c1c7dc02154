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
    crate::SizeBudget::check("rectangle side", rows.max(cols), 36)?;
    let cell = |r: usize, c: usize| format!("{}{}", super::base36(r), super::base36(c));
    let mut names: Vec<String> = pieces.iter().map(|p| p.name.clone()).collect();
    for r in 0..rows {
        for c in 0..cols {
            names.push(cell(r, c));
        }
    }
    let mut b = ProblemBuilder::with_names::<String>(&names, &[])?;
    let mut option = Vec::new();
    for (k, piece) in pieces.iter().enumerate() {
        for shape in piece.orientations() {
            for r in 0..rows as i32 {
                for c in 0..cols as i32 {
                    let fits = shape.iter().all(|&(dr, dc)| {
                        (0..rows as i32).contains(&(r + dr)) && (0..cols as i32).contains(&(c + dc))
                    });
                    if !fits {
                        continue;
                    }
                    option.clear();
                    option.push(k);
                    option.extend(shape.iter().map(|&(dr, dc)| {
                        pieces.len() + (r + dr) as usize * cols + (c + dc) as usize
                    }));
                    b.add_option(&option)?;
                }
            }
        }
    }
    Ok(b.build())
}
