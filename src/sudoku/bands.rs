//! Algorithm X on bands, for the classic 9x9 grid (rows, columns, 3x3 boxes and nothing
//! else): the fastest path, used by [`super::SudokuSolver::new`] when the layout is that
//! one.
//!
//! The exact cover is the engine's (an item per cell, per row and symbol, per column and
//! symbol, per box and symbol; an option per cell and symbol), held as 27 words: for each
//! symbol and each band of three rows, 27 bits for the band's cells where the symbol is
//! still possible or placed. A band holds each symbol once per row and once per box, so
//! the three mini-rows (row x box) the symbol ends up in are a permutation; a table of the
//! mini-rows some permutation can use takes, in one lookup, every mini-row the symbol
//! cannot use, which finds hidden singles in rows and boxes and locked candidates in the
//! band. Columns, naked singles and branching work on the same words: a cell with one
//! symbol left is filled, a column with one place left for a symbol gets it, and the search
//! branches on a cell with two candidates (else the one with fewest). Backtracking restores
//! a copy of the 27 words: the depth-first driver (depth_first.rs) it shares with the
//! bitboard search does that; this module is the propagation.

use super::depth_first::{Branch, DepthFirst, Next, Propagator};

/// The nine cells of a row of a band.
const ROW: u32 = 0x1FF;

/// `ROW_BOXES[v]`: for a row's nine cells `v`, bit `k` set if box `k` (cells `3k..3k+3`)
/// holds one of them.
static ROW_BOXES: [u8; 512] = row_boxes();

/// `PERMUTATIONS[m]`: for the mini-rows `m` of a band where a symbol is still possible (bit
/// `3r + k` for row `r` and box `k` of the band), those that some placement of the symbol
/// in the band can use: one mini-row per row and per box, a permutation. 0 if none can.
static PERMUTATIONS: [u16; 512] = permutations();

/// `ROW_SOLE[v]`: `v` if the row's cells `v` are one cell, else 0.
static ROW_SOLE: [u16; 512] = row_sole();

/// `MINI_ROW_CELLS[m]`: the band cells of the mini-rows `m`.
static MINI_ROW_CELLS: [u32; 512] = mini_row_cells();

const fn row_boxes() -> [u8; 512] {
    let mut table = [0; 512];
    let mut v = 0;
    while v < 512 {
        let mut k = 0;
        while k < 3 {
            if v >> (3 * k) & 7 != 0 {
                table[v] |= 1 << k;
            }
            k += 1;
        }
        v += 1;
    }
    table
}

const fn row_sole() -> [u16; 512] {
    let mut table = [0; 512];
    let mut v = 0;
    while v < 512 {
        if (v as u32).is_power_of_two() {
            table[v] = v as u16;
        }
        v += 1;
    }
    table
}

const fn permutations() -> [u16; 512] {
    const ORDERS: [[u16; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        let mut p = 0;
        while p < 6 {
            let order = ORDERS[p];
            let used = 1 << order[0] | 1 << (3 + order[1]) | 1 << (6 + order[2]);
            if m as u16 & used == used {
                table[m] |= used;
            }
            p += 1;
        }
        m += 1;
    }
    table
}

const fn mini_row_cells() -> [u32; 512] {
    let mut table = [0; 512];
    let mut m = 0;
    while m < 512 {
        let mut bit = 0;
        while bit < 9 {
            if m >> bit & 1 != 0 {
                let (row, boxx) = (bit / 3, bit % 3);
                table[m] |= 7 << (9 * row + 3 * boxx);
            }
            bit += 1;
        }
        m += 1;
    }
    table
}

/// The band cells of box `k` of the band.
const fn box_cells(k: u32) -> u32 {
    (7 | 7 << 9 | 7 << 18) << (3 * k)
}

/// The band cells of column `col`.
const fn column_cells(col: u32) -> u32 {
    (1 | 1 << 9 | 1 << 18) << col
}

/// Where bit `i` of a band sits: its row within the band, its column.
const fn place_of(i: u32) -> (u32, u32) {
    (i / 9, i % 9)
}

/// The search's state at one node.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// `cand[b][s]`: cells of band `b` where symbol `s` (from 0) is possible or placed.
    cand: [[u32; 9]; 3],
    /// `cand` as the band step last left it: a word equal to it has nothing new to give.
    seen: [[u32; 9]; 3],
    /// The empty cells of each band.
    open: [u32; 3],
}

