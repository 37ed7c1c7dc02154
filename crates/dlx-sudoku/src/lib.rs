//! Sudoku on the exact-cover engine: every size from 4x4 to 25x25, the X, windoku, jigsaw and
//! Samurai variants, counting, candidates, a logical grade on Sudoku Explainer's scale, a
//! seeded generator by that grade, and errors that point at the cell at fault.
//!
//! # The model
//! A puzzle is a [`Layout`] (cells, a symbol count `n`, and regions) plus one value per
//! cell. Each region either holds every symbol exactly once (rows, columns, boxes,
//! diagonals, windows, jigsaw regions) or at most once. One encoder turns any layout into
//! exact cover: primary items for the empty cells and for the symbols each exactly-once
//! region still misses, secondary items for the at-most-once regions, and an option per
//! empty cell and candidate. A variant is nothing but a different list of regions, searched
//! by the same code as every other (the engine, or a fast search chosen by what the layout
//! is, never by its variant's name); [`Layout::with_region`] adds regions of your own. The
//! model knows no solver: a layout says whether it is the classic 9x9 and holds its regions
//! as bit masks where they fit, and the searches read that.
//!
//! # Types
//! * [`Sudoku`]: a puzzle or a solved grid. [`Sudoku::parse`] reads every supported input
//!   style; [`Sudoku::to_line`] and [`Sudoku::to_grid`] write it back in its alphabet.
//! * [`Options`]: variant, box shape, jigsaw map, alphabet, size.
//! * [`SudokuSolver`]: the engine's builder and solver kept between puzzles; the
//!   [`Sudoku`] methods use one per thread.
//! * [`SudokuError`]: every error, with [`SudokuError::code`] and positions.
//! * [`Verdict`]: no solution, exactly one, or several; grading, hints and solving paths
//!   start from it and refuse every puzzle without exactly one solution
//!   ([`SudokuError::NoSolution`], [`SudokuError::MultipleSolutions`]).
//! * [`solve_batch`]: many puzzles, one per line, solved in one call ([`solve_batch_bytes`]
//!   on bytes).
//! * [`Grade`]: how hard a puzzle is for a person ([`Sudoku::grade`]), the hardest step of
//!   the logical solver's path ([`Sudoku::solve_path`]) on Sudoku Explainer's scale, named
//!   by a [`Level`] from easy to diabolical: the one difficulty system.
//! * [`generate`] with [`GenerateOptions`]: seeded puzzles with one solution at the
//!   [`Level`] asked for, with their [`Grade`] ([`Generated`]).
//!
//! # Speed
//! [`SudokuSolver::new`] (which the [`Sudoku`] methods use) searches the classic 9x9 on
//! bands (bands.rs) and other layouts of at most 128 cells and 9 symbols on bitboards
//! (bitboard.rs), two propagators driven by one depth-first driver (depth_first.rs): the
//! same exact cover and the engine's rule (every item with one option
//! left first, then a branch on a cell with two candidates), held as bit masks: on 9x9,
//! four to seven times faster than the linked engine and more than ten times faster than
//! the `dlx` crate (crates/dlx-sudoku/benches/sudoku.rs). Larger layouts, seeded and capped searches, and anything that reports the
//! engine's statistics use the engine, after naked and hidden singles ([`Singles`]).
//! Layouts are cached per thread and [`SudokuSolver`] keeps its memory, so a stream of
//! puzzles is solved without allocating.
//!
//! ```
//! use dlx_sudoku::{Options, Sudoku, Variant};
//! # fn main() -> Result<(), dlx_sudoku::SudokuError> {
//! let puzzle: Sudoku = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......".parse()?;
//! let solution = puzzle.some_solution()?.expect("this puzzle has a solution");
//! assert!(puzzle.layout().is_solution(solution.values()));
//! assert_eq!(puzzle.count_solutions(2)?, 1);
//!
//! // Errors say what is wrong and where.
//! let error = Sudoku::parse("12", &Options::variant(Variant::Classic)).unwrap_err();
//! assert_eq!(error.code(), "wrong_cell_count");
//! # Ok(()) }
//! ```

#![forbid(unsafe_code)]
#![deny(missing_docs)]

mod alphabet;
mod analysis;
mod bands;
mod batch;
mod bitboard;
mod candidates;
mod depth_first;
mod encode;
mod error;
mod format;
mod generate;
mod grade;
mod hint;
mod jigsaw;
mod layout;
mod logic;
mod parse;
mod propagate;
mod puzzle;
mod samurai;
mod shape;
mod solver;
mod validate;
mod variant;
mod verdict;

pub use alphabet::{Alphabet, EMPTY_MARKS};
pub use analysis::{CoverEncoding, SolveReport};
pub use batch::{solve_batch, solve_batch_bytes, solve_classic_line, BatchError};
pub use candidates::Candidates;
pub use error::{CellPos, Conflict, JigsawProblem, SudokuError, SudokuResult};
pub use generate::{
    default_level, generate, levels_offered, GenerateOptions, Generated, Symmetry, LARGE_LEVEL,
    MAX_GRADED_SIZE,
};
pub use grade::{Grade, Level, UNSOLVED_SCORE};
pub use hint::Hint;
pub use layout::{Constraint, Layout, RegionKind, RegionName};
pub use logic::{Candidate, SolvePath, Step, Technique};
pub use logic::{Contradiction, House, HouseRole, Link, LinkHouse, Part, Role};
pub use parse::MAX_INPUT_BYTES;
pub use propagate::Singles;
pub use puzzle::Sudoku;
pub use shape::{BoxShape, MAX_SIZE, MIN_SIZE};
pub use solver::{SearchReport, SudokuSolver};
pub use variant::{Options, Variant};
pub use verdict::{Verdict, VERDICT_BOUND};
