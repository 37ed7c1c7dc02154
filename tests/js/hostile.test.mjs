// Arguments whose reading runs the caller's code and throws, or that cannot be read at all:
// proxies whose traps throw, revoked proxies, detached typed arrays, a typed array whose
// `length` getter throws, an Error whose `message` throws. Each call must throw a coded
// Error, and must leave the instance whole: a throw that unwound through wasm would leak its
// frames' stack and the values they held, and a few hundred such calls broke the instance
// (every later call trapped). So each case runs well past that, and then the module solves.
// The async API takes the same arguments: it rejects (never throws) with the sync call's code,
// and its pool still works afterwards.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { PKG, requireBuild } from './helpers.mjs';

requireBuild(join(PKG, 'node.js'), join(PKG, 'core-node.js'));
const main = await import(join(PKG, 'node.js'));
const core = await import(join(PKG, 'core-node.js'));

/** More calls than the instance survived when a throw unwound through it. */
const REPEATS = 1500;

const boom = () => {
  throw new Error('boom');
};
/** A proxy of `target` whose `length` (and every other read) throws. */
const throwingLength = (target) => new Proxy(target, { get: boom });
/** A proxy of `target` that reads as it does but throws when its keys are listed. */
const keysThrow = (target) => new Proxy(target, { ownKeys: boom });
const revoked = () => {
  const { proxy, revoke } = Proxy.revocable([], {});
  revoke();
  return proxy;
};
const detached = (Kind) => {
  const array = new Kind(4);
  structuredClone(array.buffer, { transfer: [array.buffer] });
  return array;
};
class LyingLength extends Uint32Array {
  get length() {
    throw new Error('length');
  }
}
/** Thrown by a getter: an Error whose `message` cannot be read. */
const unreadableError = () => {
  const error = new Error('x');
  Object.defineProperty(error, 'message', { get: boom });
  return error;
};

const P = { primary: ['a', 'b'], options: [['a'], ['b'], ['a', 'b']] };

/** The hostile calls of a module: [name, call, the `path` its error must name]. */
function cases(m) {
  const list = [
    ['primary with a throwing length', () => m.exact_cover({ ...P, primary: throwingLength(['a', 'b']) }), 'problem.primary'],
    ['secondary with a throwing length', () => m.exact_cover({ ...P, secondary: throwingLength([]) }), 'problem.secondary'],
    ['options with a throwing length', () => m.exact_cover({ ...P, options: throwingLength([]) }), 'problem.options'],
    ['forced with a throwing length', () => m.exact_cover(P, { forced: throwingLength([0]) }), 'options.forced'],
    ['a revoked proxy as the problem', () => m.exact_cover(revoked()), 'problem'],
    ['a revoked proxy as the options', () => m.exact_cover(P, revoked()), 'options'],
    ['a revoked proxy as primary', () => m.exact_cover({ ...P, primary: revoked() }), 'problem.primary'],
    ['a revoked proxy as items', () => m.exact_cover({ primary: 2, items: revoked(), offsets: new Uint32Array([0]) }), 'problem.items'],
    ['options whose keys cannot be listed', () => m.exact_cover(P, keysThrow({ limit: 1 })), 'options'],
    ['a problem whose keys cannot be listed', () => m.exact_cover(keysThrow(P)), 'problem'],
    [
      'bounds whose keys cannot be listed',
      () => m.exact_cover({ primary: [keysThrow({ name: 'a' }), 'b'], options: P.options }),
      'problem.primary[0]',
    ],
    ['detached items', () => m.exact_cover({ primary: 2, items: detached(Uint32Array), offsets: new Uint32Array([0, 1]) }), 'problem.items'],
    ['detached offsets', () => m.exact_cover({ primary: 2, items: new Uint32Array([0]), offsets: detached(Float64Array) }), 'problem.offsets'],
    [
      'a getter that throws an Error whose message throws',
      () => m.exact_cover({ ...P, get options() { throw unreadableError(); } }),
      'problem.options',
    ],
  ];
  if (m.ExactCoverTasks) {
    const tasks = new m.ExactCoverTasks(P);
    for (const path of [5, {}, true, null, undefined, []]) {
      list.push([`ExactCoverTasks.solver(${String(path)})`, () => tasks.solver(path), 'path']);
    }
  }
  if (m.sudoku_hint) {
    const puzzle = '.'.repeat(81);
    // sudoku_hint(puzzle, entries, marks, options): the marks are read where they are.
    list.push(['sudoku marks with a throwing length', () => m.sudoku_hint(puzzle, puzzle, throwingLength([])), 'marks']);
    list.push(['a revoked proxy as sudoku options', () => m.solve_sudoku(puzzle, revoked()), null]);
    list.push(['a revoked proxy as generate options', () => m.generate_sudoku(revoked()), null]);
    list.push(['sudoku options whose keys cannot be listed', () => m.solve_sudoku(puzzle, keysThrow({})), 'options']);
  }
  return list;
}

