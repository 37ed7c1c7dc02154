// The npm package as a user gets it: `npm pack` the built pkg/, install the tarball into a
// fresh project (fixtures/consumer-project.mjs), then use its entries (`dlx-wasm` with the
// whole API, `dlx-wasm/core` with the exact-cover API alone, and `dlx-wasm/sudoku`, the main
// entry's old name) from Node (ESM with no flags and no init call, `--input-type=module -e`,
// CommonJS `require`; scripts/test.sh runs this file on Node 20, 22 and 24), from a plain HTML
// page in headless Chromium (no bundler, `await init()`), from Vite apps, from a webpack build
// and from an esbuild bundle (the recipe of the package README: the worker as a second entry
// point, the .wasm files copied beside the bundles). Every page must log no console error and
// throw nothing, and fetch each wasm module it uses exactly once: the page compiles it and
// hands it to the pool's workers. The emitted bundles' sizes are reported (`ℹ` lines).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { consumerProject } from './fixtures/consumer-project.mjs';
import { PUZZLE } from './fixtures/probe.mjs';
import { FIXTURES, ROOT, checkSudoku, launchChromium, run, serve, watch } from './helpers.mjs';

const QUEENS8 = join(ROOT, 'tests', 'data', 'q8.dlx');

/** The exact-cover exports, in both modules. */
const EXACT_COVER = ['ExactCoverSolver', 'default', 'exact_cover', 'initSync', 'isDlxError'];
/** The exact-cover exports of the main module alone (with the memo, `exact_cover`'s `memo`). */
const TRACE = ['exact_cover_trace'];
/** What the main module has beyond the exact-cover API. */
const SUDOKU = [
  'count_sudoku_solutions', 'read_sudoku', 'solve_sudoku', 'solve_sudoku_batch', 'solve_sudoku_report',
  'sudoku_candidates', 'sudoku_conflicts', 'sudoku_exact_cover', 'sudoku_layout',
];
/** The coach module's exports, which the main entry exports too, and its `init_coach`. */
const COACH = ['generate_sudoku', 'init_coach', 'rate_sudoku', 'sudoku_hint', 'sudoku_solve_path'];
/** The async API on the worker pool and the export its workers use, in the main entry only. */
const POOL = [
  'ExactCoverTasks', 'TaskSchedule', 'WorkerPool', 'close_worker_pool', 'create_worker_pool',
  'exact_cover_async', 'solve_sudoku_async',
];
/** Knuth's example as exact_cover gives it: every key of the result. */
const KNUTH_RESULT = {
  solutions: [[0, 3, 4]], count: 1, countText: '1', complete: true, status: 'exhausted',
  stats: { nodes: 6, updates: 29, solutions: 1 }, warnings: [],
};
/** The scripts a page (plain or bundled) loads. */
const PAGE_SCRIPTS = ['probe.mjs', 'async-probe.mjs', 'browser-consumer.mjs', 'parallel-consumer.mjs', 'queens.mjs'];
/** Every page and bundle's wait for its results. */
const PAGE_TIMEOUT = 120_000;

/** A thrown error as fixtures/probe.mjs records it: an Error that isDlxError tells, with exactly `props`. */
function checkError(error, props, what) {
  assert.equal(error.threw, true, `${what} threw`);
  assert.equal(error.isError, true, `${what}: thrown values are Error objects`);
  assert.equal(error.isDlxError, true, `${what}: isDlxError tells it`);
  assert.equal(error.name, 'Error', what);
  assert.ok(error.message.length > 0, what);
  assert.deepEqual(error.props, props, what);
}

/**
 * The exact-cover checks, on what probe() recorded for one module; `main`: the main module,
 * with the trace and the memo (the core refuses `memo`).
 */
