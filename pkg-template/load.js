// How the package's modules are loaded. The main module comes in two builds:
// dlx_wasm_simd_bg.wasm, compiled for WebAssembly's 128-bit SIMD (`simd128`: every current
// browser and Node has it), and dlx_wasm_bg.wasm, without, for engines that lack it. Both are
// the same code under the same bindings (scripts/build.sh checks), so either serves
// dlx_wasm.js; the SIMD one runs the sudoku batch faster. An engine has SIMD when it accepts
// this module:
//   (module (func (result v128) (v128.const i32x4 0 0 0 0)))
// The coach module (dlx_wasm_coach_bg.wasm: sudoku_hint, sudoku_solve_path, rate_sudoku,
// generate_sudoku) is loaded the same way, apart and only when asked for (`init_coach()`, a
// coach export called in Node or on the worker pool). The main module's bindings
// (dlx_wasm.js) are imported when this thread first instantiates it (`mainBindings`), so that
// a page whose workers run every call (the site's pages: www/lib/pool.js) does not load them
// before its first search needs the pool's scheduler (pool.js `runTasks`); the site's pages
// fetch them with their full module (www/lib/pool.js `fullModule`).

import { keptImport, keptLoad, loadFailed } from './kept.js';

// (Kept here too for the modules that import them from this one: kept.js is their source.)
export { keptLoad, loadFailed };

const PROBE = new Uint8Array([
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 22, 1, 20, 0, 253, 12,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 11,
]);

/** Whether this engine runs WebAssembly SIMD, so that the SIMD build is the one loaded. */
export const simd = WebAssembly.validate(PROBE);

/**
 * The URL of the main module's build for this engine. Each URL is written out as
 * `new URL('…', import.meta.url)`, the form bundlers follow to emit the file.
 */
export function wasmUrl() {
  return simd
    ? new URL('./dlx_wasm_simd_bg.wasm', import.meta.url)
    : new URL('./dlx_wasm_bg.wasm', import.meta.url);
}

/** The URL of the coach module. */
export function coachUrl() {
  return new URL('./dlx_wasm_coach_bg.wasm', import.meta.url);
}

/**
 * One module's loading: fetched and compiled once (`compiled`), instantiated by `init`,
 * `initialized()` once it is (or `markInitialized()` where it was instantiated synchronously).
 * @param {() => URL} url
 * @param {(input: object) => Promise<object>} instantiate wasm-bindgen's `init` of the module
 */
function loader(url, instantiate) {
  let ready = false;
  /** @type {WebAssembly.Module | undefined} what `init` instantiated, where it was given a module */
  let instantiated;
  const compiled = keptLoad(() => compile(url()));
  return {
    compiled,
    initialized: () => ready,
    instantiated: () => instantiated,
    markInitialized: () => {
      ready = true;
    },
    /**
     * Takes `module`, a promise of this module compiled elsewhere (a page that carries it),
     * as what `compiled()` resolves to; where it rejects, `compiled()` fetches as usual.
     * @param {Promise<WebAssembly.Module>} module
     */
    provide(module) {
      compiled.keep(module.catch(() => compile(url())));
    },
    /** @param {unknown} [input] */
    async init(input) {
      const source = input ?? await compiled();
      let exports;
      try {
        exports = await instantiate(source instanceof WebAssembly.Module || input === undefined
          ? { module_or_path: source }
          : input);
      } catch (error) {
        throw loadFailed(error);
      }
      ready = true;
      const given = input?.module_or_path ?? source;
      instantiated = given instanceof WebAssembly.Module ? given : undefined;
      return exports;
    },
  };
}

/**
 * The module at `url`, fetched and compiled (streaming where the server sends
 * `application/wasm`): how every module here is loaded, and a page's later module (the
 * site's pages: www/lib/pool.js `fullModule`) before it goes to `provideModule`.
 * @param {URL | string} url
 * @returns {Promise<WebAssembly.Module>}
 */
export async function compile(url) {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`fetching ${url} failed: ${response.status} ${response.statusText}`);
    if (typeof WebAssembly.compileStreaming === 'function'
      && response.headers.get('Content-Type')?.startsWith('application/wasm')) {
      return await WebAssembly.compileStreaming(response);
    }
    return await WebAssembly.compile(await response.arrayBuffer());
  } catch (error) {
    throw loadFailed(error);
  }
}

