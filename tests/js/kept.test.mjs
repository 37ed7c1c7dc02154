// What `exact_cover` keeps from a call on a small problem for the next (its solver, its
// problem builder, the problem's lists, the compact form's copies: src/wasm/exact_cover.rs
// `Kept`, `small`) must never change an answer. The main module keeps them (`kept-lists`),
// the core module keeps nothing: one sequence of calls that mixes the forms, sizes (small
// ones and ones past what is kept), typed arrays that shrink, grow or are detached, and
// calls that fail after the problem is built, must give both modules the same results and the
// same errors, call by call.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { PKG, requireBuild } from './helpers.mjs';

requireBuild(join(PKG, 'node.js'), join(PKG, 'core-node.js'));
const main = await import(join(PKG, 'node.js'));
const core = await import(join(PKG, 'core-node.js'));

/** A small deterministic generator (LCG), so that a failure names its call. */
function random(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    return (s >>> 8) % n;
  };
}

/** `count` options of 1 to 3 distinct items among `items`, as arrays of item numbers. */
function options(rand, items, count) {
  return Array.from({ length: count }, () => {
    const option = new Set(Array.from({ length: 1 + rand(3) }, () => rand(items)));
    return [...option];
  });
}

/** The compact form of `list` (arrays of item numbers), its items as a `Kind`. */
function compact(primary, list, Kind = Uint32Array) {
  const offsets = new Uint32Array(list.length + 1);
  list.forEach((o, k) => (offsets[k + 1] = offsets[k] + o.length));
  return { primary, items: new Kind(list.flat()), offsets };
}

const detached = (array) => {
  structuredClone(array.buffer, { transfer: [array.buffer] });
  return array;
};

/** The call `k` of the sequence: a problem and its options. */
function call(rand, k) {
  const items = 2 + rand(k % 7 === 0 ? 400 : 10);
  const list = options(rand, items, 1 + rand(k % 7 === 0 ? 3000 : 14));
  const limit = rand(3) === 0 ? undefined : 1 + rand(4);
  // (A bound on the nodes, so that no count of a large random problem runs long.)
  const settings = { limit, countOnly: rand(4) === 0, maxNodes: 20_000 };
  // Now and then a forced option, which may be out of range or conflict: an error raised
  // after the problem is built.
  if (rand(6) === 0) settings.forced = [rand(list.length + 2)];
  switch (rand(8)) {
    case 0:
      return [{ primary: items, options: list }, settings];
    case 1:
      return [compact(items, list, Uint8Array), settings];
    case 2:
      return [compact(items, list, Float64Array), settings];
    case 3: {
      // Many empty options (few nodes, many lists: past what is kept), then small calls.
      const offsets = new Uint32Array(1 + 20_000 + rand(20_000));
      return [{ primary: 1, items: new Uint32Array(0), offsets }, settings];
    }
    case 4:
      return [{ ...compact(items, list), items: detached(new Uint32Array(list.flat())) }, settings];
    case 5: {
      const names = Array.from({ length: items }, (_, i) => `i${i}`);
      return [`${names.join(' ')}\n${list.map((o) => o.map((i) => names[i]).join(' ')).join('\n')}\n`, settings];
    }
    default:
      return [compact(items, list), settings];
  }
}

/** What `api.exact_cover` gives for the call: its result, or its error's code and message. */
function outcome(api, problem, settings) {
  try {
    return JSON.stringify(api.exact_cover(problem, settings));
  } catch (error) {
    return `${error.code}: ${error.message}`;
  }
}

test('exact_cover answers alike with what it keeps between calls (main) and without (core)', () => {
  const rand = random(20261128);
  let errors = 0;
  for (let k = 0; k < 600; k++) {
    const [problem, settings] = call(rand, k);
    const kept = outcome(main, problem, settings);
    const fresh = outcome(core, problem, settings);
    assert.equal(kept, fresh, `call ${k}`);
    if (!kept.startsWith('{')) errors++;
  }
  // The sequence has its errors (detached arrays, bad forced options), and mostly answers.
  assert.ok(errors > 30 && errors < 300, `${errors} errors`);
});

// A problem of few option nodes but many empty options (or items) is not small: what its call
// made (its builder, its lists) must not be kept for the next, or the next small problem
// built in them holds them. An `ExactCoverTasks` (or solver) of that small problem, which JS
// keeps alive, then held the big lists (20 bytes an empty option: its start and its warning)
// and was charged them in the memory the objects alive may hold (src/wasm/held.rs), so that
// enough such calls made a later small one fail with `too_large`. Seen here in the instance's
// memory: every pair of calls held a new 5 MiB, where it must hold nothing new.
test('a call with many empty options leaves no lists for the next small problem to hold', async () => {
  const { memory } = await main.default();
  const empty = { primary: 1, items: new Uint32Array(0), offsets: new Uint32Array((1 << 18) + 1) };
  const small = { primary: 2, options: [[0], [1], [0, 1]] };
  const alive = [];
  let before = 0;
  for (let k = 0; k < 5; k++) {
    const result = main.exact_cover(empty, { countOnly: true });
    assert.equal(result.warnings.length, 1 << 18);
    assert.equal(result.warnings[0].code, 'empty_option');
    // Each kept alive, its problem held, as a worker pool holds its tasks.
    alive.push(new main.ExactCoverTasks(small), new main.ExactCoverSolver(small));
    assert.equal(alive.at(-1).count().count, 2);
    if (k === 0) before = memory.buffer.byteLength;
  }
  const grown = memory.buffer.byteLength - before;
  for (const object of alive) object.free();
  // Four more pairs: 20 MiB held if the big lists stay with the small problems.
  assert.ok(grown < 4 << 20, `the memory grew by ${(grown / (1 << 20)).toFixed(1)} MiB`);
});

