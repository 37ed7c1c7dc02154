//! Algorithm X on bands, for the classic 9x9 grid (rows, columns, 3x3 boxes and nothing
//! else): the fastest path, used by [`super::SudokuSolver::new`] when the layout is that
//! one.
//!
//! The exact cover is the engine's (an item per cell, per row and symbol, per column and
//! symbol, per box and symbol; an option per cell and symbol), held as 27 words: for each
//! symbol and each band of three rows, 27 bits for the band's cells where the symbol is
//! still possible or placed. The representation is JCZSolve's (Zhou Yundong's band words,
//! as the `sudoku` crate and tdoku's write-up describe it); the code is ours.
//!
//! The band step looks at one word that changed. A band holds each symbol once per row and
//! once per box, so the three mini-rows (row x box) the symbol ends up in are a
//! permutation; a table of the mini-rows some permutation can use takes, in one lookup,
//! every mini-row the symbol cannot use, which finds hidden singles in rows and boxes and
//! locked candidates in the band. A box whose cells for the symbol lie in one column takes
//! that column from the other two bands, and an open cell left alone in its row is placed:
//! it leaves the band's other symbols. A sweep runs the band step on every word that
//! differs from the copy the step last left, until none does. Then the columns of the
//! symbols that changed (one place left is a single) and the cells (one symbol left is a
//! single; choosing symbol `s` for a cell takes `s` from the cell's row and box, and the
//! band step does the rest). With nothing forced, the search branches on the cell with two
//! candidates and the most open peers (else the one with fewest). Backtracking restores a
//! copy of the node: the depth-first driver (depth_first.rs) it shares with the bitboard
//! search does that; this module is the propagation. The grid is written once, at a
//! solution.

use super::depth_first::{Branch, DepthFirst, Next, Propagator};

/// The nine cells of a row of a band.
const ROW: u32 = 0x1FF;

/// The 27 cells of a band.
const CELLS: u32 = (1 << 27) - 1;

/// `USABLE[m]`: for the mini-rows `m` of a band where a symbol is still possible (bit
/// `r + 3k` for row `r` and box `k` of the band, as [`mini_rows`] gives them), the band
/// cells of those some placement of the symbol in the band can use: one mini-row per row
/// and per box, a permutation. 0 if none can.
static USABLE: [u32; 512] = usable();

/// `OTHER_BANDS[c]`: for the columns `c` of a band where a symbol is possible (bit `k` for
/// column `k`), the cells of another band that keep the symbol: all but the columns alone
/// in their box (the band's copy of the symbol is in them).
static OTHER_BANDS: [u32; 512] = other_bands();

/// The first cell of each row of a band, and the last bit of each row.
const ROW_FIRSTS: u32 = 1 | 1 << 9 | 1 << 18;
const ROW_LASTS: u32 = ROW_FIRSTS << 8;

/// The rows of `y` with one cell, as cells, for a band word whose three rows are not
/// empty: `y & (y - ROW_FIRSTS)` clears the lowest cell of each row (no borrow crosses a
/// row, none is empty), and the rows it leaves empty had one. Nine-bit lanes, no tables.
#[inline(always)]
const fn single_rows(y: u32) -> u32 {
    let rest = y & y.wrapping_sub(ROW_FIRSTS);
    // The last bit of each row: set if the row of `rest` is not empty (its low eight bits
    // plus 255 carry into it, and stay inside the row).
    let low = ROW_LASTS - ROW_FIRSTS;
    let occupied = (((rest & low) + low) | rest) & ROW_LASTS;
    ((!occupied & ROW_LASTS) >> 8) * ROW
}

const fn usable() -> [u32; 512] {
    const ORDERS: [[u32; 3]; 6] = [
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
            let used = 1 << (3 * order[0]) | 1 << (1 + 3 * order[1]) | 1 << (2 + 3 * order[2]);
            if m as u32 & used == used {
                table[m] |= mini_row_cells(used);
            }
            p += 1;
        }
        m += 1;
    }
    table
}

