// The browser and bundler entry of `dlx-wasm/core`: wasm-bindgen's `--target web` module
// built without the sudoku exports (the exact-cover API alone, a smaller download), with
// its class finished (classes.js: the solver iterable, a freed one that says so).
import { ExactCoverSolver } from './dlx_wasm_core.js';
import { guardFreed, makeIterable } from './classes.js';

export * from './dlx_wasm_core.js';
export { default } from './dlx_wasm_core.js';

guardFreed(ExactCoverSolver);
makeIterable(ExactCoverSolver);
