//! The variants, each only a list of regions, and the options that choose one.

use std::cell::RefCell;
use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use super::error::{CellPos, JigsawProblem, SudokuError, SudokuResult};
use super::layout::{Constraint, Layout, LayoutBuilder, RegionKind, RegionName};
use super::shape::{check_size, BoxShape};

/// A sudoku variant.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub enum Variant {
    /// Rows, columns and boxes.
    #[default]
    Classic,
    /// Classic plus both main diagonals.
    X,
    /// Classic 9x9 plus four extra 3x3 windows (also called hyper sudoku).
    Windoku,
    /// Rows, columns and irregular regions given by a map.
    Jigsaw,
    /// Five overlapping 9x9 grids: 369 cells on a 21 x 21 layout.
    Samurai,
}

impl Variant {
    /// The variant's name as the options spell it: `classic`, `x`, `windoku`, `jigsaw`,
    /// `samurai`.
    pub fn name(self) -> &'static str {
        match self {
            Variant::Classic => "classic",
            Variant::X => "x",
            Variant::Windoku => "windoku",
            Variant::Jigsaw => "jigsaw",
            Variant::Samurai => "samurai",
        }
    }

    /// Every variant.
    pub const ALL: [Variant; 5] = [
        Variant::Classic,
        Variant::X,
        Variant::Windoku,
        Variant::Jigsaw,
        Variant::Samurai,
    ];
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Variant {
    type Err = SudokuError;

    /// Reads a variant name; `hyper` is windoku.
    fn from_str(s: &str) -> SudokuResult<Variant> {
        match s {
            "classic" => Ok(Variant::Classic),
            "x" => Ok(Variant::X),
            "windoku" | "hyper" => Ok(Variant::Windoku),
            "jigsaw" => Ok(Variant::Jigsaw),
            "samurai" => Ok(Variant::Samurai),
            _ => Err(SudokuError::InvalidArgument {
                name: "variant",
                reason: format!(
                    "`{}` is not one of classic, x, windoku, jigsaw, samurai",
                    s.chars().take(40).collect::<String>()
                ),
            }),
        }
    }
}

/// What a puzzle is: the variant, the box shape, the jigsaw map and the alphabet. Every
/// field is optional; the size comes from the input when not given.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Options {
    /// The variant.
    pub variant: Variant,
    /// Rows per box.
    pub box_rows: Option<usize>,
    /// Columns per box.
    pub box_cols: Option<usize>,
    /// The jigsaw map: one region symbol per cell, in reading order (white space ignored).
    pub regions: Option<String>,
    /// A custom alphabet (see [`Alphabet::custom`](super::Alphabet::custom)).
    pub alphabet: Option<String>,
    /// The size `n`, when the caller fixes it.
    pub size: Option<usize>,
}

impl Options {
    /// Whether these options ask for the classic 9x9 and nothing else: none, or 3x3 boxes
    /// alone (with them an 81-digit line reads as [`Sudoku::parse_classic_line`] reads it,
    /// and [`Layout::new`] of size 9 is [`Layout::classic_nine`]).
    ///
    /// [`Sudoku::parse_classic_line`]: super::Sudoku::parse_classic_line
    pub fn is_classic_nine(&self) -> bool {
        let boxes = Options {
            box_rows: Some(3),
            box_cols: Some(3),
            ..Options::default()
        };
        *self == Options::default() || *self == boxes
    }

    /// Options for `variant`, nothing else set.
    pub fn variant(variant: Variant) -> Options {
        Options {
            variant,
            ..Options::default()
        }
    }

    /// The size these options fix, if they fix one: from `size`, both box dimensions, the
    /// variant (Samurai and windoku are 9) or the alphabet.
    pub(crate) fn fixed_size(&self) -> Option<usize> {
        if let Some(n) = self.size {
            return Some(n);
        }
        if let (Some(r), Some(c)) = (self.box_rows, self.box_cols) {
            return r.checked_mul(c);
        }
        if matches!(self.variant, Variant::Samurai | Variant::Windoku) {
            return Some(9);
        }
        None
    }
}

/// The jigsaw map as region labels, one per cell (white space is ignored).
pub(crate) fn map_labels(map: &str) -> Vec<char> {
    map.chars().filter(|c| !c.is_whitespace()).collect()
}

