// The async API of dlx-wasm: a pool of workers (module Web Workers in browsers, worker threads
// in Node), one wasm instance each, that split a search into disjoint tasks (the engine's
// split: every solution in exactly one task) and run them on every worker. Counts are the
// counts of exact_cover, solutions come in its order. index.js and node.js make the API with
// their own way of starting a worker (worker.js, worker-node.js; both run worker-core.js),
// which speaks the one protocol of protocol.js.
// The scheduling itself (task order, the limits, node leases, progress, retries) is the
// engine's, in the main wasm module on this thread (`TaskSchedule`, crates/dlx-engine/src/engine/schedule.rs):
// the pool only carries messages between it and the workers. Its bindings are imported with
// the first search that splits (load.js `mainBindings`; the site's pages fetch them with
// their full module, www/lib/pool.js): a page whose workers run every call loads none
// before then.
import { codedError } from './errors.js';
import { compiledModule, init, initialized, instantiatedModule, loadFailed, mainBindings } from './load.js';
import { decodeError, encodeArgument, encodeError, shownKey, withField } from './protocol.js';

// The key lists of src/wasm/keys.rs the pool reads itself, as the module reads them.
// BEGIN keys: written by scripts/readers.mjs from src/wasm/keys.rs; do not edit.
const KEYS = {
  EXACT_COVER: ['limit', 'maxNodes', 'seed', 'forced', 'task', 'strict', 'countOnly', 'memo', 'memoBytes', 'memoOrder'],
  PUZZLE: ['boxRows', 'boxCols', 'variant', 'regions', 'alphabet'],
  PROBLEM: ['primary', 'secondary', 'items', 'offsets', 'options'],
  BOUND: ['name', 'min', 'max'],
  NAMES: ['limit', 'maxNodes', 'seed', 'forced', 'task', 'strict', 'countOnly', 'memo', 'memoBytes', 'memoOrder', 'maxSteps', 'primary', 'secondary', 'items', 'offsets', 'options', 'name', 'min', 'max', 'count', 'stats', 'status', 'progress', 'nodes', 'updates', 'solutions', 'boxRows', 'boxCols', 'variant', 'regions', 'alphabet', 'size', 'difficulty', 'symmetry', 'se'],
};
// END keys

/**
 * The keys of each async export's options: its sync export's (the module's schema, which
 * refuses any other key) and the pool's own. What the sync export refuses, the async one
 * refuses, and both read the same values: the pool reads the options as the module reads
 * them (`copyFields`), then a worker's module reads that copy (each value sent as the module
 * reads it: `sent`).
 * tests/js/schema.test.mjs checks every export's keys, sync and async, against the .d.ts.
 */
export const SCHEMAS = {
  exact_cover_async: [...KEYS.EXACT_COVER, 'workers', 'signal', 'onProgress', 'onSolution', 'tasks'],
  solve_sudoku_async: [...KEYS.PUZZLE, 'signal'],
};

/**
 * The keys with which `exact_cover_async` runs `exact_cover` itself in one worker instead of
 * splitting: a memoised count (and its settings, which `exact_cover` checks), one task.
 */
const ONE_WORKER = ['memo', 'memoBytes', 'memoOrder', 'task'];

/**
 * Whether a worker that was sent `module` (a promise of it compiled, or undefined where the
 * worker loads the main module itself), or this thread with the module it instantiated, can
 * run the split: a page's first module may have
 * exact cover alone (the site's dancing-links page: www/lib/pool.js), without the pool's
 * tasks (`ExactCoverTasks`, and `TaskSchedule` on this thread).
 */
async function splits(module) {
  const compiled = await module?.catch(() => undefined);
  return compiled === undefined || WebAssembly.Module.exports(compiled).some((e) => e.name === 'exactcovertasks_new');
}

/** The most tasks a search is split into (`options.tasks`), as `ExactCoverTasks.split` takes. */
const MAX_TASKS = 1_000_000;

/** How often onProgress is called at most, in ms. */
const TICK = 50;
/** The most workers a pool starts: each is a thread with its own wasm instance and memory. */
export const MAX_WORKERS = 128;

