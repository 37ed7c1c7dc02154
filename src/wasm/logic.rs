//! The logical solver's exports: `sudoku_hint` (the next step, from the player's entries
//! and pencil marks), `sudoku_solve_path` (every step to the solution) and `rate_sudoku`
//! (the grade on the Sudoku Explainer scale): with `generate_sudoku` (generate.rs), the
//! coach's exports (feature `coach`), in the package's coach module. They read and check the arguments, call
//! [`dlx_sudoku`], and turn results and errors into JS values; nothing else.

use js_sys::{Array, Object};
use wasm_bindgen::prelude::*;

use super::convert::{array, elements, integer};
use super::sudoku::{read_grid, read_options, sudoku_error, JsSudokuOptions, JsSudokuPuzzle};
use super::{js_error, set};
use dlx_sudoku::{Candidate, Contradiction, Grade, LinkHouse, Step, Sudoku};

/// In the coach module, the main module's types the coach's declarations use: declared
/// there once (sudoku.rs), imported here (the package puts the two modules side by side).
#[cfg(not(feature = "sudoku-toolkit"))]
#[wasm_bindgen(typescript_custom_section)]
const IMPORTS: &'static str = r#"
import type { SudokuDifficulty, SudokuLevel, SudokuOptions } from './dlx_wasm.js';
"#;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** A technique of the logical solver, or how a hint that is not a technique was found. */
export type SudokuTechnique =
  | "naked_single" | "hidden_single" | "locked_candidates"
  | "naked_pair" | "hidden_pair" | "naked_triple" | "hidden_triple" | "naked_quad" | "hidden_quad"
  | "x_wing" | "swordfish" | "jellyfish"
  | "finned_x_wing" | "sashimi_x_wing" | "finned_swordfish" | "sashimi_swordfish"
  | "finned_jellyfish" | "sashimi_jellyfish"
  | "xy_wing" | "xyz_wing" | "w_wing" | "als_wing" | "als_xz" | "als_xy_wing" | "als_chain" | "death_blossom" | "sue_de_coq"
  | "aligned_pair_exclusion" | "aligned_triplet_exclusion"
  | "x_chain" | "xy_chain" | "aic" | "grouped_x_chain" | "grouped_aic" | "medusa"
  | "unique_rectangle_1" | "unique_rectangle_2" | "unique_rectangle_3" | "unique_rectangle_4"
  | "bug_plus_one" | "contradiction_chain" | "forcing_chain" | "contradiction_net" | "forcing_net"
  | "wrong_entry" | "missing_candidate" | "reveal";

/** @deprecated Use `SudokuTechnique`. */
export type SudokuHintTechnique = SudokuTechnique;

/** A candidate: `symbol` in the cell at `row`, `column`. */
export interface SudokuCandidate {
  /** The cell in reading order, from 0. */
  cell: number;
  /** 1-based row. */
  row: number;
  /** 1-based column. */
  column: number;
  symbol: string;
}

/** What a candidate does in a step's pattern. */
export type SudokuRole =
  | "single" | "locked" | "subset" | "fish" | "fin" | "pivot" | "pincer" | "strong_link"
  | "als_member" | "floor" | "roof" | "chain_end" | "chain_node" | "source" | "implied"
  | "blocker" | "colour_a" | "colour_b" | "aligned" | "excluder";

/** What a house (region) does in a step's pattern. */
export type SudokuHouseRole = "base" | "cover" | "target" | "link";

/**
 * A link between consecutive nodes of a chain: strong (at least one of the two nodes is
 * true) or weak (at most one is). A node is a candidate, or in a grouped chain a group
 * (places of one symbol where a box meets a line, true when one of them is): then `from`
 * (`to`) is the group's first candidate and `fromGroup` (`toGroup`) all of them.
 */
export interface SudokuLink {
  from: SudokuCandidate;
  to: SudokuCandidate;
  strong: boolean;
  /** For a strong link, what makes it strong: the region where the symbol has no other place, or the cell with no other candidate; null for a weak link. */
  house: SudokuLinkHouse | null;
  /** Every candidate of `from` when it is a group; else empty. */
  fromGroup: SudokuCandidate[];
  /** Every candidate of `to` when it is a group; else empty. */
  toGroup: SudokuCandidate[];
}