/// What changed since the last look: bit `16b + s` of `bands` for symbol `s` in band `b`,
/// and bit `s` of `columns` for a symbol whose columns may hold a new single.
#[derive(Debug, Clone, Copy, Default)]
struct Dirty {
    bands: u64,
    columns: u32,
}

/// A cell and the symbols left to try in it (bit `s` for symbol `s + 1`): the search
/// always branches on a cell.
#[derive(Debug, Clone, Copy)]
struct Cell {
    cell: u32,
    symbols: u32,
}

impl Branch for Cell {
    #[inline(always)]
    fn take(&mut self) -> Option<(u32, usize)> {
        if self.symbols == 0 {
            return None;
        }
        let symbol = self.symbols.trailing_zeros() as usize;
        self.symbols &= self.symbols - 1;
        Some((self.cell, symbol))
    }

    #[inline(always)]
    fn is_empty(&self) -> bool {
        self.symbols == 0
    }
}

/// The band search's propagation, for the shared driver.
struct Bands;

impl Propagator for Bands {
    type Node = Node;
    type Branch = Cell;

    #[inline(always)]
    fn step(&self, node: &mut Node, grid: &mut [u8], cell: u32, symbol: usize) -> Next<Cell> {
        let mut dirty = Dirty::default();
        node.place(grid, &mut dirty, cell, symbol);
        node.propagate(grid, &mut dirty)
    }
}

impl Node {
    /// The root: everything possible.
    fn new() -> Node {
        Node {
            cand: [[(1 << 27) - 1; 9]; 3],
            seen: [[0; 9]; 3],
            open: [(1 << 27) - 1; 3],
        }
    }

    /// Covers "`symbol` in `cell`": the cell leaves the other symbols, the symbol leaves
    /// the cell's row, column and box.
    #[inline(always)]
    fn place(&mut self, grid: &mut [u8], dirty: &mut Dirty, cell: u32, symbol: usize) {
        let (band, i) = ((cell / 27) as usize, cell % 27);
        let had = self.cand[band]
            .iter()
            .enumerate()
            .fold(0, |m, (s, word)| m | (word >> i & 1) << s);
        self.place_known(grid, dirty, cell, symbol, had);
    }

    /// [`Node::place`] when the symbols still possible in the cell are known: `had`, bit
    /// `s` for symbol `s` (a naked single has just its own).
    #[inline(always)]
    fn place_known(
        &mut self,
        grid: &mut [u8],
        dirty: &mut Dirty,
        cell: u32,
        symbol: usize,
        had: u32,
    ) {
        let band = (cell / 27) as usize;
        let i = cell % 27;
        let bit = 1u32 << i;
        let (row, col) = place_of(i);
        let mut others = had & !(1 << symbol);
        while others != 0 {
            self.cand[band][others.trailing_zeros() as usize] &= !bit;
            others &= others - 1;
        }
        dirty.bands |= u64::from(had) << (16 * band);
        let peers = ROW << (9 * row) | box_cells(col / 3);
        let column = column_cells(col);
        for (b, words) in self.cand.iter_mut().enumerate() {
            let word = &mut words[symbol];
            *word = if b == band {
                *word & !peers | bit
            } else {
                *word & !column
            };
        }
        dirty.bands |= (1 | 1 << 16 | 1 << 32) << symbol;
        self.open[band] &= !bit;
        grid[cell as usize] = symbol as u8 + 1;
    }

