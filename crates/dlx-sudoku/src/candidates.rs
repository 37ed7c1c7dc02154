//! Candidates for pencil marks: for each empty cell, the symbols that no given in any of
//! its regions rules out.

use super::error::{SudokuError, SudokuResult};
use super::propagate::State;
use super::puzzle::Sudoku;

/// The candidates of every cell of a puzzle.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidates {
    n: usize,
    masks: Vec<u32>,
}

impl Candidates {
    /// The candidates of `cell` as a bit mask: bit `v - 1` for symbol `v`. A given cell has
    /// none (0); an empty cell with none means the puzzle has no solution.
    ///
    /// # Panics
    /// If `cell` is not a cell of the puzzle.
    pub fn mask(&self, cell: usize) -> u32 {
        self.masks[cell]
    }

    /// The candidates of `cell`, ascending.
    ///
    /// # Panics
    /// If `cell` is not a cell of the puzzle.
    pub fn symbols(&self, cell: usize) -> Vec<u8> {
        (1..=self.n as u8)
            .filter(|v| self.masks[cell] & (1 << (v - 1)) != 0)
            .collect()
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        self.masks.len()
    }

    /// Whether the puzzle has no cells (never, for a real layout).
    pub fn is_empty(&self) -> bool {
        self.masks.is_empty()
    }
}

impl Sudoku {
    /// The candidates of every empty cell: the symbols not given in any region that holds
    /// it.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`].
    pub fn candidates(&self) -> SudokuResult<Candidates> {
        let mut state = State::default();
        if state.load(self.layout(), self.values()).is_err() {
            return Err(SudokuError::ConflictingGivens {
                conflicts: self.conflicts(),
            });
        }
        Ok(Candidates {
            n: self.layout().size(),
            masks: state.cand,
        })
    }
}
