// Types of core.js: everything of the wasm-bindgen module built without the sudoku exports
// (whose declarations already make ExactCoverSolver iterable).
export * from './dlx_wasm_core.js';
export { default } from './dlx_wasm_core.js';
