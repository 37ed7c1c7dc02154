//! Random jigsaw maps for the generator: start from the boxes and trade cells between
//! neighbouring regions, keeping every region connected. A map traded freely rarely has a
//! solution grid above 16x16; one traded on a grid keeps that grid a solution: a cell moves
//! only along a chain of regions each of which passes on its cell of the same symbol, until
//! the chain comes back to the region that gave the first.

use fastrand::Rng;

use super::shape::BoxShape;

/// Region symbols of generated maps: `A` for the first region, and so on.
pub(crate) fn label(region: u8) -> char {
    char::from(b'A' + region)
}

/// The boxes of an `n` x `n` grid as a map (the shape [`BoxShape::infer`] gives), the
/// map every random map starts from.
pub(crate) fn box_map(n: usize) -> Vec<u8> {
    let shape = BoxShape::infer(n);
    (0..n * n)
        .map(|p| shape.box_of(n, p / n, p % n) as u8)
        .collect()
}

/// A random map of `n` connected regions of `n` cells each, one region index per cell.
pub(crate) fn random_map(n: usize, rng: &mut Rng) -> Vec<u8> {
    let mut region = box_map(n);
    trade_repeatedly(n, |s| trade(n, &mut region, rng, s));
    region
}

/// A random map of `n` connected regions of `n` cells each of which `grid` (a solution
/// grid of [`box_map`]'s boxes, a symbol per cell from 1 to `n`) is still a solution:
/// cells move along chains ([`OnGrid::pass_on`]), so each region keeps one cell of each
/// symbol.
pub(crate) fn map_for_grid(n: usize, grid: &[u8], start: Vec<u8>, rng: &mut Rng) -> Vec<u8> {
    let mut map = OnGrid {
        n,
        grid,
        region: start,
        cell_of: vec![0; n * n],
        chain: Vec::new(),
    };
    for (p, &r) in map.region.iter().enumerate() {
        map.cell_of[usize::from(r) * n + usize::from(grid[p]) - 1] = p;
    }
    trade_repeatedly(n, |s| map.pass_on(rng, s));
    map.region
}

/// Makes up to `n * n` trades with `trade` (which says whether it made one), in at most 40
/// times as many tries.
fn trade_repeatedly(n: usize, mut trade: impl FnMut(&mut Scratch) -> bool) {
    let mut scratch = Scratch::default();
    let (mut done, wanted) = (0, n * n);
    for _ in 0..wanted * 40 {
        if done == wanted {
            break;
        }
        if trade(&mut scratch) {
            done += 1;
        }
    }
}

/// The longest chain of regions [`OnGrid::pass_on`] tries.
const MAX_CHAIN: usize = 12;

/// A map being traded on a grid.
struct OnGrid<'g> {
    n: usize,
    grid: &'g [u8],
    region: Vec<u8>,
    /// `cell_of[r * n + s - 1]`: the cell of region r that holds symbol s.
    cell_of: Vec<usize>,
    /// The moves of the chain being tried: a cell, and the region it goes to.
    chain: Vec<(usize, u8)>,
}

impl OnGrid<'_> {
    /// Moves a random cell (of symbol s) into a neighbouring region, that region's cell of
    /// symbol s into one of its own neighbouring regions, and so on until a cell moves into
    /// the first region, within [`MAX_CHAIN`] moves, if every region of the chain stays
    /// connected. Returns whether it did.
    fn pass_on(&mut self, rng: &mut Rng, s: &mut Scratch) -> bool {
        let n = self.n;
        let first = rng.usize(..n * n);
        let (home, symbol) = (self.region[first], usize::from(self.grid[first]) - 1);
        self.chain.clear();
        let (mut cell, mut from) = (first, home);
        while self.chain.len() < MAX_CHAIN {
            s.candidates.clear();
            s.candidates.extend(
                neighbours(n, cell)
                    .map(|q| usize::from(self.region[q]))
                    .filter(|&r| r != usize::from(from)),
            );
            if s.candidates.is_empty() {
                return false;
            }
            // Back home as soon as it can (not at the first move: from is home then).
            let to = match s.candidates.iter().find(|&&r| r == usize::from(home)) {
                Some(&r) => r as u8,
                None => s.candidates[rng.usize(..s.candidates.len())] as u8,
            };
            self.chain.push((cell, to));
            if to == home {
                return self.apply(symbol, s);
            }
            cell = self.cell_of[usize::from(to) * n + symbol];
            from = to;
            if self.chain.iter().any(|&(c, _)| c == cell) {
                return false;
            }
        }
        false
    }

    /// Makes the moves of the chain (cells of `symbol`) if every region they touch stays
    /// connected; else undoes them. Returns whether it kept them.
    fn apply(&mut self, symbol: usize, s: &mut Scratch) -> bool {
        let n = self.n;
        let old: Vec<u8> = self.chain.iter().map(|&(c, _)| self.region[c]).collect();
        for &(c, to) in &self.chain {
            self.region[c] = to;
        }
        let kept = self
            .chain
            .iter()
            .all(|&(c, to)| connected(n, &self.region, to, c, s));
        if kept {
            for &(c, to) in &self.chain {
                self.cell_of[usize::from(to) * n + symbol] = c;
            }
        } else {
            for (&(c, _), &r) in self.chain.iter().zip(&old) {
                self.region[c] = r;
            }
        }
        kept
    }
}

