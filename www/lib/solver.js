// What a page's script knows of its solver before its worker pools are in. The pools
// (lib/pool.js, and under it the package's pool, protocol and loader: 6 KB gzipped of the
// sudoku page's script) are loaded apart, when the page's script first asks for them
// (`pools`): on the site a file of their own (scripts/build-pages.mjs `poolsBundle`),
// preloaded with the workers' script, which every call needs too, so that the page's first
// bytes are its own script and its module (issue #36: cold start). The solver's state, which
// the page shows from its first paint, is told from the module the page carries
// (`watchSolver`), not from the pools.
import { codedError } from '../pkg/errors.js';
import { inlinedModule } from './inlined-module.js';
import { cores, startWorker } from './workers.js';

// The workers both pools start first (the quick pool's one and a search's, one per core),
// started with the page's script, so that their script (preloaded: nothing is fetched for
// them that the first call would not fetch) is read and run while the page's module and its
// pools arrive, rather than when the first call begins; the pools take them once imported.
/** @type {Worker[]} */
const early = [];
for (let k = 0; k <= cores(); k++) early.push(startWorker(early));

/** @type {Promise<typeof import('./pool.js')> | null} */
let loading = null;

/**
 * The page's worker pools (lib/pool.js), imported once, when first asked for. Rejects with
 * a `load_failed` Error where the file could not be loaded (the next call imports it again;
 * a browser may fail that one too without a request, whatwg/html#6768: the page then says to
 * reload it).
 * @returns {Promise<typeof import('./pool.js')>}
 */
export function pools() {
  loading ??= import('./pool.js').then((pool) => {
    pool.adoptWorkers(early);
    return pool;
  }, (error) => {
    loading = null;
    throw codedError('load_failed', `the page's worker pools could not be loaded: ${error?.message ?? error}`, { cause: error });
  });
  return loading;
}

/**
 * Tells `onState` how the solver loads: `'loading'` now, then `'ready'` once the page's
 * module is compiled (the one it carries, or else the one its pools fetch: the workers
 * instantiate that one), or `'failed'` with the error.
 * @param {(state: 'loading' | 'ready' | 'failed', error?: Error) => void} onState
 */
export function watchSolver(onState) {
  onState('loading');
  inlinedModule().catch(() => pools().then((pool) => pool.compiledModule())).then(
    () => onState('ready'),
    (error) => onState('failed', error),
  );
}

/**
 * What both pages say of the solver's `state` (see `watchSolver`; and `'full'`, what the
 * sudoku page says while a call waits for its full module: www/sudoku/jobs.js
 * `whenFull`), with its `error` if it failed.
 */
export function solverStateText(state, error) {
  if (state === 'loading') return 'Loading the solver…';
  if (state === 'ready') return 'Solver ready: WebAssembly in workers.';
  if (state === 'full') return 'Loading the rest of the solver…';
  return `The solver failed to load: ${error?.message ?? 'unknown error'}. Reload the page to try again.`;
}
