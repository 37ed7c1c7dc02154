//! The exports the interactive sudoku page needs beyond `src/wasm/sudoku.rs`:
//! `read_sudoku`, `sudoku_layout`, `sudoku_conflicts`, `solve_sudoku_report` and
//! `sudoku_exact_cover` (`sudoku_hint` is in `logic.rs`). They
//! read and check the arguments, call [`dlx_sudoku`], and turn results and errors into
//! JS values; nothing else.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use super::set;
use dlx_sudoku::Sudoku;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A puzzle as read by `read_sudoku`. */
export interface SudokuRead {
  /** The compact line in the built-in alphabet: 1-9 then A, B, C, ...; "." for an empty cell. */
  line: string;
  /** Symbols per row. */
  size: number;
  /** Rows per box, or 0 for a layout without boxes. */
  boxRows: number;
  /** Columns per box, or 0 for a layout without boxes. */
  boxCols: number;
  variant: SudokuVariant;
  /** Filled cells. */
  givens: number;
}

/** A solve with the engine's statistics and a uniqueness check. */
export interface SudokuSolveReport {
  /** The first solution as a compact line, or null if there is none. */
  solution: string | null;
  /** Solutions counted up to 2: 0, 1 (unique) or 2 (several). */
  solutions: number;
  /** Whether there is exactly one solution. */
  unique: boolean;
  /** Engine search nodes for the first solution (0 when singles alone solved it). */
  nodes: number;
  /** Engine link updates for the first solution. */
  updates: number;
  /** Cells filled by singles before the engine ran. */
  forced: number;
}

/**
 * The rules of a layout that a page draws and plays by, as `sudoku_layout` gives them, so
 * that the page never works them out itself.
 */
export interface SudokuLayout {
  /** Symbols per row. */
  size: number;
  /** Rows per box (the shape inferred for the size when none is given), or 0 without boxes. */
  boxRows: number;
  /** Columns per box, or 0 without boxes. */
  boxCols: number;
  variant: SudokuVariant;
  /**
   * For each cell (reading order, from 0), its peers: every other cell that shares a row,
   * column, box or other region with it, ascending.
   */
  peers: number[][];
  /**
   * Every region (rows, columns, boxes, then the variant's own), in the layout's order: its
   * name as a step's `regions` spell it ("row 3", "box 5") and its cells, ascending.
   */
  regions: { name: string; cells: number[] }[];
  /** The levels `generate_sudoku` offers at this size, easiest first. */
  levels: SudokuLevel[];
}

/** A sudoku as exact cover, in the form `ExactCoverSolver` and `exact_cover` accept. */
export interface SudokuExactCover {
  problem: { primary: number; secondary: number; options: number[][] };
  /** Option k puts `symbols[k]` into cell `cells[k]` (reading order, from 0). */
  cells: number[];
  symbols: string[];
}
"#;

#[wasm_bindgen]
extern "C" {
    /// What `read_sudoku` returns.
    #[wasm_bindgen(typescript_type = "SudokuRead")]
    pub type JsSudokuRead;

    /// A size argument (checked at run time).
    #[wasm_bindgen(typescript_type = "number")]
    pub type JsSudokuSize;

    /// What `sudoku_layout` returns.
    #[wasm_bindgen(typescript_type = "SudokuLayout")]
    pub type JsSudokuLayout;

    /// What `sudoku_conflicts` returns.
    #[wasm_bindgen(typescript_type = "SudokuConflict[]")]
    pub type JsSudokuConflicts;

    /// What `solve_sudoku_report` returns.
    #[wasm_bindgen(typescript_type = "SudokuSolveReport")]
    pub type JsSudokuSolveReport;

    /// What `sudoku_exact_cover` returns.
    #[wasm_bindgen(typescript_type = "SudokuExactCover")]
    pub type JsSudokuExactCover;
}

use super::convert::size as read_size;
use super::sudoku::{
    conflict, read_grid, read_options, sudoku_error, JsSudokuOptions, JsSudokuPuzzle,
};
use dlx_sudoku::{levels_offered, Layout, MAX_SIZE};

