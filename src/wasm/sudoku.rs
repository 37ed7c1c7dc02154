//! The sudoku exports for JS.

use wasm_bindgen::prelude::*;

use super::convert::string;
use super::js_error;
use crate::sudoku::{solve_classic, SudokuError};

/// Solves a classic 9x9 sudoku given as 81 characters (`.` or `0` for an empty cell).
/// Returns the solved 81-digit line, or `null` when the puzzle has no solution. Throws an
/// `Error` with `code` `"wrong_cell_count"` or `"invalid_character"` (with `row` and
/// `column`) for malformed input.
#[wasm_bindgen]
pub fn solve_sudoku(puzzle: &JsValue) -> Result<Option<String>, JsValue> {
    let line = string(puzzle, "puzzle", 1 << 16)?;
    solve_classic(&line).map_err(|e| sudoku_error(&e))
}

fn sudoku_error(error: &SudokuError) -> JsValue {
    let props = match error {
        SudokuError::InvalidCharacter { row, col, .. } => vec![
            ("row", JsValue::from(*row as u32)),
            ("column", JsValue::from(*col as u32)),
        ],
        _ => Vec::new(),
    };
    js_error(error.code(), &error.to_string(), &props)
}
