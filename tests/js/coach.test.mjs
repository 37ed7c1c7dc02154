// The coach module (dlx_wasm_coach: sudoku_hint, sudoku_solve_path, rate_sudoku,
// generate_sudoku) as the package loads it, apart from the main module: in Node at the first
// call of a coach export (importing the entry does not read it); in the browser entry on
// `init_coach()` (before it each coach export throws `not_initialized` naming it); and in the
// worker pool's workers at their first coach call, with no `init_coach()`. The pages' and
// bundles' side is package.test.mjs's (a browser page, the pool's Web Workers).
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { after, test } from 'node:test';
import { Worker } from 'node:worker_threads';
import { PKG, requireBuild, run } from './helpers.mjs';

requireBuild(join(PKG, 'node.js'), join(PKG, 'index.js'), join(PKG, 'dlx_wasm_coach_bg.wasm'));

/** Arto Inkala's puzzle: diabolical, its first step a forcing net. */
const PUZZLE = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';

/**
 * A Node worker thread of the package (worker-node.js, sent no module: it loads its own) as
 * the pool drives it; `onPost` sees each message the pool sends it.
 */
function nodeWorker(onPost = () => {}) {
  const worker = new Worker(new URL('./worker-node.js', pathToFileURL(join(PKG, 'node.js'))), { execArgv: [] });
  return {
    post: (message) => {
      onPost(message);
      worker.postMessage(message);
    },
    terminate: () => worker.terminate(),
    listen: (handle) => worker.on('message', handle),
    fail: (handle) => worker.on('error', handle),
    ref: () => worker.ref(),
    unref: () => worker.unref(),
  };
}

const url = (file) => JSON.stringify(pathToFileURL(join(PKG, file)).href);

/** Runs the ES module `source` in a fresh Node process and returns what it printed, as JSON. */
function script(source) {
  return JSON.parse(run(process.execPath, ['--input-type=module', '--eval', source]));
}

test('Node: importing the entry reads the main module only; the first coach call reads the coach module, once', () => {
  const seen = script(`
    import fs from 'node:fs';
    import { syncBuiltinESMExports } from 'node:module';
    // Every file read, by path (a URL or a string): the package's, and on Node 24 also the
    // loader's own reads of the modules' JS, so only the .wasm files are counted.
    const reads = [];
    const read = fs.readFileSync;
    fs.readFileSync = (path, ...rest) => {
      reads.push(String(path));
      return read(path, ...rest);
    };
    syncBuiltinESMExports();
    const coachReads = () => reads.filter((path) => path.endsWith('dlx_wasm_coach_bg.wasm')).length;
    const { solve_sudoku, rate_sudoku, sudoku_hint, init_coach } = await import(${url('node.js')});
    const seen = { main: reads.filter((path) => /dlx_wasm(_simd)?_bg\\.wasm$/.test(path)).length };
    seen.afterImport = coachReads();
    seen.solution = solve_sudoku(${JSON.stringify(PUZZLE)});
    seen.afterSolve = coachReads();
    seen.level = rate_sudoku(${JSON.stringify(PUZZLE)}).level;
    seen.afterRate = coachReads();
    seen.hint = sudoku_hint(${JSON.stringify(PUZZLE)}, ${JSON.stringify(PUZZLE)}).technique;
    await init_coach();
    seen.afterMore = coachReads();
    console.log(JSON.stringify(seen));
  `);
  assert.equal(seen.main, 1, 'the main module is read at import');
  assert.equal(seen.afterImport, 0, 'importing the entry does not read the coach module');
  assert.equal(seen.solution.length, 81);
  assert.equal(seen.afterSolve, 0, 'solve_sudoku does not read it either');
  assert.equal(seen.level, 'diabolical');
  assert.equal(seen.afterRate, 1, 'the first coach call reads it');
  assert.equal(seen.hint, 'contradiction_net');
  assert.equal(seen.afterMore, 1, 'once: later calls and init_coach() use the same instance');
});

