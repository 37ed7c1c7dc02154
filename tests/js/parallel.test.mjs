// The async API of the package in Node (worker threads): exact_cover_async gives exactly what
// exact_cover gives (counts, solutions, their order, warnings; its statistics add the split's
// own search to its tasks') on any number of workers, on problems with secondary items, colors
// and multiplicities, counting (`countOnly`) or not; `memo` and `task` run exact_cover itself
// in one worker; solution and node limits (maxNodes, one budget shared by the workers); the
// budget of collected solutions (`too_many_solutions`); cancellation within 100 ms, rejecting
// with the signal's reason, with the pool still working afterwards; the option keys refused
// as the sync exports refuse them; errors with every field of the sync error; a dead worker
// replaced; solve_sudoku_async; WorkerPool.call; the package in `node -e`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import util from 'node:util';
import { Worker } from 'node:worker_threads';
import { PKG, ROOT, errorFields, random, requireBuild } from './helpers.mjs';
import { queens } from './fixtures/queens.mjs';

requireBuild(join(PKG, 'node.js'), join(PKG, 'pool.js'), join(PKG, 'worker-node.js'));
const dlx = await import(pathToFileURL(join(PKG, 'node.js')).href);
const { exact_cover_async, solve_sudoku_async, exact_cover, solve_sudoku, WorkerPool } = dlx;

const QUEENS8 = readFileSync(join(ROOT, 'tests', 'data', 'q8.dlx'), 'utf8');
/** Knuth's example of exact cover with secondary items (dlx1): one solution, options 0, 3, 4. */
const KNUTH = 'A B C D E | F G\nC E\nA D G\nB C F\nA D F\nB G\nD E G';
/** Option 2 has no primary item: left out of the search, with a warning. */
const WARNED = 'A B | x\nA\nB\nx\nA B';
const PUZZLE = '.5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4';
/** The keys of exact_cover's options, and those the pool adds for exact_cover_async. */
const EXACT_COVER_KEYS = 'limit, maxNodes, seed, forced, task, strict, countOnly, memo, memoBytes, memoOrder';
const POOL_KEYS = 'workers, signal, onProgress, onSolution, tasks';

after(() => dlx.close_worker_pool());

/** The async API's count: `exact_cover_async` with `countOnly: true`. */
const count = (problem, options) => exact_cover_async(problem, { ...options, countOnly: true });

/**
 * Asserts that `result` (of the async API) is `expected` (exact_cover's result of the same
 * call) to the last key, but for its statistics' nodes and updates: the split's own search of
 * the top of the tree adds to its tasks', so it searched at least the serial search's nodes
 * (`seeded`: the split breaks the seed's ties its own way, so the trees differ).
 */
function assertSameResult(result, expected, what, { seeded = false } = {}) {
  const { nodes, updates } = result.stats;
  assert.deepStrictEqual(result, { ...expected, stats: { ...expected.stats, nodes, updates } }, what);
  if (!seeded) assert.ok(nodes >= expected.stats.nodes, `${what}: ${nodes} nodes, the serial search ${expected.stats.nodes}`);
}

/** The fields of `error` (helpers.mjs), which must be an Error. */
function fields(error) {
  assert.ok(error instanceof Error, `an Error: ${String(error)}`);
  return errorFields(error);
}

/** What `f()` throws (it must throw). */
function thrown(f) {
  try {
    f();
  } catch (error) {
    return error;
  }
  assert.fail(`${f} did not throw`);
}

/** A random problem with secondary items, colors and (sometimes) multiplicities. */
function randomProblem(next) {
  const n1 = 1 + Math.floor(next() * 5);
  const n2 = Math.floor(next() * 3);
  const bounded = next() < 0.5;
  const primary = Array.from({ length: n1 }, (_, k) => {
    if (!bounded) return `p${k}`;
    const min = Math.floor(next() * 3);
    return { name: `p${k}`, min, max: Math.max(1, min + Math.floor(next() * 3)) };
  });
  const secondary = Array.from({ length: n2 }, (_, k) => `s${k}`);
  const options = [];
  for (let k = 0, m = Math.floor(next() * 14); k < m; k++) {
    const items = new Set([`p${Math.floor(next() * n1)}`]);
    for (let j = 0; j < 3; j++) {
      if (next() < 0.4) items.add(`p${Math.floor(next() * n1)}`);
      if (n2 && next() < 0.4) items.add(`s${Math.floor(next() * n2)}${next() < 0.5 ? ':red' : ':blue'}`);
    }
    // One color per secondary item in an option.
    const seen = new Set();
    options.push([...items].filter((i) => !seen.has(i.split(':')[0]) && seen.add(i.split(':')[0])));
  }
  return { primary, secondary, options };
}