/** `value` checked as a number of workers (1 to MAX_WORKERS), or a coded Error thrown. */
function workerCount(value, path) {
  if (!Number.isInteger(value) || value < 1) throw invalid(path, `a whole number from 1 to ${MAX_WORKERS}`, value);
  if (value > MAX_WORKERS) {
    throw Object.assign(codedError('too_large', `${path} is ${value}, over the budget of ${MAX_WORKERS} workers`), { path });
  }
  return value;
}

/** What an abort of `signal` rejects with: the signal's own reason (`AbortSignal.timeout`'s `TimeoutError`, or what `abort(reason)` was given), as `fetch` does. */
function abortError(signal) {
  return signal?.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

function closedError() {
  return codedError('pool_closed', 'the worker pool is closed');
}

/** An `invalid_argument` Error as the module's (src/wasm/convert.rs): `path: expected ..., got ...`. */
function invalid(path, expected, got) {
  return Object.assign(codedError('invalid_argument', `${path}: expected ${expected}, got ${describe(got)}`), { path });
}

/** A short description of a value's type for error messages, as the module's. */
function describe(value) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'number') return `the number ${value}`;
  if (typeof value === 'string') return 'a string';
  return typeof value;
}

/**
 * The options argument of the async export `name`: a plain copy of its keys ([`SCHEMAS`])
 * read as the module reads them (`copyFields`), or nothing (`{}`).
 */
function optionsObject(options, name) {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object' || Array.isArray(options)) throw invalid('options', 'an object', options);
  return copyFields(options, SCHEMAS[name], 'options');
}

/**
 * An argument as a worker's module is to read it: read now, as the module reads it, into
 * plain data (protocol.js `encodeArgument`: an object by the key list `names` the module reads
 * it by, any object within it by `nested`; by every name of the module's lists where the
 * export is not known), so
 * that a getter, an inherited key, a proxy, or what the module refuses (a function, a
 * symbol, a getter that throws, a revoked proxy) gives the worker's module what it gives the
 * sync export, and what the caller changes later does not reach the workers.
 */
function sent(value, names = KEYS.NAMES, nested = names) {
  return encodeArgument(value, names, nested);
}

/**
 * The key lists (`sent`'s `names` and `nested`) of each argument of the exports whose
 * arguments the pool knows: a problem (by its keys, its items with bounds by theirs) and
 * exact_cover's options (no key of an object within them is read). Any other argument is
 * read by every name.
 */
const ARGUMENT_KEYS = {
  exact_cover: [[KEYS.PROBLEM, KEYS.BOUND], [KEYS.EXACT_COVER, []]],
  exact_cover_trace: [[KEYS.PROBLEM, KEYS.BOUND]],
};

/**
 * A plain copy of the fields `keys` of `object` that are neither undefined nor null, read as
 * the module reads an object's fields (src/wasm/pack.js `fieldsOf`): each key by name, in
 * order (a getter, an inherited key, a proxy's trap as it answers), under `try` (a throw
 * names its key); then any own key not in `keys` refused with the module's message, naming
 * them. Nothing the caller's object does later reaches the pool.
 */
function copyFields(object, keys, path) {
  const copy = {};
  for (const key of keys) {
    let value;
    try {
      value = object[key];
    } catch (thrown) {
      throw threw(`${path}.${key}`, thrown);
    }
    if (value !== undefined && value !== null) copy[key] = value;
  }
  let own;
  try {
    own = Object.keys(object);
  } catch (thrown) {
    throw threw(path, thrown);
  }
  for (const key of own) {
    if (!keys.includes(key)) {
      const place = `${path}.${shownKey(key)}`;
      throw codedError('invalid_argument', `${place}: unknown key (the keys of ${path} are ${keys.join(', ')})`, { path: place });
    }
  }
  return copy;
}

/** The error for reading `path` that threw `thrown`, as the module's reader words it. */
function threw(path, thrown) {
  return codedError('invalid_argument', `reading ${path} threw: ${reason(thrown)}`, { path });
}

/** What `thrown` says: its message where it is an Error whose message can be read, else its type. */
function reason(thrown) {
  try {
    if (thrown instanceof Error) return String(thrown.message);
  } catch {
    // A throwing `message` getter: described by its type instead.
  }
  return describe(thrown);
}

