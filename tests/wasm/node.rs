//! The wasm tests in Node (test binary `wasm_node`): the JS boundary ([`boundary`], shared
//! with `wasm_browser`), the bit-mask search ([`masks`]) and the sudoku exports ([`sudoku`],
//! [`sudoku_logic`]), one binary so the crate is linked and handed to wasm-bindgen once.
//! `cargo test --target wasm32-unknown-unknown --tests` runs it with wasm-bindgen-test-runner
//! (see `.cargo/config.toml`); no configure macro here, so the runner picks Node. One module:
//! `cargo test --target wasm32-unknown-unknown --test wasm_node -- sudoku_logic::`.
#![cfg(target_arch = "wasm32")]

mod boundary;
mod masks;
mod sudoku;
mod sudoku_logic;
