//! Naked and hidden singles (a region's last empty cell is a hidden single of score 1.0).

use super::grid::{bit, values, Context, Grid};
use super::pattern::{House, HouseRole, Part, Role};
use super::step::{Candidate, Step, Technique};

/// The easiest hidden single: a region's last empty cell (1.0), a hidden single in a
/// box-like region (1.2), then in a line (1.5).
pub(crate) fn hidden_single(ctx: &Context, g: &Grid) -> Option<Step> {
    full_house(ctx, g)
        .or_else(|| hidden(ctx, g, true))
        .or_else(|| hidden(ctx, g, false))
}

fn placement(technique: Technique, cell: usize, value: u8, reason: String) -> Step {
    let mut step = Step::new(technique, reason);
    step.cells = vec![cell];
    step.candidates = vec![Candidate { cell, value }];
    step.placement = Some(Candidate { cell, value });
    step.roles = vec![Part {
        candidate: Candidate { cell, value },
        role: Role::Single,
    }];
    step
}

/// Adds to `step` the filled cell that rules out each of `ruled_out` (cell, symbol): the
/// first peer of the cell holding the symbol, each filled cell once. A symbol an earlier step
/// took out, with no filled peer holding it, gets none.
fn blockers(
    ctx: &Context,
    g: &Grid,
    step: &mut Step,
    ruled_out: impl Iterator<Item = (usize, u8)>,
) {
    for (cell, v) in ruled_out {
        let Some(p) = ctx.peers(cell).find(|&p| g.values[p] == v) else {
            continue;
        };
        if step.roles.iter().all(|part| part.candidate.cell != p) {
            step.roles.push(Part {
                candidate: Candidate { cell: p, value: v },
                role: Role::Blocker,
            });
        }
    }
}

/// The single's region, as its base house.
fn base(step: &mut Step, region: crate::layout::RegionName) {
    step.regions = vec![region];
    step.houses = vec![House {
        region,
        role: HouseRole::Base,
    }];
}

fn full_house(ctx: &Context, g: &Grid) -> Option<Step> {
    for &r in &ctx.exact {
        let mut empty = ctx
            .layout
            .region_cells(r)
            .iter()
            .map(|&c| c as usize)
            .filter(|&c| g.values[c] == 0);
        if let (Some(cell), None) = (empty.next(), empty.next()) {
            let m = g.cand[cell];
            if m.count_ones() != 1 {
                continue;
            }
            let v = m.trailing_zeros() as u8 + 1;
            let reason = format!(
                "{cell} is the last empty cell of {region}, so it is the {v} that {region} still lacks.",
                cell = ctx.cell(cell),
                region = ctx.region(r),
                v = ctx.sym(v),
            );
            let mut step = placement(Technique::HiddenSingle, cell, v, reason);
            base(&mut step, ctx.layout.region_name(r));
            step.score = 1.0;
            return Some(step);
        }
    }
    None
}

fn hidden(ctx: &Context, g: &Grid, blocks: bool) -> Option<Step> {
    for &r in &ctx.exact {
        if ctx.is_block(r) != blocks {
            continue;
        }
        let mut once = 0u32;
        let mut twice = 0u32;
        for &c in ctx.layout.region_cells(r) {
            let m = g.cand[c as usize];
            twice |= once & m;
            once |= m;
        }
        let single = once & !twice;
        if let Some(v) = values(single).next() {
            let cell = ctx
                .layout
                .region_cells(r)
                .iter()
                .map(|&c| c as usize)
                .find(|&c| g.cand[c] & bit(v) != 0)?;
            let reason = format!(
                "{cell} is the only place left for {v} in {region}.",
                cell = ctx.cell(cell),
                region = ctx.region(r),
                v = ctx.sym(v),
            );
            let mut step = placement(Technique::HiddenSingle, cell, v, reason);
            base(&mut step, ctx.layout.region_name(r));
            let others = ctx.layout.region_cells(r).iter().map(|&c| c as usize);
            let others = others.filter(|&c| c != cell && g.values[c] == 0);
            blockers(ctx, g, &mut step, others.map(|c| (c, v)));
            step.score = if blocks { 1.2 } else { 1.5 };
            return Some(step);
        }
    }
    None
}

/// A naked single (2.3).
pub(crate) fn naked(ctx: &Context, g: &Grid) -> Option<Step> {
    let cell = (0..g.values.len()).find(|&c| g.values[c] == 0 && g.cand[c].count_ones() == 1)?;
    let v = g.cand[cell].trailing_zeros() as u8 + 1;
    let reason = format!(
        "{v} is the only candidate left in {cell}: it sees every other {word}.",
        cell = ctx.cell(cell),
        v = ctx.sym(v),
        word = if ctx.n <= 9 { "digit" } else { "symbol" },
    );
    let mut step = placement(Technique::NakedSingle, cell, v, reason);
    let others = (1..=ctx.n as u8).filter(|&w| w != v);
    blockers(ctx, g, &mut step, others.map(|w| (cell, w)));
    Some(step)
}
