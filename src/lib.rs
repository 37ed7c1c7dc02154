//! The WebAssembly bindings of the [`dlx_engine`] exact-cover engine and the [`dlx_sudoku`]
//! sudoku layer: the npm package `dlx-wasm` (`scripts/build.sh` builds it with wasm-bindgen;
//! the project's README documents it). Every `#[wasm_bindgen]` item lives in `src/wasm/`,
//! compiled only for wasm32, and does nothing but read and check JS arguments, call the two
//! crates, and map their results and errors to JS values; natively this crate is empty. Rust
//! users depend on `dlx-engine` and `dlx-sudoku`.
//!
//! The exports are public so that the wasm tests (`tests/wasm/`) can call them as JS would;
//! they are the package's API, documented for JS in its `.d.ts`.
#![deny(unsafe_code)]
#![deny(missing_docs)]

#[cfg(target_arch = "wasm32")]
mod wasm;
#[cfg(target_arch = "wasm32")]
pub use wasm::*;

// The README's Rust examples are doctests of this crate (natively, where doctests run).
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