function checkExactCover(seen, name, main) {
  for (const exported of EXACT_COVER) assert.ok(seen.exports.includes(exported), `${name} exports ${exported}`);
  assert.ok(!seen.exports.includes('start'), `${name} does not export its start function`);
  assert.deepEqual(seen.knuth, KNUTH_RESULT);
  // Knuth's DLX1 reports the same figures for this file.
  assert.deepEqual(seen.queens, {
    solutions: [], count: 92, countText: '92', complete: true, status: 'exhausted',
    stats: { nodes: 1049, updates: 16680, solutions: 92 }, warnings: [],
  });
  // An option with only secondary items is left out, with a warning, as DLX2 does.
  const { warnings, ...warned } = seen.warned;
  assert.deepEqual(warned, {
    solutions: [[0]], count: 1, countText: '1', complete: true, status: 'exhausted',
    stats: { nodes: 2, updates: 1, solutions: 1 },
  });
  assert.equal(warnings.length, 1);
  const { message, ...warning } = warnings[0];
  assert.deepEqual(warning, { code: 'no_primary_item', option: 1, line: 3 });
  assert.match(message, /no primary item/);

  // The streaming solver follows the iterator protocol in every environment.
  assert.deepEqual(seen.iterated, { solutions: [[0, 3, 4]], selfIterator: true });
  assert.deepEqual(seen.streamed, {
    first: { keys: ['value', 'done'], value: seen.firstQueens, done: false },
    // solver.count(): the count result, without solutions; stats from the search's start.
    rest: {
      count: 91, countText: '91', complete: true, status: 'exhausted',
      stats: { nodes: 1049, updates: 16680, solutions: 92 },
    },
    after: { keys: ['value', 'done'], value: null, done: true },
    status: 'exhausted',
  });
  assert.equal(seen.firstQueens.length, 8);
  if (main) {
    assert.deepEqual(seen.traced, KNUTH_RESULT.stats);
    assert.deepEqual(seen.memo, { threw: false, value: 92 });
  } else {
    assert.equal(seen.traced, null, `${name} has no exact_cover_trace`);
    checkError(seen.memo, { code: 'unsupported_option', path: 'options.memo' }, `${name}: memo`);
    assert.match(seen.memo.message, /the exact_cover of the main module, dlx-wasm$/);
  }

  const { errors } = seen;
  checkError(errors.unknownItem, { code: 'unknown_item', line: 2, option: 0 }, `${name}: unknown item`);
  checkError(errors.outOfRange, { code: 'item_out_of_range', option: 0, path: 'problem.options[0][1]' }, `${name}: out of range`);
  checkError(errors.notAProblem, { code: 'invalid_argument', path: 'problem' }, `${name}: not a problem`);
  checkError(errors.badLimit, { code: 'invalid_argument', path: 'options.limit' }, `${name}: bad limit`);
  // Each export has its own option keys, and the message lists them.
  checkError(errors.solverCountOnly, { code: 'invalid_argument', path: 'options.countOnly' }, `${name}: solver countOnly`);
  assert.match(errors.solverCountOnly.message, /\(the keys of options are limit, maxNodes, seed, forced, task, strict\)$/);
  checkError(errors.unknownKey, { code: 'invalid_argument', path: 'options.maxSteps' }, `${name}: unknown key`);
  const memoKeys = main ? ', memo, memoBytes, memoOrder' : '';
  assert.ok(errors.unknownKey.message.endsWith(`limit, maxNodes, seed, forced, task, strict, countOnly${memoKeys})`),
    errors.unknownKey.message);
  checkError(errors.strict, { code: 'no_primary_item', line: 3, option: 1 }, `${name}: strict`);
  assert.deepEqual(seen.isDlxError, { plainError: false, notAnError: false });
  assert.deepEqual(seen.again, [[0, 3, 4]]);
}

/** The checks every environment must pass, on what fixtures/probe.mjs recorded. */
function checkProbe({ main, sudoku, core, aliasIsMain }) {
  // `import { solve_sudoku, exact_cover } from 'dlx-wasm'`: the main entry has the whole API.
  checkExactCover(main, 'dlx-wasm', true);
  checkExactCover(core, 'dlx-wasm/core', false);
  assert.deepEqual(main.exports.filter((name) => !core.exports.includes(name)), [...SUDOKU, ...COACH, ...POOL, ...TRACE].sort());
  assert.deepEqual(core.exports.filter((name) => !main.exports.includes(name)), []);
  assert.equal(aliasIsMain, true, "'dlx-wasm/sudoku' is the main module under its old name");

  checkSudoku(assert, PUZZLE, sudoku.sudoku);
  assert.equal(sudoku.unsolvable, null);
  // count_sudoku_solutions(puzzle, { limit }): the count result every count gives.
  const { stats, ...count } = sudoku.count;
  assert.deepEqual(count, { count: 288, countText: '288', complete: true, status: 'exhausted' });
  assert.deepEqual(Object.keys(stats).sort(), ['nodes', 'solutions', 'updates']);
  assert.equal(stats.solutions, 288);
  assert.deepEqual({ ...sudoku.unlimited, stats: undefined }, {
    count: 1, countText: '1', complete: true, status: 'exhausted', stats: undefined,
  });
  assert.deepEqual(sudoku.generated, { seed: 7, count: 1 });
  // Inkala's puzzle: its first step is a forcing net (SE's dynamic chains, issue #34).
  assert.equal(sudoku.hint, 'contradiction_net');
  assert.deepEqual(sudoku.iterated, [[0, 3, 4]]);
  assert.deepEqual(sudoku.knuth, [[0, 3, 4]]);
  const { errors } = sudoku;
  checkError(errors.shortSudoku, { code: 'wrong_cell_count', found: 3, fits: [4] }, 'short sudoku');
  checkError(errors.badOptions, { code: 'invalid_argument', path: 'options.size' }, 'bad generate options');
  checkError(errors.conflicting, {
    code: 'conflicting_givens', row: 1, column: 1,
    conflicts: [{ symbol: '1', first: { row: 1, column: 1 }, second: { row: 1, column: 2 }, regions: ['row 1', 'box 1'] }],
  }, 'conflicting givens');
  checkError(errors.badBatch, { code: 'wrong_cell_count', found: 2, fits: [4], puzzle: 1, line: 4 }, 'bad batch');
  checkError(errors.limitArgument, { code: 'invalid_argument', path: 'options' }, 'count limit as an argument');
  checkError(errors.badLimit, { code: 'invalid_argument', path: 'options.limit' }, 'bad count limit');
  checkError(errors.rateOpen, { code: 'multiple_solutions', found: 2 }, 'rate an open grid');
  assert.equal(sudoku.again, sudoku.sudoku);
}

