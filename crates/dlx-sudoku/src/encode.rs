//! The one encoder: any layout and partly filled grid as exact cover, the way Knuth's
//! `sudoku-dlx` does it. Only what the grid leaves open is encoded:
//!
//! * a primary item for each empty cell, then one for each symbol missing from each
//!   exactly-once region (region by region, in layout order);
//! * a secondary item for each symbol not yet placed in each at-most-once region;
//! * an option for each empty cell and each of its candidates: the cell's item and the
//!   symbol's item in every region holding the cell.

use fastrand::Rng;

use super::error::SudokuResult;
use super::layout::{Constraint, Layout};
use super::propagate::{full_mask, State};
use dlx_engine::ProblemBuilder;

/// Marks a region symbol with no item (the symbol is already placed there).
const NO_ITEM: u32 = u32::MAX;

/// Scratch memory for encoding, kept between puzzles, and the meaning of each option.
#[derive(Debug, Clone, Default)]
pub(crate) struct Encoding {
    /// Option `k` puts value `.1` into cell `.0`.
    pub(crate) placements: Vec<(u32, u8)>,
    /// The item of symbol `v` in region `r` is `region_item[r * n + v - 1]`.
    region_item: Vec<u32>,
    cell_item: Vec<u32>,
    items: Vec<usize>,
    order: Vec<u8>,
}

impl Encoding {
    /// Encodes what `state` leaves open into `builder` (reset first). With `rng`, each
    /// cell's options come in a random order (the generator uses this for random grids).
    pub(crate) fn encode(
        &mut self,
        layout: &Layout,
        state: &State,
        builder: &mut ProblemBuilder,
        mut rng: Option<&mut Rng>,
    ) -> SudokuResult<()> {
        let n = layout.n;
        let full = full_mask(n);
        let mut next = 0u32;
        self.cell_item.clear();
        for &v in &state.values {
            self.cell_item.push(next);
            next += u32::from(v == 0);
        }
        self.region_item.clear();
        self.region_item.resize(layout.region_count() * n, NO_ITEM);
        let mut primary = 0;
        for wanted in [Constraint::ExactlyOnce, Constraint::AtMostOnce] {
            if wanted == Constraint::AtMostOnce {
                primary = next as usize;
            }
            for r in 0..layout.region_count() {
                if layout.constraints[r] != wanted {
                    continue;
                }
                let mut open = full & !state.placed[r];
                while open != 0 {
                    let v = open.trailing_zeros() as usize;
                    open &= open - 1;
                    self.region_item[r * n + v] = next;
                    next += 1;
                }
            }
        }
        builder.reset(primary, next as usize - primary)?;
        self.placements.clear();
        for cell in 0..state.values.len() {
            if state.values[cell] != 0 {
                continue;
            }
            self.order.clear();
            let mut m = state.cand[cell];
            while m != 0 {
                self.order.push(m.trailing_zeros() as u8);
                m &= m - 1;
            }
            if let Some(rng) = rng.as_deref_mut() {
                shuffle(rng, &mut self.order);
            }
            for k in 0..self.order.len() {
                let v = usize::from(self.order[k]);
                self.items.clear();
                self.items.push(self.cell_item[cell] as usize);
                for &r in layout.cell_regions(cell) {
                    self.items
                        .push(self.region_item[r as usize * n + v] as usize);
                }
                builder.add_option(&self.items)?;
                self.placements.push((cell as u32, v as u8 + 1));
            }
        }
        Ok(())
    }
}

/// Fisher-Yates with `u32` ranges, so native and wasm32 draw the same numbers.
pub(crate) fn shuffle<T>(rng: &mut Rng, items: &mut [T]) {
    for k in (1..items.len()).rev() {
        let j = rng.u32(..=k as u32) as usize;
        items.swap(k, j);
    }
}
