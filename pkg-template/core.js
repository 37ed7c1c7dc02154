// The browser and bundler entry of `dlx-wasm/core`: wasm-bindgen's `--target web` module
// built without the sudoku exports, the trace and the memo (`exact_cover` and
// `ExactCoverSolver` alone, a smaller download; `exact_cover`'s `memo` throws
// `unsupported_option` there, see below), with its class finished (classes.js: the solver iterable, a
// freed one that says so) and each export guarded until `init()` has resolved (ready.js).
import * as raw from './dlx_wasm_core.js';
import { guardFreed, makeIterable } from './classes.js';
import { codedError } from './errors.js';
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
const guarded = guardReady(raw, () => ready);
export const { ExactCoverSolver } = guarded;

/**
 * The module's `exact_cover`, whose refusal of a memo key becomes `unsupported_option`: the
 * core is built without the memo, so `memo`, `memoBytes` and `memoOrder` (the main module's
 * keys) are unknown keys to it, which it refuses as `invalid_argument`; this says where the
 * memo is instead. The refusal is made here, not in the module: in wasm it cost 300 bytes
 * gzipped (tests/js/memo.test.mjs checks it). The keys' pattern is held to the modules'
 * schemas (src/wasm/keys.rs): tests/js/schema.test.mjs checks that it matches exactly
 * the keys the main module's exact_cover takes and the core's does not.
 */
export function exact_cover(problem, options) {
  try {
    return guarded.exact_cover(problem, options);
  } catch (error) {
    if (error?.code !== 'invalid_argument' || !/^options\.memo(Bytes|Order)?$/.test(error.path)) throw error;
    throw codedError('unsupported_option', `${error.path}: dlx-wasm/core has no memoised counting: `
      + 'count with the exact_cover of the main module, dlx-wasm', { path: error.path });
  }
}
