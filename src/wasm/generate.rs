//! The generator's export for JS, `generate_sudoku` (by the logical grade, or a range of the
//! Sudoku Explainer scale): one of the coach's exports (feature `coach`), in the package's
//! coach module. It reads and checks the options, calls [`dlx_sudoku::generate`], and turns
//! the puzzle and errors into JS values; nothing else.

use js_sys::Object;
use wasm_bindgen::prelude::*;

use super::convert::{invalid, number, Fields, MAX_SAFE};
use super::keys;
use super::logic::grade_object;
use super::sudoku::{named_field, number_field, puzzle_options, size_field, sudoku_error};
use super::{js_error, set};
use dlx_sudoku::{
    default_level, generate, GenerateOptions, Level, ScoreRange, SudokuError, Symmetry, MIN_SCORE,
    UNSOLVED_SCORE,
};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** What to generate. */
export interface SudokuGenerateOptions extends SudokuOptions {
  /** Symbols per row, 4 to 25 (default 9, or what the other options imply). */
  size?: number;
  /** A whole number from 0 to 2^53 - 1; the same seed gives the same puzzle. Random if absent. */
  seed?: number;
  /** The level to aim for (default "medium"; above 16x16, only "easy", the default there). */
  difficulty?: SudokuDifficulty;
  /** Symmetry of the givens (default "none"). */
  symmetry?: "none" | "rotate180" | "mirror";
  /**
   * A range of scores on the Sudoku Explainer scale (`rate_sudoku`'s `score`) to aim for
   * instead of a `difficulty` (give one or the other), e.g. `{ min: 6.5, max: 7.5 }`.
   */
  se?: SudokuScoreRange;
}

/**
 * Scores on the Sudoku Explainer scale from `min` to `max`, both included: numbers from 1.0
 * (a full house) to 12.0 (logic alone does not solve it), `min` at most `max`.
 */
export interface SudokuScoreRange {
  /** The lowest score (default 1.0). */
  min?: number;
  /** The highest score (default 12.0). */
  max?: number;
}

/** A generated puzzle with exactly one solution. */
export interface GeneratedSudoku {
  /** The puzzle as a compact line ("." for empty cells). */
  puzzle: string;
  /** Its solution as a compact line. */
  solution: string;
  /** The level reached: the one asked for unless no attempt reached it (then the nearest). */
  difficulty: SudokuDifficulty;
  /**
   * Whether the puzzle is what was asked for: its level the `difficulty`, or its
   * `grade.score` in the `se` range. When no attempt reached it, the puzzle is the nearest
   * attempt and this is false.
   */
  onTarget: boolean;
  /** Its grade, as `rate_sudoku` gives it. */
  grade: SudokuGrade;
  /** The seed it came from. */
  seed: number;
  /** Number of givens. */
  givens: number;
  /** For jigsaw, the region map (one letter per cell). */
  regions?: string;
}
"#;

/// Generates a puzzle with exactly one solution at a level of the logical grade, or with a
/// score in a range of the Sudoku Explainer scale (`se: { min, max }`): `{ puzzle,
/// solution, difficulty, onTarget, grade, seed, givens, regions? }`, where `difficulty` is
/// the level reached (the one asked for unless no attempt reached it), `onTarget` whether
/// the level or range asked for was met (otherwise the puzzle is the nearest attempt) and
/// `grade` is what `rate_sudoku` says of the puzzle. The same options and seed give the
/// same puzzle. Above 16x16 only `easy` is made (the default there), and scores up to 1.5:
/// grading harder puzzles while carving them takes minutes. The hard end of `se` at 9x9 (from 8.0:
/// local search over the givens) takes seconds natively (up to tens of seconds for 9.0 and up; from
/// 10.0 a short walk from known hard puzzles, 5 to 10 s in Node for seeds 0-7 at 10.0-11.0, at most
/// 12 grades; from 11.0 up to 24, 6 to 15 s in Node for seeds 0-3 at 11.0-11.5; from 11.5 one of
/// two known puzzles, disguised, in one grade): call it in a worker (`pool.call`), which its
/// `signal` cancels. Throws an `Error` with `code` `"invalid_argument"` (and `path`) for
/// bad options, for an `se` range off the scale, upside down or given with a `difficulty`
/// (`path` `options.se`, or `options.se.min`, `options.se.max` for an end that is not a
/// number), and for a level above easy above 16x16 (`path` `options.difficulty`; a range
/// starting above 1.5 there, `options.se`); for a jigsaw map given that has no solution
/// grid, or a random one asked for at a prime size above 16x16, `path` `options.regions` (a
/// random map always has one: above 16x16 it is traded on a random grid); and
/// `options.seed` in the never measured case of a seed whose search for a solution grid
/// runs out of its bound (another seed will do).
///
/// ```js
/// const { puzzle, grade } = generate_sudoku({ difficulty: 'diabolical', seed: 7 });
/// // grade.level === 'diabolical', grade.hardest e.g. 'xy_chain'
/// const { onTarget, grade: { score } } = generate_sudoku({ se: { min: 2, max: 3 }, seed: 7 });
/// // onTarget === true, 2 <= score <= 3
/// ```
#[wasm_bindgen(unchecked_return_type = "GeneratedSudoku")]
pub fn generate_sudoku(
    #[wasm_bindgen(unchecked_optional_param_type = "SudokuGenerateOptions | null")] options: Option<
        JsValue,
    >,
) -> Result<JsValue, JsValue> {
    let value = options.unwrap_or(JsValue::UNDEFINED);
    let options = read_generate_options(&value)?;
    let generated = generate(&options).map_err(generate_error)?;
    let out = Object::new();
    set(
        &out,
        "puzzle",
        &JsValue::from_str(&generated.puzzle.to_line()),
    );
    set(
        &out,
        "solution",
        &JsValue::from_str(&generated.solution.to_line()),
    );
    set(
        &out,
        "difficulty",
        &JsValue::from_str(generated.grade.level.name()),
    );
    set(&out, "onTarget", &JsValue::from_bool(generated.on_target));
    set(&out, "grade", &grade_object(&generated.grade));
    set(&out, "seed", &JsValue::from_f64(generated.seed as f64));
    set(
        &out,
        "givens",
        &JsValue::from_f64(generated.puzzle.given_count() as f64),
    );
    if let Some(map) = generated.puzzle.layout().jigsaw_map() {
        set(&out, "regions", &JsValue::from_str(&map));
    }
    Ok(out.into())
}

