//! Algorithm X on bitboards, for layouts of at most 128 cells and 9 symbols (9x9 and every
//! 9x9 variant, and the smaller sizes).
//!
//! The exact-cover problem is the engine's (an item per empty cell and per symbol an
//! exactly-once region misses, an option per cell and candidate), but the matrix is held
//! as one bit per cell for each symbol, so covering an option is a few word operations
//! instead of a walk over linked nodes. The search is the engine's too: items with one
//! option left are taken at once (a cell with one candidate, a symbol with one place in a
//! region: naked and hidden singles), then it branches on an item with two options if
//! there is one (a cell first, then a symbol in a region), else on the cell with the
//! fewest candidates. Backtracking restores a copy of the node's masks instead of
//! uncovering: the depth-first driver (depth_first.rs) it shares with the band search does
//! that; this module is the propagation, on the layout's masks (`Board`, built by the
//! model). The sudoku benchmark measures this against the linked engine.

use super::depth_first::{self, DepthFirst, Next, Propagator};
use super::layout::{Board, MAX_N};

impl Board {
    /// Covers the option "`symbol` in `cell`": the cell is filled, the symbol leaves the
    /// cell's peers, and the cell's regions no longer miss it.
    #[inline]
    fn place(&self, node: &mut Node, grid: &mut [u8], dirty: &mut Dirty, cell: u32, symbol: usize) {
        let bit = 1u128 << cell;
        dirty.every |= self.unit_of[cell as usize];
        dirty.one[symbol] |= self.near[cell as usize];
        for m in &mut node.cand {
            *m &= !bit;
        }
        node.cand[symbol] &= !self.peers[cell as usize];
        node.todo[symbol] &= !self.unit_of[cell as usize];
        node.empty &= !bit;
        grid[cell as usize] = symbol as u8 + 1;
    }

    /// Takes every item with one option left until none is, then picks the item to branch
    /// on.
    fn propagate(&self, node: &mut Node, grid: &mut [u8], dirty: &mut Dirty) -> Next<Branch> {
        // Symbols past `n` have no candidates and no regions, so every loop runs over all
        // of `MAX_N` and unrolls.
        let n = MAX_N;
        loop {
            if node.empty == 0 {
                return Next::Solved;
            }
            // Cells by candidate count: at least one, two, three.
            let (mut ones, mut twos, mut threes) = (0u128, 0u128, 0u128);
            for &m in &node.cand[..n] {
                threes |= twos & m;
                twos |= ones & m;
                ones |= m;
            }
            if node.empty & !ones != 0 {
                return Next::Dead;
            }
            let singles = ones & !twos;
            if singles != 0 {
                for symbol in 0..n {
                    let mut cells = node.cand[symbol] & singles;
                    while cells != 0 {
                        let cell = cells.trailing_zeros();
                        cells &= cells - 1;
                        // A peer single of the same symbol may have taken it: that cell
                        // is now without candidates, which the next round sees.
                        if node.cand[symbol] >> cell & 1 != 0 {
                            self.place(node, grid, dirty, cell, symbol);
                        }
                    }
                }
                continue;
            }
            let mut progress = false;
            let mut pair = None;
            let scan = std::mem::take(dirty);
            for symbol in 0..n {
                let mut todo = node.todo[symbol] & (scan.every | scan.one[symbol]);
                while todo != 0 {
                    let u = todo.trailing_zeros();
                    todo &= todo - 1;
                    if node.todo[symbol] >> u & 1 == 0 {
                        continue; // a hidden single just placed the symbol here
                    }
                    let cells = node.cand[symbol] & self.units[u as usize];
                    let rest = cells & cells.wrapping_sub(1);
                    if rest == 0 {
                        if cells == 0 {
                            return Next::Dead;
                        }
                        self.place(node, grid, dirty, cells.trailing_zeros(), symbol);
                        progress = true;
                    } else if pair.is_none() && rest & (rest - 1) == 0 {
                        pair = Some(Branch::Symbol {
                            symbol: symbol as u32,
                            cells,
                        });
                    }
                }
            }
            if progress {
                continue;
            }
            let two = node.empty & twos & !threes;
            if two != 0 {
                return Next::Branch(self.cell_branch(node, two.trailing_zeros()));
            }
            if let Some(branch) = pair {
                return Next::Branch(branch);
            }
            let mut best = (u32::MAX, 0);
            let mut cells = node.empty;
            while cells != 0 {
                let cell = cells.trailing_zeros();
                cells &= cells - 1;
                let count = node.cand[..n]
                    .iter()
                    .filter(|&&m| m >> cell & 1 != 0)
                    .count() as u32;
                if count < best.0 {
                    best = (count, cell);
                }
            }
            return Next::Branch(self.cell_branch(node, best.1));
        }
    }

