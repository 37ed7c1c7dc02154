// Throws seeded random malformed input at every export of both of the package's modules
// (`dlx-wasm`, the whole API, and `dlx-wasm/core`) and checks that each call either returns or throws an
// Error with a string `code` — never a WebAssembly.RuntimeError (a trap), a non-Error, or an
// Error without a code — and that the same instances still solve correctly afterwards. A
// failure prints the seed and call to reproduce it. The async API (exact_cover_async,
// solve_sudoku_async) answers random calls exactly as its sync export does: the same result,
// or a rejection with every field of the sync call's error.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import util from 'node:util';
import { PKG, ROOT, errorFields, random, requireBuild } from './helpers.mjs';

requireBuild(join(PKG, 'node.js'), join(PKG, 'core-node.js'));
const MODULES = {
  'dlx-wasm': await import(join(PKG, 'node.js')),
  'dlx-wasm/core': await import(join(PKG, 'core-node.js')),
};

const SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const CALLS = Number(process.env.FUZZ_CALLS ?? 12000);


const rand = random(SEED);
const pick = (list) => list[Math.floor(rand() * list.length)];
const int = (n) => Math.floor(rand() * n);

const sparse = [];
sparse[5] = 1;
const huge = [];
huge.length = 2 ** 31;
const deep = (() => {
  let v = [];
  for (let k = 0; k < 10000; k++) v = [v];
  return v;
})();
const throwing = {
  get primary() {
    throw new Error('getter');
  },
  options: [],
};
const throwingArray = [1];
Object.defineProperty(throwingArray, 0, {
  get() {
    throw new Error('element getter');
  },
});

/** Values that are wrong in most positions. Kept cheap: no near-empty sudoku grids. */
const SCALARS = [
  undefined, null, true, false, 0, 1, 2, 3, 4, 9, -1, -0, 0.5, 1.5, 2 ** 32, 2 ** 53, 2 ** 64,
  NaN, Infinity, -Infinity, '', ' ', '0', 'abc', '|', ':', 'A:red', '\u0000', '\ud800',
  'x'.repeat(100000), 10n, Symbol('s'), () => 1, new Date(0), /re/, new Uint8Array(3),
];
const STRINGS = [
  'A B\nA C', 'A | x\nA:c x', 'A | x | y\nA', 'A B\nA A', 'A\n', '| only a comment',
  'A B | x\nx\n', '1'.repeat(81), '.'.repeat(80), '.'.repeat(82), 'x'.repeat(81),
  '12345678'.repeat(10) + '?', '1.3'.repeat(27), 'A:\n', 'A B\n' + 'A B\n'.repeat(50),
];
const OBJECTS = [
  {}, [], sparse, huge, deep, throwing, throwingArray, { primary: 2 },
  { primary: 2, options: [[0, 5]] }, { primary: -1, options: [] }, { primary: 1.5, options: [] },
  { primary: NaN, options: [[0]] }, { primary: ['a', 'a'], options: [] },
  { primary: ['a'], options: [['a:red']] }, { primary: ['a b'], options: [] },
  { primary: 2, secondary: ['x'], options: [[0]] }, { primary: 2, options: [[]] },
  { primary: 2, options: [null] }, { primary: 2, options: [[0, 0]] }, { primary: 2, options: sparse },
  { primary: 2 ** 40, options: [] }, { primary: 3, options: huge }, { primary: 1, options: [[throwingArray]] },
  { limit: -1 }, { limit: 1.5 }, { limit: NaN }, { countOnly: 'yes' }, { maxNodes: -3 },
  { forced: [99] }, { forced: 'x' }, { forced: [0, 0, NaN] }, { seed: Infinity }, { maxSteps: 1e12 },
  { size: 0 }, { size: 1000 }, { size: 'nine' }, { size: 4.5 }, { variant: 'nope' }, { variant: 7 },
  { boxRows: 0 }, { boxRows: 5, boxCols: 5 }, { boxRows: 1.5 }, { alphabet: '' }, { alphabet: 'aa' },
  { regions: 'zzz' }, { difficulty: 'impossible' }, { symmetry: 'spiral' }, { seed: -1 },
];

function value() {
  const r = rand();
  if (r < 0.4) return pick(SCALARS);
  if (r < 0.65) return pick(STRINGS);
  if (r < 0.95) return pick(OBJECTS);
  // A random short string of the characters the parsers care about.
  return Array.from({ length: int(40) }, () => pick([...'AB|:x.0123456789\n \t-+=,'])).join('');
}

