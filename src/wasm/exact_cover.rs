//! `exact_cover`: the generic solver for JS.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::convert::{array, boolean, elements, field, integer, invalid, object, string};
use super::{engine_error, js_error};
use crate::{Problem, ProblemBuilder, SizeBudget, Solver, SolverOptions, MAX_TEXT_BYTES};

/// The largest whole number JS holds exactly.
pub(crate) const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** An exact-cover problem: Knuth's text format, or items and options as data. */
export type ExactCoverProblem = string | {
  /** The primary items: how many (numbered from 0), or their names. */
  primary: number | string[];
  /** The secondary items: how many (numbered after the primary ones), or their names. */
  secondary?: number | string[];
  /** Each option lists item numbers or names; `"name:color"` colors a secondary item. */
  options: (number | string)[][];
};

/** How to search. */
export interface ExactCoverOptions extends SolverOptions {
  /** Count the solutions without returning them. */
  countOnly?: boolean;
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
}

/** Knuth's search statistics. */
export interface ExactCoverStats {
  /** Search-tree nodes. */
  nodes: number;
  /** Link updates. */
  updates: number;
}

/** What `exact_cover` found. */
export interface ExactCoverResult {
  /** Each solution as its option indices, ascending (empty with `countOnly`). */
  solutions: number[][];
  /** How many solutions were found. */
  count: number;
  /** Whether the whole search space was explored. */
  complete: boolean;
  stats: ExactCoverStats;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// The problem argument of `exact_cover`.
    #[wasm_bindgen(typescript_type = "ExactCoverProblem")]
    pub type JsExactCoverProblem;

    /// The options argument of `exact_cover`.
    #[wasm_bindgen(typescript_type = "ExactCoverOptions | undefined")]
    pub type JsExactCoverOptions;

    /// The result of `exact_cover`.
    #[wasm_bindgen(typescript_type = "ExactCoverResult")]
    pub type JsExactCoverResult;
}

#[derive(Serialize)]
struct Output {
    solutions: Vec<Vec<u32>>,
    count: f64,
    complete: bool,
    stats: OutputStats,
}

#[derive(Serialize)]
struct OutputStats {
    nodes: f64,
    updates: f64,
}

/// Solves an exact-cover problem with secondary items and colors (Knuth's Algorithm C).
///
/// `problem` is a string in Knuth's format (item line `A B C | x y`, then one option per
/// line, `|` comments), or `{ primary, secondary?, options }`. Returns the solutions as
/// sorted option indices, their count, whether the search was complete, and Knuth's
/// statistics. Throws an `Error` with a `code` (`"unknown_item"`, `"syntax"`,
/// `"invalid_argument"`, ...) and, where known, `line`, `option` or `path`.
#[wasm_bindgen]
pub fn exact_cover(
    problem: &JsExactCoverProblem,
    options: Option<JsExactCoverOptions>,
) -> Result<JsExactCoverResult, JsValue> {
    let Arguments {
        settings,
        count_only,
        ..
    } = Arguments::read(problem, options.map(JsValue::from))?;
    let mut solver = settings.solver()?;
    let mut solutions = Vec::new();
    let mut count = 0u64;
    while solver.find_next() {
        count += 1;
        if !count_only {
            solutions.push(solver.solution().into_iter().map(|o| o as u32).collect());
        }
    }
    let stats = solver.stats();
    let output = Output {
        solutions,
        count: count as f64,
        complete: solver.is_complete(),
        stats: OutputStats {
            nodes: stats.nodes as f64,
            updates: stats.updates as f64,
        },
    };
    serde_wasm_bindgen::to_value(&output)
        .map(JsCast::unchecked_into)
        .map_err(|e| js_error("internal", &e.to_string(), &[]))
}

/// The arguments every exact-cover export takes: a problem and its options, read and checked.
pub(crate) struct Arguments {
    /// The problem and the solver options.
    pub(crate) settings: Settings,
    /// `countOnly`.
    pub(crate) count_only: bool,
    /// The options object as given, for export-specific fields.
    pub(crate) options: JsValue,
}

/// A problem with the options to solve it under.
pub(crate) struct Settings {
    pub(crate) problem: Problem,
    pub(crate) options: SolverOptions,
}

impl Settings {
    /// A solver for the problem under the options.
    pub(crate) fn solver(&self) -> Result<Solver, JsValue> {
        Solver::with_options(&self.problem, &self.options).map_err(|e| engine_error(&e))
    }
}

impl Arguments {
    /// Reads `problem` and `options` (undefined for none).
    pub(crate) fn read(problem: &JsValue, options: Option<JsValue>) -> Result<Arguments, JsValue> {
        let problem = read_problem(problem)?;
        let options = options.unwrap_or(JsValue::UNDEFINED);
        let (solver_options, count_only) = read_options(&options)?;
        Ok(Arguments {
            settings: Settings {
                problem,
                options: solver_options,
            },
            count_only,
            options,
        })
    }
}

