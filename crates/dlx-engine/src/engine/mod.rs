//! The search engine: Knuth's Algorithm C (exact cover with secondary items and colors, his
//! DLX2) and Algorithm M (the same with multiplicities, his DLX3), iterative and resumable.
//!
//! ```text
//! engine/
//!   mod.rs       the vocabulary every search shares: Step, Status, Stats, Phase, the
//!                progress estimate, and Engine, the one value a Solver delegates to
//!   links.rs     Knuth's node arrays and the dance steps on them (cover, hide, purify,
//!                tweak, ...), behind a type that owns their invariant; sanity()
//!   search.rs    the search on the links: Algorithm C, and Algorithm M where items have bounds
//!   masks.rs     the same search as Algorithm C on bit masks, for small problems without colors
//!   memo.rs      memoised counting: an observer of the links search that caches the count
//!                of each subproblem (DXZ, DLX6) within a memory budget
//!   observer.rs  the hook into every step of the links search (compiled away when unused)
//!   trace.rs     a recorded search, for replay: one observed run of a Solver
//!   solver.rs    Solver, the façade: limits, the random source and forced options
//!   split.rs     the search tree split into disjoint tasks (subtrees), as data
//!   schedule.rs  Schedule: the one scheduler of a split search (task order, limits, node
//!                leases, progress), a state machine its drivers feed
//!   ranks.rs     where each task's solutions fall in the serial order, as far as they are
//!                known: what the ordered limit keeps
//!   parallel.rs  ParallelSolver: the tasks of a split run on threads, by a Schedule
//! ```
//!
//! Nothing here imports back from the façade: the searches know only this vocabulary, and
//! [`Solver`] knows the searches only through [`Engine`].

mod links;
#[cfg(feature = "masks")]
mod masks;
mod memo;
mod observer;
mod parallel;
mod ranks;
mod schedule;
mod search;
mod solver;
mod split;
mod trace;

pub use memo::{MemoBranching, MemoCount, MemoOptions, MemoStats, DEFAULT_MEMO_BYTES};
pub use parallel::{ParallelOptions, ParallelOutcome, ParallelSolver};
pub use schedule::{
    default_tasks, Collect, Decision, Lost, Schedule, ScheduleOptions, ScheduleOutcome,
    ScheduleProgress, LEASE, RETRIES,
};
pub use solver::{Solver, SolverOptions};
pub use split::{split, split_counted, Task, MAX_TASKS};
pub use trace::{trace, Trace, TraceEvent};

#[cfg(feature = "masks")]
use masks::Masks;
use observer::Observer;
use search::LinkSearch;

use crate::problem::Problem;

/// Whether this build searches colors and multiplicities (the crate's `colors-bounds`
/// feature). Without it the builder refuses both (`Error::Unsupported`), so no
/// problem has either, and the links search's instantiations for them (purify and Algorithm
/// M's steps: `links.rs` `with_flags`, `search.rs` `LinkSearch::run`) are left out: the sudoku
/// page's first module (scripts/build.sh `sudoku_first`), 3 KB gzipped smaller.
pub(crate) const COLORS_BOUNDS: bool = cfg!(feature = "colors-bounds");

/// Search statistics, counted as Knuth's DLX1 counts them so figures compare with his (and
/// as DLX3 counts them for problems with multiplicities).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Stats {
    /// Search-tree nodes: each level entered, including the ones that complete a solution.
    pub nodes: u64,
    /// Link updates: one per item removed from the active list by a cover, one per node
    /// unlinked.
    pub updates: u64,
    /// Solutions found so far.
    pub solutions: u64,
}

/// Where a search stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// More solutions may follow.
    Searching,
    /// The whole search space has been explored: every solution has been found.
    Exhausted,
    /// Stopped at [`SolverOptions::max_solutions`].
    SolutionLimit,
    /// Stopped at [`SolverOptions::max_nodes`].
    NodeLimit,
}

/// What one call of [`Solver::run`] ended with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A solution was found; read it with [`Solver::solution`].
    Solution,
    /// The node budget of this call was spent (or the observer is full); call again to go on.
    Paused,
    /// The search is over; [`Solver::status`] says why.
    Done,
}

/// The step a search takes next (Knuth's labels: forward, advance, backup/recover).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Enter a new level: report a solution, or choose an item and cover it.
    Forward,
    /// Try the current level's current option, or back up if none is left.
    Advance,
    /// Leave a level: undo the option chosen one level up and move to its next option.
    Recover,
    /// Nothing left to search.
    Finished,
}

/// Knuth's progress estimate from the levels' `(len, pos)`: the number of branches the
/// level had and the position of the one being tried. Advancing a level adds
/// 1 / (t1 ... tk), at least what the levels below it held.
pub(crate) fn estimate(levels: impl Iterator<Item = (u32, u32)>) -> f64 {
    let mut done = 0.0;
    let mut scale = 1.0;
    for (len, pos) in levels {
        if len == 0 {
            break;
        }
        scale /= f64::from(len);
        done += f64::from(pos) * scale;
    }
    done.min(1.0)
}