function describe(args) {
  return args
    .map((a) => {
      if (typeof a === 'string') return JSON.stringify(a.length > 60 ? a.slice(0, 60) + '…' : a);
      if (typeof a === 'bigint' || typeof a === 'symbol' || typeof a === 'function') return String(a);
      if (Array.isArray(a) && a.length > 10) return `[array of length ${a.length}]`;
      try {
        return JSON.stringify(a)?.slice(0, 80) ?? String(a);
      } catch {
        return '[unprintable]';
      }
    })
    .join(', ');
}

/** Fails on a trap, a non-Error, or an Error without a string code; else gives the code. */
function checkError(error, where) {
  assert.ok(!(error instanceof WebAssembly.RuntimeError), `trap in ${where}: ${error}`);
  assert.ok(error instanceof Error, `non-Error thrown by ${where}: ${String(error)}`);
  assert.equal(typeof error.code, 'string', `no code on the error of ${where}: ${error.message}`);
  assert.ok(error.message.length > 0, `empty message from ${where}`);
  return error.code;
}

/**
 * Calls `f(...args)`: 'returned', the code of what it threw, or for the async API (a promise)
 * a promise of 'resolved' or the code it rejected with. The async API never throws at once.
 */
function probe(name, f, args) {
  const where = () => `${name}(${describe(args)}) with FUZZ_SEED=${SEED}`;
  try {
    const result = f(...args);
    if (typeof result?.then !== 'function') return 'returned';
    return result.then(
      () => 'resolved',
      (error) => checkError(error, where()),
    );
  } catch (error) {
    return checkError(error, where());
  }
}

/** A module's exported functions and classes (not init, initSync or wasm-bindgen's own). */
function exportsOf(module) {
  const all = Object.entries(module).filter(([, f]) => typeof f === 'function');
  return {
    functions: all.filter(([name]) => !['default', 'initSync'].includes(name) && !/^[A-Z]/.test(name)),
    classes: all.filter(([name]) => /^[A-Z]/.test(name)),
  };
}

test(`${CALLS} malformed calls never trap and always throw coded Errors`, { timeout: 600_000 }, async () => {
  const modules = Object.entries(MODULES).map(([label, module]) => [label, exportsOf(module)]);
  // Each function takes one share of the calls; each class two (its constructor, its methods).
  const shares = modules.reduce((n, [, m]) => n + m.functions.length + m.classes.length * 2, 0);
  const per = Math.ceil(CALLS / shares);
  const codes = new Map();
  let calls = 0;
  const pending = [];
  const tally = (code) => codes.set(code, (codes.get(code) ?? 0) + 1);
  const call = (name, f, args) => {
    const code = probe(name, f, args);
    if (typeof code === 'string') tally(code);
    else pending.push(code.then(tally));
    calls++;
  };
  for (const [label, { functions, classes }] of modules) {
    assert.ok(functions.length >= 2, `found the exports of ${label}`);
    assert.ok(!functions.some(([name]) => name === 'start'), 'the start function is private');
    for (const [name, f] of functions) {
      for (let k = 0; k < per; k++) call(`${label}: ${name}`, f, Array.from({ length: int(4) }, value));
    }
    for (const [name, Class] of classes) {
      // A class whose methods are not probed below takes both its shares in its constructor.
      const constructions = name === 'ExactCoverSolver' ? per : 2 * per;
      for (let k = 0; k < constructions; k++) {
        call(`${label}: new ${name}`, (...a) => new Class(...a)?.free?.(), Array.from({ length: int(3) }, value));
      }
      // Methods of a live instance, with bad arguments.
      if (name === 'ExactCoverSolver') {
        const solver = new Class('A B\nA\nB\nA B');
        for (let k = 0; k < per; k++) {
          const method = pick(['run', 'countWithin', 'next', 'count']);
          call(`${label}: solver.${method}`, (...a) => solver[method](...a), [value()]);
        }
        solver.free();
      }
    }
    const names = (list) => list.map(([n]) => n).join(', ');
    console.log(`${label}: exports ${names(functions)}; classes ${names(classes)}`);
  }
  // The async API's answers (the worker pool), then its workers closed, pass or fail.
  try {
    await Promise.all(pending);
  } finally {
    for (const module of Object.values(MODULES)) module.close_worker_pool?.();
  }
  console.log(`${calls} calls (${pending.length} async); outcomes: ${JSON.stringify(Object.fromEntries(codes))}`);
  assert.ok(calls >= CALLS, `${calls} calls`);
  // Most calls should be refused, and for more than one reason.
  assert.ok(codes.size >= 5, `codes seen: ${[...codes.keys()].join(', ')}`);
});