describe('exact_cover_async', () => {
  test('counts as exact_cover counts, on 1 to 4 workers', async () => {
    const serial = exact_cover(QUEENS8, { countOnly: true });
    for (const workers of [1, 2, 3, 4]) {
      const result = await count(QUEENS8, { workers });
      assert.deepStrictEqual(result, {
        solutions: [], count: 92, countText: '92', complete: true, status: 'exhausted',
        stats: { nodes: result.stats.nodes, updates: result.stats.updates, solutions: 92 }, warnings: [],
      }, `${workers} workers`);
      assert.ok(result.stats.nodes >= serial.stats.nodes, `${workers} workers: ${result.stats.nodes} nodes`);
    }
    assert.equal((await count(queens(10), { tasks: 500 })).count, 724);
  });

  test('finds the solutions of exact_cover in its order, on random problems with colors and bounds', async () => {
    const next = random(15);
    for (let trial = 0; trial < 60; trial++) {
      const problem = randomProblem(next);
      const what = JSON.stringify(problem);
      const expected = exact_cover(problem);
      const workers = 1 + (trial % 4);
      const tasks = 1 + (trial % 9) * 3;
      const found = await exact_cover_async(problem, { workers, tasks });
      assertSameResult(found, expected, what);
      const counted = await count(problem, { workers, tasks });
      assertSameResult(counted, exact_cover(problem, { countOnly: true }), what);
    }
  });

  test('the counts and results equal exact_cover\'s, countOnly or not, warnings included', async () => {
    for (const [problem, solutions, warnings] of [[QUEENS8, 92, 0], [KNUTH, 1, 0], [WARNED, 2, 1], [queens(6), 4, 0]]) {
      const what = problem.slice(0, 20);
      for (const countOnly of [false, true]) {
        const expected = exact_cover(problem, { countOnly });
        assert.equal(expected.count, solutions, what);
        assert.equal(expected.warnings.length, warnings, what);
        for (const workers of [1, 3]) {
          assertSameResult(await exact_cover_async(problem, { countOnly, workers }), expected, `${what}, countOnly ${countOnly}, ${workers} workers`);
        }
      }
    }
    assert.deepStrictEqual(exact_cover(KNUTH).solutions, [[0, 3, 4]]);
    assert.deepStrictEqual((await exact_cover_async(WARNED)).warnings, [
      { code: 'no_primary_item', option: 2, line: 4, message: 'Option ignored (no primary items): option 2, line 4' },
    ]);
  });

  test('its statistics are the split\'s own search and its tasks\', added up', async () => {
    for (const [problem, tasks] of [[QUEENS8, 16], [queens(9), 64], [KNUTH, 4]]) {
      const set = new dlx.ExactCoverTasks(problem);
      let nodes = 0;
      let updates = 0;
      let solutions = 0;
      try {
        for (const { path } of set.split(tasks)) {
          const solver = set.solver(path);
          const result = solver.count();
          solver.free();
          nodes += result.stats.nodes;
          updates += result.stats.updates;
          solutions += result.count;
        }
        nodes += set.splitStats.nodes;
        updates += set.splitStats.updates;
      } finally {
        set.free();
      }
      for (const workers of [1, 2]) {
        const result = await count(problem, { workers, tasks });
        assert.deepStrictEqual(result.stats, { nodes, updates, solutions }, `${problem.slice(0, 20)}, ${workers} workers`);
      }
    }
  });

  test('a search stopped at its limit counts what its runs searched, not the split\'s nodes alone (counting on 2 workers: before any task ends; listing, or on 1 worker: a run\'s own answer)', async () => {
    // 20 queens: every task holds far more than 20,000 solutions, so the limit stops the runs
    // (their workers ended) before any answers; their statistics are what they last reported.
    const problem = queens(20);
    for (const [find, workers] of [[false, 2], [true, 2], [false, 1]]) {
      let last;
      const options = { limit: 20_000, workers, countOnly: !find, onProgress: (_, soFar) => { last = soFar; } };
      const result = await exact_cover_async(problem, options);
      assert.equal(result.count, 20_000);
      assert.equal(result.status, 'solution_limit');
      // Each solution is a leaf of its own: the split's search above them (a few hundred
      // nodes) was all that was counted.
      assert.ok(result.stats.nodes >= result.count, `${JSON.stringify(result.stats)}, find ${find}, ${workers} workers`);
      assert.ok(result.stats.updates > result.stats.nodes, JSON.stringify(result.stats));
      assert.deepEqual(last, result.stats, 'the last progress report is the result\'s statistics');
    }
  });

  test('a large limit lists what exact_cover lists: the solutions past the first `limit` are dropped, not held against the budget', async () => {
    // 20 queens: every task holds far more than 150,000 solutions. The runs of the later
    // tasks (two per worker) found theirs while task 0 found its own, and each was held
    // against the budget of option indices one call collects: 209,715 of 20 indices, and the
    // call refused (too_many_solutions) where exact_cover returns the first 150,000.
    const problem = queens(20);
    const sync = exact_cover(problem, { limit: 150_000 });
    for (const workers of [2, 3]) {
      const result = await exact_cover_async(problem, { limit: 150_000, workers });
      assertSameResult(result, sync, `${workers} workers`);
    }
  });

  test('TaskSchedule hands on held solutions under any limit a number takes (2^32 and past: a 32-bit count dropped them)', () => {
    for (const limit of [undefined, 100, 2 ** 32 - 1, 2 ** 32, 2 ** 32 + 2, 2 ** 33, Number.MAX_SAFE_INTEGER]) {
      const schedule = new dlx.TaskSchedule(Float64Array.from([0.5, 0.5]), 2, true, limit, undefined, { nodes: 0, updates: 0 });
      const emitted = [];
      const drain = () => {
        for (let d = schedule.next(); d; d = schedule.next()) if (d.op === 'emit') emitted.push(...d.solutions);
      };
      schedule.ready(0);
      schedule.ready(1);
      drain();
      // Run 1 (task 1) finds three while run 0 (task 0) runs; task 0 ends with none: task 1's
      // three are handed on as it becomes the first task not done, then its fourth at once.
      for (let k = 0; k < 3; k++) schedule.found(1, 4);
      drain();
      schedule.finished(0, { count: 0, stats: { nodes: 1, updates: 1 }, status: 'exhausted', progress: 1 });
      drain();
      schedule.found(1, 4);
      schedule.finished(1, { count: 4, stats: { nodes: 1, updates: 1 }, status: 'exhausted', progress: 1 });
      drain();
      assert.deepEqual(emitted, [0, 1, 2, 3], `limit ${limit}`);
      assert.deepEqual([schedule.result().count, schedule.result().status], [4, 'exhausted'], `limit ${limit}`);
      schedule.free();
    }
  });

  test('limit keeps the first solutions of the serial order; forced options and seeds', async () => {
    const all = exact_cover(QUEENS8).solutions;
    const seen = [];
    const first = await exact_cover_async(QUEENS8, { limit: 10, workers: 3, tasks: 40, onSolution: (s) => seen.push(s) });
    assertSameResult(first, exact_cover(QUEENS8, { limit: 10 }), 'limit 10');
    // onSolution sees the solutions of the result, in its order, as they are handed on (it
    // saw every one a worker found: 12 queens, limit 100, 2 workers, 117 to 275 calls).
    assert.deepStrictEqual(seen, first.solutions);
    // One task on one worker: exact_cover's own search, its statistics too (its run stops at
    // the limit on its own and answers: ending its worker there lost them, nodes 0).
    const one = await exact_cover_async(QUEENS8, { limit: 10, workers: 1, tasks: 1 });
    assert.deepStrictEqual(one.stats, exact_cover(QUEENS8, { limit: 10 }).stats);
    const twelve = [];
    const hundred = await exact_cover_async(queens(12), { limit: 100, workers: 2, onSolution: (s) => twelve.push(s) });
    assert.deepStrictEqual(twelve, hundred.solutions);
    assert.deepStrictEqual(hundred.solutions, exact_cover(queens(12), { limit: 100 }).solutions);
    assert.deepStrictEqual(first.solutions, all.slice(0, 10));
    assert.equal(first.complete, false);
    assert.equal(first.status, 'solution_limit');
    assert.equal(first.countText, '10');
    const forced = await exact_cover_async(QUEENS8, { forced: [3], workers: 2 });
    assertSameResult(forced, exact_cover(QUEENS8, { forced: [3] }), 'forced [3]');
    const a = await exact_cover_async(QUEENS8, { seed: 7, workers: 1 });
    const b = await exact_cover_async(QUEENS8, { seed: 7, workers: 3 });
    assert.deepStrictEqual(a.solutions, b.solutions, 'a seed gives the same answers on any number of workers');
    assert.deepStrictEqual([...a.solutions].sort(), [...all].sort());
    assertSameResult(a, { ...exact_cover(QUEENS8, { seed: 7 }), solutions: a.solutions }, 'seed 7', { seeded: true });
  });

  test('maxNodes bounds the nodes of all the workers together; enough of it changes nothing', async () => {
    const problem = queens(10);
    const full = await count(problem, { workers: 2, tasks: 64 });
    assert.equal(full.count, 724);
    assert.equal(full.status, 'exhausted');
    // The split's own search of the top of the tree is not counted against maxNodes (as
    // natively); it is in the statistics. The split does not depend on the limits.
    const set = new dlx.ExactCoverTasks(problem);
    set.split(64);
    const split = set.splitStats.nodes;
    set.free();
    const tree = full.stats.nodes - split;
    // The serial search says node_limit with complete: false; so does the pool.
    const serial = new dlx.ExactCoverSolver(problem, { maxNodes: 5000 });
    const serialCount = serial.count();
    assert.equal(serial.status, 'node_limit');
    assert.deepStrictEqual(serialCount, {
      count: serialCount.count, countText: String(serialCount.count), complete: false, status: 'node_limit',
      stats: { nodes: 5000, updates: serialCount.stats.updates, solutions: serialCount.count },
    });
    serial.free();
    const all = exact_cover(problem).solutions.map(String);
    for (const workers of [1, 2, 3]) {
      for (const maxNodes of [0, 1, 777, tree >> 2, tree >> 1, Math.floor(tree * 0.9)]) {
        const what = `${workers} workers, maxNodes ${maxNodes}`;
        const cut = await count(problem, { workers, tasks: 64, maxNodes });
        assert.equal(cut.complete, false, what);
        assert.equal(cut.status, 'node_limit', what);
        assert.ok(cut.stats.nodes - split <= maxNodes, `${what}: ${cut.stats.nodes} nodes, ${split} of them the split's`);
        assert.ok(cut.count < 724 && cut.count === cut.stats.solutions, what);
        assert.equal(cut.countText, String(cut.count), what);
        assert.deepStrictEqual(cut.solutions, [], what);
        // Every solution of every task run counts: the partial count is what was found.
        const found = await exact_cover_async(problem, { workers, tasks: 64, maxNodes });
        assert.equal(found.status, 'node_limit', what);
        assert.ok(found.stats.nodes - split <= maxNodes, what);
        assert.equal(found.count, found.solutions.length, what);
        // Solutions of the serial search, in its order, with gaps.
        let at = -1;
        for (const s of found.solutions) {
          const k = all.indexOf(String(s));
          assert.ok(k > at, `${what}: a solution of the serial search, in its order`);
          at = k;
        }
      }
      // A budget that nearly suffices still stops, and says so.
      const nearly = await count(problem, { workers, tasks: 64, maxNodes: tree - 1 });
      assert.equal(nearly.status, 'node_limit');
      assert.ok(nearly.stats.nodes - split <= tree - 1);
      for (const maxNodes of [tree, tree + 1, 1e12]) {
        const enough = await count(problem, { workers, tasks: 64, maxNodes });
        assert.deepStrictEqual(enough, full, `${workers} workers, maxNodes ${maxNodes}`);
        const found = await exact_cover_async(problem, { workers, tasks: 64, maxNodes });
        assert.deepStrictEqual(found.solutions, exact_cover(problem).solutions);
      }
    }
    // One worker and one task is the serial search (no split): the same result at every node limit.
    for (const maxNodes of [0, 1, 10, 100, 1000, tree >> 1]) {
      const one = await count(problem, { workers: 1, tasks: 1, maxNodes });
      const serialCut = exact_cover(problem, { countOnly: true, maxNodes });
      assert.deepStrictEqual(one, serialCut, `maxNodes ${maxNodes}`);
    }
    // With a limit too: the solution limit first where it comes first.
    const first = await exact_cover_async(problem, { workers: 2, tasks: 64, limit: 3, maxNodes: tree });
    assert.deepStrictEqual(first.solutions, exact_cover(problem, { limit: 3 }).solutions);
    assert.equal(first.status, 'solution_limit');
    // maxNodes is checked as exact_cover checks it.
    await assert.rejects(count(problem, { maxNodes: -1 }), { code: 'invalid_argument', path: 'options.maxNodes' });
    await assert.rejects(count(problem, { maxNodes: 1.5 }), { code: 'invalid_argument', path: 'options.maxNodes' });
    await assert.rejects(exact_cover_async(problem, { limit: 'ten' }), { code: 'invalid_argument', path: 'options.limit' });
  });

  test('countWithin, the workers\' way to count: in slices of nodes, as count() counts', () => {
    const problem = queens(9);
    const whole = new dlx.ExactCoverSolver(problem);
    const counted = whole.count();
    const tree = whole.stats.nodes;
    assert.deepStrictEqual(counted, {
      count: 352, countText: '352', complete: true, status: 'exhausted',
      stats: { nodes: tree, updates: whole.stats.updates, solutions: 352 },
    });
    whole.free();
    for (const slice of [1, 7, 1000, tree]) {
      const solver = new dlx.ExactCoverSolver(problem);
      let found = 0;
      let calls = 0;
      while (solver.status === 'searching') {
        const before = solver.stats.nodes;
        found += solver.countWithin(slice);
        assert.ok(solver.stats.nodes - before <= slice, 'never more nodes than the budget');
        calls += 1;
      }
      assert.equal(found, 352, `slices of ${slice}`);
      assert.equal(solver.status, 'exhausted');
      assert.deepStrictEqual(solver.stats, counted.stats);
      assert.ok(calls >= Math.ceil(tree / slice), `slices of ${slice}: ${calls} calls`);
      solver.free();
    }
    // A budget of 0 searches no node but ends a search that has none left.
    const solver = new dlx.ExactCoverSolver(problem);
    assert.equal(solver.countWithin(0), 0);
    assert.equal(solver.stats.nodes, 0);
    assert.equal(solver.status, 'searching');
    assert.equal(solver.countWithin(tree), 352);
    assert.equal(solver.status, 'exhausted');
    solver.free();
    const limited = new dlx.ExactCoverSolver(problem, { limit: 5 });
    assert.equal(limited.countWithin(tree), 5);
    assert.equal(limited.status, 'solution_limit');
    limited.free();
    const bad = new dlx.ExactCoverSolver(problem);
    assert.throws(() => bad.countWithin(-1), { code: 'invalid_argument', path: 'budget' });
    bad.free();
  });

  test('memo and task run exact_cover itself in one worker: exact_cover\'s result', async () => {
    const langford = 'A B C D s1 s2 s3 s4 s5 s6 s7 s8\n'
      + [['A', 1], ['B', 2], ['C', 3], ['D', 4]].flatMap(([n, k]) =>
        Array.from({ length: 8 - k - 1 }, (_, j) => `${n} s${j + 1} s${j + k + 2}`)).join('\n');
    for (const problem of [QUEENS8, langford]) {
      const options = { memo: true, countOnly: true };
      const expected = exact_cover(problem, options);
      assert.ok(expected.memo, 'a memoised count reports its cache');
      const progress = [];
      const result = await exact_cover_async(problem, { ...options, workers: 2, onProgress: (p, soFar) => progress.push([p, soFar]) });
      assert.deepStrictEqual(result, expected);
      assert.deepStrictEqual(progress, [[1, { solutions: expected.count, nodes: expected.stats.nodes }]]);
      const bounded = { memo: true, countOnly: true, memoBytes: 100_000, memoOrder: true, limit: 5 };
      assert.deepStrictEqual(await exact_cover_async(problem, bounded), exact_cover(problem, bounded));
    }
    assert.equal(exact_cover(langford, { countOnly: true }).count, 2 * 1);
    const set = new dlx.ExactCoverTasks(QUEENS8);
    const tasks = set.split(8);
    set.free();
    let total = 0;
    for (const { path } of tasks) {
      for (const countOnly of [false, true]) {
        const expected = exact_cover(QUEENS8, { task: path, countOnly });
        const seen = [];
        // A count has no solutions to hand to onSolution.
        const onSolution = countOnly ? undefined : (solution) => seen.push(solution);
        const result = await exact_cover_async(QUEENS8, { task: path, countOnly, onSolution });
        assert.deepStrictEqual(result, expected, `task ${path}`);
        assert.deepStrictEqual(seen, expected.solutions, `task ${path}: onSolution`);
        if (countOnly) total += result.count;
      }
    }
    assert.equal(total, 92);
    // A task of the pool: the same result on a pool made for the call.
    const pool = dlx.create_worker_pool(1);
    try {
      assert.deepStrictEqual(await pool.exactCover(QUEENS8, { task: tasks[0].path }), exact_cover(QUEENS8, { task: tasks[0].path }));
    } finally {
      pool.close();
    }
  });

  test('past the budget of collected solutions it rejects early with too_many_solutions, as exact_cover throws', { timeout: 20_000 }, async () => {
    // 23 items with two options each: 2^23 = 8,388,608 solutions of 23 options (193 Mi option
    // indices); the budget is 4 Mi of them. Collecting every one would take far longer than
    // stopping at the budget (and GiBs): this test's timeout is what says it did not.
    const options = [];
    for (let item = 0; item < 23; item++) options.push([item], [item]);
    const problem = { primary: 23, options };
    assert.equal(exact_cover(problem, { countOnly: true }).count, 2 ** 23);
    const sync = thrown(() => exact_cover(problem));
    assert.equal(sync.code, 'too_many_solutions');
    let solutions = 0;
    await assert.rejects(exact_cover_async(problem, { workers: 2, onSolution: () => { solutions += 1; } }), (error) => {
      assert.deepStrictEqual(fields(error), fields(sync));
      assert.equal(error.code, 'too_many_solutions');
      assert.equal(error.budget, 4_194_304);
      // The solutions collected, of 23 option indices each: the last one passed the budget.
      assert.equal(error.collected, Math.floor(4_194_304 / 23));
      return true;
    });
    // It stopped there: onSolution saw the solutions handed on in the serial order (those
    // of the tasks before the first not done, and its own so far), at most those collected,
    // and no more come once the workers have had time to send any.
    const seen = solutions;
    assert.ok(seen > 0 && seen <= Math.floor(4_194_304 / 23), `${seen} solutions seen`);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(solutions, seen);
    // A limit, or a count, is fine; and the pool works afterwards.
    assert.equal((await exact_cover_async(problem, { limit: 3 })).solutions.length, 3);
    assert.equal((await count(problem)).count, 2 ** 23);
    assert.equal((await count(QUEENS8)).count, 92);
  });

  test('progress rises to 1', async () => {
    const seen = [];
    await count(queens(11), { workers: 2, onProgress: (p) => seen.push(p) });
    assert.ok(seen.length > 0);
    assert.ok(seen.every((p) => p >= 0 && p <= 1));
    assert.equal(seen.at(-1), 1);
  });

  test('progress counts the solutions of the tasks under way, not only those done', async () => {
    // One task on one worker: nothing is done before the end. 14 queens, so that the search
    // lasts several of the pool's 50 ms ticks however fast the engine gets (13 queens took
    // just over one tick once 128-bit masks stopped costing a call per option).
    const seen = [];
    const { count: total } = await count(queens(14), { workers: 1, tasks: 1, onProgress: (p, soFar) => seen.push({ p, ...soFar }) });
    assert.equal(total, 365596);
    const before = seen.filter(({ p }) => p < 1);
    assert.ok(before.length >= 2, `${before.length} progress calls before the end`);
    assert.ok(before.some(({ solutions }) => solutions > 0), JSON.stringify(before.slice(0, 5)));
    for (let k = 1; k < seen.length; k++) assert.ok(seen[k].solutions >= seen[k - 1].solutions);
    assert.equal(seen.at(-1).solutions, total);
    // And of the runs of a search for the solutions, within its limit.
    const found = [];
    await exact_cover_async(queens(11), { workers: 1, tasks: 1, limit: 500, onProgress: (p, soFar) => found.push(soFar.solutions) });
    assert.ok(found.every((n) => n <= 500));
  });

  test('an abort stops every worker within 100 ms, and the pool works afterwards', async () => {
    const controller = new AbortController();
    const started = count(queens(15), { signal: controller.signal, workers: 2 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const t0 = performance.now();
    controller.abort();
    await assert.rejects(started, (error) => error instanceof DOMException && error.name === 'AbortError'
      && error === controller.signal.reason);
    const elapsed = performance.now() - t0;
    console.log(`# aborted: rejected ${elapsed.toFixed(1)} ms after abort()`);
    assert.ok(elapsed < 100, `rejected ${elapsed.toFixed(1)} ms after the abort`);
    assert.equal((await count(QUEENS8)).count, 92);
    // Already aborted: rejects at once.
    await assert.rejects(count(QUEENS8, { signal: AbortSignal.abort() }), { name: 'AbortError' });
  });

  test('an abort rejects with the signal\'s reason: AbortSignal.timeout\'s TimeoutError, or what abort() was given', async () => {
    const timeout = AbortSignal.timeout(1);
    await assert.rejects(count(queens(15), { signal: timeout, workers: 2 }), (error) => {
      assert.ok(error instanceof DOMException, String(error));
      assert.equal(error.name, 'TimeoutError');
      assert.equal(error, timeout.reason);
      return true;
    });
    const mine = new Error('mine');
    const controller = new AbortController();
    const running = count(queens(15), { signal: controller.signal, workers: 2 });
    setTimeout(() => controller.abort(mine), 50);
    await assert.rejects(running, (error) => error === mine);
    // Before the call, and for the other async calls too.
    const reason = { why: 'not an Error' };
    await assert.rejects(exact_cover_async(QUEENS8, { signal: AbortSignal.abort(mine) }), (error) => error === mine);
    await assert.rejects(count(QUEENS8, { signal: AbortSignal.abort(reason) }), (error) => error === reason);
    await assert.rejects(solve_sudoku_async(PUZZLE, { signal: AbortSignal.abort(mine) }), (error) => error === mine);
    const pool = dlx.create_worker_pool(1);
    try {
      await assert.rejects(pool.call('rate_sudoku', [PUZZLE], { signal: AbortSignal.abort(mine) }), (error) => error === mine);
      const long = new AbortController();
      const call = pool.call('exact_cover', [queens(15), { countOnly: true }], { signal: long.signal });
      setTimeout(() => long.abort(mine), 50);
      await assert.rejects(call, (error) => error === mine);
      assert.deepStrictEqual(await pool.call('exact_cover', [QUEENS8, { countOnly: true }]), exact_cover(QUEENS8, { countOnly: true }));
    } finally {
      pool.close();
    }
    assert.equal((await count(QUEENS8)).count, 92);
  });

  test('errors keep their code and positions', async () => {
    await assert.rejects(count('A B\nA C\n'), { code: 'unknown_item', line: 2 });
    await assert.rejects(exact_cover_async(QUEENS8, { forced: [0, 1] }), { code: 'forced_conflict' });
    await assert.rejects(count(QUEENS8, { workers: 0 }), { code: 'invalid_argument', path: 'options.workers' });
    assert.equal((await count(QUEENS8)).count, 92);
  });

  test('rejections carry every field of the error the sync call throws', async () => {
    const cases = [
      // Syntax: `line` (and `option`) kept.
      ['unknown item', () => exact_cover('A B\nA C\n'), () => exact_cover_async('A B\nA C\n')],
      ['a bad name', () => exact_cover('A B\nA :x\n'), () => exact_cover_async('A B\nA :x\n', { countOnly: true })],
      ['strict', () => exact_cover(WARNED, { strict: true }), () => exact_cover_async(WARNED, { strict: true })],
      ['forced conflict', () => exact_cover(QUEENS8, { forced: [0, 1] }), () => exact_cover_async(QUEENS8, { forced: [0, 1] })],
      ['forced out of range', () => exact_cover(QUEENS8, { forced: [2 ** 32] }), () => exact_cover_async(QUEENS8, { forced: [2 ** 32] })],
      ['an item out of range', () => exact_cover({ primary: 2, options: [[0], [1, 5]] }), () => exact_cover_async({ primary: 2, options: [[0], [1, 5]] })],
      ['invalid task', () => exact_cover(QUEENS8, { task: '99' }), () => exact_cover_async(QUEENS8, { task: '99' })],
      ['a bad limit', () => exact_cover(QUEENS8, { limit: -1 }), () => exact_cover_async(QUEENS8, { limit: -1 })],
      ['memo without countOnly', () => exact_cover(QUEENS8, { memo: true }), () => exact_cover_async(QUEENS8, { memo: true })],
      ['options not an object', () => exact_cover(QUEENS8, 'x'), () => exact_cover_async(QUEENS8, 'x')],
      // Sudoku: `row`, `column`, `conflicts`; `found`, `fits`.
      ['conflicting givens', () => solve_sudoku(`11${'.'.repeat(79)}`), () => solve_sudoku_async(`11${'.'.repeat(79)}`)],
      ['wrong cell count', () => solve_sudoku('12'), () => solve_sudoku_async('12')],
      ['a bad character', () => solve_sudoku('x'.repeat(81)), () => solve_sudoku_async('x'.repeat(81))],
      ['a bad box', () => solve_sudoku('.'.repeat(81), { boxRows: 5 }), () => solve_sudoku_async('.'.repeat(81), { boxRows: 5 })],
    ];
    for (const [what, sync, async] of cases) {
      const expected = thrown(sync);
      assert.equal(typeof expected.code, 'string', what);
      await assert.rejects(async(), (error) => {
        assert.deepStrictEqual(fields(error), fields(expected), what);
        return true;
      }, what);
    }
    // The fields named in the issue, there.
    const conflict = thrown(() => solve_sudoku(`11${'.'.repeat(79)}`));
    assert.deepStrictEqual(
      { code: conflict.code, row: conflict.row, column: conflict.column, conflicts: conflict.conflicts.length },
      { code: 'conflicting_givens', row: 1, column: 1, conflicts: 1 },
    );
    const cells = thrown(() => solve_sudoku('12'));
    assert.deepStrictEqual({ code: cells.code, found: cells.found, fits: cells.fits }, { code: 'wrong_cell_count', found: 2, fits: [4] });
    assert.equal(thrown(() => exact_cover('A B\nA C\n')).line, 2);
  });

  test('options refused by exact_cover are refused alike by exact_cover_async, with the same error', async () => {
    // Refusals that depend on other keys (memoBytes, memoOrder without memo) and on the type.
    const wrong = [];
    for (const options of [
      { memoBytes: 1000 }, { memoOrder: true, countOnly: true }, { memo: true, countOnly: false },
      { countOnly: 'yes' }, { countOnly: 1 }, { strict: 'yes' }, { seed: -1 }, { forced: 'x' }, { maxNodes: 2 ** 64 },
      { memo: 'yes', countOnly: true }, { memo: true, countOnly: true, memoBytes: -1 },
    ]) {
      const expected = fields(thrown(() => exact_cover(QUEENS8, options)));
      const got = await exact_cover_async(QUEENS8, options).then(
        (result) => ({ resolved: { count: result.count, status: result.status } }),
        (error) => fields(error),
      );
      try {
        assert.deepStrictEqual(got, expected);
      } catch {
        wrong.push({ options, expected, got });
      }
    }
    assert.deepStrictEqual(wrong, [], `refused otherwise than exact_cover refuses them:\n${JSON.stringify(wrong, null, 1)}`);
  });

  test('options of the wrong type are invalid_argument with their path, as the sync API\'s', async () => {
    // As exact_cover rejects a string as its options.
    assert.throws(() => exact_cover(QUEENS8, 'x'), { code: 'invalid_argument', path: 'options' });
    for (const [options, path] of [
      ['x', 'options'],
      [[1], 'options'],
      [7, 'options'],
      [{ onSolution: 3 }, 'options.onSolution'],
      [{ onProgress: 'f' }, 'options.onProgress'],
      [{ signal: {} }, 'options.signal'],
      [{ signal: 'stop' }, 'options.signal'],
    ]) {
      const what = JSON.stringify(options);
      await assert.rejects(exact_cover_async(QUEENS8, options), { code: 'invalid_argument', path }, what);
      if (path !== 'options') await assert.rejects(count(QUEENS8, options), { code: 'invalid_argument', path }, what);
    }
    // A count hands no solution to JS: onSolution would never be called.
    await assert.rejects(count(QUEENS8, { onSolution: () => {} }), { code: 'invalid_argument', path: 'options.onSolution' });
    await assert.rejects(count(QUEENS8, { onSolution: () => {}, memo: true }), { code: 'invalid_argument', path: 'options.onSolution' });
    await assert.rejects(solve_sudoku_async('.'.repeat(81), 'x'), { code: 'invalid_argument', path: 'options' });
    await assert.rejects(solve_sudoku_async('.'.repeat(81), { signal: 1 }), { code: 'invalid_argument', path: 'options.signal' });
    // null and undefined are no options, as in the sync API.
    assert.equal((await count(QUEENS8, null)).count, 92);
    assert.equal((await exact_cover_async(QUEENS8, null)).count, 92);
    assert.equal((await count(QUEENS8, { signal: null, onProgress: undefined })).count, 92);
  });

  test('the pool\'s own options are checked, each at its path under options', async () => {
    const wrong = [];
    for (const [options, code, path] of [
      [{ workers: 0 }, 'invalid_argument', 'options.workers'],
      [{ workers: 1.5 }, 'invalid_argument', 'options.workers'],
      [{ workers: 'two' }, 'invalid_argument', 'options.workers'],
      [{ workers: 129 }, 'too_large', 'options.workers'],
      [{ tasks: -1 }, 'invalid_argument', 'options.tasks'],
      [{ tasks: 1.5 }, 'invalid_argument', 'options.tasks'],
      [{ tasks: 'many' }, 'invalid_argument', 'options.tasks'],
      [{ tasks: 1e7 }, 'invalid_argument', 'options.tasks'],
      // The engine's bound (MAX_TASKS), which ExactCoverTasks.split holds too (below).
      [{ tasks: 1_000_001 }, 'invalid_argument', 'options.tasks'],
    ]) {
      const got = await exact_cover_async(QUEENS8, options).then(
        () => 'resolved',
        (error) => ({ code: error.code, path: error.path, pathFirst: error.message.startsWith(`${error.path}`) }),
      );
      if (!util.isDeepStrictEqual(got, { code, path, pathFirst: true })) wrong.push({ options, expected: { code, path }, got });
    }
    assert.deepStrictEqual(wrong, [], JSON.stringify(wrong));
    // The bound itself is allowed (8 queens has fewer tasks than that), by the pool and by
    // the module's split, which refuses one more as the pool does.
    assert.equal((await exact_cover_async(QUEENS8, { tasks: 1_000_000, countOnly: true })).count, 92);
    const set = new dlx.ExactCoverTasks(QUEENS8);
    try {
      assert.ok(set.split(1_000_000).length > 0);
      assert.throws(() => set.split(1_000_001), { code: 'invalid_argument', path: 'tasks' });
    } finally {
      set.free();
    }
  });

  test('sync and async read an options object or a problem alike: getters, inherited and hidden keys, proxies', async () => {
    // Two solutions (options 0 and 1, or option 2 alone), so a limit of 1 shows.
    const Q = { primary: 2, options: [[0], [1], [0, 1]] };
    class Limit { get limit() { return 1; } }
    const hidden = Object.defineProperty({}, 'limit', { value: 1, enumerable: false });
    const optionsCases = {
      'a class getter': new Limit(), 'an inherited key': Object.create({ limit: 1 }), 'a key not enumerable': hidden,
      'a proxy': new Proxy({ limit: 1 }, {}),
    };
    const full = exact_cover(Q).count;
    assert.ok(full > 1, `${full} solutions`);
    for (const [what, options] of Object.entries(optionsCases)) {
      assert.equal(exact_cover(Q, options).count, 1, `sync: ${what}`);
      assert.equal((await exact_cover_async(Q, options)).count, 1, `async: ${what}`);
    }
    // The keys are read before any key is refused, in both.
    const throwing = { bogus: 1, get limit() { throw new Error('no limit'); } };
    const sync = fields(thrown(() => exact_cover(Q, throwing)));
    assert.equal(sync.path, 'options.limit');
    await assert.rejects(exact_cover_async(Q, throwing), (error) => {
      assert.deepStrictEqual(fields(error), sync);
      return true;
    });
    class Problem { get primary() { return 2; } get options() { return Q.options; } }
    const problemCases = {
      'a class with getters': new Problem(), 'a proxy': new Proxy({ ...Q }, {}),
      'an inherited key': Object.assign(Object.create({ primary: 2 }), { options: Q.options }),
    };
    for (const [what, problem] of Object.entries(problemCases)) {
      assert.equal(exact_cover(problem).count, full, `sync: ${what}`);
      assert.equal((await exact_cover_async(problem)).count, full, `async: ${what}`);
    }
    const unknown = { ...Q, colors: 1 };
    const refused = fields(thrown(() => exact_cover(unknown)));
    assert.equal(refused.path, 'problem.colors');
    await assert.rejects(exact_cover_async(unknown), (error) => {
      assert.deepStrictEqual(fields(error), refused);
      return true;
    });
    // In the same order: `strict` is checked before the problem is read, the pool's own
    // options and an aborted signal before the problem too (no getter of it runs).
    const strictFirst = fields(thrown(() => exact_cover(unknown, { strict: 'yes' })));
    assert.equal(strictFirst.path, 'options.strict');
    await assert.rejects(exact_cover_async(unknown, { strict: 'yes' }), (error) => {
      assert.deepStrictEqual(fields(error), strictFirst);
      return true;
    });
    await assert.rejects(exact_cover_async(unknown, { tasks: 0 }), { path: 'options.tasks' });
    let read = 0;
    const aborted = AbortSignal.abort();
    await assert.rejects(exact_cover_async({ get primary() { read++; return 2; }, options: Q.options }, { signal: aborted }), { name: 'AbortError' });
    assert.equal(read, 0);
    // What the caller changes after the call does not reach the workers: the call reads the
    // problem when it is made, as exact_cover does.
    const changed = { primary: 2, options: Q.options.map((option) => [...option]) };
    const running = exact_cover_async(changed);
    changed.options.push([0, 1]);
    changed.primary = 5;
    assert.equal((await running).count, full);
    // solve_sudoku's options likewise: a 4x4 puzzle read with 1x4 boxes is another puzzle.
    const puzzle = `1${'.'.repeat(15)}`;
    class Boxes { get boxRows() { return 1; } }
    assert.equal(await solve_sudoku_async(puzzle, new Boxes()), solve_sudoku(puzzle, new Boxes()));
    assert.notEqual(solve_sudoku(puzzle, new Boxes()), solve_sudoku(puzzle));
  });

  test('sync and async refuse the same keys, the async message listing its own', async () => {
    const Q = 'A B\nA\nB\nA B';
    for (const key of ['limt', 'maxSteps', 'boxRows', 'size', 'difficulty']) {
      const options = { [key]: 1 };
      const sync = thrown(() => exact_cover(Q, options));
      const expected = {
        name: 'Error', code: 'invalid_argument', path: `options.${key}`,
        message: `options.${key}: unknown key (the keys of options are ${EXACT_COVER_KEYS}, ${POOL_KEYS})`,
      };
      assert.deepStrictEqual(fields(sync), {
        ...expected, message: `options.${key}: unknown key (the keys of options are ${EXACT_COVER_KEYS})`,
      }, key);
      for (const countOnly of [undefined, true]) {
        await assert.rejects(exact_cover_async(Q, { ...options, countOnly }), (error) => {
          assert.deepStrictEqual(fields(error), expected, key);
          return true;
        });
      }
      const pool = dlx.create_worker_pool(1);
      try {
        await assert.rejects(pool.exactCover(Q, options), (error) => {
          assert.deepStrictEqual(fields(error), expected, `pool.exactCover: ${key}`);
          return true;
        });
      } finally {
        pool.close();
      }
    }
    // Every key of exact_cover's is taken, with exact_cover's meaning.
    const taken = [
      { limit: 1 }, { maxNodes: 1000 }, { seed: 1 }, { forced: [2] }, { task: '0' }, { strict: true }, { countOnly: true },
      { memo: true, countOnly: true }, { memo: true, countOnly: true, memoBytes: 1 << 20, memoOrder: true },
    ];
    assert.deepStrictEqual(taken.flatMap(Object.keys).filter((k, i, all) => all.indexOf(k) === i).join(', '), EXACT_COVER_KEYS);
    for (const options of taken) {
      const expected = exact_cover(Q, options);
      const result = await exact_cover_async(Q, options);
      if (options.memo || options.task) assert.deepStrictEqual(result, expected, JSON.stringify(options));
      else assertSameResult(result, expected, JSON.stringify(options), { seeded: options.seed !== undefined });
    }
    // solve_sudoku_async takes solve_sudoku's keys and a signal.
    const puzzle = '.'.repeat(81);
    for (const key of ['seed', 'limit', 'workers']) {
      const sync = thrown(() => solve_sudoku(puzzle, { [key]: 1 }));
      assert.deepStrictEqual({ code: sync.code, path: sync.path }, { code: 'invalid_argument', path: `options.${key}` });
      const listed = sync.message.match(/\(the keys of options are (.*)\)$/);
      assert.ok(listed, sync.message);
      const expected = { ...fields(sync), message: sync.message.replace(/\)$/, ', signal)') };
      await assert.rejects(solve_sudoku_async(puzzle, { [key]: 1 }), (error) => {
        assert.deepStrictEqual(fields(error), expected, key);
        return true;
      });
      const pool = dlx.create_worker_pool(1);
      try {
        await assert.rejects(pool.solveSudoku(puzzle, { [key]: 1 }), (error) => {
          assert.deepStrictEqual(fields(error), expected, `pool.solveSudoku: ${key}`);
          return true;
        });
      } finally {
        pool.close();
      }
    }
    // The keys they share are taken.
    assert.equal(await solve_sudoku_async(PUZZLE, { boxRows: 3, boxCols: 3, variant: 'classic' }), solve_sudoku(PUZZLE));
  });

  test('a callback that throws rejects with callback_threw, the thrown error as its cause, and stops the search', async () => {
    const error = new Error('x');
    await assert.rejects(
      exact_cover_async('A B\nA\nB\nA B', { onSolution: () => { throw error; } }),
      (rejected) => rejected.code === 'callback_threw' && rejected.path === 'options.onSolution'
        && rejected.cause === error && /options\.onSolution threw: x/.test(rejected.message),
    );
    // A long count whose progress callback throws stops at once: not after the whole count
    // (queens(15): seconds on two workers).
    const t0 = performance.now();
    let calls = 0;
    await assert.rejects(
      count(queens(15), { workers: 2, onProgress: () => { calls += 1; throw 'no'; } }),
      { code: 'callback_threw', path: 'options.onProgress', cause: 'no' },
    );
    const elapsed = performance.now() - t0;
    assert.equal(calls, 1);
    assert.ok(elapsed < 1500, `rejected after ${elapsed.toFixed(0)} ms`);
    // The pool works afterwards.
    assert.equal((await exact_cover_async(QUEENS8, { onSolution: () => {} })).count, 92);
  });

  test('works in a Node process started with node --input-type=module -e (workers do not inherit its flags)', () => {
    const url = pathToFileURL(join(PKG, 'node.js')).href;
    const code = `
      import { exact_cover_async, solve_sudoku_async } from ${JSON.stringify(url)};
      const found = await exact_cover_async(${JSON.stringify(KNUTH)}, { workers: 2 });
      const counted = await exact_cover_async(${JSON.stringify(QUEENS8)}, { workers: 2, countOnly: true });
      const solved = await solve_sudoku_async(${JSON.stringify(PUZZLE)});
      console.log(JSON.stringify({ solutions: found.solutions, count: counted.count, solved }));
    `;
    // No close_worker_pool(): the idle workers must not keep the process alive either.
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
      cwd: ROOT, encoding: 'utf8', timeout: 30_000,
    });
    assert.equal(child.error, undefined, String(child.error));
    assert.equal(child.signal, null, `killed by ${child.signal} (still running after 30 s)\n${child.stderr}`);
    assert.equal(child.status, 0, child.stderr);
    assert.equal(child.stderr, '');
    assert.deepStrictEqual(JSON.parse(child.stdout), { solutions: [[0, 3, 4]], count: 92, solved: solve_sudoku(PUZZLE) });
  });
});