#[derive(Default)]
struct Scratch {
    candidates: Vec<usize>,
    stack: Vec<usize>,
    seen: Vec<bool>,
}

/// The up to four neighbours of position `p` on an `n` x `n` grid.
fn neighbours(n: usize, p: usize) -> impl Iterator<Item = usize> {
    let (r, c) = (p / n, p % n);
    [
        (r > 0).then(|| p - n),
        (r + 1 < n).then(|| p + n),
        (c > 0).then(|| p - 1),
        (c + 1 < n).then(|| p + 1),
    ]
    .into_iter()
    .flatten()
}

/// Moves a random border cell of region A into a neighbouring region B and a cell of B
/// that touches A into A, if both stay connected. Returns whether it did.
fn trade(n: usize, region: &mut [u8], rng: &mut Rng, s: &mut Scratch) -> bool {
    let a = rng.u32(..(n * n) as u32) as usize;
    let dirs: Vec<usize> = neighbours(n, a).collect();
    let x = dirs[rng.u32(..dirs.len() as u32) as usize];
    let (ra, rb) = (region[a], region[x]);
    if ra == rb {
        return false;
    }
    s.candidates.clear();
    for p in 0..n * n {
        if region[p] == rb && neighbours(n, p).any(|q| q != a && region[q] == ra) {
            s.candidates.push(p);
        }
    }
    if s.candidates.is_empty() {
        return false;
    }
    let b = s.candidates[rng.u32(..s.candidates.len() as u32) as usize];
    region[a] = rb;
    region[b] = ra;
    if connected(n, region, ra, b, s) && connected(n, region, rb, a, s) {
        true
    } else {
        region[a] = ra;
        region[b] = rb;
        false
    }
}

/// Whether region `r` (which holds `start`) is connected.
fn connected(n: usize, region: &[u8], r: u8, start: usize, s: &mut Scratch) -> bool {
    s.seen.clear();
    s.seen.resize(n * n, false);
    s.stack.clear();
    s.stack.push(start);
    s.seen[start] = true;
    let mut reached = 1;
    while let Some(p) = s.stack.pop() {
        for q in neighbours(n, p) {
            if region[q] == r && !s.seen[q] {
                s.seen[q] = true;
                reached += 1;
                s.stack.push(q);
            }
        }
    }
    reached == n
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn maps_have_n_connected_regions_of_n_cells() {
        for n in [4, 5, 6, 7, 9, 12] {
            let mut rng = Rng::with_seed(n as u64);
            let map = random_map(n, &mut rng);
            let shape = BoxShape::infer(n);
            let boxes: Vec<u8> = (0..n * n)
                .map(|p| shape.box_of(n, p / n, p % n) as u8)
                .collect();
            assert_ne!(map, boxes, "the map changed ({n})");
            let mut s = Scratch::default();
            for r in 0..n as u8 {
                let cells: Vec<usize> = (0..n * n).filter(|&p| map[p] == r).collect();
                assert_eq!(cells.len(), n);
                assert!(connected(n, &map, r, cells[0], &mut s));
            }
        }
    }

    /// A map traded on a grid is still solved by it (each region holds each symbol once),
    /// and has moved away from the boxes. The grid: the classic pattern that fills the boxes
    /// of `BoxShape::infer(n)` (a Latin square whose boxes hold every symbol), its rows
    /// shuffled within their bands and its columns within their stacks.
    #[test]
    fn maps_traded_on_a_grid_keep_it_a_solution() {
        for n in [4, 6, 9, 12, 16, 20, 25] {
            let shape = BoxShape::infer(n);
            let boxes = box_map(n);
            let (h, w) = (shape.rows, shape.cols);
            let mut rng = Rng::with_seed(n as u64);
            // Rows shuffled within their bands and columns within their stacks: still a grid.
            let mut rows: Vec<usize> = (0..n).collect();
            let mut cols: Vec<usize> = (0..n).collect();
            for band in rows.chunks_mut(h) {
                rng.shuffle(band);
            }
            for stack in cols.chunks_mut(w) {
                rng.shuffle(stack);
            }
            let grid: Vec<u8> = (0..n * n)
                .map(|p| {
                    let (r, c) = (rows[p / n], cols[p % n]);
                    ((w * (r % h) + r / h + c) % n) as u8 + 1
                })
                .collect();
            for r in 0..n as u8 {
                let mut symbols: Vec<u8> = (0..n * n)
                    .filter(|&p| boxes[p] == r)
                    .map(|p| grid[p])
                    .collect();
                crate::sort::sort(&mut symbols);
                assert_eq!(
                    symbols,
                    (1..=n as u8).collect::<Vec<_>>(),
                    "the pattern fills box {r}"
                );
            }
            let map = map_for_grid(n, &grid, boxes.clone(), &mut rng);
            let moved = (0..n * n).filter(|&p| map[p] != boxes[p]).count();
            assert!(moved >= n / 2, "{n}x{n}: {moved} cells moved");
            let mut s = Scratch::default();
            for r in 0..n as u8 {
                let cells: Vec<usize> = (0..n * n).filter(|&p| map[p] == r).collect();
                let mut symbols: Vec<u8> = cells.iter().map(|&p| grid[p]).collect();
                crate::sort::sort(&mut symbols);
                assert_eq!(
                    symbols,
                    (1..=n as u8).collect::<Vec<_>>(),
                    "{n}x{n} region {r}"
                );
                assert!(connected(n, &map, r, cells[0], &mut s));
            }
        }
    }
}