/** The bindings' files, named apart so that no bundler takes `new URL` of them for an asset. */
const MAIN_BINDINGS = './dlx_wasm.js';
const COACH_BINDINGS = './dlx_wasm_coach.js';

/**
 * The main module's bindings (dlx_wasm.js), imported once, when first needed (kept.js
 * `keptImport`): by `init`, and by the pool's scheduler on this thread (pool.js). An entry
 * that imports them itself (index.js, a worker) gets the same module: an import of the same
 * file is one module.
 * @type {() => Promise<typeof import('./dlx_wasm.js')>}
 */
export const mainBindings = keptImport(() => import('./dlx_wasm.js'), () => new URL(MAIN_BINDINGS, import.meta.url));

/**
 * The coach module's bindings (dlx_wasm_coach.js), imported once, when first needed, as the
 * main module's (kept.js `keptImport`): by `initCoach`, and by a pool's worker with the coach
 * module the pool sends it (worker.js), which it asks for at its first call of a coach export
 * (protocol.js `COACH_CALLS`).
 * @type {() => Promise<typeof import('./dlx_wasm_coach.js')>}
 */
export const coachBindings = keptImport(() => import('./dlx_wasm_coach.js'), () => new URL(COACH_BINDINGS, import.meta.url));

const main = loader(wasmUrl, async (input) => (await mainBindings()).default(input));
// The coach module's bindings are imported with it (`coachBindings`), so that a page that
// never asks the coach fetches neither.
const coach = loader(coachUrl, async (input) => (await coachBindings()).default(input));

/**
 * The main module's build for this engine, fetched and compiled once (streaming where the
 * server sends `application/wasm`): `init()` instantiates it, and the worker pool hands the
 * same compiled module to each of its workers, so that none fetches or compiles it again.
 * @returns {Promise<WebAssembly.Module>}
 */
export const compiledModule = main.compiled;

/**
 * Where the page carries the main module (the site's pages: www/lib/pool.js), the promise of
 * it compiled, which `compiledModule` and `init()` then take instead of fetching it (and
 * fetch after all where it rejects). Given again (a page's later module, with more exports),
 * it is what `compiledModule` resolves to from then on: what this thread instantiated stays.
 */
export const provideModule = main.provide;

/** Whether the main module is instantiated (the package's exports check it: `not_initialized`). */
export const initialized = main.initialized;

/**
 * The compiled module this thread instantiated as the main module, where `init` was given
 * one or compiled it (undefined where it was instantiated from bytes or synchronously): a
 * page's first module stays this thread's after a later one is provided (www/lib/pool.js).
 * @returns {WebAssembly.Module | undefined}
 */
export const instantiatedModule = main.instantiated;

/**
 * wasm-bindgen's `init`, loading by default the build for this engine ([`compiledModule`]);
 * given a compiled module, a URL or a response, it loads that. The package's default
 * export, and what its web workers and the pages' workers call.
 */
export const init = main.init;

/** Marks the main module instantiated where it was synchronously (the Node entry's `initSync`). */
export const markInitialized = main.markInitialized;

/**
 * The coach module, fetched and compiled once, as [`compiledModule`]: `initCoach()`
 * instantiates it, and the worker pool hands it to a worker that asks for it (at its first
 * call of a coach export).
 * @returns {Promise<WebAssembly.Module>}
 */
export const compiledCoach = coach.compiled;

/** Whether the coach module is instantiated (its exports check it: `not_initialized`). */
export const coachInitialized = coach.initialized;

/** wasm-bindgen's `init` of the coach module, as [`init`]: the package's `init_coach`. */
export const initCoach = coach.init;

/** Marks the coach module instantiated where it was synchronously (the Node entry). */
export const markCoachInitialized = coach.markInitialized;

/** @type {(() => void) | null} */
let coachLoader = null;

/**
 * Registers how to instantiate the coach module synchronously (the Node entry, which reads
 * the file), so that its exports need no `init_coach()`: [`ensureCoach`] then runs it
 * before the first call of one.
 * @param {() => void} load
 */
export function loadCoachWith(load) {
  coachLoader = load;
}

/** Instantiates the coach module by the registered loader, if any, unless it already is. */
export function ensureCoach() {
  if (coachLoader && !coach.initialized()) coachLoader();
}
