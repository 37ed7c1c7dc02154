//! The sudoku exports for JS: `solve_sudoku` and `solve_sudoku_batch` (feature
//! `sudoku-toolkit`: the package's, which the sudoku page does not call),
//! `count_sudoku_solutions` and `sudoku_candidates` (feature `sudoku-solvers`, in the page's
//! first module too), and the readers of a puzzle and its
//! options and the errors every sudoku export shares (the coach's too: logic.rs,
//! generate.rs). They read and check the arguments, call [`dlx_sudoku`], and turn results
//! and errors into JS values; nothing else.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

#[cfg(not(feature = "sudoku-formats"))]
use super::convert::Field;
#[cfg(feature = "sudoku-toolkit")]
use super::convert::{ascii_into, string_bytes, text_of};
#[cfg(feature = "sudoku-analysis")]
use super::convert::{counted_result, MAX_SAFE};
use super::convert::{integer, invalid, short_string, string, Fields};
use super::keys;
use super::{js_error, set};
#[cfg(feature = "sudoku-toolkit")]
use dlx_engine::MAX_TEXT_BYTES;
#[cfg(feature = "sudoku-formats")]
use dlx_sudoku::Variant;
#[cfg(feature = "sudoku-toolkit")]
use dlx_sudoku::{solve_batch_bytes, solve_classic_line};
use dlx_sudoku::{
    CellPos, Conflict, JigsawProblem, Options, Sudoku, SudokuError, MAX_INPUT_BYTES, MAX_SIZE,
};

// The types the main module declares, which the coach module's declarations import
// (logic.rs), so that each is declared once.
#[cfg(feature = "sudoku-solvers")]
#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A sudoku variant: each adds regions to (or, for jigsaw, replaces the boxes of) the classic rules. */
export type SudokuVariant = "classic" | "x" | "windoku" | "jigsaw" | "samurai";

/** What a puzzle is and how it is written. Every field is optional. */
export interface SudokuOptions {
  /** Rows per box (by default inferred from the size: the most nearly square boxes, wider than tall). */
  boxRows?: number;
  /** Columns per box. */
  boxCols?: number;
  /** The variant (default "classic"). Windoku and Samurai are 9x9. */
  variant?: SudokuVariant;
  /** The jigsaw map: one region symbol per cell in reading order, white space ignored. */
  regions?: string;
  /** The symbols in order, e.g. "0-9A-F" for a 16x16 puzzle where 0 is a symbol. */
  alphabet?: string;
}

/** A named level of the logical grade. */
export type SudokuLevel = "easy" | "medium" | "hard" | "expert" | "diabolical";

/**
 * A difficulty level, by the hardest technique a person needs (the Sudoku Explainer scale,
 * see `rate_sudoku`): easy (hidden singles, up to 1.5), medium (naked singles, locked
 * candidates; up to 2.8), hard (pairs, triples, X-Wing, Swordfish, XY-, XYZ- and W-Wing; up
 * to 4.4), expert (unique rectangles, quads, Jellyfish, BUG+1; up to 5.6), diabolical
 * (chains, forcing chains, or beyond logic). The same names as `SudokuLevel`.
 */
export type SudokuDifficulty = SudokuLevel;

/** Options of `count_sudoku_solutions`: the puzzle's, and where to stop. */
export interface SudokuCountOptions extends SudokuOptions {
  /** Stop counting at this many solutions (a whole number; default 2^53 - 1). */
  limit?: number;
}

/** Candidates per cell in reading order: the symbols no given rules out, or null for a given cell. */
export type SudokuCandidates = (string[] | null)[];

