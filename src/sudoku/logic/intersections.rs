//! Locked candidates: when a symbol's places in an exactly-once region all lie in a second
//! region, that region's other cells lose it. Pointing (box to line, 2.6) and claiming
//! (line to box, 2.8), and the same on diagonals, windows and jigsaw regions.

use super::grid::{Context, Grid};
use super::step::{Candidate, Step, Technique};

pub(crate) fn find(ctx: &Context, g: &Grid) -> Option<Step> {
    // Pointing first (its base is box-like), then claiming.
    [true, false]
        .into_iter()
        .find_map(|blocks| search(ctx, g, blocks))
}

fn search(ctx: &Context, g: &Grid, blocks: bool) -> Option<Step> {
    let layout = ctx.layout;
    for &a in &ctx.exact {
        if ctx.is_block(a) != blocks {
            continue;
        }
        for v in 1..=ctx.n as u8 {
            let places = g.places(ctx, a, v);
            if places.len() < 2 {
                continue;
            }
            // Every region other than `a` that holds all of the places.
            for &b in layout.cell_regions(places[0]) {
                let b = b as usize;
                if b == a
                    || !places[1..]
                        .iter()
                        .all(|&c| layout.cell_regions(c).contains(&(b as u32)))
                {
                    continue;
                }
                let eliminations: Vec<Candidate> = layout
                    .region_cells(b)
                    .iter()
                    .map(|&c| c as usize)
                    .filter(|&c| g.has(c, v) && !places.contains(&c))
                    .map(|cell| Candidate { cell, value: v })
                    .collect();
                if eliminations.is_empty() {
                    continue;
                }
                let reason = format!(
                    "In {ra}, {v} can only go in {cells}, which all lie in {rb}, so no other cell of {rb} can be {v}.",
                    ra = ctx.region(a),
                    rb = ctx.region(b),
                    cells = ctx.cells(&places),
                    v = ctx.sym(v),
                );
                let mut step = Step::new(Technique::LockedCandidates, reason);
                step.candidates = places
                    .iter()
                    .map(|&cell| Candidate { cell, value: v })
                    .collect();
                step.cells = places;
                step.regions = vec![layout.region_name(a), layout.region_name(b)];
                step.eliminations = eliminations;
                step.score = if blocks { 2.6 } else { 2.8 };
                return Some(step);
            }
        }
    }
    None
}
