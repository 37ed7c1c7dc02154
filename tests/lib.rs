//! The native integration tests, one test binary (`cargo test --test native`): each file of
//! `tests/` named below is a module of it, so the crate is linked once for all of them (as
//! regex-automata's `tests/lib.rs` does). Run one file's tests with a filter on its module,
//! e.g. `cargo test --profile ci --test native -- sudoku_logic::`. The wasm tests are the
//! binaries of `tests/wasm/` (`wasm_node`, `wasm_browser`).
#![cfg(not(target_arch = "wasm32"))]

mod common;

mod brute_force;
mod cli;
mod distributed;
mod engine;
mod errors;
mod memo;
mod parallel;
mod puzzles;
mod schedule;
mod sudoku_batch;
mod sudoku_data;
mod sudoku_fast;
mod sudoku_generate;
mod sudoku_hint;
mod sudoku_logic;
mod sudoku_parse;
mod sudoku_se;
mod sudoku_variants;
mod trace;
