//! Finned and sashimi fish: X-Wing (2), Swordfish (3), Jellyfish (4) whose base lines hold
//! the symbol in the `k` cover lines but for a few places, the fins, that all lie in one
//! box (on other layouts, one box-like region: window, jigsaw region). Either a fin holds
//! the symbol, or the fish stands and its cover lines lose the symbol outside the base
//! lines; so a cover-line candidate that sees every fin is false either way. A sashimi fish
//! is a finned fish with a corner missing where the fins are: where the base lines meet the
//! cover lines inside the fins' box, the symbol has no place left, so the fins' box holds
//! none of the fish's places but the fins (Sudopedia's definition, "Sashimi Swordfish":
//! no candidate "in the extra box ... on the intersection of a defining row and a covered
//! column").
//!
//! Sudoku Explainer has no finned fish (SukakuExplainer's `Fisherman` finds basic fish
//! only: it reaches their eliminations by other means, turbot fish or chains). The scores
//! are those of the SE-scale rating of Sunnie's Sudoku Studio (`NormalFishStep`): the basic
//! fish's plus 0.2 for a finned fish, plus 0.3 for a sashimi X-Wing or Swordfish and 0.4
//! for a sashimi Jellyfish (3.4, 3.5, 4.0, 4.1, 5.4, 5.6). HoDoKu orders them the same way
//! (its `StepConfig`: finned X-Wing 130, sashimi X-Wing 150, finned Swordfish 200, sashimi
//! Swordfish 240, finned Jellyfish 250, sashimi Jellyfish 260).

use super::fish::{self, BaseSet};
use super::grid::{Context, Grid};
use super::step::{Step, Technique};

/// The finned or sashimi fish of size `k` of lowest score (a finned one before a
/// sashimi one), if any.
pub(crate) fn find(ctx: &Context, g: &Grid, k: usize) -> Option<Step> {
    let Blocks {
        span,
        of_cell,
        regions,
    } = Blocks::of(ctx)?;
    let mut found_sashimi: Option<Step> = None;
    // The places of a pick: (cover line, box-like regions) of each.
    let mut places: Vec<(usize, u64)> = Vec::new();
    // Base lines over more than k cover lines (at most k: a basic fish, or none), and the
    // fins of one box lie in at most `span` of them.
    let finned = fish::each_base_set(ctx, g, k, k + span, k + span, |lines, pick, union| {
        if union.count_ones() as usize <= k {
            return None;
        }
        places.clear();
        for &i in pick {
            places.extend(lines.places(i).iter().map(|&(cell, c)| (c, of_cell[cell])));
        }
        // For each box-like region `b` the places touch, as the fins' region: the places
        // outside it need at most k cover lines (`outside`); the rest of the k are some of
        // the lines through its places (`inside`), whose other places are the fins.
        let touched = places.iter().fold(0u64, |m, &(_, blocks)| m | blocks);
        for b in fish::bits(touched) {
            let (outside, inside) = places.iter().fold((0u64, 0u64), |(o, i), &(c, blocks)| {
                if blocks & (1 << b) == 0 {
                    (o | 1 << c, i)
                } else {
                    (o, i | 1 << c)
                }
            });
            let inside = inside & !outside;
            let Some(need) = k.checked_sub(outside.count_ones() as usize) else {
                continue;
            };
            // Each way to take `need` of the lines inside: a submask of `inside`.
            let mut sub = inside;
            loop {
                if sub.count_ones() as usize == need {
                    let mask = outside | sub;
                    let fins = inside & !sub;
                    if let Some(step) = fish_of(
                        ctx,
                        g,
                        k,
                        lines,
                        pick,
                        mask,
                        fins,
                        &of_cell,
                        &regions,
                        &found_sashimi,
                    ) {
                        if !is_sashimi(step.technique) {
                            return Some(step);
                        }
                        found_sashimi = Some(step);
                    }
                }
                if sub == 0 {
                    break;
                }
                sub = (sub - 1) & inside;
            }
        }
        None
    });
    finned.or(found_sashimi)
}

fn is_sashimi(t: Technique) -> bool {
    matches!(
        t,
        Technique::SashimiXWing | Technique::SashimiSwordfish | Technique::SashimiJellyfish
    )
}