const fn other_bands() -> [u32; 512] {
    let mut table = [0; 512];
    let mut c = 0;
    while c < 512 {
        let mut locked = 0u32;
        let mut k = 0;
        while k < 3 {
            let three = c >> (3 * k) & 7;
            if three != 0 && three & (three - 1) == 0 {
                locked |= (three << (3 * k)) as u32;
            }
            k += 1;
        }
        table[c] = !(locked * ROW_FIRSTS) & CELLS;
        c += 1;
    }
    table
}

/// The band cells of the mini-rows `m` (bit `r + 3k` for row `r` and box `k`).
const fn mini_row_cells(m: u32) -> u32 {
    let mut cells = 0;
    let mut bit = 0;
    while bit < 9 {
        if m >> bit & 1 != 0 {
            let (row, boxx) = (bit % 3, bit / 3);
            cells |= 7 << (9 * row + 3 * boxx);
        }
        bit += 1;
    }
    cells
}

/// The mini-rows (row x box) of band word `x` that hold a cell: bit `r + 3k` for row `r` and
/// box `k`, by shifts, no tables. Each mini-row's three bits are gathered into its first
/// (bit `9r + 3k`), and row `r`'s firsts shift down by `8r`, to `r + 3k`.
#[inline(always)]
const fn mini_rows(x: u32) -> u32 {
    let firsts = (x | x >> 1 | x >> 2) & 0x0124_9249;
    (firsts | firsts >> 8 | firsts >> 16) & 0x1FF
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

/// `PEERS[i]`: the band cells of the row and box of band cell `i` (with `i`), and
/// `COLUMNS[i]` those of its column: tables, not divisions, in the search's loops.
static PEERS: [u32; 27] = cell_tables()[0];
static COLUMNS: [u32; 27] = cell_tables()[1];

const fn cell_tables() -> [[u32; 27]; 2] {
    let mut tables = [[0; 27]; 2];
    let mut i = 0;
    while i < 27 {
        let (row, col) = place_of(i as u32);
        tables[0][i] = ROW << (9 * row) | box_cells(col / 3);
        tables[1][i] = column_cells(col);
        i += 1;
    }
    tables
}

/// A word of `seen` that no word of `cand` equals (a bit past the 27 cells): the band
/// step has not looked at that word yet. Not a byte repeated, so that a root is not a
/// `memory.fill` (in V8 a call into C++).
const UNSEEN: u32 = 1 << 31;

/// The search's state at one node.
#[derive(Debug, Clone, Copy)]
struct Node {
    /// `cand[b][s]`: cells of band `b` where symbol `s` (from 0) is possible or placed.
    cand: [[u32; 9]; 3],
    /// `cand` as the band step last left it: a word equal to it has nothing new to give.
    seen: [[u32; 9]; 3],
    /// The cells of each band not placed yet.
    open: [u32; 3],
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
        node.choose((cell / 27) as usize, cell % 27, symbol);
        node.propagate(grid)
    }
}

impl Node {
    /// The root: everything possible, and every word still to look at.
    fn new() -> Node {
        Node {
            cand: [[CELLS; 9]; 3],
            seen: [[UNSEEN; 9]; 3],
            open: [CELLS; 3],
        }
    }

    /// Chooses the option "`symbol` in cell `i` of band `band`" (an open cell): the symbol
    /// leaves the other cells of the cell's row and box, which leaves the cell alone in its row;
    /// the band step then places it.
    #[inline(always)]
    fn choose(&mut self, band: usize, i: u32, symbol: usize) {
        self.cand[band][symbol] &= !PEERS[i as usize] | 1 << i;
    }