/// An error of the generator's options as JS says them: the level is `options.difficulty`,
/// the range `options.se`; others as every sudoku error.
fn generate_error(error: SudokuError) -> JsValue {
    match error {
        SudokuError::InvalidArgument { name, reason } if name == "level" || name == "se" => {
            let path = match name {
                "level" => "options.difficulty",
                _ => "options.se",
            };
            js_error(
                "invalid_argument",
                &format!("{path}: {reason}"),
                &[("path", JsValue::from_str(path))],
            )
        }
        e => sudoku_error(&e),
    }
}

fn read_generate_options(value: &JsValue) -> Result<GenerateOptions, JsValue> {
    let path = "options";
    let fields = Fields::options(value, path, keys::GENERATE)?;
    let mut options = GenerateOptions {
        puzzle: puzzle_options(&fields, path)?,
        ..GenerateOptions::default()
    };
    options.puzzle.size = size_field(&fields, "size", path, 4)?;
    options.seed = number_field(&fields, "seed", path, 0, MAX_SAFE)?.unwrap_or_else(random_seed);
    let level = named_field::<Level>(
        &fields,
        "difficulty",
        path,
        r#""easy", "medium", "hard", "expert" or "diabolical""#,
    )?;
    let n = options.size().map_err(|e| sudoku_error(&e))?;
    options.level = level.unwrap_or_else(|| default_level(n));
    options.se = score_range(&fields, path)?;
    if options.se.is_some() && level.is_some() {
        let path = format!("{path}.se");
        return Err(js_error(
            "invalid_argument",
            &format!("{path}: give either a difficulty or an se range, not both"),
            &[("path", JsValue::from_str(&path))],
        ));
    }
    if let Some(s) = named_field::<Symmetry>(
        &fields,
        "symmetry",
        path,
        r#""none", "rotate180" or "mirror""#,
    )? {
        options.symmetry = s;
    }
    Ok(options)
}

/// The `se` range among `fields` (read at `path`), if present: its ends numbers (`min` 1.0
/// and `max` 12.0, `UNSOLVED_SCORE`, when absent), checked by [`ScoreRange::new`], the one check of a range.
fn score_range(fields: &Fields, path: &str) -> Result<Option<ScoreRange>, JsValue> {
    let Some(value) = fields.get("se") else {
        return Ok(None);
    };
    let path = format!("{path}.se");
    let ends = Fields::options(&value, &path, keys::SCORE_RANGE)?;
    let end = |key: &str, default: f64| match ends.get(key) {
        None => Ok(default),
        // The type only: the range's one check is ScoreRange::new's.
        Some(value) => {
            number(&value).ok_or_else(|| invalid(&format!("{path}.{key}"), "a number", &value))
        }
    };
    let range = ScoreRange::new(end("min", MIN_SCORE)?, end("max", UNSOLVED_SCORE)?)
        .map_err(generate_error)?;
    Ok(Some(range))
}

/// A seed from `Math.random`, below 2^53 so it comes back exactly.
fn random_seed() -> u64 {
    (js_sys::Math::random() * MAX_SAFE).floor() as u64
}
