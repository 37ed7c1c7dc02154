// The package's browser and bundler entry (`dlx-wasm`, also `dlx-wasm/sudoku`): wasm-bindgen's
// `--target web` module with the whole API, its classes finished (classes.js: the solver
// iterable, freed objects that say so), each export guarded until `init()` has resolved
// (ready.js), and the async API (exact_cover_async, solve_sudoku_async) on a pool of module
// Web Workers, which get the module compiled once (load.js).
import * as raw from './dlx_wasm.js';
import { guardFreed, makeIterable } from './classes.js';
import { compiledModule, initialized, markInitialized } from './load.js';
import { makeApi, webWorker } from './pool.js';
import { guardReady } from './ready.js';

export * from './dlx_wasm.js';
// wasm-bindgen's `init`, loading by default the module's build for this engine (load.js).
export { init as default } from './load.js';
export { WorkerPool } from './pool.js';
export { isDlxError } from './errors.js';

guardFreed(raw.ExactCoverSolver, raw.ExactCoverTasks, raw.TaskSchedule);
makeIterable(raw.ExactCoverSolver);

/** wasm-bindgen's `initSync`, marking the module ready for the guarded exports. */
export function initSync(module) {
  const exports = raw.initSync(module);
  markInitialized();
  return exports;
}

// Every function and class of the module, guarded (a test checks that none is left out).
export const {
  ExactCoverSolver, ExactCoverTasks, TaskSchedule, exact_cover, exact_cover_trace, solve_sudoku,
  solve_sudoku_batch, count_sudoku_solutions, sudoku_candidates, generate_sudoku, read_sudoku,
  sudoku_hint, sudoku_solve_path, rate_sudoku, sudoku_conflicts, solve_sudoku_report,
  sudoku_exact_cover, sudoku_layout,
} = guardReady(raw, initialized);

export const {
  exact_cover_async, solve_sudoku_async, create_worker_pool, close_worker_pool,
} = makeApi({
  // The form bundlers recognise: Vite, webpack and esbuild emit worker.js and its imports.
  spawn: () => webWorker(new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })),
  cores: () => globalThis.navigator?.hardwareConcurrency || 4,
  // The module each worker instantiates, compiled once here.
  module: compiledModule,
});
