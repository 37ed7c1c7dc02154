//! The package's worker pool's exports (`pool.js`): `ExactCoverTasks`, the search of a problem
//! split into disjoint tasks, and a solver for each (in each worker), and `TaskSchedule`, the
//! engine's scheduler of those tasks (on the pool's thread).

use std::collections::VecDeque;

use wasm_bindgen::prelude::*;

use super::convert::{
    boolean, integer, invalid, kept_string, number, result, size, typed_numbers, warnings, Fields,
    MAX_SAFE,
};
use super::exact_cover::{
    read_task, solver_error, too_many_solutions, Arguments, JsExactCoverProblem, Settings,
    MAX_COLLECTED,
};
use super::held::Held;
use super::keys;
use super::solver::ExactCoverSolver;
use super::{engine_error, set};
use dlx_engine::{Collect, Decision, Lost, Schedule, ScheduleOptions, Solver, Status};

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
        // A solver's options but the task (the pool's tasks come from its split).
        #[wasm_bindgen(
            unchecked_optional_param_type = "Omit<SolverOptions, \"task\"> | undefined | null"
        )]
        options: JsValue,
    ) -> Result<ExactCoverTasks, JsValue> {
        let settings = Arguments::read(problem, &options, keys::TASKS)?.settings;
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
        let tasks = integer(tasks, "tasks", dlx_engine::MAX_TASKS as f64)? as usize;
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
    /// statistics hold: `TaskSchedule` adds them to its tasks'.
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

#[wasm_bindgen(typescript_custom_section)]
const SCHEDULE_TYPES: &'static str = r#"
/** What `TaskSchedule.next` decides, for the pool to carry out. */
export type ScheduleDecision =
  /** Run task `task` (an index into the split) on worker `worker` as run `run`, on `lease` nodes under a node limit. */
  | { op: "run"; worker: number; run: number; task: number; lease?: number }
  /** Run `run` may search `nodes` more nodes (0: the budget is spent). */
  | { op: "grant"; run: number; nodes: number }
  /** Hand these solutions on, in this order (each the number `found` gave it): the serial order's next. */
  | { op: "emit"; solutions: Float64Array }
  /** Forget these solutions (by number): not among the first `limit` of the serial order, or their run was stopped. */
  | { op: "drop"; solutions: Float64Array }
  /** Stop every run under way (the first `limit` solutions are in, or the search was aborted). */
  | { op: "stop" }
  /** The search is over: `result()` says what it found. */
  | { op: "done" };
"#;

/// The schedule of a split search for the package's worker pool (`pool.js`): the engine's
/// one scheduler ([`Schedule`]: task order, the ordered flush under the limit, node
/// leases, progress, retries), which the pool feeds with its workers' answers and whose
/// decisions it carries to them. The solutions stay in JS: each is named by its number in
/// the order received, and handed on by it in the serial order, or dropped (under a limit,
/// one that is not among the first `limit`: at most `limit` are held). Past the budget of
/// [`MAX_COLLECTED`] option indices in the solutions held and handed on, as `exact_cover`
/// past it in the solutions it collects, it throws `too_many_solutions`.
#[wasm_bindgen]
pub struct TaskSchedule {
    /// Each solution as its number and its length.
    schedule: Schedule<(u64, u32)>,
    /// The decisions taken from the schedule, not yet given out.
    queue: VecDeque<Decision<(u64, u32)>>,
    /// The solutions received; those held or handed on, and their option indices.
    received: u64,
    kept: u64,
    collected: usize,
    /// The split's own search of the top of the tree (its nodes and updates), which counts
    /// in the result and the progress as every task's does.
    split: dlx_engine::Stats,
    /// Each run's nodes and updates as it last reported them while it ran, by run; zero once
    /// it finished (its answer's count in the schedule) or was lost. A run stopped at the
    /// limit (its worker ended) never answers: what it reported counts, so that a search
    /// stopped early does not say it searched the split's nodes alone.
    reported: Vec<(u64, u64)>,
}

#[wasm_bindgen]
impl TaskSchedule {
    /// The schedule of the tasks of a split whose shares are `shares` (a typed array, in
    /// the order of the split: `ExactCoverTasks.split`'s `share`s) on `workers` workers:
    /// collecting the solutions in the serial order (`find`) or counting, within `limit`
    /// solutions and `maxNodes` nodes (each undefined for none); `split` is the split's own
    /// statistics (`ExactCoverTasks.splitStats`), counted with the tasks'. Throws
    /// `invalid_argument` for a value of the wrong shape.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Float64Array")] shares: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] workers: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "boolean")] find: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] limit: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number | undefined")] max_nodes: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "SolverStats")] split: &JsValue,
    ) -> Result<TaskSchedule, JsValue> {
        let shares = typed_numbers(shares, "shares", 1_000_000)?;
        if !shares.iter().all(|share| (0.0..=1.0).contains(share)) {
            return Err(invalid(
                "shares",
                "numbers from 0 to 1",
                &JsValue::UNDEFINED,
            ));
        }
        let workers = size(workers, "workers", 1 << 20)?.max(1);
        let find = boolean(Some(find.clone()), "find")?;
        let optional = |value: &JsValue, path| match value.is_undefined() {
            true => Ok(None),
            false => integer(value, path, MAX_SAFE).map(Some),
        };
        let options = ScheduleOptions {
            limit: optional(limit, "limit")?,
            max_nodes: optional(max_nodes, "maxNodes")?,
            workers,
            collect: if find {
                Collect::Ordered
            } else {
                Collect::Count
            },
        };
        let split = Fields::read(split, "split", keys::STATS)?;
        let count = |key, path| {
            integer(
                &split.get(key).unwrap_or(JsValue::UNDEFINED),
                path,
                MAX_SAFE,
            )
        };
        let split = dlx_engine::Stats {
            nodes: count("nodes", "split.nodes")?,
            updates: count("updates", "split.updates")?,
            solutions: 0,
        };
        Ok(TaskSchedule {
            schedule: Schedule::new(shares, options),
            queue: VecDeque::new(),
            received: 0,
            kept: 0,
            collected: 0,
            split,
            reported: Vec::new(),
        })
    }

    /// About how many tasks a search on `workers` workers is split into unless the call
    /// says: the engine's one default (`default_tasks`), 64 per worker from 64 to 1,024, and
    /// 256 under a seed, whatever the workers.
    #[wasm_bindgen(js_name = defaultTasks)]
    pub fn default_tasks(
        #[wasm_bindgen(unchecked_param_type = "number")] workers: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "boolean")] seeded: &JsValue,
    ) -> Result<u32, JsValue> {
        let workers = size(workers, "workers", 1 << 20)?;
        let seeded = boolean(Some(seeded.clone()), "seeded")?;
        Ok(dlx_engine::default_tasks(workers, seeded) as u32)
    }

    /// The next decision to carry out, or undefined until an event brings more. The
    /// solutions handed on (or dropped) one after another come in one decision.
    #[wasm_bindgen(js_name = next, unchecked_return_type = "ScheduleDecision | undefined")]
    pub fn next_decision(&mut self) -> JsValue {
        self.pull();
        let Some(next) = self.queue.pop_front() else {
            return JsValue::UNDEFINED;
        };
        let decision = js_sys::Object::new();
        let op = match next {
            Decision::Run {
                worker,
                run,
                task,
                lease,
            } => {
                set(&decision, "worker", &JsValue::from(worker as u32));
                set(&decision, "run", &JsValue::from(run as u32));
                set(&decision, "task", &JsValue::from(task as u32));
                if let Some(lease) = lease {
                    set(&decision, "lease", &JsValue::from(lease as f64));
                }
                "run"
            }
            Decision::Grant { run, nodes } => {
                set(&decision, "run", &JsValue::from(run as u32));
                set(&decision, "nodes", &JsValue::from(nodes as f64));
                "grant"
            }
            Decision::Emit((first, _)) | Decision::Drop((first, _)) => {
                let emit = matches!(next, Decision::Emit(_));
                set(&decision, "solutions", &self.numbers(first, emit));
                if emit {
                    "emit"
                } else {
                    "drop"
                }
            }
            Decision::StopAll => "stop",
            Decision::Done => "done",
        };
        set(&decision, "op", &kept_string(op));
        decision.into()
    }

    /// Worker `worker` can take one more task.
    pub fn ready(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] worker: &JsValue,
    ) -> Result<(), JsValue> {
        self.schedule
            .ready(size(worker, "worker", u32::MAX as usize)?);
        Ok(())
    }

    /// Run `run` found a solution of `length` option indices: the solution numbered by the
    /// solutions received before it (0 for the first), the number an `emit` hands on.
    /// Throws `too_many_solutions` past the budget of option indices one call collects.
    /// Returns whether a decision waits (`next`): none for a solution held for later, so
    /// that the pool need not ask after each of many solutions.
    pub fn found(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] run: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] length: &JsValue,
    ) -> Result<bool, JsValue> {
        let run = run_number(run)?;
        let length = size(length, "length", MAX_COLLECTED)?;
        let number = self.received;
        self.received += 1;
        self.kept += 1;
        self.collected += length;
        self.schedule.found(run, (number, length as u32));
        // What the schedule dropped (this solution, or one it pushed past the limit) is not
        // collected.
        self.pull();
        if self.collected > MAX_COLLECTED {
            return Err(too_many_solutions(self.kept - 1));
        }
        Ok(!self.queue.is_empty())
    }

    /// Run `run` went `fraction` (0 to 1) of the way through its task and found `count`
    /// solutions, searching `nodes` nodes and `updates` updates so far (a worker's progress
    /// message).
    pub fn progressed(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] run: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] fraction: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] count: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] nodes: &JsValue,
        #[wasm_bindgen(unchecked_param_type = "number")] updates: &JsValue,
    ) -> Result<(), JsValue> {
        let run = run_number(run)?;
        let fraction = fraction_of(fraction, "fraction")?;
        let count = integer(count, "count", MAX_SAFE)?;
        let nodes = integer(nodes, "nodes", MAX_SAFE)?;
        let updates = integer(updates, "updates", MAX_SAFE)?;
        if self.schedule.progress(run, fraction, count) {
            if self.reported.len() <= run {
                self.reported.resize(run + 1, (0, 0));
            }
            self.reported[run] = (nodes, updates);
        }
        Ok(())
    }

    /// Run `run` searched its lease of nodes and waits for a grant.
    pub fn need(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] run: &JsValue,
    ) -> Result<(), JsValue> {
        self.schedule.need(run_number(run)?);
        Ok(())
    }

    /// Run `run` ended with `answer`, a worker's answer to it:
    /// `{ count, stats: { nodes, updates }, status, progress }`.
    pub fn finished(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] run: &JsValue,
        #[wasm_bindgen(
            unchecked_param_type = "{ count: number, stats: SolverStats, status: SolverStatus, progress: number }"
        )]
        answer: &JsValue,
    ) -> Result<(), JsValue> {
        let run = run_number(run)?;
        let answer = Fields::read(answer, "answer", keys::ANSWER)?;
        let value = |fields: &Fields, key| fields.get(key).unwrap_or(JsValue::UNDEFINED);
        let counts = Fields::read(&value(&answer, "stats"), "answer.stats", keys::STATS)?;
        let stats = dlx_engine::Stats {
            nodes: integer(&value(&counts, "nodes"), "answer.stats.nodes", MAX_SAFE)?,
            updates: integer(&value(&counts, "updates"), "answer.stats.updates", MAX_SAFE)?,
            solutions: integer(&value(&answer, "count"), "answer.count", MAX_SAFE)?,
        };
        let status = value(&answer, "status");
        let status = match status.as_string().as_deref() {
            Some("exhausted") => Status::Exhausted,
            // A worker's run that stopped at its `limit` solutions itself says "searching":
            // its task is done as far as the limit goes.
            Some("solution_limit" | "searching") => Status::SolutionLimit,
            Some("node_limit") => Status::NodeLimit,
            _ => return Err(invalid("answer.status", "a solver status", &status)),
        };
        let progress = fraction_of(&value(&answer, "progress"), "answer.progress")?;
        self.schedule.finished(run, stats, status, progress);
        self.unreport(run);
        Ok(())
    }

    /// Run `run` was lost with its worker: `"retried"` (make a new worker ready to run its
    /// task again), `"ignored"` (it was stopped) or `"failed"` (lost too often: the search
    /// fails).
    #[wasm_bindgen(unchecked_return_type = "\"retried\" | \"ignored\" | \"failed\"")]
    pub fn lost(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "number")] run: &JsValue,
    ) -> Result<JsValue, JsValue> {
        let run = run_number(run)?;
        self.unreport(run);
        Ok(JsValue::from_str(match self.schedule.lost(run) {
            Lost::Retried => "retried",
            Lost::Ignored => "ignored",
            Lost::Failed => "failed",
        }))
    }

    /// Stops the search: every run under way is to stop, no task starts.
    pub fn abort(&mut self) {
        self.schedule.abort();
    }

    /// Where the search stands: `[fraction, solutions, nodes, updates]`, the progress of the
    /// whole search from 0 to 1, the solutions found so far (by the tasks done and under
    /// way, within the limit), and the nodes and updates of the tasks done.
    pub fn progress(&self) -> Box<[f64]> {
        let stats = self.stats(self.schedule.stats());
        let now = self.schedule.progress_now();
        Box::new([
            now.fraction,
            now.solutions as f64,
            stats.nodes as f64,
            stats.updates as f64,
        ])
    }

    /// What the search came to, as `exact_cover`'s result says it but for the solutions
    /// (the ones handed on) and the warnings: `count`, `countText`, `complete`, `status` and
    /// `stats` (the split's own search and the tasks').
    #[wasm_bindgen(unchecked_return_type = "Omit<ExactCoverResult, \"solutions\" | \"warnings\">")]
    pub fn result(&self) -> JsValue {
        let outcome = self.schedule.outcome();
        let undefined = JsValue::UNDEFINED;
        result(
            None,
            outcome.stats.solutions,
            outcome.status,
            self.stats(outcome.stats),
            &undefined,
        )
    }
}

