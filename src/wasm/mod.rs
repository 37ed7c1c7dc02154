//! The JavaScript surface, compiled only for wasm32: every `#[wasm_bindgen]` item lives under this module. It converts
//! JS values to Rust, calls the engine, and maps each error to a JS `Error` with a `code`
//! property and the positions the error carries. No solving logic lives here.
// The coach module is built without the exact-cover API (no `exact-cover` feature), whose
// argument readers (convert.rs) it then does not use all of.
#![cfg_attr(not(feature = "exact-cover"), allow(dead_code))]

mod convert;
mod keys;
// The exact-cover API and the errors' types (the `exact-cover` feature), in every module but
// the coach's, which holds the coach's exports alone and whose types import the main
// module's.
#[cfg(feature = "exact-cover")]
mod errors;
#[cfg(feature = "exact-cover")]
mod exact_cover;
#[cfg(feature = "exact-cover")]
mod held;
#[cfg(feature = "exact-cover")]
pub use exact_cover::*;
// The trace (`trace`) and memoised counting (`memo`): the main module has both
// (`trace-memo`), the dancing-links page's module the trace alone, `dlx-wasm/core` neither.
#[cfg(feature = "trace")]
mod json;
#[cfg(feature = "memo")]
mod memo;
// The worker pool's exports (ExactCoverTasks, TaskSchedule: the `pool-tasks` feature), in the
// modules the pool's workers load: `dlx-wasm/core` stays small (the split adds 18 KB).
#[cfg(feature = "pool-tasks")]
mod parallel;
#[cfg(feature = "pool-tasks")]
pub use parallel::*;
#[cfg(feature = "exact-cover")]
mod solver;
#[cfg(feature = "trace")]
mod trace;
#[cfg(feature = "exact-cover")]
pub use solver::*;
#[cfg(feature = "trace")]
pub use trace::*;

// The sudoku exports, only with the `sudoku-solvers` feature (which `sudoku-toolkit`, on by
// default, adds to the exact-cover API). The npm package's main module (`dlx-wasm`, also
// `dlx-wasm/sudoku`) is built with `sudoku-toolkit`; the sudoku page's first module with
// `sudoku-solvers` alone (no exact-cover API: scripts/build.sh); `dlx-wasm/core` without
// either, so that it carries the generic exact-cover API alone. The coach's exports (feature
// `coach`) read their arguments with sudoku.rs's readers, so that module is compiled with
// either feature (its exports with `sudoku-solvers`, and `solve_sudoku` and
// `solve_sudoku_batch` with `sudoku-toolkit`).
#[cfg(feature = "coach")]
mod generate;
#[cfg(feature = "coach")]
mod logic;
#[cfg(any(feature = "sudoku-solvers", feature = "coach"))]
mod sudoku;
#[cfg(feature = "sudoku-solvers")]
mod sudoku_page;
#[cfg(feature = "coach")]
pub use generate::*;
#[cfg(feature = "coach")]
pub use logic::*;
#[cfg(any(feature = "sudoku-solvers", feature = "coach"))]
pub use sudoku::*;
#[cfg(feature = "sudoku-solvers")]
pub use sudoku_page::*;

use wasm_bindgen::prelude::*;

/// The allocator of `dlx-wasm/core` (the `talc` feature): smaller than Rust's default.
#[cfg(feature = "talc")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

/// Installs the panic hook (the `panic-hook` feature: not in `dlx-wasm/core`) when the module
/// is instantiated, so that a panic (a bug) would
/// print a readable message to the console. `private`: wasm-bindgen calls it when the module
/// is instantiated but neither exports it to JS nor declares it in the `.d.ts`.
#[cfg(feature = "panic-hook")]
#[wasm_bindgen(start, private)]
fn start() {
    console_error_panic_hook::set_once();
}

/// A JS `Error` with `message`, a `code` property and extra properties.
pub(crate) fn js_error(code: &str, message: &str, props: &[(&'static str, JsValue)]) -> JsValue {
    let error = js_sys::Error::new(message);
    set(&error, "code", &JsValue::from_str(code));
    for (key, value) in props {
        set(&error, key, value);
    }
    error.into()
}

/// A JS `Error` for an engine error, with `code`, and `line` and `option` where known.
pub(crate) fn engine_error(error: &dlx_engine::Error) -> JsValue {
    let mut props = Vec::new();
    if let Some(line) = error.line() {
        props.push(("line", JsValue::from(line as u32)));
    }
    if let Some(option) = error.option() {
        props.push(("option", JsValue::from(option as u32)));
    }
    js_error(error.code(), &error.to_string(), &props)
}

/// [`engine_error`] with the `path` of the argument it is about.
pub(crate) fn engine_error_at(error: &dlx_engine::Error, path: &str) -> JsValue {
    let js = engine_error(error);
    set(&js, "path", &JsValue::from_str(path));
    js
}

/// Sets `target[key]` on an object the bindings made (a fresh Error or result object), the
/// key made once ([`convert::with_js_string`]).
pub(crate) fn set(target: &JsValue, key: &'static str, value: &JsValue) {
    // Setting a property on an object this module made cannot fail; ignore the impossible
    // case rather than panic.
    convert::with_js_string(key, |key, _| {
        let _ = js_sys::Reflect::set(target, key, value);
    });
}
