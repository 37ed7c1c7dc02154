//! Basic fish: X-Wing (2), Swordfish (3), Jellyfish (4). A symbol whose places in `k`
//! disjoint rows lie in `k` columns fills those columns from these rows, so the rest of the
//! columns lose it; the same with rows and columns swapped. Works on every layout with rows
//! and columns (a Samurai's rows are those of each grid).

use crate::layout::RegionKind;

use super::grid::{Context, Grid};
use super::pattern::{self, House, HouseRole, Role};
use super::step::{Candidate, Step, Technique};
use super::subsets::combinations;

/// The fish of size `k`, if any.
pub(crate) fn find(ctx: &Context, g: &Grid, k: usize) -> Option<Step> {
    search(ctx, g, k, RegionKind::Row, RegionKind::Column)
        .or_else(|| search(ctx, g, k, RegionKind::Column, RegionKind::Row))
}

fn search(ctx: &Context, g: &Grid, k: usize, base: RegionKind, cover: RegionKind) -> Option<Step> {
    let layout = ctx.layout;
    let kind_of = |r: usize| layout.region_name(r).kind;
    // The region of kind `cover` of a cell.
    let cover_of = |cell: usize| {
        layout
            .cell_regions(cell)
            .iter()
            .map(|&r| r as usize)
            .find(|&r| kind_of(r) == cover)
    };
    for v in 1..=ctx.n as u8 {
        let bases: Vec<(usize, Vec<usize>)> = ctx
            .exact
            .iter()
            .copied()
            .filter(|&r| kind_of(r) == base)
            .map(|r| (r, g.places(ctx, r, v)))
            .filter(|(_, places)| (2..=k).contains(&places.len()))
            .collect();
        let mut found = None;
        combinations(bases.len(), k, |pick| {
            let mut covers: Vec<usize> = Vec::new();
            let mut cells: Vec<usize> = Vec::new();
            for &i in pick {
                for &c in &bases[i].1 {
                    if cells.contains(&c) {
                        return false; // bases must not overlap
                    }
                    cells.push(c);
                    match cover_of(c) {
                        Some(r) if !covers.contains(&r) => covers.push(r),
                        Some(_) => {}
                        None => return false,
                    }
                }
            }
            if covers.len() != k {
                return false;
            }
            crate::sort::sort(&mut covers);
            let base_regions: Vec<usize> = pick.iter().map(|&i| bases[i].0).collect();
            let eliminations: Vec<Candidate> = covers
                .iter()
                .flat_map(|&r| layout.region_cells(r).iter().map(|&c| c as usize))
                .filter(|&c| g.has(c, v) && !cells.contains(&c))
                .map(|cell| Candidate { cell, value: v })
                .collect();
            if eliminations.is_empty() {
                return false;
            }
            let names = |rs: &[usize]| {
                let names: Vec<String> = rs.iter().map(|&r| ctx.region(r)).collect();
                super::grid::join(&names, "and")
            };
            let reason = format!(
                "In {bases}, {v} can only go in {covers}; each of those must hold one of them, so no other cell of {covers} can be {v}.",
                bases = names(&base_regions),
                covers = names(&covers),
                v = ctx.sym(v),
            );
            let technique = match k {
                2 => Technique::XWing,
                3 => Technique::Swordfish,
                _ => Technique::Jellyfish,
            };
            let mut step = Step::new(technique, reason);
            crate::sort::sort(&mut cells);
            step.candidates = cells
                .iter()
                .map(|&cell| Candidate { cell, value: v })
                .collect();
            step.roles = pattern::all(&step.candidates, Role::Fish);
            step.cells = cells;
            let house = |role: HouseRole| {
                move |&r: &usize| House {
                    region: layout.region_name(r),
                    role,
                }
            };
            step.houses = base_regions
                .iter()
                .map(house(HouseRole::Base))
                .chain(covers.iter().map(house(HouseRole::Cover)))
                .collect();
            step.regions = base_regions
                .iter()
                .chain(&covers)
                .map(|&r| layout.region_name(r))
                .collect();
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
