//! Almost locked sets (ALS): `k` cells of one region holding `k + 1` symbols between them.
//! Take one symbol away and the others fill the cells. The techniques here join sets by a
//! restricted common candidate `x` (every `x` of one set sees every `x` of the other, so at
//! most one set holds it, and the other is locked without it): ALS-XZ (two sets, singly or
//! doubly linked), ALS-XY-Wing (three), death blossom (a cell whose every candidate is
//! such a link to a set of its own), and Sue de Coq (two sets sharing the cells where two
//! regions meet). The discovery of the sets is here too, for ALS wings
//! ([`super::wings::als_wing`]) as well.
//!
//! None of these is in Sudoku Explainer, which proves the same eliminations with chains
//! and forcing chains; see [`Technique::base_score`] for how they are scored.
//!
//! Cells are bit sets of as many 64-cell words as the grid needs (see `by_width`), so the
//! finders run on every size and variant.

use super::grid::{bit, values, Context, Grid};
use super::pattern::{self, House, HouseRole, Link, Role};
use super::step::{Candidate, Step, Technique};
use super::subsets::{combinations, pattern};

/// Calls `visit` with the region, the cells (ascending in the region's order) and the
/// symbols of each almost locked set of `size` cells whose cells each hold at most
/// `size + 1` candidates. A set of up to three cells that lies in two regions is visited
/// once (for the first).
pub(crate) fn each_als(
    ctx: &Context,
    g: &Grid,
    size: usize,
    mut visit: impl FnMut(usize, &[usize], u32),
) {
    let mut seen_sets: Vec<Vec<usize>> = Vec::new();
    for r in 0..ctx.layout.region_count() {
        let cells: Vec<usize> = ctx
            .layout
            .region_cells(r)
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| {
                g.values[c] == 0 && (2..=size as u32 + 1).contains(&g.cand[c].count_ones())
            })
            .collect();
        combinations(cells.len(), size, |pick| {
            let union = pick.iter().fold(0, |m, &i| m | g.cand[cells[i]]);
            if union.count_ones() as usize != size + 1 {
                return false;
            }
            let set: Vec<usize> = pick.iter().map(|&i| cells[i]).collect();
            if seen_sets.contains(&set) {
                return false;
            }
            if ctx.layout.region_count() > 1 && set.len() <= 3 {
                seen_sets.push(set.clone());
            }
            visit(r, &set, union);
            false
        });
    }
}

/// A set of cells, as bits: `W` words of 64 cells. The finders take the fewest words that
/// hold the grid's cells ([`by_width`]): 2 on 9x9, 4 on 16x16, 6 on Samurai, 10 on 25x25.
type Cells<const W: usize> = [u64; W];

fn add<const W: usize>(s: &mut Cells<W>, c: usize) {
    s[c / 64] |= 1 << (c % 64);
}

fn and<const W: usize>(a: &Cells<W>, b: &Cells<W>) -> Cells<W> {
    std::array::from_fn(|i| a[i] & b[i])
}

fn minus<const W: usize>(a: &Cells<W>, b: &Cells<W>) -> Cells<W> {
    std::array::from_fn(|i| a[i] & !b[i])
}

fn or<const W: usize>(a: &Cells<W>, b: &Cells<W>) -> Cells<W> {
    std::array::from_fn(|i| a[i] | b[i])
}

fn is_empty<const W: usize>(a: &Cells<W>) -> bool {
    a.iter().all(|&w| w == 0)
}

fn members<const W: usize>(a: &Cells<W>) -> impl Iterator<Item = usize> + '_ {
    super::grid::members(a)
}

/// The most words of cells a layout needs: 640 cells, more than the largest layouts hold
/// (25x25, 625 cells; Samurai, 369).
pub(super) const MAX_WORDS: usize = 10;

/// Calls the finder `$f` with cell sets of the fewest words (of 2, 4, 6 and
/// [`MAX_WORDS`]) that hold the grid's cells, so that the small grids pay for no more words
/// than they need; `None` for a grid of more cells than [`MAX_WORDS`] hold (no layout has
/// that many: `every_layout_fits_the_widest_cell_sets` in the tests).
macro_rules! by_width {
    ($f:ident, $ctx:expr, $g:expr) => {
        match $g.values.len().div_ceil(64) {
            0..=2 => $f::<2>($ctx, $g),
            3..=4 => $f::<4>($ctx, $g),
            5..=6 => $f::<6>($ctx, $g),
            7..=MAX_WORDS => $f::<MAX_WORDS>($ctx, $g),
            _ => None,
        }
    };
}