for (const [name, m] of [['dlx-wasm', main], ['dlx-wasm/core', core]]) {
  test(`${name}: hostile arguments throw coded Errors and leave the instance whole`, () => {
    for (const [what, call, path] of cases(m)) {
      for (let k = 0; k < REPEATS; k++) {
        let thrown;
        try {
          call();
        } catch (error) {
          thrown = error;
        }
        assert.ok(thrown !== undefined, `${what}: did not throw`);
        assert.ok(!(thrown instanceof WebAssembly.RuntimeError), `${what}: trapped (call ${k}): ${thrown}`);
        assert.ok(thrown instanceof Error, `${what}: threw a non-Error`);
        assert.equal(typeof thrown.code, 'string', `${what}: no code: ${thrown.message}`);
        if (path !== null && k === 0) assert.equal(thrown.path, path, `${what}: ${thrown.message}`);
      }
      // Still whole: a solver works and gives the right count.
      assert.equal(m.exact_cover('a b\na\nb\na b').count, 2, `after ${what}`);
    }
    // A typed array is read by its own length, whatever a subclass's getter says.
    const items = new LyingLength([0, 1]);
    assert.equal(m.exact_cover({ primary: 2, items, offsets: new Uint32Array([0, 2]) }).count, 1);
    // A freed solver says so, every time, and frees again without harm.
    const freed = new m.ExactCoverSolver('a b\na\nb\na b');
    freed.free();
    for (let k = 0; k < REPEATS; k++) {
      freed.free();
      for (const call of [() => freed.run(revoked()), () => freed.next(), () => freed.status, () => freed.countWithin(5)]) {
        assert.throws(call, (e) => e.code === 'freed', `after free, call ${k}`);
      }
    }
    freed[Symbol.dispose]?.();
    assert.equal(m.exact_cover('a b\na\nb\na b').count, 2, 'after the freed calls');
    // A solver's method that threw leaves it usable and freeable.
    const solver = new m.ExactCoverSolver('a b\na\nb\na b');
    assert.throws(() => solver.run(revoked()), (e) => typeof e.code === 'string');
    assert.deepStrictEqual(solver.next(), { value: [0, 1], done: false });
    assert.deepStrictEqual(solver.next(), { value: [2], done: false });
    assert.deepStrictEqual(solver.next(), { value: undefined, done: true });
    solver.free();
  });
}

test('a bound that is not a number, NaN included, is refused at its place', () => {
  for (const bad of [NaN, '2', null, {}]) {
    for (const key of ['min', 'max']) {
      const problem = { primary: [{ name: 'a', [key]: bad }], options: [['a'], ['a']] };
      assert.throws(
        () => main.exact_cover(problem),
        (e) => e.code === 'invalid_argument' && e.path === `problem.primary[0].${key}`,
        `${key}: ${String(bad)}`,
      );
    }
  }
  // Absent bounds are the defaults: exactly once.
  assert.equal(main.exact_cover({ primary: [{ name: 'a' }], options: [['a'], ['a']] }).count, 2);
});

test('a task that is not a node of the search tree is an invalid_task at its path', () => {
  // 'a' is chosen first; option 1 (b) is not a branch at the root.
  assert.throws(() => main.exact_cover(P, { task: '1' }), (e) => e.code === 'invalid_task' && e.path === 'options.task');
  assert.throws(() => main.exact_cover(P, { task: '99' }), (e) => e.code === 'invalid_task' && e.path === 'options.task');
  const tasks = new main.ExactCoverTasks(P);
  assert.throws(() => tasks.solver('0 0'), (e) => e.code === 'invalid_task' && e.path === 'path');
  let total = 0;
  for (const { path } of tasks.split(8)) total += main.exact_cover(P, { task: path, countOnly: true }).count;
  assert.equal(total, 2);
});

