//! `ExactCoverSolver`: a streaming solver for JS that yields solutions one at a time and can
//! search in bounded slices, so a caller can report progress and stop between them.

use wasm_bindgen::prelude::*;

use super::convert::{counted_result, integer, warnings, MAX_SAFE};
use super::exact_cover::{Arguments, JsExactCoverProblem};
use super::held::Held;
use super::keys;
use super::set;
use dlx_engine::{Problem, Solver, Status, Step, Warning};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** Where a streaming search stands. */
export type SolverStatus = "searching" | "exhausted" | "solution_limit" | "node_limit";

/** What one `run(budget)` call ended with. */
export interface RunResult {
  /** `"solution"`: found one (in `solution`); `"paused"`: budget spent; `"done"`: see `status`. */
  state: "solution" | "paused" | "done";
  /** The solution found, as sorted option indices, when `state` is `"solution"`. */
  solution?: number[];
}

/**
 * Knuth's statistics of a search, with the same meaning in every result: `nodes` are
 * search-tree nodes (every level entered, the ones that complete a solution included; in an
 * async search, the split's own nodes too), `updates` link updates, `solutions` the
 * solutions found.
 */
export interface SolverStats {
  nodes: number;
  updates: number;
  solutions: number;
}

/**
 * What every count gives (`exact_cover`, `exact_cover_async`, `solver.count()`,
 * `count_sudoku_solutions`): the same keys with the same meaning.
 */
export interface CountResult {
  /** How many solutions were counted (exact below 2^53; see `countText`). */
  count: number;
  /** The count in decimal digits, exact however large (memoised counts pass 2^53). */
  countText: string;
  /** Whether the whole search space was explored (`status` is `"exhausted"`). */
  complete: boolean;
  /** Why the search ended: every solution found, a `limit` reached, or `maxNodes` spent. */
  status: Exclude<SolverStatus, "searching">;
  stats: SolverStats;
}

export interface ExactCoverSolver {
  /** The solver is its own iterator: `for (const solution of solver)` walks the solutions left. */
  [Symbol.iterator](): ExactCoverSolver;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// The result of `run`.
    #[wasm_bindgen(typescript_type = "RunResult")]
    pub type JsRunResult;
    /// The stats getter's value.
    #[wasm_bindgen(typescript_type = "SolverStats")]
    pub type JsSolverStats;
}

/// A streaming exact-cover search. Build it once, then take solutions with `next()` (or
/// `for (const s of solver)`), count them with `count()`, or search in slices with
/// `run(budget)` to stay responsive and report `progress`.
///
/// The solver holds wasm memory: call `free()` when done with it (or use `using` where
/// explicit resource management is available). Whoever creates a solver must free it.
#[wasm_bindgen]
pub struct ExactCoverSolver {
    pub(crate) solver: Solver,
    /// Its problem's warnings: the options left out of the search.
    warnings: Vec<Warning>,
    /// Its share of the memory the objects alive may hold, given back when it is dropped.
    _held: Held,
}

impl ExactCoverSolver {
    /// `solver` of `problem`, for JS to keep, if the memory the objects alive hold leaves
    /// room for it (else `too_large`, and it is dropped).
    pub(crate) fn holding(solver: Solver, problem: &Problem) -> Result<ExactCoverSolver, JsValue> {
        let held = Held::take(solver.max_heap_bytes(), "this solver")?;
        Ok(ExactCoverSolver {
            solver,
            warnings: problem.warnings().to_vec(),
            _held: held,
        })
    }
}

#[wasm_bindgen]
impl ExactCoverSolver {
    /// Builds a solver for `problem` (Knuth's text format or `{ primary, secondary?, options }`)
    /// with optional `{ limit, maxNodes, forced, seed, strict }`. Throws an `Error` with a `code` on
    /// bad input, exactly as `exact_cover` does.
    #[wasm_bindgen(constructor)]
    pub fn new(
        problem: &JsExactCoverProblem,
        #[wasm_bindgen(unchecked_optional_param_type = "SolverOptions | undefined | null")]
        options: JsValue,
    ) -> Result<ExactCoverSolver, JsValue> {
        let settings = Arguments::read(problem, &options, keys::SOLVER)?.settings;
        ExactCoverSolver::holding(settings.solver()?, &settings.problem)
    }