    /// The band step on word `k` of `cand` as one array (band `k / 9`, symbol `k % 9`): keeps
    /// only the mini-rows some placement of the symbol in the band can use (a hidden single
    /// in a row or box, and locked candidates, fall out of that); a box whose cells for the
    /// symbol lie in one column takes that column from the other bands; every open cell left
    /// alone in its row is placed and leaves the other symbols. Returns `false` on a
    /// contradiction.
    ///
    /// By the word's place `k` rather than by band and symbol: one number to carry and one
    /// address to form (7-9% faster in Node 22 and 24, 4% in Node 20, 3% natively).
    #[inline(always)]
    fn band_step(&mut self, k: usize) -> bool {
        // Word `k` is band `k / 9`'s (57 / 512 is 1 / 9 closely enough for `k` below 27),
        // symbol `k % 9`'s; the symbol's words in the other bands are 9 and 18 words on,
        // around the 27.
        let band = (k * 57) >> 9;
        let (next, last) = (
            if k >= 18 { k - 18 } else { k + 9 },
            if k >= 9 { k - 9 } else { k + 18 },
        );
        let cand = self.cand.as_flattened_mut();
        let x = cand[k];
        let y = x & USABLE[mini_rows(x) as usize];
        if y == 0 {
            return false;
        }
        let other = OTHER_BANDS[((y | y >> 9 | y >> 18) & ROW) as usize];
        cand[next] &= other;
        cand[last] &= other;
        // Rows left with one cell (none is left with none: the permutation uses one
        // mini-row of each). A box left with one cell needs no look of its own: the
        // permutation then leaves its row that one cell.
        let new = y & single_rows(y) & self.open[band];
        self.open[band] &= !new;
        for word in &mut self.cand[band] {
            *word &= !new;
        }
        self.cand.as_flattened_mut()[k] = y;
        self.seen.as_flattened_mut()[k] = y;
        true
    }

    /// The band step on the word of the lowest bit of `changed` (bit `9b + s` for band `b`
    /// and symbol `s`), which it clears and adds to `columns`. Returns `false` on a
    /// contradiction.
    #[inline(always)]
    fn step_lowest(&mut self, changed: &mut u32, columns: &mut u32) -> bool {
        let k = changed.trailing_zeros() as usize;
        *changed &= *changed - 1;
        *columns |= 1 << k;
        self.band_step(k)
    }

    /// The words that differ from `seen`: bit `k` for word `k` of `cand` as one array (bit
    /// `9b + s` for band `b` and symbol `s`), with no branch per word (a branch per word
    /// mispredicts: these flags are data).
    ///
    /// Two forms of the same thing, for what each machine does best (sudoku peer bench and
    /// `solve_sudoku_batch` in Node, hardest sets): a scalar chain per band, and with wasm's
    /// `simd128` a compare of four words at a time whose lanes `i32x4.bitmask` gathers (one
    /// `movmskps` in V8), 1-2% faster there than the chain. On x86-64, LLVM's vector form of
    /// such a compare stalls on the band step's fresh scalar stores (a load spanning several
    /// stores cannot be forwarded from them): the chain is 7% faster.
    #[inline(always)]
    fn changed(&self) -> u32 {
        #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
        {
            use core::arch::wasm32::{i32x4_bitmask, i32x4_eq, u32x4};
            let (c, s) = (self.cand.as_flattened(), self.seen.as_flattened());
            // Words `k..k + 4`; the fourth of the last four, past the 27, is 0 on both sides.
            let eq = |k: usize| {
                let last = |w: &[u32]| w.get(k + 3).copied().unwrap_or(0);
                let e = i32x4_eq(
                    u32x4(c[k], c[k + 1], c[k + 2], last(c)),
                    u32x4(s[k], s[k + 1], s[k + 2], last(s)),
                );
                u32::from(i32x4_bitmask(e)) << k
            };
            !(eq(0) | eq(4) | eq(8) | eq(12) | eq(16) | eq(20) | eq(24)) & CELLS
        }
        #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
        {
            let mut m = [0u32; 3];
            for (m, (cand, seen)) in m.iter_mut().zip(self.cand.iter().zip(&self.seen)) {
                for (c, s) in cand.iter().zip(seen).rev() {
                    *m = *m << 1 | u32::from(c != s);
                }
            }
            m[0] | m[1] << 9 | m[2] << 18
        }
    }