/**
 * The `code` of every `Error` the sudoku exports throw, with the properties each carries:
 * - `invalid_argument` (`path`): an argument of the wrong type or range;
 * - `wrong_cell_count` (`found`, `expected?`, `fits`: the nearest sizes);
 * - `invalid_character`, `symbol_out_of_range` (`row`, `column`, 1-based);
 * - `conflicting_givens` (`row`, `column` of the first, and `conflicts`: every pair);
 * - `bad_jigsaw_map` (`row`, `column`, `region` for a region of the wrong size);
 * - `bad_samurai_layout` (`line`, `column`);
 * - `ambiguous_alphabet` (`size`, `alphabets`: the two readings, e.g. `["0-9A-F", "1-9A-G"]`):
 *   a 10x10 to 16x16 grid in `0`-`9`, `A`, ... that reads both with `0` as a symbol and
 *   with `0` as an empty cell; pass one of the two as `alphabet`;
 * - `bad_box_shape`, `unsupported_size`, `unsupported_variant`, `bad_alphabet`, `too_large`;
 * - `no_solution`, `multiple_solutions` (`found`: the solutions found, at least 2): from
 *   `rate_sudoku`, `sudoku_hint` and `sudoku_solve_path`, which need a puzzle with exactly
 *   one solution.
 *
 * `solve_sudoku_batch` adds `puzzle` (the puzzle's index, from 0) and `line` (its line in
 * the text, from 1) to the error of its first bad puzzle.
 */
export type SudokuErrorCode =
  | "invalid_argument" | "wrong_cell_count" | "invalid_character" | "symbol_out_of_range"
  | "conflicting_givens" | "bad_jigsaw_map" | "bad_samurai_layout" | "bad_box_shape"
  | "unsupported_size" | "unsupported_variant" | "bad_alphabet" | "ambiguous_alphabet"
  | "too_large" | "no_solution" | "multiple_solutions" | "bad_region";

/** The properties the sudoku exports' errors add to `DlxError`. */
export interface DlxError {
  /** The cell, from 1 (`bad_samurai_layout`: the column of the line). */
  row?: number;
  column?: number;
  /**
   * `wrong_cell_count`: the cells found, those the options ask for, the sizes that would fit.
   * `multiple_solutions`: the solutions found before the count stopped (the puzzle has at
   * least this many).
   */
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
  /** `ambiguous_alphabet`: the two alphabets the grid reads in, `0` as a symbol first. */
  alphabets?: string[];
  /** `unsupported_variant`: the variant. */
  variant?: string;
  /** `too_large` on a sudoku text: its length. */
  length?: number;
  /** `conflicting_givens`: every pair of givens that repeat a symbol. */
  conflicts?: SudokuConflict[];
  /** `solve_sudoku_batch`: the bad puzzle's index among the puzzles, from 0. */
  puzzle?: number;
}

/** Two givens that repeat a symbol in a region. */
export interface SudokuConflict {
  symbol: string;
  first: { row: number; column: number };
  second: { row: number; column: number };
  /** Every region the two cells share, e.g. "row 1", "box 3 of the middle grid". */
  regions: string[];
}
"#;

#[wasm_bindgen]
extern "C" {
    /// A puzzle argument typed for TypeScript (checked at run time).
    #[wasm_bindgen(typescript_type = "string")]
    pub type JsSudokuPuzzle;

    /// The options of the sudoku exports, typed for TypeScript.
    #[wasm_bindgen(typescript_type = "SudokuOptions | undefined")]
    pub type JsSudokuOptions;
}

/// Solves a sudoku and returns its first solution as a compact line in the puzzle's
/// alphabet, or `null` if it has none. `puzzle` is a compact line, a decorated grid, whole
/// numbers separated by spaces or commas (sizes above 9), or a 21-line Samurai layout.
/// Throws an `Error` with a `code` (see `SudokuErrorCode`) for malformed input or
/// conflicting givens.
#[cfg(feature = "sudoku-toolkit")]
#[wasm_bindgen(unchecked_return_type = "string | null")]
pub fn solve_sudoku(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SudokuOptions | null")] options: Option<
        JsValue,
    >,
) -> Result<JsValue, JsValue> {
    if options
        .as_ref()
        .is_none_or(|o| o.is_undefined() || o.is_null())
    {
        if let Some(solution) = solve_classic(puzzle) {
            return Ok(solution);
        }
    }
    let puzzle = read_puzzle(puzzle, options)?;
    let solution = puzzle.some_solution().map_err(|e| sudoku_error(&e))?;
    Ok(match solution {
        Some(solution) => JsValue::from_str(&solution.to_line()),
        None => JsValue::NULL,
    })
}

