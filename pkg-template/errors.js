// @ts-check
// The package's own errors, beside the module's: a coded Error, and the guard that tells one.
// Every code (the module's and these) is listed once, in `DlxErrorCode` (src/wasm/errors.rs);
// tests/js/errors.test.mjs checks that the codes thrown here are among them.

/**
 * An `Error` with a machine-readable `code` and the properties `props` (`path`, ...).
 * @param {string} code
 * @param {string} message
 * @param {Record<string, unknown>} [props]
 */
export function codedError(code, message, props) {
  return Object.assign(new Error(message), props, { code });
}

/**
 * Whether `value` is an Error this package threw or rejected with: an `Error` with a string
 * `code` (an abort rejects with the signal's own reason instead).
 * @param {unknown} value
 * @returns {boolean}
 */
export function isDlxError(value) {
  return value instanceof Error && typeof (/** @type {{ code?: unknown }} */ (value)).code === 'string';
}