    /// The iterator protocol's step: `{ value: solution, done: false }` with the next
    /// solution as sorted option indices, or `{ value: undefined, done: true }` when there
    /// are no more (or a limit was reached: see `status`). The solver is its own iterator:
    /// `for (const solution of solver)` walks the solutions left.
    #[wasm_bindgen(js_name = next, unchecked_return_type = "IteratorResult<number[], undefined>")]
    pub fn next_step(&mut self) -> JsValue {
        let step = js_sys::Object::new();
        let found = self.solver.find_next();
        let value = match found {
            true => self.solution(),
            false => JsValue::UNDEFINED,
        };
        set(&step, "value", &value);
        set(&step, "done", &JsValue::from_bool(!found));
        step.into()
    }

    /// Counts the solutions left, within the limits, without returning them: the count
    /// result every export gives (`{ count, countText, complete, status, stats }`; `stats`
    /// are the whole search's, from its start).
    #[wasm_bindgen(unchecked_return_type = "CountResult")]
    pub fn count(&mut self) -> JsValue {
        let count = self.solver.count_solutions();
        counted_result(count, self.solver.status(), self.solver.stats())
    }

    /// Searches at most `budget` more search nodes (a whole number ≥ 1), stopping early at a
    /// solution or the end.
    pub fn run(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: &JsValue,
    ) -> Result<JsRunResult, JsValue> {
        let budget = integer(budget, "budget", MAX_SAFE)?.max(1);
        let (state, solution) = match self.solver.run(budget) {
            Step::Solution => ("solution", self.solution()),
            Step::Paused => ("paused", JsValue::UNDEFINED),
            Step::Done => ("done", JsValue::UNDEFINED),
        };
        let result = js_sys::Object::new();
        set(&result, "state", &JsValue::from_str(state));
        if !solution.is_undefined() {
            set(&result, "solution", &solution);
        }
        Ok(JsValue::from(result).unchecked_into())
    }

    /// Counts the solutions within at most `budget` more search nodes (a whole number; 0
    /// searches no new node, but ends a search that has none left), without returning them:
    /// how many it found. Then `status` says whether the search ended (it is `"searching"`
    /// if the budget ran out first). The way to count in slices, as `run` finds in slices.
    #[wasm_bindgen(js_name = countWithin)]
    pub fn count_within(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] budget: &JsValue,
    ) -> Result<f64, JsValue> {
        let budget = integer(budget, "budget", MAX_SAFE)?;
        let stop = self.solver.stats().nodes.saturating_add(budget);
        let mut found = 0u64;
        loop {
            let left = stop.saturating_sub(self.solver.stats().nodes);
            match self.solver.run(left) {
                Step::Solution => found += 1,
                Step::Paused | Step::Done => return Ok(found as f64),
            }
        }
    }

    /// Knuth's estimate of the fraction of the search tree explored, from 0 to 1; it never
    /// decreases, and is 1 once the search is exhausted.
    #[wasm_bindgen(getter)]
    pub fn progress(&self) -> f64 {
        self.solver.progress()
    }

    /// `"searching"`, `"exhausted"` (every solution found), `"solution_limit"` or
    /// `"node_limit"`.
    #[wasm_bindgen(getter, unchecked_return_type = "SolverStatus")]
    pub fn status(&self) -> String {
        match self.solver.status() {
            Status::Searching => "searching",
            Status::Exhausted => "exhausted",
            Status::SolutionLimit => "solution_limit",
            Status::NodeLimit => "node_limit",
        }
        .to_owned()
    }

    /// The options left out of the search (no primary item, or none), as `exact_cover`'s
    /// `warnings`: usually none.
    #[wasm_bindgen(getter, unchecked_return_type = "DlxWarning[]")]
    pub fn warnings(&self) -> JsValue {
        warnings(&self.warnings)
    }

    /// Search nodes, link updates and solutions so far.
    #[wasm_bindgen(getter)]
    pub fn stats(&self) -> JsSolverStats {
        let stats = self.solver.stats();
        let result = js_sys::Object::new();
        set(&result, "nodes", &JsValue::from(stats.nodes as f64));
        set(&result, "updates", &JsValue::from(stats.updates as f64));
        set(&result, "solutions", &JsValue::from(stats.solutions as f64));
        JsValue::from(result).unchecked_into()
    }
}

impl ExactCoverSolver {
    /// The current solution as a JS array of numbers.
    fn solution(&self) -> JsValue {
        let array = js_sys::Array::new();
        for option in self.solver.solution() {
            array.push(&JsValue::from(option as u32));
        }
        array.into()
    }
}
