//! `exact_cover`: the generic solver for JS.

use wasm_bindgen::prelude::*;

use super::convert::{
    array, array_or, boolean, elements, index, invalid, item_names, lists, number, number_text,
    size, solve_result, string, typed_array, whole_number, BadIndex, Field, Fields, Found, Item,
    ItemNames, Numbers, MAX_SAFE,
};
use super::keys::{self, Keys};
use super::{engine_error, engine_error_at, js_error};
use dlx_engine::{
    Problem, ProblemBuilder, SizeBudget, Solver, SolverOptions, Task, MAX_TEXT_BYTES,
};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/**
 * An exact-cover problem: Knuth's text format, items and options as arrays, or the compact
 * form (typed arrays, for big problems).
 */
export type ExactCoverProblem = string | ExactCoverArrays | ExactCoverCompact;

/** A primary item with multiplicities: covered from `min` to `max` times. */
export interface ExactCoverItem {
  name: string;
  min?: number;
  max?: number;
}

/** A problem as arrays. */
export interface ExactCoverArrays {
  /**
   * The primary items: how many (numbered from 0), or their names; a name may carry
   * multiplicities (Knuth's DLX3): `{ name, min?, max? }` is covered at least `min` (default
   * 1) and at most `max` (default `max(min, 1)`) times.
   */
  primary: number | (string | ExactCoverItem)[];
  /** The secondary items: how many (numbered after the primary ones), or their names. */
  secondary?: number | string[];
  /** Each option lists item numbers or names; `"name:color"` colors a secondary item. */
  options: (number | string)[][];
}

/**
 * A problem in compact form: option k is `items[offsets[k]]` up to (not including)
 * `items[offsets[k + 1]]`, item numbers from 0 (primary first). `offsets` starts at 0, never
 * decreases and ends at `items.length`. No colors in this form.
 */
export interface ExactCoverCompact {
  primary: number | string[];
  secondary?: number | string[];
  /** Every option's item numbers, one option after another. */
  items: Uint32Array | Int32Array | Uint16Array | Uint8Array | Float64Array;
  /** Where each option starts in `items`, plus `items.length` at the end. */
  offsets: Uint32Array | Int32Array | Float64Array;
}

/** How to search. */
export interface ExactCoverOptions extends SolverOptions {
  /** Count the solutions without returning them. */
  countOnly?: boolean;
}

/**
 * An option left out of the search, as Knuth's DLX programs leave it out: one with only
 * secondary items (`no_primary_item`; DLX2 prints "Option ignored (no primary items)"), or
 * an empty one given as an array (`empty_option`). Option indices keep counting it: solutions
 * and `forced` use the options' indices as given.
 */
export interface DlxWarning {
  code: "no_primary_item" | "empty_option";
  /** The option's index (0-based, as given). */
  option: number;
  /** The option's 1-based line, for text input. */
  line?: number;
  message: string;
}

/** Limits and controls shared by `exact_cover` and `ExactCoverSolver`. */
export interface SolverOptions {
  /** Stop after this many solutions (default: all). */
  limit?: number;
  /** Stop after this many search nodes. */
  maxNodes?: number;
  /** Options (by index) that every solution must contain. */
  forced?: number[];
  /** Break ties between items at random with this seed (a whole number). */
  seed?: number;
  /**
   * Search only this task of a split (a path from `ExactCoverTasks.split`): its solutions, in the
   * order of the whole search. With `forced`, the same forced options as when splitting.
   */
  task?: string;
  /**
   * Refuse an option with no primary item (`no_primary_item`) or an empty one
   * (`empty_option`) instead of leaving it out with a warning.
   */
  strict?: boolean;
}

/**
 * What `exact_cover` found: a count (`CountResult`) with the solutions. Without `limit` or
 * `countOnly` it collects every solution, up to 4,194,304 option indices in all (16 MiB);
 * past that it throws `too_many_solutions`: count them (`countOnly`), take the first few
 * (`limit`) or stream them (`ExactCoverSolver`).
 */
export interface ExactCoverResult extends CountResult {
  /** Each solution as its option indices, ascending (empty with `countOnly`). */
  solutions: number[][];
  /** The options left out of the search (usually none). */
  warnings: DlxWarning[];
}
"#;

