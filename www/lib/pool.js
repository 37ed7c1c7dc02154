// The pages' workers: the package's pool (www/pkg/pool.js) of its module workers
// (www/pkg/worker.js, which speak the package's one protocol, www/pkg/protocol.js). The page
// compiles the module once (load.js `compiledModule`, or the one the page carries: see
// `provideModule` below) and each worker is handed it, as the package's browser entry does
// (`create_worker_pool` of pool.js `makeApi`), so that no worker fetches or compiles it
// again; the coach module (hints, grades, the generator) likewise, compiled when first asked
// for (or by `preloadCoach`) and handed to a worker when its first coach call asks for it.
// A call of an export is `pool.call(name, args, { signal })`, a
// search `pool.exactCover(problem, options)`; an abort of `signal` ends the job's workers at
// once, and the pool starts new ones for the next job. The pages import this module when
// they first need it (lib/solver.js `pools`), not with their script.
import { compile, compiledCoach, compiledModule, keptLoad, mainBindings, provideModule, simd } from '../pkg/load.js';
import { makeApi, webWorker } from '../pkg/pool.js';
import { inlinedModule, parsed } from './inlined-module.js';
import { cores, startWorker } from './workers.js';

// The page's module where the page carries it, as the site's pages do (scripts/build-pages.mjs:
// a SIMD build of the main module's exports that page calls, run by the main module's
// bindings: lib/inlined-module.js), handed to load.js, so that everything that asks
// for the module (the workers, this thread's scheduler at the first search) takes that one
// and nothing fetches it. Elsewhere (www/ served as it is, or an engine without SIMD, which
// refuses the SIMD build) load.js fetches the build for the engine.
if (simd) provideModule(inlinedModule());

/** The page's module, compiled (see above): lib/solver.js `watchSolver` asks where the page carries none. */
export { compiledModule };

// A page whose module is a first one (the site's dancing-links page: exact cover alone, for
// its first count; the sudoku page: the sudoku exports without exact cover, which its Count
// waits for) names its full module (`data-later`, scripts/build-pages.mjs
// LATER_WASM): fetched when the page is idle after its first search (`searched`, which the
// dancing-links page calls), LATER_DELAY ms after the page's load, or when first needed
// (`fullModule`), then handed to load.js in place of the first, and each pool's workers
// replaced (the idle ones now, the running ones after their job: `renew`), since a worker
// instantiates one module. Until then the dancing-links page's pool runs each search in one
// worker on the first module (pkg/pool.js `splits`); the sudoku page's Count, an import's
// verdict and Auto candidates wait (www/sudoku/jobs.js `whenFull`). Neither page's first
// search needs the main module's bindings on this thread (the workers run every call, and a
// search not split needs no scheduler here): they come with the full module.
const laterUrl = () => (simd ? document.getElementById('wasm-module')?.dataset.later : undefined);

/** The later module, fetched and compiled once (load.js `keptLoad`: again after a failure). */
const laterModule = keptLoad(() => compile(new URL(laterUrl(), document.baseURI)));

/**
 * The page's later module and the main module's bindings, both in, handed over (see
 * `fullModule`): once, and again after a failure.
 */
const later = keptLoad(() => parsed().then(async () => {
  const url = laterUrl();
  if (url === undefined) return;
  // With it, the main module's bindings, which the page's script leaves out (the site
  // serves them apart: scripts/build-pages.mjs `bindingsBundle`): the pool's scheduler on
  // this thread, which the full module's first split search runs, imports them. Until
  // both are in, the first module serves; each is kept once in (where the bindings fail,
  // the next call imports them alone again, and the other way round). Either failing
  // rejects with `load_failed` (load.js).
  const [module] = await Promise.all([laterModule(), mainBindings()]);
  provideModule(Promise.resolve(module));
  complete = true;
  quick?.renew();
  shared?.renew();
}));

/**
 * Resolves once the page's module has every export the page calls: at once where the page
 * carries its full module (or none), else once its later module is fetched and handed over
 * (fetched now if it was not asked for yet). Rejects where it could not be loaded (a
 * `load_failed` Error, and the next call tries again); the first module still serves what
 * it has.
 * @returns {Promise<void>}
 */
export function fullModule() {
  ask();
  return later();
}

let complete = false;

/** Whether the page's module has every export the page calls now (see `fullModule`). */
export function hasFullModule() {
  return complete || laterUrl() === undefined;
}

/** How long after the page's load its later module is fetched if no search asked first, in ms. */
const LATER_DELAY = 2000;
/** @type {() => void} */
let ask;
const asked = new Promise((resolve) => {
  ask = resolve;
});
/** Calls `f` when the page is next idle. */
const whenIdle = (f) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(f, { timeout: 1000 }) : setTimeout(f, 0));

/**
 * As `fullModule`, but where the page's later module is not asked for yet, it is fetched
 * when the page is idle after its first search (`searched`), or LATER_DELAY ms after the
 * page's load, not sooner: so that nothing competes with the page's first bytes and count.
 * @returns {Promise<void>}
 */
export function fullModuleLater() {
  return parsed().then(() => (laterUrl() === undefined ? undefined : asked)).then(fullModule);
}

/** Tells the page's pools that its first search is done (see `fullModuleLater`). */
export function searched() {
  whenIdle(ask);
}

// (This module may come in after the page's load: the pages import it when first needed.)
const afterLoad = () => setTimeout(() => whenIdle(ask), LATER_DELAY);
if (document.readyState === 'complete') afterLoad();
else window.addEventListener('load', afterLoad, { once: true });

/**
 * The workers the page's script started first (lib/solver.js: a frame after the page's module
 * is compiled, which hands them over when it imports this module: `adoptWorkers`), which the
 * pools take (`spawn`) before starting others.
 * @type {Worker[]}
 */
let early = [];

/** Hands the pools the workers the page's script started first (see `early`). */
export function adoptWorkers(workers) {
  early = workers;
}

const { create_worker_pool: createPool } = makeApi({
  spawn: () => webWorker(early.shift() ?? startWorker(early)),
  cores,
  module: compiledModule,
  coach: compiledCoach,
});

let quick = null;
let shared = null;

/**
 * A pool of one worker for the page's small questions (reading a problem or a puzzle,
 * conflicts, candidates, hints, traces), so that they are answered while a long job runs.
 */
export function quickPool() {
  quick ??= createPool(1);
  return quick;
}

/** The pool for long jobs (searches, counts, solves), one worker per core, started on first use. */
export function workerPool() {
  shared ??= createPool(cores());
  return shared;
}

/**
 * Fetches and compiles the coach module now (once), so that the first coach call does not
 * wait for it; a failure is left for that call to report (it tries again).
 */
export function preloadCoach() {
  compiledCoach().catch(() => {});
}
