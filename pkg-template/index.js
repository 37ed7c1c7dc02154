// The package's browser and bundler entry (`dlx-wasm`): wasm-bindgen's `--target web` module
// of the exact-cover API, with ExactCoverSolver made iterable.
import { ExactCoverSolver } from './dlx_wasm.js';
import { makeIterable } from './iterable.js';

export * from './dlx_wasm.js';
export { default } from './dlx_wasm.js';

makeIterable(ExactCoverSolver);