/// `solve_sudoku`'s answer for 81 digits with no options, by the batch's path (the string's
/// bytes straight into the band search, the solution's digits straight out; no parse into a
/// `Sudoku`, no second one for the solution, no line writer): `None` for any other string or
/// value, and for conflicting givens, which the general path reads and words. It took the
/// call's cost beyond the solve itself from about 3 µs to under 1 (`bench/calls/node.mjs`).
#[cfg(feature = "sudoku-toolkit")]
fn solve_classic(puzzle: &JsValue) -> Option<JsValue> {
    let mut bytes = [0; 81];
    if !ascii_into(puzzle, &mut bytes) {
        return None;
    }
    let solution = solve_classic_line(&bytes)?;
    Some(if solution.is_empty() {
        JsValue::NULL
    } else {
        text_of(&solution).into()
    })
}

/// Solves many puzzles in one call, for throughput: `puzzles` holds one puzzle per line (all
/// read with the same `options`); blank lines and comment lines (`#` first) are skipped.
/// Returns one line per puzzle (none for a skipped line), its first solution as a compact
/// line, or an empty line if it has none. Throws like `solve_sudoku` for the first puzzle
/// that is malformed or has conflicting givens, with its index among the puzzles (from 0)
/// as `puzzle` and its line in the text (from 1) as `line`.
#[cfg(feature = "sudoku-toolkit")]
#[wasm_bindgen]
pub fn solve_sudoku_batch(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzles: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SudokuOptions | null")] options: Option<
        JsValue,
    >,
) -> Result<js_sys::JsString, JsValue> {
    let options = read_options(&options.unwrap_or(JsValue::UNDEFINED), "options")?;
    // Bytes both ways: JS's encoder and decoder check the UTF-8, so Rust need not (1% of a
    // 17-clue batch in Node).
    let text = string_bytes(puzzles, "puzzles", MAX_TEXT_BYTES)?;
    let mut out = Vec::with_capacity(text.len() + 1);
    solve_batch_bytes(&text, &options, &mut out).map_err(|e| {
        let error = sudoku_error(&e.error);
        set(&error, "puzzle", &JsValue::from_f64(e.puzzle as f64));
        set(&error, "line", &JsValue::from_f64(e.line as f64));
        error
    })?;
    Ok(text_of(&out))
}

/// Counts the solutions of a sudoku, stopping at `options.limit` (a whole number, default
/// 2^53 - 1: give one for a grid with few givens), so the count is never above it. Returns
/// the count result every count gives (`CountResult`): `status` `"solution_limit"` when the
/// limit stopped it, `stats.nodes` the search-tree nodes of the search that ran (the fast
/// search's branching nodes, or the engine's nodes above 9 symbols), `stats.updates` the
/// engine's link updates (0 where the fast search ran: it has no links). Throws like
/// `solve_sudoku`.
#[cfg(feature = "sudoku-analysis")]
#[wasm_bindgen(unchecked_return_type = "CountResult")]
pub fn count_sudoku_solutions(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SudokuCountOptions | null")] options: Option<
        JsValue,
    >,
) -> Result<JsValue, JsValue> {
    let path = "options";
    let fields = Fields::options(&options.unwrap_or(JsValue::UNDEFINED), path, keys::COUNT)?;
    let limit = fields
        .get("limit")
        .map(|limit| integer(&limit, "options.limit", MAX_SAFE))
        .transpose()?;
    let options = puzzle_options(&fields, path)?;
    let limit = limit.unwrap_or(MAX_SAFE as u64);
    let puzzle = read_grid(puzzle, "puzzle", &options)?;
    let (count, report) = puzzle
        .count_with_report(limit)
        .map_err(|e| sudoku_error(&e))?;
    let status = match count >= limit {
        true => dlx_engine::Status::SolutionLimit,
        false => dlx_engine::Status::Exhausted,
    };
    let stats = dlx_engine::Stats {
        nodes: match report.bitboards {
            true => report.branches,
            false => report.stats.nodes,
        },
        updates: report.stats.updates,
        solutions: count,
    };
    Ok(counted_result(count, status, stats))
}

