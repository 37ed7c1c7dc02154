//! [`SudokuSolver`]: the engine's builder and solver plus the sudoku scratch state, kept
//! between puzzles so that solving a stream of puzzles allocates nothing once warmed up.

use std::cell::RefCell;

use fastrand::Rng;

use super::bands::BandSearch;
use super::bitboard::BitSearch;
use super::encode::Encoding;
use super::error::{SudokuError, SudokuResult};
use super::layout::Layout;
use super::propagate::{Singles, State};
use super::puzzle::Sudoku;
use dlx_engine::{ProblemBuilder, Solver, SolverOptions, Stats, Status};

/// What the last search did, for benchmarks and ratings.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SearchReport {
    /// Empty cells before any work.
    pub empty: usize,
    /// Cells filled by singles propagation before the engine ran.
    pub forced: usize,
    /// Whether the engine ran (it does not when singles fill the grid or find a
    /// contradiction).
    pub engine: bool,
    /// Items of the exact-cover problem handed to the engine.
    pub items: usize,
    /// Options of that problem.
    pub options: usize,
    /// The engine's statistics.
    pub stats: Stats,
    /// Whether the bitboard search ran instead of the engine (see [`SudokuSolver::new`]);
    /// then `stats` stays empty and `branches` counts its branching nodes.
    pub bitboards: bool,
    /// Branching nodes of the bitboard search.
    pub branches: u64,
}

/// A search request on raw values.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Run {
    /// Stop after this many solutions.
    pub(crate) limit: u64,
    /// Stop after this many search nodes.
    pub(crate) max_nodes: Option<u64>,
    /// Random tie-breaking in the engine.
    pub(crate) seed: Option<u64>,
    /// Singles propagation for this run instead of the solver's own.
    pub(crate) singles: Option<Singles>,
}

/// How a search ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Outcome {
    /// Solutions found (at most the limit).
    pub(crate) found: u64,
    /// Whether the node budget ran out first (then `found` is a lower bound).
    pub(crate) cut: bool,
}

/// Solves sudoku puzzles through the exact-cover engine, reusing its memory from one
/// puzzle to the next.
///
/// ```
/// use dlx_sudoku::{Options, Sudoku, SudokuSolver};
/// # fn main() -> Result<(), dlx_sudoku::SudokuError> {
/// let mut solver = SudokuSolver::new();
/// let mut grid = Vec::new();
/// let puzzle: Sudoku = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..".parse()?;
/// assert!(solver.solve_into(&puzzle, &mut grid)?);
/// assert!(puzzle.layout().is_solution(&grid));
/// assert_eq!(solver.count(&puzzle, 10)?, 1);
/// # Ok(()) }
/// ```
#[derive(Debug, Clone)]
pub struct SudokuSolver {
    state: State,
    encoding: Encoding,
    builder: Option<ProblemBuilder>,
    solver: Option<Solver>,
    settings: SolverOptions,
    solution: Vec<usize>,
    grid: Vec<u8>,
    singles: Singles,
    /// Whether plain searches may use the bitboards.
    bitboards: bool,
    bits: BitSearch,
    bands: BandSearch,
    report: SearchReport,
}

impl Default for SudokuSolver {
    fn default() -> Self {
        SudokuSolver::new()
    }
}

impl SudokuSolver {
    /// The fastest solver: the classic 9x9 is searched on bands and other layouts of at
    /// most 128 cells and 9 symbols (the 9x9 variants, and the smaller sizes) on bitboards:
    /// the same exact cover as the engine's, with a bit per cell instead of linked nodes
    /// (four to seven times faster than the engine on 9x9); larger layouts go to the engine
    /// after naked and hidden singles. Its [`SearchReport::stats`] are empty when the
    /// bitboards ran ([`SearchReport::bitboards`]). Built without the crate's `bitboards`
    /// feature (a default one), every layout goes to the engine after singles: the same
    /// solutions and counts, the engine's statistics.
    pub fn new() -> SudokuSolver {
        SudokuSolver {
            bitboards: true,
            ..SudokuSolver::with_singles(Singles::All)
        }
    }

