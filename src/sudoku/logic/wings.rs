//! Wings on cells with few candidates: XY-Wing, XYZ-Wing, W-Wing. "Sees" means shares any
//! region, so they work on every layout.

use super::grid::{bit, values, Context, Grid};
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
                let mut cells = vec![pivot, a, b];
                cells.sort_unstable();
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
                    let mut cells = vec![a, b, p, q];
                    cells.sort_unstable();
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