/// The candidates of every cell (for pencil marks): for an empty cell, the symbols that
/// no given in its rows, columns, boxes or other regions rules out; `null` for a given.
/// Throws like `solve_sudoku`.
#[cfg(feature = "sudoku-analysis")]
#[wasm_bindgen(unchecked_return_type = "SudokuCandidates")]
pub fn sudoku_candidates(
    #[wasm_bindgen(unchecked_param_type = "string")] puzzle: &JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "SudokuOptions | null")] options: Option<
        JsValue,
    >,
) -> Result<JsValue, JsValue> {
    let puzzle = read_puzzle(puzzle, options)?;
    let candidates = puzzle.candidates().map_err(|e| sudoku_error(&e))?;
    let cells = Array::new();
    for (cell, &value) in puzzle.values().iter().enumerate() {
        if value != 0 {
            cells.push(&JsValue::NULL);
            continue;
        }
        let symbols = Array::new();
        for v in candidates.symbols(cell) {
            symbols.push(&JsValue::from_str(&puzzle.alphabet().symbol(v)));
        }
        cells.push(&symbols);
    }
    Ok(cells.into())
}

/// Reads the puzzle and its options.
#[cfg(feature = "sudoku-analysis")]
fn read_puzzle(puzzle: &JsValue, options: Option<JsValue>) -> Result<Sudoku, JsValue> {
    let options = read_options(&options.unwrap_or(JsValue::UNDEFINED), "options")?;
    read_grid(puzzle, "puzzle", &options)
}

/// The grid argument at `path`, read with `options`.
pub(crate) fn read_grid(value: &JsValue, path: &str, options: &Options) -> Result<Sudoku, JsValue> {
    // Longer than the sudoku layer reads: `too_large`, as the layer says of the bytes.
    let text = string(value, path, MAX_INPUT_BYTES)?;
    parse_grid(&text, path, options)
}

/// `text` read with `options` by the sudoku layer, every format, size and variant.
#[cfg(feature = "sudoku-formats")]
fn parse_grid(text: &str, _path: &str, options: &Options) -> Result<Sudoku, JsValue> {
    Sudoku::parse(text, options).map_err(|e| sudoku_error(&e))
}

/// `text` read as the sudoku layer reads it where it is the classic 9x9 on one line and
/// `options` ask for nothing else; else `needs_full_module` ([`handover`]).
#[cfg(not(feature = "sudoku-formats"))]
fn parse_grid(text: &str, path: &str, options: &Options) -> Result<Sudoku, JsValue> {
    if !options.is_classic_nine() {
        return Err(handover("options"));
    }
    Sudoku::parse_classic_line(text).ok_or_else(|| handover(path))
}

/// What a module built without the `sudoku-formats` feature (the sudoku page's first module,
/// scripts/build.sh `sudoku_first`) throws for an argument at `path` that only the full
/// module reads (any puzzle but the classic 9x9 on one line, any layout but the classic
/// 9x9): `needs_full_module`, which the page answers by asking its full module
/// (www/sudoku/jobs.js). The package's modules, built with the feature, never throw it.
#[cfg(not(feature = "sudoku-formats"))]
pub(crate) fn handover(path: &str) -> JsValue {
    js_error(
        "needs_full_module",
        &format!(
            "{path}: this module reads the classic 9x9 line alone; the full module reads this"
        ),
        &[("path", JsValue::from_str(path))],
    )
}

/// Property `key` of `fields` (read at `path`) as a string, if present.
pub(crate) fn string_field(
    fields: &Fields,
    key: &str,
    path: &str,
    max: usize,
) -> Result<Option<String>, JsValue> {
    let path = format!("{path}.{key}");
    fields
        .get(key)
        .map(|value| short_string(&value, &path, max))
        .transpose()
}

/// Property `key` of `fields` as a whole number in `min..=max`, if present.
pub(crate) fn number_field(
    fields: &Fields,
    key: &str,
    path: &str,
    min: u64,
    max: f64,
) -> Result<Option<u64>, JsValue> {
    let Some(value) = fields.get(key) else {
        return Ok(None);
    };
    let path = format!("{path}.{key}");
    match integer(&value, &path, max) {
        Ok(n) if n >= min => Ok(Some(n)),
        _ => Err(invalid(
            &path,
            // `max as u64`: printing an f64 would link Rust's float formatting (about 20 KB).
            &format!("a whole number from {min} to {}", max as u64),
            &value,
        )),
    }
}

