// The Node entry of dlx-wasm/core (`exports["./core"].node` in package.json). It
// instantiates the WebAssembly module synchronously at import time, so
//     import { exact_cover } from 'dlx-wasm/core';
// works with no init call, and re-exports everything of the browser entry (core.js).
import { readFileSync } from 'node:fs';
import { initSync } from './core.js';

const wasm = initSync({
  module: readFileSync(new URL('./dlx_wasm_core_bg.wasm', import.meta.url)),
});

export * from './core.js';

/** Already initialised in Node: resolves at once, so browser-style `await init()` code runs unchanged. */
export default function init() {
  return Promise.resolve(wasm);
}
