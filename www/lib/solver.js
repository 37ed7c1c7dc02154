// What a page's script knows of its solver before its worker pools are in. The pools
// (lib/pool.js, and under it the package's pool, protocol and loader: 6 KB gzipped of the
// sudoku page's script) are loaded apart, when the page's script first asks for them
// (`pools`): on the site a file of their own (scripts/build-pages.mjs `poolsBundle`),
// preloaded with the workers' script, which every call needs too, so that the page's first
// bytes are its own script and its module (issue #36: cold start). The solver's state, which
// the page shows from its first paint, is told from the module the page carries
// (`watchSolver`), not from the pools.
import { keptImport } from '../pkg/kept.js';
import { inlinedModule } from './inlined-module.js';
import { cores, startWorker } from './workers.js';

// The workers both pools start first (the quick pool's one and a search's, one per core),
// started once the page's module is compiled (or found missing) and the frame that says so
// drawn, or at the first import of the pools if that comes first, so that their script
// (preloaded: nothing is fetched for them that the first call would not fetch) is read and
// run while the pools arrive, rather than when the first call begins; the pools take them
// once imported. Not with the page's script: starting them took its thread 13 ms at the
// cold-start bench's 4x CPU throttling, and their threads the machine's cores, while the
// page's module was still arriving and compiling (issue #36); and at that bench their
// script comes in after the module anyway.
/** @type {Worker[]} */
const early = [];
let started = false;
const startEarly = () => {
  if (started) return;
  started = true;
  for (let k = 0; k <= cores(); k++) early.push(startWorker(early));
};
const afterFrame = () => requestAnimationFrame(() => setTimeout(startEarly));
inlinedModule().then(afterFrame, afterFrame);

/** The pools' file, named apart so that no bundler takes `new URL` of it for an asset. */
const POOLS = './pool.js';

/** lib/pool.js, imported once (kept.js `keptImport`: after a failure, again from a URL of its own). */
const imported = keptImport(() => import('./pool.js'), () => new URL(POOLS, import.meta.url));

/**
 * The page's worker pools (lib/pool.js), imported when first asked for, and handed the
 * workers started first. Rejects with a `load_failed` Error where the file could not
 * be loaded, its `part` 'pools' (what the page's words name); the next call tries again.
 * @returns {Promise<typeof import('./pool.js')>}
 */
export function pools() {
  return imported().then((pool) => {
    startEarly();
    // (The same list at each call: the pools take their workers from it.)
    pool.adoptWorkers(early);
    return pool;
  }, (error) => {
    throw Object.assign(error, { part: 'pools' });
  });
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
