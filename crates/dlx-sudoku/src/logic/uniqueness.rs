//! Uniqueness arguments, used only when the puzzle is known to have one solution: unique
//! rectangles of types 1 to 4 and BUG+1.
//!
//! A rectangle is four empty cells on two rows and two columns such that every region
//! holding any of them holds exactly two, on one row or one column (so on a classic grid
//! they span two boxes). If all four ended up holding only `a` and `b`, swapping `a` and `b`
//! in them would give a second solution; each type avoids that pattern differently.

use crate::layout::Constraint;
use crate::variant::Variant;

use super::grid::{bit, values, Context, Grid};
use super::pattern::{self, House, HouseRole, Role};
use super::step::{Candidate, Step, Technique};
use super::subsets::{combinations, pattern};

/// The four cells of a rectangle: `[top-left, top-right, bottom-left, bottom-right]`.
fn rectangles(ctx: &Context, g: &Grid) -> Vec<[usize; 4]> {
    let layout = ctx.layout;
    let (height, width) = layout.dimensions();
    let mut out = Vec::new();
    let empty = |r: usize, c: usize| layout.cell_at(r, c).filter(|&cell| g.values[cell] == 0);
    for r1 in 0..height {
        for c1 in 0..width {
            let Some(a) = empty(r1, c1) else { continue };
            for c2 in c1 + 1..width {
                let Some(b) = empty(r1, c2) else { continue };
                if (g.cand[a] & g.cand[b]).count_ones() < 2 {
                    continue;
                }
                for r2 in r1 + 1..height {
                    let (Some(c), Some(d)) = (empty(r2, c1), empty(r2, c2)) else {
                        continue;
                    };
                    let cells = [a, b, c, d];
                    if cells
                        .iter()
                        .fold(u32::MAX, |m, &x| m & g.cand[x])
                        .count_ones()
                        >= 2
                        && deadly_shape(ctx, &cells)
                    {
                        out.push(cells);
                    }
                }
            }
        }
    }
    out
}

/// Whether swapping two symbols in these cells keeps every region valid.
fn deadly_shape(ctx: &Context, cells: &[usize; 4]) -> bool {
    let layout = ctx.layout;
    let mut regions: Vec<u32> = cells
        .iter()
        .flat_map(|&c| layout.cell_regions(c).iter().copied())
        .collect();
    crate::sort::sort(&mut regions);
    regions.dedup();
    regions.iter().all(|&r| {
        let inside: Vec<usize> = cells
            .iter()
            .copied()
            .filter(|&c| layout.cell_regions(c).contains(&r))
            .collect();
        match inside[..] {
            [x, y] => {
                let (p, q) = (layout.position(x), layout.position(y));
                p.row == q.row || p.column == q.column
            }
            _ => false,
        }
    })
}

/// The easiest unique rectangle step (type 1, 2, 4, then 3).
pub(crate) fn rectangle(ctx: &Context, g: &Grid) -> Option<Step> {
    let rects = rectangles(ctx, g);
    for kind in [1, 2, 4, 3] {
        for cells in &rects {
            let common = cells.iter().fold(u32::MAX, |m, &x| m & g.cand[x]);
            for a in values(common) {
                for b in values(common & !((bit(a) << 1) - 1)) {
                    let ab = bit(a) | bit(b);
                    if let Some(step) = rectangle_type(ctx, g, cells, ab, kind) {
                        return Some(step);
                    }
                }
            }
        }
    }
    None
}