    /// Takes every forced step until none is left, then picks the cell to branch on.
    fn propagate(&mut self, grid: &mut [u8], dirty: &mut Dirty) -> Next<Cell> {
        loop {
            // Each symbol in each band that changed: the permutation table, then the rows
            // and boxes left with one cell.
            while dirty.bands != 0 {
                let sb = dirty.bands.trailing_zeros();
                dirty.bands &= dirty.bands - 1;
                let (band, symbol) = ((sb / 16) as usize, (sb % 16) as usize);
                let x = self.cand[band][symbol];
                if x == self.seen[band][symbol] {
                    continue;
                }
                dirty.columns |= 1 << symbol;
                let rows = usize::from(ROW_BOXES[(x & ROW) as usize])
                    | usize::from(ROW_BOXES[(x >> 9 & ROW) as usize]) << 3
                    | usize::from(ROW_BOXES[(x >> 18) as usize]) << 6;
                let usable = usize::from(PERMUTATIONS[rows]);
                if usable == 0 {
                    return Next::Dead;
                }
                let y = x & MINI_ROW_CELLS[usable];
                self.cand[band][symbol] = y;
                self.seen[band][symbol] = y;
                // Rows left with one cell (none is left with none: the permutation uses
                // one mini-row of each). A box with one cell needs no look of its own:
                // the permutation then gives its row that one cell.
                let sole = u32::from(ROW_SOLE[(y & ROW) as usize])
                    | u32::from(ROW_SOLE[(y >> 9 & ROW) as usize]) << 9
                    | u32::from(ROW_SOLE[(y >> 18) as usize]) << 18;
                let mut new = sole & self.open[band];
                while new != 0 {
                    let i = new.trailing_zeros();
                    new &= new - 1;
                    if self.cand[band][symbol] >> i & 1 == 0 {
                        return Next::Dead; // a single just placed took it
                    }
                    self.place(grid, dirty, band as u32 * 27 + i, symbol);
                }
            }
            // Columns of the symbols that changed: one place left is a single, none is a
            // contradiction.
            while dirty.columns != 0 {
                let symbol = dirty.columns.trailing_zeros() as usize;
                dirty.columns &= dirty.columns - 1;
                let (mut ones, mut twos) = (0, 0);
                for words in &self.cand {
                    let x = words[symbol];
                    for v in [x & ROW, x >> 9 & ROW, x >> 18] {
                        twos |= ones & v;
                        ones |= v;
                    }
                }
                if ones != ROW {
                    return Next::Dead;
                }
                let single = ones & !twos;
                let single = single | single << 9 | single << 18;
                for band in 0..3 {
                    let mut new = self.cand[band][symbol] & single & self.open[band];
                    while new != 0 {
                        let i = new.trailing_zeros();
                        new &= new - 1;
                        if self.cand[band][symbol] >> i & 1 == 0 {
                            return Next::Dead;
                        }
                        self.place(grid, dirty, band as u32 * 27 + i, symbol);
                    }
                }
            }
            if dirty.bands != 0 {
                continue;
            }
            // Cells with one candidate left.
            let mut pair = None;
            for band in 0..3 {
                let open = self.open[band];
                let (mut ones, mut twos, mut threes) = (0, 0, 0);
                for &word in &self.cand[band] {
                    let v = word & open;
                    threes |= twos & v;
                    twos |= ones & v;
                    ones |= v;
                }
                if open & !ones != 0 {
                    return Next::Dead;
                }
                let mut singles = ones & !twos & open;
                while singles != 0 {
                    let i = singles.trailing_zeros();
                    singles &= singles - 1;
                    if self.open[band] >> i & 1 == 0 {
                        continue;
                    }
                    let Some(symbol) = self.cand[band].iter().position(|w| w >> i & 1 != 0) else {
                        return Next::Dead; // a single just placed took its last one
                    };
                    self.place_known(grid, dirty, band as u32 * 27 + i, symbol, 1 << symbol);
                }
                let mut two = twos & !threes & open;
                while two != 0 {
                    let i = two.trailing_zeros();
                    two &= two - 1;
                    let (row, col) = place_of(i);
                    let column = column_cells(col);
                    let score = (open & (ROW << (9 * row) | box_cells(col / 3))).count_ones()
                        + (self.open[0] & column).count_ones()
                        + (self.open[1] & column).count_ones()
                        + (self.open[2] & column).count_ones();
                    if pair.is_none_or(|(o, _)| score > o) {
                        pair = Some((score, band as u32 * 27 + i));
                    }
                }
            }
            if dirty.bands != 0 || dirty.columns != 0 {
                continue;
            }
            if self.open == [0; 3] {
                return Next::Solved;
            }
            let cell = pair.map_or_else(|| self.fewest(), |(_, c)| c);
            return Next::Branch(Cell {
                cell,
                symbols: self.symbols(cell),
            });
        }
    }

