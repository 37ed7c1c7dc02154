// The module a page carries, where it does (the site's pages: scripts/build-pages.mjs inlines
// it in pieces, which lib/compile-inlined.js compiles as they arrive), as both the page's
// script (lib/solver.js, for the solver's state) and its pools (lib/pool.js, which hand it to
// the workers) take it.

/** Resolves once the document is parsed. */
export const parsed = () => new Promise((resolve) => {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', resolve, { once: true });
  else resolve();
});

/**
 * The module the page carries, where it does (the site's pages: scripts/build-pages.mjs, a
 * SIMD build), compiled by lib/compile-inlined.js while its pieces arrive
 * (`window.inlinedModule`, taken as soon as its first piece makes it: the page's script runs
 * before, and an `inlinedmodule` event says when; not at `DOMContentLoaded`, up to 13 ms
 * after the module is compiled at the cold-start bench's 4x CPU throttling). Rejects where
 * the page carries none (found once the document is parsed: www/ served as it is) or the
 * engine refused it (one without SIMD); lib/pool.js then fetches the build for the engine.
 * @returns {Promise<WebAssembly.Module>}
 */
export const inlinedModule = () => new Promise((resolve, reject) => {
  const take = () => {
    if (window.inlinedModule === undefined) return false;
    resolve(window.inlinedModule);
    return true;
  };
  if (take()) return;
  window.addEventListener('inlinedmodule', take, { once: true });
  parsed().then(() => take() || reject(new Error('no module on the page')));
});