test('the same instances still solve correctly after the fuzzing', () => {
  const q8 = readFileSync(join(ROOT, 'tests', 'data', 'q8.dlx'), 'utf8');
  for (const dlx of Object.values(MODULES)) {
    const knuth = dlx.exact_cover('A B C D E | F G\nC E\nA D G\nB C F\nA D F\nB G\nD E G');
    assert.deepEqual(knuth.solutions, [[0, 3, 4]]);
    const queens = dlx.exact_cover(q8, { countOnly: true });
    assert.deepStrictEqual(queens, {
      solutions: [], count: 92, countText: '92', complete: true, status: 'exhausted',
      stats: { nodes: 1049, updates: 16680, solutions: 92 }, warnings: [],
    });
  }
  const solved = MODULES['dlx-wasm'].solve_sudoku(
    '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
  );
  assert.equal(
    solved,
    '812753649943682175675491283154237896369845721287169534521974368438526917796318452',
  );
});

/** The keys the async exports add to their sync export's, as their messages list them. */
const ASYNC_KEYS = {
  exact_cover: ', workers, signal, onProgress, onSolution, tasks',
  solve_sudoku: ', signal',
};

test('the async exports answer random calls as their sync exports do, errors field for field', { timeout: 600_000 }, async () => {
  const dlx = MODULES['dlx-wasm'];
  const ASYNC_CALLS = Number(process.env.FUZZ_ASYNC_CALLS ?? 600);
  // Arguments a worker can be sent (structured clone), of every kind the sync calls refuse.
  const cloneable = (v) => {
    if (v === huge || v === sparse || v === deep || v === throwing || v === throwingArray) return false;
    if (typeof v === 'symbol' || typeof v === 'function' || typeof v === 'bigint') return false;
    if (typeof v === 'object' && v !== null && Object.values(v).some((x) => !cloneable(x))) return false;
    return true;
  };
  const problems = [...SCALARS, ...STRINGS, ...OBJECTS].filter(cloneable);
  const options = [
    undefined, null, {}, ...OBJECTS.filter((o) => cloneable(o) && !Array.isArray(o)),
    // exact_cover's keys, alone and in the combinations it refuses.
    { limit: 2 }, { countOnly: true }, { task: '0' }, { task: '' }, { strict: true }, { forced: [0] },
    { memo: true }, { memo: true, countOnly: true }, { memoBytes: 1000 }, { memoOrder: true, countOnly: true },
    { memo: true, countOnly: true, memoBytes: 1.5 }, { countOnly: 1 }, { limit: null }, { size: 9 },
  ];
  const puzzles = [...STRINGS, '.'.repeat(81), `11${'.'.repeat(79)}`, '12', ...SCALARS.filter((v) => typeof v === 'string')];
  const wrong = new Map();
  const outcomes = new Map();
  let calls = 0;
  // A generator of its own, so that the test reproduces when run alone.
  const next = random(SEED + 1);
  const choose = (list) => list[Math.floor(next() * list.length)];
  for (let k = 0; k < ASYNC_CALLS; k++) {
    const sudoku = next() < 0.3;
    const name = sudoku ? 'solve_sudoku' : 'exact_cover';
    const args = [sudoku ? choose(puzzles) : choose(problems), choose(options)];
    let expected;
    try {
      const result = dlx[name](...args);
      expected = { resolved: sudoku ? result : { count: result.count, solutions: result.solutions, status: result.status, warnings: result.warnings } };
    } catch (error) {
      const own = errorFields(error);
      // An unknown key: the async message lists its own keys too.
      own.message = own.message?.replace(/(unknown key \(the keys of options are .*)\)$/, `$1${ASYNC_KEYS[name]})`);
      expected = { rejected: own };
    }
    const got = await dlx[`${name}_async`](...args).then(
      (result) => ({ resolved: sudoku ? result : { count: result.count, solutions: result.solutions, status: result.status, warnings: result.warnings } }),
      (error) => ({ rejected: errorFields(error) }),
    );
    calls++;
    const outcome = got.rejected?.code ?? 'resolved';
    outcomes.set(outcome, (outcomes.get(outcome) ?? 0) + 1);
    if (!util.isDeepStrictEqual(got, expected)) {
      // One case per code and path (or answer): the distinct disagreements.
      const key = JSON.stringify([name, expected.rejected?.code ?? 'resolved', expected.rejected?.path, got.rejected?.code ?? 'resolved']);
      if (!wrong.has(key)) wrong.set(key, { call: `${name}_async(${describe(args)}) with FUZZ_SEED=${SEED}`, expected, got });
    }
  }
  dlx.close_worker_pool();
  console.log(`${calls} async calls compared with their sync calls; outcomes: ${JSON.stringify(Object.fromEntries(outcomes))}`);
  assert.ok(outcomes.size >= 5 && outcomes.has('resolved'), 'answers and refusals of several kinds');
  assert.deepStrictEqual([...wrong.values()], [], `${wrong.size} kinds of disagreement:\n${JSON.stringify([...wrong.values()], null, 1)}`);
});