/// Reads a puzzle in any format the engine accepts and checks its givens: `{ line, size,
/// boxRows, boxCols, variant, givens }`, where `line` is written in the built-in alphabet.
/// Throws like `solve_sudoku` for malformed input and `conflicting_givens` (with every
/// pair) for givens that repeat a symbol in a region.
#[wasm_bindgen]
pub fn read_sudoku(
    puzzle: &JsSudokuPuzzle,
    options: Option<JsSudokuOptions>,
) -> Result<JsSudokuRead, JsValue> {
    let options = read_options(
        &options.map(JsValue::from).unwrap_or(JsValue::UNDEFINED),
        "options",
    )?;
    let puzzle = read_grid(puzzle, "puzzle", &options)?;
    puzzle.validate().map_err(|e| sudoku_error(&e))?;
    let layout = puzzle.layout();
    let plain = Sudoku::new(
        std::sync::Arc::clone(puzzle.shared_layout()),
        puzzle.values().to_vec(),
    )
    .map_err(|e| sudoku_error(&e))?;
    let num = |n: usize| JsValue::from_f64(n as f64);
    let shape = layout.box_shape();
    let out = Object::new();
    set(&out, "line", &JsValue::from_str(&plain.to_line()));
    set(&out, "size", &num(layout.size()));
    set(&out, "boxRows", &num(shape.map_or(0, |s| s.rows)));
    set(&out, "boxCols", &num(shape.map_or(0, |s| s.cols)));
    set(&out, "variant", &JsValue::from_str(layout.variant().name()));
    set(&out, "givens", &num(puzzle.given_count()));
    Ok(JsValue::from(out).unchecked_into())
}

/// The rules of an empty `size` x `size` grid of the layout `options` describe (box shape,
/// variant, jigsaw map): `{ size, boxRows, boxCols, variant, peers, regions, levels }`, where
/// the box shape is the one the engine infers when `options` gives none, `peers[k]` lists the
/// cells that share a region with cell `k`, `regions` names each region as a step does and
/// lists its cells, and `levels` the difficulty levels `generate_sudoku` offers at this size. A page asks for them once per layout instead of working them out.
///
/// # Errors
/// `invalid_argument` (with `path`) when `size` is not a whole number from 0 to 25 or an
/// option is malformed; `unsupported_size`, `bad_box_shape`, `unsupported_variant` and
/// `bad_jigsaw_map` as `generate_sudoku` throws them.
#[wasm_bindgen]
pub fn sudoku_layout(
    size: &JsSudokuSize,
    options: Option<JsSudokuOptions>,
) -> Result<JsSudokuLayout, JsValue> {
    let n = read_size(size, "size", MAX_SIZE)?;
    let options = read_options(
        &options.map(JsValue::from).unwrap_or(JsValue::UNDEFINED),
        "options",
    )?;
    #[cfg(feature = "sudoku-formats")]
    let layout = Layout::new(n, &options);
    // (Without every format, the classic 9x9 alone: see `read_grid`.)
    #[cfg(not(feature = "sudoku-formats"))]
    let layout = match (n, options.is_classic_nine()) {
        (9, true) => Layout::classic_nine(),
        (_, true) => return Err(super::sudoku::handover("size")),
        (_, false) => return Err(super::sudoku::handover("options")),
    };
    let layout = layout.map_err(|e| sudoku_error(&e))?;
    let num = |n: usize| JsValue::from_f64(n as f64);
    let shape = layout.box_shape();
    let peers: Array = (0..layout.cell_count())
        .map(|cell| layout.peers(cell).into_iter().map(num).collect::<Array>())
        .collect();
    let regions: Array = (0..layout.region_count())
        .map(|r| {
            let region = Object::new();
            let name = layout.region_name(r).to_string();
            set(&region, "name", &JsValue::from_str(&name));
            // As usize: the engine's one sort, as it sorts option indices.
            let mut cells: Vec<usize> =
                layout.region_cells(r).iter().map(|&c| c as usize).collect();
            dlx_engine::sort::ascending(&mut cells);
            let cells: Array = cells.into_iter().map(num).collect();
            set(&region, "cells", &cells);
            JsValue::from(region)
        })
        .collect();
    let levels: Array = levels_offered(n)
        .iter()
        .map(|level| JsValue::from_str(level.name()))
        .collect();
    let out = Object::new();
    set(&out, "size", &num(layout.size()));
    set(&out, "boxRows", &num(shape.map_or(0, |s| s.rows)));
    set(&out, "boxCols", &num(shape.map_or(0, |s| s.cols)));
    set(&out, "variant", &JsValue::from_str(layout.variant().name()));
    set(&out, "peers", &peers);
    set(&out, "regions", &regions);
    set(&out, "levels", &levels);
    Ok(JsValue::from(out).unchecked_into())
}