// A single sudoku's 81 digits go in and its solution comes out through views of wasm memory
// that src/wasm/pack.js keeps from call to call while they are for the same place (its
// `ByteView`s): a view kept past a growth of the memory (which detaches it), or for other
// bytes, would read or write the wrong ones. Every answer is checked against the puzzle itself.
test('solve_sudoku\'s kept views never change an answer: other strings between, the memory grown', async () => {
  const { memory } = await main.default();
  const { readFileSync } = await import('node:fs');
  const { ROOT } = await import('./helpers.mjs');
  const puzzles = readFileSync(join(ROOT, 'tests', 'data', 'sudoku', 'puzzles2_17_clue.sample'), 'utf8')
    .split('\n').filter((l) => /^[0-9.]{81}$/.test(l)).slice(0, 40);
  assert.equal(puzzles.length, 40);
  /** Whether `solution` is a full grid that keeps the givens of `puzzle`. */
  const solves = (puzzle, solution) => {
    if (!/^[1-9]{81}$/.test(solution)) return false;
    for (let k = 0; k < 81; k++) if (/[1-9]/.test(puzzle[k]) && puzzle[k] !== solution[k]) return false;
    const units = [];
    for (let i = 0; i < 9; i++) {
      units.push([...Array(9).keys()].map((j) => 9 * i + j), [...Array(9).keys()].map((j) => 9 * j + i));
      units.push([...Array(9).keys()].map((j) => 27 * Math.floor(i / 3) + 3 * (i % 3) + 9 * Math.floor(j / 3) + (j % 3)));
    }
    return units.every((unit) => new Set(unit.map((k) => solution[k])).size === 9);
  };
  let growths = 0;
  for (const [k, puzzle] of puzzles.entries()) {
    assert.ok(solves(puzzle, main.solve_sudoku(puzzle)), `puzzle ${k}`);
    // Between them: a 4x4 (other lengths), 81 characters not all ASCII (written into the
    // kept view, then refused), a grid with conflicting givens, an empty one.
    if (k % 4 === 0) assert.equal(main.solve_sudoku('1...\n..2.\n.3..\n...4'.replaceAll('\n', '')).length, 16);
    if (k % 4 === 1) assert.throws(() => main.solve_sudoku(`é${puzzle.slice(1)}`), (e) => typeof e.code === 'string');
    if (k % 4 === 2) assert.throws(() => main.solve_sudoku(`11${'.'.repeat(79)}`), (e) => typeof e.code === 'string');
    if (k % 4 === 3) assert.ok(solves('.'.repeat(81), main.solve_sudoku('.'.repeat(81))));
    if (k % 10 === 9) {
      // The memory grown (as a call that needs more does): the views kept so far are
      // detached. (A page more, which the instance's allocator leaves alone.)
      const before = memory.buffer;
      memory.grow(1);
      if (memory.buffer !== before && before.byteLength === 0) growths++;
    }
  }
  assert.ok(growths > 0, 'the memory never grew: the test saw no detached view');
  // And the views are kept: a call like the last makes none, one after the memory grew makes
  // one each way (counted by a stand-in for the global `Uint8Array` that pack.js constructs
  // them with, and by `subarray`; a stale view of the digits would not change an answer
  // above, only send every call down the slow path).
  const Real = globalThis.Uint8Array;
  const { subarray } = Real.prototype;
  let made = 0;
  // (And views cut from another, as wasm-bindgen's slices were.)
  Real.prototype.subarray = function cut(...args) {
    made++;
    return subarray.apply(this, args);
  };
  globalThis.Uint8Array = new Proxy(Real, {
    construct(target, args, newTarget) {
      made++;
      return Reflect.construct(target, args, newTarget === globalThis.Uint8Array ? target : newTarget);
    },
  });
  try {
    const views = (puzzle) => {
      made = 0;
      assert.ok(solves(puzzle, main.solve_sudoku(puzzle)));
      return made;
    };
    views(puzzles[0]);
    assert.equal(views(puzzles[1]), 0, 'a call like the last made a view');
    memory.grow(1);
    assert.equal(views(puzzles[2]), 2, 'after the memory grew: one view of the digits each way');
    assert.equal(views(puzzles[3]), 0, 'a call like the last made a view');
  } finally {
    globalThis.Uint8Array = Real;
    Real.prototype.subarray = subarray;
  }
});
