// The package's browser and bundler entry (`dlx-wasm`, also `dlx-wasm/sudoku`): wasm-bindgen's
// `--target web` module with the whole API, with ExactCoverSolver made iterable.
import { ExactCoverSolver } from './dlx_wasm.js';
import { makeIterable } from './iterable.js';

export * from './dlx_wasm.js';
export { default } from './dlx_wasm.js';

makeIterable(ExactCoverSolver);