fn read_options(value: &JsValue) -> Result<(SolverOptions, bool), JsValue> {
    let mut settings = SolverOptions::default();
    let Some(object) = object(value, "options")? else {
        return Ok((settings, false));
    };
    if let Some(limit) = field(&object, "limit")? {
        settings.max_solutions = Some(integer(&limit, "options.limit", MAX_SAFE)?);
    }
    if let Some(max) = field(&object, "maxNodes")? {
        settings.max_nodes = Some(integer(&max, "options.maxNodes", MAX_SAFE)?);
    }
    if let Some(seed) = field(&object, "seed")? {
        settings.seed = Some(integer(&seed, "options.seed", MAX_SAFE)?);
    }
    if let Some(forced) = field(&object, "forced")? {
        let list = array(&forced, "options.forced", SizeBudget::DEFAULT.max_options)?;
        for (k, value) in elements(&list, "options.forced").enumerate() {
            let path = format!("options.forced[{k}]");
            settings
                .forced
                .push(integer(&value?, &path, MAX_SAFE)? as usize);
        }
    }
    let count_only = boolean(field(&object, "countOnly")?, "options.countOnly")?;
    Ok((settings, count_only))
}

fn read_problem(value: &JsValue) -> Result<Problem, JsValue> {
    if value.is_string() {
        let text = string(value, "problem", MAX_TEXT_BYTES)?;
        return Problem::parse(&text).map_err(|e| engine_error(&e));
    }
    let expected = "a string in Knuth's format or { primary, secondary?, options }";
    let Ok(Some(object)) = object(value, "problem") else {
        return Err(invalid("problem", expected, value));
    };
    let budget = SizeBudget::DEFAULT;
    let primary = field(&object, "primary")?.unwrap_or(JsValue::UNDEFINED);
    let secondary = field(&object, "secondary")?;
    let mut builder = if primary.as_f64().is_some() {
        let n1 = integer(&primary, "problem.primary", budget.max_items as f64)? as usize;
        let n2 = match &secondary {
            Some(v) => integer(v, "problem.secondary", budget.max_items as f64)? as usize,
            None => 0,
        };
        ProblemBuilder::new(n1, n2)
    } else if js_sys::Array::is_array(&primary) {
        let names1 = names(&primary, "problem.primary", budget.max_items)?;
        let names2 = match &secondary {
            Some(v) => names(v, "problem.secondary", budget.max_items)?,
            None => Vec::new(),
        };
        ProblemBuilder::with_names(&names1, &names2)
    } else {
        return Err(invalid(
            "problem.primary",
            "a number of items or an array of item names",
            &primary,
        ));
    }
    .map_err(|e| engine_error(&e))?;

    let list = field(&object, "options")?.unwrap_or(JsValue::UNDEFINED);
    let list = array(&list, "problem.options", budget.max_options)?;
    let mut entries: Vec<(usize, Option<String>)> = Vec::new();
    for (k, option) in elements(&list, "problem.options").enumerate() {
        let path = format!("problem.options[{k}]");
        let option = array(&option?, &path, builder.item_count().max(1))?;
        entries.clear();
        for (j, entry) in elements(&option, &path).enumerate() {
            let path = format!("problem.options[{k}][{j}]");
            entries.push(read_entry(&builder, &entry?, &path, k)?);
        }
        let refs: Vec<(usize, Option<&str>)> = entries
            .iter()
            .map(|(item, color)| (*item, color.as_deref()))
            .collect();
        builder
            .add_colored_option(&refs)
            .map_err(|e| engine_error(&e))?;
    }
    Ok(builder.build())
}

/// One entry of an option: an item number, or `"name"` / `"name:color"`.
fn read_entry(
    builder: &ProblemBuilder,
    entry: &JsValue,
    path: &str,
    option: usize,
) -> Result<(usize, Option<String>), JsValue> {
    if entry.as_f64().is_some() {
        let index = integer(entry, path, MAX_SAFE)? as usize;
        return Ok((index, None));
    }
    if !entry.is_string() {
        return Err(invalid(path, "an item number or name", entry));
    }
    let token = string(entry, path, MAX_TEXT_BYTES)?;
    let (name, color) = match token.split_once(':') {
        Some((name, color)) => (name, Some(color.to_owned())),
        None => (token.as_str(), None),
    };
    match builder.item_index(name) {
        Some(item) => Ok((item, color)),
        None => Err(engine_error(&crate::Error::UnknownItem {
            option,
            name: name.to_owned(),
        })),
    }
}

fn names(value: &JsValue, path: &str, max: usize) -> Result<Vec<String>, JsValue> {
    let list = array(value, path, max)?;
    let mut names = Vec::with_capacity(list.length() as usize);
    for (k, name) in elements(&list, path).enumerate() {
        names.push(string(&name?, &format!("{path}[{k}]"), 1 << 16)?);
    }
    Ok(names)
}
