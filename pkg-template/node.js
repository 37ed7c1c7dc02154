// The Node entry of dlx-wasm (`exports["."].node` in package.json). It compiles and
// instantiates the main WebAssembly module synchronously at import time, so
//     import { exact_cover } from 'dlx-wasm';
// works with no init call, and re-exports everything of the browser entry (index.js), with
// the async API on worker threads instead of Web Workers, each handed the compiled module.
// The coach module (sudoku_hint, sudoku_solve_path, rate_sudoku, generate_sudoku) is read,
// compiled and instantiated synchronously at the first call of one of them, so that code
// that never calls them never pays for it, and needs no `init_coach()` either.
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { initSync as initCoachSync } from './dlx_wasm_coach.js';
import { initSync } from './index.js';
import { coachInitialized, coachUrl, loadCoachWith, markCoachInitialized, wasmUrl } from './load.js';
import { makeApi } from './pool.js';

const module = new WebAssembly.Module(readFileSync(wasmUrl()));
const wasm = initSync({ module });

/** @type {WebAssembly.Module | null} */
let coach = null;
/** The coach module, read and compiled once, at the first need. */
function coachModule() {
  coach ??= new WebAssembly.Module(readFileSync(coachUrl()));
  return coach;
}
/** Instantiates the coach module (once). */
function loadCoach() {
  if (coachInitialized()) return;
  initCoachSync({ module: coachModule() });
  markCoachInitialized();
}
loadCoachWith(loadCoach);

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
  // The coach module, compiled here once, handed to a worker when its first coach call asks.
  coach: async () => coachModule(),
});

/** Already initialised in Node: resolves at once, so browser-style `await init()` code runs unchanged. */
export default function init() {
  return Promise.resolve(wasm);
}

/**
 * In Node the coach module loads at the first call of a coach export; this loads it now
 * (synchronously) and resolves, so browser-style `await init_coach()` code runs unchanged.
 */
export function init_coach() {
  try {
    loadCoach();
    return Promise.resolve();
  } catch (error) {
    return Promise.reject(error);
  }
}
