#![doc = include_str!("../README.md")]
// One `unsafe` block, in `links.rs`, skips bounds checks in the innermost loops; its
// SAFETY comment says why it holds and the benchmarks show what it pays.
#![deny(unsafe_code)]
#![deny(missing_docs)]

mod error;
mod format;
mod links;
mod observer;
mod problem;
pub mod puzzles;
mod search;
pub mod sudoku;
mod trace;
pub mod wasm;

pub use error::{Error, Result};
pub use format::MAX_TEXT_BYTES;
pub use problem::{Entry, Problem, ProblemBuilder, SizeBudget};
pub use search::{Solver, SolverOptions, Stats, Status, Step};
pub use trace::{trace, Trace, TraceEvent};
