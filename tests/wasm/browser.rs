//! The JS boundary in headless Chromium (through chromedriver; test binary `wasm_browser`):
//! the same tests as `wasm_node` runs in Node ([`boundary`]). The configure macro applies to
//! the whole test binary, hence two binaries.
#![cfg(target_arch = "wasm32")]

wasm_bindgen_test::wasm_bindgen_test_configure!(run_in_browser);

mod boundary;
