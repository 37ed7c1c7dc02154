//! The JS boundary in Node: `cargo test --target wasm32-unknown-unknown --tests` runs this
//! file with wasm-bindgen-test-runner (see `.cargo/config.toml`). Same tests as
//! `wasm_browser.rs`; no configure macro here, so the runner picks Node.
#![cfg(target_arch = "wasm32")]

mod wasm_boundary;
