// The async API reads its arguments as the sync exports do (Node worker threads): a table of
// hostile problems and options (proxies, getters, class instances, functions, symbols,
// BigInts, cyclic and sparse arrays, a length that throws, revoked proxies, detached typed
// arrays, keys of astral characters) gives through exact_cover_async, pool.exactCover and
// pool.call what it gives exact_cover: the same result, or the same error to its last own
// property (helpers.mjs `errorFields`). The pool sends a worker each argument as the module
// reads it (protocol.js `encodeArgument`), never "cannot be sent to a worker".
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { PKG, errorFields, requireBuild } from './helpers.mjs';

requireBuild(join(PKG, 'node.js'), join(PKG, 'pool.js'), join(PKG, 'protocol.js'));
const dlx = await import(pathToFileURL(join(PKG, 'node.js')).href);
const { exact_cover, exact_cover_async, solve_sudoku, solve_sudoku_async } = dlx;

after(() => dlx.close_worker_pool());

/** What `f()` gives: `{ value }` or `{ error }` (its fields). */
function outcome(f) {
  try {
    return { value: f() };
  } catch (error) {
    assert.ok(error instanceof Error, `an Error: ${String(error)}`);
    return { error: errorFields(error) };
  }
}

/** What the promise `p` gives, as `outcome`. */
async function settled(p) {
  try {
    return { value: await p };
  } catch (error) {
    assert.ok(error instanceof Error, `an Error: ${String(error)}`);
    return { error: errorFields(error) };
  }
}

/**
 * Asserts that `got` (async) is `expected` (sync): the same error, or the same result but
 * for its statistics' nodes and updates (a split search adds the split's own search).
 */
function assertSame(got, expected, what) {
  if ('error' in expected) {
    assert.deepStrictEqual(got, expected, what);
    return;
  }
  assert.ok('value' in got, `${what}: rejected with ${JSON.stringify(got.error)}`);
  const { value } = got;
  if (value?.stats && expected.value?.stats) {
    const stats = { ...expected.value.stats, nodes: value.stats.nodes, updates: value.stats.updates };
    assert.deepStrictEqual(value, { ...expected.value, stats }, what);
  } else {
    assert.deepStrictEqual(value, expected.value, what);
  }
}

const throwing = (thrown) => ({ get() { throw thrown; }, enumerable: true });
/** A proxy of an array whose `length` is `length` and every element 0 (-1: read on, without end). */
const endless = (length) => new Proxy([], { get: (t, k) => (k === 'length' ? length : typeof k === 'string' && /^\d+$/.test(k) ? 0 : undefined) });

/** A proxy of `target` whose `length` throws `thrown`. */
const lengthThrows = (target, thrown) => new Proxy(target, {
  get: (t, key, receiver) => {
    if (key === 'length') throw thrown;
    return Reflect.get(t, key, receiver);
  },
});
function revoked(target = []) {
  const { proxy, revoke } = Proxy.revocable(target, {});
  revoke();
  return proxy;
}
function detached() {
  const items = new Uint32Array([0, 1]);
  structuredClone(items.buffer, { transfer: [items.buffer] });
  return items;
}
class ArrayLike {
  constructor() {
    this.length = 1;
    this[0] = 0;
  }
}
class Bound {
  get name() { return 'a'; }
  get max() { return 2; }
}
/** 41 UTF-16 units: `a`, then 20 astral characters (so unit 40 is the second half of one). */
const ASTRAL = `a${'𝒳'.repeat(20)}`;

/**
 * Problems as factories (a getter may count its reads): each valid but for what it says, on
 * two primary items 0 and 1.
 */
