// @ts-check
// How a load is kept and retried, for the package's loader (load.js: the modules and their
// bindings) and the site's pages (www/lib/solver.js: their pools, which they import apart).
// Nothing here holds state of its own: a page's script takes these without load.js's loaders.
import { codedError, isDlxError } from './errors.js';

/**
 * `start(failures)`'s promise, kept once made (the one load every caller shares), forgotten
 * when it rejects so that the next call starts again (`failures`: how many did before). The
 * one way every module and bindings file here is loaded, and the site's later module
 * (www/lib/pool.js `fullModule`). `.keep(promise)` makes `promise` the kept one. A `start`
 * that throws is a load that failed: the call's promise rejects, the next starts again.
 * @template T
 * @param {(failures: number) => Promise<T>} start
 * @returns {(() => Promise<T>) & { keep: (promise: Promise<T>) => Promise<T> }}
 */
export function keptLoad(start) {
  /** @type {Promise<T> | null} */
  let kept = null;
  let failures = 0;
  const keep = (promise) => {
    const held = promise.catch((error) => {
      if (kept === held) kept = null;
      failures += 1;
      throw error;
    });
    kept = held;
    return held;
  };
  const begin = () => {
    try {
      return Promise.resolve(start(failures));
    } catch (error) {
      return Promise.reject(error);
    }
  };
  return Object.assign(() => kept ?? keep(begin()), { keep });
}

/**
 * `error` (a module or its bindings that could not be fetched, compiled, imported or
 * instantiated) as a `load_failed` Error with its message, the error as its `cause` (an
 * Error with a code already, as it is).
 * @param {unknown} error
 */
export function loadFailed(error) {
  if (isDlxError(error)) return error;
  let message;
  try {
    message = error instanceof Error ? String(error.message) : String(error);
  } catch {
    // What was thrown has no message to read (an object without a prototype, say).
    message = 'the module could not be loaded';
  }
  return codedError('load_failed', message, { cause: error });
}

/**
 * An ES module imported once, when first needed, by `first()` (an `import()` of the file
 * written out, which bundlers follow), kept as `keptLoad` keeps a load; after a failed
 * import (a page's network blip) the next try imports it from a URL of its own (`url()`,
 * plus `?retry=N`): a browser may keep a failed import of a URL in its module map and fail it
 * again without a request (whatwg/html#6768). A failure rejects with `load_failed`.
 * @template T
 * @param {() => Promise<T>} first
 * @param {() => URL} url
 * @returns {(() => Promise<T>) & { keep: (promise: Promise<T>) => Promise<T> }}
 */
export function keptImport(first, url) {
  return keptLoad((failures) => (failures === 0
    ? first()
    : import(/* webpackIgnore: true */ /* @vite-ignore */ `${url().href}?retry=${failures}`)
  ).catch((error) => {
    throw loadFailed(error);
  }));
}