/// Every pair of filled cells that repeat a symbol in a region, in reading order, without
/// throwing for them (an empty array when there are none): for highlighting as a player
/// types. Throws like `solve_sudoku` for malformed input.
#[wasm_bindgen]
pub fn sudoku_conflicts(
    grid: &JsSudokuPuzzle,
    options: Option<JsSudokuOptions>,
) -> Result<JsSudokuConflicts, JsValue> {
    let options = read_options(
        &options.map(JsValue::from).unwrap_or(JsValue::UNDEFINED),
        "options",
    )?;
    let grid = read_grid(grid, "grid", &options)?;
    let list: Array = grid.conflicts().iter().map(conflict).collect();
    Ok(JsValue::from(list).unchecked_into())
}

/// Solves a sudoku and reports how: `{ solution, solutions, unique, nodes, updates,
/// forced }`, where `solutions` counts up to 2. Throws like `solve_sudoku`.
#[wasm_bindgen]
pub fn solve_sudoku_report(
    puzzle: &JsSudokuPuzzle,
    options: Option<JsSudokuOptions>,
) -> Result<JsSudokuSolveReport, JsValue> {
    let options = read_options(
        &options.map(JsValue::from).unwrap_or(JsValue::UNDEFINED),
        "options",
    )?;
    let puzzle = read_grid(puzzle, "puzzle", &options)?;
    let report = puzzle.solve_with_report().map_err(|e| sudoku_error(&e))?;
    let out = Object::new();
    let solution = match &report.solution {
        Some(solution) => JsValue::from_str(&solution.to_line()),
        None => JsValue::NULL,
    };
    set(&out, "solution", &solution);
    set(
        &out,
        "solutions",
        &JsValue::from_f64(report.solutions as f64),
    );
    set(&out, "unique", &JsValue::from_bool(report.is_unique()));
    set(&out, "nodes", &JsValue::from_f64(report.stats.nodes as f64));
    set(
        &out,
        "updates",
        &JsValue::from_f64(report.stats.updates as f64),
    );
    set(&out, "forced", &JsValue::from_f64(report.forced as f64));
    Ok(JsValue::from(out).unchecked_into())
}

/// The puzzle as an exact-cover problem for `ExactCoverSolver` (so a long count can run in
/// slices with progress): `{ problem: { primary, secondary, options }, cells, symbols }`.
/// Throws like `solve_sudoku`.
// With the exact-cover API only (`sudoku-toolkit`): not in the site's sudoku page's first
// module, whose Count waits for the full one.
#[cfg(feature = "exact-cover")]
#[wasm_bindgen]
pub fn sudoku_exact_cover(
    puzzle: &JsSudokuPuzzle,
    options: Option<JsSudokuOptions>,
) -> Result<JsSudokuExactCover, JsValue> {
    let options = read_options(
        &options.map(JsValue::from).unwrap_or(JsValue::UNDEFINED),
        "options",
    )?;
    let puzzle = read_grid(puzzle, "puzzle", &options)?;
    let encoding = puzzle.exact_cover().map_err(|e| sudoku_error(&e))?;
    let problem = &encoding.problem;
    let rows = Array::new();
    for k in 0..problem.option_count() {
        let items: Array = problem
            .option(k)
            .iter()
            .map(|entry| JsValue::from_f64(f64::from(entry.item)))
            .collect();
        rows.push(&items);
    }
    let shape = Object::new();
    set(
        &shape,
        "primary",
        &JsValue::from_f64(problem.primary_count() as f64),
    );
    set(
        &shape,
        "secondary",
        &JsValue::from_f64(problem.secondary_count() as f64),
    );
    set(&shape, "options", &rows);
    let cells: Array = encoding
        .placements
        .iter()
        .map(|&(cell, _)| JsValue::from_f64(cell as f64))
        .collect();
    let symbols: Array = encoding
        .placements
        .iter()
        .map(|&(_, v)| JsValue::from_str(&puzzle.alphabet().symbol(v)))
        .collect();
    let out = Object::new();
    set(&out, "problem", &shape);
    set(&out, "cells", &cells);
    set(&out, "symbols", &symbols);
    Ok(JsValue::from(out).unchecked_into())
}
