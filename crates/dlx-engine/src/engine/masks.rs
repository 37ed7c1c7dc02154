//! Algorithm X on bit masks, for problems of at most [`MAX_ITEMS`] items and no colors.
//!
//! It is the search of [`super::links`], not an approximation of it: the same item is chosen
//! at every level (MRV, ties to the leftmost or broken by the same random draws), its options
//! are tried in the same order, the solutions come in the same order, and Knuth's node and
//! update counts are reproduced exactly. Only the layout differs: each option is one `u64`
//! of items (a `u128` above 64 items), and each level keeps the list of options still
//! compatible with the options chosen above it, in input order, with the length of every
//! primary item (a count per item, or above 64 primary items bit-sliced: `lengths.rs`).
//! Nothing has to be undone on the way back up: a level's list and lengths are still there.
//!
//! For such small problems that is faster than dancing links, because a level's work is a
//! straight pass over an array (an AND and a test per option) instead of a walk of linked
//! lists with a store for every step (`scripts/bench.sh`: queens, Langford pairs and
//! pentominoes, natively and in wasm). [`crate::Solver`] uses it wherever it applies; the
//! trace of the dancing-links page always uses the links, to show them dancing.
//!
//! Knuth's update count, for the record: covering item `i` costs 1 plus, for each option
//! still in `i`'s list, its size minus one (the nodes its hide unlinks); choosing an option
//! costs one per other item it covers plus, for every option it newly rules out, that
//! option's size minus one. An option newly ruled out is one that shares an item with the
//! chosen option and was still live.

use std::fmt::Debug;
use std::ops::{BitAnd, BitOr, BitXor, Not};

use super::{estimate, Phase, Step};
use crate::problem::{Problem, NO_COLOR};
use lengths::{Lengths, Sum, Wide};

mod lengths;
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
mod simd;

/// The most items (primary and secondary) a problem may have for this search.
const MAX_ITEMS: usize = 128;
/// The most options. The levels' lists together can hold each option once per level, so this
/// bounds them (and the memory) at about 34 MB, where the links would need less.
const MAX_OPTIONS: usize = 1 << 16;

/// A set of items, one bit each: `u64` for problems of at most 64 items, whose steps are
/// the cheaper (in wasm above all), and `u128` for the rest.
pub(crate) trait Bits:
    Copy
    + Eq
    + Debug
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
{
    /// The empty set.
    const ZERO: Self;
    /// The number of items a set can hold.
    const WIDTH: usize;
    /// The set of item `k`.
    fn bit(k: u32) -> Self;
    /// The set of items `0..n`, for `n <= WIDTH`.
    fn first(n: usize) -> Self;
    /// The low and high 64 items.
    fn halves(self) -> [u64; 2];
    /// The set of the low and high 64 items `halves` (the high ones dropped by a `u64`).
    fn from_halves(halves: [u64; 2]) -> Self;
    /// Whether the two sets share an item.
    #[inline(always)]
    fn meets(self, other: Self) -> bool {
        self & other != Self::ZERO
    }
}

impl Bits for u64 {
    const ZERO: u64 = 0;
    const WIDTH: usize = 64;
    #[inline(always)]
    fn bit(k: u32) -> u64 {
        1 << (k & 63)
    }
    fn first(n: usize) -> u64 {
        u64::MAX.checked_shr(64 - n as u32).unwrap_or(0)
    }
    #[inline(always)]
    fn halves(self) -> [u64; 2] {
        [self, 0]
    }
    #[inline(always)]
    fn from_halves(halves: [u64; 2]) -> u64 {
        halves[0]
    }
}

impl Bits for u128 {
    const ZERO: u128 = 0;
    const WIDTH: usize = 128;
    #[inline(always)]
    fn bit(k: u32) -> u128 {
        1 << (k & 127)
    }
    fn first(n: usize) -> u128 {
        u128::MAX.checked_shr(128 - n as u32).unwrap_or(0)
    }
    #[inline(always)]
    fn halves(self) -> [u64; 2] {
        [self as u64, (self >> 64) as u64]
    }
    #[inline(always)]
    fn from_halves(halves: [u64; 2]) -> u128 {
        u128::from(halves[0]) | u128::from(halves[1]) << 64
    }
    /// With `simd128`, one `v128.and` and one `v128.any_true` instead of two 64-bit ANDs,
    /// an OR and a test.
    #[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
    #[inline(always)]
    fn meets(self, other: u128) -> bool {
        let v = |x: u128| simd::V128::from_halves(x.halves());
        v(self).meets(v(other))
    }
}

/// The search on masks of the narrowest width that holds the problem's items.
#[derive(Debug, Clone)]
pub(crate) enum Masks {
    /// At most 64 items.
    Narrow(Search<u64>),
    /// At most 128.
    Wide(Search<u128>),
}

impl Masks {
    /// Whether `problem` can be searched this way: few enough items and options, and no
    /// colors or multiplicities.
    pub(crate) fn fits(problem: &Problem) -> bool {
        problem.item_count() <= MAX_ITEMS
            && !problem.has_bounds()
            && problem.option_count() <= MAX_OPTIONS
            // No pass over the entries where no color was named: that pass was 6.7% of the
            // instructions of a first solution of 8 queens by item numbers, natively.
            && (!problem.has_colors()
                || (0..problem.option_count()).all(|k| {
                    problem.is_ignored(k)
                        || problem.option(k).iter().all(|e| e.color == NO_COLOR)
                }))
    }

