//! The TypeScript description of the errors every export throws.

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const ERROR_TYPES: &'static str = r#"
/**
 * The `code` of every `Error` this module throws:
 * - `invalid_argument`: an argument of the wrong type or range (`path` says which);
 * - `too_large`: over the size budget (1,048,576 items, 4,194,304 options, 16,777,216 nodes,
 *   64 MiB of text), refused before anything is allocated; or a new solver or task set would
 *   take those alive past the 1.5 GiB of wasm memory they may hold together (`bytes`,
 *   `held`, `limit`);
 * - `syntax`, `unknown_item`, `duplicate_item`, `duplicate_item_name`, `invalid_name`,
 *   `empty_option`, `no_primary_item`, `color_on_primary`, `item_out_of_range`: a malformed
 *   problem (`line` for text input, `option` for the option's index); `empty_option` and
 *   `no_primary_item` only with `strict: true` (else the option is left out, with a warning);
 * - `malformed_bounds`, `bounds_reversed`, `zero_upper_bound`, `bounds_on_secondary`: bad
 *   multiplicities on the item line (`u:v|name`, `v|name`), with `line`;
 * - `forced_out_of_range`, `forced_ignored`, `forced_conflict`: bad forced options (one that
 *   does not exist, one left out of the search as a `DlxWarning` says, ones that conflict);
 * - `invalid_task`: an `options.task` that does not parse or is not in the search tree;
 * - `too_many_solutions`: `exact_cover` would collect more than its budget of 4,194,304
 *   option indices (`budget`, `collected`): use `limit`, `countOnly` or `ExactCoverSolver`;
 * - `internal`: a bug in this package (please report it);
 * - in `dlx-wasm` (not `dlx-wasm/core`), also the codes of the sudoku exports
 *   (`SudokuErrorCode`).
 */
export type ExactCoverErrorCode =
  | "invalid_argument" | "too_large" | "syntax" | "unknown_item" | "duplicate_item"
  | "duplicate_item_name" | "invalid_name" | "empty_option" | "no_primary_item"
  | "color_on_primary" | "item_out_of_range" | "forced_out_of_range" | "forced_ignored"
  | "forced_conflict"
  | "too_many_solutions" | "malformed_bounds" | "bounds_reversed" | "zero_upper_bound"
  | "bounds_on_secondary" | "invalid_task" | "internal";

/**
 * The codes the package's JavaScript throws or rejects with itself:
 * - `not_initialized`: an export called before `init()` resolved (in a browser; the Node
 *   entry is ready on import);
 * - `pool_closed`: a call on a closed worker pool, or a job it ended;
 * - `worker_died`: a worker died twice on the same task;
 * - `worker_ended`: a worker the pool stopped (an abort, a close) while a request waited;
 * - `callback_threw`: `onSolution` or `onProgress` threw (`path` names it, `cause` is what
 *   it threw): the search stops;
 * - `freed`: a method or getter of an `ExactCoverSolver` (or `ExactCoverTasks`) called after
 *   its `free()` (a second `free()` does nothing);
 * - `unsupported_option`: in `dlx-wasm/core`, an option only the main module has (`memo`,
 *   `memoBytes`, `memoOrder` of `exact_cover`: import it from `dlx-wasm` to count with the
 *   memo), with `path`;
 * - `load_failed`: a module or its bindings could not be fetched, compiled, imported or
 *   instantiated (`init()`, `init_coach()`, a worker, a split search's scheduler; `cause` is
 *   the engine's error): the next call tries again.
 */
export type PackageErrorCode =
  | "not_initialized" | "pool_closed" | "worker_died" | "worker_ended" | "callback_threw"
  | "freed" | "unsupported_option" | "load_failed";

/**
 * An `Error` thrown (or a promise rejected with) by this package: a message plus a
 * machine-readable `code` and the positions the error has. `isDlxError(e)` tells one.
 */
export interface DlxError extends Error {
  code: DlxErrorCode;
  /** 1-based line of text input, where known (`solve_sudoku_batch`: the bad puzzle's line). */
  line?: number;
  /** 0-based option index, where known. */
  option?: number;
  /** Where in the arguments the problem is, e.g. `problem.options[3][1]`. */
  path?: string;
  /** `too_many_solutions`: the budget of option indices, and how many solutions the call collected. */
  budget?: number;
  collected?: number;
  /** `too_large`: the limit (of a text's length, or of the memory the objects alive hold). */
  limit?: number;
  /** `too_large` on a new solver or task set: the bytes it would hold, and those alive hold. */
  bytes?: number;
  held?: number;
  /** `callback_threw`: what the callback threw; `not_initialized`: the engine's own error. */
  cause?: unknown;
}
"#;

/// The union of every code, in the module with the sudoku exports.
#[cfg(feature = "sudoku-toolkit")]
#[wasm_bindgen(typescript_custom_section)]
const CODES: &'static str = r#"
/** Every `code` an Error of this package has (`DlxError.code`). */
export type DlxErrorCode = ExactCoverErrorCode | SudokuErrorCode | PackageErrorCode;
"#;

/// The union of every code, in the module without the sudoku exports.
#[cfg(not(feature = "sudoku-toolkit"))]
#[wasm_bindgen(typescript_custom_section)]
const CODES: &'static str = r#"
/** Every `code` an Error of this package has (`DlxError.code`). */
export type DlxErrorCode = ExactCoverErrorCode | PackageErrorCode;
"#;
