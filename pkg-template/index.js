// The package's browser and bundler entry (`dlx-wasm`, also `dlx-wasm/sudoku`): wasm-bindgen's
// `--target web` module with the whole API, its classes finished (classes.js: the solver
// iterable, freed objects that say so), and the async API (countSolutions, findSolutions,
// solveSudokuAsync) on a pool of module Web Workers.
import { ExactCoverSolver, ExactCoverTasks } from './dlx_wasm.js';
import { guardFreed, makeIterable } from './classes.js';
import { makeApi, webWorker } from './pool.js';

export * from './dlx_wasm.js';
// wasm-bindgen's `init`, loading by default the module's build for this engine (load.js).
export { init as default } from './load.js';
export { WorkerPool } from './pool.js';

guardFreed(ExactCoverSolver, ExactCoverTasks);
makeIterable(ExactCoverSolver);

export const {
  countSolutions, findSolutions, solveSudokuAsync, createWorkerPool, closeWorkerPool,
} = makeApi({
  // The form bundlers recognise: Vite, webpack and esbuild emit worker.js and its imports.
  spawn: () => webWorker(new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })),
  cores: () => globalThis.navigator?.hardwareConcurrency || 4,
});