    /// The search of `problem`, which [`Masks::fits`], with the options `forced` (sorted,
    /// without repeats, pairwise compatible) already chosen.
    pub(crate) fn new(problem: &Problem, forced: &[usize]) -> Masks {
        if Masks::narrow(problem) {
            Masks::Narrow(Search::new(problem, forced))
        } else {
            Masks::Wide(Search::new(problem, forced))
        }
    }

    /// The most heap memory this search holds at any point, in bytes (see
    /// [`Search::max_heap_bytes`]).
    pub(crate) fn max_heap_bytes(&self) -> usize {
        std::mem::size_of::<Masks>()
            + match self {
                Masks::Narrow(search) => search.max_heap_bytes(),
                Masks::Wide(search) => search.max_heap_bytes(),
            }
    }

    /// Whether `problem`'s items fit one `u64` (else two words a mask).
    fn narrow(problem: &Problem) -> bool {
        problem.item_count() <= u64::WIDTH
    }

    /// Lays out `problem`, which [`Masks::fits`], with the options `forced` (sorted, without
    /// repeats, pairwise compatible) already chosen, in this search's memory when the width
    /// is the same: a caller that searches one small problem after another allocates
    /// nothing once the lists have grown to fit.
    pub(crate) fn load(&mut self, problem: &Problem, forced: &[usize]) {
        let narrow = Masks::narrow(problem);
        match self {
            Masks::Narrow(search) if narrow => search.load(problem, forced),
            Masks::Wide(search) if !narrow => search.load(problem, forced),
            _ => *self = Masks::new(problem, forced),
        }
    }

    /// Starts the search again with the options `forced` (sorted, without repeats,
    /// pairwise compatible) already chosen, keeping the masks of the problem.
    pub(crate) fn restart(&mut self, forced: &[usize]) {
        match self {
            Masks::Narrow(search) => search.restart(forced),
            Masks::Wide(search) => search.restart(forced),
        }
    }

    /// Knuth's update count so far.
    pub(crate) fn updates(&self) -> u64 {
        match self {
            Masks::Narrow(search) => search.updates,
            Masks::Wide(search) => search.updates,
        }
    }

    /// Knuth's progress estimate, as [`crate::Solver::progress`] computes it.
    pub(crate) fn progress(&self) -> f64 {
        match self {
            Masks::Narrow(search) => search.progress(),
            Masks::Wide(search) => search.progress(),
        }
    }

    /// Whether nothing is left to search: the next step would end it.
    pub(crate) fn finished(&self) -> bool {
        match self {
            Masks::Narrow(search) => search.finished(),
            Masks::Wide(search) => search.finished(),
        }
    }

    /// Appends the options chosen at the levels, in level order (forced ones not included).
    pub(crate) fn chosen_into(&self, out: &mut Vec<usize>) {
        match self {
            Masks::Narrow(search) => out.extend(search.chosen()),
            Masks::Wide(search) => out.extend(search.chosen()),
        }
    }

    /// [`Search::search`] at the width in use.
    pub(crate) fn search(
        &mut self,
        nodes: &mut u64,
        stop: u64,
        rng: Option<&mut fastrand::Rng>,
    ) -> Step {
        match self {
            Masks::Narrow(search) => search.search(nodes, stop, rng),
            Masks::Wide(search) => search.search(nodes, stop, rng),
        }
    }
}

/// One level of the search: the options of the item branched on, and the ones left beside them.
#[derive(Debug, Clone, Copy)]
struct Level<B> {
    /// The items covered above this level.
    used: B,
    /// `pool[branch..branch + len]`: the live options that contain the item chosen, in input
    /// order.
    branch: u32,
    len: u32,
    /// `pool[rest..rest + rest_len]`: the live options that do not.
    rest: u32,
    rest_len: u32,
    /// The position in the branch of the option being tried.
    pos: u32,
    /// `counts[slot]` (or `lengths`' slot `slot`, where they are bit-sliced): this level's lengths.
    slot: u32,
}

/// The number of live options of each primary item (only the first `n1` are used).
type Counts = [u32; MAX_ITEMS];

/// The search state of one problem (see the module docs), its item sets of type `B`.
#[derive(Debug, Clone)]
pub(crate) struct Search<B> {
    /// Each option's items.
    masks: Vec<B>,
    /// Each option's size minus one.
    weights: Vec<u32>,
    /// The primary items.
    primary: B,
    /// How many primary items there are.
    n1: usize,
    levels: Vec<Level<B>>,
    /// The option lists of the levels, one after another, up to `end`, where the list of
    /// the level about to be entered ends. Never shorter than the lists need: it only grows.
    pool: Vec<u32>,
    end: usize,
    /// The number of live options of each primary item, one array per level that still needs
    /// its own: the last option of a level takes the level's array over, since the level is
    /// done with it, and so do all the levels with one option, instead of copying it.
    /// Slots only grow with depth, so `n1 + 1` of them are enough.
    ///
    /// Where there are more than 64 primary items, `lengths` holds them instead, bit-sliced,
    /// in the same slots (see [`Search::sliced`]).
    counts: Vec<Counts>,
    lengths: Lengths,
    /// The items covered at the level about to be entered.
    used: B,
    /// The slot of its counts.
    slot: u32,
    phase: Phase,
    /// Knuth's update count so far.
    updates: u64,
}

