//! The model: cells placed on a grid, a symbol count `n`, and regions. Every variant is a
//! [`Layout`] with a different list of regions; the encoder knows nothing else.

use std::fmt;

use super::error::{CellPos, SudokuError, SudokuResult};
use super::shape::BoxShape;
use super::variant::Variant;

/// Marks a grid position that holds no cell (the gaps of a Samurai layout).
pub(crate) const NO_CELL: u32 = u32::MAX;

/// How often each symbol appears in a region.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Constraint {
    /// Every symbol exactly once: the region has exactly `n` cells. Encoded as primary items.
    ExactlyOnce,
    /// No symbol twice: the region has at most `n` cells. Encoded as secondary items.
    AtMostOnce,
}

/// What kind of region, for naming it in messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RegionKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
    /// The main diagonal, top left to bottom right (X sudoku).
    Diagonal,
    /// The anti-diagonal, top right to bottom left (X sudoku).
    AntiDiagonal,
    /// One of the four extra 3x3 windows of windoku.
    Window,
    /// A region of a jigsaw map.
    Jigsaw,
    /// A region added with [`Layout::with_region`].
    Extra,
}

/// Names a region for people: "row 3", "box 5 of the middle grid", "region `b`".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RegionName {
    /// The kind of region.
    pub kind: RegionKind,
    /// Its index among regions of its kind (within its grid), from 0.
    pub index: usize,
    /// For Samurai puzzles, the grid it belongs to (0 top left, 1 top right, 2 middle,
    /// 3 bottom left, 4 bottom right).
    pub grid: Option<u8>,
    /// For jigsaw regions, the symbol that names it in the map.
    pub label: Option<char>,
}

const GRID_NAMES: [&str; 5] = [
    "top-left",
    "top-right",
    "middle",
    "bottom-left",
    "bottom-right",
];

impl fmt::Display for RegionName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let k = self.index + 1;
        match (self.kind, self.label) {
            (RegionKind::Row, _) => write!(f, "row {k}")?,
            (RegionKind::Column, _) => write!(f, "column {k}")?,
            (RegionKind::Box, _) => write!(f, "box {k}")?,
            (RegionKind::Diagonal, _) => f.write_str("the main diagonal")?,
            (RegionKind::AntiDiagonal, _) => f.write_str("the anti-diagonal")?,
            (RegionKind::Window, _) => write!(f, "window {k}")?,
            (RegionKind::Jigsaw, Some(label)) => write!(f, "region `{label}`")?,
            (RegionKind::Jigsaw, None) => write!(f, "region {k}")?,
            (RegionKind::Extra, _) => write!(f, "extra region {k}")?,
        }
        if let Some(grid) = self.grid {
            let name = GRID_NAMES.get(usize::from(grid)).copied().unwrap_or("?");
            write!(f, " of the {name} grid")?;
        }
        Ok(())
    }
}

/// Cells on a grid of `height` x `width` positions, `n` symbols, and regions.
///
/// Cells are numbered in reading order of their positions. Build one with
/// [`Layout::new`] for a variant, or [`Layout::classic`], and add regions of your own with
/// [`Layout::with_region`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Layout {
    pub(crate) variant: Variant,
    pub(crate) n: usize,
    pub(crate) box_shape: Option<BoxShape>,
    pub(crate) height: usize,
    pub(crate) width: usize,
    /// Each cell's position, `row * width + col`.
    pub(crate) cell_pos: Vec<u32>,
    /// Each position's cell, or [`NO_CELL`].
    pub(crate) pos_cell: Vec<u32>,
    pub(crate) names: Vec<RegionName>,
    pub(crate) constraints: Vec<Constraint>,
    /// Region `r`'s cells are `region_cells[region_start[r]..region_start[r + 1]]`.
    pub(crate) region_start: Vec<u32>,
    pub(crate) region_cells: Vec<u32>,
    /// Cell `c`'s regions are `cell_regions[cell_start[c]..cell_start[c + 1]]`, ascending.
    pub(crate) cell_start: Vec<u32>,
    pub(crate) cell_regions: Vec<u32>,
    /// The jigsaw map as given, one label per cell.
    pub(crate) jigsaw_labels: Option<Vec<char>>,
    /// The same regions as bit masks, where the layout is small enough for them.
    pub(crate) board: Option<Box<Board>>,
    /// Whether this is the classic 9x9: 81 cells in reading order, and as regions exactly
    /// the rows, columns and 3x3 boxes (the band search, `bands.rs`, works on it).
    pub(crate) classic: bool,
}