const PROBLEMS = {
  'a proxy of an option': () => ({ primary: 2, options: [new Proxy([0], {}), [1], [0, 1]] }),
  'a proxy of the options': () => ({ primary: 2, options: new Proxy([[0], [1], [0, 1]], {}) }),
  'a proxy with a get trap': () => ({ primary: 2, options: new Proxy([[0], [1]], { get: (t, k, r) => (k === '1' ? [0, 1] : Reflect.get(t, k, r)) }) }),
  'a getter on an option\'s index': () => ({ primary: 2, options: Object.defineProperty([[0], null], 1, { get: () => [1], enumerable: true }) }),
  'a getter on an entry': () => ({ primary: 2, options: [Object.defineProperty([0, 0], 1, { get: () => 1, enumerable: true })] }),
  'a getter that throws an Error': () => ({ primary: 2, options: Object.defineProperty([[0]], 0, throwing(new TypeError('no option'))) }),
  'a getter that throws a number': () => ({ primary: 2, options: [Object.defineProperty([0], 0, throwing(7))] }),
  'a getter that throws an array': () => ({ primary: 2, options: Object.defineProperty([[0]], 0, throwing([1, 2])) }),
  'a getter that throws an Error whose message throws': () => {
    const error = Object.defineProperty(new Error('x'), 'message', { get() { throw new Error('y'); } });
    return { primary: 2, options: Object.defineProperty([[0]], 0, throwing(error)) };
  },
  'a class instance array-like as an option': () => ({ primary: 2, options: [new ArrayLike()] }),
  'a class instance array-like as the options': () => ({ primary: 2, options: new ArrayLike() }),
  'a function as an entry': () => ({ primary: 2, options: [[0, () => 1]] }),
  'a function as an option': () => ({ primary: 2, options: [() => 1] }),
  'a symbol as an entry': () => ({ primary: 2, options: [[Symbol('s')]] }),
  'a BigInt as an entry': () => ({ primary: 2, options: [[1n]] }),
  'a BigInt as the item count': () => ({ primary: 2n, options: [[0]] }),
  'a Map as an option': () => ({ primary: 2, options: [new Map([[0, 0]])] }),
  'a cyclic array': () => {
    const options = [[0], [1]];
    options.push(options);
    return { primary: 2, options };
  },
  'a cyclic option': () => {
    const option = [0];
    option.push(option);
    return { primary: 2, options: [option] };
  },
  'a sparse array of options': () => ({ primary: 2, options: [[0], , [1]] }), // eslint-disable-line no-sparse-arrays
  'a sparse option': () => ({ primary: 2, options: [[0, , 1]] }), // eslint-disable-line no-sparse-arrays
  'an array longer than every budget': () => ({ primary: 2, options: new Array(2 ** 25) }),
  'an option longer than the item count': () => ({ primary: 2, options: [new Array(5)] }),
  'options whose length throws': () => ({ primary: 2, options: lengthThrows([[0], [1]], new Error('no length')) }),
  'an option whose length throws': () => ({ primary: 2, options: [lengthThrows([0], new RangeError('no length'))] }),
  'an option whose length is no length': () => ({ primary: 2, options: [new Proxy([0], { get: (t, k, r) => (k === 'length' ? -1 : Reflect.get(t, k, r)) })] }),
  'an option of length -1 whose every entry is 0': () => ({ primary: 2, options: [endless(-1)] }),
  // The module reads a problem by the problem's keys alone: a getter named like an option
  // (never read, by sync or async) would change the problem.
  'a problem with a hidden getter named like an option': () => {
    const problem = { primary: 2, options: [[0], [1]] };
    return Object.defineProperty(problem, 'maxNodes', { get: () => { problem.options = [[0, 1]]; return 1; } });
  },
  'an item with bounds and a hidden getter named like a problem key': () => {
    const problem = { primary: [{ name: 'a' }, 'b'], options: [['a'], ['b']] };
    Object.defineProperty(problem.primary[0], 'options', { get: () => { problem.options = [['a', 'b']]; return 1; } });
    return problem;
  },
  'an option of length 1.5 whose every entry is 0': () => ({ primary: 2, options: [[1], endless(1.5)] }),
  'options whose length is a string': () => ({ primary: 2, options: new Proxy([[0]], { get: (t, k, r) => (k === 'length' ? '1' : Reflect.get(t, k, r)) }) }),
  'a revoked proxy as the problem': () => revoked({}),
  'a revoked proxy as the options': () => ({ primary: 2, options: revoked() }),
  'a revoked proxy as an option': () => ({ primary: 2, options: [[0], revoked()] }),
  'a revoked proxy as an entry': () => ({ primary: 2, options: [[0, revoked()]] }),
  'a revoked proxy of a function as the options': () => ({ primary: 2, options: revoked(() => 1) }),
  'a function as the problem': () => () => 1,
  'a symbol as the problem': () => Symbol('problem'),
  'a proxy of the problem': () => new Proxy({ primary: 2, options: [[0], [1]] }, {}),
  'a problem whose keys cannot be listed': () => new Proxy({ primary: 2, options: [[0]] }, { ownKeys() { throw new Error('no keys'); } }),
  'a problem whose getter throws': () => Object.defineProperty({ options: [[0]] }, 'primary', throwing(new Error('no primary'))),
  'a problem with a key not its own': () => Object.assign(Object.create({ primary: 2 }), { options: [[0], [1]] }),
  'an item with getter bounds (a class)': () => ({ primary: [new Bound(), 'b'], options: [['a'], ['a'], ['b']] }),
  'an item whose name throws': () => ({ primary: [Object.defineProperty({}, 'name', throwing(5)), 'b'], options: [['b']] }),
  'an item whose keys throw': () => ({ primary: [new Proxy({ name: 'a' }, { ownKeys() { throw new Error('no keys'); } })], options: [['a']] }),
  'an item with a function bound': () => ({ primary: [{ name: 'a', max: () => 2 }], options: [['a']] }),
  'an item given as a revoked proxy': () => ({ primary: [revoked({})], options: [[0]] }),
  'item names as a proxy': () => ({ primary: new Proxy(['a', 'b'], {}), secondary: new Proxy(['c'], {}), options: [['a', 'c:red'], ['b', 'c:red']] }),
  'compact form in typed arrays': () => ({ primary: 2, items: new Uint32Array([0, 1, 0, 1]), offsets: new Uint32Array([0, 1, 2, 4]) }),
  'a typed array subclass': () => ({ primary: 2, items: new (class extends Uint32Array {})([0, 1]), offsets: new Uint32Array([0, 1, 2]) }),
  'a detached typed array': () => ({ primary: 2, items: detached(), offsets: new Uint32Array([0, 1, 2]) }),
  'a BigInt typed array': () => ({ primary: 2, items: new BigUint64Array([0n]), offsets: new Uint32Array([0, 1]) }),
  'a DataView': () => ({ primary: 2, items: new DataView(new ArrayBuffer(8)), offsets: new Uint32Array([0, 1]) }),
  'a key of astral characters': () => ({ primary: 2, options: [[0]], [ASTRAL]: 1 }),
  'a key with a lone surrogate': () => ({ primary: 2, options: [[0]], [`b${'\uD835'.repeat(3)}`]: 1 }),
  'an item key of astral characters': () => ({ primary: [{ name: 'a', [ASTRAL]: 1 }], options: [['a']] }),
};

