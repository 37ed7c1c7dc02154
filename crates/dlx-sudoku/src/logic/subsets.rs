//! Naked subsets (k cells of a region holding only k symbols, in any region) and hidden
//! subsets (k symbols of an exactly-once region with only k places), for k = 2, 3, 4.
//! A hidden pair or triple that leaves another symbol one place in its region is SE's
//! direct hidden pair (2.0) or triple (2.5): the step places that hidden single and, as in
//! Sudoku Explainer, removes nothing else.

use super::grid::{bit, values, Context, Grid};
use super::pattern::{self, House, HouseRole, Role};
use super::step::{Candidate, Step, Technique};

/// The naked subset of size `k`, if any.
pub(crate) fn naked(ctx: &Context, g: &Grid, k: usize) -> Option<Step> {
    let layout = ctx.layout;
    for r in 0..layout.region_count() {
        let cells = layout.region_cells(r);
        let small: Vec<usize> = cells
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| g.values[c] == 0 && (2..=k as u32).contains(&g.cand[c].count_ones()))
            .collect();
        let mut found = None;
        combinations(small.len(), k, |pick| {
            let chosen: Vec<usize> = pick.iter().map(|&i| small[i]).collect();
            let union = chosen.iter().fold(0, |m, &c| m | g.cand[c]);
            if union.count_ones() as usize != k {
                return false;
            }
            let eliminations: Vec<Candidate> = cells
                .iter()
                .map(|&c| c as usize)
                .filter(|c| !chosen.contains(c))
                .flat_map(|cell| {
                    values(g.cand[cell] & union).map(move |value| Candidate { cell, value })
                })
                .collect();
            if eliminations.is_empty() {
                return false;
            }
            let reason = format!(
                "{cells} hold only {syms}, so no other cell of {region} can be {syms_or}.",
                cells = ctx.cells(&chosen),
                syms = ctx.syms(union, "and"),
                syms_or = ctx.syms(union, "or"),
                region = ctx.region(r),
            );
            let technique = match k {
                2 => Technique::NakedPair,
                3 => Technique::NakedTriple,
                _ => Technique::NakedQuad,
            };
            let mut step = Step::new(technique, reason);
            step.candidates = pattern(g, &chosen, union);
            step.cells = chosen;
            base(&mut step, layout.region_name(r));
            step.eliminations = eliminations;
            found = Some(step);
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The hidden subset of size `k`, if any.
pub(crate) fn hidden(ctx: &Context, g: &Grid, k: usize) -> Option<Step> {
    hidden_search(ctx, g, k, false)
}

/// The direct hidden subset of size `k` (2 or 3), if any: a hidden subset that leaves
/// another symbol of its region one place, which the step fills.
pub(crate) fn hidden_direct(ctx: &Context, g: &Grid, k: usize) -> Option<Step> {
    hidden_search(ctx, g, k, true)
}

fn hidden_search(ctx: &Context, g: &Grid, k: usize, direct: bool) -> Option<Step> {
    let layout = ctx.layout;
    for &r in &ctx.exact {
        let cells = layout.region_cells(r);
        let empty = cells.iter().filter(|&&c| g.values[c as usize] == 0).count();
        if empty <= k {
            continue;
        }
        // Symbols still to place in the region with 2..=k places, and their places.
        let mut symbols = Vec::new();
        let mut all_places = Vec::new();
        for v in 1..=ctx.n as u8 {
            let places = g.places(ctx, r, v);
            if (2..=k).contains(&places.len()) {
                symbols.push((v, places.clone()));
            }
            all_places.push(places);
        }
        let mut found = None;
        combinations(symbols.len(), k, |pick| {
            let mut places: Vec<usize> = pick.iter().flat_map(|&i| symbols[i].1.clone()).collect();
            crate::sort::sort(&mut places);
            places.dedup();
            if places.len() != k {
                return false;
            }
            let mask = pick.iter().fold(0, |m, &i| m | bit(symbols[i].0));
            let eliminations: Vec<Candidate> = places
                .iter()
                .flat_map(|&cell| {
                    values(g.cand[cell] & !mask).map(move |value| Candidate { cell, value })
                })
                .collect();
            if eliminations.is_empty() {
                return false;
            }
            let technique = match k {
                2 => Technique::HiddenPair,
                3 => Technique::HiddenTriple,
                _ => Technique::HiddenQuad,
            };
            if direct {
                // Another symbol whose places outside the subset come down to one.
                let single = all_places.iter().enumerate().find_map(|(i, p)| {
                    let v = i as u8 + 1;
                    if mask & bit(v) != 0 || p.len() < 2 {
                        return None;
                    }
                    let mut left = p.iter().filter(|c| !places.contains(c));
                    match (left.next(), left.next()) {
                        (Some(&cell), None) => Some(Candidate { cell, value: v }),
                        _ => None,
                    }
                });
                let Some(single) = single else {
                    return false;
                };
                let reason = format!(
                    "In {region}, {syms} can only go in {cells}, so those cells hold nothing else; that leaves {cell} the only place for {v} in {region}.",
                    region = ctx.region(r),
                    syms = ctx.syms(mask, "and"),
                    cells = ctx.cells(&places),
                    cell = ctx.cell(single.cell),
                    v = ctx.sym(single.value),
                );
                let mut step = Step::new(technique, reason);
                step.candidates = pattern(g, &places, mask);
                step.cells = places;
                base(&mut step, layout.region_name(r));
                step.placement = Some(single);
                step.score = if k == 2 { 2.0 } else { 2.5 };
                found = Some(step);
                return true;
            }
            let reason = format!(
                "In {region}, {syms} can only go in {cells}, so those cells hold nothing else.",
                region = ctx.region(r),
                syms = ctx.syms(mask, "and"),
                cells = ctx.cells(&places),
            );
            let mut step = Step::new(technique, reason);
            step.candidates = pattern(g, &places, mask);
            step.cells = places;
            base(&mut step, layout.region_name(r));
            step.eliminations = eliminations;
            found = Some(step);
            true
        });
        if found.is_some() {
            return found;
        }
    }
    None
}

/// The subset's region as its base house, and its candidates as [`Role::Subset`].
fn base(step: &mut Step, region: crate::layout::RegionName) {
    step.regions = vec![region];
    step.houses = vec![House {
        region,
        role: HouseRole::Base,
    }];
    step.roles = pattern::all(&step.candidates, Role::Subset);
}

/// The candidates of `mask` in `cells`.
pub(crate) fn pattern(g: &Grid, cells: &[usize], mask: u32) -> Vec<Candidate> {
    cells
        .iter()
        .flat_map(|&cell| values(g.cand[cell] & mask).map(move |value| Candidate { cell, value }))
        .collect()
}

/// Calls `f` with each `k`-subset of `0..len` (ascending indices) until it returns true.
pub(crate) fn combinations(len: usize, k: usize, mut f: impl FnMut(&[usize]) -> bool) {
    if k == 0 || k > len {
        return;
    }
    let mut pick: Vec<usize> = (0..k).collect();
    loop {
        if f(&pick) {
            return;
        }
        // Advance the rightmost index that can still move.
        let mut i = k;
        loop {
            if i == 0 {
                return;
            }
            i -= 1;
            if pick[i] < len - k + i {
                break;
            }
            if i == 0 {
                return;
            }
        }
        pick[i] += 1;
        for j in i + 1..k {
            pick[j] = pick[j - 1] + 1;
        }
    }
}
