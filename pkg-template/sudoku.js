// The browser and bundler entry of `dlx-wasm/sudoku`: wasm-bindgen's `--target web` module
// built with the sudoku exports (and everything of `dlx-wasm`), with ExactCoverSolver made
// iterable.
import { ExactCoverSolver } from './dlx_wasm_sudoku.js';
import { makeIterable } from './iterable.js';

export * from './dlx_wasm_sudoku.js';
export { default } from './dlx_wasm_sudoku.js';

makeIterable(ExactCoverSolver);