    /// Takes every forced step until none is left, then picks the cell to branch on.
    fn propagate(&mut self, grid: &mut [u8]) -> Next<Cell> {
        // The words (bit `9b + s`, as in `changed`) that changed since their symbols' columns
        // last looked.
        let mut columns = 0u32;
        loop {
            // Sweeps: the band step on every word that changed (by band, then symbol), until
            // none did.
            loop {
                let mut changed = self.changed();
                if changed == 0 {
                    break;
                }
                while changed != 0 {
                    if !self.step_lowest(&mut changed, &mut columns) {
                        return Next::Dead;
                    }
                    // In wasm, two steps a turn: V8 checks for an interrupt at each turn of
                    // a loop, and keeps more in registers this way (4% faster on the
                    // hardest set in Node; natively 1-2% slower, so only there).
                    #[cfg(target_arch = "wasm32")]
                    if changed != 0 && !self.step_lowest(&mut changed, &mut columns) {
                        return Next::Dead;
                    }
                }
            }
            let mut progress = false;
            // Columns of those symbols: one place left is a single, none a contradiction.
            let mut symbols = (columns | columns >> 9 | columns >> 18) & ROW;
            columns = 0;
            while symbols != 0 {
                let symbol = symbols.trailing_zeros() as usize;
                symbols &= symbols - 1;
                // The nine rows' cells by lanes: the three bands' words together (a
                // cell in two bands' rows), then the three rows of that.
                let [x0, x1, x2] = [0, 1, 2].map(|band| self.cand[band][symbol]);
                let any = x0 | x1 | x2;
                let more = (x0 & x1) | ((x0 | x1) & x2);
                let [r0, r1, r2] = [any & ROW, any >> 9 & ROW, any >> 18 & ROW];
                let ones = r0 | r1 | r2;
                let twos = ((more | more >> 9 | more >> 18) & ROW) | (r0 & r1) | ((r0 | r1) & r2);
                if ones != ROW {
                    return Next::Dead;
                }
                let single = ones & !twos;
                if single == 0 {
                    continue;
                }
                let single = single | single << 9 | single << 18;
                for band in 0..3 {
                    let mut cells = self.cand[band][symbol] & single & self.open[band];
                    while cells != 0 {
                        let i = cells.trailing_zeros();
                        cells &= cells - 1;
                        self.choose(band, i, symbol);
                        progress = true;
                    }
                }
            }
            if progress {
                continue;
            }
            // Cells with one candidate left (naked singles), and with two.
            let mut pairs = [0; 3];
            for (band, pair) in pairs.iter_mut().enumerate() {
                let open = self.open[band];
                if open == 0 {
                    continue;
                }
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
                let singles = ones & !twos & open;
                if singles != 0 {
                    progress = true;
                    for symbol in 0..9 {
                        let mut cells = self.cand[band][symbol] & singles;
                        while cells != 0 {
                            let i = cells.trailing_zeros();
                            cells &= cells - 1;
                            self.choose(band, i, symbol);
                        }
                    }
                }
                *pair = twos & !threes;
            }
            if progress {
                continue;
            }
            if self.open == [0; 3] {
                self.write(grid);
                return Next::Solved;
            }
            let cell = self.best_pair(pairs).unwrap_or_else(|| self.fewest());
            return Next::Branch(Cell {
                cell,
                symbols: self.symbols(cell),
            });
        }
    }

    /// Of the cells with two candidates (`pairs`, by band), the one with the most open cells
    /// among its peers: its choice forces the most. The first such cell on a tie.
    fn best_pair(&self, pairs: [u32; 3]) -> Option<u32> {
        // The score above the cell's place from the end, so that the largest key is the
        // best score's first cell.
        let mut best = 0u32;
        for (band, mut two) in pairs.into_iter().enumerate() {
            while two != 0 {
                let i = two.trailing_zeros();
                two &= two - 1;
                let column = COLUMNS[i as usize];
                // One count over the row and box (27 bits) and the column in the three
                // bands side by side (bits `c`, `c + 1`, `c + 2` of each of its rows, which
                // do not overlap).
                let column = self.open[0] & column
                    | (self.open[1] & column) << 1
                    | (self.open[2] & column) << 2;
                let near = self.open[band] & PEERS[i as usize];
                let score = (u64::from(near) | u64::from(column) << 27).count_ones();
                let cell = band as u32 * 27 + i;
                best = best.max(score << 7 | (127 - cell));
            }
        }
        (best != 0).then(|| 127 - (best & 127))
    }