impl<B: Bits> Search<B> {
    /// The search of `problem`, which [`Masks::fits`] with at most `B::WIDTH` items, with the
    /// options `forced` (sorted, without repeats, pairwise compatible) already chosen.
    fn new(problem: &Problem, forced: &[usize]) -> Search<B> {
        let mut search = Search {
            masks: Vec::new(),
            weights: Vec::new(),
            primary: B::ZERO,
            n1: 0,
            levels: Vec::new(),
            pool: Vec::new(),
            end: 0,
            counts: Vec::new(),
            lengths: Lengths::new(),
            used: B::ZERO,
            slot: 0,
            phase: Phase::Forward,
            updates: 0,
        };
        search.load(problem, forced);
        search
    }

    /// The most heap memory this search holds at any point, in bytes: its arrays, with the
    /// levels' option lists grown as far as they can (each option once per level, for at
    /// most `n1 + 1` levels, and the root's), at most twice what they need as a `Vec` grows.
    fn max_heap_bytes(&self) -> usize {
        use crate::problem::bytes_of;
        let pool = self
            .pool
            .capacity()
            .max(2 * (self.n1 + 2) * self.masks.len());
        bytes_of(&self.masks)
            + bytes_of(&self.weights)
            + bytes_of(&self.levels)
            + bytes_of(&self.counts)
            + self.lengths.heap_bytes()
            + pool * std::mem::size_of::<u32>()
    }

    /// [`Search::new`] in this search's memory.
    fn load(&mut self, problem: &Problem, forced: &[usize]) {
        let n1 = problem.primary_count();
        self.masks.clear();
        self.weights.clear();
        // Each list filled by one `extend` of a known length, which tests its room once
        // (pushed one option at a time, both lists were a fifth of a first solution of 8
        // queens, natively). An option left out of the search gets no bit, which keeps it
        // out of every level's list.
        self.masks
            .extend(problem.options().enumerate().map(
                |(k, entries)| match problem.is_ignored(k) {
                    true => B::ZERO,
                    false => entries.iter().fold(B::ZERO, |m, e| m | B::bit(e.item)),
                },
            ));
        // An option's size is its mask's bits (its items are distinct), so the weights come
        // from the masks, not from a second pass over the entries; zero for a zero mask.
        self.weights.extend(self.masks.iter().map(|&mask| {
            let [low, high] = mask.halves();
            (low.count_ones() + high.count_ones()).saturating_sub(1)
        }));
        let options = self.masks.len();
        self.primary = B::first(n1);
        self.n1 = n1;
        self.levels.reserve(n1 + 1);
        self.pool.reserve(options);
        // Counts a level has not written are never read (see `try_option`), and `restart`
        // clears the first slot's: the kept ones need no clearing.
        self.counts.resize(n1 + 1, [0; MAX_ITEMS]);
        self.restart(forced);
    }

    /// Starts the search of the same problem again from the root, with the options `forced`
    /// (sorted, without repeats, pairwise compatible) already chosen: the masks are kept, so
    /// this costs one pass over the options (the setup of each task of a split).
    ///
    /// Forced options are chosen as the links choose them: each covers its items and rules
    /// out the live options that meet it. Being pairwise disjoint, together they rule out
    /// exactly the options that meet their union, so one pass does it, with the same update
    /// count as choosing them one by one.
    fn restart(&mut self, forced: &[usize]) {
        let mut used = B::ZERO;
        let mut updates = 0;
        for &option in forced {
            used = used | self.masks[option];
            updates += u64::from(self.weights[option]) + 1;
        }
        grow(&mut self.pool, self.masks.len());
        let mut end = 0;
        for (x, (&mask, &weight)) in self.masks.iter().zip(&self.weights).enumerate() {
            if mask & used != B::ZERO {
                updates += u64::from(weight);
            } else if mask != B::ZERO {
                // (A zero mask: an option left out of the search.)
                self.pool[end] = x as u32;
                end += 1;
            }
        }
        let counts = &mut self.counts[0];
        counts[..self.n1].fill(0);
        for &x in &self.pool[..end] {
            count(counts, self.masks[x as usize] & self.primary, 1);
        }
        if self.sliced() {
            self.lengths.reset(self.n1 + 1, &self.counts[0][..self.n1]);
        }
        self.end = end;
        self.levels.clear();
        self.used = used;
        self.slot = 0;
        self.phase = Phase::Forward;
        self.updates = updates;
    }

    /// Knuth's progress estimate, as [`crate::Solver::progress`] computes it.
    fn progress(&self) -> f64 {
        if self.phase == Phase::Finished {
            return 1.0;
        }
        estimate(self.levels.iter().map(|level| (level.len, level.pos)))
    }

    /// Whether the lengths are bit-sliced (`lengths`), as they are where there are more than
    /// 64 primary items (6x10 pentominoes), rather than counts (`counts`).
    ///
    /// Measured (`bench/README.md`): on the 6x10 pentominoes the planes take 36% off the
    /// time natively, 33% in wasm and 49% with `simd128`; with 64 primary items or fewer,
    /// planes (one `u64` each) took 11-18% off natively but gained nothing in wasm, for 4-7%
    /// more instructions natively: 12 queens and Langford 11 keep the counts.
    #[inline(always)]
    fn sliced(&self) -> bool {
        // Of the problem loaded, not of the lengths' state: a search reused for a problem
        // of 64 primary items or fewer must not read the planes its last problem left.
        B::WIDTH > 64 && self.n1 > 64
    }