/// What the finders read, worked out once per call: each cell's peers and each symbol's
/// candidate cells, as bit sets.
struct Board<const W: usize> {
    peers: Vec<Cells<W>>,
    /// `holds[v - 1]`: the cells with candidate `v`.
    holds: Vec<Cells<W>>,
}

impl<const W: usize> Board<W> {
    fn new(ctx: &Context, g: &Grid) -> Board<W> {
        let peers = (0..g.values.len())
            .map(|c| {
                let mut s = [0; W];
                ctx.peers(c).for_each(|p| add(&mut s, p));
                s
            })
            .collect();
        let mut holds = vec![[0; W]; ctx.n];
        for (c, &m) in g.cand.iter().enumerate() {
            for v in values(m) {
                add(&mut holds[usize::from(v) - 1], c);
            }
        }
        Board { peers, holds }
    }

    /// The cells that see every cell of `cells` (none of them, then).
    fn seeing_all(&self, cells: &Cells<W>) -> Cells<W> {
        let mut s = [u64::MAX; W];
        for c in members(cells) {
            s = and(&s, &self.peers[c]);
        }
        s
    }
}

/// An almost locked set with what the finders ask of it.
struct Als<const W: usize> {
    region: usize,
    cells: Vec<usize>,
    set: Cells<W>,
    union: u32,
    /// `by[v - 1]`: its cells with candidate `v` (for `v` in `union`).
    by: Vec<Cells<W>>,
    /// `seen[v - 1]`: the cells that see every one of `by[v - 1]`.
    seen: Vec<Cells<W>>,
}

/// Every almost locked set of 1 to `max` cells.
fn all_als<const W: usize>(ctx: &Context, g: &Grid, b: &Board<W>, max: usize) -> Vec<Als<W>> {
    let mut out = Vec::new();
    for size in 1..=max {
        each_als(ctx, g, size, |region, cells, union| {
            let mut set = [0; W];
            cells.iter().for_each(|&c| add(&mut set, c));
            let mut by = vec![[0; W]; ctx.n];
            let mut seen = vec![[0; W]; ctx.n];
            for v in values(union) {
                let i = usize::from(v) - 1;
                by[i] = and(&set, &b.holds[i]);
                seen[i] = b.seeing_all(&by[i]);
            }
            out.push(Als {
                region,
                cells: cells.to_vec(),
                set,
                union,
                by,
                seen,
            });
        });
    }
    out
}

/// The largest sets the finders build: every size on 9x9 and smaller, fewer above, where
/// the count of sets grows fast.
fn max_als(n: usize) -> usize {
    if n <= 9 {
        n - 1
    } else {
        4
    }
}

impl<const W: usize> Als<W> {
    /// The symbols that are restricted common candidates of `self` and `other` (disjoint
    /// sets): in both, and every cell of one holding it sees every cell of the other
    /// holding it.
    fn restricted(&self, other: &Als<W>) -> u32 {
        values(self.union & other.union)
            .filter(|&v| {
                let i = usize::from(v) - 1;
                is_empty(&minus(&other.by[i], &self.seen[i]))
            })
            .fold(0, |m, v| m | bit(v))
    }

    fn candidates(&self, g: &Grid) -> Vec<Candidate> {
        pattern(g, &self.cells, u32::MAX)
    }
}

/// The candidates `v` in `cells`.
fn cands<const W: usize>(cells: &Cells<W>, v: u8) -> Vec<Candidate> {
    members(cells)
        .map(|cell| Candidate { cell, value: v })
        .collect()
}

/// The weak links of symbol `x` between the cells of `a` and of `b` holding it.
fn weak_links<const W: usize>(a: &Als<W>, b: &Als<W>, x: u8) -> Vec<Link> {
    let i = usize::from(x) - 1;
    let mut links = Vec::new();
    for from in cands(&a.by[i], x) {
        for to in cands(&b.by[i], x) {
            links.push(Link::plain(from, to, false));
        }
    }
    links
}

/// Eliminations of `z` from the cells outside `exclude` that see every `z` of `sets`.
fn z_eliminations<const W: usize>(
    b: &Board<W>,
    sets: &[&Als<W>],
    z: u8,
    exclude: &Cells<W>,
) -> Cells<W> {
    let i = usize::from(z) - 1;
    let mut targets = minus(&b.holds[i], exclude);
    for s in sets {
        targets = and(&targets, &s.seen[i]);
    }
    targets
}

