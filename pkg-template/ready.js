// @ts-check
// What the package's exports do when called before their module is instantiated: in a
// browser, before `await init()` has resolved (the coach's exports: `await init_coach()`). wasm-bindgen's own functions would fail on
// `undefined` with a TypeError that says nothing of init; each export is wrapped so that it
// throws a coded `not_initialized` Error that says what to do instead. The wrapper costs a
// `try` (nothing, where nothing throws); an error thrown once the module is ready passes
// through untouched.

/**
 * The functions and classes of the wasm-bindgen module `module`, each wrapped as above
 * (`ready()` says whether the module is instantiated). Classes stay the same classes for
 * `instanceof` and their static members: a Proxy checks only construction.
 * `init` names the call that instantiates the module, for the error; `before`, where given,
 * runs before each call of a function (the Node entry's lazy coach: load.js `ensureCoach`).
 * @param {Record<string, unknown>} module
 * @param {() => boolean} ready
 * @param {{ init?: string, before?: () => void }} [how]
 * @returns {Record<string, any>}
 */
export function guardReady(module, ready, { init = 'init', before } = {}) {
  /** @type {Record<string, any>} */
  const out = {};
  /** @param {string} name @param {unknown} error */
  const check = (name, error) => (!ready() && error instanceof TypeError ? notInitialized(name, init, error) : error);
  for (const [name, value] of Object.entries(module)) {
    if (typeof value !== 'function' || name === 'default' || name === 'initSync') continue;
    const g = /** @type {Function} */ (value);
    // With `before` (the coach's exports in Node), it runs first; else the export itself.
    /** @type {Function} */
    const f = before && !/^[A-Z]/.test(name)
      ? (/** @type {unknown} */ a, /** @type {unknown} */ b, /** @type {unknown} */ c, /** @type {unknown} */ d) => {
        before();
        return g(a, b, c, d);
      }
      : g;
    out[name] = /^[A-Z]/.test(name)
      ? new Proxy(f, {
        construct(target, args, newTarget) {
          try {
            return Reflect.construct(target, args, newTarget);
          } catch (error) {
            throw check(name, error);
          }
        },
      })
      : {
        // Four arguments, passed as they are (no rest array, no spread: a call stays as
        // cheap as the export's own); no export takes more, and an optional argument left
        // out is `undefined` either way.
        /** @param {unknown} a @param {unknown} b @param {unknown} c @param {unknown} d */
        [name](a, b, c, d) {
          try {
            return f(a, b, c, d);
          } catch (error) {
            throw check(name, error);
          }
        },
      }[name];
  }
  return out;
}

/** @param {string} name @param {string} init @param {unknown} cause */
function notInitialized(name, init, cause) {
  const what = init === 'init' ? "`await init()` (the package's default export)" : `\`await ${init}()\``;
  const error = new Error(`${name}: the module is not initialised yet: ${what} before calling it`, { cause });
  return Object.assign(error, { code: 'not_initialized' });
}