/** Options of exact_cover, as factories, on a problem with solutions [0, 1] and [2]. */
const OPTIONS = {
  'a proxy of forced': () => ({ forced: new Proxy([2], {}) }),
  'forced with a getter': () => ({ forced: Object.defineProperty([], 0, { get: () => 2, enumerable: true }) }),
  'forced whose entry throws': () => ({ forced: Object.defineProperty([0], 0, throwing(new Error('no forced'))) }),
  'a function in forced': () => ({ forced: [() => 0] }),
  'a revoked proxy as forced': () => ({ forced: revoked() }),
  'a symbol as the limit': () => ({ limit: Symbol('limit') }),
  'a BigInt as the limit': () => ({ limit: 1n }),
  'a proxy of the options': () => new Proxy({ limit: 1, forced: [2] }, {}),
  'an option key of astral characters': () => ({ [ASTRAL]: 1 }),
};
const SMALL = () => ({ primary: 3, options: [[0, 1], [2], [0, 1, 2]] });

describe('the async API reads its arguments as the sync exports', () => {
  test('hostile problems: exact_cover_async, pool.exactCover and pool.call give exact_cover\'s result or error', async () => {
    const pool = dlx.create_worker_pool(2);
    try {
      for (const [what, problem] of Object.entries(PROBLEMS)) {
        const expected = outcome(() => exact_cover(problem()));
        assertSame(await settled(exact_cover_async(problem())), expected, `exact_cover_async: ${what}`);
        assertSame(await settled(exact_cover_async(problem(), { countOnly: true })),
          outcome(() => exact_cover(problem(), { countOnly: true })), `exact_cover_async, countOnly: ${what}`);
        assertSame(await settled(pool.exactCover(problem(), { workers: 1 })), expected, `pool.exactCover: ${what}`);
        assertSame(await settled(pool.call('exact_cover', [problem()])), expected, `pool.call: ${what}`);
        // Read in one worker (exact_cover itself, with the memo).
        assertSame(await settled(exact_cover_async(problem(), { countOnly: true, memo: true })),
          outcome(() => exact_cover(problem(), { countOnly: true, memo: true })), `memo: ${what}`);
      }
    } finally {
      pool.close();
    }
  });

  test('hostile options: exact_cover_async and pool.call give exact_cover\'s result or error', async () => {
    const pool = dlx.create_worker_pool(1);
    try {
      for (const [what, options] of Object.entries(OPTIONS)) {
        const expected = outcome(() => exact_cover(SMALL(), options()));
        const got = await settled(exact_cover_async(SMALL(), options()));
        if (expected.error?.message.includes('unknown key')) {
          // The async message lists the pool's own keys too.
          const listed = `${expected.error.message.slice(0, -1)}, workers, signal, onProgress, onSolution, tasks)`;
          assertSame(got, { error: { ...expected.error, message: listed } }, `exact_cover_async: ${what}`);
        } else {
          assertSame(got, expected, `exact_cover_async: ${what}`);
        }
        assertSame(await settled(pool.call('exact_cover', [SMALL(), options()])), expected, `pool.call: ${what}`);
      }
      // solve_sudoku's options likewise.
      const puzzle = `1${'.'.repeat(15)}`;
      for (const [what, options] of Object.entries({
        'a proxy': () => new Proxy({ boxRows: 1 }, {}),
        'a getter that throws': () => Object.defineProperty({}, 'boxRows', throwing(new Error('no rows'))),
        'a function': () => ({ boxRows: () => 1 }),
        'a symbol': () => ({ variant: Symbol('x') }),
      })) {
        const expected = outcome(() => solve_sudoku(puzzle, options()));
        assertSame(await settled(solve_sudoku_async(puzzle, options())), expected, `solve_sudoku_async: ${what}`);
        assertSame(await settled(pool.call('solve_sudoku', [puzzle, options()])), expected, `pool.call solve_sudoku: ${what}`);
      }
    } finally {
      pool.close();
    }
  });

  test('an unknown key is cut at a character\'s boundary, alike sync and async', async () => {
    // Unit 40 of the key is the second half of a pair: the cut keeps 39 units, never half.
    const sync = outcome(() => exact_cover({ primary: 1, options: [[0]], [ASTRAL]: 1 })).error;
    assert.equal(sync.path, `problem.${ASTRAL.slice(0, 39)}`);
    assert.ok(sync.message.isWellFormed(), sync.message);
    const options = outcome(() => exact_cover('A\nA', { [ASTRAL]: 1 })).error;
    assert.equal(options.path, `options.${ASTRAL.slice(0, 39)}`);
    const async = await settled(exact_cover_async('A\nA', { [ASTRAL]: 1 }));
    assert.equal(async.error.path, options.path);
    assert.ok(async.error.message.isWellFormed(), async.error.message);
    assert.ok(async.error.message.startsWith(options.message.slice(0, -1)), async.error.message);
    // A lone surrogate is U+FFFD in both.
    const lone = `b${'\uD835'.repeat(3)}`;
    const loneSync = outcome(() => exact_cover('A\nA', { [lone]: 1 })).error;
    assert.equal(loneSync.path, 'options.b\uFFFD\uFFFD\uFFFD');
    assert.equal((await settled(exact_cover_async('A\nA', { [lone]: 1 }))).error.path, loneSync.path);
    const bound = outcome(() => exact_cover({ primary: [{ name: 'a', [ASTRAL]: 1 }], options: [['a']] })).error;
    assert.equal(bound.path, `problem.primary[0].${ASTRAL.slice(0, 39)}`);
  });

  test('an option whose length is no array length is refused for it, none of its entries read', () => {
    // -1 was read on as 2^32 - 1 entries: a call that did not end.
    for (const length of [-1, 1.5, NaN, 2 ** 32]) {
      const { error } = outcome(() => exact_cover({ primary: 2, options: [[0], endless(length)] }));
      assert.equal(error?.code, 'invalid_argument', String(length));
      assert.equal(error.path, 'problem.options[1]');
      assert.equal(error.message, 'problem.options[1]: expected an array with a length, got an array');
    }
  });

  test('an item list\'s length is read once, alike sync and async: one that grows after its first read is read as first read', async () => {
    // Its length 2 at the first read, then 50 million: read again, the call read 50 million
    // names for a minute before it refused them (or, at 1 million, counted 0 solutions).
    for (const after of [50_000_000, 1_000_000]) {
      let reads = 0;
      const growing = () => new Proxy(['a', 'b'], {
        get(target, key) {
          if (key === 'length') return ++reads === 1 ? 2 : after;
          return typeof key === 'string' && /^\d+$/.test(key) ? `i${key}` : target[key];
        },
      });
      const problem = () => ({ primary: growing(), secondary: [], options: [['i0'], ['i1']] });
      reads = 0;
      const sync = outcome(() => exact_cover(problem()));
      assert.equal(reads, 1, 'sync: the length read once');
      assert.equal(sync.value?.count, 1, JSON.stringify(sync));
      reads = 0;
      assertSame(await settled(exact_cover_async(problem())), sync, `async, ${after}`);
      assert.equal(reads, 1, 'async: the length read once');
    }
  });

  test('a getter of the problem runs once, when the call is made', async () => {
    let reads = 0;
    const options = [[0], [1]];
    const problem = { primary: 2, options: Object.defineProperty([...options], 1, { get: () => { reads++; return [1]; }, enumerable: true }) };
    const running = exact_cover_async(problem, { workers: 2 });
    assert.equal(reads, 1);
    assert.equal((await running).count, 1);
    assert.equal(reads, 1);
  });

  test('the options\' arrays are read when the call is made: one forced array reused by three calls', async () => {
    // Options 0: [0], 1: [1], 2: [0, 1]; each call forces the option the array holds then.
    const problem = () => ({ primary: 2, options: [[0], [1], [0, 1]] });
    const forced = [0];
    const sync = [];
    const running = [];
    for (const option of [0, 1, 2]) {
      forced[0] = option;
      sync.push(exact_cover(problem(), { forced }).solutions);
      running.push(exact_cover_async(problem(), { forced }));
      running.push(exact_cover_async(problem(), { forced, countOnly: true, workers: 2 }).then((r) => r.count));
    }
    assert.deepEqual(sync, [[[0, 1]], [[0, 1]], [[2]]]);
    const got = await Promise.all(running);
    assert.deepEqual(got.filter((_, k) => k % 2 === 0).map((r) => r.solutions), sync);
    assert.deepEqual(got.filter((_, k) => k % 2 === 1), [1, 1, 1]);
    // A getter of an option's array: read once, when the call is made, as exact_cover reads it.
    let reads = 0;
    const getter = Object.defineProperty([], 0, { get: () => { reads++; return 2; }, enumerable: true });
    const later = exact_cover_async(problem(), { forced: getter });
    assert.equal(reads, 1);
    assert.deepEqual((await later).solutions, [[2]]);
    assert.equal(reads, 1);
  });

  test('an array held many times is read and sent once: the call refuses as exact_cover, without copies of it', async () => {
    // 64 references to one array of 2^20 entries: copied at each, 512 MiB of numbers (the
    // pool's first encoding ran the page out of memory at 1,000 references).
    const big = new Array(2 ** 20).fill(0);
    const problem = () => ({ primary: 2, options: new Array(64).fill(big) });
    const sync = outcome(() => exact_cover(problem()));
    assert.equal(sync.error?.code, 'invalid_argument');
    const before = process.memoryUsage().heapUsed;
    const running = exact_cover_async(problem());
    const grown = process.memoryUsage().heapUsed - before;
    assert.ok(grown < 128 * 2 ** 20, `the call held ${Math.round(grown / 2 ** 20)} MiB more`);
    assert.deepEqual(await settled(running), sync);
  });
});
