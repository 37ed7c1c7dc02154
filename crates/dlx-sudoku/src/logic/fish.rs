//! Basic fish: X-Wing (2), Swordfish (3), Jellyfish (4). A symbol whose places in `k`
//! disjoint rows lie in `k` columns fills those columns from these rows, so the rest of the
//! columns lose it; the same with rows and columns swapped. Works on every layout with rows
//! and columns (a Samurai's rows are those of each grid).
//!
//! The search over base lines and the step's structure are shared with finned and sashimi
//! fish ([`super::finned`]), which let some of the places lie outside the cover lines.

use crate::layout::RegionKind;

use super::grid::{Context, Grid};
use super::pattern::{self, House, HouseRole, Part, Role};
use super::step::{Candidate, Step, Technique};

/// `k` disjoint base lines of one kind and the symbol's places in them.
pub(super) struct BaseSet {
    /// The symbol.
    pub(super) v: u8,
    /// The base lines (regions), in the order of the layout.
    pub(super) bases: Vec<usize>,
    /// Each place of the symbol in the base lines.
    pub(super) places: Vec<Place>,
}

/// A place of a fish's symbol in a base line.
#[derive(Debug, Clone, Copy)]
pub(super) struct Place {
    pub(super) cell: usize,
    /// The region of the cover kind through the cell.
    pub(super) cover: usize,
}

/// The lines of one kind where a symbol has from 2 to `most` places, each place with the
/// line of the other kind (the cover kind) through it.
pub(super) struct Lines<'a> {
    /// The symbol.
    pub(super) v: u8,
    /// The regions of the cover kind, by the index a mask bit stands for.
    pub(super) covers: &'a [usize],
    /// Each line's region.
    regions: Vec<usize>,
    /// Each line's mask of the cover lines through its places.
    pub(super) masks: Vec<u64>,
    /// Each line's places are `places[ends[i]..ends[i + 1]]`.
    ends: Vec<usize>,
    /// The places of every line, as (cell, index into `covers`).
    places: Vec<(usize, usize)>,
}

impl Lines<'_> {
    /// The places of line `i`, as (cell, index into `covers`).
    pub(super) fn places(&self, i: usize) -> &[(usize, usize)] {
        &self.places[self.ends[i]..self.ends[i + 1]]
    }

    /// The lines of `pick` as a base set, or `None` if two of them share a cell.
    pub(super) fn base_set(&self, pick: &[usize]) -> Option<BaseSet> {
        let mut set = BaseSet {
            v: self.v,
            bases: Vec::with_capacity(pick.len()),
            places: Vec::new(),
        };
        for &i in pick {
            set.bases.push(self.regions[i]);
            for &(cell, cover) in self.places(i) {
                if set.places.iter().any(|p| p.cell == cell) {
                    return None;
                }
                set.places.push(Place {
                    cell,
                    cover: self.covers[cover],
                });
            }
        }
        Some(set)
    }
}

/// The fish of size `k`, if any.
pub(crate) fn find(ctx: &Context, g: &Grid, k: usize) -> Option<Step> {
    each_base_set(ctx, g, k, k, k, |lines, pick, covers| {
        if covers.count_ones() as usize != k {
            return None;
        }
        let set = lines.base_set(pick)?;
        let covers: Vec<usize> = bits(covers).map(|i| lines.covers[i]).collect();
        let cells: Vec<usize> = set.places.iter().map(|p| p.cell).collect();
        let eliminations = cover_eliminations(ctx, g, set.v, &covers, &cells, &[]);
        if eliminations.is_empty() {
            return None;
        }
        let reason = format!(
            "In {bases}, {v} can only go in {covers}; each of those must hold one of them, so no other cell of {covers} can be {v}.",
            bases = names(ctx, &set.bases),
            covers = names(ctx, &covers),
            v = ctx.sym(set.v),
        );
        let technique = match k {
            2 => Technique::XWing,
            3 => Technique::Swordfish,
            _ => Technique::Jellyfish,
        };
        Some(fish_step(
            ctx,
            Step::new(technique, reason),
            &set,
            &covers,
            &[],
            eliminations,
        ))
    })
}

