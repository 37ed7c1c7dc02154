// The package's browser and bundler entry (`dlx-wasm`, also `dlx-wasm/sudoku`): wasm-bindgen's
// `--target web` module with exact cover and the sudoku solvers, its classes finished
// (classes.js: the solver iterable, freed objects that say so), each export guarded until
// `init()` has resolved (ready.js); the coach's exports from the coach module, guarded until
// `init_coach()` has resolved; and the async API (exact_cover_async, solve_sudoku_async) on a
// pool of module Web Workers, which get the modules compiled once (load.js).
import * as raw from './dlx_wasm.js';
import * as coachRaw from './dlx_wasm_coach.js';
import { guardFreed, makeIterable } from './classes.js';
import {
  coachInitialized, compiledCoach, compiledModule, ensureCoach, initCoach, initialized, markInitialized,
} from './load.js';
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
  solve_sudoku_batch, count_sudoku_solutions, sudoku_candidates, read_sudoku, sudoku_conflicts,
  solve_sudoku_report, sudoku_exact_cover, sudoku_layout,
} = guardReady(raw, initialized);

// Every function of the coach module, guarded until `init_coach()` has resolved (in Node,
// instantiated at the first call instead: node.js registers the loader `ensureCoach` runs).
export const {
  generate_sudoku, rate_sudoku, sudoku_hint, sudoku_solve_path,
} = guardReady(coachRaw, coachInitialized, { init: 'init_coach', before: ensureCoach });

/**
 * Loads the coach module (`sudoku_hint`, `sudoku_solve_path`, `rate_sudoku`,
 * `generate_sudoku`): fetched and compiled once (streaming), then instantiated; given a
 * compiled module, a URL or a response, it loads that. Resolves once they can be called.
 * The worker pool needs none of this: it loads the coach module for the first call of one.
 */
export function init_coach(input) {
  return initCoach(input);
}

export const {
  exact_cover_async, solve_sudoku_async, create_worker_pool, close_worker_pool,
} = makeApi({
  // The form bundlers recognise: Vite, webpack and esbuild emit worker.js and its imports.
  spawn: () => webWorker(new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })),
  cores: () => globalThis.navigator?.hardwareConcurrency || 4,
  // The module each worker instantiates, compiled once here; the coach module likewise,
  // handed to a worker when its first call of a coach export asks for it.
  module: compiledModule,
  coach: compiledCoach,
});