test('the browser entry: a coach export throws not_initialized naming init_coach until init_coach() resolves', () => {
  // index.js as a browser loads it, here given the compiled modules (Node has no fetch of files).
  const seen = script(`
    import { readFileSync } from 'node:fs';
    const web = await import(${url('index.js')});
    const compiled = (file) => new WebAssembly.Module(readFileSync(new URL(file, ${url('index.js')})));
    const attempt = (call) => {
      try {
        return { value: call() };
      } catch (error) {
        return { code: error.code, message: error.message, isDlxError: web.isDlxError(error) };
      }
    };
    const rate = () => attempt(() => web.rate_sudoku(${JSON.stringify(PUZZLE)}).level);
    const seen = { beforeInit: rate() };
    await web.default(compiled('./dlx_wasm_bg.wasm'));
    seen.solved = attempt(() => web.solve_sudoku(${JSON.stringify(PUZZLE)}).length);
    seen.afterInit = rate();
    seen.generate = attempt(() => web.generate_sudoku({ size: 4, seed: 7 }).puzzle);
    seen.hint = attempt(() => web.sudoku_hint(${JSON.stringify(PUZZLE)}, ${JSON.stringify(PUZZLE)}));
    seen.path = attempt(() => web.sudoku_solve_path(${JSON.stringify(PUZZLE)}));
    await web.init_coach(compiled('./dlx_wasm_coach_bg.wasm'));
    seen.afterCoach = rate();
    seen.generated = attempt(() => web.generate_sudoku({ size: 4, seed: 7 }).puzzle.length);
    console.log(JSON.stringify(seen));
  `);
  const refused = (name) => ({
    code: 'not_initialized',
    message: `${name}: the module is not initialised yet: \`await init_coach()\` before calling it`,
    isDlxError: true,
  });
  assert.deepEqual(seen.beforeInit, refused('rate_sudoku'));
  assert.deepEqual(seen.solved, { value: 81 }, 'init() loads the main module');
  assert.deepEqual(seen.afterInit, refused('rate_sudoku'), 'but not the coach module');
  assert.deepEqual(seen.generate, refused('generate_sudoku'));
  assert.deepEqual(seen.hint, refused('sudoku_hint'));
  assert.deepEqual(seen.path, refused('sudoku_solve_path'));
  assert.deepEqual(seen.afterCoach, { value: 'diabolical' });
  assert.deepEqual(seen.generated, { value: 16 });
});

const dlx = await import(join(PKG, 'node.js'));
const load = await import(join(PKG, 'load.js'));
after(() => dlx.close_worker_pool());

test('the worker pool: pool.call of a coach export with no init_coach(), the sync call\'s result', async () => {
  const pool = dlx.create_worker_pool(2);
  try {
    const grade = await pool.call('rate_sudoku', [PUZZLE]);
    const hint = await pool.call('sudoku_hint', [PUZZLE, PUZZLE]);
    const refused = await pool.call('rate_sudoku', ['.'.repeat(81)]).catch((error) => error);
    // The workers instantiated the coach module; this thread did not need to.
    assert.equal(load.coachInitialized(), false, 'the pool does not instantiate the coach on this thread');
    assert.deepEqual(grade, dlx.rate_sudoku(PUZZLE));
    assert.deepEqual(hint, dlx.sudoku_hint(PUZZLE, PUZZLE));
    assert.equal(refused.code, 'multiple_solutions');
    assert.equal(load.coachInitialized(), true);
    // The default pool too, through its call.
    assert.deepEqual(await dlx.create_worker_pool(1).call('sudoku_solve_path', [PUZZLE]).then((path) => path.solved), true);
  } finally {
    pool.close();
  }
});