/**
 * An async result against the sync call's: the same keys and values (solutions in the same
 * order), but the stats add the split's own search of the top of the tree, so they are at
 * least the sync call's.
 */
function checkLikeSerial(async, serial, what) {
  assert.deepEqual(Object.keys(async).sort(), Object.keys(serial).sort(), `${what}: the same keys`);
  assert.deepEqual({ ...async, stats: undefined }, { ...serial, stats: undefined }, what);
  assert.equal(async.stats.solutions, serial.stats.solutions, what);
  assert.ok(async.stats.nodes >= serial.stats.nodes, `${what}: ${async.stats.nodes} nodes >= ${serial.stats.nodes}`);
  assert.ok(async.stats.updates >= serial.stats.updates, `${what}: ${async.stats.updates} updates >= ${serial.stats.updates}`);
}

/** The checks of the async API, on what fixtures/async-probe.mjs recorded (`where`: Node or a page). */
function checkAsync(seen, where) {
  checkLikeSerial(seen.counted, seen.countedSerial, 'exact_cover_async countOnly');
  assert.equal(seen.counted.count, 92);
  assert.deepEqual(seen.counted.solutions, []);
  checkLikeSerial(seen.found, seen.foundSerial, 'exact_cover_async: the solutions of exact_cover, in its order');
  assert.equal(seen.found.solutions.length, 4);
  checkLikeSerial(seen.first, seen.firstSerial, 'limit: the first solutions of the serial order');
  assert.equal(seen.first.status, 'solution_limit');
  assert.equal(seen.first.complete, false);
  checkLikeSerial(seen.warned, seen.warnedSerial, 'warnings');
  assert.equal(seen.warned.warnings.length, 1);
  assert.equal(seen.lastProgress, 1);
  assert.equal(seen.onSolution, 4);

  // An abort rejects with the signal's reason, at once: not when the count would have ended
  // (15 queens takes several seconds on two workers), whatever the load on the machine. The
  // times themselves are printed (about a millisecond on a quiet machine), not asserted.
  assert.deepEqual({ ...seen.abort, ms: 0 }, { name: 'AbortError', isReason: true, ms: 0 });
  assert.deepEqual({ ...seen.abortReason, ms: 0 }, { isReason: true, ms: 0 });
  for (const [what, { ms }] of [['abort()', seen.abort], ['abort(reason)', seen.abortReason]]) {
    assert.ok(ms < 1500, `${where}: rejected ${ms} ms after ${what}`);
  }
  assert.deepEqual(seen.timeout, { name: 'TimeoutError', threw: true });
  assert.equal(seen.after, 92, 'the pool works after an abort');

  // Async errors carry every property of the sync call's.
  const { errors } = seen;
  assert.deepEqual(errors.unknownItem[0], errors.unknownItem[1]);
  checkError(errors.unknownItem[0], { code: 'unknown_item', line: 2, option: 0 }, 'async unknown item');
  checkError(errors.unknownKey[0], { code: 'invalid_argument', path: 'options.maxSteps' }, 'async unknown key');
  const asyncKeys = 'limit, maxNodes, seed, forced, task, strict, countOnly, memo, memoBytes, memoOrder, '
    + 'workers, signal, onProgress, onSolution, tasks';
  assert.ok(errors.unknownKey[0].message.endsWith(`(the keys of options are ${asyncKeys})`), errors.unknownKey[0].message);
  checkError(errors.badWorkers[0], { code: 'invalid_argument', path: 'options.workers' }, 'async workers: 0');
  assert.deepEqual(errors.conflicting[0], errors.conflicting[1]);
  checkError(errors.conflicting[0], {
    code: 'conflicting_givens', row: 1, column: 1,
    conflicts: [{ symbol: '1', first: { row: 1, column: 1 }, second: { row: 1, column: 2 }, regions: ['row 1', 'box 1'] }],
  }, 'async conflicting givens');
  checkError(errors.sudokuKey[0], { code: 'invalid_argument', path: 'options.limit' }, 'solve_sudoku_async limit');
  assert.match(errors.sudokuKey[0].message, /\(the keys of options are boxRows, boxCols, variant, regions, alphabet, signal\)$/);
  assert.equal(seen.sudoku[0], seen.sudoku[1]);
  checkSudoku(assert, PUZZLE, seen.sudoku[0]);
  // A memoised count runs exact_cover itself in one worker: its very result.
  assert.deepEqual(seen.memo[0], seen.memo[1]);
  assert.equal(seen.memo[0].count, 92);

  const { pool } = seen;
  assert.equal(pool.size, 2);
  assert.equal(pool.isWorkerPool, true);
  checkLikeSerial(pool.exactCover, KNUTH_RESULT, 'pool.exactCover');
  assert.equal(pool.solveSudoku, seen.sudoku[1]);
  assert.deepEqual(pool.count[0], pool.count[1], 'pool.call: the export\'s own result');
  assert.equal(pool.count[0].count, 288);
  assert.deepEqual(pool.batch[0], pool.batch[1], 'pool.call: the export\'s own error');
  checkError(pool.batch[0], { code: 'wrong_cell_count', found: 2, fits: [4], puzzle: 1, line: 4 }, 'pool.call batch');
  // A coach export through the pool (no init_coach() before it): the sync call's grade.
  assert.deepEqual(pool.grade[0], pool.grade[1], 'pool.call rate_sudoku: the export\'s own result');
  assert.equal(pool.grade[0].level, 'diabolical');
  assert.deepEqual(pool.rate[0], pool.rate[1]);
  checkError(pool.rate[0], { code: 'multiple_solutions', found: 2 }, 'pool.call rate');
  checkError(pool.noSuchExport, { code: 'invalid_argument', path: 'name' }, 'pool.call of no export');
  checkError(pool.closed, { code: 'pool_closed' }, 'a closed pool');
  assert.equal(seen.reopened, 1);
}