/** `signal` checked as an AbortSignal (what the pool uses of one), or nothing. */
function abortSignal(signal) {
  if (signal === undefined || signal === null) return undefined;
  if (typeof signal !== 'object' || typeof signal.aborted !== 'boolean'
    || typeof signal.addEventListener !== 'function' || typeof signal.removeEventListener !== 'function') {
    throw invalid('options.signal', 'an AbortSignal', signal);
  }
  return signal;
}

/**
 * The caller's callback `f` at `path` (`options.onSolution`, say), checked to be a function,
 * or null for none. What it throws comes out as a `callback_threw` Error with `path`, the
 * thrown value as its `cause`: the search it was called from stops and rejects with it.
 */
function callback(f, path) {
  if (f === undefined || f === null) return null;
  if (typeof f !== 'function') throw invalid(path, 'a function', f);
  return (...args) => {
    try {
      return f(...args);
    } catch (error) {
      const message = `${path} threw: ${error instanceof Error ? error.message : String(error)}`;
      throw Object.assign(codedError('callback_threw', message), { path, cause: error });
    }
  };
}

/**
 * `f()`, a promise; what `f` throws at once (an options getter that throws, say) becomes the
 * rejection, with a code: the async API never throws synchronously.
 */
function settle(f) {
  try {
    return f();
  } catch (error) {
    if (typeof error?.code === 'string') return Promise.reject(error);
    return Promise.reject(Object.assign(threw('options', error), { cause: error }));
  }
}

/** A Web Worker as the pool drives it. */
export function webWorker(worker) {
  return {
    post: (message) => worker.postMessage(message),
    terminate: () => worker.terminate(),
    listen: (handle) => worker.addEventListener('message', (event) => handle(event.data)),
    fail: (handle) => {
      worker.addEventListener('error', (event) => {
        event.preventDefault?.();
        handle(new Error(event.message || 'the worker failed'));
      });
      worker.addEventListener('messageerror', () => handle(new Error('a message could not be read')));
    },
    ref: () => {},
    unref: () => {},
  };
}

/**
 * Why a message could not be posted to a worker. The arguments go encoded as plain data
 * (`sent`), which structured clone takes: a message it refuses is a bug here.
 */
function unsent(error) {
  return codedError('internal', `a message could not be sent to a worker: ${reason(error)}`, { cause: error });
}

/** One worker of a pool, with the requests it is answering. */
class Slot {
  constructor(pool) {
    this.pool = pool;
    this.handle = pool.spawn();
    // The module the worker was sent (makeApi), and the pool's generation of workers it is of
    // (`renew`).
    this.module = this.handle.module;
    this.generation = pool.generation;
    this.pending = new Map();
    // The problems sent to the worker: key -> the promise of its load.
    this.loaded = new Map();
    this.ended = false;
    this.handle.listen((message) => this.receive(message));
    this.handle.fail((error) => this.died(error));
    this.handle.unref();
  }

  receive(message) {
    // A worker's ask for the coach module (protocol.js `NeedCoach`), which makeApi's workers
    // answer before it gets here: a pool made without makeApi has none to send, so the
    // worker loads its own where it can (Node), or refuses the call as before.
    if (message?.coach === true) {
      this.handle.post({ op: 'coach' });
      return;
    }
    const request = this.pending.get(message.id);
    if (!request) return;
    if ('progress' in message || 'solutions' in message || 'need' in message) {
      request.event(message);
      return;
    }
    this.pending.delete(message.id);
    if (this.pending.size === 0) this.handle.unref();
    if (message.error) request.reject(decodeError(message.error));
    else request.resolve(message.value);
  }

  /** Sends `message` and resolves to the answer; `event` gets progress and solutions. */
  request(message, event = () => {}) {
    if (this.ended) return Promise.reject(codedError('worker_died', 'the worker has ended'));
    return new Promise((resolve, reject) => {
      const id = this.pool.nextId++;
      try {
        this.handle.post({ ...message, id });
      } catch (error) {
        reject(unsent(error));
        return;
      }
      this.pending.set(id, { resolve, reject, event });
      this.handle.ref();
    });
  }

  /** The worker died on its own: every request fails with `worker_died`. */
  died(error) {
    if (this.ended) return;
    this.ended = true;
    this.pool.forget(this);
    const failure = codedError('worker_died', `a worker died: ${error?.message ?? error}`);
    for (const request of this.pending.values()) request.reject(failure);
    this.pending.clear();
  }