#[wasm_bindgen]
extern "C" {
    /// The problem argument of `exact_cover`.
    #[wasm_bindgen(typescript_type = "ExactCoverProblem")]
    pub type JsExactCoverProblem;

    /// The result of `exact_cover`.
    #[wasm_bindgen(typescript_type = "ExactCoverResult")]
    pub type JsExactCoverResult;
}

/// The most option indices one `exact_cover` call collects in its solutions (16 MiB of
/// `u32`, and a JS array of that many numbers): past it the call throws
/// `too_many_solutions` instead of running the instance out of memory.
pub const MAX_COLLECTED: usize = 1 << 22;

/// Solves an exact-cover problem with secondary items and colors (Knuth's Algorithm C).
///
/// `problem` is a string in Knuth's format (item line `A B C | x y`, then one option per
/// line, `|` comments), or `{ primary, secondary?, options }`. Returns the solutions as
/// sorted option indices, their count, whether the search was complete, Knuth's statistics,
/// and the options left out of the search (`warnings`; `strict: true` refuses them). Throws an `Error` with a `code` (`"unknown_item"`, `"syntax"`,
/// `"invalid_argument"`, ...) and, where known, `line`, `option` or `path`.
#[wasm_bindgen]
pub fn exact_cover(
    problem: &JsExactCoverProblem,
    // Taken as it is, undefined and null included (Fields::options reads both as none), not as
    // an `Option`: wasm-bindgen's JS would put it in the module's table by the table's JS API,
    // a call into the engine's C++ (0.3 k instructions of a first solution of 8 queens).
    #[wasm_bindgen(unchecked_optional_param_type = "ExactCoverOptions | undefined | null")]
    options: JsValue,
) -> Result<JsExactCoverResult, JsValue> {
    let mut kept = Kept::take();
    let read = Arguments::read_with(problem, &options, keys::EXACT_COVER, &mut kept);
    let result = read.and_then(|arguments| solve(arguments, &mut kept));
    kept.keep();
    result
}

/// [`exact_cover`] once its arguments are read, collecting the solutions in `kept`'s lists.
fn solve(arguments: Arguments, kept: &mut Kept) -> Result<JsExactCoverResult, JsValue> {
    let Arguments {
        settings,
        count_only,
        options,
    } = arguments;
    #[cfg(feature = "memo")]
    if let Some(counted) = super::memo::count(&settings, &options, count_only)? {
        return Ok(counted.unchecked_into());
    }
    #[cfg(not(feature = "memo"))]
    let _ = options;
    let mut solver = settings.kept_solver()?;
    let (flat, ends) = (&mut kept.solutions, &mut kept.solution_ends);
    let mut count = 0u64;
    while solver.find_next() {
        count += 1;
        if !count_only {
            let solution = solver.solution();
            if flat.len() + solution.len() > MAX_COLLECTED {
                return Err(too_many_solutions(count - 1));
            }
            // Option numbers are below the option budget (2^22), so they fit a u32.
            flat.extend(solution.iter().map(|&o| o as u32));
            ends.push(flat.len() as u32);
        }
    }
    let result = solve_result(
        &settings.problem,
        flat,
        ends,
        count,
        solver.status(),
        solver.stats(),
    );
    settings.keep(solver);
    // (Only with `kept-lists`, where a builder is kept: else this code is not linked.)
    if let Some(builder) = kept
        .builder
        .as_mut()
        .filter(|_| cfg!(feature = "kept-lists"))
    {
        if small(&settings.problem) {
            builder.recycle(settings.problem);
        }
    }
    Ok(result.unchecked_into())
}

pub(crate) fn too_many_solutions(collected: u64) -> JsValue {
    js_error(
        "too_many_solutions",
        &format!(
            "the solutions pass the budget of {MAX_COLLECTED} option indices that one call \
             collects (after {collected} solutions): pass `limit` to take the first few, \
             `countOnly: true` to count them, or stream them with ExactCoverSolver"
        ),
        &[
            ("collected", JsValue::from_f64(collected as f64)),
            ("budget", JsValue::from_f64(MAX_COLLECTED as f64)),
        ],
    )
}