    /// A solver that always uses the exact-cover engine, after the given singles
    /// propagation ([`Singles::Off`] hands the engine everything the givens leave open):
    /// for studying the engine, whose statistics it reports.
    pub fn with_singles(singles: Singles) -> SudokuSolver {
        SudokuSolver {
            state: State::default(),
            encoding: Encoding::default(),
            builder: None,
            solver: None,
            settings: SolverOptions::default(),
            solution: Vec::new(),
            grid: Vec::new(),
            singles,
            bitboards: false,
            bits: BitSearch::default(),
            bands: BandSearch::default(),
            report: SearchReport::default(),
        }
    }

    /// What the last search did.
    pub fn report(&self) -> SearchReport {
        self.report
    }

    /// Writes the first solution of `puzzle` into `out` (one value per cell, from 1) and
    /// returns `true`, or returns `false` if there is none.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`] listing every conflicting pair.
    pub fn solve_into(&mut self, puzzle: &Sudoku, out: &mut Vec<u8>) -> SudokuResult<bool> {
        let run = Run {
            limit: 1,
            ..Run::default()
        };
        let outcome = self.values(puzzle.layout(), puzzle.values(), run, None, |grid| {
            out.clear();
            out.extend_from_slice(grid);
            false
        });
        Ok(puzzle.with_conflicts(outcome)?.found == 1)
    }

    /// The first solution of the classic 9x9 puzzle `givens` (81 values, 0 for empty) into
    /// `out`: `Some(true)`, `Some(false)` if it has none, `None` if two givens conflict.
    /// The band search itself, with nothing around it: the batch's path.
    pub(crate) fn first_classic(&mut self, givens: &[u8; 81], out: &mut [u8; 81]) -> Option<bool> {
        let found = self.bands.run(givens, 1, |grid| {
            out.copy_from_slice(grid);
            false
        })?;
        Some(found == 1)
    }

    /// Counts the solutions of `puzzle`, stopping at `limit`.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`].
    pub fn count(&mut self, puzzle: &Sudoku, limit: u64) -> SudokuResult<u64> {
        let run = Run {
            limit,
            ..Run::default()
        };
        let outcome = self.values(puzzle.layout(), puzzle.values(), run, None, |_| true);
        Ok(puzzle.with_conflicts(outcome)?.found)
    }

    /// Calls `each` with every solution of `puzzle` (one value per cell), up to `limit`
    /// solutions or until `each` returns `false`. Returns how many were found.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`].
    pub fn for_each_solution(
        &mut self,
        puzzle: &Sudoku,
        limit: u64,
        each: impl FnMut(&[u8]) -> bool,
    ) -> SudokuResult<u64> {
        let run = Run {
            limit,
            ..Run::default()
        };
        let outcome = self.values(puzzle.layout(), puzzle.values(), run, None, each);
        Ok(puzzle.with_conflicts(outcome)?.found)
    }

    /// Does all that [`SudokuSolver::solve_into`] does but the search: propagates singles,
    /// encodes what they leave open and loads it into the engine. Benchmarks use it to split
    /// the time between building and searching.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`].
    pub fn prepare(&mut self, puzzle: &Sudoku) -> SudokuResult<SearchReport> {
        let run = Run {
            limit: 1,
            max_nodes: Some(0),
            ..Run::default()
        };
        let outcome = self.values(puzzle.layout(), puzzle.values(), run, None, |_| false);
        puzzle.with_conflicts(outcome)?;
        Ok(self.report)
    }

