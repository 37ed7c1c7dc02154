//! Wings on cells with few candidates: XY-Wing, XYZ-Wing, W-Wing. "Sees" means shares any
//! region, so they work on every layout.

use super::grid::{bit, values, Context, Grid};
use super::pattern::{self, House, HouseRole, Role};
use super::step::{Candidate, Step, Technique};
use super::subsets::pattern;

fn empty_with(g: &Grid, count: u32) -> Vec<usize> {
    (0..g.values.len())
        .filter(|&c| g.values[c] == 0 && g.cand[c].count_ones() == count)
        .collect()
}

/// The cells other than `except` that see every cell of `seen` and have `v`.
fn seeing_all(ctx: &Context, g: &Grid, seen: &[usize], v: u8) -> Vec<Candidate> {
    ctx.peers(seen[0])
        .filter(|&c| g.has(c, v) && !seen.contains(&c) && seen[1..].iter().all(|&s| ctx.sees(c, s)))
        .map(|cell| Candidate { cell, value: v })
        .collect()
}

/// XY-Wing (`xyz == false`) or XYZ-Wing.
pub(crate) fn xy_wing(ctx: &Context, g: &Grid, xyz: bool) -> Option<Step> {
    let bivalue = empty_with(g, 2);
    let pivots = if xyz {
        empty_with(g, 3)
    } else {
        bivalue.clone()
    };
    for &pivot in &pivots {
        let pm = g.cand[pivot];
        let wings: Vec<usize> = bivalue
            .iter()
            .copied()
            .filter(|&c| c != pivot && ctx.sees(c, pivot))
            .collect();
        for (i, &a) in wings.iter().enumerate() {
            for &b in &wings[i + 1..] {
                let (am, bm) = (g.cand[a], g.cand[b]);
                if am == bm {
                    continue;
                }
                let z = am & bm;
                if z.count_ones() != 1 {
                    continue;
                }
                let ok = if xyz {
                    am | bm == pm
                } else {
                    z & pm == 0 && (am | bm) & !z == pm
                };
                if !ok {
                    continue;
                }
                let zv = z.trailing_zeros() as u8 + 1;
                let seen: Vec<usize> = if xyz { vec![a, b, pivot] } else { vec![a, b] };
                let eliminations = seeing_all(ctx, g, &seen, zv);
                if eliminations.is_empty() {
                    continue;
                }
                let (technique, reason) = if xyz {
                    (
                        Technique::XyzWing,
                        format!(
                            "{p} holds {pm}, and {a} and {b} see it holding {am} and {bm}: whichever {p} is, one of the three is {z}, so no cell seeing all three can be {z}.",
                            p = ctx.cell(pivot),
                            a = ctx.cell(a),
                            b = ctx.cell(b),
                            pm = ctx.syms(pm, "or"),
                            am = ctx.syms(am, "or"),
                            bm = ctx.syms(bm, "or"),
                            z = ctx.sym(zv),
                        ),
                    )
                } else {
                    (
                        Technique::XyWing,
                        format!(
                            "{p} is {pm}; if it is {x}, {a} is {z}, and if it is {y}, {b} is {z}, so no cell seeing both {a} and {b} can be {z}.",
                            p = ctx.cell(pivot),
                            pm = ctx.syms(pm, "or"),
                            x = ctx.sym(((am & pm).trailing_zeros() + 1) as u8),
                            y = ctx.sym(((bm & pm).trailing_zeros() + 1) as u8),
                            a = ctx.cell(a),
                            b = ctx.cell(b),
                            z = ctx.sym(zv),
                        ),
                    )
                };
                let mut step = Step::new(technique, reason);
                step.roles = pattern::all(&pattern(g, &[pivot], u32::MAX), Role::Pivot);
                step.roles
                    .extend(pattern::all(&pattern(g, &[a, b], u32::MAX), Role::Pincer));
                let mut cells = vec![pivot, a, b];
                crate::sort::sort(&mut cells);
                step.candidates = pattern(g, &cells, u32::MAX);
                step.cells = cells;
                step.eliminations = eliminations;
                return Some(step);
            }
        }
    }
    None
}

/// W-Wing: two cells holding the same two symbols `x` and `y`, not seeing each other, and
/// a region where `x` has two places, one seeing each cell: one of the two cells is `y`.
pub(crate) fn w_wing(ctx: &Context, g: &Grid) -> Option<Step> {
    let bivalue = empty_with(g, 2);
    for (i, &a) in bivalue.iter().enumerate() {
        for &b in &bivalue[i + 1..] {
            let m = g.cand[a];
            if g.cand[b] != m || ctx.sees(a, b) {
                continue;
            }
            for x in values(m) {
                let y = values(m & !bit(x)).next()?;
                let eliminations = seeing_all(ctx, g, &[a, b], y);
                if eliminations.is_empty() {
                    continue;
                }
                for &r in &ctx.exact {
                    let places = g.places(ctx, r, x);
                    let [p, q] = places[..] else { continue };
                    if [p, q].iter().any(|c| *c == a || *c == b) {
                        continue;
                    }
                    let linked =
                        (ctx.sees(p, a) && ctx.sees(q, b)) || (ctx.sees(p, b) && ctx.sees(q, a));
                    if !linked {
                        continue;
                    }
                    let reason = format!(
                        "{a} and {b} both hold only {xs}, and {x} in {region} must be in {p} or {q}, one seeing each: so one of {a} and {b} is {y}, and no cell seeing both can be {y}.",
                        a = ctx.cell(a),
                        b = ctx.cell(b),
                        xs = ctx.syms(m, "and"),
                        x = ctx.sym(x),
                        y = ctx.sym(y),
                        region = ctx.region(r),
                        p = ctx.cell(p),
                        q = ctx.cell(q),
                    );
                    let mut step = Step::new(Technique::WWing, reason);
                    // The chain: y in a, x in a, x in the end of the link a sees, x in
                    // the other end, x in b, y in b.
                    let (p, q) = if ctx.sees(p, a) && ctx.sees(q, b) {
                        (p, q)
                    } else {
                        (q, p)
                    };
                    let nodes = [(a, y), (a, x), (p, x), (q, x), (b, x), (b, y)]
                        .map(|(cell, value)| Candidate { cell, value });
                    step.links = pattern::alternating(&nodes, true);
                    step.roles = pattern::all(&pattern(g, &[a, b], m), Role::Pincer);
                    step.roles
                        .extend(pattern::all(&nodes[2..4], Role::StrongLink));
                    step.houses = vec![House {
                        region: ctx.layout.region_name(r),
                        role: HouseRole::Link,
                    }];
                    let mut cells = vec![a, b, p, q];
                    crate::sort::sort(&mut cells);
                    step.candidates = pattern(g, &[a, b], m);
                    step.candidates.push(Candidate { cell: p, value: x });
                    step.candidates.push(Candidate { cell: q, value: x });
                    step.cells = cells;
                    step.regions = vec![ctx.layout.region_name(r)];
                    step.eliminations = eliminations;
                    return Some(step);
                }
            }
        }
    }
    None
}