/// Property `key` of `fields` as a whole number in `min..=MAX_SIZE`, if present.
pub(crate) fn size_field(
    fields: &Fields,
    key: &str,
    path: &str,
    min: u64,
) -> Result<Option<usize>, JsValue> {
    let n = number_field(fields, key, path, min, MAX_SIZE as f64)?;
    // At most MAX_SIZE, so it fits.
    Ok(n.map(|n| usize::try_from(n).unwrap_or(MAX_SIZE)))
}

/// Property `key` of `fields` parsed with `FromStr`, if present.
pub(crate) fn named_field<T: std::str::FromStr>(
    fields: &Fields,
    key: &str,
    path: &str,
    expected: &str,
) -> Result<Option<T>, JsValue> {
    let Some(value) = fields.get(key) else {
        return Ok(None);
    };
    let path = format!("{path}.{key}");
    let parsed = value.as_string().and_then(|s| s.parse::<T>().ok());
    match parsed {
        Some(parsed) => Ok(Some(parsed)),
        None => Err(invalid(&path, expected, &value)),
    }
}

const VARIANTS: &str = r#""classic", "x", "windoku", "jigsaw" or "samurai""#;

/// The `SudokuOptions` object at `path` (undefined or null for none), checked field by field;
/// a key it may not have is an error.
#[cfg(feature = "sudoku-formats")]
pub(crate) fn read_options(value: &JsValue, path: &str) -> Result<Options, JsValue> {
    puzzle_options(&Fields::options(value, path, keys::PUZZLE)?, path)
}

/// The `SudokuOptions` at `path` as a module without every format reads them (the sudoku
/// page's first, which reads the classic 9x9 alone: see `read_grid`): none, or the classic
/// boxes alone (`boxRows` and `boxCols`, each the number 3: what the page passes for its
/// layout); anything else (another option, another value, a key no reader knows) is handed
/// over ([`handover`]), for the full module to read or refuse as it reads every option (2.8
/// KB gzipped less than that reader).
#[cfg(not(feature = "sudoku-formats"))]
pub(crate) fn read_options(value: &JsValue, path: &str) -> Result<Options, JsValue> {
    let Ok(fields) = Fields::options(value, path, keys::PUZZLE) else {
        return Err(handover(path));
    };
    let three = |key| matches!(fields.field(key), Some(Field::Number(n)) if n == 3.0);
    let is_box = |key: &str| key == "boxRows" || key == "boxCols";
    let boxes = fields.has("boxRows") || fields.has("boxCols");
    // (Any other option the package's readers know, so that one added later is handed over.)
    let others = keys::PUZZLE
        .names()
        .split(' ')
        .any(|key| !is_box(key) && fields.has(key));
    match (boxes, others) {
        (false, false) => Ok(Options::default()),
        (true, false) if three("boxRows") && three("boxCols") => Ok(Options {
            box_rows: Some(3),
            box_cols: Some(3),
            ..Options::default()
        }),
        _ => Err(handover(path)),
    }
}

/// The puzzle's options among `fields`, read at `path`.
#[cfg(feature = "sudoku-formats")]
pub(crate) fn puzzle_options(fields: &Fields, path: &str) -> Result<Options, JsValue> {
    Ok(Options {
        box_rows: size_field(fields, "boxRows", path, 1)?,
        box_cols: size_field(fields, "boxCols", path, 1)?,
        variant: named_field::<Variant>(fields, "variant", path, VARIANTS)?.unwrap_or_default(),
        regions: string_field(fields, "regions", path, MAX_INPUT_BYTES)?,
        alphabet: string_field(fields, "alphabet", path, 256)?,
        ..Options::default()
    })
}