    fn cell_branch(&self, node: &Node, cell: u32) -> Branch {
        let symbols = (0..MAX_N)
            .filter(|&s| node.cand[s] >> cell & 1 != 0)
            .fold(0u32, |m, s| m | 1 << s);
        Branch::Cell { cell, symbols }
    }
}

/// The search's state at one node.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Node {
    /// For each symbol, the empty cells it may still fill.
    cand: [u128; MAX_N],
    /// For each symbol, the exactly-once regions still missing it.
    todo: [u64; MAX_N],
    /// The empty cells.
    empty: u128,
}

/// The item a node branches on, with the options not tried yet.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Branch {
    /// A cell takes one of `symbols` (bit `s` for symbol `s + 1`).
    Cell { cell: u32, symbols: u32 },
    /// A symbol goes into one of `cells` of a region.
    Symbol { symbol: u32, cells: u128 },
}

impl depth_first::Branch for Branch {
    #[inline(always)]
    fn take(&mut self) -> Option<(u32, usize)> {
        match self {
            Branch::Cell { cell, symbols } if *symbols != 0 => {
                let symbol = symbols.trailing_zeros() as usize;
                *symbols &= *symbols - 1;
                Some((*cell, symbol))
            }
            Branch::Symbol { symbol, cells } if *cells != 0 => {
                let cell = cells.trailing_zeros();
                *cells &= *cells - 1;
                Some((cell, *symbol as usize))
            }
            _ => None,
        }
    }

    #[inline(always)]
    fn is_empty(&self) -> bool {
        match *self {
            Branch::Cell { symbols, .. } => symbols == 0,
            Branch::Symbol { cells, .. } => cells == 0,
        }
    }
}

/// The (symbol, region) pairs that placements touched since the last look for hidden
/// singles: only there can a new one be.
#[derive(Debug, Clone, Copy, Default)]
struct Dirty {
    /// Regions touched for every symbol (they lost a cell).
    every: u64,
    /// Regions touched for one symbol (they lost that symbol's candidates).
    one: [u64; MAX_N],
}

impl Propagator for Board {
    type Node = Node;
    type Branch = Branch;

    #[inline(always)]
    fn step(&self, node: &mut Node, grid: &mut [u8], cell: u32, symbol: usize) -> Next<Branch> {
        let mut dirty = Dirty::default();
        self.place(node, grid, &mut dirty, cell, symbol);
        self.propagate(node, grid, &mut dirty)
    }
}

/// The search's memory, kept between puzzles.
#[derive(Debug, Clone, Default)]
pub(crate) struct BitSearch {
    search: DepthFirst<Node, Branch>,
    grid: Vec<u8>,
    /// Branching nodes of the last search.
    pub(crate) branches: u64,
}

impl BitSearch {
    /// Calls `each` with the solutions of `givens` (one value per cell, 0 for empty) on
    /// `board`, up to `limit` or until `each` returns `false`, and returns how many it
    /// found; `None` if two givens conflict (the caller reports that).
    pub(crate) fn run(
        &mut self,
        board: &Board,
        givens: &[u8],
        limit: u64,
        each: impl FnMut(&[u8]) -> bool,
    ) -> Option<u64> {
        self.branches = 0;
        self.grid.clear();
        self.grid.extend_from_slice(givens);
        // The givens, all at once: a symbol leaves the peers of its givens, a filled cell
        // leaves every symbol, a region with a given of a symbol no longer misses it.
        let mut root = Node {
            cand: [0; MAX_N],
            todo: [0; MAX_N],
            empty: board.all,
        };
        let mut taken = [0u128; MAX_N];
        root.todo[..board.n].fill(board.all_units());
        for (cell, &v) in givens.iter().enumerate() {
            if v != 0 {
                let symbol = usize::from(v) - 1;
                if symbol >= board.n || taken[symbol] >> cell & 1 != 0 {
                    return None;
                }
                taken[symbol] |= board.peers[cell];
                root.todo[symbol] &= !board.unit_of[cell];
                root.empty &= !(1u128 << cell);
            }
        }
        for (cand, taken) in root.cand[..board.n].iter_mut().zip(taken) {
            *cand = root.empty & !taken;
        }
        // Every region may hold a hidden single at the start.
        let mut dirty = Dirty {
            every: board.all_units(),
            ..Dirty::default()
        };
        let first = board.propagate(&mut root, &mut self.grid, &mut dirty);
        let found = self
            .search
            .run(board, root, first, &mut self.grid, limit, each);
        self.branches = self.search.branches;
        Some(found)
    }
}