    /// Whether nothing is left to search.
    fn finished(&self) -> bool {
        self.phase == Phase::Finished || (self.levels.is_empty() && self.phase != Phase::Forward)
    }

    /// The options chosen at the levels, in level order (forced ones not included).
    fn chosen(&self) -> impl Iterator<Item = usize> + '_ {
        self.levels
            .iter()
            .map(|level| self.pool[(level.branch + level.pos) as usize] as usize)
    }

    /// The search loop: returns at a solution, at the end, or when `nodes` reaches `stop`.
    /// `nodes` counts every level entered, solutions included, as Knuth's DLX1 does.
    ///
    /// A function of its own in wasm: inlined, both widths' loops make one big function of
    /// [`Masks::search`], which V8's Turbofan (Node 20 and 22) compiles 3-6% slower (the
    /// 8-queens count, `bench/calls/node.mjs`; Node 24 the same either way). Natively it
    /// stays inlined: out of line it is 1-2% slower.
    #[cfg_attr(target_arch = "wasm32", inline(never))]
    fn search(&mut self, nodes: &mut u64, stop: u64, mut rng: Option<&mut fastrand::Rng>) -> Step {
        loop {
            match self.phase {
                Phase::Forward => {
                    if *nodes >= stop {
                        return Step::Paused;
                    }
                    *nodes += 1;
                    let active = self.primary & !self.used;
                    if active == B::ZERO {
                        self.phase = Phase::Recover;
                        return Step::Solution;
                    }
                    self.enter(active, rng.as_deref_mut());
                    self.phase = Phase::Advance;
                }
                Phase::Advance => {
                    let Some(&level) = self.levels.last() else {
                        self.phase = Phase::Finished;
                        continue;
                    };
                    if level.pos == level.len {
                        self.levels.pop();
                        self.phase = Phase::Recover;
                    } else {
                        self.try_option(level);
                        self.phase = Phase::Forward;
                    }
                }
                Phase::Recover => {
                    let Some(level) = self.levels.last_mut() else {
                        self.phase = Phase::Finished;
                        continue;
                    };
                    level.pos += 1;
                    self.phase = Phase::Advance;
                }
                Phase::Finished => return Step::Done,
            }
        }
    }

    /// Enters a level: chooses an item by MRV among the `active` primary items and covers
    /// it, splitting the live list into the item's options (copied after it, to branch on)
    /// and the rest (kept in place, in order).
    #[allow(unsafe_code)]
    #[inline(always)]
    fn enter(&mut self, active: B, rng: Option<&mut fastrand::Rng>) {
        let slot = self.slot as usize;
        let sliced = self.sliced();
        // Counts are kept where the primary items fit in 64 (see `sliced`): of the low half
        // alone, one loop an option instead of two.
        let counts = &mut self.counts[slot];
        let item = match rng {
            None if sliced => self
                .lengths
                .shortest(slot, Wide::from_halves(active.halves())),
            _ => {
                if sliced {
                    // Random ties (rarer): the lengths as counts, for `choose`.
                    self.lengths.unpack(slot, counts);
                }
                choose(counts, active.halves(), rng)
            }
        };
        let start = self
            .levels
            .last()
            .map_or(0, |l| (l.branch + l.len) as usize);
        let end = self.end;
        grow(&mut self.pool, 2 * end - start);
        // The tables in locals: the loops below store into the pool and the counts, which
        // could alias the fields as far as the compiler knows, so it would load them again
        // on every pass.
        let (masks, weights, primary) = (&self.masks[..], &self.weights[..], self.primary);
        let (head, tail) = self.pool.split_at_mut(end);
        // The item's half of every mask, read alone: one 64-bit load an option where the
        // whole `u128` would be two and a select (the half is the same for every option).
        // SAFETY: the pool holds only option indices, and `grow` above made it `2 * end -
        // start` long, so `tail` is at least `head.len() - start` long.
        let taken = unsafe {
            if B::WIDTH > 64 && item >= 64 {
                split::<B, 1>(masks, head, tail, start, item)
            } else {
                split::<B, 0>(masks, head, tail, start, item)
            }
        };
        let kept = end - taken;
        let taken_list = &tail[..taken];
        let mut updates = 1;
        if sliced {
            updates += uncount(&mut self.lengths, slot, slot, masks, weights, taken_list);
        } else {
            for &x in taken_list {
                // SAFETY: `x` is an option index, read from the pool (see `at`).
                let (weight, mask) = unsafe { (*at(weights, x), *at(masks, x)) };
                updates += u64::from(weight);
                count(counts, (mask & primary).halves()[0], u32::MAX);
            }
        }
        self.updates += updates;
        self.levels.push(Level {
            used: self.used,
            branch: end as u32,
            len: taken as u32,
            rest: start as u32,
            rest_len: (kept - start) as u32,
            pos: 0,
            slot: self.slot,
        });
        self.end = end + taken;
    }

    /// Tries the option at `level.pos` of the top level: the next level's list is this
    /// level's rest without the options that meet it, and its counts are this level's
    /// without theirs.
    #[allow(unsafe_code)]
    #[inline(always)]
    fn try_option(&mut self, level: Level<B>) {
        let after = (level.branch + level.len) as usize;
        let (rest, rest_len) = (level.rest as usize, level.rest_len as usize);
        grow(&mut self.pool, after + rest_len);
        let sliced = self.sliced();
        // The tables in locals, as in `enter`.
        let (masks, weights, primary) = (&self.masks[..], &self.weights[..], self.primary);
        let (head, tail) = self.pool.split_at_mut(after);
        let option = head[(level.branch + level.pos) as usize] as usize;
        let chosen = masks[option];
        let list = &head[rest..rest + rest_len];
        // An option whose items are all in the low half (most of them where few items are
        // above 64: 6x10 pentominoes, 12 queens) is tested against the low half of each mask
        // alone: one 64-bit load and AND an option instead of two, and one register less in
        // V8's loop. `black_box` hides from LLVM that the high half is empty in this branch,
        // which it otherwise uses to fold the test back into `mask.meets(chosen)`, both halves
        // loaded (the wasm then had two identical loops); on `low` instead, it cost a load of
        // `low` from memory an option.
        let [low, high] = chosen.halves();
        // SAFETY: `list` is part of the pool, which holds only option indices, and `grow`
        // above made `tail` at least `rest_len = list.len()` long.
        let kept = unsafe {
            if B::WIDTH > 64 && std::hint::black_box(high == 0) {
                sift(masks, list, tail, |mask: B| mask.halves()[0] & low != 0)
            } else {
                sift(masks, list, tail, |mask: B| mask.meets(chosen))
            }
        };
        let gone_list = &tail[kept..rest_len];
        let slot = level.slot as usize;
        // The level's last option takes the level's slot over: its lengths are not needed
        // again.
        self.slot = level.slot + u32::from(level.pos + 1 != level.len);
        let next = self.slot as usize;
        let mut updates = u64::from(weights[option]);
        if sliced {
            updates += uncount(&mut self.lengths, slot, next, masks, weights, gone_list);
        } else {
            let counts = if next == slot {
                &mut self.counts[slot]
            } else {
                let (above, below) = self.counts.split_at_mut(slot + 1);
                // Only the items the next level can still choose: the others' counts are
                // never read again below this level.
                copy_counts(
                    &above[slot],
                    &mut below[0],
                    (primary & !(level.used | chosen)).halves()[0],
                );
                &mut below[0]
            };
            for &x in gone_list {
                // SAFETY: `x` is an option index, read from the pool (see `at`).
                let (weight, mask) = unsafe { (*at(weights, x), *at(masks, x)) };
                updates += u64::from(weight);
                count(counts, (mask & primary).halves()[0], u32::MAX);
            }
        }
        self.updates += updates;
        self.used = level.used | chosen;
        self.end = after + kept;
    }
}

