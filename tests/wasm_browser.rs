//! The JS boundary in headless Chromium (through chromedriver): the same tests as
//! `wasm_node.rs`. The configure macro applies to the whole test binary, hence two files.
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

mod wasm_boundary;