fn rectangle_type(ctx: &Context, g: &Grid, cells: &[usize; 4], ab: u32, kind: u8) -> Option<Step> {
    let floor: Vec<usize> = cells.iter().copied().filter(|&c| g.cand[c] == ab).collect();
    let roof: Vec<usize> = cells.iter().copied().filter(|&c| g.cand[c] != ab).collect();
    let mut sorted = cells.to_vec();
    crate::sort::sort(&mut sorted);
    let names = ctx.cells(&sorted);
    let pair = ctx.syms(ab, "and");
    let make = |technique: Technique, reason: String, eliminations: Vec<Candidate>| {
        let mut step = Step::new(technique, reason);
        step.cells = sorted.clone();
        step.candidates = pattern(g, &sorted, ab);
        step.roles = pattern::all(&pattern(g, &floor, ab), Role::Floor);
        step.roles
            .extend(pattern::all(&pattern(g, &roof, ab), Role::Roof));
        step.eliminations = eliminations;
        step
    };
    match (kind, &floor[..], &roof[..]) {
        (1, [_, _, _], [r]) => {
            let eliminations: Vec<Candidate> = values(ab)
                .map(|value| Candidate { cell: *r, value })
                .collect();
            let reason = format!(
                "{names} would all hold only {pair}, which the solution could swap, unless {r} is something else; so {r} is neither {pair_or}.",
                r = ctx.cell(*r),
                pair_or = ctx.syms(ab, "nor"),
            );
            Some(make(Technique::UniqueRectangle1, reason, eliminations))
        }
        (2, [_, _], [p, q]) => {
            let extra = g.cand[*p] & !ab;
            if g.cand[*q] != g.cand[*p] || extra.count_ones() != 1 {
                return None;
            }
            let z = extra.trailing_zeros() as u8 + 1;
            let eliminations: Vec<Candidate> = ctx
                .peers(*p)
                .filter(|&c| c != *q && g.has(c, z) && ctx.sees(c, *q))
                .map(|cell| Candidate { cell, value: z })
                .collect();
            if eliminations.is_empty() {
                return None;
            }
            let reason = format!(
                "{names} must not all end up holding only {pair}, so {p} or {q} is {z}, and no cell seeing both can be {z}.",
                p = ctx.cell(*p),
                q = ctx.cell(*q),
                z = ctx.sym(z),
            );
            Some(make(Technique::UniqueRectangle2, reason, eliminations))
        }
        (4, [_, _], [p, q]) => {
            for &r in ctx.layout.cell_regions(*p) {
                let r = r as usize;
                if ctx.layout.constraint(r) != Constraint::ExactlyOnce
                    || !ctx.layout.region_cells(r).contains(&(*q as u32))
                {
                    continue;
                }
                for x in values(ab) {
                    let places = g.places(ctx, r, x);
                    if places.len() != 2 || !places.contains(p) || !places.contains(q) {
                        continue;
                    }
                    let y = values(ab & !bit(x)).next()?;
                    let eliminations = vec![
                        Candidate { cell: *p, value: y },
                        Candidate { cell: *q, value: y },
                    ];
                    let reason = format!(
                        "{x} in {region} must be in {pc} or {qc}; if either were {y} too, {names} would hold only {pair}, which the solution could swap, so neither is {y}.",
                        x = ctx.sym(x),
                        y = ctx.sym(y),
                        region = ctx.region(r),
                        pc = ctx.cell(*p),
                        qc = ctx.cell(*q),
                    );
                    let mut step = make(Technique::UniqueRectangle4, reason, eliminations);
                    step.regions = vec![ctx.layout.region_name(r)];
                    step.houses = vec![House {
                        region: ctx.layout.region_name(r),
                        role: HouseRole::Link,
                    }];
                    return Some(step);
                }
            }
            None
        }
        (3, [_, _], [p, q]) => {
            let extra = (g.cand[*p] | g.cand[*q]) & !ab;
            if extra.count_ones() < 2 {
                return None;
            }
            for &r in ctx.layout.cell_regions(*p) {
                let r = r as usize;
                let region = ctx.layout.region_cells(r);
                if !region.contains(&(*q as u32)) {
                    continue;
                }
                let others: Vec<usize> = region
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| c != *p && c != *q && g.values[c] == 0)
                    .collect();
                for k in 1..=3 {
                    let mut found = None;
                    combinations(others.len(), k, |pick| {
                        let chosen: Vec<usize> = pick.iter().map(|&i| others[i]).collect();
                        let union = chosen.iter().fold(extra, |m, &c| m | g.cand[c]);
                        if union.count_ones() as usize != k + 1 {
                            return false;
                        }
                        let eliminations: Vec<Candidate> = others
                            .iter()
                            .filter(|c| !chosen.contains(c))
                            .flat_map(|&cell| {
                                values(g.cand[cell] & union)
                                    .map(move |value| Candidate { cell, value })
                            })
                            .collect();
                        if eliminations.is_empty() {
                            return false;
                        }
                        let reason = format!(
                            "{names} must not all end up holding only {pair}, so {pc} or {qc} holds one of {extra}; with {chosen} that makes {k1} cells of {region} holding only {syms}, so no other cell of it can be {syms_or}.",
                            pc = ctx.cell(*p),
                            qc = ctx.cell(*q),
                            extra = ctx.syms(extra, "or"),
                            chosen = ctx.cells(&chosen),
                            k1 = k + 1,
                            region = ctx.region(r),
                            syms = ctx.syms(union, "and"),
                            syms_or = ctx.syms(union, "or"),
                        );
                        let mut step = make(Technique::UniqueRectangle3, reason, eliminations);
                        step.regions = vec![ctx.layout.region_name(r)];
                        step.houses = vec![House {
                            region: ctx.layout.region_name(r),
                            role: HouseRole::Base,
                        }];
                        step.roles
                            .extend(pattern::all(&pattern(g, &chosen, union), Role::Subset));
                        step.score += 0.1 * k as f64;
                        found = Some(step);
                        true
                    });
                    if found.is_some() {
                        return found;
                    }
                }
            }
            None
        }
        _ => None,
    }
}

/// BUG+1 on classic layouts: every empty cell has two candidates but one, which has three,
/// and without one of its candidates every symbol would have exactly two places in every
/// region it is missing from. Such a grid has no or two solutions, so that candidate is the
/// cell's value.
pub(crate) fn bug_plus_one(ctx: &Context, g: &Grid) -> Option<Step> {
    if ctx.layout.variant() != Variant::Classic || ctx.layout.box_shape().is_none() {
        return None;
    }
    let mut tri = None;
    for c in 0..g.values.len() {
        match (g.values[c], g.cand[c].count_ones()) {
            (0, 2) | (_, 0) => {}
            (0, 3) if tri.is_none() => tri = Some(c),
            _ => return None,
        }
    }
    let cell = tri?;
    for d in values(g.cand[cell]) {
        let mut test = g.clone();
        test.cand[cell] &= !bit(d);
        let bug = ctx
            .exact
            .iter()
            .all(|&r| (1..=ctx.n as u8).all(|v| matches!(test.places(ctx, r, v).len(), 0 | 2)));
        if bug {
            let reason = format!(
                "Every other empty cell holds two candidates; if {c} were not {d}, every symbol would have two places in each of its regions, which gives no or two solutions, so {c} is {d}.",
                c = ctx.cell(cell),
                d = ctx.sym(d),
            );
            let mut step = Step::new(Technique::BugPlusOne, reason);
            step.cells = vec![cell];
            step.candidates = pattern(g, &[cell], u32::MAX);
            step.placement = Some(Candidate { cell, value: d });
            step.roles = pattern::all(&[Candidate { cell, value: d }], Role::Single);
            return Some(step);
        }
    }
    None
}