/// Eliminations of each symbol of `zs` from the cells outside `exclude` that see every
/// place of it in every set of `sets` ([`z_eliminations`]), as candidates.
fn common_eliminations<const W: usize>(
    b: &Board<W>,
    sets: &[&Als<W>],
    zs: u32,
    exclude: &Cells<W>,
) -> Vec<Candidate> {
    values(zs)
        .flat_map(|z| cands(&z_eliminations(b, sets, z, exclude), z))
        .collect()
}

/// For each set, the sets disjoint from it that it is joined to by restricted common
/// candidates, with those candidates' mask.
fn joins<const W: usize>(sets: &[Als<W>]) -> Vec<Vec<(usize, u32)>> {
    sets.iter()
        .map(|s| {
            sets.iter()
                .enumerate()
                .filter(|(_, t)| is_empty(&and(&s.set, &t.set)))
                .map(|(j, t)| (j, s.restricted(t)))
                .filter(|&(_, r)| r != 0)
                .collect()
        })
        .collect()
}

/// Fills a step's pattern from its sets: each set's candidates with `role`, the sets'
/// regions as base houses, the cells and candidates.
fn describe<const W: usize>(ctx: &Context, g: &Grid, step: &mut Step, sets: &[(&Als<W>, Role)]) {
    let mut cells: Vec<usize> = Vec::new();
    for (s, role) in sets {
        step.roles.extend(pattern::all(&s.candidates(g), *role));
        cells.extend(&s.cells);
        let house = House {
            region: ctx.layout.region_name(s.region),
            role: HouseRole::Base,
        };
        if !step.houses.contains(&house) {
            step.houses.push(house);
        }
    }
    crate::sort::sort(&mut cells);
    cells.dedup();
    step.candidates = pattern(g, &cells, u32::MAX);
    step.cells = cells;
    step.regions = step.houses.iter().map(|h| h.region).collect();
}

/// The best pattern a finder has met: the fewest cells, then the most eliminations.
struct Best<T> {
    size: usize,
    eliminations: Vec<Candidate>,
    found: Option<T>,
}

impl<T> Best<T> {
    fn new() -> Best<T> {
        Best {
            size: usize::MAX,
            eliminations: Vec::new(),
            found: None,
        }
    }

    /// Whether a pattern of `size` cells can still be the best.
    fn open(&self, size: usize) -> bool {
        size <= self.size
    }

    /// Keeps the pattern `found` makes, of `size` cells removing `e`, if it is better.
    fn offer(&mut self, size: usize, e: Vec<Candidate>, found: impl FnOnce() -> T) {
        if e.is_empty() || !self.open(size) {
            return;
        }
        let e = sorted(e);
        if size < self.size || e.len() > self.eliminations.len() {
            self.size = size;
            self.eliminations = e;
            self.found = Some(found());
        }
    }

    /// The best pattern and its eliminations.
    fn take(self) -> Option<(T, Vec<Candidate>)> {
        self.found.map(|f| (f, self.eliminations))
    }
}

fn sorted(mut e: Vec<Candidate>) -> Vec<Candidate> {
    crate::sort::sort(&mut e);
    e.dedup();
    e
}

/// The symbols the eliminations remove.
fn removed(eliminations: &[Candidate]) -> u32 {
    eliminations.iter().fold(0, |m, e| m | bit(e.value))
}

/// The end of a reason: "5 is in one of {sets}, and no cell seeing every 5 of {all} can be
/// 5", or for several symbols "each of 2 and 8 is in one of {sets}, and no cell seeing
/// every place of one of them in {all} can be it".
fn toxic(ctx: &Context, zs: u32, sets: &str, all: &str) -> String {
    if zs.count_ones() == 1 {
        let z = ctx.syms(zs, "and");
        format!("{z} is in one of {sets}, and no cell seeing every {z} of {all} can be {z}")
    } else {
        format!(
            "each of {} is in one of {sets}, and no cell seeing every place of one of them in {all} can be it",
            ctx.syms(zs, "and")
        )
    }
}

/// The sets, "r1c1 and r1c2 (2, 5 and 7)".
fn named<const W: usize>(ctx: &Context, s: &Als<W>) -> String {
    format!("{} ({})", ctx.cells(&s.cells), ctx.syms(s.union, "and"))
}

