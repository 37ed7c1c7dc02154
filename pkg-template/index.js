// The package's browser and bundler entry (`dlx-wasm`, also `dlx-wasm/sudoku`): wasm-bindgen's
// `--target web` module with the whole API, with ExactCoverSolver made iterable, and the async
// API (countSolutions, findSolutions, solveSudokuAsync) on a pool of module Web Workers.
import initModule, { ExactCoverSolver } from './dlx_wasm.js';
import { makeIterable } from './iterable.js';
import { wasmUrl } from './load.js';
import { makeApi, webWorker } from './pool.js';

export * from './dlx_wasm.js';
export { WorkerPool } from './pool.js';

/**
 * wasm-bindgen's `init`, loading by default the build of the module for this engine (the
 * SIMD one where WebAssembly SIMD runs, see load.js); given a module, a URL or a response,
 * it loads that.
 */
export default function init(input) {
  return initModule(input ?? { module_or_path: wasmUrl() });
}

makeIterable(ExactCoverSolver);

export const {
  countSolutions, findSolutions, solveSudokuAsync, createWorkerPool, closeWorkerPool,
} = makeApi({
  // The form bundlers recognise: Vite, webpack and esbuild emit worker.js and its imports.
  spawn: () => webWorker(new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })),
  cores: () => globalThis.navigator?.hardwareConcurrency || 4,
});