/// `enter`'s partition of `head[start..]` by item `item`, held in half `HALF` of the masks:
/// the options that contain it are copied to the front of `tail`, in order, the others
/// kept in `head` from `start` on, in order; returns how many went to `tail`.
///
/// The half is a constant, so each option costs one 64-bit load and shift: a test of the
/// whole `u128` (`mask & B::bit(item) != 0`) is, as LLVM rewrites it, a 128-bit shift by a
/// variable amount, which wasm has no instruction for (a call to compiler-rt's `__lshrti3`
/// returning its result through memory: 6.6% of a 12-queens count in Node 20, in the
/// callee alone), and a test of the half chosen at run time loaded both halves and
/// selected one, for every option (`bench/README.md`).
///
/// # Safety
/// Every index in `head[start..]` is an option index, below `masks.len()`, and `tail` is at
/// least `head.len() - start` long.
#[allow(unsafe_code)]
#[inline(always)]
unsafe fn split<B: Bits, const HALF: usize>(
    masks: &[B],
    head: &mut [u32],
    tail: &mut [u32],
    start: usize,
    item: u32,
) -> usize {
    let shift = item & 63;
    // One counter: of the options before `k`, `taken` went to the branch and the other
    // `k - start - taken` stayed, so the next one kept goes to `k - taken`.
    let mut taken = 0;
    for k in start..head.len() {
        // Written to both places; only the right one moves on.
        let x = head[k];
        // SAFETY: `x` is an option index (this function's contract); `k - taken <= k <
        // head.len()`, and `taken <= k - start < tail.len()` by the contract on `tail`.
        let has = unsafe { at(masks, x) }.halves()[HALF] >> shift & 1 != 0;
        unsafe {
            put(head, k - taken, x);
            put(tail, taken, x);
        }
        taken += usize::from(has);
    }
    taken
}