/** `bytes` raw and gzipped (level 9), in bytes. */
function sized(bytes) {
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** KB with one decimal. */
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The sizes of the .js and .wasm files in `dir` (what a bundler emitted), each and in total,
 * reported as `ℹ` lines under `label` and recorded in `table` for the summary.
 */
function reportSizes(t, table, label, dir) {
  const rows = [];
  for (const file of readdirSync(dir, { recursive: true }).map(String).sort()) {
    if (!/\.(js|mjs|wasm)$/.test(file)) continue;
    rows.push({ file, kind: file.endsWith('.wasm') ? 'wasm' : 'js', ...sized(readFileSync(join(dir, file))) });
  }
  const total = (kind) => rows
    .filter((r) => r.kind === kind)
    .reduce((sum, r) => ({ raw: sum.raw + r.raw, gzip: sum.gzip + r.gzip }), { raw: 0, gzip: 0 });
  const summary = { label, js: total('js'), wasm: total('wasm'), rows };
  table.push(summary);
  const { js, wasm } = summary;
  t.diagnostic(`${label}: JS ${kb(js.raw)} (gzip ${kb(js.gzip)}), wasm ${kb(wasm.raw)} (gzip ${kb(wasm.gzip)})`);
  for (const row of rows) t.diagnostic(`  ${row.file}: ${row.raw} B, gzip ${row.gzip} B`);
  return summary;
}

/**
 * Opens `path` on a server of `dir` in a fresh Chromium, waits for `window[name]` (or
 * `window[errorName]`) and returns it with what the page did: the problems `watch` saw
 * (console errors, uncaught exceptions, failed requests), every .wasm request of the page
 * and of its workers (`{ path, by }`: `by` is the requester, the page or a worker's script,
 * from the Referer), the workers it started and the bytes of the .js files it fetched.
 */
async function openPage(dir, path, name, errorName) {
  const server = await serve(dir);
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    const problems = watch(page);
    const wasm = [];
    const scripts = new Set();
    // The context's requests are the page's and its dedicated workers' (Chromium).
    browser.context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('.wasm')) {
        const referer = request.headers().referer;
        wasm.push({ path: decodeURIComponent(url.pathname), by: referer ? new URL(referer).pathname : '?' });
      } else if (/\.m?js$/.test(url.pathname)) {
        scripts.add(decodeURIComponent(url.pathname));
      }
    });
    const workers = [];
    page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    await page.goto(`${server.url}${path}`);
    await page.waitForFunction(([n, e]) => window[n] !== undefined || window[e], [name, errorName], { timeout: PAGE_TIMEOUT });
    const error = await page.evaluate((e) => window[e], errorName);
    assert.equal(error, undefined, `the page failed: ${error}`);
    const seen = await page.evaluate((n) => window[n], name);
    const js = [...scripts].map((p) => readFileSync(join(dir, p))).reduce((sum, b) => sum + b.length, 0);
    return { seen, problems, wasm, workers, js };
  } finally {
    await browser.close();
    await server.close();
  }
}

/**
 * Checks that a page fetched each wasm module it uses exactly once (`expected`: the modules'
 * file names in the package; each fetched file is told by its bytes, since bundlers rename
 * them): the page compiles the main module once and hands it to each of the pool's workers,
 * and the coach module likewise (init_coach() and the pool's first coach call share it).
 */
