//! What an interactive page asks about a grid beyond solving it: a solve with the engine's
//! statistics and a uniqueness check, and the grid's exact-cover encoding, so that a long
//! count can run in slices on the generic streaming solver.

use super::encode::Encoding;
use super::error::{SudokuError, SudokuResult};
use super::propagate::{Singles, State};
use super::puzzle::Sudoku;
use super::solver::SudokuSolver;
use dlx_engine::{Problem, ProblemBuilder, Stats};

/// A solve and what it cost.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SolveReport {
    /// The first solution, if there is one.
    pub solution: Option<Sudoku>,
    /// Solutions counted, stopping at 2: 0 (none), 1 (unique) or 2 (several).
    pub solutions: u64,
    /// The engine's statistics for finding the first solution (zero when singles alone
    /// solved it or proved it unsolvable).
    pub stats: Stats,
    /// Cells filled by singles before the engine ran.
    pub forced: usize,
}

impl SolveReport {
    /// Whether the puzzle has exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.solutions == 1
    }
}

/// A sudoku as an exact-cover problem, and what each option means.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CoverEncoding {
    /// Primary items for the empty cells and the symbols each exactly-once region misses,
    /// secondary items for at-most-once regions; one option per empty cell and candidate.
    pub problem: Problem,
    /// Option `k` puts value `placements[k].1` into cell `placements[k].0`.
    pub placements: Vec<(usize, u8)>,
}

impl Sudoku {
    /// Solves the puzzle with a fresh solver, keeping its statistics, then counts solutions
    /// up to 2 to tell whether the solution is unique.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`].
    pub fn solve_with_report(&self) -> SudokuResult<SolveReport> {
        let mut solver = SudokuSolver::with_singles(Singles::All);
        let mut grid = Vec::new();
        let solved = solver.solve_into(self, &mut grid)?;
        let report = solver.report();
        let solutions = if solved { solver.count(self, 2)? } else { 0 };
        Ok(SolveReport {
            solution: solved.then(|| self.with_values(grid)),
            solutions,
            stats: report.stats,
            forced: report.forced,
        })
    }

    /// The exact-cover problem whose solutions are this puzzle's solutions: only what the
    /// givens leave open is encoded (no singles are propagated), so a solution picks one
    /// option per empty cell.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`]; [`SudokuError::Engine`] if the problem would be
    /// over the engine's size budget.
    pub fn exact_cover(&self) -> SudokuResult<CoverEncoding> {
        let mut state = State::default();
        if state.load(self.layout(), self.values()).is_err() {
            return Err(SudokuError::ConflictingGivens {
                conflicts: self.conflicts(),
            });
        }
        let mut builder = ProblemBuilder::new(0, 0)?;
        let mut encoding = Encoding::default();
        encoding.encode(self.layout(), &state, &mut builder, None)?;
        let placements = encoding
            .placements
            .iter()
            .map(|&(cell, v)| (cell as usize, v))
            .collect();
        Ok(CoverEncoding {
            problem: builder.build(),
            placements,
        })
    }
}
