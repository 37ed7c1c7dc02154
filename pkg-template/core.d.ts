/// <reference lib="esnext.disposable" />
// Types of core.js: everything of the wasm-bindgen module built without the sudoku exports,
// the trace and the memo (its classes' `[Symbol.dispose]` needs the lib referenced above).
export * from './dlx_wasm_core.js';
export { default } from './dlx_wasm_core.js';
import type { DlxError } from './dlx_wasm_core.js';
/** Whether `value` is an Error this package threw (an Error with a `code`). */
export declare function isDlxError(value: unknown): value is DlxError;