/// ALS-XZ: two disjoint almost locked sets `A` and `B` with a restricted common candidate
/// `x`. At most one holds `x`, so the other is locked without it; if both share another
/// symbol `z`, one of them holds `z`, and no cell seeing every `z` of both can be `z`.
/// Doubly linked (two restricted common candidates): both sets are locked, each on its
/// symbols but those two, which lie in one set each; every symbol of either set leaves the
/// cells that see all of its places in the sets. Of every such pair, the one with the fewest
/// cells, then the most eliminations.
pub(crate) fn xz(ctx: &Context, g: &Grid) -> Option<Step> {
    by_width!(xz_in, ctx, g)
}

/// [`xz`] with cell sets of `W` words.
fn xz_in<const W: usize>(ctx: &Context, g: &Grid) -> Option<Step> {
    let b = Board::<W>::new(ctx, g);
    let sets = all_als(ctx, g, &b, max_als(ctx.n));
    let mut best = Best::new();
    for (i, a) in sets.iter().enumerate() {
        for (j, c) in sets.iter().enumerate().skip(i + 1) {
            let size = a.cells.len() + c.cells.len();
            if a.union & c.union == 0
                || (a.union & c.union).count_ones() < 2
                || !is_empty(&and(&a.set, &c.set))
                || !best.open(size)
            {
                continue;
            }
            let rcc = a.restricted(c);
            if rcc == 0 {
                continue;
            }
            let both = or(&a.set, &c.set);
            let mut e: Vec<Candidate> = Vec::new();
            if rcc.count_ones() >= 2 {
                // Doubly linked: each set locked.
                for s in [a, c] {
                    for v in values(s.union) {
                        let k = usize::from(v) - 1;
                        let targets = if rcc & bit(v) != 0 {
                            z_eliminations(&b, &[a, c], v, &both)
                        } else {
                            minus(&and(&b.holds[k], &s.seen[k]), &both)
                        };
                        e.extend(cands(&targets, v));
                    }
                }
            } else {
                e = common_eliminations(&b, &[a, c], a.union & c.union & !rcc, &both);
            }
            best.offer(size, e, || (i, j, rcc));
        }
    }
    let ((i, j, rcc), eliminations) = best.take()?;
    let (a, c) = (&sets[i], &sets[j]);
    let reason = if rcc.count_ones() >= 2 {
        format!(
            "{a} and {c} each hold one symbol more than cells, and every {x} of one sees every {x} of the other, so each of {x} is in one set at most: since neither set can lose two symbols, each holds exactly one of {x} and all its other symbols, and every symbol leaves the cells that see all of its places in the two sets.",
            a = named(ctx, a),
            c = named(ctx, c),
            x = ctx.syms(rcc, "and"),
        )
    } else {
        format!(
            "{a} and {c} each hold one symbol more than cells, and every {x} of one sees every {x} of the other, so one set has no {x} and its other symbols fill it: {z}.",
            a = named(ctx, a),
            c = named(ctx, c),
            x = ctx.syms(rcc, "or"),
            z = toxic(ctx, removed(&eliminations), "the two sets", "both"),
        )
    };
    let mut step = Step::new(Technique::AlsXz, reason);
    describe(
        ctx,
        g,
        &mut step,
        &[(a, Role::AlsMember), (c, Role::AlsMember)],
    );
    for x in values(rcc) {
        step.links.extend(weak_links(a, c, x));
    }
    step.eliminations = eliminations;
    Some(step)
}

/// ALS-XY-Wing: three disjoint almost locked sets, `C` with a restricted common candidate
/// `x` to `A` and another, `y`, to `B`. If `A` holds `x`, `C` is locked without it and
/// holds `y`, so `B` is locked without `y`; so `A` or `B` is locked, and a symbol `z`
/// (not `x` or `y`) both hold is in one of them: no cell seeing every `z` of both can be
/// `z`. Of every such wing, the one with the fewest cells, then the most eliminations.
pub(crate) fn xy_wing(ctx: &Context, g: &Grid) -> Option<Step> {
    by_width!(xy_wing_in, ctx, g)
}