    /// Writes a solved node's symbols into `grid`.
    ///
    /// Two forms: natively, cell by cell from each word's bits; with wasm's `simd128`, a
    /// band's 27 values at once, as their four bit planes (the cells whose value has bit
    /// `j`) spread from bits to bytes, with no branch per word (the loop over a word's
    /// bits mispredicts its end: a few per cent of a 17-clue puzzle).
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    fn write(&self, grid: &mut [u8]) {
        use core::arch::wasm32::{
            i8x16_swizzle, u32x4_splat, u64x2_extract_lane, u8x16, u8x16_eq, u8x16_splat, v128_and,
            v128_or,
        };
        // Byte `k` of a plane's spread tests bit `k % 8` of the plane's byte `k / 8`
        // (cells 0 to 15), or of its byte `2 + k / 8` (cells 16 to 31).
        let bit = u8x16(1, 2, 4, 8, 16, 32, 64, 128, 1, 2, 4, 8, 16, 32, 64, 128);
        let low_bytes = u8x16(0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1);
        let high_bytes = u8x16(2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3);
        for (band, words) in self.cand.iter().enumerate() {
            let mut planes = [0u32; 4];
            for (symbol, &word) in words.iter().enumerate() {
                for (j, plane) in planes.iter_mut().enumerate() {
                    if (symbol + 1) >> j & 1 != 0 {
                        *plane |= word;
                    }
                }
            }
            let (mut low, mut high) = (u8x16_splat(0), u8x16_splat(0));
            for (j, &plane) in planes.iter().enumerate() {
                let (plane, value) = (u32x4_splat(plane), u8x16_splat(1 << j));
                let spread = |bytes| u8x16_eq(v128_and(i8x16_swizzle(plane, bytes), bit), bit);
                low = v128_or(low, v128_and(spread(low_bytes), value));
                high = v128_or(high, v128_and(spread(high_bytes), value));
            }
            let cells = &mut grid[band * 27..band * 27 + 27];
            cells[..8].copy_from_slice(&u64x2_extract_lane::<0>(low).to_le_bytes());
            cells[8..16].copy_from_slice(&u64x2_extract_lane::<1>(low).to_le_bytes());
            cells[16..24].copy_from_slice(&u64x2_extract_lane::<0>(high).to_le_bytes());
            cells[24..].copy_from_slice(&u64x2_extract_lane::<1>(high).to_le_bytes()[..3]);
        }
    }