/// Calls `visit` with each choice (`pick`, indexes into [`Lines::lines`]) of `k` lines of
/// one kind (rows, then columns, as base lines; the other kind covers), for each symbol, in
/// which the symbol has from 2 to `most` places in each line, every place lies in a line of
/// the cover kind and these places lie in at most `spread` cover lines (their mask, the
/// third argument), until `visit` returns a step. The lines of a pick may overlap (on a
/// Samurai): [`Lines::base_set`] says.
pub(super) fn each_base_set(
    ctx: &Context,
    g: &Grid,
    k: usize,
    most: usize,
    spread: usize,
    mut visit: impl FnMut(&Lines, &[usize], u64) -> Option<Step>,
) -> Option<Step> {
    let layout = ctx.layout;
    let kind_of = |r: usize| layout.region_name(r).kind;
    for (base, cover) in [
        (RegionKind::Row, RegionKind::Column),
        (RegionKind::Column, RegionKind::Row),
    ] {
        // The cover lines, numbered for masks (a fish's cover lines fit in 64).
        let covers: Vec<usize> = (0..layout.region_count())
            .filter(|&r| kind_of(r) == cover)
            .collect();
        if covers.len() > 64 {
            continue;
        }
        // The index in `covers` of each cell's cover line.
        let mut cover_of: Vec<Option<usize>> = vec![None; layout.cell_count()];
        for (i, &r) in covers.iter().enumerate() {
            for &c in layout.region_cells(r) {
                cover_of[c as usize] = Some(i);
            }
        }
        let bases: Vec<usize> = ctx
            .exact
            .iter()
            .copied()
            .filter(|&r| kind_of(r) == base)
            .collect();
        let mut lines = Lines {
            v: 0,
            covers: &covers,
            regions: Vec::with_capacity(bases.len()),
            masks: Vec::with_capacity(bases.len()),
            ends: Vec::with_capacity(bases.len() + 1),
            places: Vec::new(),
        };
        for v in 1..=ctx.n as u8 {
            lines.v = v;
            lines.regions.clear();
            lines.masks.clear();
            lines.ends.clear();
            lines.ends.push(0);
            lines.places.clear();
            'lines: for &r in &bases {
                let start = lines.places.len();
                let mut mask = 0u64;
                for &cell in layout.region_cells(r) {
                    let cell = cell as usize;
                    if !g.has(cell, v) {
                        continue;
                    }
                    // A line with a place in no cover line is in no fish.
                    let Some(c) = cover_of[cell] else {
                        lines.places.truncate(start);
                        continue 'lines;
                    };
                    lines.places.push((cell, c));
                    mask |= 1 << c;
                }
                if (2..=most).contains(&(lines.places.len() - start)) {
                    lines.regions.push(r);
                    lines.masks.push(mask);
                    lines.ends.push(lines.places.len());
                } else {
                    lines.places.truncate(start);
                }
            }
            let mut found = None;
            each_pick(&lines.masks, k, spread, |pick, union| {
                found = visit(&lines, pick, union);
                found.is_some()
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// The set bits of a mask, ascending.
pub(super) fn bits(mask: u64) -> impl Iterator<Item = usize> {
    let mut m = mask;
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let b = m.trailing_zeros() as usize;
            m &= m - 1;
            b
        })
    })
}

/// Calls `f` with each `k`-subset of the indexes of `masks` (ascending, in lexicographic
/// order) whose masks together have at most `spread` bits, and that union, until it
/// returns true. A partial pick over `spread` bits is not extended.
fn each_pick(masks: &[u64], k: usize, spread: usize, mut f: impl FnMut(&[usize], u64) -> bool) {
    if k == 0 || k > masks.len() {
        return;
    }
    let mut pick: Vec<usize> = Vec::with_capacity(k);
    // unions[j]: the union of the first j picked masks.
    let mut unions = vec![0u64; k + 1];
    let mut next = 0;
    loop {
        if pick.len() == k {
            if f(&pick, unions[k]) {
                return;
            }
        } else if masks.len() - next >= k - pick.len() {
            let union = unions[pick.len()] | masks[next];
            if union.count_ones() as usize <= spread {
                pick.push(next);
                unions[pick.len()] = union;
            }
            next += 1;
            continue;
        }
        // Back up: the last pick moves right.
        match pick.pop() {
            Some(i) => next = i + 1,
            None => return,
        }
    }
}

/// The candidates of `v` in the cover lines that are not among `cells` (the fish's places)
/// and that see every fin.
pub(super) fn cover_eliminations(
    ctx: &Context,
    g: &Grid,
    v: u8,
    covers: &[usize],
    cells: &[usize],
    fins: &[usize],
) -> Vec<Candidate> {
    covers
        .iter()
        .flat_map(|&r| ctx.layout.region_cells(r).iter().map(|&c| c as usize))
        .filter(|&c| {
            g.has(c, v) && !cells.contains(&c) && fins.iter().all(|&f| c != f && ctx.sees(c, f))
        })
        .map(|cell| Candidate { cell, value: v })
        .collect()
}

/// "row 1 and row 5".
pub(super) fn names(ctx: &Context, regions: &[usize]) -> String {
    let names: Vec<String> = regions.iter().map(|&r| ctx.region(r)).collect();
    super::grid::join(&names, "and")
}

/// `step` with the fish's structure: its places ([`Role::Fish`], or [`Role::Fin`] for the
/// cells of `fins`), its base and cover houses, and its eliminations.
pub(super) fn fish_step(
    ctx: &Context,
    mut step: Step,
    set: &BaseSet,
    covers: &[usize],
    fins: &[usize],
    eliminations: Vec<Candidate>,
) -> Step {
    let layout = ctx.layout;
    let mut cells: Vec<usize> = set.places.iter().map(|p| p.cell).collect();
    crate::sort::sort(&mut cells);
    step.candidates = cells
        .iter()
        .map(|&cell| Candidate { cell, value: set.v })
        .collect();
    step.roles = pattern::all(&step.candidates, Role::Fish);
    for part in &mut step.roles {
        if fins.contains(&part.candidate.cell) {
            *part = Part {
                candidate: part.candidate,
                role: Role::Fin,
            };
        }
    }
    step.cells = cells;
    let house = |role: HouseRole| {
        move |&r: &usize| House {
            region: layout.region_name(r),
            role,
        }
    };
    step.houses = set
        .bases
        .iter()
        .map(house(HouseRole::Base))
        .chain(covers.iter().map(house(HouseRole::Cover)))
        .collect();
    step.regions = set
        .bases
        .iter()
        .chain(covers)
        .map(|&r| layout.region_name(r))
        .collect();
    step.eliminations = eliminations;
    step
}
