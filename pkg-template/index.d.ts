// Types of index.js: everything of the wasm-bindgen module (whose declarations already make
// ExactCoverSolver iterable).
export * from './dlx_wasm.js';
export { default } from './dlx_wasm.js';