impl Layout {
    /// A classic `n` x `n` puzzle: rows, columns and boxes of shape `shape`.
    ///
    /// # Errors
    /// [`SudokuError::UnsupportedSize`] and [`SudokuError::BadBoxShape`].
    pub fn classic(n: usize, shape: BoxShape) -> SudokuResult<Layout> {
        let shape = BoxShape::resolve(n, Some(shape.rows), Some(shape.cols))?;
        let mut b = LayoutBuilder::square(Variant::Classic, n);
        b.box_shape = Some(shape);
        b.add_lines(n, 0, 0, None);
        b.add_boxes(n, shape, 0, 0, None);
        Ok(b.finish())
    }

    /// This layout with one more region: `cells` (cell numbers) must hold every symbol
    /// exactly once, or at most once.
    ///
    /// # Errors
    /// [`SudokuError::BadRegion`] for a cell out of range or repeated, an exactly-once
    /// region without exactly `n` cells, or an at-most-once region of more than `n` cells or
    /// fewer than two.
    pub fn with_region(&self, constraint: Constraint, cells: &[usize]) -> SudokuResult<Layout> {
        let index = self.names.len();
        let bad = |reason: String| SudokuError::BadRegion { index, reason };
        let count = self.cell_count();
        let mut seen = vec![false; count];
        for &cell in cells {
            if cell >= count {
                return Err(bad(format!(
                    "cell {cell} is out of range (0 to {count} - 1)"
                )));
            }
            if std::mem::replace(&mut seen[cell], true) {
                return Err(bad(format!("cell {cell} is listed twice")));
            }
        }
        match constraint {
            Constraint::ExactlyOnce if cells.len() != self.n => {
                return Err(bad(format!(
                    "an exactly-once region needs {} cells, not {}",
                    self.n,
                    cells.len()
                )))
            }
            Constraint::AtMostOnce if cells.len() > self.n || cells.len() < 2 => {
                return Err(bad(format!(
                    "an at-most-once region needs 2 to {} cells, not {}",
                    self.n,
                    cells.len()
                )))
            }
            _ => {}
        }
        let extras = self
            .names
            .iter()
            .filter(|name| name.kind == RegionKind::Extra)
            .count();
        let mut b = LayoutBuilder::from_layout(self);
        b.add(
            RegionName {
                kind: RegionKind::Extra,
                index: extras,
                grid: None,
                label: None,
            },
            constraint,
            cells.iter().map(|&c| c as u32).collect(),
        );
        Ok(b.finish())
    }

    /// The variant this layout was built for.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The number of symbols (the size: 9 for a 9x9 puzzle, and for Samurai).
    pub fn size(&self) -> usize {
        self.n
    }

    /// The box shape, for layouts with boxes.
    pub fn box_shape(&self) -> Option<BoxShape> {
        self.box_shape
    }

    /// The number of cells.
    pub fn cell_count(&self) -> usize {
        self.cell_pos.len()
    }

    /// The grid's height and width in positions (21 x 21 for Samurai, `n` x `n` otherwise).
    pub fn dimensions(&self) -> (usize, usize) {
        (self.height, self.width)
    }

    /// Cell `cell`'s position (1-based row and column).
    ///
    /// # Panics
    /// If `cell >= cell_count()`.
    pub fn position(&self, cell: usize) -> CellPos {
        let p = self.cell_pos[cell] as usize;
        CellPos {
            row: p / self.width + 1,
            column: p % self.width + 1,
        }
    }