test('the worker alone decides a call needs the coach module: it asks once, a main call never does, a failed compile fails that call and the next asks again', async () => {
  const { readFileSync } = await import('node:fs');
  const { makeApi } = await import(pathToFileURL(join(PKG, 'pool.js')).href);
  const coachModule = new WebAssembly.Module(readFileSync(join(PKG, 'dlx_wasm_coach_bg.wasm')));
  // What the pool sent its workers (the ops), and how its coach() went: the first
  // compile fails, the next ones give the module.
  const sent = [];
  const asked = [];
  let fails = 1;
  const api = makeApi({
    spawn: () => nodeWorker((message) => {
      sent.push(message.op === 'coach' ? `coach:${message.module ? 'module' : message.error.code}` : message.op);
    }),
    cores: () => 1,
    // No module sent: the worker loads its own, as where the page could not compile it.
    module: () => Promise.reject(new Error('no module here')),
    coach: async () => {
      asked.push(fails);
      if (fails-- > 0) throw Object.assign(new Error('the coach module could not be compiled'), { code: 'compile_failed' });
      return coachModule;
    },
  });
  const pool = api.create_worker_pool(1);
  try {
    assert.equal((await pool.call('solve_sudoku', [PUZZLE])).length, 81);
    assert.deepEqual(asked, [], 'a call of a main export never asks for the coach module');
    const failed = await pool.call('rate_sudoku', [PUZZLE]).catch((error) => error);
    assert.equal(failed.code, 'compile_failed', failed.message);
    assert.equal(failed.message, 'the coach module could not be compiled');
    assert.deepEqual(await pool.call('rate_sudoku', [PUZZLE]), dlx.rate_sudoku(PUZZLE), 'the next call asks again');
    assert.equal((await pool.call('sudoku_hint', [PUZZLE, PUZZLE])).technique, 'contradiction_net');
    const unknown = await pool.call('no_such_export', []).catch((error) => error);
    assert.equal(unknown.code, 'invalid_argument');
    assert.equal(unknown.message, 'name: no export named no_such_export to call');
    assert.equal((await pool.call('solve_sudoku', [PUZZLE])).length, 81);
    assert.deepEqual(asked, [1, 0], 'asked once per failure, then once');
    assert.deepEqual(sent, ['call', 'call', 'coach:compile_failed', 'call', 'coach:module', 'call', 'call', 'call']);
  } finally {
    pool.close();
  }
});

test('a name of neither module is refused at once (invalid_argument at name): the coach module neither asked for nor loaded', async () => {
  const { readFileSync } = await import('node:fs');
  const { makeApi } = await import(pathToFileURL(join(PKG, 'pool.js')).href);
  const { COACH_CALLS, isCallable } = await import(pathToFileURL(join(PKG, 'protocol.js')).href);
  // The list the workers decide by is the coach bindings' callable exports.
  const bindings = await import(pathToFileURL(join(PKG, 'dlx_wasm_coach.js')).href);
  assert.deepEqual(Object.keys(bindings).filter((name) => isCallable(bindings, name)).sort(), [...COACH_CALLS].sort());
  const coachModule = new WebAssembly.Module(readFileSync(join(PKG, 'dlx_wasm_coach_bg.wasm')));
  const sent = [];
  let compiled = 0;
  const api = makeApi({
    spawn: () => nodeWorker((message) => sent.push(message.op)),
    cores: () => 1,
    coach: async () => {
      compiled += 1;
      return coachModule;
    },
  });
  const pool = api.create_worker_pool(1);
  try {
    for (const name of ['rate_sudokuu', 'no_such_export', 'sudoku_hints', 'Rate_sudoku']) {
      const refused = await pool.call(name, []).catch((error) => error);
      assert.deepEqual({ code: refused.code, path: refused.path, message: refused.message },
        { code: 'invalid_argument', path: 'name', message: `name: no export named ${name} to call` }, name);
    }
    // A long name is cut as an unknown key is (protocol.js `shownKey`): never inside a
    // character, a lone surrogate shown as U+FFFD.
    for (const [name, shown] of [[`${'a'.repeat(39)}\u{1F600}tail`, 'a'.repeat(39)], [`\uD800${'b'.repeat(45)}`, `\uFFFD${'b'.repeat(39)}`]]) {
      const refused = await pool.call(name, []).catch((error) => error);
      assert.equal(refused.message, `name: no export named ${shown} to call`);
    }
    assert.equal(compiled, 0, 'the coach module was not compiled for a misspelt name');
    assert.deepEqual(sent, ['call', 'call', 'call', 'call', 'call', 'call'], 'nor sent');
    assert.equal((await pool.call('solve_sudoku', [PUZZLE])).length, 81, 'a main call after them runs');
    // A coach export then asks for it, once.
    assert.deepEqual(await pool.call('rate_sudoku', [PUZZLE]), dlx.rate_sudoku(PUZZLE));
    assert.equal(compiled, 1);
  } finally {
    pool.close();
  }
});