fn pos(props: &mut Vec<(&'static str, JsValue)>, pos: CellPos) {
    props.push(("row", JsValue::from_f64(pos.row as f64)));
    props.push(("column", JsValue::from_f64(pos.column as f64)));
}

/// Two givens (or entries) that repeat a symbol, as a `SudokuConflict`.
pub(crate) fn conflict(c: &Conflict) -> JsValue {
    let out = Object::new();
    set(&out, "symbol", &JsValue::from_str(&c.symbol));
    set(&out, "first", &cell(c.first));
    set(&out, "second", &cell(c.second));
    let regions: Array = c
        .regions
        .iter()
        .map(|r| JsValue::from_str(&r.to_string()))
        .collect();
    set(&out, "regions", &regions);
    out.into()
}

fn cell(pos: CellPos) -> JsValue {
    let out = Object::new();
    set(&out, "row", &JsValue::from_f64(pos.row as f64));
    set(&out, "column", &JsValue::from_f64(pos.column as f64));
    out.into()
}

fn numbers(values: &[usize]) -> JsValue {
    values
        .iter()
        .map(|&v| JsValue::from_f64(v as f64))
        .collect::<Array>()
        .into()
}

/// A JS `Error` for a sudoku error: `code`, the message, and the positions it carries.
pub(crate) fn sudoku_error(error: &SudokuError) -> JsValue {
    let mut props: Vec<(&'static str, JsValue)> = Vec::new();
    let num = |n: usize| JsValue::from_f64(n as f64);
    match error {
        SudokuError::WrongCellCount {
            found,
            expected,
            fits,
        } => {
            props.push(("found", num(*found)));
            if let Some(expected) = expected {
                props.push(("expected", num(*expected)));
            }
            props.push(("fits", numbers(fits)));
        }
        SudokuError::InvalidCharacter { ch, pos: p } => {
            pos(&mut props, *p);
            props.push(("character", JsValue::from_str(&ch.to_string())));
        }
        SudokuError::SymbolOutOfRange {
            symbol,
            size,
            pos: p,
            ..
        } => {
            pos(&mut props, *p);
            props.push(("symbol", JsValue::from_str(symbol)));
            props.push(("size", num(*size)));
        }
        SudokuError::ConflictingGivens { conflicts } => {
            if let Some(first) = conflicts.first() {
                pos(&mut props, first.first);
            }
            let list: Array = conflicts.iter().map(conflict).collect();
            props.push(("conflicts", list.into()));
        }
        SudokuError::BadJigsawMap {
            problem:
                JigsawProblem::RegionSize {
                    region,
                    size,
                    first,
                    ..
                },
        } => {
            pos(&mut props, *first);
            props.push(("region", JsValue::from_str(&region.to_string())));
            props.push(("size", num(*size)));
        }
        SudokuError::BadSamuraiLayout { line, column, .. } => {
            props.push(("line", num(*line)));
            props.push(("column", num(*column)));
        }
        SudokuError::BadBoxShape { rows, cols, size } => {
            props.push(("boxRows", num(*rows)));
            props.push(("boxCols", num(*cols)));
            props.push(("size", num(*size)));
        }
        SudokuError::UnsupportedSize { size } => props.push(("size", num(*size))),
        SudokuError::AmbiguousAlphabet {
            size,
            zero_symbol,
            zero_empty,
            ..
        } => {
            props.push(("size", num(*size)));
            let alphabets: Array = [zero_symbol, zero_empty]
                .iter()
                .map(|a| JsValue::from_str(a))
                .collect();
            props.push(("alphabets", alphabets.into()));
        }
        SudokuError::UnsupportedVariant { variant, size } => {
            props.push(("variant", JsValue::from_str(variant.name())));
            props.push(("size", num(*size)));
        }
        SudokuError::TooLarge { len, limit } => {
            props.push(("length", num(*len)));
            props.push(("limit", num(*limit)));
        }
        SudokuError::InvalidArgument { name, .. } => {
            props.push(("path", JsValue::from_str(&format!("options.{name}"))));
        }
        SudokuError::MultipleSolutions { found } => {
            props.push(("found", JsValue::from_f64(*found as f64)));
        }
        _ => {}
    }
    js_error(error.code(), &error.to_string(), &props)
}