/// [`xy_wing`] with cell sets of `W` words.
fn xy_wing_in<const W: usize>(ctx: &Context, g: &Grid) -> Option<Step> {
    let b = Board::<W>::new(ctx, g);
    let sets = all_als(ctx, g, &b, max_als(ctx.n));
    let joined = joins(&sets);
    let mut best = Best::new();
    for (ci, c) in sets.iter().enumerate() {
        let near = &joined[ci];
        for (k, &(ai, ra)) in near.iter().enumerate() {
            for &(bi, rb) in &near[k + 1..] {
                let (a, bs) = (&sets[ai], &sets[bi]);
                let size = a.cells.len() + bs.cells.len() + c.cells.len();
                if a.union & bs.union == 0 || !is_empty(&and(&a.set, &bs.set)) || !best.open(size) {
                    continue;
                }
                let all = or(&or(&a.set, &bs.set), &c.set);
                for x in values(ra) {
                    for y in values(rb & !bit(x)) {
                        let zs = a.union & bs.union & !bit(x) & !bit(y);
                        let e = common_eliminations(&b, &[a, bs], zs, &all);
                        best.offer(size, e, || ([ai, bi, ci], x, y));
                    }
                }
            }
        }
    }
    let (([ai, bi, ci], x, y), eliminations) = best.take()?;
    let (a, bs, c) = (&sets[ai], &sets[bi], &sets[ci]);
    let reason = format!(
        "{a}, {c} and {bs} each hold one symbol more than cells; every {x} of the first sees every {x} of the second, and every {y} of the second every {y} of the third: if the first holds {x}, the second is locked without it and holds {y}, so the third is locked without {y}; so the first or the third is locked: {z}.",
        a = named(ctx, a),
        c = named(ctx, c),
        bs = named(ctx, bs),
        x = ctx.sym(x),
        y = ctx.sym(y),
        z = toxic(ctx, removed(&eliminations), "those two", "both"),
    );
    let mut step = Step::new(Technique::AlsXyWing, reason);
    describe(
        ctx,
        g,
        &mut step,
        &[
            (a, Role::AlsMember),
            (c, Role::Pivot),
            (bs, Role::AlsMember),
        ],
    );
    step.links.extend(weak_links(a, c, x));
    step.links.extend(weak_links(c, bs, y));
    step.eliminations = eliminations;
    Some(step)
}

/// ALS chain: four disjoint almost locked sets ([`CHAIN_SETS`]), each joined to the next by a
/// restricted common candidate, no two consecutive ones the same symbol. If the first set
/// holds the first link's symbol, the second is locked without it and holds the second
/// link's, and so on to the last, locked without the last link's symbol; so the first set
/// or the last is locked, and a symbol `z` both hold (neither end link's) is in one of
/// them: no cell seeing every `z` of both can be `z`. Sets of up to three cells (the
/// search grows fast with more cells or sets; three sets are [`xy_wing`]). Of every such
/// chain, the fewest cells, then the most eliminations.
pub(crate) fn chain(ctx: &Context, g: &Grid) -> Option<Step> {
    by_width!(chain_in, ctx, g)
}

/// [`chain`] with cell sets of `W` words.
fn chain_in<const W: usize>(ctx: &Context, g: &Grid) -> Option<Step> {
    let b = Board::<W>::new(ctx, g);
    let sets = all_als(ctx, g, &b, 3);
    let joined = joins(&sets);
    let mut best = Best::new();
    let mut path: Vec<ChainSet> = Vec::new();
    for (first, s) in sets.iter().enumerate() {
        path.clear();
        path.push((first, 0));
        extend(&sets, &joined, &mut path, s.set, &mut |path, used| {
            let (a, z_end) = (&sets[path[0].0], &sets[path[path.len() - 1].0]);
            let (r1, rn) = (path[1].1, path[path.len() - 1].1);
            let zs = a.union & z_end.union & !bit(r1) & !bit(rn);
            let size = used_count(used);
            if zs == 0 || !best.open(size) {
                return;
            }
            let e = common_eliminations(&b, &[a, z_end], zs, used);
            best.offer(size, e, || path.to_vec());
        });
    }
    let (path, eliminations) = best.take()?;
    let names: Vec<String> = path.iter().map(|&(i, _)| named(ctx, &sets[i])).collect();
    let links: Vec<String> = path[1..].iter().map(|&(_, r)| ctx.sym(r)).collect();
    let reason = format!(
        "{sets} each hold one symbol more than cells, and each is joined to the next by a symbol whose every place in one sees every place in the other ({links}): if the first holds its link's symbol, the next is locked without it and holds its own next link's, and so on, so the first or the last is locked: {z}.",
        sets = super::grid::join(&names, "and"),
        links = super::grid::join(&links, "then"),
        z = toxic(ctx, removed(&eliminations), "those two", "both"),
    );
    let mut step = Step::new(Technique::AlsChain, reason);
    let last = path.len() - 1;
    let parts: Vec<(&Als<W>, Role)> = path
        .iter()
        .enumerate()
        .map(|(k, &(i, _))| {
            let role = if k == 0 || k == last {
                Role::AlsMember
            } else {
                Role::ChainNode
            };
            (&sets[i], role)
        })
        .collect();
    describe(ctx, g, &mut step, &parts);
    for w in path.windows(2) {
        step.links
            .extend(weak_links(&sets[w[0].0], &sets[w[1].0], w[1].1));
    }
    step.eliminations = eliminations;
    Some(step)
}

