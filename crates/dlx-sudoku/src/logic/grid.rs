//! The candidate grid the techniques read: values, candidates per cell, and who sees whom.

use crate::alphabet::Alphabet;
use crate::layout::{Constraint, Layout, RegionKind};
use crate::propagate::full_mask;

use super::step::Candidate;

/// What stays fixed while a puzzle is solved: the layout, the alphabet for reasons, and
/// for every cell the cells it shares a region with, as bit sets.
#[derive(Debug)]
pub(crate) struct Context<'a> {
    pub(crate) layout: &'a Layout,
    pub(crate) alphabet: &'a Alphabet,
    /// The symbol count.
    pub(crate) n: usize,
    /// Words per bit set of cells.
    words: usize,
    /// Cell `c`'s peers are bits of `peers[c * words..(c + 1) * words]`.
    peers: Vec<u64>,
    /// The exactly-once regions.
    pub(crate) exact: Vec<usize>,
    /// The work a bounded search may still do (see [`Work`]).
    pub(crate) work: Work,
}

/// What a bounded search may still do, in units of work (the chaining levels count propagations and
/// rule searches: see `forcing::NETS_WORK`), and whether it ran out: a count, never a time, so that
/// a puzzle gets the same path on every machine. Unbounded outside such a search.
#[derive(Debug, Default)]
pub(crate) struct Work {
    left: std::cell::Cell<Option<u64>>,
    ran_out: std::cell::Cell<bool>,
}

impl Work {
    /// Bounds what follows to `units`, until [`Work::end`].
    pub(crate) fn start(&self, units: u64) {
        self.left.set(Some(units));
        self.ran_out.set(false);
    }

    /// Takes one unit: whether one was left (always, unbounded); a refusal is remembered.
    pub(crate) fn spend(&self) -> bool {
        match self.left.get() {
            None => true,
            Some(0) => {
                self.ran_out.set(true);
                false
            }
            Some(k) => {
                self.left.set(Some(k - 1));
                true
            }
        }
    }

    /// Ends the bound: the units left (`None` if unbounded), and whether a unit was
    /// refused.
    pub(crate) fn end(&self) -> (Option<u64>, bool) {
        (self.left.take(), self.ran_out.take())
    }
}

impl<'a> Context<'a> {
    pub(crate) fn new(layout: &'a Layout, alphabet: &'a Alphabet) -> Context<'a> {
        let cells = layout.cell_count();
        let words = cells.div_ceil(64);
        let mut peers = vec![0u64; cells * words];
        for r in 0..layout.region_count() {
            let members = layout.region_cells(r);
            for &a in members {
                for &b in members {
                    if a != b {
                        peers[a as usize * words + b as usize / 64] |= 1 << (b % 64);
                    }
                }
            }
        }
        let exact = (0..layout.region_count())
            .filter(|&r| layout.constraint(r) == Constraint::ExactlyOnce)
            .collect();
        Context {
            layout,
            alphabet,
            n: layout.size(),
            words,
            peers,
            exact,
            work: Work::default(),
        }
    }

    /// Whether cells `a` and `b` (different) share a region.
    #[inline]
    pub(crate) fn sees(&self, a: usize, b: usize) -> bool {
        self.peers[a * self.words + b / 64] & (1 << (b % 64)) != 0
    }

    /// The cells that share a region with `cell`.
    pub(crate) fn peers(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        members(self.peer_bits(cell))
    }

    /// The cells that share a region with `cell`, as a bit set (see [`members`]).
    pub(crate) fn peer_bits(&self, cell: usize) -> &[u64] {
        &self.peers[cell * self.words..(cell + 1) * self.words]
    }

    /// "r3c4".
    pub(crate) fn cell(&self, cell: usize) -> String {
        let p = self.layout.position(cell);
        format!("r{}c{}", p.row, p.column)
    }

    /// "r3c4 and r3c8", "r1c1, r1c2 and r2c1".
    pub(crate) fn cells(&self, cells: &[usize]) -> String {
        let names: Vec<String> = cells.iter().map(|&c| self.cell(c)).collect();
        join(&names, "and")
    }

    /// The symbol as the puzzle writes it.
    pub(crate) fn sym(&self, v: u8) -> String {
        self.alphabet.symbol(v)
    }

    /// "2 and 7" for a mask.
    pub(crate) fn syms(&self, mask: u32, word: &str) -> String {
        let names: Vec<String> = values(mask).map(|v| self.sym(v)).collect();
        join(&names, word)
    }

    /// "row 3".
    pub(crate) fn region(&self, r: usize) -> String {
        self.layout.region_name(r).to_string()
    }

    /// Whether region `r` is a box-like region (box, window, jigsaw region, extra) rather
    /// than a line (row, column, diagonal).
    pub(crate) fn is_block(&self, r: usize) -> bool {
        !matches!(
            self.layout.region_name(r).kind,
            RegionKind::Row | RegionKind::Column | RegionKind::Diagonal | RegionKind::AntiDiagonal
        )
    }
}