    /// The cell at 0-based `row`, `col`, if there is one.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<usize> {
        if row >= self.height || col >= self.width {
            return None;
        }
        let cell = self.pos_cell[row * self.width + col];
        (cell != NO_CELL).then_some(cell as usize)
    }

    /// The number of regions.
    pub fn region_count(&self) -> usize {
        self.names.len()
    }

    /// Region `r`'s cells.
    ///
    /// # Panics
    /// If `r >= region_count()`.
    pub fn region_cells(&self, r: usize) -> &[u32] {
        let (a, b) = (self.region_start[r], self.region_start[r + 1]);
        &self.region_cells[a as usize..b as usize]
    }

    /// Region `r`'s name.
    ///
    /// # Panics
    /// If `r >= region_count()`.
    pub fn region_name(&self, r: usize) -> RegionName {
        self.names[r]
    }

    /// Region `r`'s constraint.
    ///
    /// # Panics
    /// If `r >= region_count()`.
    pub fn constraint(&self, r: usize) -> Constraint {
        self.constraints[r]
    }

    /// The regions that hold cell `cell`, ascending.
    ///
    /// # Panics
    /// If `cell >= cell_count()`.
    pub fn cell_regions(&self, cell: usize) -> &[u32] {
        let (a, b) = (self.cell_start[cell], self.cell_start[cell + 1]);
        &self.cell_regions[a as usize..b as usize]
    }

    /// The peers of cell `cell`: every other cell that shares a region with it (a row, a
    /// column, a box, a jigsaw piece, a diagonal, ...), ascending. A symbol placed in `cell`
    /// can appear in none of them.
    ///
    /// # Panics
    /// If `cell >= cell_count()`.
    pub fn peers(&self, cell: usize) -> Vec<usize> {
        let mut peers: Vec<usize> = self
            .cell_regions(cell)
            .iter()
            .flat_map(|&r| self.region_cells(r as usize))
            .map(|&c| c as usize)
            .filter(|&c| c != cell)
            .collect();
        crate::sort::sort(&mut peers);
        peers.dedup();
        peers
    }

    /// The jigsaw map, one region label per cell, for jigsaw layouts.
    pub fn jigsaw_map(&self) -> Option<String> {
        self.jigsaw_labels.as_ref().map(|l| l.iter().collect())
    }

    /// Whether `grid` (one value per cell, from 1) is a solution of this layout: every cell
    /// filled with a symbol from 1 to `n`, and every region's constraint met.
    pub fn is_solution(&self, grid: &[u8]) -> bool {
        if grid.len() != self.cell_count() || grid.iter().any(|&v| v == 0 || v as usize > self.n) {
            return false;
        }
        (0..self.region_count()).all(|r| {
            let mut seen = 0u32;
            for &cell in self.region_cells(r) {
                let bit = 1u32 << grid[cell as usize];
                if seen & bit != 0 {
                    return false;
                }
                seen |= bit;
            }
            true
        })
    }
}

/// Collects cells and regions, then indexes them.
pub(crate) struct LayoutBuilder {
    pub(crate) variant: Variant,
    pub(crate) n: usize,
    pub(crate) box_shape: Option<BoxShape>,
    pub(crate) height: usize,
    pub(crate) width: usize,
    pub(crate) pos_cell: Vec<u32>,
    regions: Vec<(RegionName, Constraint, Vec<u32>)>,
    pub(crate) jigsaw_labels: Option<Vec<char>>,
}

impl LayoutBuilder {
    /// An `n` x `n` grid of cells, no regions yet.
    pub(crate) fn square(variant: Variant, n: usize) -> LayoutBuilder {
        LayoutBuilder::with_positions(variant, n, n, n, |_, _| true)
    }

    /// A `height` x `width` grid with cells where `is_cell` says.
    pub(crate) fn with_positions(
        variant: Variant,
        n: usize,
        height: usize,
        width: usize,
        is_cell: impl Fn(usize, usize) -> bool,
    ) -> LayoutBuilder {
        let mut pos_cell = vec![NO_CELL; height * width];
        let mut next = 0u32;
        for r in 0..height {
            for c in 0..width {
                if is_cell(r, c) {
                    pos_cell[r * width + c] = next;
                    next += 1;
                }
            }
        }
        LayoutBuilder {
            variant,
            n,
            box_shape: None,
            height,
            width,
            pos_cell,
            regions: Vec::new(),
            jigsaw_labels: None,
        }
    }

