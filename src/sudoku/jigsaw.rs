//! Random jigsaw maps for the generator: start from the boxes and trade cells between
//! neighbouring regions, keeping every region connected.

use fastrand::Rng;

use super::shape::BoxShape;

/// Region symbols of generated maps: `A` for the first region, and so on.
pub(crate) fn label(region: u8) -> char {
    char::from(b'A' + region)
}

/// A random map of `n` connected regions of `n` cells each, one region index per cell.
pub(crate) fn random_map(n: usize, rng: &mut Rng) -> Vec<u8> {
    let shape = BoxShape::infer(n);
    let mut region: Vec<u8> = (0..n * n)
        .map(|p| shape.box_of(n, p / n, p % n) as u8)
        .collect();
    let wanted = n * n;
    let mut done = 0;
    let mut scratch = Scratch::default();
    for _ in 0..wanted * 40 {
        if done == wanted {
            break;
        }
        if trade(n, &mut region, rng, &mut scratch) {
            done += 1;
        }
    }
    region
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
}