/// The arguments every exact-cover export takes: a problem and its options, read and checked.
pub(crate) struct Arguments {
    /// The problem and the solver options.
    pub(crate) settings: Settings,
    /// `countOnly`.
    pub(crate) count_only: bool,
    /// The options object's fields, export-specific ones included (the export's schema:
    /// [`keys`]).
    pub(crate) options: Fields,
}

/// A problem with the options to solve it under.
pub(crate) struct Settings {
    pub(crate) problem: Problem,
    pub(crate) options: SolverOptions,
    /// `options.task`: search only this task of a split.
    pub(crate) task: Option<Task>,
}

impl Settings {
    /// A solver for the problem (or its task) under the options.
    pub(crate) fn solver(&self) -> Result<Solver, JsValue> {
        match &self.task {
            Some(task) => Solver::for_task(&self.problem, &self.options, task),
            None => Solver::with_options(&self.problem, &self.options),
        }
        .map_err(|e| solver_error(&e, "options.task"))
    }

    /// [`Settings::solver`] in the memory of the one the last call gave back ([`Settings::keep`]),
    /// if any: a call on a small problem then allocates nothing for its search (its
    /// masks, lists and counts were a tenth of the time of a first solution of 8 queens).
    /// Boxed: kept and taken back by its address (moved, the solver was copied whole five
    /// times a call, each a `memory.copy` in wasm: 0.3 k instructions a first solution).
    pub(crate) fn kept_solver(&self) -> Result<Box<Solver>, JsValue> {
        // Taken out, so that a call made while this one runs (from a getter) makes its own.
        let Some(mut solver) = KEPT_SOLVER.take() else {
            return self.solver().map(Box::new);
        };
        match &self.task {
            Some(task) => solver.reload_task(&self.problem, &self.options, task),
            None => solver.reload(&self.problem, &self.options),
        }
        .map_err(|e| solver_error(&e, "options.task"))?;
        Ok(solver)
    }

    /// Keeps `solver`, done with, for the next call's [`Settings::kept_solver`], if its
    /// problem was small: a big one's layout is not held on to between calls.
    pub(crate) fn keep(&self, solver: Box<Solver>) {
        if small(&self.problem) {
            KEPT_SOLVER.set(Some(solver));
        }
    }
}

/// Whether `problem` is small enough for what a call made of it (its solver, its builder,
/// its lists) to be kept for the next call ([`Settings::keep`], [`finish`], [`solve`]): small
/// problems, whose fixed costs matter, and at most a few MB held whatever the calls before
/// (the masks' lists hold each option once per level, 4 bytes each, for at most 129 levels;
/// a builder's marks one `u32` an item). One test for all three, in items, option nodes and
/// bytes: a problem of few nodes can still have many items, or many empty options (each
/// with its warning).
fn small(problem: &Problem) -> bool {
    problem.node_count() <= KEEP_NODES
        && problem.item_count() <= KEEP_NODES
        && problem.heap_bytes() <= KEEP_BYTES
}

/// The most option nodes, and items, of a problem [`small`] enough to keep.
const KEEP_NODES: usize = 1 << 12;

/// The most heap bytes of a problem [`small`] enough to keep (its lists and names).
const KEEP_BYTES: usize = 1 << 17;

thread_local! {
    /// The solver the last call gave back, see [`Settings::kept_solver`].
    static KEPT_SOLVER: std::cell::Cell<Option<Box<Solver>>> =
        const { std::cell::Cell::new(None) };
}