/** What makes a strong link strong: a region (e.g. "row 3") or a cell with two candidates. */
export type SudokuLinkHouse =
  | { kind: "region"; region: string }
  | { kind: "cell"; cell: number; row: number; column: number };

/** A house of a step's pattern and what it does. */
export interface SudokuHouse {
  /** e.g. "row 3", "box 5". */
  region: string;
  role: SudokuHouseRole;
}

/** A candidate of a step's pattern and what it does. */
export interface SudokuPart extends SudokuCandidate {
  role: SudokuRole;
}

/** Where a contradiction chain's assumption breaks the grid: a cell left without candidates, or a symbol left without a place in a region. */
export type SudokuContradiction =
  | { kind: "cell"; cell: number; row: number; column: number }
  | { kind: "house"; region: string; symbol: string };

/** One logical step. */
export interface SudokuStep {
  technique: SudokuTechnique;
  /** The technique's name as a player reads it, e.g. "X-Wing", "Missing pencil mark". */
  title: string;
  /** Difficulty on the Sudoku Explainer scale (0 for wrong_entry, missing_candidate, reveal). */
  score: number;
  /** Why, in one plain-English sentence. */
  reason: string;
  /** The cells of the pattern (reading order, from 0). */
  cells: number[];
  /** The candidates of the pattern; for a chain, in chain order. */
  candidates: SudokuCandidate[];
  /** The regions of the pattern, e.g. "row 3", "box 5". */
  regions: string[];
  /** The candidates the step removes. */
  eliminations: SudokuCandidate[];
  /** The symbol the step places, or null. */
  placement: SudokuCandidate | null;
  /**
   * For a chain (x_chain, xy_chain, aic, grouped_x_chain, grouped_aic, w_wing): each link
   * between consecutive nodes, in chain order; for medusa, the strong links that colour its
   * candidates. For a contradiction_chain, forcing_chain, contradiction_net or forcing_net:
   * the implications of each branch from its source (role "source") to the contradiction or
   * the common conclusion, through the placements it makes (role "implied"); strong where a
   * candidate turned off forces one on, weak where one turned on rules one out (in a net a
   * candidate may have several links in). Else empty.
   */
  links: SudokuLink[];
  /** The houses of the pattern with their roles (a fish's base and cover lines, ...). */
  houses: SudokuHouse[];
  /** What each candidate of the pattern does; every cell of `cells` has at least one (except wrong_entry, missing_candidate, reveal). */
  roles: SudokuPart[];
  /** For a contradiction_chain or contradiction_net, where it breaks the grid; else null. */
  contradiction: SudokuContradiction | null;
}

/**
 * The next step for a player. When the step places a symbol, `cell`, `row`, `column` and
 * `symbol` repeat `placement`, and `unit` names a hidden single's region.
 */
export interface SudokuHint extends SudokuStep {
  cell?: number;
  row?: number;
  column?: number;
  symbol?: string;
  unit?: string;
}

/** Every step from a puzzle to its solution, or as far as logic gets. */
export interface SudokuSolvePath {
  steps: SudokuStep[];
  /** Whether the steps fill the grid. */
  solved: boolean;
  /** Always true: only a puzzle with exactly one solution has a path (uniqueness arguments were allowed). */
  unique: boolean;
  /** The grid after the last step, as a compact line in the puzzle's alphabet. */
  grid: string;
}

/** How hard a puzzle is for a person. */
export interface SudokuGrade {
  /** The hardest step on the Sudoku Explainer scale (12 if logic alone gets stuck). */
  score: number;
  level: SudokuLevel;
  /** Whether logic alone solves it. */
  solved: boolean;
  /** The hardest technique used, or null if no step was needed. */
  hardest: SudokuTechnique | null;
  /** Each technique used, with its number of steps. */
  techniques: { technique: SudokuTechnique; count: number }[];
  /** Steps in the path. */
  steps: number;
}
"#;