/// "a, b and c".
pub(crate) fn join(items: &[String], word: &str) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} {word} {last}", init.join(", ")),
    }
}

/// The symbols of a mask, ascending.
pub(crate) fn values(mask: u32) -> impl Iterator<Item = u8> {
    let mut m = mask;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let v = m.trailing_zeros() as u8 + 1;
            m &= m - 1;
            v
        })
    })
}

/// The bit of symbol `v`.
#[inline]
pub(crate) fn bit(v: u8) -> u32 {
    1 << (v - 1)
}

/// Values and candidates of a partly solved grid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Grid {
    pub(crate) values: Vec<u8>,
    /// Candidates of each empty cell (0 for a filled cell).
    pub(crate) cand: Vec<u32>,
}

impl Grid {
    /// The grid of `values` with every candidate no filled peer rules out; `None` if two
    /// filled cells of a region repeat a symbol.
    pub(crate) fn new(ctx: &Context, values: &[u8]) -> Option<Grid> {
        let full = full_mask(ctx.n);
        let mut cand = vec![0; values.len()];
        for (cell, &v) in values.iter().enumerate() {
            if v != 0 {
                if ctx.peers(cell).any(|p| values[p] == v) {
                    return None;
                }
                continue;
            }
            let mut m = full;
            for p in ctx.peers(cell) {
                if values[p] != 0 {
                    m &= !bit(values[p]);
                }
            }
            cand[cell] = m;
        }
        Some(Grid {
            values: values.to_vec(),
            cand,
        })
    }

    /// Whether every cell is filled.
    pub(crate) fn solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// Whether `v` is a candidate of `cell`.
    #[inline]
    pub(crate) fn has(&self, cell: usize, v: u8) -> bool {
        self.cand[cell] & bit(v) != 0
    }

    /// Puts `v` into `cell` and removes `v` from its peers.
    pub(crate) fn place(&mut self, ctx: &Context, cell: usize, v: u8) {
        self.values[cell] = v;
        self.cand[cell] = 0;
        for p in ctx.peers(cell) {
            self.cand[p] &= !bit(v);
        }
    }

    /// Removes candidates.
    pub(crate) fn eliminate(&mut self, eliminations: &[Candidate]) {
        for e in eliminations {
            self.cand[e.cell] &= !bit(e.value);
        }
    }

    /// The cells of region `r` where `v` is a candidate.
    pub(crate) fn places(&self, ctx: &Context, r: usize, v: u8) -> Vec<usize> {
        ctx.layout
            .region_cells(r)
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| self.has(c, v))
            .collect()
    }
}

/// The members of a set held as bits in 64-bit words (bit `b` of word `w` is `w * 64 + b`),
/// ascending.
pub(crate) fn members(words: &[u64]) -> impl Iterator<Item = usize> + '_ {
    words.iter().enumerate().flat_map(|(w, &bits)| {
        let mut bits = bits;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                w * 64 + b
            })
        })
    })
}
