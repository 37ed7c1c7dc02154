//! The state of a partly filled grid as bit masks, and singles propagation: the forced
//! placements (a cell with one candidate left, a symbol with one cell left in an
//! exactly-once region) made before handing what remains to the engine. It is an optional
//! preprocessing step; every branching decision is the engine's.

use super::layout::{Constraint, Layout};

/// Which forced placements to make.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Singles {
    /// None: the engine gets everything the givens leave open.
    Off,
    /// Naked singles only: a cell with one candidate.
    Naked,
    /// Naked and hidden singles: also a symbol with one possible cell in an exactly-once
    /// region.
    All,
}

/// Two givens repeat a symbol in a region.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Conflicting;

/// A partly filled grid: values, candidates of the empty cells, and the symbols placed in
/// each region. Symbol `v` (from 1) is bit `v - 1`.
#[derive(Debug, Clone, Default)]
pub(crate) struct State {
    pub(crate) values: Vec<u8>,
    /// Candidates of each empty cell (0 for a filled cell).
    pub(crate) cand: Vec<u32>,
    /// Symbols placed in each region.
    pub(crate) placed: Vec<u32>,
    /// How many cells are empty.
    pub(crate) empty: usize,
    /// Cells found to have one candidate left, waiting to be filled.
    pending: Vec<u32>,
}

/// All `n` symbols.
pub(crate) fn full_mask(n: usize) -> u32 {
    if n >= 32 {
        u32::MAX
    } else {
        (1u32 << n) - 1
    }
}

impl State {
    /// Loads `givens` (one value per cell, 0 for empty) into this state, reusing its memory.
    pub(crate) fn load(&mut self, layout: &Layout, givens: &[u8]) -> Result<(), Conflicting> {
        let full = full_mask(layout.n);
        self.values.clear();
        self.values.extend_from_slice(givens);
        self.placed.clear();
        self.placed.resize(layout.region_count(), 0);
        self.empty = 0;
        for (cell, &v) in givens.iter().enumerate() {
            if v == 0 {
                self.empty += 1;
                continue;
            }
            let bit = 1u32 << (v - 1);
            for &r in layout.cell_regions(cell) {
                let placed = &mut self.placed[r as usize];
                if *placed & bit != 0 {
                    return Err(Conflicting);
                }
                *placed |= bit;
            }
        }
        self.cand.clear();
        for (cell, &v) in givens.iter().enumerate() {
            let mut m = 0;
            if v == 0 {
                m = full;
                for &r in layout.cell_regions(cell) {
                    m &= !self.placed[r as usize];
                }
            }
            self.cand.push(m);
        }
        Ok(())
    }

    /// Puts `v` into empty cell `cell` and takes `v` from the candidates of the cells that
    /// share a region with it, noting those left with one candidate; `false` if that
    /// contradicts a placed symbol or leaves a cell without candidates.
    #[inline]
    pub(crate) fn place(&mut self, layout: &Layout, cell: usize, v: u8) -> bool {
        let bit = 1u32 << (v - 1);
        self.values[cell] = v;
        self.cand[cell] = 0;
        self.empty -= 1;
        for &r in layout.cell_regions(cell) {
            let placed = &mut self.placed[r as usize];
            if *placed & bit != 0 {
                return false;
            }
            *placed |= bit;
            for &other in layout.region_cells(r as usize) {
                let cand = &mut self.cand[other as usize];
                if *cand & bit == 0 {
                    continue;
                }
                *cand &= !bit;
                match *cand {
                    0 => return false,
                    c if c & (c - 1) == 0 => self.pending.push(other),
                    _ => {}
                }
            }
        }
        true
    }

    /// Makes forced placements until none is left; `false` on a contradiction (a cell with
    /// no candidate, or a symbol with no place in an exactly-once region), which means
    /// there is no solution.
    pub(crate) fn propagate(&mut self, layout: &Layout, singles: Singles) -> bool {
        if singles == Singles::Off {
            return true;
        }
        self.pending.clear();
        for cell in 0..self.values.len() {
            let m = self.cand[cell];
            if self.values[cell] == 0 && m & m.wrapping_sub(1) == 0 {
                if m == 0 {
                    return false;
                }
                self.pending.push(cell as u32);
            }
        }
        loop {
            while let Some(cell) = self.pending.pop() {
                let cell = cell as usize;
                if self.values[cell] != 0 {
                    continue;
                }
                let m = self.cand[cell];
                if !self.place(layout, cell, m.trailing_zeros() as u8 + 1) {
                    return false;
                }
            }
            if singles != Singles::All || self.empty == 0 {
                return true;
            }
            match self.hidden_singles(layout) {
                None => return false,
                Some(false) => return true,
                Some(true) => {}
            }
        }
    }

    /// One pass of hidden singles over the exactly-once regions. `None` on a contradiction,
    /// otherwise whether anything was placed.
    fn hidden_singles(&mut self, layout: &Layout) -> Option<bool> {
        let full = full_mask(layout.n);
        let mut changed = false;
        for r in 0..layout.region_count() {
            if layout.constraints[r] != Constraint::ExactlyOnce {
                continue;
            }
            let missing = full & !self.placed[r];
            if missing == 0 {
                continue;
            }
            let (mut once, mut twice) = (0u32, 0u32);
            for &cell in layout.region_cells(r) {
                let m = self.cand[cell as usize];
                twice |= once & m;
                once |= m;
            }
            if missing & !once != 0 {
                return None;
            }
            let mut hidden = missing & !twice;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden &= hidden - 1;
                let cell = layout
                    .region_cells(r)
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| self.cand[c] & bit != 0)?;
                if !self.place(layout, cell, bit.trailing_zeros() as u8 + 1) {
                    return None;
                }
                changed = true;
            }
        }
        Some(changed)
    }
}