/// The sets of an ALS chain.
const CHAIN_SETS: usize = 4;

/// A set of an ALS chain (its index) and the symbol that joins it to the one before (0 for
/// the first).
type ChainSet = (usize, u8);

/// Extends `path` (sets, each with the symbol that joins it to the one before) by sets
/// disjoint from the cells `used`, joined by a symbol other than the last link's; calls
/// `found` with each path of [`CHAIN_SETS`].
fn extend<const W: usize>(
    sets: &[Als<W>],
    joined: &[Vec<(usize, u32)>],
    path: &mut Vec<ChainSet>,
    used: Cells<W>,
    found: &mut dyn FnMut(&[ChainSet], &Cells<W>),
) {
    if path.len() == CHAIN_SETS {
        found(path, &used);
        return;
    }
    let &(last, link) = path.last().expect("a first set");
    for &(j, rcc) in &joined[last] {
        let s = &sets[j];
        if !is_empty(&and(&used, &s.set)) {
            continue;
        }
        for r in values(rcc & !bit_or_none(link)) {
            path.push((j, r));
            extend(sets, joined, path, or(&used, &s.set), found);
            path.pop();
        }
    }
}

/// The bit of `v`, or none for 0 (no symbol).
fn bit_or_none(v: u8) -> u32 {
    if v == 0 {
        0
    } else {
        bit(v)
    }
}

/// Death blossom: a stem cell and, for each of its candidates `d`, an almost locked set
/// (a petal) holding `d` only in cells that see the stem, the petals disjoint and apart
/// from the stem. Whichever the stem is, that petal loses it and is locked; so a symbol
/// `z` every petal holds (and the stem does not) is in one of them, and no cell seeing
/// every `z` of every petal can be `z`. Stems of up to four candidates; of every blossom,
/// the one with the fewest cells, then the most eliminations.
pub(crate) fn death_blossom(ctx: &Context, g: &Grid) -> Option<Step> {
    by_width!(death_blossom_in, ctx, g)
}

/// [`death_blossom`] with cell sets of `W` words.
fn death_blossom_in<const W: usize>(ctx: &Context, g: &Grid) -> Option<Step> {
    let b = Board::<W>::new(ctx, g);
    let sets = all_als(ctx, g, &b, max_als(ctx.n));
    let mut best = Best::new();
    for stem in 0..g.values.len() {
        let sm = g.cand[stem];
        if g.values[stem] != 0 || !(2..=4).contains(&sm.count_ones()) {
            continue;
        }
        let mut stem_set = [0; W];
        add(&mut stem_set, stem);
        // Each candidate's petals.
        let petals: Vec<(u8, Vec<usize>)> = values(sm)
            .map(|d| {
                let i = usize::from(d) - 1;
                let list = sets
                    .iter()
                    .enumerate()
                    .filter(|(_, s)| {
                        s.union & bit(d) != 0
                            && s.union & !sm != 0
                            && is_empty(&and(&s.set, &stem_set))
                            && !is_empty(&and(&s.seen[i], &stem_set))
                    })
                    .map(|(j, _)| j)
                    .collect();
                (d, list)
            })
            .collect();
        if petals.iter().any(|(_, l)| l.is_empty()) {
            continue;
        }
        let mut pick: Vec<usize> = Vec::new();
        blossom(
            &sets,
            &petals,
            &mut pick,
            stem_set,
            !sm,
            &mut |pick, used, zs| {
                let size = used_count(used);
                if !best.open(size) {
                    return;
                }
                let chosen: Vec<&Als<W>> = pick.iter().map(|&j| &sets[j]).collect();
                let e = common_eliminations(&b, &chosen, zs, used);
                best.offer(size, e, || (stem, pick.to_vec()));
            },
        );
    }
    let ((stem, pick), eliminations) = best.take()?;
    let sm = g.cand[stem];
    let chosen: Vec<&Als<W>> = pick.iter().map(|&j| &sets[j]).collect();
    let petals: Vec<String> = values(sm)
        .zip(&chosen)
        .map(|(d, s)| format!("{} for {}", named(ctx, s), ctx.sym(d)))
        .collect();
    let reason = format!(
        "{stem} holds {sm}, and for each of those a set of cells holding one symbol more than cells has it only in cells that see {stem}: {petals}. Whichever {stem} is, that set loses it and is locked: {z}.",
        stem = ctx.cell(stem),
        sm = ctx.syms(sm, "or"),
        petals = super::grid::join(&petals, "and"),
        z = toxic(ctx, removed(&eliminations), "the sets", "all of them"),
    );
    let mut step = Step::new(Technique::DeathBlossom, reason);
    let parts: Vec<(&Als<W>, Role)> = chosen.iter().map(|&s| (s, Role::AlsMember)).collect();
    describe(ctx, g, &mut step, &parts);
    step.roles
        .extend(pattern::all(&pattern(g, &[stem], u32::MAX), Role::Pivot));
    for (d, s) in values(sm).zip(&chosen) {
        let i = usize::from(d) - 1;
        for to in cands(&s.by[i], d) {
            step.links.push(Link::plain(
                Candidate {
                    cell: stem,
                    value: d,
                },
                to,
                false,
            ));
        }
    }
    let mut cells = step.cells.clone();
    cells.push(stem);
    crate::sort::sort(&mut cells);
    step.candidates = pattern(g, &cells, u32::MAX);
    step.cells = cells;
    step.eliminations = eliminations;
    Some(step)
}