/// `try_option`'s partition of `list` by `meets`: the options that do not meet the chosen
/// one are copied to the front of `to`, in order, the others to its back, from the end down
/// (in reverse order); returns how many were kept.
///
/// # Safety
/// Every index in `list` is an option index, below `masks.len()`, and `to` is at least
/// `list.len()` long.
#[allow(unsafe_code)]
#[inline(always)]
unsafe fn sift<B: Bits>(
    masks: &[B],
    list: &[u32],
    to: &mut [u32],
    meets: impl Fn(B) -> bool,
) -> usize {
    // The kept options go to the front of `to`, at `kept`, and the others to its back, from
    // the end down, at `back`. After `k` options, `kept + (last - back) = k`, so neither
    // write reaches what the other has written: `kept <= back + 1`. Both loops below write
    // only within `to`: at the `k`-th option (`k < len`), `kept <= k` (it moves by 0 or 1 an
    // option), `back <= last` (it starts there and moves by 0 or -1), and `back >= kept`
    // (from the sum above, `back = last - k + kept >= kept` while `k <= last`).
    debug_assert!(to.len() >= list.len());
    //
    // On `u128`s, the write positions are pointers, not indices into `to`: in wasm an index
    // is an address computed for each store (V8 adds `to` and the scaled index, then the
    // memory's base), and moving a pointer by the flag costs what moving the index did.
    // Measured on the 6x10 pentominoes (CPU time, both builds in turns): 4.8% off the count
    // in Node, natively the same (`bench/README.md`). On `u64`s natively, LLVM's loop on
    // pointers runs 4.3% more instructions (Langford 11): indices there.
    if B::WIDTH > 64 {
        let start = to.as_mut_ptr();
        let mut kept = start;
        // (Wrapping: one before `start` for an empty list, or once every option has gone
        // to the back; never written there.)
        let mut back = start.wrapping_add(list.len()).wrapping_sub(1);
        for &x in list {
            // SAFETY: `x` is an option index (this function's contract).
            let meets = meets(*unsafe { at(masks, x) });
            // SAFETY: `start <= kept <= back <= start + last` (the bounds above), and the
            // contract makes `to` at least `list.len()` long.
            unsafe {
                kept.write(x);
                back.write(x);
            }
            let keep = usize::from(!meets);
            kept = kept.wrapping_add(keep);
            back = back.wrapping_add(keep).wrapping_sub(1);
        }
        return (kept as usize - start as usize) / std::mem::size_of::<u32>();
    }
    let mut kept = 0;
    let mut back = list.len().wrapping_sub(1);
    for &x in list {
        // SAFETY: `x` is an option index (this function's contract); `kept <= back <=
        // last` (the bounds above), and the contract makes `to` at least `list.len()` long.
        let meets = meets(*unsafe { at(masks, x) });
        unsafe {
            put(to, kept, x);
            put(to, back, x);
        }
        // One flag for both steps: `back` moves down by `1 - keep`, not by a flag of its
        // own (in wasm, V8 tested, set and zero-extended a second one).
        let keep = usize::from(!meets);
        kept += keep;
        back = back.wrapping_add(keep).wrapping_sub(1);
    }
    kept
}

/// `list[k] = x` where the caller knows `k < list.len()`: the partitions above write each
/// option to two lists and move on in one, so neither index passes the number of options
/// read so far, which the lists are grown to hold first.
///
/// Measured: without the bounds checks of `put` and [`at`], langford11 runs 484 M instructions
/// natively instead of 543 M (callgrind), and the wasm build in Node beats npm
/// `dancing-links` by 3.24x instead of 2.85x on queens12 and 2.91x instead of 2.43x on
/// langford11 (both builds and npm timed in the same interleaved run).
///
/// # Safety
/// `k < list.len()`.
#[allow(unsafe_code)]
#[inline(always)]
unsafe fn put(list: &mut [u32], k: usize, x: u32) {
    debug_assert!(k < list.len());
    // SAFETY: the caller guarantees `k < list.len()`.
    unsafe { *list.get_unchecked_mut(k) = x }
}

/// `table[x]` for an option `x`, without a bounds check.
///
/// # Safety
/// `x < table.len()`. It holds for every entry of a [`Search`]'s `pool` and branch
/// lists, which only ever hold option indices (`pool` starts as `0..options`, and every
/// other entry is copied from it), looked up in `masks` and `weights`, which have one entry
/// per option. Those arrays are private to this module and never shrink during a search.
#[allow(unsafe_code)]
#[inline(always)]
unsafe fn at<T>(table: &[T], x: u32) -> &T {
    debug_assert!((x as usize) < table.len());
    // SAFETY: the caller guarantees `x < table.len()`.
    unsafe { table.get_unchecked(x as usize) }
}

/// Makes `list` at least `len` long.
#[inline(always)]
fn grow(list: &mut Vec<u32>, len: usize) {
    if list.len() < len {
        list.resize(len, 0);
    }
}

/// Adds `step` (1, or `u32::MAX` to subtract 1) to the count of each item of `mask`.
#[inline(always)]
fn count<B: Bits>(counts: &mut Counts, mask: B, step: u32) {
    let [mut low, mut high] = mask.halves();
    while low != 0 {
        let k = low.trailing_zeros() as usize & 63;
        counts[k] = counts[k].wrapping_add(step);
        low &= low - 1;
    }
    while high != 0 {
        let k = 64 + (high.trailing_zeros() as usize & 63);
        counts[k] = counts[k].wrapping_add(step);
        high &= high - 1;
    }
}

/// `to[k] = from[k]` for each item `k` of `items`. A loop over the set's bits rather than a
/// copy of a prefix: in wasm a copy whose length is known only at run time is a `memory.copy`,
/// which V8 runs as a call out of the module, dearer than the few items a deep level has left.
#[inline(always)]
fn copy_counts<B: Bits>(from: &Counts, to: &mut Counts, items: B) {
    for (half, base) in items.halves().into_iter().zip([0, 64]) {
        let mut left = half;
        while left != 0 {
            let k = base + (left.trailing_zeros() as usize & 63);
            to[k] = from[k];
            left &= left - 1;
        }
    }
}

