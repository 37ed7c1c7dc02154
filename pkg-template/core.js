// The browser and bundler entry of `dlx-wasm/core`: wasm-bindgen's `--target web` module
// built without the sudoku exports (the exact-cover API alone, a smaller download), with
// ExactCoverSolver made iterable.
import { ExactCoverSolver } from './dlx_wasm_core.js';
import { makeIterable } from './iterable.js';

export * from './dlx_wasm_core.js';
export { default } from './dlx_wasm_core.js';

makeIterable(ExactCoverSolver);