impl Layout {
    /// The layout of an `n`-symbol puzzle of `options.variant`, with the box shape and jigsaw
    /// map of `options`. Layouts are cached per thread, so asking again is cheap.
    ///
    /// # Errors
    /// [`SudokuError::UnsupportedSize`], [`SudokuError::BadBoxShape`],
    /// [`SudokuError::UnsupportedVariant`] (windoku and Samurai are 9x9 with 3x3 boxes), and
    /// [`SudokuError::BadJigsawMap`].
    pub fn new(n: usize, options: &Options) -> SudokuResult<Arc<Layout>> {
        check_size(n)?;
        let labels = match (options.variant, &options.regions) {
            (Variant::Jigsaw, Some(map)) => Some(map_labels(map)),
            (Variant::Jigsaw, None) => {
                return Err(SudokuError::BadJigsawMap {
                    problem: JigsawProblem::Missing,
                })
            }
            _ => None,
        };
        let shape = if options.variant == Variant::Jigsaw {
            None
        } else {
            Some(BoxShape::resolve(n, options.box_rows, options.box_cols)?)
        };
        let key = Key {
            variant: options.variant,
            n,
            shape,
            labels,
        };
        cached(key, build)
    }

    /// The classic 9x9 layout: what `Layout::new(9, &Options::default())` gives (from the
    /// same cache), made without the code of the other layouts, for a reader of that grid
    /// alone ([`Sudoku::parse_classic_line`](super::Sudoku::parse_classic_line)).
    ///
    /// # Errors
    /// None in fact (the classic 9x9 is a layout): those of [`Layout::classic`].
    pub fn classic_nine() -> SudokuResult<Arc<Layout>> {
        let shape = BoxShape { rows: 3, cols: 3 };
        let key = Key {
            variant: Variant::Classic,
            n: 9,
            shape: Some(shape),
            labels: None,
        };
        cached(key, |_| Layout::classic(9, shape))
    }
}

/// The layout of `key` from the cache, or made by `build` and cached.
fn cached(key: Key, build: impl FnOnce(&Key) -> SudokuResult<Layout>) -> SudokuResult<Arc<Layout>> {
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        if let Some(k) = cache.iter().position(|(k, _)| *k == key) {
            let entry = cache.remove(k);
            let layout = Arc::clone(&entry.1);
            cache.insert(0, entry);
            return Ok(layout);
        }
        let layout = Arc::new(build(&key)?);
        cache.insert(0, (key, Arc::clone(&layout)));
        cache.truncate(CACHE_SIZE);
        Ok(layout)
    })
}

/// What a layout depends on.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Key {
    variant: Variant,
    n: usize,
    shape: Option<BoxShape>,
    labels: Option<Vec<char>>,
}

const CACHE_SIZE: usize = 8;

thread_local! {
    static CACHE: RefCell<Vec<(Key, Arc<Layout>)>> = const { RefCell::new(Vec::new()) };
}

fn build(key: &Key) -> SudokuResult<Layout> {
    let n = key.n;
    let unsupported = || SudokuError::UnsupportedVariant {
        variant: key.variant,
        size: n,
    };
    let nine = key.shape == Some(BoxShape { rows: 3, cols: 3 });
    match (key.variant, key.shape, &key.labels) {
        (Variant::Jigsaw, _, Some(labels)) => jigsaw(n, labels),
        (Variant::Samurai, _, _) if nine => Ok(samurai()),
        (Variant::Windoku, Some(shape), _) if nine => Ok(windoku(shape)),
        (Variant::X, Some(shape), _) => Ok(x(n, shape)),
        (Variant::Classic, Some(shape), _) => Layout::classic(n, shape),
        _ => Err(unsupported()),
    }
}

fn classic_builder(variant: Variant, n: usize, shape: BoxShape) -> LayoutBuilder {
    let mut b = LayoutBuilder::square(variant, n);
    b.box_shape = Some(shape);
    b.add_lines(n, 0, 0, None);
    b.add_boxes(n, shape, 0, 0, None);
    b
}

fn x(n: usize, shape: BoxShape) -> Layout {
    let mut b = classic_builder(Variant::X, n, shape);
    for (kind, anti) in [
        (RegionKind::Diagonal, false),
        (RegionKind::AntiDiagonal, true),
    ] {
        let cells = (0..n)
            .map(|i| b.cell(i, if anti { n - 1 - i } else { i }))
            .collect();
        let name = RegionName {
            kind,
            index: 0,
            grid: None,
            label: None,
        };
        b.add(name, Constraint::ExactlyOnce, cells);
    }
    b.finish()
}

fn windoku(shape: BoxShape) -> Layout {
    let mut b = classic_builder(Variant::Windoku, 9, shape);
    for (index, (top, left)) in [(1, 1), (1, 5), (5, 1), (5, 5)].into_iter().enumerate() {
        let cells = (0..9).map(|k| b.cell(top + k / 3, left + k % 3)).collect();
        let name = RegionName {
            kind: RegionKind::Window,
            index,
            grid: None,
            label: None,
        };
        b.add(name, Constraint::ExactlyOnce, cells);
    }
    b.finish()
}