/// Slot `to` of `lengths` = slot `from` (`from` may be `to`) without the options `list`;
/// returns the sum of their weights.
///
/// The options are summed [`Sum::CAPACITY`] at a time, each sum subtracted at once; the
/// first subtraction reads slot `from`, so that one pass copies and subtracts (an empty
/// `list` is one subtraction of nothing: a copy). Out of line in wasm: inlined into `enter`
/// and `try_option`, its unrolled steps made the modules 0.5 KB larger (gzipped).
#[allow(unsafe_code)]
#[inline(never)]
fn uncount<B: Bits>(
    lengths: &mut Lengths,
    from: usize,
    to: usize,
    masks: &[B],
    weights: &[u32],
    list: &[u32],
) -> u64 {
    let mut updates = 0;
    let mut source = from;
    let mut rest = list;
    loop {
        let (head, after) = rest.split_at(rest.len().min(Sum::CAPACITY));
        let mut sum = Sum::new();
        for &x in head {
            // SAFETY: `x` is an option index, read from the pool (see `at`).
            let (weight, mask) = unsafe { (*at(weights, x), *at(masks, x)) };
            updates += u64::from(weight);
            // Secondary items too: their lengths are never read (MRV looks at primary items
            // only), and each bit position is a number of its own, so they disturb no other.
            sum.add(Wide::from_halves(mask.halves()));
        }
        lengths.subtract(source, to, &sum);
        source = to;
        rest = after;
        if rest.is_empty() {
            return updates;
        }
    }
}

/// MRV over the `active` primary items: the one with the fewest live options, ties to the
/// leftmost, or with `rng` to a uniformly random one, drawing exactly as the links do.
#[inline(always)]
fn choose(counts: &Counts, active: [u64; 2], rng: Option<&mut fastrand::Rng>) -> u32 {
    if let Some(rng) = rng {
        return choose_at_random(counts, active, rng);
    }
    // The least of `length * 128 + item` is the shortest item, ties to the leftmost: a
    // minimum without branches (items are below 128, lengths at most 2^16).
    let mut key = u32::MAX;
    for (half, base) in active.into_iter().zip([0, 64]) {
        let mut left = half;
        while left != 0 {
            let item = base + (left.trailing_zeros() & 63);
            left &= left - 1;
            key = key.min(counts[item as usize] << 7 | item);
        }
    }
    key & 127
}

/// [`choose`] with `rng`. Out of line in wasm, one copy for both widths (the modules are
/// 0.2 KB smaller, gzipped); natively inlined, as it was.
#[cfg_attr(target_arch = "wasm32", inline(never))]
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn choose_at_random(counts: &Counts, active: [u64; 2], rng: &mut fastrand::Rng) -> u32 {
    let mut best = 0;
    let mut min = u32::MAX;
    let mut ties = 0u32;
    // The two halves in turn: 64-bit steps are cheaper than 128-bit ones, in wasm above all.
    for (half, base) in active.into_iter().zip([0, 64]) {
        let mut left = half;
        while left != 0 {
            let item = base + (left.trailing_zeros() & 63);
            left &= left - 1;
            let len = counts[item as usize];
            if len < min {
                best = item;
                min = len;
                ties = 1;
                if len == 0 {
                    return best;
                }
            } else if len == min {
                ties += 1;
                if rng.u32(..ties) == 0 {
                    best = item;
                }
            }
        }
    }
    best
}

