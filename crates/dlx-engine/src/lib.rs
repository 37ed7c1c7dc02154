#![doc = include_str!("../README.md")]
// `unsafe` is limited to the bounds-check-skipping helpers of the engine's innermost loops
// and the partition `masks.rs`'s `sift` writes through pointers:
// `unsafe fn`s with `# Safety` sections in `engine/links.rs` and `engine/masks.rs`, each module
// owning the arrays they index, and a SAFETY comment at every call.
#![deny(unsafe_code)]
#![deny(missing_docs)]

// The unit tests share the integration tests' random problems (tests/common/random.rs), which
// name the crate `dlx_engine`.
#[cfg(test)]
extern crate self as dlx_engine;

mod engine;
mod error;
mod format;
mod problem;
pub mod puzzles;
pub mod sort;

pub use engine::{
    default_tasks, Collect, Decision, Lost, Schedule, ScheduleOptions, ScheduleOutcome,
    ScheduleProgress, LEASE, RETRIES,
};
pub use engine::{
    split, split_counted, trace, ParallelOptions, ParallelOutcome, ParallelSolver, Solver,
    SolverOptions, Stats, Status, Step, Task, Trace, TraceEvent, MAX_TASKS,
};
pub use engine::{MemoBranching, MemoCount, MemoOptions, MemoStats, DEFAULT_MEMO_BYTES};
pub use error::{Error, Result};
pub use format::MAX_TEXT_BYTES;
pub use problem::{Entry, ItemNumber, Problem, ProblemBuilder, SizeBudget, Warning, WarningKind};
