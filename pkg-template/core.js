// The browser and bundler entry of `dlx-wasm/core`: wasm-bindgen's `--target web` module
// built without the sudoku exports, the trace and the memo (`exact_cover` and
// `ExactCoverSolver` alone, a smaller download; `exact_cover`'s `memo` throws
// `unsupported_option` there), with its class finished (classes.js: the solver iterable, a
// freed one that says so) and each export guarded until `init()` has resolved (ready.js).
import * as raw from './dlx_wasm_core.js';
import { guardFreed, makeIterable } from './classes.js';
import { guardReady } from './ready.js';

export * from './dlx_wasm_core.js';
export { isDlxError } from './errors.js';

guardFreed(raw.ExactCoverSolver);
makeIterable(raw.ExactCoverSolver);

let ready = false;

/** wasm-bindgen's `init` (the module's default export), marking the module ready. */
export default async function init(input) {
  const exports = await raw.default(input);
  ready = true;
  return exports;
}

/** wasm-bindgen's `initSync`, marking the module ready. */
export function initSync(module) {
  const exports = raw.initSync(module);
  ready = true;
  return exports;
}

// Every function and class of the module, guarded (a test checks that none is left out).
export const { ExactCoverSolver, exact_cover } = guardReady(raw, () => ready);
