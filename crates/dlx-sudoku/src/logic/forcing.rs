//! The last logical resort, by trying candidates and following singles: a candidate whose
//! assumption leads to a contradiction is false (contradiction chain, like Nishio), and a
//! conclusion that every candidate of a cell, or every place of a symbol in a region, leads
//! to is true (forcing chains).

use crate::propagate::full_mask;

use super::grid::{bit, values, Context, Grid};
use super::pattern::{self, Contradiction, House, HouseRole, Role};
use super::step::{Candidate, Step, Technique};

/// How many candidates of Sudoku Explainer's chain one placement of singles stands for,
/// for the length bonus of a contradiction chain.
const SE_CANDIDATES_PER_PLACEMENT: usize = 3;

/// Where propagation broke.
enum Broken {
    /// An empty cell with no candidate left.
    Cell(usize),
    /// A symbol with no place left in an exactly-once region.
    Region(usize, u8),
}

/// Makes naked and hidden singles after assuming `cell` is `v` until none is left;
/// returns the grid and the number of placements, or where it broke. With `trace`, pushes
/// there each placement the singles make, in order (only for the step chosen: the search
/// passes `None`).
fn propagate(
    ctx: &Context,
    g: &Grid,
    cell: usize,
    v: u8,
    mut trace: Option<&mut Vec<Candidate>>,
) -> Result<(Grid, usize), (Broken, usize)> {
    let mut record = |cell: usize, value: u8| {
        if let Some(t) = trace.as_deref_mut() {
            t.push(Candidate { cell, value });
        }
    };
    let mut g = g.clone();
    g.place(ctx, cell, v);
    let mut count = 1;
    let full = full_mask(ctx.n);
    loop {
        let mut changed = false;
        for c in 0..g.values.len() {
            if g.values[c] != 0 {
                continue;
            }
            match g.cand[c].count_ones() {
                0 => return Err((Broken::Cell(c), count)),
                1 => {
                    let value = g.cand[c].trailing_zeros() as u8 + 1;
                    g.place(ctx, c, value);
                    record(c, value);
                    count += 1;
                    changed = true;
                }
                _ => {}
            }
        }
        for &r in &ctx.exact {
            let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
            for &c in ctx.layout.region_cells(r) {
                let c = c as usize;
                let m = g.cand[c];
                twice |= once & m;
                once |= m;
                if g.values[c] != 0 {
                    placed |= bit(g.values[c]);
                }
            }
            let missing = full & !placed;
            if let Some(v) = values(missing & !once).next() {
                return Err((Broken::Region(r, v), count));
            }
            for v in values(missing & once & !twice) {
                let Some(c) = ctx
                    .layout
                    .region_cells(r)
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| g.has(c, v))
                else {
                    continue;
                };
                g.place(ctx, c, v);
                record(c, v);
                count += 1;
                changed = true;
            }
        }
        if !changed {
            return Ok((g, count));
        }
    }
}

/// The candidate whose assumption breaks the grid soonest.
pub(crate) fn contradiction(ctx: &Context, g: &Grid) -> Option<Step> {
    let mut best: Option<(usize, Candidate, Broken)> = None;
    for cell in 0..g.values.len() {
        for v in values(g.cand[cell]) {
            if let Err((broken, count)) = propagate(ctx, g, cell, v, None) {
                if best.as_ref().is_none_or(|b| count < b.0) {
                    best = Some((count, Candidate { cell, value: v }, broken));
                }
            }
        }
    }
    let (count, c, broken) = best?;
    let contradiction = match broken {
        Broken::Cell(x) => Contradiction::Cell(x),
        Broken::Region(r, v) => Contradiction::House(ctx.layout.region_name(r), v),
    };
    let what = match broken {
        Broken::Cell(x) => format!("{} has no candidate left", ctx.cell(x)),
        Broken::Region(r, v) => format!("{} has no place left for {}", ctx.region(r), ctx.sym(v)),
    };
    let reason = format!(
        "If {cell} were {v}, singles would lead to a contradiction ({what}), so {cell} is not {v}.",
        cell = ctx.cell(c.cell),
        v = ctx.sym(c.value),
    );
    let mut step = Step::new(Technique::ContradictionChain, reason);
    step.cells = vec![c.cell];
    step.candidates = vec![c];
    step.eliminations = vec![c];
    step.roles = pattern::all(&[c], Role::Source);
    let mut implied = Vec::new();
    let _ = propagate(ctx, g, c.cell, c.value, Some(&mut implied));
    step.roles.extend(pattern::all(&implied, Role::Implied));
    step.contradiction = Some(contradiction);
    // SE counts every candidate its chain turns on or off; each placement here stands
    // for about three of them (itself and the candidates it removes that the chain
    // goes on from), a factor calibrated on the SE-rated puzzles of crates/dlx-sudoku/tests/sudoku_se.rs.
    step.score += super::step::length_bonus(count * SE_CANDIDATES_PER_PLACEMENT);
    Some(step)
}

