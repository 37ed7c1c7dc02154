//! `ExactCoverTasks`: the search of a problem split into disjoint tasks, and a solver for each,
//! for the package's worker pool (`pool.js`).

use wasm_bindgen::prelude::*;

use super::convert::{integer, warnings};
use super::exact_cover::{
    read_task, schema, solver_error, Arguments, JsExactCoverProblem, Settings,
};
use super::held::Held;
use super::solver::ExactCoverSolver;
use super::{engine_error, set};
use dlx_engine::Solver;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** One task of a split: a subtree of the search. */
export interface ExactCoverTask {
  /** The task's path (option indices, `-` for a null move), for `ExactCoverTasks.solver` or `options.task`. */
  path: string;
  /** Knuth's estimate of the fraction of the whole search below the task (they add up to 1). */
  share: number;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// The options argument of `ExactCoverTasks`: a solver's, but the task (the pool's tasks
    /// come from its split).
    #[wasm_bindgen(typescript_type = "Omit<SolverOptions, \"task\"> | undefined")]
    pub type JsTasksOptions;

    /// The result of `ExactCoverTasks.split`.
    #[wasm_bindgen(typescript_type = "ExactCoverTask[]")]
    pub type JsTasks;
}

/// A problem held for running its tasks: one per worker of the package's pool, which reads
/// the problem once and then runs task after task on it.
#[wasm_bindgen]
pub struct ExactCoverTasks {
    settings: Settings,
    /// The statistics of the last split's own search.
    split_stats: dlx_engine::Stats,
    /// Its share of the memory the objects alive may hold (its problem's), given back when
    /// it is dropped.
    _held: Held,
}

#[wasm_bindgen]
impl ExactCoverTasks {
    /// Reads `problem` and `options` (`{ limit?, maxNodes?, seed?, forced? }`, checked as
    /// `exact_cover` checks them). Throws as `exact_cover`.
    #[wasm_bindgen(constructor)]
    pub fn new(
        problem: &JsExactCoverProblem,
        options: Option<JsTasksOptions>,
    ) -> Result<ExactCoverTasks, JsValue> {
        let settings =
            Arguments::read(problem, options.map(JsValue::from), schema::TASKS)?.settings;
        // Refuses bad forced options here, once.
        settings.solver()?;
        let held = Held::take(settings.problem.heap_bytes(), "this task set")?;
        Ok(ExactCoverTasks {
            settings,
            split_stats: dlx_engine::Stats::default(),
            _held: held,
        })
    }

    /// Splits the search (under the forced options) into about `tasks` disjoint tasks, in
    /// the order of the search: every solution lies in exactly one task, so the tasks'
    /// counts add up to the count, and their solutions, task after task, come in the order
    /// of the whole search (without a seed).
    pub fn split(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] tasks: &JsValue,
    ) -> Result<JsTasks, JsValue> {
        let tasks = integer(tasks, "tasks", 1e6)? as usize;
        let settings = &self.settings;
        let (split, stats) = dlx_engine::split_counted(&settings.problem, &settings.options, tasks)
            .map_err(|e| engine_error(&e))?;
        self.split_stats = stats;
        let list = js_sys::Array::new_with_length(split.len() as u32);
        for (k, task) in split.iter().enumerate() {
            let entry = js_sys::Object::new();
            set(&entry, "path", &JsValue::from_str(&task.to_string()));
            set(&entry, "share", &JsValue::from_f64(task.share()));
            list.set(k as u32, entry.into());
        }
        Ok(JsValue::from(list).unchecked_into())
    }

    /// Knuth's statistics of the last `split`'s own search of the top of the tree (the
    /// children of the nodes it split: nodes entered, links updated), which no task's
    /// statistics hold: the pool adds them to its tasks'.
    #[wasm_bindgen(getter = splitStats, unchecked_return_type = "SolverStats")]
    pub fn split_stats(&self) -> JsValue {
        let stats = self.split_stats;
        let result = js_sys::Object::new();
        set(&result, "nodes", &JsValue::from(stats.nodes as f64));
        set(&result, "updates", &JsValue::from(stats.updates as f64));
        set(&result, "solutions", &JsValue::from(0.0));
        result.into()
    }

    /// The options its problem leaves out of the search (`DlxWarning[]`: usually none), as
    /// `exact_cover`'s result has them.
    #[wasm_bindgen(getter, unchecked_return_type = "DlxWarning[]")]
    pub fn warnings(&self) -> JsValue {
        warnings(self.settings.problem.warnings())
    }

    /// A streaming solver for the task `path` (a path from `split`): its solutions, in the
    /// order of the whole search. Throws `invalid_task` for a path not in the search tree.
    pub fn solver(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] path: &JsValue,
    ) -> Result<ExactCoverSolver, JsValue> {
        let task = read_task(path, "path")?;
        let settings = &self.settings;
        let solver = Solver::for_task(&settings.problem, &settings.options, &task)
            .map_err(|e| solver_error(&e, "path"))?;
        ExactCoverSolver::holding(solver, &settings.problem)
    }
}