/// The lists that reading a problem and collecting its solutions fill, kept from a call on a
/// small problem for the next, so that such calls do not allocate them again (as
/// [`Settings::kept_solver`] keeps the solver). They are taken for a call, all at once
/// ([`Kept::take`]: a call made meanwhile, from a getter, finds them gone and allocates its
/// own), and given back at its end ([`Kept::keep`]).
#[derive(Default)]
struct Kept {
    /// The compact form's `items` and `offsets` as copied, and the options' ends.
    items: Vec<u32>,
    offsets: Vec<u32>,
    ends: Vec<u32>,
    /// The item numbers of options given as `f64`s, checked and converted ([`add_numbered`]).
    converted: Vec<u32>,
    /// The solutions' option indices, one after another, and where each ends.
    solutions: Vec<u32>,
    solution_ends: Vec<u32>,
    /// The last [`small`] problem's builder ([`finish`]), given that problem's lists back
    /// when [`solve`] is done with them (the solver's, the tasks' and the trace's problems
    /// are not given back); boxed, so that it moves by its address.
    builder: Option<Box<ProblemBuilder>>,
}

thread_local! {
    static KEPT: std::cell::RefCell<Kept> = const {
        std::cell::RefCell::new(Kept {
            items: Vec::new(),
            offsets: Vec::new(),
            ends: Vec::new(),
            converted: Vec::new(),
            solutions: Vec::new(),
            solution_ends: Vec::new(),
            builder: None,
        })
    };
}

impl Kept {
    /// The kept lists, taken (empty ones left in their place).
    fn take() -> Kept {
        let mut kept = Kept::default();
        kept.swap();
        kept
    }

    /// Gives the lists back for the next call, each unless it grew past a small problem's
    /// size ([`KEEP_NODES`] elements): emptied, but the compact form's `items` and `offsets`,
    /// which [`typed_array`] writes over as long as they are. What they replace, empty lists
    /// left by [`Kept::take`] or, after a call made meanwhile (from a getter), the lists that
    /// call kept, is dropped.
    fn keep(mut self) {
        for (list, clear) in [
            (&mut self.items, false),
            (&mut self.offsets, false),
            (&mut self.ends, true),
            (&mut self.converted, true),
            (&mut self.solutions, true),
            (&mut self.solution_ends, true),
        ] {
            if list.capacity() > KEEP_NODES {
                *list = Vec::new();
            } else if clear {
                list.clear();
            }
        }
        self.swap();
    }

    /// The kept builder, if any (none without `kept-lists`: the code that resets one is not
    /// linked then).
    fn builder(&mut self) -> Option<Box<ProblemBuilder>> {
        self.builder.take().filter(|_| cfg!(feature = "kept-lists"))
    }

    /// Swaps these lists with those of [`KEPT`] (one access in the module, out of line:
    /// inlined or instantiated per list, the accesses made the main module 1-2 KB larger,
    /// gzipped). Without `kept-lists` (`dlx-wasm/core`, built for size) nothing is kept: each
    /// call allocates its lists, and the code that keeps them is not linked (0.3 KB gzipped).
    #[inline(never)]
    fn swap(&mut self) {
        if cfg!(feature = "kept-lists") {
            KEPT.with_borrow_mut(|kept| std::mem::swap(self, kept));
        }
    }
}

impl Arguments {
    /// Reads `problem` and `options` (undefined or null for none), whose keys may be `keys`
    /// (the export's schema: [`keys`]). Every exact-cover export takes its options as a `JsValue`
    /// (declared optional by `unchecked_optional_param_type`) and reads them here, sync and
    /// async alike: one path, one set of checks.
    pub(crate) fn read(
        problem: &JsValue,
        options: &JsValue,
        keys: Keys,
    ) -> Result<Arguments, JsValue> {
        let mut kept = Kept::take();
        let read = Arguments::read_with(problem, options, keys, &mut kept);
        kept.keep();
        read
    }

    /// [`Arguments::read`] into the lists `kept` lends.
    fn read_with(
        problem: &JsValue,
        options: &JsValue,
        keys: Keys,
        kept: &mut Kept,
    ) -> Result<Arguments, JsValue> {
        let options = Fields::options(options, "options", keys)?;
        // Read first: how the problem is read depends on it.
        let strict = boolean(options.get("strict"), "options.strict")?;
        let problem = read_problem(problem, strict, kept)?;
        let (solver_options, count_only) = read_options(&options, &problem)?;
        let task = match options.get("task") {
            Some(task) => Some(read_task(&task, "options.task")?),
            None => None,
        };
        Ok(Arguments {
            settings: Settings {
                problem,
                options: solver_options,
                task,
            },
            count_only,
            options,
        })
    }
}