  /** Stops the worker at once (a run cannot be interrupted otherwise). */
  end() {
    if (this.ended) return;
    this.ended = true;
    this.pool.forget(this);
    const ended = codedError('worker_ended', 'the worker was stopped');
    for (const request of this.pending.values()) request.reject(ended);
    this.pending.clear();
    this.handle.terminate();
  }
}

/**
 * A pool of `size` workers, started when first needed and reused by every call; jobs run
 * one after another, each on up to `size` workers (`workers` option).
 */
export class WorkerPool {
  constructor(spawn, size) {
    this.spawn = spawn;
    this.size = workerCount(size, 'workers');
    this.idle = [];
    this.nextId = 1;
    this.nextKey = 1;
    this.closed = false;
    this.turn = Promise.resolve();
    // The rejections of the jobs waiting for their turn (for close), the running job's workers.
    this.waiting = new Set();
    this.running = null;
    this.generation = 0;
  }

  /**
   * Replaces the pool's workers (a page's module handed over: see makeApi's `module`): the
   * idle ones are ended now, the running job's when it ends; the next jobs start new ones.
   */
  renew() {
    this.generation += 1;
    for (const slot of this.idle.splice(0)) slot.end();
  }

  /**
   * At least `size` workers from now on (the default pool, when a call asks for more than it
   * has): the jobs running or queued keep their workers and their turn.
   */
  grow(size) {
    this.size = Math.max(this.size, workerCount(size, 'workers'));
  }

  forget(slot) {
    const k = this.idle.indexOf(slot);
    if (k >= 0) this.idle.splice(k, 1);
  }

  /**
   * Runs `job(slots)` when the jobs before it are done, on `count` workers. An abort of
   * `signal` or close() while it waits for its turn rejects it at once; close() while it
   * runs ends its workers and rejects it with `pool_closed`.
   */
  async exclusive(count, job, signal) {
    if (this.closed) throw closedError();
    if (signal?.aborted) throw abortError(signal);
    const previous = this.turn;
    let release;
    this.turn = new Promise((resolve) => { release = resolve; });
    try {
      await this.#waitFor(previous, signal);
    } catch (error) {
      // Its turn passes on when the job before it ends.
      previous.then(release);
      throw error;
    }
    const slots = [];
    this.running = slots;
    try {
      while (slots.length < count) slots.push(this.idle.pop() ?? new Slot(this));
      return await job(slots, () => new Slot(this));
    } catch (error) {
      if (this.closed && error?.name !== 'AbortError') throw Object.assign(closedError(), { cause: error });
      throw error;
    } finally {
      this.running = null;
      for (const slot of slots) {
        if (this.closed || slot.generation !== this.generation) slot.end();
        else if (!slot.ended) this.idle.push(slot);
      }
      release();
    }
  }

