// Types of sudoku.js: everything of the wasm-bindgen module built with the sudoku exports
// (whose declarations already make ExactCoverSolver iterable).
export * from './dlx_wasm_sudoku.js';
export { default } from './dlx_wasm_sudoku.js';