function checkWasmFetches({ wasm, workers }, dir, installed, expected, what) {
  const modules = ['dlx_wasm_bg.wasm', 'dlx_wasm_simd_bg.wasm', 'dlx_wasm_core_bg.wasm', 'dlx_wasm_coach_bg.wasm'].map((file) => ({
    file, bytes: readFileSync(join(installed, file)),
  }));
  const fetched = wasm.map(({ path, by }) => {
    const bytes = readFileSync(join(dir, path));
    return { module: modules.find((m) => m.bytes.equals(bytes))?.file ?? `unknown ${path}`, path, by };
  });
  // On failure: each module, file and requester with its number of fetches.
  const tally = {};
  for (const { module, path, by } of fetched) {
    const key = `${module} (${path}) by ${by}`;
    tally[key] = (tally[key] ?? 0) + 1;
  }
  assert.deepEqual(
    fetched.map((f) => f.module).sort(),
    [...expected].sort(),
    `${what}: each wasm module fetched exactly once (${workers.length} workers started), but: ${JSON.stringify(tally)}`,
  );
}

/** Serves `dir`, opens it in Chromium and checks what its consumer script recorded. */
async function checkPage(dir, installed) {
  const result = await openPage(dir, '', 'probeResult', 'probeError');
  const { beforeInit, beforeCoach, ...seen } = result.seen;
  checkProbe(seen);
  // Before `await init()`, each export says so (`not_initialized`), both modules'; a coach
  // export, before `await init_coach()` (init() or not), names that.
  const { coach, ...main } = beforeInit;
  for (const [name, error] of Object.entries(main)) {
    checkError(error, { code: 'not_initialized' }, `${name} before init()`);
    assert.match(error.message, /`await init\(\)`/, name);
  }
  for (const [name, error] of [...Object.entries(coach), ...Object.entries(beforeCoach)]) {
    checkError(error, { code: 'not_initialized' }, `${name} before init_coach()`);
    assert.match(error.message, new RegExp(`^${name}: .*\`await init_coach\\(\\)\` before calling it$`), name);
  }
  assert.deepEqual(Object.keys(beforeCoach).sort(), COACH.filter((name) => name !== 'init_coach'));
  assert.deepEqual(result.problems, []);
  checkWasmFetches(result, dir, installed, ['dlx_wasm_simd_bg.wasm', 'dlx_wasm_core_bg.wasm', 'dlx_wasm_coach_bg.wasm'], 'the page');
  return result;
}

/**
 * Serves `dir`, opens `path` in Chromium and checks what fixtures/parallel-consumer.mjs
 * recorded; reports how soon the aborts rejected and how many workers ran.
 */
async function checkParallelPage(t, dir, path, installed) {
  const result = await openPage(dir, path, 'parallelResult', 'parallelError');
  const { abort, abortReason } = result.seen;
  t.diagnostic(`${path || 'the page'}: ${result.workers.length} workers; rejected ${abort.ms.toFixed(1)} ms after `
    + `abort(), ${abortReason.ms.toFixed(1)} ms after abort(reason)`);
  const { early, earlySerial, ...seen } = result.seen;
  checkAsync(seen, path || 'the page');
  // A call started before init() (the pool compiles the module itself).
  assert.equal(early.error, undefined, `exact_cover_async before init() failed: ${early.error}`);
  checkLikeSerial(early.value, earlySerial, 'exact_cover_async before init()');
  assert.deepEqual(result.problems, []);
  // The default pool (2, then 3 workers), a pool of 2, workers replaced after the aborts.
  assert.ok(result.workers.length >= 5, `the page started ${result.workers.length} workers`);
  // The coach module: fetched once for the pool's first coach call and init_coach() after it.
  checkWasmFetches(result, dir, installed, ['dlx_wasm_simd_bg.wasm', 'dlx_wasm_coach_bg.wasm'], 'the worker pool page');
  return result;
}

/** A folder `name` in `dir` holding the consumer scripts that a bundler gets as its entries. */
function bundlerApp(dir, name) {
  const app = join(dir, name);
  mkdirSync(app, { recursive: true });
  for (const file of PAGE_SCRIPTS) copyFileSync(join(FIXTURES, file), join(app, file));
  return app;
}

/** An HTML page that loads `script` as a module, after an import map where given. */
function html(title, script, imports) {
  const map = imports ? `<script type="importmap">${JSON.stringify({ imports })}</script>\n` : '';
  return `<!doctype html>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>${title}</title>
${map}<script type="module" src="./${script}"></script>
`;
}

/**
 * Checks a bundler's output `dist` (entries `index.js` and `parallel.js`) in Chromium: the
 * entries as on the plain page (solve_sudoku, exact_cover and the rest), and the worker pool.
 */