#[wasm_bindgen]
extern "C" {
    /// The player's entries (checked at run time).
    #[wasm_bindgen(typescript_type = "string")]
    pub type JsSudokuEntries;

    /// The player's pencil marks (checked at run time).
    #[wasm_bindgen(typescript_type = "number[] | undefined")]
    pub type JsSudokuMarks;

    /// What `sudoku_hint` returns.
    #[wasm_bindgen(typescript_type = "SudokuHint | null")]
    pub type JsSudokuHint;

    /// What `sudoku_solve_path` returns.
    #[wasm_bindgen(typescript_type = "SudokuSolvePath")]
    pub type JsSudokuSolvePath;

    /// What `rate_sudoku` returns.
    #[wasm_bindgen(typescript_type = "SudokuGrade")]
    pub type JsSudokuGrade;
}

/// The next logical step for a player: `puzzle` holds the givens, `entries` the player's
/// values (a grid of the same size; values over givens are ignored), `marks` optionally the
/// pencil marks, one number per cell with bit `v - 1` for symbol `v` (0: no marks there),
/// and `options` last, as in every export.
///
/// In order: the correction of an entry that contradicts the solution (`wrong_entry`); a
/// cell whose marks leave out the solution's symbol (`missing_candidate`); the easiest
/// logical step on the player's candidates; otherwise one revealed cell (`reveal`).
/// `null` when the grid is full. Only a puzzle whose givens have exactly one solution gets
/// hints.
///
/// ```js
/// const hint = sudoku_hint(puzzle, entries);
/// if (hint?.placement) board.fill(hint.placement.cell, hint.placement.symbol);
/// else if (hint) hint.eliminations.forEach((c) => board.strike(c.cell, c.symbol));
/// ```
///
/// Throws `no_solution` or `multiple_solutions` (with `found`) if the givens do not have
/// exactly one solution, `conflicting_givens` if givens and entries repeat a symbol in a
/// region, `invalid_argument` (with `path`) for marks of the wrong length or type, and like
/// `solve_sudoku` for malformed input.
#[wasm_bindgen]
pub fn sudoku_hint(
    puzzle: &JsSudokuPuzzle,
    entries: &JsSudokuEntries,
    marks: Option<JsSudokuMarks>,
    options: Option<JsSudokuOptions>,
) -> Result<JsSudokuHint, JsValue> {
    let options = read_options(
        &options.map(JsValue::from).unwrap_or(JsValue::UNDEFINED),
        "options",
    )?;
    let givens = read_grid(puzzle, "puzzle", &options)?;
    let entries = read_grid(entries, "entries", &options)?;
    if entries.layout() != givens.layout() {
        return Err(js_error(
            "invalid_argument",
            "entries: expected a grid of the puzzle's size",
            &[("path", JsValue::from_str("entries"))],
        ));
    }
    let marks = match marks.map(JsValue::from) {
        Some(value) if !value.is_undefined() && !value.is_null() => {
            Some(read_marks(&value, &givens)?)
        }
        _ => None,
    };
    let step = givens
        .next_step(&entries, marks.as_deref())
        .map_err(|e| sudoku_error(&e))?;
    let Some(step) = step else {
        return Ok(JsValue::NULL.unchecked_into());
    };
    let out = step_object(&givens, &step);
    if let Some(p) = step.placement {
        let position = givens.layout().position(p.cell);
        set(&out, "cell", &num(p.cell));
        set(&out, "row", &num(position.row));
        set(&out, "column", &num(position.column));
        set(
            &out,
            "symbol",
            &JsValue::from_str(&givens.alphabet().symbol(p.value)),
        );
        if step.technique == dlx_sudoku::Technique::HiddenSingle {
            if let Some(region) = step.regions.first() {
                set(&out, "unit", &JsValue::from_str(&region.to_string()));
            }
        }
    }
    Ok(JsValue::from(out).unchecked_into())
}