/// A task's path given as text at `path` (`options.task`, or `ExactCoverTasks.solver`'s).
pub(crate) fn read_task(value: &JsValue, path: &str) -> Result<Task, JsValue> {
    let text = string(value, path, MAX_TEXT_BYTES)?;
    text.parse().map_err(|e| engine_error_at(&e, path))
}

/// The error of a solver for `task` (if any) that would not start: an invalid task's names
/// the argument that gave it.
pub(crate) fn solver_error(error: &dlx_engine::Error, task: &str) -> JsValue {
    match error {
        dlx_engine::Error::InvalidTask { .. } => engine_error_at(error, task),
        _ => engine_error(error),
    }
}

fn read_options(object: &Fields, problem: &Problem) -> Result<(SolverOptions, bool), JsValue> {
    let option_count = problem.option_count();
    // Read in this order (a struct's fields are evaluated as written): the first bad one is
    // reported.
    let mut settings = SolverOptions {
        max_solutions: object
            .integer("limit", "options.limit", MAX_SAFE)
            .transpose()?,
        max_nodes: object
            .integer("maxNodes", "options.maxNodes", MAX_SAFE)
            .transpose()?,
        seed: object
            .integer("seed", "options.seed", MAX_SAFE)
            .transpose()?,
        ..SolverOptions::default()
    };
    if let Some(forced) = object.get("forced") {
        let list = array(&forced, "options.forced", SizeBudget::DEFAULT.max_options)?;
        for (k, value) in elements(&list, "options.forced").enumerate() {
            let value = value?;
            let path = || format!("options.forced[{k}]");
            let n = number(&value).ok_or_else(|| invalid(&path(), "an option number", &value))?;
            match index(n, option_count) {
                Ok(option) if problem.is_ignored(option) => {
                    let error = dlx_engine::Error::ForcedIgnored { option };
                    return Err(engine_error_at(&error, &path()));
                }
                Ok(option) => settings.forced.push(option),
                Err(BadIndex::NotWhole) => {
                    return Err(invalid(&path(), "a whole number from 0", &value))
                }
                // The engine's error, but with the number as given (no usize holds it on
                // wasm32).
                Err(BadIndex::OutOfRange) => {
                    return Err(js_error(
                        "forced_out_of_range",
                        &format!(
                        "forced option {} does not exist: the problem has {option_count} options",
                        number_text(n)
                    ),
                        &[
                            ("option", JsValue::from_f64(n)),
                            ("path", JsValue::from_str(&path())),
                        ],
                    ))
                }
            }
        }
    }
    let count_only = boolean(object.get("countOnly"), "options.countOnly")?;
    Ok((settings, count_only))
}

