//! The sudoku layer's integration tests, one test binary (`cargo test -p dlx-sudoku --test
//! sudoku_tests`): each file of `tests/` named below is a module of it, so the crate is linked
//! once for all of them. Run one file's tests with a filter on its module, e.g. `cargo test
//! --profile ci -p dlx-sudoku --test sudoku_tests -- sudoku_logic::`. The fixtures are the
//! workspace's, in `tests/data/` at its root (and the full published sets, where they exist,
//! in `../shared/data/sudoku/` beside it: `sudoku_data.rs`).
#![cfg(not(target_arch = "wasm32"))]

mod common;

mod sudoku_batch;
mod sudoku_big;
mod sudoku_data;
mod sudoku_fast;
mod sudoku_generate;
mod sudoku_hint;
mod sudoku_logic;
mod sudoku_nets;
mod sudoku_parse;
mod sudoku_se;
mod sudoku_shape;
mod sudoku_variants;
mod sudoku_verify;