/// Every step of the logical solver from `puzzle` to its solution (or as far as logic
/// gets): `{ steps, solved, unique, grid }`. Only a puzzle with exactly one solution has a
/// path, so `unique` is always `true` (uniqueness arguments are used).
///
/// ```js
/// const { steps, solved } = sudoku_solve_path(puzzle);
/// for (const step of steps) console.log(step.technique, step.reason);
/// ```
///
/// Throws `no_solution` or `multiple_solutions` (with `found`) for a puzzle without exactly
/// one solution, and like `solve_sudoku`.
#[wasm_bindgen]
pub fn sudoku_solve_path(
    puzzle: &JsSudokuPuzzle,
    options: Option<JsSudokuOptions>,
) -> Result<JsSudokuSolvePath, JsValue> {
    let options = read_options(
        &options.map(JsValue::from).unwrap_or(JsValue::UNDEFINED),
        "options",
    )?;
    let puzzle = read_grid(puzzle, "puzzle", &options)?;
    let path = puzzle.solve_path().map_err(|e| sudoku_error(&e))?;
    let steps: Array = path
        .steps
        .iter()
        .map(|step| JsValue::from(step_object(&puzzle, step)))
        .collect();
    let out = Object::new();
    set(&out, "steps", &steps);
    set(&out, "solved", &JsValue::from_bool(path.solved));
    set(&out, "unique", &JsValue::from_bool(path.unique));
    set(&out, "grid", &JsValue::from_str(&path.grid.to_line()));
    Ok(JsValue::from(out).unchecked_into())
}

/// The grade of `puzzle` for a person: `{ score, level, solved, hardest, techniques,
/// steps }`, where `score` is the hardest step on the Sudoku Explainer scale and `level`
/// one of easy (up to 1.5), medium (2.8), hard (4.4), expert (5.6) and diabolical.
///
/// ```js
/// const { score, level, techniques } = rate_sudoku(puzzle);
/// ```
///
/// Only a puzzle with exactly one solution is graded: throws `no_solution` or
/// `multiple_solutions` (with `found`) for the others (an empty grid among them), and like
/// `solve_sudoku`.
#[wasm_bindgen]
pub fn rate_sudoku(
    puzzle: &JsSudokuPuzzle,
    options: Option<JsSudokuOptions>,
) -> Result<JsSudokuGrade, JsValue> {
    let options = read_options(
        &options.map(JsValue::from).unwrap_or(JsValue::UNDEFINED),
        "options",
    )?;
    let puzzle = read_grid(puzzle, "puzzle", &options)?;
    let grade = puzzle.grade().map_err(|e| sudoku_error(&e))?;
    Ok(JsValue::from(grade_object(&grade)).unchecked_into())
}

fn num(n: usize) -> JsValue {
    JsValue::from_f64(n as f64)
}

/// The pencil marks: an array of one whole number per cell, each below `2^n`.
fn read_marks(value: &JsValue, puzzle: &Sudoku) -> Result<Vec<u32>, JsValue> {
    let layout = puzzle.layout();
    let cells = layout.cell_count();
    let list = array(value, "marks", cells)?;
    if list.1 as usize != cells {
        return Err(js_error(
            "invalid_argument",
            &format!(
                "marks: expected {cells} numbers, one per cell, got {}",
                list.1
            ),
            &[("path", JsValue::from_str("marks"))],
        ));
    }
    let max = ((1u64 << layout.size()) - 1) as f64;
    let mut masks = Vec::with_capacity(cells);
    for (k, element) in elements(&list, "marks").enumerate() {
        let element = element?;
        masks.push(integer(&element, &format!("marks[{k}]"), max)? as u32);
    }
    Ok(masks)
}

fn candidate(puzzle: &Sudoku, c: Candidate) -> JsValue {
    let position = puzzle.layout().position(c.cell);
    let out = Object::new();
    set(&out, "cell", &num(c.cell));
    set(&out, "row", &num(position.row));
    set(&out, "column", &num(position.column));
    set(
        &out,
        "symbol",
        &JsValue::from_str(&puzzle.alphabet().symbol(c.value)),
    );
    out.into()
}

