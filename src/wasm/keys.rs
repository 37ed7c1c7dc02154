//! The keys of every object an export reads field by field (an options object, a problem, a
//! worker's answer): each list one constant of this file, and only of this file ([`Keys`]
//! can be made nowhere else). An export reads exactly its list's keys, in one call across
//! (convert.rs `Fields`), and refuses an object with any other key, naming the list.
//!
//! In JS each list has a reader of its own (`src/wasm/pack.js`, between its `readers`
//! markers), which looks each key up by name at a site of its own, where a loop over the
//! names looked them all up at one site (a keyed load that V8 cannot specialise: 5-7% of a
//! first solution of 8 queens from the compact form, bench/README.md). Those readers, and the
//! lists the worker pool reads itself (pkg-template/pool.js), are generated from this file:
//! after changing a list, run `node scripts/readers.mjs` (`tests/js/schema.test.mjs` checks
//! that pack.js and pool.js hold what it writes).

/// A list of keys: at most 32 names, each a JS identifier, separated by single spaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Keys(&'static str);

impl Keys {
    /// The names, separated by single spaces.
    pub(crate) const fn names(self) -> &'static str {
        self.0
    }
}

// The exact-cover exports' options: each export's schema. The `.d.ts` declares the same
// (`tests/js/schema.test.mjs` compares each export's refusal with its declared options, sync
// and async).

/// `exact_cover` (and `exact_cover_async`, with the worker pool's own keys): in the main
/// module, also the memo's keys (which `dlx-wasm/core`'s JS entry, core.js, refuses with
/// `unsupported_option`). Written first of the two: the pool (the main module's) reads the
/// first list of a name (scripts/readers.mjs).
#[cfg(feature = "memo")]
pub(crate) const EXACT_COVER: Keys =
    Keys("limit maxNodes seed forced task strict countOnly memo memoBytes memoOrder");
/// `exact_cover` in `dlx-wasm/core`, built without the memo: the main module's keys but the
/// memo's (`tests/js/schema.test.mjs` checks both lists).
#[cfg(not(feature = "memo"))]
pub(crate) const EXACT_COVER: Keys = Keys("limit maxNodes seed forced task strict countOnly");
/// `new ExactCoverSolver`.
#[cfg(feature = "exact-cover")]
pub(crate) const SOLVER: Keys = Keys("limit maxNodes seed forced task strict");
/// `new ExactCoverTasks`: what the worker pool hands each worker of a split search (in the
/// modules whose workers the pool starts: `pool-tasks`).
#[cfg(feature = "pool-tasks")]
pub(crate) const TASKS: Keys = Keys("limit maxNodes seed forced strict");
/// `exact_cover_trace` (the `trace` feature).
#[cfg(feature = "trace")]
pub(crate) const TRACE: Keys = Keys("limit maxNodes seed forced task strict maxSteps");

/// A problem given as an object: by names or numbers (`options`), or compact (`items`,
/// `offsets`).
#[cfg(feature = "exact-cover")]
pub(crate) const PROBLEM: Keys = Keys("primary secondary items offsets options");
/// A primary item given with its bounds, `{ name, min?, max? }`, in a problem's `primary`:
/// read in JS alone (`packStrings` in `pack.js`, by this list's reader), so unused here.
#[cfg(feature = "exact-cover")]
#[allow(dead_code)]
pub(crate) const BOUND: Keys = Keys("name min max");

// What the worker pool's scheduler reads of a split and of a worker's answer.

/// A worker's answer to a task.
#[cfg(feature = "pool-tasks")]
pub(crate) const ANSWER: Keys = Keys("count stats status progress");
/// A split's statistics, and an answer's (`TaskSchedule`).
#[cfg(feature = "pool-tasks")]
pub(crate) const STATS: Keys = Keys("nodes updates solutions");

// The sudoku exports' options.

/// `SudokuOptions`.
#[cfg(any(feature = "sudoku-solvers", feature = "coach"))]
pub(crate) const PUZZLE: Keys = Keys("boxRows boxCols variant regions alphabet");
/// `SudokuCountOptions`: a puzzle's, and the limit.
#[cfg(feature = "sudoku-solvers")]
pub(crate) const COUNT: Keys = Keys("boxRows boxCols variant regions alphabet limit");
/// `GenerateOptions`: a puzzle's, and how to make it.
#[cfg(feature = "coach")]
pub(crate) const GENERATE: Keys =
    Keys("boxRows boxCols variant regions alphabet size seed difficulty symmetry se");
/// `SudokuScoreRange`.
#[cfg(feature = "coach")]
pub(crate) const SCORE_RANGE: Keys = Keys("min max");