/// An almost locked set (ALS) wing, Sudoku Explainer's WXYZ-Wing (`size` 3), VWXYZ-Wing (4)
/// and UVWXYZ-Wing (5): `size` cells of one region holding `size + 1` symbols between them,
/// and a cell outside them holding only `x` and `z`, both among those symbols, seen by
/// every cell of the set that can be `x`. If the outside cell is `x`, the set loses `x` and
/// its other `size` symbols fill its `size` cells, `z` among them; so `z` is in the outside
/// cell or in the set, and no cell seeing all of those `z` can be `z`. Of every such wing,
/// the one SE rates lowest (its rating depends on the largest cell of the set), then the
/// one that removes the most.
pub(crate) fn als_wing(ctx: &Context, g: &Grid, size: usize) -> Option<Step> {
    let bivalue = empty_with(g, 2);
    if bivalue.is_empty() {
        return None;
    }
    let mut best: Option<Step> = None;
    super::als::each_als(ctx, g, size, |r, set, union| {
        let largest = set
            .iter()
            .map(|&c| g.cand[c].count_ones())
            .max()
            .unwrap_or(2);
        let score = als_wing_score(size, largest);
        if best.as_ref().is_some_and(|b| b.score < score - 1e-9) {
            return;
        }
        for &b in &bivalue {
            let bm = g.cand[b];
            if bm & !union != 0 || set.contains(&b) {
                continue;
            }
            for x in values(bm) {
                let z = values(bm & !bit(x)).next().unwrap_or(x);
                let holds = |v: u8| set.iter().copied().filter(move |&c| g.has(c, v));
                if !holds(x).all(|c| ctx.sees(c, b)) {
                    continue;
                }
                let mut zs: Vec<usize> = holds(z).collect();
                zs.push(b);
                let eliminations: Vec<Candidate> = seeing_all(ctx, g, &zs, z)
                    .into_iter()
                    .filter(|e| !set.contains(&e.cell))
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let better = best.as_ref().is_none_or(|s| {
                    score < s.score - 1e-9 || eliminations.len() > s.eliminations.len()
                });
                if better {
                    best = Some(als_wing_step(
                        ctx,
                        g,
                        r,
                        set,
                        union,
                        b,
                        x,
                        z,
                        score,
                        eliminations,
                    ));
                }
            }
        }
    });
    best
}

/// SE's rating of an ALS wing of `size` cells whose largest cell has `largest` candidates:
/// WXYZ-Wing 5.5-5.6, VWXYZ-Wing 6.2-6.4 (the middle sizes rate higher), UVWXYZ-Wing 6.6.
fn als_wing_score(size: usize, largest: u32) -> f64 {
    let mid = 3i32;
    let off = (mid - largest as i32).abs();
    match size {
        3 => 5.5 + f64::from(1 - off) * 0.1,
        4 => 6.2 + f64::from(2 - off) * 0.1,
        _ => 6.6,
    }
}

#[allow(clippy::too_many_arguments)]
fn als_wing_step(
    ctx: &Context,
    g: &Grid,
    region: usize,
    set: &[usize],
    union: u32,
    b: usize,
    x: u8,
    z: u8,
    score: f64,
    eliminations: Vec<Candidate>,
) -> Step {
    let reason = format!(
        "{cells} hold only {syms}, one more symbol than cells, and {b} holds only {x} and {z}, seeing every one of them that can be {x}: if {b} is {x}, the others fill those cells and one is {z}, so {b} or one of them is {z}, and no cell seeing all of those can be {z}.",
        cells = ctx.cells(set),
        syms = ctx.syms(union, "and"),
        b = ctx.cell(b),
        x = ctx.sym(x),
        z = ctx.sym(z),
    );
    let mut step = Step::new(Technique::AlsWing, reason);
    step.houses = vec![House {
        region: ctx.layout.region_name(region),
        role: HouseRole::Base,
    }];
    step.roles = pattern::all(&pattern(g, set, u32::MAX), Role::AlsMember);
    step.roles
        .extend(pattern::all(&pattern(g, &[b], u32::MAX), Role::Pivot));
    let mut cells = set.to_vec();
    cells.push(b);
    crate::sort::sort(&mut cells);
    step.candidates = pattern(g, &cells, u32::MAX);
    step.cells = cells;
    step.eliminations = eliminations;
    step.score = score;
    step
}