fn step_object(puzzle: &Sudoku, step: &Step) -> Object {
    let list =
        |cands: &[Candidate]| -> Array { cands.iter().map(|&c| candidate(puzzle, c)).collect() };
    let out = Object::new();
    set(&out, "technique", &JsValue::from_str(step.technique.name()));
    set(&out, "title", &JsValue::from_str(step.technique.title()));
    set(
        &out,
        "score",
        &JsValue::from_f64((step.score * 10.0).round() / 10.0),
    );
    set(&out, "reason", &JsValue::from_str(&step.reason));
    let cells: Array = step.cells.iter().map(|&c| num(c)).collect();
    set(&out, "cells", &cells);
    set(&out, "candidates", &list(&step.candidates));
    let regions: Array = step
        .regions
        .iter()
        .map(|r| JsValue::from_str(&r.to_string()))
        .collect();
    set(&out, "regions", &regions);
    set(&out, "eliminations", &list(&step.eliminations));
    let placement = step
        .placement
        .map_or(JsValue::NULL, |p| candidate(puzzle, p));
    set(&out, "placement", &placement);
    let links: Array = step
        .links
        .iter()
        .map(|link| {
            let entry = Object::new();
            set(&entry, "from", &candidate(puzzle, link.from));
            set(&entry, "to", &candidate(puzzle, link.to));
            set(&entry, "strong", &JsValue::from_bool(link.strong));
            let house = link
                .house
                .map_or(JsValue::NULL, |h| link_house_object(puzzle, h));
            set(&entry, "house", &house);
            set(&entry, "fromGroup", &list(&link.from_group));
            set(&entry, "toGroup", &list(&link.to_group));
            JsValue::from(entry)
        })
        .collect();
    set(&out, "links", &links);
    let houses: Array = step
        .houses
        .iter()
        .map(|house| {
            let entry = Object::new();
            set(
                &entry,
                "region",
                &JsValue::from_str(&house.region.to_string()),
            );
            set(&entry, "role", &JsValue::from_str(house.role.name()));
            JsValue::from(entry)
        })
        .collect();
    set(&out, "houses", &houses);
    let roles: Array = step
        .roles
        .iter()
        .map(|part| {
            let entry = candidate(puzzle, part.candidate);
            set(&entry, "role", &JsValue::from_str(part.role.name()));
            entry
        })
        .collect();
    set(&out, "roles", &roles);
    let contradiction = step
        .contradiction
        .map_or(JsValue::NULL, |c| contradiction_object(puzzle, c));
    set(&out, "contradiction", &contradiction);
    out
}

/// A `SudokuLinkHouse`.
fn link_house_object(puzzle: &Sudoku, house: LinkHouse) -> JsValue {
    let out = Object::new();
    match house {
        LinkHouse::Cell(cell) => {
            let position = puzzle.layout().position(cell);
            set(&out, "kind", &JsValue::from_str("cell"));
            set(&out, "cell", &num(cell));
            set(&out, "row", &num(position.row));
            set(&out, "column", &num(position.column));
        }
        LinkHouse::Region(region) => {
            set(&out, "kind", &JsValue::from_str("region"));
            set(&out, "region", &JsValue::from_str(&region.to_string()));
        }
    }
    out.into()
}

/// A `SudokuContradiction`.
fn contradiction_object(puzzle: &Sudoku, contradiction: Contradiction) -> JsValue {
    let out = Object::new();
    match contradiction {
        Contradiction::Cell(cell) => {
            let position = puzzle.layout().position(cell);
            set(&out, "kind", &JsValue::from_str("cell"));
            set(&out, "cell", &num(cell));
            set(&out, "row", &num(position.row));
            set(&out, "column", &num(position.column));
        }
        Contradiction::House(region, value) => {
            set(&out, "kind", &JsValue::from_str("house"));
            set(&out, "region", &JsValue::from_str(&region.to_string()));
            set(
                &out,
                "symbol",
                &JsValue::from_str(&puzzle.alphabet().symbol(value)),
            );
        }
    }
    out.into()
}

/// A `SudokuGrade`.
pub(crate) fn grade_object(grade: &Grade) -> Object {
    let out = Object::new();
    set(
        &out,
        "score",
        &JsValue::from_f64((grade.score * 10.0).round() / 10.0),
    );
    set(&out, "level", &JsValue::from_str(grade.level.name()));
    set(&out, "solved", &JsValue::from_bool(grade.solved));
    let hardest = grade
        .hardest
        .map_or(JsValue::NULL, |t| JsValue::from_str(t.name()));
    set(&out, "hardest", &hardest);
    let techniques: Array = grade
        .techniques
        .iter()
        .map(|&(t, count)| {
            let entry = Object::new();
            set(&entry, "technique", &JsValue::from_str(t.name()));
            set(&entry, "count", &num(count));
            JsValue::from(entry)
        })
        .collect();
    set(&out, "techniques", &techniques);
    set(&out, "steps", &num(grade.steps));
    out
}
