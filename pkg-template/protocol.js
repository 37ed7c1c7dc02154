// @ts-check
// The one protocol between the package's worker pool (pool.js) and its workers
// (worker-core.js, run by worker.js in browsers and worker-node.js in Node), which the pages
// use too. Every message is a tagged object; the types below are its only description, and
// encodeError / decodeError its only error codec.
//
// Pool -> worker:
/** @typedef {{ op: 'init', module: WebAssembly.Module }} InitRequest  the compiled module (browsers: sent first, so a worker does not fetch and compile it again) */
/** @typedef {{ id: number, op: 'load', key: number, problem: unknown, options: object }} LoadRequest  read a problem once (as `ExactCoverTasks`) */
/** @typedef {{ id: number, op: 'split', key: number, tasks: number }} SplitRequest  split it into about `tasks` tasks */
/** @typedef {{ id: number, op: 'run', key: number, path: string, find: boolean, limit?: number, lease?: number }} RunRequest  run one task */
/** @typedef {{ id: number, op: 'grant', nodes: number }} GrantRequest  more nodes for the run `id` (0: it is out of nodes) */
/** @typedef {{ op: 'coach', module?: WebAssembly.Module, error?: EncodedError }} CoachRequest  the answer to a worker's NeedCoach: the compiled coach module, or why it could not be compiled (neither: the pool has none to send) */
/** @typedef {{ id: number, op: 'call', name: string, args: unknown[] }} CallRequest  call an export of the main module or of the coach module (`isCallable`) */
/** @typedef {{ id: number, op: 'drop', key: number }} DropRequest  forget a problem */
/** @typedef {InitRequest | LoadRequest | SplitRequest | RunRequest | GrantRequest | CoachRequest | CallRequest | DropRequest} Request */
//
// Worker -> pool (each but NeedCoach carries the `id` of its request):
/** @typedef {{ id: number, value: unknown }} Answer  the request's result (a split: `{ tasks, stats, warnings }`; a run: `{ count, stats, status, progress }`) */
/** @typedef {{ id: number, error: EncodedError }} Failure  the request threw */
/** @typedef {{ id: number, progress: number, count: number }} Progress  a run's progress (0 to 1 of its task) and solutions so far */
/** @typedef {{ id: number, solution: number[] }} Solution  a run found a solution */
/** @typedef {{ id: number, need: true }} Need  a run searched its lease of nodes and waits for a grant */
/** @typedef {{ coach: true }} NeedCoach  a call names no export of the main module and the worker has no coach instance: it holds that call and what follows until the pool's CoachRequest */
/** @typedef {Answer | Failure | Progress | Solution | Need | NeedCoach} Reply */

/**
 * Whether `name` names a function of the wasm-bindgen module `exports` that a `call` may
 * run: not a class, not `default` (init) or `initSync`.
 * @param {Record<string, unknown>} exports
 * @param {unknown} name
 * @returns {name is string}
 */
export function isCallable(exports, name) {
  return typeof name === 'string' && Object.hasOwn(exports, name) && typeof exports[name] === 'function'
    && !/^[A-Z]/.test(name) && name !== 'default' && name !== 'initSync';
}

/**
 * An error as plain data: its `message`, `name` and every own property (`code`, `path`,
 * `line`, `row`, `column`, `conflicts`, `found`, `fits`, ...), so that the Error rebuilt on
 * the other side carries exactly what the thrown one did.
 * @typedef {{ message: string, name: string, [key: string]: unknown }} EncodedError
 */

/**
 * `error` as plain data that survives postMessage (structured clone): every own enumerable
 * property that is data (not a function or symbol) is kept; a `cause` that is an Error is
 * encoded the same way.
 * @param {unknown} error
 * @returns {EncodedError}
 */
export function encodeError(error) {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error' };
  /** @type {EncodedError} */
  const out = { message: error.message, name: error.name };
  for (const key of Object.keys(error)) {
    const value = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (error))[key];
    if (key === 'cause' && value instanceof Error) out.cause = encodeError(value);
    else if (typeof value !== 'function' && typeof value !== 'symbol') out[key] = value;
  }
  return out;
}

/**
 * The Error `data` (from encodeError) describes: an `Error` (or a `DOMException` for an
 * `AbortError` or `TimeoutError`) with the same message, name and properties.
 * @param {EncodedError} data
 * @returns {Error}
 */
export function decodeError(data) {
  const { message, name, cause, ...rest } = data;
  const error = name === 'AbortError' || name === 'TimeoutError'
    ? new DOMException(message, name)
    : new Error(message, cause === undefined ? undefined : { cause: decodeCause(cause) });
  if (name !== error.name) error.name = name;
  return Object.assign(error, rest);
}

/** @param {unknown} cause */
function decodeCause(cause) {
  const data = /** @type {EncodedError} */ (cause);
  return typeof data?.message === 'string' ? decodeError(data) : cause;
}