async function checkBundle(t, dist, bundler, installed) {
  copyFileSync(QUEENS8, join(dist, 'q8.dlx'));
  writeFileSync(join(dist, 'index.html'), html(`dlx-wasm with ${bundler}`, 'index.js'));
  writeFileSync(join(dist, 'parallel.html'), html(`dlx-wasm's worker pool with ${bundler}`, 'parallel.js'));
  await checkPage(dist, installed);
  await checkParallelPage(t, dist, 'parallel.html', installed);
}

describe('the npm package', { timeout: 900_000 }, () => {
  let project;
  let installed;
  /** The bundle sizes the bundler tests measured, for the summary. */
  const sizes = [];

  before(() => {
    project = consumerProject('consumer', [
      ...PAGE_SCRIPTS, 'node-consumer.mjs', 'require-consumer.cjs', 'eval-consumer.mjs',
    ]);
    installed = project.installed;
    copyFileSync(QUEENS8, join(project.path, 'q8.dlx'));
    // The page maps each entry to whatever the installed package.json exports to browsers.
    const { exports } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    const web = (entry) => new URL(exports[entry].default, 'http://x/node_modules/dlx-wasm/').pathname;
    const imports = { 'dlx-wasm': web('.'), 'dlx-wasm/core': web('./core'), 'dlx-wasm/sudoku': web('./sudoku') };
    writeFileSync(join(project.path, 'index.html'), html('dlx-wasm without a bundler', 'browser-consumer.mjs', imports));
    writeFileSync(
      join(project.path, 'parallel.html'),
      html("dlx-wasm's worker pool without a bundler", 'parallel-consumer.mjs', imports),
    );
  });

  after(() => project?.remove());

  test('the tarball holds the modules, their types, their entries and the README', () => {
    const files = project.packed.files.map((f) => f.path).sort();
    const snippets = files.filter((f) => f.startsWith('snippets/'));
    assert.deepEqual(files.filter((f) => !f.startsWith('snippets/')), [
      'LICENSE-APACHE', 'LICENSE-MIT', 'README.md', 'classes.js', 'core-node.js', 'core.d.ts', 'core.js',
      'dlx_wasm.d.ts', 'dlx_wasm.js', 'dlx_wasm_bg.wasm', 'dlx_wasm_bg.wasm.d.ts',
      'dlx_wasm_coach.d.ts', 'dlx_wasm_coach.js', 'dlx_wasm_coach_bg.wasm', 'dlx_wasm_coach_bg.wasm.d.ts',
      'dlx_wasm_core.d.ts', 'dlx_wasm_core.js', 'dlx_wasm_core_bg.wasm',
      'dlx_wasm_core_bg.wasm.d.ts', 'dlx_wasm_simd_bg.wasm', 'errors.js', 'index.d.ts', 'index.js',
      'kept.js', 'load.js', 'node.js', 'package.json', 'pool.js', 'protocol.js', 'ready.js', 'worker-core.js',
      'worker-node.js', 'worker.js',
    ]);
    // The JS the bindings import (src/wasm/pack.js), as wasm-bindgen placed it.
    assert.equal(snippets.length, 1);
    assert.match(snippets[0], /^snippets\/dlx-wasm-[0-9a-f]+\/src\/wasm\/pack\.js$/);
    const manifest = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    const cargo = readFileSync(join(ROOT, 'Cargo.toml'), 'utf8');
    assert.equal(manifest.name, 'dlx-wasm');
    assert.equal(manifest.version, cargo.match(/^version\s*=\s*"([^"]+)"/m)[1]);
    assert.equal(manifest.license, 'MIT OR Apache-2.0');
    assert.equal(manifest.type, 'module');
    assert.equal(manifest.engines.node, '>=20');
    // Order matters: Node takes the first condition it knows; everything else gets the web file.
    const conditions = (types, node, web) => [['types', types], ['node', node], ['default', web]];
    assert.deepEqual(Object.entries(manifest.exports['.']), conditions('./index.d.ts', './node.js', './index.js'));
    assert.deepEqual(Object.entries(manifest.exports['./core']), conditions('./core.d.ts', './core-node.js', './core.js'));
    assert.deepEqual(manifest.exports['./sudoku'], manifest.exports['.']);
    // Every file an entry names is in the tarball.
    for (const entry of Object.values(manifest.exports)) {
      for (const path of typeof entry === 'string' ? [entry] : Object.values(entry)) {
        assert.ok(files.includes(path.slice(2)), `${path} is packed`);
      }
    }
  });

  test(`Node ${process.versions.node}: import { solve_sudoku, exact_cover } from "dlx-wasm", the other entries, the async API`, () => {
    // A separate process, resolving 'dlx-wasm' from the consumer's node_modules; it must
    // exit by itself once its pools are closed.
    const out = run(process.execPath, ['node-consumer.mjs'], { cwd: project.path, timeout: PAGE_TIMEOUT });
    const { async, afterInit, ...seen } = JSON.parse(out);
    checkProbe(seen);
    assert.equal(afterInit, 18, 'await init() resolves in Node and both modules still work');
    checkAsync(async, 'Node');
  });

  test(`Node ${process.versions.node}: CommonJS, require("dlx-wasm") and the async API through it`, () => {
    // Node 20.19+, 22.12+ and 24 load an ES module graph without top-level await with
    // require(); the package's Node entries have none.
    const result = spawnSync(process.execPath, ['require-consumer.cjs'], {
      cwd: project.path, encoding: 'utf8', timeout: PAGE_TIMEOUT,
    });
    assert.equal(result.status, 0, `require-consumer.cjs failed:\n${result.stdout}\n${result.stderr}`);
    // Not even an ExperimentalWarning.
    assert.equal(result.stderr, '');
    const seen = JSON.parse(result.stdout);
    // require() gives the module namespace (with Node's __esModule mark, as it has a default export).
    assert.deepEqual(seen.exports.filter((name) => name !== '__esModule'), [...EXACT_COVER, ...TRACE, ...SUDOKU, ...COACH, ...POOL].sort());
    assert.deepEqual(seen.coreExports.filter((name) => name !== '__esModule'), [...EXACT_COVER].sort());
    assert.equal(seen.aliasIsMain, true);
    assert.equal(seen.defaultIsFunction, true);
    checkSudoku(assert, PUZZLE, seen.sudoku);
    assert.deepEqual(seen.knuth, KNUTH_RESULT);
    assert.deepEqual(seen.core, KNUTH_RESULT);
    assert.deepEqual(seen.error, { isDlxError: true, code: 'unknown_item', line: 2, option: 0 });
    checkLikeSerial(seen.counted, { ...KNUTH_RESULT, solutions: [] }, 'exact_cover_async countOnly from CommonJS');
    checkLikeSerial(seen.found, KNUTH_RESULT, 'exact_cover_async from CommonJS');
    assert.equal(seen.sudokuAsync, seen.sudoku);
  });

  test(`Node ${process.versions.node}: node --input-type=module -e runs exact_cover_async (the workers do not inherit its flags)`, () => {
    const code = readFileSync(join(FIXTURES, 'eval-consumer.mjs'), 'utf8');
    // It leaves its pool open: the idle workers must let the process end (the timeout fails it).
    const out = run(process.execPath, ['--input-type=module', '-e', code], { cwd: project.path, timeout: PAGE_TIMEOUT });
    const seen = JSON.parse(out);
    assert.ok(seen.execArgv.includes('--input-type=module'), `execArgv ${seen.execArgv}`);
    assert.equal(seen.counted.count, 92);
    assert.equal(seen.counted.status, 'exhausted');
    assert.deepEqual(seen.found, seen.serial);
    assert.equal(seen.found.length, 4);
  });

  test('Chromium: a plain page imports the web entries, is refused before init() and works after it', async (t) => {
    const { js } = await checkPage(project.path, installed);
    t.diagnostic(`no bundler: the probe page fetched ${kb(js)} of JS (the consumer scripts and the package's modules)`);
  });

  test('Chromium: the worker pool (module Web Workers) from a plain page, the module fetched once', async (t) => {
    await checkParallelPage(t, project.path, 'parallel.html', installed);
  });

  test('Vite: an app that imports the entries builds with vite build and runs in Chromium', async (t) => {
    // The same consumer script as the plain page, bundled: Vite resolves the entries from
    // the installed package and emits the .wasm files that the init() calls fetch as assets.
    const app = join(project.path, 'app');
    mkdirSync(join(app, 'public'), { recursive: true });
    for (const file of ['probe.mjs', 'browser-consumer.mjs']) copyFileSync(join(FIXTURES, file), join(app, file));
    copyFileSync(QUEENS8, join(app, 'public', 'q8.dlx'));
    writeFileSync(join(app, 'index.html'), html('dlx-wasm with Vite', 'browser-consumer.mjs'));
    const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    run(process.execPath, [vite, 'build', app, '--logLevel', 'warn'], { cwd: project.path });
    reportSizes(t, sizes, 'Vite (the entries)', join(app, 'dist'));
    await checkPage(join(app, 'dist'), installed);
  });

  test('Vite: an app using the worker pool builds (the workers bundled) and runs in Chromium', async (t) => {
    const app = join(project.path, 'parallel-app');
    mkdirSync(app, { recursive: true });
    for (const file of ['parallel-consumer.mjs', 'async-probe.mjs', 'probe.mjs', 'queens.mjs']) {
      copyFileSync(join(FIXTURES, file), join(app, file));
    }
    writeFileSync(join(app, 'index.html'), html("dlx-wasm's worker pool with Vite", 'parallel-consumer.mjs'));
    const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    run(process.execPath, [vite, 'build', app, '--logLevel', 'warn'], { cwd: project.path });
    const assets = readdirSync(join(app, 'dist', 'assets'));
    assert.ok(assets.some((f) => /^worker-.*\.js$/.test(f)), `Vite emitted the worker: ${assets}`);
    reportSizes(t, sizes, 'Vite (the worker pool)', join(app, 'dist'));
    await checkParallelPage(t, join(app, 'dist'), '', installed);
  });

  test('webpack: an app using the entries and the worker pool builds (wasm and worker emitted) and runs in Chromium', async (t) => {
    // webpack 5 follows `new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })`
    // (the worker becomes a chunk of its own) and load.js's `new URL('./dlx_wasm_simd_bg.wasm',
    // import.meta.url)` (an asset): no recipe, a plain production config.
    const app = bundlerApp(project.path, 'webpack-app');
    const dist = join(app, 'dist');
    writeFileSync(join(app, 'webpack.config.mjs'), `export default {
  mode: 'production',
  context: ${JSON.stringify(app)},
  entry: { index: './browser-consumer.mjs', parallel: './parallel-consumer.mjs' },
  output: { path: ${JSON.stringify(dist)} },
  performance: { hints: false },
};
`);
    const webpack = join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js');
    run(process.execPath, [webpack, '--config', join(app, 'webpack.config.mjs')], { cwd: app });
    const emitted = readdirSync(dist);
    // The modules' wasm (the main one's two builds, core's and the coach's), and a chunk
    // beyond the two entries: the worker.
    assert.equal(emitted.filter((f) => f.endsWith('.wasm')).length, 4, `webpack emitted the four .wasm files: ${emitted}`);
    const chunks = emitted.filter((f) => f.endsWith('.js') && f !== 'index.js' && f !== 'parallel.js');
    assert.ok(
      chunks.some((f) => readFileSync(join(dist, f), 'utf8').includes('.wasm')),
      `webpack emitted the worker as a chunk that loads the wasm: ${emitted}`,
    );
    reportSizes(t, sizes, 'webpack (the entries and the worker pool)', dist);
    await checkBundle(t, dist, 'webpack', installed);
  });

  test('esbuild: the README recipe bundles the entries and the worker pool, which run in Chromium', async (t) => {
    // esbuild leaves `new URL('./worker.js', import.meta.url)` and load.js's
    // `new URL('./dlx_wasm_simd_bg.wasm', import.meta.url)` as they are (it does not follow
    // them), so the recipe makes them true: the package's worker.js is a second entry point
    // named `worker`, bundled beside the app, and the .wasm files are copied there. Minified,
    // as a production build is (webpack's and Vite's are), so that the sizes compare.
    const app = bundlerApp(project.path, 'esbuild-app');
    const dist = join(app, 'dist');
    const esbuild = join(ROOT, 'node_modules', '.bin', 'esbuild');
    run(esbuild, [
      'index=./browser-consumer.mjs', 'parallel=./parallel-consumer.mjs',
      `worker=${join(installed, 'worker.js')}`,
      '--bundle', '--minify', '--format=esm', `--outdir=${dist}`, '--log-level=warning',
    ], { cwd: app });
    for (const wasm of ['dlx_wasm_bg.wasm', 'dlx_wasm_simd_bg.wasm', 'dlx_wasm_coach_bg.wasm', 'dlx_wasm_core_bg.wasm']) {
      copyFileSync(join(installed, wasm), join(dist, wasm));
    }
    assert.deepEqual(readdirSync(dist).sort(), [
      'dlx_wasm_bg.wasm', 'dlx_wasm_coach_bg.wasm', 'dlx_wasm_core_bg.wasm', 'dlx_wasm_simd_bg.wasm', 'index.js',
      'parallel.js', 'worker.js',
    ]);
    // The bundles resolved 'dlx-wasm' from node_modules: no bare import is left for the browser.
    for (const file of ['index.js', 'parallel.js', 'worker.js']) {
      assert.doesNotMatch(readFileSync(join(dist, file), 'utf8'), /from\s*["']dlx-wasm/, file);
    }
    reportSizes(t, sizes, 'esbuild (the entries and the worker pool, the README recipe)', dist);
    await checkBundle(t, dist, 'esbuild', installed);
  });

  test('bundle sizes (reported for the release notes: raw and gzip -9, JS and wasm emitted)', (t) => {
    // Only a report: a bundler test that failed before measuring has failed already.
    t.diagnostic('| bundle | JS raw | JS gzip | wasm raw | wasm gzip |');
    t.diagnostic('|---|---|---|---|---|');
    for (const { label, js, wasm } of sizes) {
      t.diagnostic(`| ${label} | ${kb(js.raw)} | ${kb(js.gzip)} | ${kb(wasm.raw)} | ${kb(wasm.gzip)} |`);
    }
    // The package's own modules, for scale: what a page without a bundler fetches at most.
    for (const file of ['dlx_wasm_simd_bg.wasm', 'dlx_wasm_bg.wasm', 'dlx_wasm_coach_bg.wasm', 'dlx_wasm_core_bg.wasm']) {
      const { raw, gzip } = sized(readFileSync(join(installed, file)));
      t.diagnostic(`| package ${file} | | | ${kb(raw)} | ${kb(gzip)} |`);
    }
  });
});