    fn from_layout(layout: &Layout) -> LayoutBuilder {
        LayoutBuilder {
            variant: layout.variant,
            n: layout.n,
            box_shape: layout.box_shape,
            height: layout.height,
            width: layout.width,
            pos_cell: layout.pos_cell.clone(),
            regions: (0..layout.region_count())
                .map(|r| {
                    (
                        layout.names[r],
                        layout.constraints[r],
                        layout.region_cells(r).to_vec(),
                    )
                })
                .collect(),
            jigsaw_labels: layout.jigsaw_labels.clone(),
        }
    }

    /// The cell at `row`, `col` (which must be a cell).
    pub(crate) fn cell(&self, row: usize, col: usize) -> u32 {
        self.pos_cell[row * self.width + col]
    }

    /// Adds a region.
    pub(crate) fn add(&mut self, name: RegionName, constraint: Constraint, cells: Vec<u32>) {
        self.regions.push((name, constraint, cells));
    }

    /// Adds the rows and columns of an `n` x `n` grid whose top-left corner is at
    /// `top`, `left`.
    pub(crate) fn add_lines(&mut self, n: usize, top: usize, left: usize, grid: Option<u8>) {
        for (kind, by_row) in [(RegionKind::Row, true), (RegionKind::Column, false)] {
            for i in 0..n {
                let cells = (0..n)
                    .map(|j| {
                        let (r, c) = if by_row { (i, j) } else { (j, i) };
                        self.cell(top + r, left + c)
                    })
                    .collect();
                let name = RegionName {
                    kind,
                    index: i,
                    grid,
                    label: None,
                };
                self.add(name, Constraint::ExactlyOnce, cells);
            }
        }
    }

    /// Adds the boxes of an `n` x `n` grid at `top`, `left`.
    pub(crate) fn add_boxes(
        &mut self,
        n: usize,
        shape: BoxShape,
        top: usize,
        left: usize,
        grid: Option<u8>,
    ) {
        let mut boxes = vec![Vec::with_capacity(n); n];
        for r in 0..n {
            for c in 0..n {
                boxes[shape.box_of(n, r, c)].push(self.cell(top + r, left + c));
            }
        }
        for (index, cells) in boxes.into_iter().enumerate() {
            let name = RegionName {
                kind: RegionKind::Box,
                index,
                grid,
                label: None,
            };
            self.add(name, Constraint::ExactlyOnce, cells);
        }
    }

    /// Indexes everything. A region with the same cells as an earlier one is dropped (boxes
    /// of 1 x `n` are rows; Samurai grids share corner boxes), keeping the stricter
    /// constraint.
    pub(crate) fn finish(self) -> Layout {
        let cell_count = self.pos_cell.iter().filter(|&&c| c != NO_CELL).count();
        let mut cell_pos = vec![0u32; cell_count];
        for (pos, &cell) in self.pos_cell.iter().enumerate() {
            if cell != NO_CELL {
                cell_pos[cell as usize] = pos as u32;
            }
        }
        let mut names = Vec::new();
        let mut constraints: Vec<Constraint> = Vec::new();
        let mut sorted_sets: Vec<Vec<u32>> = Vec::new();
        let mut region_start = vec![0u32];
        let mut region_cells = Vec::new();
        for (name, constraint, cells) in self.regions {
            let mut sorted = cells.clone();
            crate::sort::sort(&mut sorted);
            if let Some(k) = sorted_sets.iter().position(|s| *s == sorted) {
                if constraint == Constraint::ExactlyOnce {
                    constraints[k] = Constraint::ExactlyOnce;
                }
                continue;
            }
            sorted_sets.push(sorted);
            names.push(name);
            constraints.push(constraint);
            region_cells.extend_from_slice(&cells);
            region_start.push(region_cells.len() as u32);
        }
        let mut per_cell: Vec<Vec<u32>> = vec![Vec::new(); cell_count];
        for r in 0..names.len() {
            let (a, b) = (region_start[r] as usize, region_start[r + 1] as usize);
            for &cell in &region_cells[a..b] {
                per_cell[cell as usize].push(r as u32);
            }
        }
        let mut cell_start = vec![0u32];
        let mut cell_regions = Vec::new();
        for regions in per_cell {
            cell_regions.extend(regions);
            cell_start.push(cell_regions.len() as u32);
        }
        let mut layout = Layout {
            variant: self.variant,
            n: self.n,
            box_shape: self.box_shape,
            height: self.height,
            width: self.width,
            cell_pos,
            pos_cell: self.pos_cell,
            names,
            constraints,
            region_start,
            region_cells,
            cell_start,
            cell_regions,
            jigsaw_labels: self.jigsaw_labels,
            board: None,
            classic: false,
        };
        layout.board = Board::new(&layout).map(Box::new);
        layout.classic = is_classic(&layout);
        layout
    }
}

