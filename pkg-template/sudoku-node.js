// The Node entry of dlx-wasm/sudoku (`exports["./sudoku"].node` in package.json). It
// instantiates the WebAssembly module synchronously at import time, so
//     import { solve_sudoku } from 'dlx-wasm/sudoku';
// works with no init call, and re-exports everything of the browser entry (sudoku.js).
import { readFileSync } from 'node:fs';
import { initSync } from './dlx_wasm_sudoku.js';

const wasm = initSync({
  module: readFileSync(new URL('./dlx_wasm_sudoku_bg.wasm', import.meta.url)),
});

export * from './sudoku.js';

/** Already initialised in Node: resolves at once, so browser-style `await init()` code runs unchanged. */
export default function init() {
  return Promise.resolve(wasm);
}
