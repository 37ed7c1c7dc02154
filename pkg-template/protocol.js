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
/** @typedef {{ id: number, progress: number, count: number, nodes: number, updates: number }} Progress  a run's progress (0 to 1 of its task), solutions, nodes and updates so far */
/** @typedef {{ id: number, solutions: number[][] }} Solutions  a run found these solutions (in its order; sent at each Progress, before a Need and before the Answer) */
/** @typedef {{ id: number, need: true }} Need  a run searched its lease of nodes and waits for a grant */
/** @typedef {{ coach: true }} NeedCoach  a call names an export of the coach module (`COACH_CALLS`) that the main module lacks, and the worker has no coach instance: it holds that call and what follows until the pool's CoachRequest */
/** @typedef {Answer | Failure | Progress | Solutions | Need | NeedCoach} Reply */

// BEGIN shownKey: written by scripts/readers.mjs; do not edit.
/** An unknown key as an error names it (scripts/readers.mjs `SHOWN_KEY`). */
export function shownKey(key) {
  const cut = /^[\uD800-\uDBFF][\uDC00-\uDFFF]/.test(key.slice(39, 41)) ? 39 : 40;
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
  return key.slice(0, cut).replace(lone, '\uFFFD');
}
// END shownKey

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
 * The functions of the coach module's bindings (dlx_wasm_coach.js) that a `call` may run
 * (`isCallable`; tests/js/coach.test.mjs checks the list against the bindings): a call of one
 * of them, where the main module has no such export, waits for the coach module (NeedCoach);
 * a call of a name of neither module is refused at once, loading nothing.
 */
export const COACH_CALLS = ['generate_sudoku', 'rate_sudoku', 'sudoku_hint', 'sudoku_solve_path'];

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

// An argument crosses to a worker as the module would read it on this thread. Structured
// clone copies data alone and refuses the rest (a proxy, a function, a symbol, a getter that
// throws), where the module reads an array by index as far as its length (a proxy's too), an
// object by the names of its key lists, and names in its own error, with its own words, what
// it cannot read. So the pool sends each argument encoded (`encodeArgument`): every value the
// module may look at read once, as it reads it, into plain data, and what it could not read
// (or would refuse) described; the worker decodes it (`decodeArgument`) into values that the
// module reads, or refuses, as it did the caller's: the same result, or the same error, from
// the module's own checks (no rule of the module's is written here).
//
// Encoded, a value is: a primitive (but a symbol) as it is; an array, the array of its
// elements encoded; a typed array, a copy of it; anything else one of these descriptions:
/** @typedef {{ as: 'object', fields: Record<string, unknown>, keys?: string[], keysThrew?: unknown }} ObjectData  an object: its fields by the module's names (`keys`: its own keys; `keysThrew`: listing them threw this) */
/** @typedef {{ as: 'array', length?: unknown, threw?: unknown }} ArrayData  an array longer than any budget (`length`), or whose `length` threw (`threw`) or is no array length (`length`: the module reads no element of it) */
/** @typedef {{ as: 'throws', thrown: unknown }} ThrowsData  a field or element whose read threw `thrown` (encoded: an Error as `{ as: 'error', message }`) */
/** @typedef {{ as: 'revoked', type: string }} RevokedData  a revoked proxy (`type`: its typeof) */
/** @typedef {{ as: 'detached', kind: string }} DetachedData  a typed array whose buffer is detached */
/** @typedef {{ as: 'function' | 'symbol' }} OpaqueData  a function or a symbol (the module names its type alone) */

/**
 * How many levels into an argument the module reads: a problem's options' entries (the
 * problem, its options, an option, then its entries, whose type alone the module names) or an
 * item given with its bounds (the problem, `primary`, the item, then its fields). Deeper
 * values are described by their type alone (`sketch`).
 */
const DEPTH = 3;

/**
 * The longest array read element by element: the largest of the module's budgets (16,777,216
 * nodes, src/wasm/convert.rs): any longer array is refused for its length alone, unread.
 */
const LONGEST = 1 << 24;

const TYPED = Object.fromEntries([
  Int8Array, Uint8Array, Uint8ClampedArray, Int16Array, Uint16Array, Int32Array, Uint32Array,
  Float32Array, Float64Array, BigInt64Array, BigUint64Array,
].map((type) => [type.name, type]));
// The typed arrays' own getter of their kind, as the module reads it (a subclass cannot
// change it).
const viewKind = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(Uint8Array).prototype, Symbol.toStringTag).get;