/// The problem argument; with `strict`, options with no primary item (or none) are refused
/// instead of left out with a warning.
fn read_problem(value: &JsValue, strict: bool, kept: &mut Kept) -> Result<Problem, JsValue> {
    // The object's fields, or else a string (which `readObject` finds not to be an object,
    // running no code of the caller's): the type asked once, not twice, of an object.
    let fields = match Fields::of(value, "problem", keys::PROBLEM)? {
        Found::Fields(fields) => fields,
        _ if value.is_string() => {
            let text = string(value, "problem", MAX_TEXT_BYTES)?;
            let problem = match strict {
                true => Problem::parse_strict(&text),
                false => Problem::parse(&text),
            };
            return problem.map_err(|e| engine_error(&e));
        }
        _ => {
            let expected = "a string in Knuth's format, { primary, secondary?, options } or \
                            { primary, secondary?, items, offsets }";
            return Err(invalid("problem", expected, value));
        }
    };
    let budget = SizeBudget::DEFAULT;
    // A number (NaN too, which its size's check refuses) or the value itself.
    let primary = match fields.field("primary") {
        Some(Field::Value(value)) => number(&value).map_or(Field::Value(value), Field::Number),
        Some(number) => number,
        None => Field::Value(JsValue::UNDEFINED),
    };
    // Item names as read, when given: options that name items cross as numbers.
    let mut names = None;
    let max_items = budget.max_items as f64;
    let mut builder = match primary {
        Field::Number(n1) => {
            // Each read as a number in one call across (`Fields::field`), below 2^32.
            let n1 = whole_number(n1, "problem.primary", max_items)? as usize;
            let n2 = match fields.field("secondary") {
                Some(Field::Number(n)) => whole_number(n, "problem.secondary", max_items)? as usize,
                Some(Field::Value(v)) => size(&v, "problem.secondary", budget.max_items)?,
                None => 0,
            };
            // The last call's builder, its lists kept (see [`finish`]), or a new one.
            let builder = match kept.builder() {
                Some(mut builder) => builder.reset(n1, n2).map(|()| builder),
                None => ProblemBuilder::new(n1, n2).map(Box::new),
            };
            builder.map_err(|e| engine_error(&e))?
        }
        Field::Value(primary) => {
            // Each list's length read once (a proxy's may change from one read to the next).
            let expected = "a number of items or an array of item names";
            let list = array_or(&primary, "problem.primary", budget.max_items, expected)?;
            let primary = item_names(list, "problem.primary", true)?;
            let secondary = match &fields.get("secondary") {
                Some(v) => {
                    let list = array(v, "problem.secondary", budget.max_items)?;
                    item_names(list, "problem.secondary", false)?
                }
                None => ItemNames::none(),
            };
            let mut builder = ProblemBuilder::with_names(&primary.names(), &secondary.names())
                .map_err(|e| engine_error(&e))?;
            for &(item, min, max) in &primary.bounds {
                let (min, max) = item_bounds(item, min, max)?;
                builder
                    .set_bounds(item, min, max)
                    .map_err(|e| engine_error(&e))?;
            }
            names = Some((primary, secondary));
            Box::new(builder)
        }
    };

    builder.set_strict(strict);
    if fields.has("items") {
        read_compact(&mut builder, &fields, kept)?;
        return Ok(finish(builder, kept));
    }
    let list = fields.get("options").unwrap_or(JsValue::UNDEFINED);
    let options = lists(
        &list,
        "problem.options",
        budget.max_options,
        builder.item_count().max(1),
        names
            .as_ref()
            .map(|(primary, secondary)| (primary, secondary)),
    )?;
    let items = builder.item_count();
    builder.reserve(options.len(), options.entries());
    if let Some((values, ends)) = options.numbers() {
        // Every entry an item number: no colors, so the builder's plain path.
        let path = |k, j, _| format!("problem.options[{k}][{j}]");
        add_numbered(&mut builder, values, ends, &path, &mut kept.converted)?;
        return Ok(finish(builder, kept));
    }
    let mut entries: Vec<(usize, Option<&str>)> = Vec::new();
    options.for_each(|k, option| {
        entries.clear();
        for (j, entry) in option.enumerate() {
            let path = || format!("problem.options[{k}][{j}]");
            entries.push(match entry {
                Item::Number(n) => (item_number(n, items, k, &path)?, None),
                Item::Text(token) => {
                    let (name, color) = match token.split_once(':') {
                        Some((name, color)) => (name, Some(color)),
                        None => (token, None),
                    };
                    let Some(item) = builder.item_index(name) else {
                        return Err(engine_error(&dlx_engine::Error::UnknownItem {
                            option: k,
                            name: name.to_owned(),
                        }));
                    };
                    (item, color)
                }
            });
        }
        builder
            .add_colored_option(&entries)
            .map(drop)
            .map_err(|e| engine_error(&e))
    })?;
    Ok(finish(builder, kept))
}

/// The problem `builder` built, the builder kept in `kept` for the next call where it is
/// small (with `kept-lists`): with the problem's lists, given back when the call is done with
/// them ([`solve`]), a small problem is then read without allocating its lists (0.9 k instructions of a
/// first solution of 8 queens from the compact form, a fifth of them V8's calls out of wasm).
fn finish(mut builder: Box<ProblemBuilder>, kept: &mut Kept) -> Problem {
    if !cfg!(feature = "kept-lists") {
        return builder.build();
    }
    let problem = builder.build_keeping();
    if small(&problem) {
        kept.builder = Some(builder);
    }
    problem
}