describe('the pool', () => {
  test('a call that asks the default pool for more workers leaves the jobs before it to finish', async () => {
    const more = Math.min(128, availableParallelism() + 1);
    const running = count(queens(12));
    const queued = exact_cover_async(QUEENS8);
    const bigger = count(QUEENS8, { workers: more });
    assert.equal((await running).count, 14200);
    assert.equal((await queued).count, 92);
    assert.equal((await bigger).count, 92);
  });

  /** A worker thread as the pool drives it, the handles kept to kill one. */
  function spawner(handles) {
    return () => {
      const worker = new Worker(new URL('worker-node.js', pathToFileURL(`${PKG}/`)), { execArgv: [] });
      handles.push(worker);
      return {
        post: (m) => worker.postMessage(m),
        terminate: () => worker.terminate(),
        listen: (h) => worker.on('message', h),
        fail: (h) => {
          worker.on('error', h);
          worker.on('exit', (code) => h(new Error(`exit ${code}`)));
        },
        ref: () => worker.ref(),
        unref: () => worker.unref(),
      };
    };
  }

  test('a dead worker is replaced and its task run again', async () => {
    const handles = [];
    const pool = new WorkerPool(spawner(handles), 2);
    let killed = null;
    const result = await pool.exactCover(queens(13), {
      countOnly: true,
      tasks: 64,
      onProgress: () => {
        // Kill a worker in the middle of a task, from outside, as a crash would.
        killed ??= handles[0].terminate();
      },
    });
    assert.ok(killed, 'a worker was killed');
    assert.equal(result.count, 73712);
    assert.equal(result.status, 'exhausted');
    assert.ok(handles.length >= 3, 'a new worker was started');
    pool.close();
    await assert.rejects(pool.exactCover(QUEENS8, { countOnly: true }), { code: 'pool_closed' });
    await assert.rejects(pool.call('rate_sudoku', [PUZZLE]), { code: 'pool_closed' });
  });

  /** Resolves once every worker thread in `handles` has exited, or rejects after `ms`. */
  function exited(handles, ms) {
    const all = Promise.all(handles.map((w) => (w.threadId === -1 ? null : new Promise((resolve) => w.once('exit', resolve)))));
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error(`workers still running after ${ms} ms`)), ms).unref());
    return Promise.race([all, late]);
  }

  test('a worker sent a module without the pool\'s tasks runs a search as exact_cover in one worker; renew() replaces the idle workers now, the running job\'s after it', async () => {
    // A page's first module (the site's dancing-links page: exact cover alone): the core
    // module has no ExactCoverTasks either. (These worker threads load the main module
    // themselves: only the pool's decision reads the module a handle was sent.)
    const core = await WebAssembly.compile(readFileSync(join(PKG, 'dlx_wasm_core_bg.wasm')));
    let sent = core;
    const handles = [];
    const spawn = spawner(handles);
    const pool = new WorkerPool(() => Object.assign(spawn(), { module: Promise.resolve(sent) }), 2);
    const solutions = [];
    const progress = [];
    const whole = await pool.exactCover(KNUTH, { onSolution: (s) => solutions.push(s), onProgress: (f) => progress.push(f) });
    assert.deepEqual(whole, exact_cover(KNUTH));
    assert.deepEqual(solutions, exact_cover(KNUTH).solutions);
    assert.deepEqual(progress, [1]);
    assert.equal(handles.length, 2);
    // The full module from now on: the idle workers end at once, the next job starts new
    // ones, and splits (its statistics add the split's own search: not exact_cover's). Sent
    // compiled, as a page sends it, so that the pool's check of a module's exports (pool.js
    // `splits`, which knows the pool's tasks by wasm-bindgen's export name) is what decides.
    sent = await WebAssembly.compile(readFileSync(join(PKG, 'dlx_wasm_bg.wasm')));
    pool.renew();
    await exited(handles.slice(0, 2), 1000);
    const split = await pool.exactCover(QUEENS8, { countOnly: true });
    assert.equal(split.count, 92);
    assert.equal(handles.length, 4);
    assert.notDeepEqual(split.stats, exact_cover(QUEENS8, { countOnly: true }).stats);
    // Renewed while a job runs: its workers finish it, then end.
    const running = pool.exactCover(queens(14), { countOnly: true });
    await new Promise((resolve) => setTimeout(resolve, 100));
    pool.renew();
    assert.equal(handles.filter((w) => w.threadId !== -1).length, 2, 'the running job\'s workers were ended');
    assert.equal((await running).count, 365596);
    await exited(handles.slice(2, 4), 1000);
    assert.equal((await pool.exactCover(QUEENS8, { countOnly: true })).count, 92);
    assert.equal(handles.length, 6);
    pool.close();
  });

  test('an abort of a queued job rejects it at once; the job ahead goes on', async () => {
    const pool = new WorkerPool(spawner([]), 2);
    // Long enough to be still running when the queued jobs are aborted 100 ms later.
    const ahead = pool.exactCover(queens(14), { countOnly: true });
    const controller = new AbortController();
    const queued = pool.exactCover(QUEENS8, { signal: controller.signal });
    const sudoku = new AbortController();
    const queuedSudoku = pool.solveSudoku('.'.repeat(81), { signal: sudoku.signal });
    const call = new AbortController();
    const queuedCall = pool.call('rate_sudoku', [PUZZLE], { signal: call.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const t0 = performance.now();
    controller.abort();
    sudoku.abort();
    const mine = new Error('mine');
    call.abort(mine);
    await assert.rejects(queued, { name: 'AbortError' });
    await assert.rejects(queuedSudoku, { name: 'AbortError' });
    await assert.rejects(queuedCall, (error) => error === mine);
    const elapsed = performance.now() - t0;
    assert.ok(elapsed < 50, `rejected ${elapsed.toFixed(1)} ms after the abort`);
    assert.equal((await ahead).count, 365596);
    // The turn passed on: the pool runs the next job.
    assert.equal((await pool.exactCover(QUEENS8, { countOnly: true })).count, 92);
    pool.close();
  });

  test('close() stops the running job (its workers end) and rejects it and the queued ones at once', async () => {
    const handles = [];
    const pool = new WorkerPool(spawner(handles), 2);
    const running = pool.exactCover(queens(15), { countOnly: true });
    const queued = pool.exactCover(QUEENS8);
    const queuedSudoku = pool.solveSudoku('.'.repeat(81));
    const queuedCall = pool.call('solve_sudoku', ['.'.repeat(81)]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const t0 = performance.now();
    pool.close();
    await assert.rejects(running, { code: 'pool_closed' });
    await assert.rejects(queued, { code: 'pool_closed' });
    await assert.rejects(queuedSudoku, { code: 'pool_closed' });
    await assert.rejects(queuedCall, { code: 'pool_closed' });
    const elapsed = performance.now() - t0;
    assert.ok(elapsed < 50, `rejected ${elapsed.toFixed(1)} ms after close()`);
    assert.ok(handles.length >= 2);
    await exited(handles, 1000);
    await assert.rejects(pool.exactCover(QUEENS8, { countOnly: true }), { code: 'pool_closed' });
  });

  test('solve_sudoku_async and pool.solveSudoku solve as solve_sudoku does', async () => {
    assert.equal(await solve_sudoku_async(PUZZLE), solve_sudoku(PUZZLE));
    assert.equal(await solve_sudoku_async('.'.repeat(81)), solve_sudoku('.'.repeat(81)));
    // A puzzle with no solution: null, as solve_sudoku.
    const none = `12345678${'.'.repeat(9)}9${'.'.repeat(63)}`;
    assert.equal(solve_sudoku(none), null);
    assert.equal(await solve_sudoku_async(none), null);
    const expected = thrown(() => solve_sudoku('12'));
    await assert.rejects(solve_sudoku_async('12'), (error) => {
      assert.deepStrictEqual(fields(error), fields(expected));
      return true;
    });
    const pool = dlx.create_worker_pool(2);
    try {
      assert.equal(await pool.solveSudoku(PUZZLE), solve_sudoku(PUZZLE));
      const four = '1...' + '..2.' + '.3..' + '...4';
      assert.equal(await pool.solveSudoku(four, { boxRows: 2, boxCols: 2 }), solve_sudoku(four, { boxRows: 2, boxCols: 2 }));
    } finally {
      pool.close();
    }
  });

  test('pool.call runs an export in a worker: its return value, or its error with every field', async () => {
    const pool = dlx.create_worker_pool(2);
    try {
      assert.deepStrictEqual(await pool.call('rate_sudoku', [PUZZLE]), dlx.rate_sudoku(PUZZLE));
      assert.deepStrictEqual(await pool.call('exact_cover', [KNUTH]), exact_cover(KNUTH));
      assert.deepStrictEqual(await pool.call('count_sudoku_solutions', [PUZZLE, { limit: 2 }]), dlx.count_sudoku_solutions(PUZZLE, { limit: 2 }));
      // The sync call's errors, every field kept.
      const none = `12345678${'.'.repeat(9)}9${'.'.repeat(63)}`;
      for (const [what, args, code] of [
        ['no solution', [none], 'no_solution'],
        ['two solutions', ['.'.repeat(81)], 'multiple_solutions'],
        ['conflicting givens', [`11${'.'.repeat(79)}`], 'conflicting_givens'],
        ['wrong cell count', ['12'], 'wrong_cell_count'],
        ['an unknown option', [PUZZLE, { seed: 1 }], 'invalid_argument'],
      ]) {
        const expected = thrown(() => dlx.rate_sudoku(...args));
        assert.equal(expected.code, code, what);
        await assert.rejects(pool.call('rate_sudoku', args), (error) => {
          assert.deepStrictEqual(fields(error), fields(expected), what);
          return true;
        }, what);
      }
      assert.equal(thrown(() => dlx.rate_sudoku('.'.repeat(81))).found, 2);
      // A name that is not an export it may call: invalid_argument at `name` (the modules'
      // own wasm exports, `start` and `__wbindgen_*`, are no calls either).
      for (const name of ['rate_sudokuu', 'ExactCoverSolver', 'default', 'initSync', 'toString', '__proto__', 'exact_cover_async', 'start', '__wbindgen_malloc', '__wbindgen_start']) {
        await assert.rejects(pool.call(name, []), (error) => {
          assert.equal(error.code, 'invalid_argument', `${name}: ${error.message}`);
          assert.equal(error.path, 'name', name);
          return true;
        }, name);
      }
      await assert.rejects(pool.call(7, []), { code: 'invalid_argument', path: 'name' });
      await assert.rejects(pool.call('rate_sudoku', PUZZLE), { code: 'invalid_argument', path: 'args' });
      // Arguments structured clone refuses reach the worker's module as the sync call reads
      // them (tests/js/pool-read.test.mjs): its own error.
      const unclonable = fields(thrown(() => exact_cover(KNUTH, { limit: () => 1 })));
      await assert.rejects(pool.call('exact_cover', [KNUTH, { limit: () => 1 }]), (error) => {
        assert.deepStrictEqual(fields(error), unclonable);
        return true;
      });
      // And it still works.
      assert.deepStrictEqual(await pool.call('rate_sudoku', [PUZZLE]), dlx.rate_sudoku(PUZZLE));
    } finally {
      pool.close();
    }
  });
});