    /// The symbols still possible in empty cell `cell`.
    fn symbols(&self, cell: u32) -> u32 {
        let (band, i) = ((cell / 27) as usize, cell % 27);
        (0..9)
            .filter(|&s| self.cand[band][s] >> i & 1 != 0)
            .fold(0, |m, s| m | 1 << s)
    }

    /// The empty cell with the fewest candidates.
    fn fewest(&self) -> u32 {
        let mut best = (u32::MAX, 0);
        for band in 0..3 {
            let mut open = self.open[band];
            while open != 0 {
                let cell = band as u32 * 27 + open.trailing_zeros();
                open &= open - 1;
                let count = self.symbols(cell).count_ones();
                if count < best.0 {
                    best = (count, cell);
                }
            }
        }
        best.1
    }
}

/// The search's memory, kept between puzzles.
#[derive(Debug, Clone, Default)]
pub(crate) struct BandSearch {
    search: DepthFirst<Node, Cell>,
    grid: Vec<u8>,
    /// Branching nodes of the last search.
    pub(crate) branches: u64,
}

impl BandSearch {
    /// Calls `each` with the solutions of `givens` (81 values in reading order, 0 for
    /// empty), up to `limit` or until `each` returns `false`, and returns how many it
    /// found; `None` if two givens conflict (the caller reports that).
    pub(crate) fn run(
        &mut self,
        givens: &[u8],
        limit: u64,
        each: impl FnMut(&[u8]) -> bool,
    ) -> Option<u64> {
        self.branches = 0;
        self.grid.clear();
        self.grid.extend_from_slice(givens);
        // The givens, all at once: each symbol leaves the row, column and box of its
        // givens (which finds two givens in conflict), then every filled cell leaves the
        // symbols it does not hold.
        let mut root = Node::new();
        let mut mine = [[0u32; 9]; 3];
        for (cell, &v) in givens.iter().enumerate() {
            if v != 0 {
                let symbol = usize::from(v) - 1;
                let (band, i) = (cell / 27, cell as u32 % 27);
                let bit = 1 << i;
                if symbol >= 9 || root.cand[band][symbol] & bit == 0 {
                    return None;
                }
                let (row, col) = place_of(i);
                let peers = ROW << (9 * row) | box_cells(col / 3);
                for (b, words) in root.cand.iter_mut().enumerate() {
                    let clear = if b == band { peers } else { column_cells(col) };
                    words[symbol] &= !clear;
                }
                root.cand[band][symbol] |= bit;
                mine[band][symbol] |= bit;
                root.open[band] &= !bit;
            }
        }
        for ((words, mine), open) in root.cand.iter_mut().zip(mine).zip(root.open) {
            for (word, mine) in words.iter_mut().zip(mine) {
                *word &= open | mine;
            }
        }
        // Every symbol in every band at the start.
        let mut dirty = Dirty {
            bands: 0x1FF | 0x1FF << 16 | 0x1FF << 32,
            columns: (1 << 9) - 1,
        };
        let first = root.propagate(&mut self.grid, &mut dirty);
        let found = self
            .search
            .run(&Bands, root, first, &mut self.grid, limit, each);
        self.branches = self.search.branches;
        Some(found)
    }
}
