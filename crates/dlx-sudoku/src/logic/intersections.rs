//! Locked candidates: when a symbol's places in an exactly-once region all lie in a second
//! region, that region's other cells lose it. Pointing (box to line, 2.6) and claiming
//! (line to box, 2.8), and the same on diagonals, windows and jigsaw regions.
//!
//! The direct variants (SE's direct pointing, 1.7, and direct claiming, 1.9) are the same
//! patterns taken only when the elimination leaves a symbol one place in another region of
//! the first region's kind (a box for pointing, a line of the same kind for claiming): the
//! step places that hidden single and, as in Sudoku Explainer, removes nothing else.

use super::grid::{Context, Grid};
use super::pattern::{self, House, HouseRole, Role};
use super::step::{Candidate, Step, Technique};

pub(crate) fn find(ctx: &Context, g: &Grid) -> Option<Step> {
    // Pointing first (its base is box-like), then claiming.
    [true, false]
        .into_iter()
        .find_map(|blocks| search(ctx, g, blocks, false))
}

/// A locked candidate whose elimination leaves a hidden single (direct pointing 1.7, then
/// direct claiming 1.9).
pub(crate) fn direct(ctx: &Context, g: &Grid) -> Option<Step> {
    [true, false]
        .into_iter()
        .find_map(|blocks| search(ctx, g, blocks, true))
}

/// The hidden single that `eliminations` of `v` leave in a region of `a`'s kind other than
/// `a`: the region and the cell.
fn following_single(
    ctx: &Context,
    g: &Grid,
    a: usize,
    v: u8,
    eliminations: &[Candidate],
) -> Option<(usize, usize)> {
    let layout = ctx.layout;
    let kind = layout.region_name(a).kind;
    ctx.exact
        .iter()
        .filter(|&&c| c != a && layout.region_name(c).kind == kind)
        .find_map(|&c| {
            let places = g.places(ctx, c, v);
            if places.len() < 2 {
                return None;
            }
            let mut left = places
                .iter()
                .filter(|&&p| !eliminations.iter().any(|e| e.cell == p));
            match (left.next(), left.next()) {
                (Some(&cell), None) => Some((c, cell)),
                _ => None,
            }
        })
}

fn search(ctx: &Context, g: &Grid, blocks: bool, direct: bool) -> Option<Step> {
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
                // A direct step (SE's 1.7/1.9) places the hidden single its eliminations
                // leave, and removes nothing itself.
                let single = match direct {
                    true => match following_single(ctx, g, a, v, &eliminations) {
                        Some(single) => Some(single),
                        None => continue,
                    },
                    false => None,
                };
                let (ra, rb, cells, sym) =
                    (ctx.region(a), ctx.region(b), ctx.cells(&places), ctx.sym(v));
                let reason = match single {
                    Some((c, cell)) => format!(
                        "In {ra}, {sym} can only go in {cells}, which all lie in {rb}, so {removed} cannot be {sym}; that leaves {cell} the only place for {sym} in {rc}.",
                        rc = ctx.region(c),
                        removed = ctx.cells(&eliminations.iter().map(|e| e.cell).collect::<Vec<_>>()),
                        cell = ctx.cell(cell),
                    ),
                    None => format!(
                        "In {ra}, {sym} can only go in {cells}, which all lie in {rb}, so no other cell of {rb} can be {sym}."
                    ),
                };
                let mut step = Step::new(Technique::LockedCandidates, reason);
                step.candidates = places
                    .iter()
                    .map(|&cell| Candidate { cell, value: v })
                    .collect();
                step.roles = pattern::all(&step.candidates, Role::Locked);
                step.cells = places;
                step.regions = vec![layout.region_name(a), layout.region_name(b)];
                step.houses = vec![
                    House {
                        region: layout.region_name(a),
                        role: HouseRole::Base,
                    },
                    House {
                        region: layout.region_name(b),
                        role: HouseRole::Cover,
                    },
                ];
                match single {
                    Some((c, cell)) => {
                        step.regions.push(layout.region_name(c));
                        step.houses.push(House {
                            region: layout.region_name(c),
                            role: HouseRole::Target,
                        });
                        step.placement = Some(Candidate { cell, value: v });
                        step.score = if blocks { 1.7 } else { 1.9 };
                    }
                    None => {
                        step.eliminations = eliminations;
                        step.score = if blocks { 2.6 } else { 2.8 };
                    }
                }
                return Some(step);
            }
        }
    }
    None
}