  /** Resolves when `previous` does; rejects at once when `signal` aborts or the pool closes. */
  #waitFor(previous, signal) {
    return new Promise((resolve, reject) => {
      const abort = () => reject(abortError(signal));
      const close = () => reject(closedError());
      this.waiting.add(close);
      signal?.addEventListener('abort', abort, { once: true });
      previous.then(() => {
        this.waiting.delete(close);
        signal?.removeEventListener('abort', abort);
        if (this.closed) close();
        else resolve();
      });
    });
  }

  /**
   * `exact_cover(problem, options)` on the pool's workers: the same options (and the pool's
   * own) and the same result. A memoised count (`memo`) or the search of one task (`task`)
   * runs in one worker; any other search is split into tasks run on every worker.
   */
  exactCover(problem, options) {
    return settle(() => this.#begin(problem, optionsObject(options, 'exact_cover_async')));
  }

  /** `solve_sudoku(puzzle, options)` in a worker of the pool. */
  solveSudoku(puzzle, options) {
    return settle(() => {
      const { signal: given, ...sudokuOptions } = optionsObject(options, 'solve_sudoku_async');
      const signal = abortSignal(given);
      return this.#call('solve_sudoku', [puzzle, sudokuOptions], signal);
    });
  }

  /**
   * The export `name` of the main module or of the coach module (a worker asks the pool for
   * the coach module at its first call of one: see makeApi) called with `args` in one worker of the pool,
   * off the main thread: what it returns, or its error (with every property the sync call's
   * has). `signal` cancels it (the worker is ended at once, and replaced for the next job).
   */
  call(name, args = [], { signal } = {}) {
    return settle(() => {
      if (typeof name !== 'string') throw invalid('name', 'the name of an export', name);
      if (!Array.isArray(args)) throw invalid('args', 'an array', args);
      return this.#call(name, args, abortSignal(signal));
    });
  }

  #call(name, args, signal) {
    const lists = Object.hasOwn(ARGUMENT_KEYS, name) ? ARGUMENT_KEYS[name] : [];
    const read = args.map((arg, k) => sent(arg, ...(lists[k] ?? [])));
    return this.exclusive(1, ([slot]) => guard(signal, [slot], () =>
      slot.request({ op: 'call', name, args: read })), signal);
  }

  /**
   * Ends every worker, the running job's too: that job and the queued ones reject with
   * `pool_closed` at once, as later calls do.
   */
  close() {
    this.closed = true;
    for (const reject of this.waiting) reject();
    this.waiting.clear();
    for (const slot of this.running ?? []) slot.end();
    for (const slot of this.idle.splice(0)) slot.end();
  }

  #begin(problem, options) {
    // `limit` and `maxNodes` stay in the options each worker reads, which checks them as
    // exact_cover does; the pool applies them to the whole search.
    const {
      workers = this.size, signal: givenSignal, onProgress: givenProgress, onSolution: givenSolution,
      tasks: asked, countOnly = false, ...solverOptions
    } = options;
    const { limit, maxNodes } = solverOptions;
    workerCount(workers, 'options.workers');
    if (asked !== undefined && !(Number.isInteger(asked) && asked >= 1 && asked <= MAX_TASKS)) {
      throw invalid('options.tasks', `a whole number from 1 to ${MAX_TASKS}`, asked);
    }
    const signal = abortSignal(givenSignal);
    const onProgress = callback(givenProgress, 'options.onProgress');
    const onSolution = callback(givenSolution, 'options.onSolution');
    if (onSolution && countOnly === true) {
      // A count hands no solution to JS: a callback for them would never be called.
      throw invalid('options.onSolution', 'no onSolution with countOnly: true (a count collects no solutions)', givenSolution);
    }
    if (signal?.aborted) return Promise.reject(abortError(signal));
    // The problem read as the module reads it, after the checks above, and after `strict`,
    // which the module checks before it reads the problem (src/wasm/exact_cover.rs
    // `read_with`), with its words (convert.rs `boolean`); the module checks the rest.
    const { strict } = solverOptions;
    if (strict !== undefined && strict !== null && typeof strict !== 'boolean') {
      throw invalid('options.strict', 'true or false', strict);
    }
    problem = sent(problem, KEYS.PROBLEM, KEYS.BOUND);
    // The options too, now (their values' nested arrays, `forced`, are the caller's until
    // read; the module reads no key of an object within them): the workers' runs read them
    // as sent; exact_cover in one worker with `countOnly` last, as `{ ...solverOptions,
    // countOnly }` lists it.
    const sentOptions = sent(solverOptions, KEYS.EXACT_COVER, []);
    const wholeOptions = withField(sentOptions, 'countOnly', countOnly);
    // exact_cover itself, in one worker (which also checks the keys of ONE_WORKER).
    const whole = (slot) => slot.request({ op: 'call', name: 'exact_cover', args: [problem, wholeOptions] })
      .then((result) => {
        for (const solution of result.solutions) {
          if (signal?.aborted) break;
          onSolution?.(solution);
        }
        onProgress?.(1, { solutions: result.count, nodes: result.stats.nodes });
        return result;
      });
    if (ONE_WORKER.some((key) => key in solverOptions)) {
      return this.exclusive(1, ([slot]) => guard(signal, [slot], () => whole(slot)), signal);
    }
    const count = Math.min(workers, this.size);
    const find = countOnly !== true;
    return this.exclusive(count, (slots, spawn) => guard(signal, slots, async () => {
      // Split where this thread's module (the scheduler's) and every worker's can; else (a
      // page's first module, without the pool's tasks) not split, in one worker.
      // (This thread's: the one it instantiated, which a later module does not replace.)
      const here = initialized() ? Promise.resolve(instantiatedModule()) : compiledModule();
      const able = await Promise.all([here, ...slots.map((slot) => slot.module)].map(splits));
      if (!able.every(Boolean)) return whole(slots[0]);
      return runTasks({ problem, options: sentOptions, solverOptions, countOnly, limit, maxNodes, asked, find, onProgress, onSolution, signal }, slots, spawn);
    }), signal);
  }
}