/// The bounds of primary item `item` given as `{ name, min?, max? }` (`NaN` for absent):
/// whole numbers up to 2^32 - 1; `min` defaults to 1 and `max` to `max(min, 1)`, so
/// `{ name, max: 3 }` is "one to three times" and `{ name, min: 0 }` "at most once".
fn item_bounds(item: usize, min: f64, max: f64) -> Result<(u32, u32), JsValue> {
    let read = |n: f64, key: &str| -> Result<Option<u32>, JsValue> {
        if n.is_nan() {
            return Ok(None);
        }
        if n.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(&n) {
            // A whole number in range: exact.
            return Ok(Some(n as u32));
        }
        let path = format!("problem.primary[{item}].{key}");
        Err(invalid(
            &path,
            "a whole number from 0 to 4294967295",
            &JsValue::from_f64(n),
        ))
    };
    let min = read(min, "min")?.unwrap_or(1);
    let max = read(max, "max")?.unwrap_or(min.max(1));
    Ok((min, max))
}

/// Adds the options given as the item numbers `values`, option k ending at `ends[k]` (in
/// order, the last at most `values.len()`). Numbers of an unsigned integer typed array go
/// to the builder as they are, the range checked by the builder alone; others (`f64`s) are
/// checked in one pass first (whole, in range) and converted to `u32`. A number out of
/// range comes before the builder's refusal of an earlier option, as every number was
/// checked before any option was added: so the `u32`s are looked at again, for the first
/// one out of range, only when the builder refuses one. The errors name the place of
/// `values[i]`, entry j of option k, as `path(k, j, i)`.
fn add_numbered(
    builder: &mut ProblemBuilder,
    values: Numbers,
    ends: &[u32],
    path: &dyn Fn(usize, usize, usize) -> String,
    converted: &mut Vec<u32>,
) -> Result<(), JsValue> {
    let items = builder.item_count();
    let report = |i: usize, bad: BadIndex| {
        let k = ends.partition_point(|&end| end as usize <= i);
        let start = k.checked_sub(1).map_or(0, |before| ends[before] as usize);
        let n = values.value(i);
        bad_item_number(bad, n, items, k, &|| path(k, i - start, i))
    };
    // The first `f64` that is not an item number, converted as they are checked ([`index`]).
    if let Numbers::Any(numbers) = values {
        // Filled in place, not pushed: no test of the capacity at each entry.
        converted.resize(numbers.len(), 0);
        let mut slots = numbers.iter().zip(converted.iter_mut()).enumerate();
        let bad = slots.find_map(|(i, (&n, slot))| match index(n, items) {
            // Below the item count, which the budget keeps below 2^32.
            Ok(item) => {
                *slot = item as u32;
                None
            }
            Err(bad) => Some((i, bad)),
        });
        if let Some((i, bad)) = bad {
            return Err(report(i, bad));
        }
    }
    let numbers = match values {
        Numbers::Whole(numbers) => numbers,
        Numbers::Any(_) => &converted[..],
    };
    let mut start = 0;
    let options = ends.iter().map(|&end| {
        let option = numbers.get(start..end as usize).unwrap_or_default();
        start = end as usize;
        option
    });
    builder.add_options(options).map_err(|e| {
        // The first `u32` out of range, if any, comes first.
        let out = match values {
            Numbers::Whole(numbers) => numbers.iter().position(|&n| n as usize >= items),
            Numbers::Any(_) => None,
        };
        out.map_or_else(|| engine_error(&e), |i| report(i, BadIndex::OutOfRange))
    })
}

/// Item number `n` of option `option`, below `items`; the errors name `path()`.
#[inline(always)]
fn item_number(
    n: f64,
    items: usize,
    option: usize,
    path: &dyn Fn() -> String,
) -> Result<usize, JsValue> {
    // The check inline (it runs for every entry of every option), the error out of line.
    index(n, items).map_err(|bad| bad_item_number(bad, n, items, option, path))
}