/// The finned fish of the lines of `pick` with the cover lines of `mask` (k of them, as
/// bits of [`fish::Lines::covers`]) and its fins in the cover lines of `fins`, if every
/// base line keeps a place in the cover lines, the fins share a box-like region and the
/// fish removes something; `None` for a sashimi fish when `sashimi` already holds one.
#[allow(clippy::too_many_arguments)]
fn fish_of(
    ctx: &Context,
    g: &Grid,
    k: usize,
    lines: &fish::Lines,
    pick: &[usize],
    mask: u64,
    fins: u64,
    of_cell: &[u64],
    regions: &[usize],
    sashimi: &Option<Step>,
) -> Option<Step> {
    if fins == 0 || pick.iter().any(|&i| lines.masks[i] & mask == 0) {
        return None;
    }
    let places = || pick.iter().flat_map(|&i| lines.places(i).iter().copied());
    let is_fin = |c: usize| fins & (1 << c) != 0;
    // The first box-like region that holds every fin.
    let common = places()
        .filter(|&(_, c)| is_fin(c))
        .fold(u64::MAX, |m, (cell, _)| m & of_cell[cell]);
    if common == 0 {
        return None;
    }
    let block = common.trailing_zeros() as usize;
    // A sashimi fish has no other place of the fish there.
    let is_sashimi =
        !places().any(|(cell, c)| mask & (1 << c) != 0 && of_cell[cell] & (1 << block) != 0);
    if is_sashimi && sashimi.is_some() {
        return None;
    }
    // Some candidate of a cover line, outside the fish, sees every fin.
    let bites = fish::bits(mask).any(|i| {
        ctx.layout
            .region_cells(lines.covers[i])
            .iter()
            .map(|&c| c as usize)
            .any(|c| {
                g.has(c, lines.v)
                    && !places().any(|(p, _)| p == c)
                    && places()
                        .filter(|&(_, f)| is_fin(f))
                        .all(|(f, _)| ctx.sees(c, f))
            })
    });
    if !bites {
        return None;
    }
    let set = lines.base_set(pick)?;
    let covers: Vec<usize> = fish::bits(mask).map(|i| lines.covers[i]).collect();
    Some(finned_fish(
        ctx,
        g,
        k,
        &set,
        &covers,
        regions[block],
        is_sashimi,
    ))
}

/// The box-like regions of a layout (boxes, windows, jigsaw regions), where fins lie.
struct Blocks {
    /// The most cells one of them shares with a row or a column: how many lines of the
    /// cover kind the fins of one box can lie in (3 on 9x9).
    span: usize,
    /// For each cell, the mask of the box-like regions that hold it (bits: indexes into
    /// `regions`).
    of_cell: Vec<u64>,
    /// The box-like regions, ascending.
    regions: Vec<usize>,
}

impl Blocks {
    /// `None` on a layout without box-like regions, or with more than 64.
    fn of(ctx: &Context) -> Option<Blocks> {
        let layout = ctx.layout;
        let regions: Vec<usize> = (0..layout.region_count())
            .filter(|&r| ctx.is_block(r))
            .collect();
        if regions.is_empty() || regions.len() > 64 {
            return None;
        }
        let mut of_cell = vec![0u64; layout.cell_count()];
        let mut span = 0;
        // Cells of the region in each row and each column (positions count from 1).
        let (height, width) = layout.dimensions();
        let (mut rows, mut columns) = (vec![0usize; height + 1], vec![0usize; width + 1]);
        for (b, &r) in regions.iter().enumerate() {
            rows.fill(0);
            columns.fill(0);
            for &c in layout.region_cells(r) {
                of_cell[c as usize] |= 1 << b;
                let p = layout.position(c as usize);
                rows[p.row] += 1;
                columns[p.column] += 1;
                span = span.max(rows[p.row]).max(columns[p.column]);
            }
        }
        Some(Blocks {
            span,
            of_cell,
            regions,
        })
    }
}

/// The step of the finned fish of `set` with cover lines `covers` (`k` of them) whose
/// fins (its places outside the cover lines) all lie in region `block`: a sashimi fish
/// if `sashimi`. The caller has checked that it removes something.
fn finned_fish(
    ctx: &Context,
    g: &Grid,
    k: usize,
    set: &BaseSet,
    covers: &[usize],
    block: usize,
    sashimi: bool,
) -> Step {
    let mut fins: Vec<usize> = set
        .places
        .iter()
        .filter(|p| !covers.contains(&p.cover))
        .map(|p| p.cell)
        .collect();
    let cells: Vec<usize> = set.places.iter().map(|p| p.cell).collect();
    let eliminations = fish::cover_eliminations(ctx, g, set.v, covers, &cells, &fins);
    let technique = match (k, sashimi) {
        (2, false) => Technique::FinnedXWing,
        (2, true) => Technique::SashimiXWing,
        (3, false) => Technique::FinnedSwordfish,
        (3, true) => Technique::SashimiSwordfish,
        (_, false) => Technique::FinnedJellyfish,
        (_, true) => Technique::SashimiJellyfish,
    };
    crate::sort::sort(&mut fins);
    let removed: Vec<usize> = eliminations.iter().map(|e| e.cell).collect();
    let (bases, covers_named) = (fish::names(ctx, &set.bases), fish::names(ctx, covers));
    let v = ctx.sym(set.v);
    let (fin_word, no_fin, one) = if fins.len() == 1 {
        ("fin", "the fin is not", "it is")
    } else {
        ("fins", "no fin is", "one is")
    };
    let reason = format!(
        "In {bases}, {v} can only go in {covers_named} or in the {fin_word} {fins} of {block}. \
         If {no_fin} {v}, {covers_named} take their {v} from {bases}; if {one}, it sees {removed}. \
         Either way, {removed} cannot be {v}.",
        fins = ctx.cells(&fins),
        block = ctx.region(block),
        removed = ctx.cells(&removed),
    );
    fish::fish_step(
        ctx,
        Step::new(technique, reason),
        set,
        covers,
        &fins,
        eliminations,
    )
}