/**
 * `value`, an argument of a call in a worker, as plain data that the worker decodes
 * (`decodeArgument`) into what the module reads as it reads `value`: every array read by
 * index as far as its length, `value` itself, if an object, by `names` (the key list the
 * module reads it by: pool.js `KEYS`, or every name of every list, `KEYS.NAMES`, where the
 * argument's export is not known) and its own keys, any object within it by `nested` (the
 * list the module reads those by: a problem's items with bounds, `KEYS.BOUND`), `depth`
 * levels down; what threw, or cannot be sent,
 * described. An object the argument holds more than once (the same array as every option,
 * say) is read and encoded once, and arrives once (structured clone keeps the sharing): its
 * copies would multiply what a few references hold, past any memory.
 * @param {unknown} value
 * @param {readonly string[]} names
 * @param {readonly string[]} [nested]
 * @param {number} [depth]
 * @param {Map<object, { depth: number, data: unknown }>} [seen]  what this argument's encoding met, at the depth met
 * @returns {unknown}
 */
export function encodeArgument(value, names, nested = names, depth = DEPTH, seen = new Map()) {
  if (typeof value === 'symbol') return { as: 'symbol' };
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return value;
  const met = seen.get(value);
  if (met !== undefined && met.depth >= depth) return met.data;
  const data = encodeObject(value, names, nested, depth, seen);
  seen.set(value, { depth, data });
  return data;
}

/** `encodeArgument` of an object (or a function) not met before at this depth or deeper. */
function encodeObject(value, names, nested, depth, seen) {
  let array;
  try {
    array = Array.isArray(value);
  } catch {
    return { as: 'revoked', type: typeof value };
  }
  if (depth <= 0) return sketch(value);
  if (typeof value === 'function') return { as: 'function' };
  if (array) {
    let length;
    try {
      length = value.length;
    } catch (thrown) {
      return { as: 'array', threw: encodeThrown(thrown) };
    }
    if (isLength(length) && length > LONGEST) return { as: 'array', length };
    // A `length` that is no array length (a proxy's): the module refuses the array for it,
    // reading no element.
    if (!isLength(length)) return { as: 'array', length: sketch(length) };
    const copy = new Array(length);
    for (let k = 0; k < length; k++) {
      let element;
      try {
        element = value[k];
      } catch (thrown) {
        copy[k] = { as: 'throws', thrown: encodeThrown(thrown) };
        continue;
      }
      copy[k] = encodeArgument(element, nested, nested, depth - 1, seen);
    }
    return copy;
  }
  if (ArrayBuffer.isView(value)) {
    const kind = viewKind.call(value);
    if (kind !== undefined && Object.hasOwn(TYPED, kind)) {
      try {
        return new TYPED[kind](value);
      } catch {
        return { as: 'detached', kind };
      }
    }
  }
  // As the module reads an object: every field first, then its own keys, then into the
  // fields' values.
  /** @type {ObjectData} */
  const data = { as: 'object', fields: {} };
  const read = [];
  for (const name of names) {
    try {
      const field = value[name];
      if (field !== undefined) read.push([name, field]);
    } catch (thrown) {
      data.fields[name] = { as: 'throws', thrown: encodeThrown(thrown) };
    }
  }
  try {
    data.keys = Object.keys(value);
  } catch (thrown) {
    data.keysThrew = encodeThrown(thrown);
  }
  for (const [name, field] of read) data.fields[name] = encodeArgument(field, nested, nested, depth - 1, seen);
  return data;
}

/**
 * The object `encoded` (by `encodeArgument`) with one more own key, `key`, last, whose value
 * is the primitive `value`: as `{ ...object, [key]: value }` encodes, the object read once.
 * @param {ObjectData} encoded
 * @param {string} key
 * @param {unknown} value
 * @returns {ObjectData}
 */
export function withField(encoded, key, value) {
  return { ...encoded, fields: { ...encoded.fields, [key]: value }, keys: [...(encoded.keys ?? []), key] };
}

/** Whether `length` is an array's length: a whole number from 0 to 2^32 - 1. */
function isLength(length) {
  return Number.isInteger(length) && length >= 0 && length <= 0xffffffff;
}

/**
 * A stand-in for `value` that the module describes alike ("an array", "object", ...: convert.rs
 * `describe`), for a value it names the type of alone.
 */