/// The error for item number `n` of option `option`, which `index` refused as `bad`.
#[cold]
#[inline(never)]
fn bad_item_number(
    bad: BadIndex,
    n: f64,
    items: usize,
    option: usize,
    path: &dyn Fn() -> String,
) -> JsValue {
    match bad {
        BadIndex::NotWhole => invalid(&path(), "an item number or name", &JsValue::from_f64(n)),
        // The engine's `ItemOutOfRange`, with the number as given (no usize holds it on
        // wasm32).
        BadIndex::OutOfRange => js_error(
            "item_out_of_range",
            &format!(
                "option {option}: item {} does not exist: the problem has {items} items",
                number_text(n)
            ),
            &[
                ("option", JsValue::from_f64(option as f64)),
                ("path", JsValue::from_str(&path())),
            ],
        ),
    }
}

/// The compact form: option k is `items[offsets[k]..offsets[k + 1]]`, `items` and `offsets`
/// read from `fields` (which has `items`), each field and its numbers in one call across.
fn read_compact(
    builder: &mut ProblemBuilder,
    fields: &Fields,
    kept: &mut Kept,
) -> Result<(), JsValue> {
    let budget = SizeBudget::DEFAULT;
    let typed = |key, path, max, whole| match fields.typed(key, path, max, whole) {
        Some(numbers) => numbers,
        None => typed_array(&JsValue::UNDEFINED, path, max, Vec::new()),
    };
    let whole = std::mem::take(&mut kept.items);
    let items = typed("items", "problem.items", budget.max_nodes, whole)?;
    let whole = std::mem::take(&mut kept.offsets);
    let offsets = typed("offsets", "problem.offsets", budget.max_options + 1, whole)?;
    let values = items.numbers();
    let ends = option_ends(offsets.numbers(), values.len(), &mut kept.ends)?;
    builder.reserve(ends.len(), values.len());
    let path = |_, _, i| format!("problem.items[{i}]");
    let added = add_numbered(builder, values, ends, &path, &mut kept.converted);
    kept.items = items.into_whole();
    kept.offsets = offsets.into_whole();
    added
}

/// The ends of the options of the compact form whose `offsets` are given, for `len` items:
/// checked, each a whole number from the one before to `len`, the first 0 and the last `len`.
/// They are `offsets` after the first, lent as they are when `u32`s (from a typed array of an
/// unsigned integer kind: no copy, one short loop to check them), else converted into `ends`.
fn option_ends<'a>(
    offsets: Numbers<'a>,
    len: usize,
    ends: &'a mut Vec<u32>,
) -> Result<&'a [u32], JsValue> {
    if let Numbers::Whole(list) = offsets {
        // Ascending from 0 to `len`: every one from the one before to `len`. Anything else
        // is reported by the loop below, which looks at them one by one.
        // Without an early exit: a loop LLVM vectorises (in the simd128 build).
        let pairs = list.iter().zip(list.get(1..).unwrap_or_default());
        let ascending = pairs.fold(true, |ascending, (a, b)| ascending & (a <= b));
        if ascending && list.first() == Some(&0) && list.last().map(|&n| n as usize) == Some(len) {
            return Ok(&list[1..]);
        }
    }
    let bad_offset = |k: usize, what: &str| {
        invalid(
            &format!("problem.offsets[{k}]"),
            what,
            &JsValue::from_f64(offsets.value(k)),
        )
    };
    if offsets.len() == 0 {
        return Err(invalid(
            "problem.offsets",
            "a list starting with 0",
            &JsValue::UNDEFINED,
        ));
    }
    if offsets.value(0) != 0.0 {
        return Err(bad_offset(0, "0"));
    }
    ends.reserve(offsets.len() - 1);
    let mut start = 0;
    for k in 1..offsets.len() {
        match offsets.index(k, len + 1) {
            Some(Ok(end)) if end >= start => start = end,
            _ => {
                let what = format!("a whole number from {start} to {len}");
                return Err(bad_offset(k, &what));
            }
        }
        // At most the length of `items`, which its budget keeps below 2^32.
        ends.push(start as u32);
    }
    if start != len {
        let last = offsets.len() - 1;
        return Err(bad_offset(last, &format!("{len} (the length of items)")));
    }
    Ok(ends)
}
