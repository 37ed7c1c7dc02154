// The crate's documentation is its README, the page crates.io shows too.
#![doc = include_str!("../README.md")]
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
mod sort;
mod validate;
mod variant;
mod verdict;
mod verify;

pub use alphabet::{Alphabet, EMPTY_MARKS};
pub use analysis::{CoverEncoding, SolveReport};
pub use batch::{solve_batch, solve_batch_bytes, solve_classic_line, BatchError};
pub use candidates::Candidates;
pub use error::{CellPos, Conflict, JigsawProblem, SudokuError, SudokuResult};
pub use generate::{
    default_level, generate, levels_offered, GenerateOptions, Generated, Symmetry, LARGE_LEVEL,
    MAX_GRADED_SIZE,
};
pub use grade::{Grade, Level, ScoreRange, MIN_SCORE, UNSOLVED_SCORE};
pub use hint::Hint;
pub use layout::{Constraint, Layout, RegionKind, RegionName};
pub use logic::{Candidate, SolvePath, Step, Technique};
pub use logic::{Contradiction, House, HouseRole, Link, Part, Role};
pub use parse::MAX_INPUT_BYTES;
pub use propagate::Singles;
pub use puzzle::Sudoku;
pub use shape::{BoxShape, MAX_SIZE, MIN_SIZE};
pub use solver::{SearchReport, SudokuSolver};
pub use variant::{Options, Variant};
pub use verdict::{Verdict, VERDICT_BOUND};
pub use verify::{Checked, PathTally, TechniqueCount, WrongStep};