    /// The band search (classic 9x9) or the bitboard search (other layouts that have
    /// bitboards): the solutions found, or `None` if neither applies or two givens
    /// conflict.
    fn bit_search(
        &mut self,
        layout: &Layout,
        givens: &[u8],
        limit: u64,
        each: impl FnMut(&[u8]) -> bool,
    ) -> Option<u64> {
        let found = if layout.classic {
            self.bands.run(givens, limit, each)
        } else {
            self.bits.run(layout.board.as_deref()?, givens, limit, each)
        };
        self.report.branches = if layout.classic {
            self.bands.branches
        } else {
            self.bits.branches
        };
        found
    }

    /// The core: searches `givens` on `layout`. With `rng`, options come in a random order.
    /// On conflicting givens it returns [`SudokuError::ConflictingGivens`] with an empty
    /// list, which the caller fills in.
    pub(crate) fn values(
        &mut self,
        layout: &Layout,
        givens: &[u8],
        run: Run,
        rng: Option<&mut Rng>,
        mut each: impl FnMut(&[u8]) -> bool,
    ) -> SudokuResult<Outcome> {
        let done = |found| Ok(Outcome { found, cut: false });
        self.report = SearchReport::default();
        // A plain search (no random order, node cap, seed or singles setting of its own)
        // takes the band or bitboard search where the layout has one. Conflicting givens
        // fall through to the engine's path, which names them.
        let plain = rng.is_none()
            && run.max_nodes.is_none()
            && run.seed.is_none()
            && run.singles.is_none()
            && run.limit > 0;
        // (Without the crate's `bitboards` feature, never: the engine alone.)
        if cfg!(feature = "bitboards") && self.bitboards && plain {
            if let Some(found) = self.bit_search(layout, givens, run.limit, &mut each) {
                self.report.empty = givens.iter().filter(|&&v| v == 0).count();
                self.report.bitboards = true;
                return done(found);
            }
        }
        if self.state.load(layout, givens).is_err() {
            return Err(SudokuError::ConflictingGivens {
                conflicts: Vec::new(),
            });
        }
        self.report.empty = self.state.empty;
        if run.limit == 0 {
            return done(0);
        }
        let singles = run.singles.unwrap_or(self.singles);
        let consistent = self.state.propagate(layout, singles);
        self.report.forced = self.report.empty - self.state.empty;
        if !consistent {
            return done(0);
        }
        if self.state.empty == 0 {
            each(&self.state.values);
            return done(1);
        }
        let builder = match &mut self.builder {
            Some(builder) => builder,
            none => none.insert(ProblemBuilder::new(0, 0)?),
        };
        self.encoding.encode(layout, &self.state, builder, rng)?;
        let problem = builder.problem();
        self.settings.max_solutions = Some(run.limit);
        self.settings.max_nodes = run.max_nodes;
        self.settings.seed = run.seed;
        let solver = match &mut self.solver {
            Some(solver) => {
                solver.reload(problem, &self.settings)?;
                solver
            }
            none => none.insert(Solver::with_options(problem, &self.settings)?),
        };
        self.grid.clear();
        self.grid.extend_from_slice(&self.state.values);
        let mut found = 0;
        while solver.find_next() {
            found += 1;
            solver.solution_into(&mut self.solution);
            for &option in &self.solution {
                let (cell, v) = self.encoding.placements[option];
                self.grid[cell as usize] = v;
            }
            if !each(&self.grid) {
                break;
            }
        }
        self.report.engine = true;
        self.report.items = problem.item_count();
        self.report.options = problem.option_count();
        self.report.stats = solver.stats();
        Ok(Outcome {
            found,
            cut: solver.status() == Status::NodeLimit,
        })
    }
}

thread_local! {
    static WORKSPACE: RefCell<SudokuSolver> = RefCell::new(SudokuSolver::new());
}

/// Runs `f` with this thread's shared solver (or a fresh one if it is in use).
pub(crate) fn with_workspace<R>(f: impl FnOnce(&mut SudokuSolver) -> R) -> R {
    WORKSPACE.with(|cell| match cell.try_borrow_mut() {
        Ok(mut solver) => f(&mut solver),
        Err(_) => f(&mut SudokuSolver::new()),
    })
}
