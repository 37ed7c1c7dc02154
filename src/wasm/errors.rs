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
 * - `freed`: a method or getter of an `ExactCoverSolver` (or `ExactCoverTasks`) called after
 *   its `free()` (a second `free()` does nothing);
 * - in `dlx-wasm` (not `dlx-wasm/core`), also the codes of the sudoku exports
 *   (`SudokuErrorCode`).
 */
export type ExactCoverErrorCode =
  | "invalid_argument" | "too_large" | "syntax" | "unknown_item" | "duplicate_item"
  | "duplicate_item_name" | "invalid_name" | "empty_option" | "no_primary_item"
  | "color_on_primary" | "item_out_of_range" | "forced_out_of_range" | "forced_ignored"
  | "forced_conflict"
  | "too_many_solutions" | "malformed_bounds" | "bounds_reversed" | "zero_upper_bound"
  | "bounds_on_secondary" | "invalid_task" | "freed";

/** An `Error` thrown by this module: a message plus a machine-readable code and positions. */
export interface DlxError extends Error {
  code: string;
  /** 1-based line of text input, where known. */
  line?: number;
  /** 0-based option index, where known. */
  option?: number;
  /** Where in the arguments the problem is, e.g. `problem.options[3][1]`. */
  path?: string;
  /** `too_many_solutions`: the budget of option indices, and how many the call collected. */
  budget?: number;
  collected?: number;
  /** Sudoku errors: the cell, from 1 (`bad_samurai_layout`: the column of the line). */
  row?: number;
  column?: number;
  /** `wrong_cell_count`: the cells found, those the options ask for, the sizes that would fit. */
  found?: number;
  expected?: number;
  fits?: number[];
  /** `invalid_character`: the character; `symbol_out_of_range`: the symbol. */
  character?: string;
  symbol?: string;
  /** The puzzle's size (or the size asked for, or a jigsaw region's cell count). */
  size?: number;
  /** `bad_box_shape`: the box's rows and columns as given (0 where not given). */
  boxRows?: number;
  boxCols?: number;
  /** `bad_jigsaw_map`: the region of the wrong size. */
  region?: string;
  /** `unsupported_variant`: the variant. */
  variant?: string;
  /** `too_large` on a sudoku text: its length and the limit. */
  length?: number;
  /** `too_large`: the limit (of a text's length, or of the memory the objects alive hold). */
  limit?: number;
  /** `too_large` on a new solver or task set: the bytes it would hold, and those alive hold. */
  bytes?: number;
  held?: number;
}
"#;