/** Runs `work()`, rejecting with an AbortError (and ending `slots`) when `signal` aborts. */
function guard(signal, slots, work) {
  if (!signal) return work();
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise((resolve, reject) => {
    const abort = () => {
      for (const slot of slots) slot.end();
      reject(abortError(signal));
    };
    signal.addEventListener('abort', abort, { once: true });
    work().then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

/**
 * The search on `slots`: split on the first, then run by the engine's scheduler
 * (`TaskSchedule`), whose decisions go to the workers and their answers back to it. Under a
 * node limit every run searches on nodes lent from one budget (the scheduler's leases), so
 * the runs together search at most `maxNodes` nodes (the split's own search of the top of
 * the tree is not counted, as natively).
 */
async function runTasks(job, slots, spawn) {
  const { problem, options, solverOptions, asked, find } = job;
  // The module on this thread runs the scheduler: instantiated by now in Node, at the first
  // search in a browser that has not called init() (with the module compiled for the workers).
  const ready = initialized() ? null : init();
  ready?.catch(() => {});
  const key = slots[0].pool.nextKey++;
  // Sent once to each worker, however many tasks are queued on it.
  const load = (slot) => {
    if (!slot.loaded.has(key)) slot.loaded.set(key, slot.request({ op: 'load', key, problem, options }));
    return slot.loaded.get(key);
  };
  /** Each worker that still holds the problem forgets it. */
  const forget = () => {
    for (const slot of slots) {
      if (!slot.ended && slot.loaded.delete(key)) slot.handle.post({ op: 'drop', key, id: 0 });
    }
  };
  // Every worker reads the problem while the first one splits it, so that none waits for
  // that before its first task (a failure here comes back when a task awaits it).
  for (const slot of slots.slice(1)) load(slot).catch(() => {});
  let schedule;
  try {
    await load(slots[0]);
    // Checked where exact_cover checks it: after the problem and the other options.
    if (typeof job.countOnly !== 'boolean') throw invalid('options.countOnly', 'true or false', job.countOnly);
    await ready;
    const { TaskSchedule } = await mainBindings();
    // About how many tasks, unless the call says: the engine's one default (`default_tasks`
    // in crates/dlx-engine/src/engine/schedule.rs, which says why), that the native threads
    // take too.
    const tasks = asked ?? TaskSchedule.defaultTasks(slots.length, solverOptions.seed !== undefined);
    const split = await slots[0].request({ op: 'split', key, tasks });
    const shares = Float64Array.from(split.tasks, (task) => task.share);
    // The split's own search of the top of the tree counts, as every task's does: the
    // schedule adds it to its progress and its result.
    schedule = new TaskSchedule(shares, slots.length, find, job.limit, job.maxNodes, split.stats);
    const paths = split.tasks.map((task) => task.path);
    const solutions = await drive(schedule, { ...job, key, load, paths }, slots, spawn);
    return { solutions, ...schedule.result(), warnings: split.warnings };
  } finally {
    schedule?.free();
    forget();
  }
}

/**
 * Carries `schedule`'s decisions to the workers of `slots` and their answers back to it until
 * it is done: resolves to the solutions it handed on, in the serial order. A dead worker's
 * tasks go to a new one (`spawn`), as the scheduler retries them.
 */
function drive(schedule, job, slots, spawn) {
  const { key, load, paths, find, limit, onProgress, onSolution, signal } = job;
  // Each worker holds a second task while it runs one, so that it does not wait idle for the
  // next (a message each way) between tasks; under a node limit one only (the second one's
  // lease would wait for the first, which may be waiting for nodes).
  const depth = job.maxNodes === undefined ? 2 : 1;
  // The solutions received and not yet handed on or dropped, by their number in the
  // schedule (the count received before each); those it handed on, in order.
  const received = new Map();
  let numbered = 0;
  const solutions = [];
  // The runs under way: run -> { slot, id } (`id`: of the request a grant answers).
  const runs = new Map();
  // The worker (an index into `slots`) that replaces a dead one.
  const replaced = new Map();
  let lastTick = 0;
  return new Promise((resolve, reject) => {
    let settled = false;
    /** Ends the search with `error`: the runs under way are stopped (their workers ended). */
    const fail = (error) => {
      if (settled) return;
      settled = true;
      schedule.abort();
      for (const { slot } of runs.values()) slot.end();
      reject(error);
    };
    const progress = (force) => {
      if (!onProgress) return;
      const now = Date.now();
      if (!force && now - lastTick < TICK) return;
      lastTick = now;
      const [fraction, solutions, nodes, updates] = schedule.progress();
      onProgress(fraction, { solutions, nodes, updates });
    };
    /** Carries out what the scheduler decided. */
    const act = () => {
      // (An onSolution or onProgress that aborts the signal ends the search here too.)
      for (let decision = schedule.next(); decision && !settled && !signal?.aborted; decision = schedule.next()) {
        switch (decision.op) {
          case 'run':
            start(decision);
            break;
          case 'grant': {
            const run = runs.get(decision.run);
            if (run && !run.slot.ended) run.slot.handle.post({ op: 'grant', id: run.id, nodes: decision.nodes });
            break;
          }
          case 'emit':
            // The serial order's next: the caller sees them as they are handed on.
            for (const k of decision.solutions) {
              const solution = received.get(k);
              received.delete(k);
              solutions.push(solution);
              try {
                onSolution?.(solution);
              } catch (error) {
                // (callback_threw: act runs from the workers' answers and from the runs'
                // ends and losses, each of which would report it differently.)
                fail(error);
                return;
              }
              if (signal?.aborted) return;
            }
            break;
          case 'drop':
            // Not among the first `limit` of the serial order (or found by a run stopped).
            for (const k of decision.solutions) received.delete(k);
            break;
          case 'stop':
            // The first `limit` solutions are in: the runs still under way are not needed.
            for (const { slot } of runs.values()) slot.end();
            break;
          default:
            settled = true;
            try {
              progress(true);
              resolve(solutions);
            } catch (error) {
              reject(error);
            }
        }
      }
    };
    /** What a worker says while its task runs. */
    const answer = (run, record, event) => {
      if ('need' in event) {
        record.id = event.id;
        schedule.need(run);
      } else if ('progress' in event) {
        schedule.progressed(run, event.progress, event.count, event.nodes, event.updates);
        progress(false);
      } else {
        // Solutions: many of them, and seldom a decision (a solution is handed on at once only
        // where every task before its own is done; the others when they are).
        let decided = false;
        for (const solution of event.solutions) {
          decided = schedule.found(run, solution.length) || decided;
          received.set(numbered++, solution);
        }
        if (!decided) return;
      }
      act();
    };
    const start = ({ worker, run, task, lease }) => {
      const slot = slots[worker];
      const record = { slot, id: 0 };
      runs.set(run, record);
      load(slot)
        .then(() => slot.request({ op: 'run', key, path: paths[task], find, limit, lease }, (event) => {
          // A callback that throws ends the search (it runs in the worker's message listener,
          // where nothing else would catch it).
          try {
            answer(run, record, event);
          } catch (error) {
            fail(error);
          }
        }))
        .then((value) => {
          runs.delete(run);
          if (settled) return;
          schedule.finished(run, value);
          schedule.ready(worker);
          progress(false);
          act();
        })
        .catch((error) => {
          runs.delete(run);
          if (settled) return;
          if (error.code === 'callback_threw' || error.code === 'too_many_solutions') {
            fail(error);
            return;
          }
          const verdict = schedule.lost(run);
          if (verdict === 'ignored') return;
          if (verdict === 'retried' && error.code === 'worker_died') {
            // A dead worker is replaced and its task run again.
            let fresh = replaced.get(slot);
            if (fresh === undefined) {
              fresh = slots.push(spawn()) - 1;
              replaced.set(slot, fresh);
              for (let k = 0; k < depth; k++) schedule.ready(fresh);
            } else {
              schedule.ready(fresh);
            }
            act();
            return;
          }
          fail(error);
        });
    };
    try {
      for (let k = 0; k < depth; k++) slots.forEach((_, worker) => schedule.ready(worker));
      act();
    } catch (error) {
      fail(error);
    }
  });
}


/**
 * The async API on a default pool that `spawn` fills: `cores()` workers unless a call asks
 * for more (`workers`), reused by every call until `close_worker_pool()`. `module()`, where
 * given, is the compiled module each new worker is sent first (`{ op: 'init', module }`);
 * `coach()`, where given, the compiled coach module a worker is sent when it asks for it
 * (`{ coach: true }`: the worker alone decides, at a call of a coach export, protocol.js
 * `COACH_CALLS`, that its main bindings lack while it has no coach instance), as
 * `{ op: 'coach', module }`, or `{ op: 'coach', error }` where it could not be compiled (a
 * `load_failed` Error, or the coded one `coach()` threw): the worker's held call fails with
 * the reason, and its next one asks again. The worker refuses a name of neither module at
 * once, asking for nothing.
 */
export function makeApi({ spawn, cores, module, coach }) {
  const start = () => {
    const worker = spawn();
    const post = worker.post;
    let ended = false;
    // Messages posted while a module is being compiled wait behind it, in order; once none
    // waits, they go at once. Where the main module cannot be compiled, the worker is sent
    // none and loads it itself (and says why it cannot, to each request).
    let ready = null;
    let waiting = 0;
    // The module this worker is sent (the Slot reads it: whether it can run the split).
    const compiled = module?.();
    compiled?.catch(() => {});
    worker.module = compiled;
    const later = (send) => {
      waiting += 1;
      ready = (ready ?? Promise.resolve()).then(send).catch(() => {}).finally(() => {
        waiting -= 1;
        if (waiting === 0) ready = null;
      });
    };
    if (compiled !== undefined) later(() => compiled.then((sent) => post({ op: 'init', module: sent }), () => {}));
    // The worker's ask for the coach module, answered after what waits (compiled once by
    // `coach()`; a failed compile is tried again at the next ask). Not to a worker ended
    // meanwhile (an abort, a renewed pool).
    const sendCoach = async () => {
      let answer;
      try {
        answer = coach ? { op: 'coach', module: await coach() } : { op: 'coach' };
      } catch (error) {
        answer = { op: 'coach', error: encodeError(loadFailed(error)) };
      }
      if (!ended) post(answer);
    };
    const listen = worker.listen;
    // The pool's handler of the worker's answers: a request whose post, held behind the
    // module, fails when it goes is answered with why, as one that fails at once.
    let answer = () => {};
    worker.listen = (handle) => {
      answer = handle;
      return listen((message) => {
        if (message?.coach === true) later(sendCoach);
        else handle(message);
      });
    };
    const terminate = worker.terminate;
    worker.terminate = () => {
      ended = true;
      terminate();
    };
    worker.post = (message) => {
      if (!ready) {
        post(message);
        return;
      }
      later(() => {
        try {
          post(message);
        } catch (error) {
          if (message?.id !== undefined) answer({ id: message.id, error: encodeError(unsent(error)) });
        }
      });
    };
    return worker;
  };
  let shared = null;
  const pool = (options) => {
    const wanted = options?.workers;
    if (wanted !== undefined) workerCount(wanted, 'options.workers');
    const size = Math.min(MAX_WORKERS, Math.max(cores(), wanted ?? 1));
    if (!shared || shared.closed) shared = new WorkerPool(start, size);
    else shared.grow(size);
    return shared;
  };
  return {
    exact_cover_async: (problem, options) => settle(() => {
      const read = optionsObject(options, 'exact_cover_async');
      return pool(read).exactCover(problem, read);
    }),
    solve_sudoku_async: (puzzle, options) => settle(() => {
      const read = optionsObject(options, 'solve_sudoku_async');
      return pool(read).solveSudoku(puzzle, read);
    }),
    create_worker_pool: (size = Math.min(MAX_WORKERS, cores())) => new WorkerPool(start, size),
    close_worker_pool: () => {
      shared?.close();
      shared = null;
    },
  };
}