function sketch(value) {
  if (typeof value === 'symbol') return { as: 'symbol' };
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return value;
  try {
    // An array (or a proxy of one) whose `length` can be read.
    if (Array.isArray(value)) {
      void value.length;
      return [];
    }
  } catch {
    // A revoked proxy, a `length` that throws: described by its type.
  }
  return typeof value === 'function' ? { as: 'function' } : { as: 'object', fields: {}, keys: [] };
}

/** What was thrown, as the module reports it: an Error's message, or a value of its type. */
function encodeThrown(thrown) {
  try {
    if (thrown instanceof Error) return { as: 'error', message: String(thrown.message) };
  } catch {
    // A message that cannot be read: described by its type instead, as the module does.
  }
  return sketch(thrown);
}

/**
 * The value `data` (from `encodeArgument`, as the worker received it) stands for: what the
 * module reads or refuses as it did the value encoded. Arrays are decoded in place; what the
 * encoding holds more than once (an object the argument held more than once) is decoded once.
 * @param {unknown} data
 * @returns {unknown}
 */
export function decodeArgument(data) {
  return decodeOnce(data, new Map());
}

/** `decodeArgument`, each part of `data` once: `seen` maps each part decoded to its value. */
function decodeOnce(data, seen) {
  if (typeof data !== 'object' || data === null || ArrayBuffer.isView(data)) return data;
  if (seen.has(data)) return seen.get(data);
  const value = decodePart(data, seen);
  seen.set(data, value);
  return value;
}

/** `decodeOnce` of a part not decoded yet. */
function decodePart(data, seen) {
  if (Array.isArray(data)) {
    // Decoded in place: known before its elements, for an element that holds it.
    seen.set(data, data);
    for (let k = 0; k < data.length; k++) {
      const element = data[k];
      if (element?.as === 'throws') defineThrowing(data, String(k), element.thrown, true);
      else if (typeof element === 'object' && element !== null) data[k] = decodeOnce(element, seen);
    }
    return data;
  }
  const described = /** @type {Record<string, any>} */ (data);
  switch (described.as) {
    case 'symbol':
      return Symbol('an argument');
    case 'function':
      return function argument() {};
    case 'revoked': {
      const { proxy, revoke } = Proxy.revocable(described.type === 'function' ? function revoked() {} : {}, {});
      revoke();
      return proxy;
    }
    case 'detached': {
      const view = new TYPED[described.kind](0);
      structuredClone(view.buffer, { transfer: [view.buffer] });
      return view;
    }
    case 'array': {
      if ('threw' in described || !isLength(described.length)) {
        const length = decodeOnce(described.length, seen);
        return new Proxy([], {
          get: (target, key, receiver) => {
            if (key !== 'length') return Reflect.get(target, key, receiver);
            if ('threw' in described) throw decodeThrown(described.threw);
            return length;
          },
        });
      }
      const long = [];
      long.length = described.length;
      return long;
    }
    case 'object': {
      // Its own keys first, in their order (Object.keys lists them so), then the fields it
      // has but not as own keys (inherited, not enumerable, a proxy's): not enumerable.
      const object = {};
      const own = described.keys ?? [];
      const define = (key, enumerable) => {
        const field = Object.hasOwn(described.fields, key) ? described.fields[key] : undefined;
        if (field?.as === 'throws') defineThrowing(object, key, field.thrown, enumerable);
        else Object.defineProperty(object, key, { value: decodeOnce(field, seen), enumerable, configurable: true, writable: true });
      };
      for (const key of own) define(key, true);
      for (const name of Object.keys(described.fields)) {
        if (!own.includes(name)) define(name, false);
      }
      if (!('keysThrew' in described)) return object;
      return new Proxy(object, {
        ownKeys: () => {
          throw decodeThrown(described.keysThrew);
        },
      });
    }
    default:
      return data;
  }
}

/** Gives `object` a property `key` whose read throws what `thrown` (encoded) stands for. */
function defineThrowing(object, key, thrown, enumerable) {
  Object.defineProperty(object, key, {
    get: () => {
      throw decodeThrown(thrown);
    },
    enumerable,
    configurable: true,
  });
}

/** What `encodeThrown` encoded: an Error with its message, or a value of its type. */
function decodeThrown(data) {
  if (data?.as === 'error') return new Error(data.message);
  return decodeArgument(data);
}
