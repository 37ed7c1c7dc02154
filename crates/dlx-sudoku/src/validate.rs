//! Checking givens: every pair of cells that repeat a symbol within a region.

use std::collections::BTreeMap;

use super::alphabet::Alphabet;
use super::error::Conflict;
use super::layout::{Layout, RegionName};

/// Every conflicting pair of givens in reading order, each with all the regions the two
/// cells share.
pub(crate) fn conflicts(layout: &Layout, values: &[u8], alphabet: &Alphabet) -> Vec<Conflict> {
    let mut pairs: BTreeMap<(u32, u32), Vec<RegionName>> = BTreeMap::new();
    for r in 0..layout.region_count() {
        let cells = layout.region_cells(r);
        for (i, &a) in cells.iter().enumerate() {
            let v = values[a as usize];
            if v == 0 {
                continue;
            }
            for &b in &cells[i + 1..] {
                if values[b as usize] == v {
                    let key = (a.min(b), a.max(b));
                    pairs.entry(key).or_default().push(layout.region_name(r));
                }
            }
        }
    }
    pairs
        .into_iter()
        .map(|((a, b), regions)| {
            let value = values[a as usize];
            Conflict {
                symbol: alphabet.symbol(value),
                value: usize::from(value),
                first: layout.position(a as usize),
                second: layout.position(b as usize),
                regions,
            }
        })
        .collect()
}