fn used_count<const W: usize>(used: &Cells<W>) -> usize {
    used.iter().map(|w| w.count_ones() as usize).sum()
}

/// Chooses a petal for each of the stem's candidates (the next is `petals[pick.len()]`),
/// disjoint from the cells `used` so far, keeping `zs`, the symbols every chosen petal
/// holds; calls `found` with each full choice.
fn blossom<const W: usize>(
    sets: &[Als<W>],
    petals: &[(u8, Vec<usize>)],
    pick: &mut Vec<usize>,
    used: Cells<W>,
    zs: u32,
    found: &mut dyn FnMut(&[usize], &Cells<W>, u32),
) {
    let Some((_, list)) = petals.get(pick.len()) else {
        found(pick, &used, zs);
        return;
    };
    for &j in list {
        let s = &sets[j];
        let z = zs & s.union;
        if z == 0 || !is_empty(&and(&used, &s.set)) {
            continue;
        }
        pick.push(j);
        blossom(sets, petals, pick, or(&used, &s.set), z, found);
        pick.pop();
    }
}

/// Sue de Coq: where two regions meet, cells `C` (two or more) holding symbols `V`, at
/// least two more than cells; cells `L` of the first region only and `B` of the second
/// only, whose symbols share none, so that the cells of `C`, `L` and `B` hold exactly as
/// many symbols as they are. No two of them can repeat a symbol (the two regions, and `L`
/// and `B` share none), so each of those symbols is in them once: those not in `B` are in
/// `C` or `L`, so the rest of the first region loses them; those not in `L` leave the
/// rest of the second. Of every such pattern, the one with the fewest cells, then the most
/// eliminations.
pub(crate) fn sue_de_coq(ctx: &Context, g: &Grid) -> Option<Step> {
    let layout = ctx.layout;
    let empty = |c: &usize| g.values[*c] == 0;
    let mut best = Best::new();
    for r1 in 0..layout.region_count() {
        let cells1: Vec<usize> = layout
            .region_cells(r1)
            .iter()
            .map(|&c| c as usize)
            .collect();
        for r2 in r1 + 1..layout.region_count() {
            let cells2: Vec<usize> = layout
                .region_cells(r2)
                .iter()
                .map(|&c| c as usize)
                .collect();
            let meet: Vec<usize> = cells1
                .iter()
                .copied()
                .filter(|c| empty(c) && cells2.contains(c))
                .collect();
            if meet.len() < 2 {
                continue;
            }
            let rest1: Vec<usize> = cells1
                .iter()
                .copied()
                .filter(|c| empty(c) && !cells2.contains(c))
                .collect();
            let rest2: Vec<usize> = cells2
                .iter()
                .copied()
                .filter(|c| empty(c) && !cells1.contains(c))
                .collect();
            let most = if ctx.n <= 9 { 3 } else { 2 };
            let subsets1 = small_subsets(g, &rest1, most);
            let subsets2 = small_subsets(g, &rest2, most);
            for k in 2..=meet.len().min(4) {
                combinations(meet.len(), k, |pick| {
                    let core: Vec<usize> = pick.iter().map(|&i| meet[i]).collect();
                    let v = core.iter().fold(0, |m, &c| m | g.cand[c]);
                    if (v.count_ones() as usize) < k + 2 {
                        return false;
                    }
                    // Each side holds fewer symbols outside the core's than it has cells,
                    // so it takes some of the core's (what makes the count add up).
                    let slack =
                        |cells: &[usize], m: u32| cells.len() as i32 - (m & !v).count_ones() as i32;
                    for (l, vl) in &subsets1 {
                        if slack(l, *vl) < 1 {
                            continue;
                        }
                        for (bx, vb) in &subsets2 {
                            if vl & vb != 0 || slack(bx, *vb) < 1 {
                                continue;
                            }
                            let u = v | vl | vb;
                            let size = k + l.len() + bx.len();
                            if u.count_ones() as usize != size || !best.open(size) {
                                continue;
                            }
                            let mut e = Vec::new();
                            for (cells, others, mask) in
                                [(&cells1, l, u & !vb), (&cells2, bx, u & !vl)]
                            {
                                for &c in cells {
                                    if core.contains(&c) || others.contains(&c) {
                                        continue;
                                    }
                                    e.extend(
                                        values(g.cand[c] & mask)
                                            .map(|value| Candidate { cell: c, value }),
                                    );
                                }
                            }
                            best.offer(size, e, || {
                                ([r1, r2], [core.clone(), l.clone(), bx.clone()])
                            });
                        }
                    }
                    false
                });
            }
        }
    }
    let (([r1, r2], [core, l, bx]), eliminations) = best.take()?;
    let mask = |cells: &[usize]| cells.iter().fold(0, |m, &c| m | g.cand[c]);
    let (v, vl, vb) = (mask(&core), mask(&l), mask(&bx));
    let reason = format!(
        "{core}, where {r1} meets {r2}, hold {v}; {l} in {r1} {hl} {vl} and {bx} in {r2} {hb} {vb}, no symbol in both: together they hold as many symbols as cells, each once, so the rest of {r1} loses {e1} and the rest of {r2} loses {e2}.",
        core = ctx.cells(&core),
        r1 = ctx.region(r1),
        r2 = ctx.region(r2),
        v = ctx.syms(v, "and"),
        l = ctx.cells(&l),
        vl = ctx.syms(vl, "and"),
        bx = ctx.cells(&bx),
        vb = ctx.syms(vb, "and"),
        hl = if l.len() == 1 { "holds" } else { "hold" },
        hb = if bx.len() == 1 { "holds" } else { "hold" },
        e1 = ctx.syms((v | vl) & !vb, "and"),
        e2 = ctx.syms((v | vb) & !vl, "and"),
    );
    let mut step = Step::new(Technique::SueDeCoq, reason);
    step.houses = [r1, r2]
        .map(|r| House {
            region: layout.region_name(r),
            role: HouseRole::Base,
        })
        .to_vec();
    step.regions = step.houses.iter().map(|h| h.region).collect();
    step.roles = pattern::all(&pattern(g, &core, u32::MAX), Role::Locked);
    let mut sides = l.clone();
    sides.extend(&bx);
    step.roles
        .extend(pattern::all(&pattern(g, &sides, u32::MAX), Role::Subset));
    let mut cells = core;
    cells.extend(sides);
    crate::sort::sort(&mut cells);
    step.candidates = pattern(g, &cells, u32::MAX);
    step.cells = cells;
    step.eliminations = eliminations;
    Some(step)
}

/// The subsets of one to `most` of `cells`, with the symbols each holds.
fn small_subsets(g: &Grid, cells: &[usize], most: usize) -> Vec<(Vec<usize>, u32)> {
    let mut out = Vec::new();
    for k in 1..=cells.len().min(most) {
        combinations(cells.len(), k, |pick| {
            let set: Vec<usize> = pick.iter().map(|&i| cells[i]).collect();
            let m = set.iter().fold(0, |m, &c| m | g.cand[c]);
            out.push((set, m));
            false
        });
    }
    out
}
