//! [`Verdict`]: whether a puzzle has no solution, exactly one or several. The one check
//! that the grade ([`Sudoku::grade`]), the hints ([`Sudoku::next_step`], [`Sudoku::hint`]),
//! the solving path ([`Sudoku::solve_path`]) and the generator's grading start from: only
//! a puzzle with exactly one solution is graded, hinted or given a path, and those that need
//! the solution take it from here.

use super::error::{SudokuError, SudokuResult};
use super::puzzle::Sudoku;
use super::solver::{with_workspace, SudokuSolver};

/// How far [`Verdict::of`] counts: two solutions are enough to know there is more than one.
pub const VERDICT_BOUND: u64 = 2;

/// How many solutions a puzzle has, as far as logic cares: none, exactly one (with it), or
/// several.
///
/// ```
/// use dlx_sudoku::{Sudoku, Verdict};
/// # fn main() -> Result<(), dlx_sudoku::SudokuError> {
/// let puzzle: Sudoku = ".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4".parse()?;
/// let Verdict::Unique(solution) = Verdict::of(&puzzle)? else { panic!("one solution") };
/// assert!(puzzle.layout().is_solution(solution.values()));
///
/// let empty: Sudoku = ".".repeat(81).parse()?;
/// assert_eq!(Verdict::of(&empty)?, Verdict::Several { found: 2 });
/// assert_eq!(empty.grade().unwrap_err().code(), "multiple_solutions");
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verdict {
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has exactly one solution: this one.
    Unique(Sudoku),
    /// The puzzle has more than one solution: `found` of them were found before the count
    /// stopped at [`VERDICT_BOUND`], so it has at least `found`.
    Several {
        /// Solutions found (a lower bound on how many there are).
        found: u64,
    },
}

impl Verdict {
    /// Counts the solutions of `puzzle` up to [`VERDICT_BOUND`] with the fast searches,
    /// keeping the first.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`] (listing every pair) if givens repeat a symbol in
    /// a region.
    pub fn of(puzzle: &Sudoku) -> SudokuResult<Verdict> {
        with_workspace(|solver| Verdict::with(solver, puzzle))
    }

    /// [`Verdict::of`] with a solver of the caller's.
    pub(crate) fn with(solver: &mut SudokuSolver, puzzle: &Sudoku) -> SudokuResult<Verdict> {
        let mut first: Option<Vec<u8>> = None;
        let found = solver.for_each_solution(puzzle, VERDICT_BOUND, |grid| {
            if first.is_none() {
                first = Some(grid.to_vec());
            }
            true
        })?;
        Ok(match (found, first) {
            (0, _) => Verdict::NoSolution,
            (1, Some(grid)) => Verdict::Unique(puzzle.with_values(grid)),
            // One solution reported without its grid cannot happen; say "none" rather
            // than panic (no panic may reach wasm).
            (1, None) => Verdict::NoSolution,
            (found, _) => Verdict::Several { found },
        })
    }

    /// Whether the puzzle has exactly one solution.
    pub fn is_unique(&self) -> bool {
        matches!(self, Verdict::Unique(_))
    }

    /// The solution of a puzzle with exactly one.
    ///
    /// # Errors
    /// [`SudokuError::NoSolution`] or [`SudokuError::MultipleSolutions`] (with the
    /// solutions found) for the other verdicts.
    pub fn into_solution(self) -> SudokuResult<Sudoku> {
        match self {
            Verdict::Unique(solution) => Ok(solution),
            Verdict::NoSolution => Err(SudokuError::NoSolution),
            Verdict::Several { found } => Err(SudokuError::MultipleSolutions { found }),
        }
    }
}

impl Sudoku {
    /// [`Verdict::of`] this puzzle.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`].
    pub fn verdict(&self) -> SudokuResult<Verdict> {
        Verdict::of(self)
    }
}