/// A conclusion common to every branch of a cell's candidates or of a symbol's places in
/// a region.
pub(crate) fn forcing(ctx: &Context, g: &Grid) -> Option<Step> {
    let mut sources: Vec<(Vec<Candidate>, Option<usize>)> = Vec::new();
    for cell in 0..g.values.len() {
        if (2..=3).contains(&g.cand[cell].count_ones()) {
            sources.push((
                values(g.cand[cell])
                    .map(|value| Candidate { cell, value })
                    .collect(),
                None,
            ));
        }
    }
    for &r in &ctx.exact {
        for v in 1..=ctx.n as u8 {
            let places = g.places(ctx, r, v);
            if (2..=3).contains(&places.len()) {
                sources.push((
                    places
                        .into_iter()
                        .map(|cell| Candidate { cell, value: v })
                        .collect(),
                    Some(r),
                ));
            }
        }
    }
    for (branches, region) in sources {
        let mut grids = Vec::new();
        for b in &branches {
            if let Ok((grid, _)) = propagate(ctx, g, b.cell, b.value, None) {
                grids.push(grid);
            }
        }
        if grids.len() != branches.len() || grids.is_empty() {
            continue; // a contradiction is the other technique's job
        }
        let placement = (0..g.values.len()).find_map(|c| {
            let v = grids[0].values[c];
            (g.values[c] == 0 && v != 0 && grids.iter().all(|x| x.values[c] == v))
                .then_some(Candidate { cell: c, value: v })
        });
        let eliminations: Vec<Candidate> = if placement.is_some() {
            Vec::new()
        } else {
            (0..g.values.len())
                .filter(|&c| g.values[c] == 0)
                .flat_map(|c| {
                    let gone = grids.iter().fold(g.cand[c], |m, x| {
                        let kept = if x.values[c] != 0 {
                            bit(x.values[c])
                        } else {
                            x.cand[c]
                        };
                        m & !kept
                    });
                    values(gone).map(move |value| Candidate { cell: c, value })
                })
                .collect()
        };
        if placement.is_none() && eliminations.is_empty() {
            continue;
        }
        let source = match region {
            Some(r) => format!(
                "{v} must go in {cells} in {region}",
                v = ctx.sym(branches[0].value),
                cells = ctx.cells(&branches.iter().map(|b| b.cell).collect::<Vec<_>>()),
                region = ctx.region(r),
            ),
            None => format!(
                "{cell} is {vs}",
                cell = ctx.cell(branches[0].cell),
                vs = ctx.syms(branches.iter().fold(0, |m, b| m | bit(b.value)), "or"),
            ),
        };
        let conclusion = match placement {
            Some(p) => format!("{} is {}", ctx.cell(p.cell), ctx.sym(p.value)),
            None => {
                let list: Vec<String> = eliminations
                    .iter()
                    .map(|e| format!("{} {}", ctx.cell(e.cell), ctx.sym(e.value)))
                    .collect();
                format!("{} are ruled out", super::grid::join(&list, "and"))
            }
        };
        let reason =
            format!("{source}; each choice leads by singles to the same result, so {conclusion}.");
        let reason = capitalise(&reason);
        let mut step = Step::new(Technique::ForcingChain, reason);
        let mut cells: Vec<usize> = branches.iter().map(|b| b.cell).collect();
        crate::sort::sort(&mut cells);
        step.cells = cells;
        step.roles = pattern::all(&branches, Role::Source);
        step.candidates = branches;
        if let Some(r) = region {
            step.regions = vec![ctx.layout.region_name(r)];
            step.houses = vec![House {
                region: ctx.layout.region_name(r),
                role: HouseRole::Base,
            }];
            step.score += 0.2;
        }
        step.placement = placement;
        step.eliminations = eliminations;
        return Some(step);
    }
    None
}

/// `s` with its first letter upper-cased: the sentences here begin with an ASCII letter, and
/// `char::to_uppercase` would link Unicode's case tables into the wasm module (10 KB raw, 4.7 KB
/// gzipped).
fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => std::iter::once(first.to_ascii_uppercase())
            .chain(chars)
            .collect(),
        None => String::new(),
    }
}