// proptest is a native dev-dependency only.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    //! The masks against the links: the same steps, solutions, statistics and progress.
    use crate::puzzles::{langford, pentominoes, polyomino_tiling, queens};
    use crate::{Problem, ProblemBuilder, Solver, SolverOptions, Step};
    use proptest::prelude::*;

    /// Everything one solver reports, step by step, searching in slices of `budget` nodes.
    fn steps(mut solver: Solver, budget: u64) -> Vec<(Step, u64, u64, u64, Vec<usize>, u64)> {
        let mut out = Vec::new();
        loop {
            let step = solver.run(budget);
            let stats = solver.stats();
            let solution = if step == Step::Solution {
                solver.solution()
            } else {
                Vec::new()
            };
            // Progress compared to 1e-12, as bits.
            let progress = (solver.progress() * 1e12).round() as u64;
            out.push((
                step,
                stats.nodes,
                stats.updates,
                stats.solutions,
                solution,
                progress,
            ));
            if step == Step::Done {
                return out;
            }
        }
    }

    /// Asserts that the masks and the links search `problem` under `options` alike.
    fn same(problem: &Problem, options: &SolverOptions, budget: u64) {
        let masks = Solver::with_options(problem, options).unwrap();
        assert!(
            masks.uses_masks(),
            "the problem should be searched on masks"
        );
        let links = Solver::linked(problem, options).unwrap();
        assert!(!links.uses_masks());
        assert_eq!(steps(masks, budget), steps(links, budget));
    }

    /// Random problems; with `wide`, 64 more secondary items that no option uses, so that
    /// the search runs on `u128`s; else maybe more primary items first, each in one option of
    /// its own, so that there are more than 64 primary items (the lengths are bit-sliced) and
    /// the random ones straddle the two halves of the planes.
    fn problem() -> impl Strategy<Value = Problem> {
        (1usize..=8, 0usize..=4, 0u8..3).prop_flat_map(|(primary, secondary, mode)| {
            let items = primary + secondary;
            let option = prop::collection::btree_set(0..items, 1..=items.min(4));
            prop::collection::vec(option, 0..=24).prop_map(move |options| {
                // (`unused` secondary items, `extra` primary ones.)
                let (unused, extra) = match mode {
                    0 => (0, 0),
                    1 => (64, 0),
                    _ => (0, 64 - primary / 2),
                };
                // The random options' items move up past the extra ones.
                let item = |k: usize| k + extra;
                let mut b = ProblemBuilder::new(primary + extra, secondary + unused).unwrap();
                for option in options {
                    let option: Vec<usize> = option.into_iter().map(item).collect();
                    // An option with no primary item is kept, left out of the search.
                    b.add_option(&option).unwrap();
                }
                for k in 0..extra {
                    b.add_option(&[k]).unwrap();
                }
                b.build()
            })
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(1000))]

        #[test]
        fn masks_search_as_the_links_do(
            problem in problem(),
            seed in prop::option::of(any::<u64>()),
            force in prop::option::of(any::<prop::sample::Index>()),
            budget in 1u64..6,
        ) {
            let forced: Vec<usize> = force
                .filter(|_| problem.option_count() > 0)
                .map(|k| vec![k.index(problem.option_count())])
                .unwrap_or_default();
            let ignored = forced.iter().any(|&k| problem.is_ignored(k));
            let options = SolverOptions { seed, forced, ..Default::default() };
            if ignored {
                // An option left out of the search cannot be forced, on either.
                let refused = |e: crate::Error| e.code() == "forced_ignored";
                prop_assert!(Solver::with_options(&problem, &options).err().is_some_and(refused));
                prop_assert!(Solver::linked(&problem, &options).err().is_some_and(refused));
                return Ok(());
            }
            same(&problem, &options, budget);
        }
    }

    /// A solver reused from a problem whose lengths are bit-sliced (more than 64 primary
    /// items) for one searched on `u128`s with 64 primary items or fewer (12 queens: 24
    /// primary, 66 items) searches that one as a new solver does, not on the planes the
    /// first left.
    #[test]
    fn a_reused_solver_leaves_its_planes_behind() {
        let sliced = polyomino_tiling(&pentominoes(), 3, 20).unwrap();
        let wide = queens(12).unwrap();
        assert!(
            sliced.primary_count() > 64 && wide.item_count() > 64 && wide.primary_count() <= 64
        );
        let options = SolverOptions::default();
        let mut reused = Solver::with_options(&sliced, &options).unwrap();
        assert!(reused.uses_masks());
        reused.run(1_000);
        reused.reload(&wide, &options).unwrap();
        assert!(reused.uses_masks());
        let fresh = Solver::with_options(&wide, &options).unwrap();
        assert_eq!(steps(reused, 5_000), steps(fresh, 5_000));
    }

    #[test]
    fn puzzles_search_as_the_links_do() {
        // The last two have more than 64 items.
        let wide = [
            queens(12).unwrap(),
            polyomino_tiling(&pentominoes(), 3, 20).unwrap(),
        ];
        assert!(wide.iter().all(|p| p.item_count() > 64));
        for problem in [queens(6).unwrap(), langford(7).unwrap()]
            .into_iter()
            .chain(wide)
        {
            same(&problem, &SolverOptions::default(), u64::MAX);
            let seeded = SolverOptions {
                seed: Some(7),
                ..Default::default()
            };
            same(&problem, &seeded, 1000);
            let forced = SolverOptions {
                forced: vec![3, 0],
                ..Default::default()
            };
            if Solver::with_options(&problem, &forced).is_ok() {
                same(&problem, &forced, u64::MAX);
            }
        }
    }

    #[test]
    fn the_widest_problems_use_both_halves() {
        // 128 primary items in pairs, with single options for the last two: two solutions.
        let mut b = ProblemBuilder::new(128, 0).unwrap();
        for k in 0..64 {
            b.add_option(&[2 * k, 2 * k + 1]).unwrap();
        }
        b.add_option(&[126]).unwrap();
        b.add_option(&[127]).unwrap();
        let problem = b.build();
        same(&problem, &SolverOptions::default(), 7);
        assert_eq!(Solver::new(&problem).count_solutions(), 2);

        // One item more and the links search it; so they do with too many options.
        let mut b = ProblemBuilder::new(128, 1).unwrap();
        b.add_option(&[0, 128]).unwrap();
        assert!(!Solver::new(&b.build()).uses_masks());
        let mut b = ProblemBuilder::new(1, 0).unwrap();
        for _ in 0..=super::MAX_OPTIONS {
            b.add_option(&[0]).unwrap();
        }
        assert!(!Solver::new(&b.build()).uses_masks());
    }

    #[test]
    fn colors_go_to_the_links() {
        let problem = Problem::parse("a | x\na x:red\na x:blue\n").unwrap();
        assert!(!Solver::new(&problem).uses_masks());
        // A color only on an option left out of the search: the masks, as without colors.
        let problem = Problem::parse("a | x\na x\nx:red\n").unwrap();
        assert!(problem.has_colors() && problem.is_ignored(1));
        assert!(Solver::new(&problem).uses_masks());
        // The color of a refused option is forgotten with it: none named, the masks.
        let mut b = ProblemBuilder::new(1, 1).unwrap();
        assert!(b
            .add_colored_option(&[(1, Some("red")), (1, None)])
            .is_err());
        b.add_option(&[0, 1]).unwrap();
        let problem = b.build();
        assert!(!problem.has_colors());
        assert!(Solver::new(&problem).uses_masks());
        assert_eq!(Solver::new(&problem).count_solutions(), 1);
    }
}
