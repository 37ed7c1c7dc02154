#![doc = include_str!("../README.md")]
// Three `unsafe` blocks skip bounds checks in the innermost loops, one in `links.rs` and two
// in `masks.rs`; their SAFETY comments say why they hold and the benchmarks show what they pay.
#![deny(unsafe_code)]
#![deny(missing_docs)]

mod error;
mod format;
mod links;
mod masks;
mod observer;
mod problem;
pub mod puzzles;
mod search;
pub mod sudoku;
mod trace;
#[cfg(target_arch = "wasm32")]
pub mod wasm;

pub use error::{Error, Result};
pub use format::MAX_TEXT_BYTES;
pub use problem::{Entry, Problem, ProblemBuilder, SizeBudget};
pub use search::{Solver, SolverOptions, Stats, Status, Step};
pub use trace::{trace, Trace, TraceEvent};
