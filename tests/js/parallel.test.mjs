// The async API of the package in Node (worker threads): countSolutions and findSolutions give
// exactly what exact_cover gives (counts, solutions, their order) on any number of workers, on
// problems with secondary items, colors and multiplicities; solution and node limits (maxNodes,
// one budget shared by the workers); cancellation within 100 ms
// with the pool still working afterwards; errors with their codes; a dead worker replaced;
// solveSudokuAsync.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { after, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PKG, ROOT, random, requireBuild } from './helpers.mjs';
import { queens } from './fixtures/queens.mjs';

requireBuild(join(PKG, 'node.js'), join(PKG, 'pool.js'), join(PKG, 'worker-node.js'));
const dlx = await import(pathToFileURL(join(PKG, 'node.js')).href);
const { countSolutions, findSolutions, solveSudokuAsync, exact_cover, WorkerPool } = dlx;

const QUEENS8 = readFileSync(join(ROOT, 'tests', 'data', 'q8.dlx'), 'utf8');

after(() => dlx.closeWorkerPool());

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

describe('countSolutions and findSolutions', () => {
  test('count as exact_cover counts, on 1 to 4 workers', async () => {
    for (const workers of [1, 2, 3, 4]) {
      const result = await countSolutions(QUEENS8, { workers });
      assert.equal(result.count, 92, `${workers} workers`);
      assert.equal(result.complete, true);
      assert.ok(result.stats.nodes > 0);
    }
    assert.equal((await countSolutions(queens(10), { tasks: 500 })).count, 724);
  });

  test('find the solutions of exact_cover in its order, on random problems with colors and bounds', async () => {
    const next = random(15);
    for (let trial = 0; trial < 60; trial++) {
      const problem = randomProblem(next);
      const expected = exact_cover(problem).solutions;
      const workers = 1 + (trial % 4);
      const tasks = 1 + (trial % 9) * 3;
      const found = await findSolutions(problem, { workers, tasks });
      assert.deepEqual(found.solutions, expected, JSON.stringify(problem));
      assert.equal(found.count, expected.length);
      assert.equal((await countSolutions(problem, { workers, tasks })).count, expected.length);
    }
  });

  test('limit keeps the first solutions of the serial order; forced options and seeds', async () => {
    const all = exact_cover(QUEENS8).solutions;
    const first = await findSolutions(QUEENS8, { limit: 10, workers: 3, tasks: 40 });
    assert.deepEqual(first.solutions, all.slice(0, 10));
    assert.equal(first.complete, false);
    const forced = await findSolutions(QUEENS8, { forced: [3], workers: 2 });
    assert.deepEqual(forced.solutions, exact_cover(QUEENS8, { forced: [3] }).solutions);
    const a = await findSolutions(QUEENS8, { seed: 7, workers: 1 });
    const b = await findSolutions(QUEENS8, { seed: 7, workers: 3 });
    assert.deepEqual(a.solutions, b.solutions, 'a seed gives the same answers on any number of workers');
    assert.deepEqual([...a.solutions].sort(), [...all].sort());
  });

  test('maxNodes bounds the nodes of all the workers together; enough of it changes nothing', async () => {
    const problem = queens(10);
    const full = await countSolutions(problem, { workers: 2, tasks: 64 });
    assert.equal(full.count, 724);
    assert.equal(full.status, 'exhausted');
    const tree = full.stats.nodes;
    // The serial search says node_limit with complete: false; so does the pool.
    const serial = new dlx.ExactCoverSolver(problem, { maxNodes: 5000 });
    serial.count();
    assert.equal(serial.status, 'node_limit');
    serial.free();
    for (const workers of [1, 2, 3]) {
      for (const maxNodes of [0, 1, 777, tree >> 2, tree >> 1, Math.floor(tree * 0.9)]) {
        const what = `${workers} workers, maxNodes ${maxNodes}`;
        const cut = await countSolutions(problem, { workers, tasks: 64, maxNodes });
        assert.equal(cut.complete, false, what);
        assert.equal(cut.status, 'node_limit', what);
        assert.ok(cut.stats.nodes <= maxNodes, `${what}: ${cut.stats.nodes} nodes`);
        assert.ok(cut.count < 724 && cut.count === cut.stats.solutions, what);
        // Every solution of every task run counts: the partial count is what was found.
        const found = await findSolutions(problem, { workers, tasks: 64, maxNodes });
        assert.equal(found.status, 'node_limit', what);
        assert.ok(found.stats.nodes <= maxNodes, what);
        assert.equal(found.count, found.solutions.length, what);
        // Solutions of the serial search, in its order, with gaps.
        const all = exact_cover(problem).solutions.map(String);
        let at = -1;
        for (const s of found.solutions) {
          const k = all.indexOf(String(s));
          assert.ok(k > at, `${what}: a solution of the serial search, in its order`);
          at = k;
        }
      }
      // A budget that nearly suffices still stops, and says so.
      const nearly = await countSolutions(problem, { workers, tasks: 64, maxNodes: tree - 1 });
      assert.equal(nearly.status, 'node_limit');
      assert.ok(nearly.stats.nodes <= tree - 1);
      for (const maxNodes of [tree, tree + 1, 1e12]) {
        const enough = await countSolutions(problem, { workers, tasks: 64, maxNodes });
        assert.deepEqual(enough, full, `${workers} workers, maxNodes ${maxNodes}`);
        const found = await findSolutions(problem, { workers, tasks: 64, maxNodes });
        assert.deepEqual(found.solutions, exact_cover(problem).solutions);
      }
    }
    // One worker and one task is the serial search: the same count at every node limit.
    for (const maxNodes of [0, 1, 10, 100, 1000, tree >> 1]) {
      const one = await countSolutions(problem, { workers: 1, tasks: 1, maxNodes });
      const serialCut = exact_cover(problem, { countOnly: true, maxNodes });
      assert.equal(one.count, serialCut.count, `maxNodes ${maxNodes}`);
      assert.equal(one.stats.nodes, serialCut.stats.nodes, `maxNodes ${maxNodes}`);
      assert.equal(one.complete, serialCut.complete);
    }
    // With a limit too: the solution limit first where it comes first.
    const first = await findSolutions(problem, { workers: 2, tasks: 64, limit: 3, maxNodes: tree });
    assert.deepEqual(first.solutions, exact_cover(problem, { limit: 3 }).solutions);
    assert.equal(first.status, 'solution_limit');
    // maxNodes is checked as exact_cover checks it.
    await assert.rejects(countSolutions(problem, { maxNodes: -1 }), { code: 'invalid_argument', path: 'options.maxNodes' });
    await assert.rejects(countSolutions(problem, { maxNodes: 1.5 }), { code: 'invalid_argument', path: 'options.maxNodes' });
    await assert.rejects(findSolutions(problem, { limit: 'ten' }), { code: 'invalid_argument', path: 'options.limit' });
  });

  test('countWithin, the workers\' way to count: in slices of nodes, as count() counts', () => {
    const problem = queens(9);
    const whole = new dlx.ExactCoverSolver(problem);
    assert.equal(whole.count(), 352);
    const tree = whole.stats.nodes;
    whole.free();
    for (const slice of [1, 7, 1000, tree]) {
      const solver = new dlx.ExactCoverSolver(problem);
      let count = 0;
      let calls = 0;
      while (solver.status === 'searching') {
        const before = solver.stats.nodes;
        count += solver.countWithin(slice);
        assert.ok(solver.stats.nodes - before <= slice, 'never more nodes than the budget');
        calls += 1;
      }
      assert.equal(count, 352, `slices of ${slice}`);
      assert.equal(solver.status, 'exhausted');
      assert.deepEqual(solver.stats, { nodes: tree, updates: solver.stats.updates, solutions: 352 });
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

  test('progress rises to 1', async () => {
    const seen = [];
    await countSolutions(queens(11), { workers: 2, onProgress: (p) => seen.push(p) });
    assert.ok(seen.length > 0);
    assert.ok(seen.every((p) => p >= 0 && p <= 1));
    assert.equal(seen.at(-1), 1);
  });

  test('progress counts the solutions of the tasks under way, not only those done', async () => {
    // One task on one worker: nothing is done before the end.
    const seen = [];
    const { count } = await countSolutions(queens(13), { workers: 1, tasks: 1, onProgress: (p, soFar) => seen.push({ p, ...soFar }) });
    assert.equal(count, 73712);
    const before = seen.filter(({ p }) => p < 1);
    assert.ok(before.length >= 2, `${before.length} progress calls before the end`);
    assert.ok(before.some(({ solutions }) => solutions > 0), JSON.stringify(before.slice(0, 5)));
    for (let k = 1; k < seen.length; k++) assert.ok(seen[k].solutions >= seen[k - 1].solutions);
    assert.equal(seen.at(-1).solutions, count);
    // And of the runs of findSolutions, within its limit.
    const found = [];
    await findSolutions(queens(11), { workers: 1, tasks: 1, limit: 500, onProgress: (p, soFar) => found.push(soFar.solutions) });
    assert.ok(found.every((n) => n <= 500));
  });

  test('an abort stops every worker within 100 ms, and the pool works afterwards', async () => {
    const controller = new AbortController();
    const started = countSolutions(queens(15), { signal: controller.signal, workers: 2 });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const t0 = performance.now();
    controller.abort();
    await assert.rejects(started, (error) => error.name === 'AbortError');
    const elapsed = performance.now() - t0;
    console.log(`# aborted: rejected ${elapsed.toFixed(1)} ms after abort()`);
    assert.ok(elapsed < 100, `rejected ${elapsed.toFixed(1)} ms after the abort`);
    assert.equal((await countSolutions(QUEENS8)).count, 92);
    // Already aborted: rejects at once.
    await assert.rejects(countSolutions(QUEENS8, { signal: AbortSignal.abort() }), { name: 'AbortError' });
  });

  test('errors keep their code and positions', async () => {
    await assert.rejects(countSolutions('A B\nA C\n'), { code: 'unknown_item', line: 2 });
    await assert.rejects(findSolutions(QUEENS8, { forced: [0, 1] }), { code: 'forced_conflict' });
    await assert.rejects(countSolutions(QUEENS8, { workers: 0 }), { code: 'invalid_argument' });
    assert.equal((await countSolutions(QUEENS8)).count, 92);
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
      await assert.rejects(countSolutions(QUEENS8, options), { code: 'invalid_argument', path }, what);
      await assert.rejects(findSolutions(QUEENS8, options), { code: 'invalid_argument', path }, what);
    }
    await assert.rejects(solveSudokuAsync('.'.repeat(81), 'x'), { code: 'invalid_argument', path: 'options' });
    await assert.rejects(solveSudokuAsync('.'.repeat(81), { signal: 1 }), { code: 'invalid_argument', path: 'options.signal' });
    // null and undefined are no options, as in the sync API.
    assert.equal((await countSolutions(QUEENS8, null)).count, 92);
    assert.equal((await countSolutions(QUEENS8, { signal: null, onProgress: undefined })).count, 92);
  });

  test('a callback that throws rejects with callback_threw, the thrown error as its cause, and stops the search', async () => {
    const thrown = new Error('x');
    await assert.rejects(
      findSolutions('A B\nA\nB\nA B', { onSolution: () => { throw thrown; } }),
      (error) => error.code === 'callback_threw' && error.path === 'options.onSolution'
        && error.cause === thrown && /options\.onSolution threw: x/.test(error.message),
    );
    // A long count whose progress callback throws stops at once: not after the whole count
    // (queens(15): seconds on two workers).
    const t0 = performance.now();
    let calls = 0;
    await assert.rejects(
      countSolutions(queens(15), { workers: 2, onProgress: () => { calls += 1; throw 'no'; } }),
      { code: 'callback_threw', path: 'options.onProgress', cause: 'no' },
    );
    const elapsed = performance.now() - t0;
    assert.equal(calls, 1);
    assert.ok(elapsed < 1500, `rejected after ${elapsed.toFixed(0)} ms`);
    // The pool works afterwards.
    assert.equal((await findSolutions(QUEENS8, { onSolution: () => {} })).count, 92);
  });
});

describe('the pool', () => {
  test('a call that asks the default pool for more workers leaves the jobs before it to finish', async () => {
    const more = Math.min(128, availableParallelism() + 1);
    const running = countSolutions(queens(12));
    const queued = findSolutions(QUEENS8);
    const bigger = countSolutions(QUEENS8, { workers: more });
    assert.equal((await running).count, 14200);
    assert.equal((await queued).count, 92);
    assert.equal((await bigger).count, 92);
  });

  /** A worker thread as the pool drives it, the handles kept to kill one. */
  function spawner(handles) {
    return () => {
      const worker = new Worker(new URL('worker-node.js', pathToFileURL(`${PKG}/`)));
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
    const result = await pool.countSolutions(queens(13), {
      tasks: 64,
      onProgress: () => {
        // Kill a worker in the middle of a task, from outside, as a crash would.
        killed ??= handles[0].terminate();
      },
    });
    assert.ok(killed, 'a worker was killed');
    assert.equal(result.count, 73712);
    assert.ok(handles.length >= 3, 'a new worker was started');
    pool.close();
    await assert.rejects(pool.countSolutions(QUEENS8), { code: 'pool_closed' });
  });

  /** Resolves once every worker thread in `handles` has exited, or rejects after `ms`. */
  function exited(handles, ms) {
    const all = Promise.all(handles.map((w) => (w.threadId === -1 ? null : new Promise((resolve) => w.once('exit', resolve)))));
    const late = new Promise((_, reject) => setTimeout(() => reject(new Error(`workers still running after ${ms} ms`)), ms).unref());
    return Promise.race([all, late]);
  }

  test('an abort of a queued job rejects it at once; the job ahead goes on', async () => {
    const pool = new WorkerPool(spawner([]), 2);
    const ahead = pool.countSolutions(queens(13));
    const controller = new AbortController();
    const queued = pool.findSolutions(QUEENS8, { signal: controller.signal });
    const sudoku = new AbortController();
    const queuedSudoku = pool.solveSudokuAsync('.'.repeat(81), { signal: sudoku.signal });
    await new Promise((resolve) => setTimeout(resolve, 100));
    const t0 = performance.now();
    controller.abort();
    sudoku.abort();
    await assert.rejects(queued, { name: 'AbortError' });
    await assert.rejects(queuedSudoku, { name: 'AbortError' });
    const elapsed = performance.now() - t0;
    assert.ok(elapsed < 50, `rejected ${elapsed.toFixed(1)} ms after the abort`);
    assert.equal((await ahead).count, 73712);
    // The turn passed on: the pool runs the next job.
    assert.equal((await pool.countSolutions(QUEENS8)).count, 92);
    pool.close();
  });

  test('close() stops the running job (its workers end) and rejects it and the queued ones at once', async () => {
    const handles = [];
    const pool = new WorkerPool(spawner(handles), 2);
    const running = pool.countSolutions(queens(15));
    const queued = pool.findSolutions(QUEENS8);
    const queuedSudoku = pool.solveSudokuAsync('.'.repeat(81));
    await new Promise((resolve) => setTimeout(resolve, 300));
    const t0 = performance.now();
    pool.close();
    await assert.rejects(running, { code: 'pool_closed' });
    await assert.rejects(queued, { code: 'pool_closed' });
    await assert.rejects(queuedSudoku, { code: 'pool_closed' });
    const elapsed = performance.now() - t0;
    assert.ok(elapsed < 50, `rejected ${elapsed.toFixed(1)} ms after close()`);
    assert.ok(handles.length >= 2);
    await exited(handles, 1000);
    await assert.rejects(pool.countSolutions(QUEENS8), { code: 'pool_closed' });
  });

  test('solveSudokuAsync solves as solve_sudoku does', async () => {
    const puzzle = '.5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4';
    assert.equal(await solveSudokuAsync(puzzle), dlx.solve_sudoku(puzzle));
    await assert.rejects(solveSudokuAsync('12'), (error) => typeof error.code === 'string');
  });
});