/// The search of one problem: on the links (every problem) or, with the `masks` feature, on
/// bit masks (small problems without colors or multiplicities, see `masks`). Both make the
/// same search, with the same [`Stats`].
#[derive(Debug, Clone)]
pub(crate) enum Engine {
    /// Dancing links: Algorithm C, or M where items have bounds.
    Links(LinkSearch),
    /// Bit masks: Algorithm C for at most 128 items.
    #[cfg(feature = "masks")]
    Masks(Box<Masks>),
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::Links(LinkSearch::default())
    }
}

impl Engine {
    /// Lays out `problem` with the options `forced` (sorted, without repeats, compatible)
    /// already chosen, reusing this engine's memory where it can. With `linked`, always on
    /// the links (for an observer that watches them).
    pub(crate) fn load(&mut self, problem: &Problem, forced: &[usize], linked: bool) {
        #[cfg(not(feature = "masks"))]
        let _ = linked;
        #[cfg(feature = "masks")]
        if !linked && Masks::fits(problem) {
            match self {
                Engine::Masks(masks) => masks.load(problem, forced),
                _ => *self = Engine::Masks(Box::new(Masks::new(problem, forced))),
            }
            return;
        }
        #[cfg(feature = "masks")]
        if let Engine::Masks(_) = self {
            *self = Engine::default();
        }
        match self {
            Engine::Links(search) => search.load(problem, forced),
            // (Made the links just above.)
            #[cfg(feature = "masks")]
            Engine::Masks(_) => {}
        }
    }

    /// Starts the search of the problem it holds again from the root, with the options
    /// `forced` (sorted, without repeats, compatible) chosen, where that is cheaper than
    /// loading the problem anew: on the masks, which are kept. `false` (and nothing done)
    /// on the links, which must be loaded again.
    pub(crate) fn restart(&mut self, forced: &[usize]) -> bool {
        #[cfg(not(feature = "masks"))]
        let _ = forced;
        match self {
            Engine::Links(_) => false,
            #[cfg(feature = "masks")]
            Engine::Masks(masks) => {
                masks.restart(forced);
                true
            }
        }
    }

    /// Searches until a solution, the end, `nodes` reaching `stop`, or `obs` being full,
    /// counting each level entered in `nodes`. The masks are not observed.
    #[inline]
    pub(crate) fn run<O: Observer>(
        &mut self,
        nodes: &mut u64,
        stop: u64,
        rng: Option<&mut fastrand::Rng>,
        obs: &mut O,
    ) -> Step {
        match self {
            Engine::Links(search) => search.run(nodes, stop, rng, obs),
            #[cfg(feature = "masks")]
            Engine::Masks(masks) => masks.search(nodes, stop, rng),
        }
    }

    /// The most heap memory this engine holds at any point of its search, in bytes.
    pub(crate) fn max_heap_bytes(&self) -> usize {
        match self {
            Engine::Links(search) => search.max_heap_bytes(),
            #[cfg(feature = "masks")]
            Engine::Masks(masks) => masks.max_heap_bytes(),
        }
    }

    /// Knuth's update count so far.
    pub(crate) fn updates(&self) -> u64 {
        match self {
            Engine::Links(search) => search.updates(),
            #[cfg(feature = "masks")]
            Engine::Masks(masks) => masks.updates(),
        }
    }

    /// Knuth's progress estimate.
    pub(crate) fn progress(&self) -> f64 {
        match self {
            Engine::Links(search) => search.progress(),
            #[cfg(feature = "masks")]
            Engine::Masks(masks) => masks.progress(),
        }
    }

    /// Appends the options chosen at the levels (forced ones not included).
    pub(crate) fn chosen_into(&self, out: &mut Vec<usize>) {
        match self {
            Engine::Links(search) => search.chosen_into(out),
            #[cfg(feature = "masks")]
            Engine::Masks(masks) => masks.chosen_into(out),
        }
    }

    /// Whether nothing is left to search (without taking a step).
    pub(crate) fn finished(&self) -> bool {
        match self {
            Engine::Links(search) => search.finished(),
            #[cfg(feature = "masks")]
            Engine::Masks(masks) => masks.finished(),
        }
    }

    /// Moves the search one level down along `branch` and searches only below (see
    /// [`LinkSearch::descend`]); `false` if there is no such branch or the engine is the masks.
    pub(crate) fn descend(&mut self, branch: Option<usize>) -> bool {
        match self {
            Engine::Links(search) => search.descend(branch),
            #[cfg(feature = "masks")]
            Engine::Masks(_) => false,
        }
    }

    /// The search on the links, where this engine is on them (a linked solver's always is).
    pub(crate) fn on_links(&self) -> Option<&LinkSearch> {
        match self {
            Engine::Links(search) => Some(search),
            #[cfg(feature = "masks")]
            Engine::Masks(_) => None,
        }
    }

    /// Makes the engine find nothing (after a refused reload).
    pub(crate) fn clear(&mut self) {
        match self {
            Engine::Links(search) => search.clear(),
            #[cfg(feature = "masks")]
            Engine::Masks(_) => *self = Engine::default(),
        }
    }
}
