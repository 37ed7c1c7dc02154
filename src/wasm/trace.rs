//! `exact_cover_trace`: the engine's step-by-step record of a search, for animating it.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::convert::{field, object, size};
use super::exact_cover::{Arguments, JsExactCoverProblem};
use super::{engine_error, js_error};
use crate::{trace, Stats, TraceEvent};

/// The most steps a trace may hold.
const MAX_STEPS: usize = 1_000_000;
/// Steps recorded unless `maxSteps` says otherwise.
const DEFAULT_STEPS: usize = 20_000;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** One step of the search (items and options numbered from 0, `level` from 0). */
export type TraceEvent =
  | { op: "choose"; level: number; item: number; lengths: [number, number][] }
  | { op: "cover"; item: number }
  | { op: "uncover"; item: number }
  | { op: "hide"; option: number; item: number }
  | { op: "unhide"; option: number; item: number }
  | { op: "purify"; option: number; item: number }
  | { op: "unpurify"; option: number; item: number }
  | { op: "try"; level: number; option: number }
  | { op: "undo"; level: number; option: number }
  | { op: "solution"; level: number; options: number[] }
  | { op: "backtrack"; level: number; item: number };

/** Options of `exact_cover_trace`: the solver options plus a step limit. */
export interface TraceOptions extends SolverOptions {
  /** Stop recording after about this many steps (default 20,000, at most 1,000,000). */
  maxSteps?: number;
}

/** A recorded search and the problem it ran on. */
export interface ExactCoverTrace {
  /** Item names, primary items first. */
  items: string[];
  /** How many of `items` are primary. */
  primaryCount: number;
  /** Each option's items, by number. */
  options: number[][];
  /** Each option in Knuth's text format. */
  optionLines: string[];
  /** Every step, in order. `choose` + `solution` events count nodes; `cover` + `hide` count updates. */
  events: TraceEvent[];
  /** Whether the step limit cut the search short. */
  truncated: boolean;
  stats: SolverStats;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// The options argument of `exact_cover_trace`.
    #[wasm_bindgen(typescript_type = "TraceOptions | undefined")]
    pub type JsTraceOptions;
    /// The result of `exact_cover_trace`.
    #[wasm_bindgen(typescript_type = "ExactCoverTrace")]
    pub type JsExactCoverTrace;
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Output {
    items: Vec<String>,
    primary_count: usize,
    options: Vec<Vec<u32>>,
    option_lines: Vec<String>,
    events: Vec<TraceEvent>,
    truncated: bool,
    stats: Stats,
}

/// Records every step the engine takes on `problem` — MRV choices with the lengths compared,
/// covers, each node unlinked and relinked, options tried and undone, solutions and
/// backtracks — up to `maxSteps` steps, so a page can animate the search exactly as it ran.
/// Throws an `Error` with a `code` on bad input, as `exact_cover` does.
#[wasm_bindgen]
pub fn exact_cover_trace(
    problem: &JsExactCoverProblem,
    options: Option<JsTraceOptions>,
) -> Result<JsExactCoverTrace, JsValue> {
    let Arguments {
        settings, options, ..
    } = Arguments::read(problem, options.map(JsValue::from))?;
    let problem = &settings.problem;
    let mut steps = DEFAULT_STEPS;
    if let Some(object) = object(&options, "options")? {
        if let Some(value) = field(&object, "maxSteps")? {
            steps = size(&value, "options.maxSteps", MAX_STEPS)?;
        }
    }
    let recorded = trace(problem, &settings.options, steps).map_err(|e| engine_error(&e))?;
    let output = Output {
        items: (0..problem.item_count())
            .map(|i| problem.item_name(i).into_owned())
            .collect(),
        primary_count: problem.primary_count(),
        options: (0..problem.option_count())
            .map(|k| problem.option(k).iter().map(|e| e.item).collect())
            .collect(),
        option_lines: (0..problem.option_count())
            .map(|k| problem.option_line(k))
            .collect(),
        events: recorded.events,
        truncated: recorded.truncated,
        stats: recorded.stats,
    };
    let serializer = serde_wasm_bindgen::Serializer::new().serialize_maps_as_objects(true);
    output
        .serialize(&serializer)
        .map(JsCast::unchecked_into)
        .map_err(|e| js_error("internal", &e.to_string(), &[]))
}