/// Whether `layout` is the classic 9x9: 81 cells in reading order, and as regions exactly
/// the 9 rows, 9 columns and 9 3x3 boxes, each holding every symbol once.
fn is_classic(layout: &Layout) -> bool {
    if layout.n != 9 || layout.cell_count() != 81 || layout.region_count() != 27 {
        return false;
    }
    if (0..81).any(|c| layout.cell_pos[c] != c as u32) || layout.width != 9 {
        return false;
    }
    let mut classic: Vec<u128> = (0..9)
        .flat_map(|k| {
            let row = (0..9).fold(0u128, |m, c| m | 1 << (9 * k + c));
            let col = (0..9).fold(0u128, |m, r| m | 1 << (9 * r + k));
            let (top, left) = (k / 3 * 3, k % 3 * 3);
            let boxx = (0..9).fold(0u128, |m, j| m | 1 << (9 * (top + j / 3) + left + j % 3));
            [row, col, boxx]
        })
        .collect();
    let mut regions: Vec<u128> = (0..27)
        .map(|r| {
            layout
                .region_cells(r)
                .iter()
                .fold(0u128, |m, &c| m | 1 << c)
        })
        .collect();
    crate::sort::sort(&mut classic);
    crate::sort::sort(&mut regions);
    regions == classic && (0..27).all(|r| layout.constraint(r) == Constraint::ExactlyOnce)
}

/// The most symbols a layout may have for [`Board`].
pub(crate) const MAX_N: usize = 9;

/// A layout's regions as bit masks, one bit per cell, where the layout is small enough (the
/// bitboard search, `bitboard.rs`, works on them).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Board {
    pub(crate) n: usize,
    /// Every cell.
    pub(crate) all: u128,
    /// The cells of each exactly-once region.
    pub(crate) units: Vec<u128>,
    /// The exactly-once regions of each cell, bit `u` for `units[u]`.
    pub(crate) unit_of: Vec<u64>,
    /// The cells that share a region with each cell, the cell itself left out.
    pub(crate) peers: Vec<u128>,
    /// For each cell, the exactly-once regions that hold one of its peers: where a symbol
    /// placed in the cell may leave a hidden single of that symbol.
    pub(crate) near: Vec<u64>,
}

impl Board {
    /// The masks of `layout`, or `None` if it has more than 128 cells, more than 9 symbols
    /// or more than 64 exactly-once regions.
    pub(crate) fn new(layout: &Layout) -> Option<Board> {
        let cells = layout.cell_count();
        if layout.n > MAX_N || cells > 128 {
            return None;
        }
        let mut units = Vec::new();
        let mut unit_of = vec![0u64; cells];
        let mut peers = vec![0u128; cells];
        for r in 0..layout.region_count() {
            let region = layout.region_cells(r);
            let mask = region.iter().fold(0u128, |m, &c| m | 1 << c);
            for &c in region {
                peers[c as usize] |= mask & !(1u128 << c);
            }
            if layout.constraint(r) == Constraint::ExactlyOnce {
                if units.len() == 64 {
                    return None;
                }
                for &c in region {
                    unit_of[c as usize] |= 1 << units.len();
                }
                units.push(mask);
            }
        }
        let near = peers
            .iter()
            .map(|&p| {
                (0..units.len())
                    .filter(|&u| units[u] & p != 0)
                    .fold(0u64, |m, u| m | 1 << u)
            })
            .collect();
        let all = if cells == 128 {
            u128::MAX
        } else {
            (1u128 << cells) - 1
        };
        Some(Board {
            n: layout.n,
            all,
            units,
            unit_of,
            peers,
            near,
        })
    }

    /// The exactly-once regions, all of them.
    pub(crate) fn all_units(&self) -> u64 {
        if self.units.len() == 64 {
            u64::MAX
        } else {
            (1u64 << self.units.len()) - 1
        }
    }
}
