//! The sudoku exports for JS.

use wasm_bindgen::prelude::*;

use super::convert::string;
use super::js_error;
use crate::sudoku::Sudoku;

/// Solves a sudoku.
#[wasm_bindgen]
pub fn solve_sudoku(puzzle: &JsValue) -> Result<Option<String>, JsValue> {
    let line = string(puzzle, "puzzle", 1 << 16)?;
    let puzzle: Sudoku = line
        .parse()
        .map_err(|e: crate::sudoku::SudokuError| js_error(e.code(), &e.to_string(), &[]))?;
    puzzle
        .some_solution()
        .map(|s| s.map(|s| s.to_line()))
        .map_err(|e| js_error(e.code(), &e.to_string(), &[]))
}