    /// Writes a solved node's symbols into `grid` (see the `simd128` form).
    #[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
    fn write(&self, grid: &mut [u8]) {
        for (band, words) in self.cand.iter().enumerate() {
            for (symbol, &word) in words.iter().enumerate() {
                let mut cells = word;
                while cells != 0 {
                    grid[band * 27 + cells.trailing_zeros() as usize] = symbol as u8 + 1;
                    cells &= cells - 1;
                }
            }
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

/// The filled cells of each band of `givens` (81 values in reading order): eight cells to
/// a word, each byte's "not zero" gathered into one bit of eight by a multiplication.
fn filled_cells(givens: &[u8]) -> [u32; 3] {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const LOW: u64 = !HIGH;
    let mut filled = 0u128;
    for (k, bytes) in givens.chunks_exact(8).enumerate() {
        let w = u64::from_le_bytes(bytes.try_into().expect("8 bytes"));
        // High bit of each byte: not zero (the sum stays inside the byte).
        let not_zero = (((w & LOW) + LOW) | w) & HIGH;
        // Bit `8j` to bit `56 + j`: the products land on distinct bits, so nothing
        // carries into the top byte but them.
        let bits = (not_zero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        filled |= u128::from(bits) << (8 * k);
    }
    filled |= u128::from(givens[80] != 0) << 80;
    [0, 27, 54].map(|shift| (filled >> shift) as u32 & CELLS)
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
        // No copy of the givens: a solution's words hold every cell, givens too, and the
        // grid is written whole at each solution (`Node::write`).
        self.grid.resize(81, 0);
        // The givens, all at once: each symbol leaves the row, column and box of its
        // givens, then every filled cell leaves the symbols it does not hold. The filled
        // cells of each band first, with no branch per cell, then a look at each of them
        // only. Meanwhile `seen` gathers each symbol's givens (beside `UNSEEN`'s bit, which
        // leaves every word still to look at).
        let mut root = Node::new();
        let filled = filled_cells(givens);
        root.open = filled.map(|cells| !cells & CELLS);
        for (band, mut cells) in filled.into_iter().enumerate() {
            while cells != 0 {
                let i = cells.trailing_zeros();
                cells &= cells - 1;
                let symbol = usize::from(givens[band * 27 + i as usize]) - 1;
                if symbol >= 9 {
                    return None;
                }
                let bit = 1 << i;
                for (b, words) in root.cand.iter_mut().enumerate() {
                    let keep = if b == band {
                        !PEERS[i as usize] | bit
                    } else {
                        !COLUMNS[i as usize]
                    };
                    words[symbol] &= keep;
                }
                root.seen[band][symbol] |= bit;
            }
        }
        // Two givens of a symbol in one row, column or box: the later one took the earlier
        // one's cell from the symbol's word (and kept its own), so a given is missing there.
        let mut missing = 0;
        for ((words, seen), open) in root.cand.iter_mut().zip(root.seen).zip(root.open) {
            for (word, seen) in words.iter_mut().zip(seen) {
                let mine = seen & CELLS;
                missing |= mine & !*word;
                *word &= open | mine;
            }
        }
        if missing != 0 {
            return None;
        }
        let first = root.propagate(&mut self.grid);
        let found = self
            .search
            .run(&Bands, root, first, &mut self.grid, limit, each);
        self.branches = self.search.branches;
        Some(found)
    }
}

#[cfg(test)]
mod tests {
    use super::{
        filled_cells, mini_rows, single_rows, BandSearch, CELLS, OTHER_BANDS, ROW, USABLE,
    };

    /// Whether two givens of `givens` (81 values in reading order) with the same value
    /// share a row, a column or a box: cell by cell, the definition.
    fn conflicting(givens: &[u8; 81]) -> bool {
        (0..81).any(|a| {
            (a + 1..81).any(|b| {
                let same_box = (a / 27, a % 9 / 3) == (b / 27, b % 9 / 3);
                givens[a] != 0
                    && givens[a] == givens[b]
                    && (a / 9 == b / 9 || a % 9 == b % 9 || same_box)
            })
        })
    }

    /// The root finds two givens in conflict (`None`) exactly when the definition does:
    /// random givens from a solved grid (never in conflict), then a copy of one of them
    /// put in a peer's cell or anywhere (a conflict in a row, a column or a box, within a
    /// band or across, before or after the other in reading order), thousands of times.
    #[test]
    fn the_root_finds_conflicting_givens() {
        let solved: Vec<u8> = (0..81)
            .map(|c: usize| ((c / 9 * 3 + c / 27 + c % 9) % 9 + 1) as u8)
            .collect();
        let mut rng = fastrand::Rng::with_seed(7);
        let mut search = BandSearch::default();
        let (mut found, mut clean) = (0, 0);
        for _ in 0..20_000 {
            let mut givens = [0u8; 81];
            for (g, &v) in givens.iter_mut().zip(&solved) {
                if rng.u32(..4) == 0 {
                    *g = v;
                }
            }
            let from = rng.usize(..81);
            givens[rng.usize(..81)] = solved[from];
            let expected = conflicting(&givens);
            let got = search.run(&givens, 1, |_| false).is_none();
            assert_eq!(got, expected, "{givens:?}");
            if got {
                found += 1;
            } else {
                clean += 1;
            }
        }
        assert!(found > 5_000 && clean > 2_000, "{found} {clean}");
    }

    /// The word-at-a-time gathering against a cell-by-cell one, on grids with every
    /// pattern of filled cells in each window of eight (and every value).
    #[test]
    fn filled_cells_are_the_cells_not_zero() {
        for start in 0..74 {
            for pattern in 0..=255u32 {
                let mut givens = [0u8; 81];
                for j in 0..8 {
                    if pattern >> j & 1 != 0 {
                        givens[start + j] = (start + j) as u8 % 9 + 1;
                    }
                }
                givens[80] = (pattern % 10) as u8;
                let mut expected = [0u32; 3];
                for (cell, &v) in givens.iter().enumerate() {
                    expected[cell / 27] |= u32::from(v != 0) << (cell % 27);
                }
                assert_eq!(filled_cells(&givens), expected, "{givens:?}");
            }
        }
    }

    /// The table against its definition, for every set of columns: a column is locked when
    /// it is the only one of its box in the set, and the other bands lose its cells.
    #[test]
    fn other_bands_lose_the_columns_alone_in_their_box() {
        for columns in 0..512u32 {
            let mut expected = CELLS;
            for col in 0..9 {
                let box_columns = columns & 7 << (col / 3 * 3);
                if box_columns == 1 << col {
                    expected &= !(1 << col | 1 << (col + 9) | 1 << (col + 18));
                }
            }
            assert_eq!(OTHER_BANDS[columns as usize], expected, "{columns:09b}");
        }
    }

    /// The shifts against the definition: for every set of mini-rows (bit `r + 3k`), band
    /// words with one, two or three cells in each of them, and none elsewhere.
    #[test]
    fn mini_rows_are_the_mini_rows_with_a_cell() {
        for m in 0..512u32 {
            for cells in [1, 2, 4, 3, 5, 6, 7] {
                let mut x = 0;
                for bit in 0..9 {
                    if m >> bit & 1 != 0 {
                        let (row, boxx) = (bit % 3, bit / 3);
                        // Vary the cells from one mini-row to the next.
                        let these = (cells << (bit % 3) | cells >> (3 - bit % 3)) & 7;
                        x |= these << (9 * row + 3 * boxx);
                    }
                }
                assert_eq!(mini_rows(x), m, "{x:027b}");
            }
        }
    }

    /// The table against its definition: the cells of every band a symbol can take, one
    /// per row, column and box, among the cells of the mini-rows given.
    #[test]
    fn usable_is_the_union_of_the_placements() {
        for m in 0..512u32 {
            let mut expected = 0;
            // One cell per row: columns a, b, c distinct and in distinct boxes.
            for a in 0..9 {
                for b in 0..9 {
                    for c in 0..9 {
                        let boxes = [a / 3, b / 3, c / 3];
                        if boxes[0] == boxes[1] || boxes[0] == boxes[2] || boxes[1] == boxes[2] {
                            continue;
                        }
                        let used =
                            1 << (3 * boxes[0]) | 1 << (1 + 3 * boxes[1]) | 1 << (2 + 3 * boxes[2]);
                        if m & used == used {
                            expected |= 1 << a | 1 << (9 + b) | 1 << (18 + c);
                        }
                    }
                }
            }
            assert_eq!(USABLE[m as usize], expected, "{m:09b}");
        }
    }

    /// The lane arithmetic against a row-by-row count, for every band word whose rows are
    /// not empty (sampled: every row value, with the other rows varied).
    #[test]
    fn single_rows_are_the_rows_of_one_cell() {
        for r in 1..512u32 {
            for (s, t) in [(1, 1), (r, 0x1FF), (0x100, r), (3, 0x180)] {
                for y in [
                    r | s << 9 | t << 18,
                    s | r << 9 | t << 18,
                    t | s << 9 | r << 18,
                ] {
                    let expected = (0..3)
                        .filter(|k| (y >> (9 * k) & ROW).count_ones() == 1)
                        .fold(0, |m, k| m | ROW << (9 * k));
                    assert_eq!(single_rows(y), expected, "{y:027b}");
                }
            }
        }
    }
}