impl TaskSchedule {
    /// Takes the schedule's decisions into the queue: a solution dropped is no longer
    /// collected.
    fn pull(&mut self) {
        while let Some(decision) = self.schedule.next_decision() {
            if let Decision::Drop((_, length)) = decision {
                self.kept -= 1;
                self.collected -= length as usize;
            }
            self.queue.push_back(decision);
        }
    }

    /// The number `first`, and those of the solutions handed on (`emit`) or dropped next in
    /// the queue.
    fn numbers(&mut self, first: u64, emit: bool) -> js_sys::Float64Array {
        let mut numbers = vec![first as f64];
        loop {
            match self.queue.front() {
                Some(Decision::Emit((number, _))) if emit => numbers.push(*number as f64),
                Some(Decision::Drop((number, _))) if !emit => numbers.push(*number as f64),
                _ => break,
            }
            self.queue.pop_front();
        }
        js_sys::Float64Array::from(&numbers[..])
    }

    /// The tasks' `stats` with the split's own search added, and what the runs that have
    /// not answered reported.
    fn stats(&self, stats: dlx_engine::Stats) -> dlx_engine::Stats {
        let (nodes, updates) = self.reported.iter().fold((0u64, 0u64), |(n, u), &(a, b)| {
            (n.saturating_add(a), u.saturating_add(b))
        });
        let sum = |a: u64, b: u64, c: u64| a.saturating_add(b).saturating_add(c);
        dlx_engine::Stats {
            nodes: sum(stats.nodes, self.split.nodes, nodes),
            updates: sum(stats.updates, self.split.updates, updates),
            ..stats
        }
    }

    /// Run `run`'s report no longer counts (it answered, or was lost).
    fn unreport(&mut self, run: usize) {
        if let Some(report) = self.reported.get_mut(run) {
            *report = (0, 0);
        }
    }
}

/// A run's number.
#[inline(never)]
fn run_number(value: &JsValue) -> Result<usize, JsValue> {
    size(value, "run", u32::MAX as usize)
}

/// A number from 0 to 1.
#[inline(never)]
fn fraction_of(value: &JsValue, path: &str) -> Result<f64, JsValue> {
    match number(value) {
        Some(n) if (0.0..=1.0).contains(&n) => Ok(n),
        _ => Err(invalid(path, "a number from 0 to 1", value)),
    }
}
