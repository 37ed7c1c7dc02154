// The Node entry of dlx-wasm (`exports["."].node` in package.json). It compiles and
// instantiates the WebAssembly module synchronously at import time, so
//     import { exact_cover } from 'dlx-wasm';
// works with no init call, and re-exports everything of the browser entry (index.js), with
// the async API on worker threads instead of Web Workers, each handed the compiled module.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { initSync } from './index.js';
import { wasmUrl } from './load.js';
import { makeApi } from './pool.js';

const module = new WebAssembly.Module(readFileSync(wasmUrl()));
const wasm = initSync({ module });

export * from './index.js';

/** A worker thread as the pool drives it; idle ones do not keep the process alive. */
function nodeWorker(worker) {
  return {
    post: (message) => worker.postMessage(message),
    terminate: () => worker.terminate(),
    listen: (handle) => worker.on('message', handle),
    fail: (handle) => {
      worker.on('error', handle);
      worker.on('exit', (code) => handle(new Error(`the worker exited with code ${code}`)));
    },
    ref: () => worker.ref(),
    unref: () => worker.unref(),
  };
}

export const {
  exact_cover_async, solve_sudoku_async, create_worker_pool, close_worker_pool,
} = makeApi({
  // `execArgv: []`: the worker does not inherit the process's flags (`--input-type=module`,
  // `--eval`, ... would make it fail at start); `workerData`: the module compiled above.
  spawn: () => nodeWorker(new Worker(new URL('./worker-node.js', import.meta.url), {
    execArgv: [], workerData: { module },
  })),
  cores: () => availableParallelism(),
});

/** Already initialised in Node: resolves at once, so browser-style `await init()` code runs unchanged. */
export default function init() {
  return Promise.resolve(wasm);
}