/// The top-left corners of the five Samurai grids on the 21 x 21 layout.
pub(crate) const SAMURAI_GRIDS: [(usize, usize); 5] = [(0, 0), (0, 12), (6, 6), (12, 0), (12, 12)];

/// Whether position `row`, `col` of the 21 x 21 layout is a Samurai cell.
pub(crate) fn is_samurai_cell(row: usize, col: usize) -> bool {
    SAMURAI_GRIDS
        .iter()
        .any(|&(t, l)| (t..t + 9).contains(&row) && (l..l + 9).contains(&col))
}

fn samurai() -> Layout {
    let shape = BoxShape { rows: 3, cols: 3 };
    let mut b = LayoutBuilder::with_positions(Variant::Samurai, 9, 21, 21, is_samurai_cell);
    b.box_shape = Some(shape);
    for (g, &(top, left)) in SAMURAI_GRIDS.iter().enumerate() {
        b.add_lines(9, top, left, Some(g as u8));
        b.add_boxes(9, shape, top, left, Some(g as u8));
    }
    b.finish()
}

/// A jigsaw layout from region labels: rows, columns and the labelled regions.
fn jigsaw(n: usize, labels: &[char]) -> SudokuResult<Layout> {
    let bad = |problem| Err(SudokuError::BadJigsawMap { problem });
    if labels.len() != n * n {
        return bad(JigsawProblem::CellCount {
            found: labels.len(),
            expected: n * n,
        });
    }
    let mut names: Vec<char> = Vec::new();
    let mut regions: Vec<Vec<u32>> = Vec::new();
    for (cell, &label) in labels.iter().enumerate() {
        let k = match names.iter().position(|&l| l == label) {
            Some(k) => k,
            None => {
                if names.len() == n {
                    return bad(JigsawProblem::RegionCount {
                        found: distinct(labels),
                        expected: n,
                    });
                }
                names.push(label);
                regions.push(Vec::new());
                names.len() - 1
            }
        };
        regions[k].push(cell as u32);
    }
    if names.len() != n {
        return bad(JigsawProblem::RegionCount {
            found: names.len(),
            expected: n,
        });
    }
    for (k, cells) in regions.iter().enumerate() {
        if cells.len() != n {
            let first = cells[0] as usize;
            return bad(JigsawProblem::RegionSize {
                region: names[k],
                size: cells.len(),
                expected: n,
                first: CellPos {
                    row: first / n + 1,
                    column: first % n + 1,
                },
            });
        }
    }
    let mut b = LayoutBuilder::square(Variant::Jigsaw, n);
    b.add_lines(n, 0, 0, None);
    for (index, cells) in regions.into_iter().enumerate() {
        let name = RegionName {
            kind: RegionKind::Jigsaw,
            index,
            grid: None,
            label: Some(names[index]),
        };
        b.add(name, Constraint::ExactlyOnce, cells);
    }
    b.jigsaw_labels = Some(labels.to_vec());
    Ok(b.finish())
}

fn distinct(labels: &[char]) -> usize {
    let mut sorted = labels.to_vec();
    crate::sort::sort(&mut sorted);
    sorted.dedup();
    sorted.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn region_counts() {
        let count = |variant, n| {
            Layout::new(n, &Options::variant(variant))
                .map(|l| (l.cell_count(), l.region_count()))
                .map_err(|e| e.code())
        };
        assert_eq!(count(Variant::Classic, 9), Ok((81, 27)));
        assert_eq!(count(Variant::X, 9), Ok((81, 29)));
        assert_eq!(count(Variant::Windoku, 9), Ok((81, 31)));
        // Boxes of 1 x 7 are rows: a Latin square.
        assert_eq!(count(Variant::Classic, 7), Ok((49, 14)));
        // 5 grids x 27 regions, less the 4 boxes shared by the middle grid.
        assert_eq!(count(Variant::Samurai, 9), Ok((369, 131)));
        assert_eq!(count(Variant::Windoku, 16), Err("unsupported_variant"));
        assert_eq!(count(Variant::Jigsaw, 9), Err("bad_jigsaw_map"));
    }

    #[test]
    fn samurai_cells_sit_in_one_or_two_grids() {
        let layout = Layout::new(9, &Options::variant(Variant::Samurai)).unwrap();
        let shared = (0..369)
            .filter(|&c| layout.cell_regions(c).len() == 5)
            .count();
        // The four shared boxes: 36 cells, each in 2 rows, 2 columns and 1 box.
        assert_eq!(shared, 36);
        assert_eq!(layout.cell_at(0, 9), None);
        assert_eq!(layout.cell_at(6, 9), Some(6 * 18 + 9));
    }
}