test('the async API rejects hostile arguments with the sync call\'s code, never throws, and its pool works afterwards', async () => {
  const puzzle = '.'.repeat(81);
  const cases = [
    // Read in the main thread (the options), or refused by structured clone (the problem).
    ['a revoked proxy as the options', [P, revoked()], true],
    ['options whose keys cannot be listed', [P, keysThrow({ limit: 1 })], true],
    ['an option whose getter throws', [P, { get limit() { throw new Error('getter'); } }], true],
    ['a revoked proxy as the problem', [revoked()], false],
    ['a problem whose keys cannot be listed', [keysThrow(P)], false],
    ['primary with a throwing length', [{ ...P, primary: throwingLength(['a', 'b']) }], false],
    ['a getter that throws an Error whose message throws', [{ ...P, get options() { throw unreadableError(); } }], false],
    ['a function in the problem', [{ ...P, primary: () => ['a'] }], false],
    ['a symbol as the problem', [Symbol('p')], false],
    ['detached items', [{ primary: 2, items: detached(Uint32Array), offsets: new Uint32Array([0, 1]) }], false],
  ];
  const wrong = [];
  /** Checks that `promise` rejects with `sync`'s code (and path, where `samePath`). */
  const check = async (what, promise, sync, samePath) => {
    const got = await promise.then(() => 'resolved', (error) => (error instanceof Error
      ? { code: error.code, ...(samePath ? { path: error.path } : {}) }
      : `a non-Error: ${String(error)}`));
    const expected = { code: sync.code, ...(samePath ? { path: sync.path } : {}) };
    if (JSON.stringify(got) !== JSON.stringify(expected)) wrong.push({ what, expected, got });
  };
  for (const [what, args, samePath] of cases) {
    let sync;
    try {
      main.exact_cover(...args);
    } catch (error) {
      sync = error;
    }
    assert.equal(typeof sync?.code, 'string', `${what}: the sync call throws a coded Error`);
    // Options the main thread reads itself: refused at the same path as the sync call's.
    const calls = samePath ? [args] : [args, [args[0], { ...args[1], countOnly: true }]];
    for (const call of calls) {
      let promise;
      assert.doesNotThrow(() => {
        promise = main.exact_cover_async(...call);
      }, what);
      await check(`exact_cover_async: ${what}`, promise, sync, samePath);
    }
  }
  for (const [what, options] of [['a revoked proxy', revoked()], ['keys that cannot be listed', keysThrow({})]]) {
    let sync;
    try {
      main.solve_sudoku(puzzle, options);
    } catch (error) {
      sync = error;
    }
    await check(`solve_sudoku_async: ${what}`, main.solve_sudoku_async(puzzle, options), sync, true);
  }
  assert.deepStrictEqual(wrong, [], JSON.stringify(wrong, null, 1));
  // The pool still works.
  assert.equal((await main.exact_cover_async('a b\na\nb\na b')).count, 2);
  assert.equal((await main.exact_cover_async('a b\na\nb\na b', { countOnly: true })).count, 2);
  main.close_worker_pool();
});

test('TaskSchedule: any sequence of events with any values throws coded Errors or carries on, and never traps', () => {
  // The pool's scheduler is public (`TaskSchedule`), so its methods meet what a caller
  // passes: runs and workers it never handed out, events out of order, values of every
  // shape. A panic would trap the instance (a RuntimeError); every refusal must be coded.
  const { TaskSchedule, exact_cover: exactCover } = main;
  let seed = 7;
  const next = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const pick = (list) => list[Math.floor(next() * list.length)];
  const values = () => pick([0, 1, 2, 3, 5, 17, 2 ** 31, 2 ** 32 + 1, -1, 0.5, NaN, Infinity, '1', null, undefined, {}, []]);
  const answer = () => pick([
    { count: 1, stats: { nodes: 10, updates: 20 }, status: 'exhausted', progress: 1 },
    { count: pick([0, 3, -1]), stats: { nodes: values(), updates: 1 }, status: pick(['searching', 'node_limit', 'nope']), progress: values() },
    values(),
  ]);
  let refused = 0;
  let decisions = 0;
  for (let round = 0; round < 300; round++) {
    const tasks = 1 + Math.floor(next() * 6);
    const shares = new Float64Array(tasks).fill(1 / tasks);
    let schedule;
    try {
      schedule = new TaskSchedule(pick([shares, shares, new Float64Array([2]), [0.5], 'x']), pick([1, 2, 3, 0, -1, NaN]), pick([true, false, 1]), pick([undefined, 0, 2, 10, -3]), pick([undefined, 1, 100000, NaN]), pick([{ nodes: 3, updates: 9 }, { nodes: 3, updates: 9 }, { nodes: -1, updates: 0 }, { nodes: 1 }, { nodes: 1, updates: 1, extra: 1 }, null]));
    } catch (error) {
      assert.ok(!(error instanceof WebAssembly.RuntimeError), `trapped: ${error}`);
      assert.equal(typeof error.code, 'string', String(error));
      refused++;
      continue;
    }
    try {
      for (let step = 0; step < 40; step++) {
        const call = pick(['ready', 'found', 'progressed', 'need', 'finished', 'lost', 'abort', 'next', 'progress', 'result']);
        try {
          const out = {
            ready: () => schedule.ready(values()),
            found: () => schedule.found(values(), values()),
            progressed: () => schedule.progressed(values(), values(), values()),
            need: () => schedule.need(values()),
            finished: () => schedule.finished(values(), answer()),
            lost: () => schedule.lost(values()),
            abort: () => schedule.abort(),
            next: () => schedule.next(),
            progress: () => schedule.progress(),
            result: () => schedule.result(),
          }[call]();
          if (call === 'next' && out !== undefined) decisions++;
        } catch (error) {
          assert.ok(!(error instanceof WebAssembly.RuntimeError), `${call} trapped: ${error}`);
          assert.equal(typeof error.code, 'string', `${call}: ${error}`);
          refused++;
        }
      }
    } finally {
      schedule.free();
    }
  }
  assert.ok(refused > 0 && decisions > 0, `${refused} refusals, ${decisions} decisions`);
  // And the instance still solves.
  assert.equal(exactCover({ primary: 2, options: [[0], [1], [0, 1]] }, { countOnly: true }).count, 2);
});
