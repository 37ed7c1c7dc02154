//! `exact_cover_trace`: the engine's step-by-step record of a search, for animating it.

use wasm_bindgen::prelude::*;

use super::convert::size;
use super::engine_error;
use super::exact_cover::{Arguments, JsExactCoverProblem};
use super::json::Json;
use super::keys;
use dlx_engine::{trace, TraceEvent};

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
  /**
   * For each primary item, how many times a solution covers it: `[min, max]`, `[1, 1]` in
   * plain exact cover, other values where the problem gives multiplicities (`2:3|C`).
   */
  bounds: [number, number][];
  /** Each option's items, by number. */
  options: number[][];
  /** Each option in Knuth's text format. */
  optionLines: string[];
  /** The options left out of the search (no primary item, or none), as `exact_cover`'s. */
  warnings: DlxWarning[];
  /** Every step, in order. `choose` + `solution` events count nodes; `cover` + `hide` count updates. */
  events: TraceEvent[];
  /** Whether the step limit cut the search short. */
  truncated: boolean;
  stats: SolverStats;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// The result of `exact_cover_trace`.
    #[wasm_bindgen(typescript_type = "ExactCoverTrace")]
    pub type JsExactCoverTrace;
}

/// Records every step the engine takes on `problem` — MRV choices with the lengths compared,
/// covers, each node unlinked and relinked, options tried and undone, solutions and
/// backtracks — up to `maxSteps` steps, so a page can animate the search exactly as it ran.
/// Throws an `Error` with a `code` on bad input, as `exact_cover` does.
#[wasm_bindgen]
pub fn exact_cover_trace(
    problem: &JsExactCoverProblem,
    #[wasm_bindgen(unchecked_optional_param_type = "TraceOptions | undefined | null")]
    options: JsValue,
) -> Result<JsExactCoverTrace, JsValue> {
    let Arguments {
        settings, options, ..
    } = Arguments::read(problem, &options, keys::TRACE)?;
    let problem = &settings.problem;
    let mut steps = DEFAULT_STEPS;
    if let Some(value) = options.get("maxSteps") {
        steps = size(&value, "options.maxSteps", MAX_STEPS)?;
    }
    let recorded = trace(problem, &settings.options, steps).map_err(|e| engine_error(&e))?;
    let mut json = Json::default();
    json.raw("{\"items\":")
        .array(0..problem.item_count(), |j, i| {
            j.string(&problem.item_name(i));
        })
        .raw(",\"primaryCount\":")
        .number(problem.primary_count() as u64)
        .raw(",\"bounds\":")
        .array(0..problem.primary_count(), |j, i| {
            let (min, max) = problem.bounds(i);
            j.raw("[")
                .number(min.into())
                .raw(",")
                .number(max.into())
                .raw("]");
        })
        .raw(",\"options\":")
        .array(0..problem.option_count(), |j, k| {
            j.array(problem.option(k), |j, e| {
                j.number(e.item.into());
            });
        })
        .raw(",\"optionLines\":")
        .array(0..problem.option_count(), |j, k| {
            j.string(&problem.option_line(k));
        })
        .raw(",\"warnings\":")
        .array(problem.warnings(), |j, w| {
            j.raw("{\"code\":")
                .string(w.code())
                .raw(",\"option\":")
                .number(w.option as u64);
            if let Some(line) = w.line {
                j.raw(",\"line\":").number(line as u64);
            }
            j.raw(",\"message\":").string(&w.to_string()).raw("}");
        })
        .raw(",\"events\":")
        .array(&recorded.events, event)
        .raw(",\"truncated\":")
        .raw(if recorded.truncated { "true" } else { "false" });
    let stats = recorded.stats;
    json.raw(",\"stats\":{\"nodes\":")
        .number(stats.nodes)
        .raw(",\"updates\":")
        .number(stats.updates)
        .raw(",\"solutions\":")
        .number(stats.solutions)
        .raw("}}");
    json.parse().map(JsCast::unchecked_into)
}

/// One event as the `TraceEvent` type says: `{"op":"choose","level":0,...}`.
fn event(json: &mut Json, event: &TraceEvent) {
    let pair = |json: &mut Json, op: &str, a: (&str, u64), b: (&str, u64)| {
        json.raw("{\"op\":\"")
            .raw(op)
            .raw("\",\"")
            .raw(a.0)
            .raw("\":")
            .number(a.1)
            .raw(",\"")
            .raw(b.0)
            .raw("\":")
            .number(b.1)
            .raw("}");
    };
    let one = |json: &mut Json, op: &str, item: u32| {
        json.raw("{\"op\":\"")
            .raw(op)
            .raw("\",\"item\":")
            .number(item.into())
            .raw("}");
    };
    match event {
        TraceEvent::Choose {
            level,
            item,
            lengths,
        } => {
            json.raw("{\"op\":\"choose\",\"level\":")
                .number(*level as u64)
                .raw(",\"item\":")
                .number((*item).into())
                .raw(",\"lengths\":")
                .array(lengths, |j, &(item, length)| {
                    j.raw("[")
                        .number(item.into())
                        .raw(",")
                        .number(length.into())
                        .raw("]");
                })
                .raw("}");
        }
        TraceEvent::Cover { item } => one(json, "cover", *item),
        TraceEvent::Uncover { item } => one(json, "uncover", *item),
        TraceEvent::Hide { option, item } => pair(
            json,
            "hide",
            ("option", (*option).into()),
            ("item", (*item).into()),
        ),
        TraceEvent::Unhide { option, item } => pair(
            json,
            "unhide",
            ("option", (*option).into()),
            ("item", (*item).into()),
        ),
        TraceEvent::Purify { option, item } => pair(
            json,
            "purify",
            ("option", (*option).into()),
            ("item", (*item).into()),
        ),
        TraceEvent::Unpurify { option, item } => pair(
            json,
            "unpurify",
            ("option", (*option).into()),
            ("item", (*item).into()),
        ),
        TraceEvent::Try { level, option } => pair(
            json,
            "try",
            ("level", *level as u64),
            ("option", (*option).into()),
        ),
        TraceEvent::Undo { level, option } => pair(
            json,
            "undo",
            ("level", *level as u64),
            ("option", (*option).into()),
        ),
        TraceEvent::Solution { level, options } => {
            json.raw("{\"op\":\"solution\",\"level\":")
                .number(*level as u64)
                .raw(",\"options\":")
                .array(options, |j, &o| {
                    j.number(o.into());
                })
                .raw("}");
        }
        TraceEvent::Backtrack { level, item } => pair(
            json,
            "backtrack",
            ("level", *level as u64),
            ("item", (*item).into()),
        ),
    }
}