test('a coach export whose module cannot be compiled is refused with the reason (load_failed); a name of neither module still with invalid_argument', async () => {
  const { makeApi } = await import(pathToFileURL(join(PKG, 'pool.js')).href);
  const api = makeApi({
    spawn: () => nodeWorker(),
    cores: () => 1,
    // A bare error (a failed fetch): the rejection carries a code all the same.
    coach: async () => {
      throw new TypeError('offline');
    },
  });
  const pool = api.create_worker_pool(1);
  try {
    const refused = await pool.call('rate_sudoku', [PUZZLE]).catch((error) => error);
    assert.deepEqual({ code: refused.code, message: refused.message }, { code: 'load_failed', message: 'offline' });
    const unknown = await pool.call('no_such_export', []).catch((error) => error);
    assert.deepEqual({ code: unknown.code, path: unknown.path }, { code: 'invalid_argument', path: 'name' });
    assert.equal((await pool.call('solve_sudoku', [PUZZLE])).length, 81, 'a main call after it runs');
  } finally {
    pool.close();
  }
});

test('a pool made without makeApi (new WorkerPool): a coach call is answered, the worker loading the coach module itself', async () => {
  const { WorkerPool } = await import(pathToFileURL(join(PKG, 'node.js')).href);
  const pool = new WorkerPool(() => nodeWorker(), 1);
  try {
    // Its worker asks for the coach module; the pool has none to send (a bare answer).
    const rating = await pool.call('rate_sudoku', [PUZZLE]);
    assert.equal(typeof rating.score, 'number');
    const refused = await pool.call('no_such_export', []).catch((error) => error);
    assert.equal(refused.code, 'invalid_argument');
  } finally {
    pool.close();
  }
});

test('makeApi: a request held behind the module whose post then fails is refused (internal), not left unanswered, whether the module comes late or at once (a worker started by the call holds it behind its init either way)', async () => {
  const { readFileSync } = await import('node:fs');
  const { makeApi } = await import(pathToFileURL(join(PKG, 'pool.js')).href);
  const compiled = new WebAssembly.Module(readFileSync(join(PKG, 'dlx_wasm_bg.wasm')));
  // A worker whose post refuses every call (as structured clone refuses a value), while its
  // module, sent first, arrives late: the call waits behind it, then its post fails.
  const refusing = () => {
    const worker = nodeWorker();
    const post = worker.post;
    worker.post = (message) => {
      if (message.op === 'call') throw new Error('could not be cloned');
      post(message);
    };
    return worker;
  };
  for (const late of [true, false]) {
    const api = makeApi({
      spawn: refusing,
      cores: () => 1,
      module: () => (late ? new Promise((resolve) => setTimeout(() => resolve(compiled), 200)) : Promise.resolve(compiled)),
    });
    const pool = api.create_worker_pool(1);
    try {
      if (!late) await new Promise((resolve) => setTimeout(resolve, 200));
      const refused = await Promise.race([
        pool.call('solve_sudoku', [PUZZLE]).catch((error) => error),
        new Promise((resolve) => setTimeout(() => resolve('no answer in 5 s'), 5000)),
      ]);
      assert.deepEqual({ code: refused.code, message: refused.message },
        { code: 'internal', message: 'a message could not be sent to a worker: could not be cloned' }, `late: ${late}`);
    } finally {
      pool.close();
    }
  }
});

test('keptLoad: one load shared while it runs and kept once made; forgotten when it fails, also when start throws at once (a rejection, never a throw), the next call starting again', async () => {
  const { keptLoad } = await import(pathToFileURL(join(PKG, 'load.js')).href);
  const starts = [];
  const load = keptLoad((failures) => {
    starts.push(failures);
    if (failures === 0) throw new Error('thrown at once');
    if (failures === 1) return Promise.reject(new Error('rejected'));
    return Promise.resolve('loaded');
  });
  let first;
  assert.doesNotThrow(() => {
    first = load();
  });
  assert.equal((await first.catch((error) => error)).message, 'thrown at once');
  const [a, b] = [load(), load()];
  assert.equal(a, b, 'one load while it runs');
  assert.equal((await a.catch((error) => error)).message, 'rejected');
  assert.equal(await load(), 'loaded');
  assert.equal(await load(), 'loaded');
  assert.deepEqual(starts, [0, 1, 2], 'started again after each failure, then kept');
});
