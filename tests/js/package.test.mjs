// The npm package as a user gets it: `npm pack` the built pkg/, install the tarball into a
// fresh project, then use its entries (`dlx-wasm` with the whole API, `dlx-wasm/core` with
// the exact-cover API alone, and `dlx-wasm/sudoku`, the main entry's old name) from Node (no
// flags, no init call; the test command runs this file on Node 20 and 24), from a plain HTML
// page in headless Chromium (no bundler, `await init()`), from a Vite app, from a webpack build
// and from an esbuild bundle (the recipe of the package README: the worker as a second entry
// point, the .wasm files copied beside the bundles).
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { PUZZLE } from './fixtures/probe.mjs';
import {
  FIXTURES, PKG, ROOT, checkSudoku, launchChromium, requireBuild, run, serve, tempDir, watch,
} from './helpers.mjs';

const QUEENS8 = join(ROOT, 'tests', 'data', 'q8.dlx');
const NPM = ['--no-audit', '--no-fund', '--loglevel=error'];

/** The exact-cover exports, in both modules. */
const EXACT_COVER = ['ExactCoverSolver', 'default', 'exact_cover', 'exact_cover_trace', 'initSync'];
/** What the main module has beyond the exact-cover API. */
const SUDOKU = [
  'count_sudoku_solutions', 'generate_sudoku', 'rate_sudoku', 'read_sudoku', 'solve_sudoku',
  'solve_sudoku_batch', 'solve_sudoku_report', 'sudoku_candidates', 'sudoku_conflicts',
  'sudoku_exact_cover', 'sudoku_hint', 'sudoku_solve_path',
];
/** The async API on the worker pool and the export its workers use, in the main entry only. */
const POOL = ['ExactCoverTasks', 'WorkerPool', 'closeWorkerPool', 'countSolutions', 'createWorkerPool', 'findSolutions', 'solveSudokuAsync'];

/** The exact-cover checks, on what probe() recorded for one module. */
function checkExactCover(seen, name) {
  for (const exported of EXACT_COVER) assert.ok(seen.exports.includes(exported), `${name} exports ${exported}`);
  assert.ok(!seen.exports.includes('start'), `${name} does not export its start function`);
  assert.deepEqual(seen.knuth.solutions, [[0, 3, 4]]);
  assert.equal(seen.knuth.count, 1);
  // The streaming solver follows the iterator protocol in every environment.
  assert.deepEqual(seen.iterated, [[0, 3, 4]]);
  assert.deepEqual(seen.streamed.first, seen.firstQueens);
  assert.deepEqual({ ...seen.streamed, first: undefined }, { first: undefined, rest: 91, status: 'exhausted' });
  assert.equal(seen.knuth.complete, true);
  assert.deepEqual(seen.traced, { ...seen.knuth.stats, solutions: 1 });

  assert.equal(seen.queens.count, 92);
  assert.deepEqual(seen.queens.solutions, []);
  // Knuth's DLX1 reports the same figures for this file.
  assert.deepEqual(seen.queens.stats, { nodes: 1049, updates: 16680 });

  for (const error of Object.values(seen.errors)) {
    assert.equal(error.threw, true);
    assert.equal(error.isError, true, 'thrown values are Error objects');
    assert.ok(error.message.length > 0);
  }
  const { unknownItem, outOfRange, notAProblem, badLimit } = seen.errors;
  assert.equal(unknownItem.code, 'unknown_item');
  assert.equal(unknownItem.line, 2);
  assert.equal(unknownItem.option, 0);
  assert.equal(outOfRange.code, 'item_out_of_range');
  assert.equal(outOfRange.option, 0);
  assert.equal(notAProblem.code, 'invalid_argument');
  assert.equal(badLimit.code, 'invalid_argument');
  assert.equal(badLimit.path, 'options.limit');
  assert.deepEqual(seen.again, [[0, 3, 4]]);
}

/** The checks every environment must pass, on what fixtures/probe.mjs recorded. */
function checkProbe({ main, sudoku, core, aliasIsMain }) {
  // `import { solve_sudoku, exact_cover } from 'dlx-wasm'`: the main entry has the whole API.
  checkExactCover(main, 'dlx-wasm');
  checkExactCover(core, 'dlx-wasm/core');
  assert.deepEqual(main.exports.filter((name) => !core.exports.includes(name)), [...SUDOKU, ...POOL].sort());
  assert.deepEqual(core.exports.filter((name) => !main.exports.includes(name)), []);
  assert.equal(aliasIsMain, true, "'dlx-wasm/sudoku' is the main module under its old name");

  for (const error of Object.values(sudoku.errors)) {
    assert.equal(error.threw, true);
    assert.equal(error.isError, true, 'thrown values are Error objects');
  }
  checkSudoku(assert, PUZZLE, sudoku.sudoku);
  // Documented as null; wasm-bindgen maps Rust's None to undefined. Either means "none".
  assert.ok(sudoku.unsolvable === null || sudoku.unsolvable === 'undefined', `got ${sudoku.unsolvable}`);
  assert.equal(sudoku.count, 288);
  assert.equal(sudoku.generated.solutions, 1);
  assert.equal(sudoku.generated.seed, 7);
  assert.equal(sudoku.hint, 'reveal');
  assert.deepEqual(sudoku.iterated, [[0, 3, 4]]);
  assert.deepEqual(sudoku.knuth, [[0, 3, 4]]);
  assert.equal(sudoku.errors.shortSudoku.code, 'wrong_cell_count');
  assert.equal(sudoku.errors.badOptions.code, 'invalid_argument');
  assert.equal(sudoku.again, sudoku.sudoku);
}

/** Serves `dir`, opens `page` in Chromium and checks what fixtures/parallel-consumer.mjs recorded. */
async function checkParallelPage(dir, path) {
  const server = await serve(dir);
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    const problems = watch(page);
    await page.goto(`${server.url}${path}`);
    await page.waitForFunction(() => window.parallelResult !== undefined || window.parallelError, null, {
      timeout: 120_000,
    });
    const error = await page.evaluate(() => window.parallelError);
    assert.equal(error, undefined, `the page failed: ${error}`);
    const seen = await page.evaluate(() => window.parallelResult);
    assert.equal(seen.count, 92);
    assert.equal(seen.complete, true);
    assert.equal(seen.found.length, 4);
    assert.deepEqual(seen.found, seen.serial, 'the solutions of exact_cover, in its order');
    assert.deepEqual(seen.first, seen.firstSerial, 'limit: the first solutions of the serial order');
    assert.equal(seen.lastProgress, 1);
    assert.equal(seen.abortName, 'AbortError');
    console.log(`# ${path}: rejected ${seen.abortMs.toFixed(1)} ms after abort()`);
    assert.ok(seen.abortMs < 100, `rejected ${seen.abortMs} ms after the abort`);
    assert.equal(seen.after, 92, 'the pool works after an abort');
    assert.deepEqual(seen.error, { code: 'unknown_item', line: 2 });
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await server.close();
  }
}

/** Serves `dir`, opens it in Chromium and checks what its consumer script recorded. */
async function checkPage(dir) {
  const server = await serve(dir);
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    const problems = watch(page);
    await page.goto(server.url);
    await page.waitForFunction(() => window.probeResult !== undefined || window.probeError);
    const error = await page.evaluate(() => window.probeError);
    assert.equal(error, undefined, `the page failed: ${error}`);
    checkProbe(await page.evaluate(() => window.probeResult));
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await server.close();
  }
}

/** A folder `name` in `dir` holding the consumer scripts that a bundler gets as its entries. */
function bundlerApp(dir, name) {
  const app = join(dir, name);
  mkdirSync(app, { recursive: true });
  for (const file of ['probe.mjs', 'browser-consumer.mjs', 'parallel-consumer.mjs', 'queens.mjs']) {
    copyFileSync(join(FIXTURES, file), join(app, file));
  }
  return app;
}

/**
 * Checks a bundler's output `dist` (entries `index.js` and `parallel.js`) in Chromium: the
 * entries as on the plain page (solve_sudoku, exact_cover and the rest), and the worker pool
 * (countSolutions on 2 workers: 92 for 8 queens; findSolutions, limit, progress, abort).
 */
async function checkBundle(dist, bundler) {
  copyFileSync(QUEENS8, join(dist, 'q8.dlx'));
  const page = (title, script) => `<!doctype html>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>${title}</title>
<script type="module" src="./${script}"></script>
`;
  writeFileSync(join(dist, 'index.html'), page(`dlx-wasm with ${bundler}`, 'index.js'));
  writeFileSync(join(dist, 'parallel.html'), page(`dlx-wasm's worker pool with ${bundler}`, 'parallel.js'));
  await checkPage(dist);
  await checkParallelPage(dist, 'parallel.html');
}

describe('the npm package', { timeout: 180_000 }, () => {
  let project;
  let packed;

  before(() => {
    requireBuild(join(PKG, 'package.json'), join(PKG, 'dlx_wasm_bg.wasm'), join(PKG, 'dlx_wasm_core_bg.wasm'));
    project = tempDir('consumer');
    // A local tarball with no dependencies: npm needs no registry for any of this.
    const [info] = JSON.parse(run('npm', ['pack', PKG, '--json', '--pack-destination', project.path, ...NPM]));
    packed = info;
    writeFileSync(
      join(project.path, 'package.json'),
      JSON.stringify({ name: 'consumer', private: true, type: 'module' }),
    );
    run('npm', ['install', '--offline', '--ignore-scripts', join(project.path, info.filename), ...NPM], {
      cwd: project.path,
    });
    for (const file of ['probe.mjs', 'node-consumer.mjs', 'browser-consumer.mjs', 'parallel-consumer.mjs', 'queens.mjs']) {
      copyFileSync(join(FIXTURES, file), join(project.path, file));
    }
    copyFileSync(QUEENS8, join(project.path, 'q8.dlx'));
    // The page maps each entry to whatever the installed package.json exports to browsers.
    const installed = join(project.path, 'node_modules', 'dlx-wasm');
    const { exports } = JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8'));
    const web = (entry) => new URL(exports[entry].default, 'http://x/node_modules/dlx-wasm/').pathname;
    const imports = { 'dlx-wasm': web('.'), 'dlx-wasm/core': web('./core'), 'dlx-wasm/sudoku': web('./sudoku') };
    writeFileSync(
      join(project.path, 'index.html'),
      `<!doctype html>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>dlx-wasm without a bundler</title>
<script type="importmap">${JSON.stringify({ imports })}</script>
<script type="module" src="./browser-consumer.mjs"></script>
`,
    );
    writeFileSync(
      join(project.path, 'parallel.html'),
      `<!doctype html>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>dlx-wasm's worker pool without a bundler</title>
<script type="importmap">${JSON.stringify({ imports })}</script>
<script type="module" src="./parallel-consumer.mjs"></script>
`,
    );
  });

  after(() => project?.remove());

  test('the tarball holds both modules, their types, their entries and the README', () => {
    const files = packed.files.map((f) => f.path).sort();
    const snippets = files.filter((f) => f.startsWith('snippets/'));
    assert.deepEqual(files.filter((f) => !f.startsWith('snippets/')), [
      'LICENSE-APACHE', 'LICENSE-MIT', 'README.md', 'classes.js', 'core-node.js', 'core.d.ts', 'core.js',
      'dlx_wasm.d.ts', 'dlx_wasm.js', 'dlx_wasm_bg.wasm', 'dlx_wasm_bg.wasm.d.ts',
      'dlx_wasm_core.d.ts', 'dlx_wasm_core.js', 'dlx_wasm_core_bg.wasm',
      'dlx_wasm_core_bg.wasm.d.ts', 'dlx_wasm_simd_bg.wasm', 'index.d.ts', 'index.js',
      'load.js', 'node.js', 'package.json', 'pool.js', 'worker-core.js',
      'worker-node.js', 'worker.js',
    ]);
    // The JS the bindings import (src/wasm/pack.js), as wasm-bindgen placed it.
    assert.equal(snippets.length, 1);
    assert.match(snippets[0], /^snippets\/dlx-wasm-[0-9a-f]+\/src\/wasm\/pack\.js$/);
    const manifest = JSON.parse(readFileSync(join(PKG, 'package.json'), 'utf8'));
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

  test(`Node ${process.versions.node}: import { solve_sudoku, exact_cover } from "dlx-wasm", and the other entries, no init`, () => {
    // A separate process, resolving 'dlx-wasm' from the consumer's node_modules.
    const out = run(process.execPath, ['node-consumer.mjs'], { cwd: project.path });
    const seen = JSON.parse(out);
    checkProbe(seen);
    assert.equal(seen.afterInit, 18, 'await init() resolves in Node and both modules still work');
  });

  test('Chromium: a plain page imports the web entries and calls init()', async () => {
    await checkPage(project.path);
  });

  test('Vite: an app that imports the entries builds with vite build and runs in Chromium', async () => {
    // The same consumer script as the plain page, bundled: Vite resolves the entries from
    // the installed package and emits the two .wasm files that the
    // init() calls fetch as assets.
    const app = join(project.path, 'app');
    mkdirSync(join(app, 'public'), { recursive: true });
    for (const file of ['probe.mjs', 'browser-consumer.mjs']) {
      copyFileSync(join(FIXTURES, file), join(app, file));
    }
    copyFileSync(QUEENS8, join(app, 'public', 'q8.dlx'));
    writeFileSync(
      join(app, 'index.html'),
      `<!doctype html>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>dlx-wasm with Vite</title>
<script type="module" src="./browser-consumer.mjs"></script>
`,
    );
    const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    run(process.execPath, [vite, 'build', app, '--logLevel', 'warn'], { cwd: project.path });
    await checkPage(join(app, 'dist'));
  });

  test('Chromium: the worker pool (module Web Workers) from a plain page', async () => {
    await checkParallelPage(project.path, 'parallel.html');
  });

  test('Vite: an app using the worker pool builds (the workers bundled) and runs in Chromium', async () => {
    const app = join(project.path, 'parallel-app');
    mkdirSync(app, { recursive: true });
    for (const file of ['parallel-consumer.mjs', 'queens.mjs']) copyFileSync(join(FIXTURES, file), join(app, file));
    writeFileSync(
      join(app, 'index.html'),
      `<!doctype html>
<meta charset="utf-8">
<link rel="icon" href="data:,">
<title>dlx-wasm's worker pool with Vite</title>
<script type="module" src="./parallel-consumer.mjs"></script>
`,
    );
    const vite = join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js');
    run(process.execPath, [vite, 'build', app, '--logLevel', 'warn'], { cwd: project.path });
    const assets = readdirSync(join(app, 'dist', 'assets'));
    assert.ok(assets.some((f) => /^worker-.*\.js$/.test(f)), `Vite emitted the worker: ${assets}`);
    await checkParallelPage(join(app, 'dist'), '');
  });

  test('webpack: an app using the entries and the worker pool builds (wasm and worker emitted) and runs in Chromium', async () => {
    // webpack 5 follows `new Worker(new URL('./worker.js', import.meta.url), { type: 'module' })`
    // (the worker becomes a chunk of its own) and init()'s `new URL('dlx_wasm_bg.wasm',
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
    // The modules' wasm (the main one's two builds, and core's), and a chunk beyond the two
    // entries: the worker.
    assert.equal(emitted.filter((f) => f.endsWith('.wasm')).length, 3, `webpack emitted the three .wasm files: ${emitted}`);
    const chunks = emitted.filter((f) => f.endsWith('.js') && f !== 'index.js' && f !== 'parallel.js');
    assert.ok(
      chunks.some((f) => readFileSync(join(dist, f), 'utf8').includes('.wasm')),
      `webpack emitted the worker as a chunk that loads the wasm: ${emitted}`,
    );
    await checkBundle(dist, 'webpack');
  });

  test('esbuild: the README recipe bundles the entries and the worker pool, which run in Chromium', async () => {
    // esbuild leaves `new URL('./worker.js', import.meta.url)` and init()'s
    // `new URL('dlx_wasm_bg.wasm', import.meta.url)` as they are (it does not follow them), so
    // the recipe makes them true: the package's worker.js is a second entry point named
    // `worker`, bundled beside the app, and the .wasm files are copied there.
    const app = bundlerApp(project.path, 'esbuild-app');
    const dist = join(app, 'dist');
    const installed = join(project.path, 'node_modules', 'dlx-wasm');
    const esbuild = join(ROOT, 'node_modules', '.bin', 'esbuild');
    run(esbuild, [
      'index=./browser-consumer.mjs', 'parallel=./parallel-consumer.mjs',
      `worker=${join(installed, 'worker.js')}`,
      '--bundle', '--format=esm', `--outdir=${dist}`, '--log-level=warning',
    ], { cwd: app });
    for (const wasm of ['dlx_wasm_bg.wasm', 'dlx_wasm_simd_bg.wasm', 'dlx_wasm_core_bg.wasm']) {
      copyFileSync(join(installed, wasm), join(dist, wasm));
    }
    assert.deepEqual(readdirSync(dist).sort(), [
      'dlx_wasm_bg.wasm', 'dlx_wasm_core_bg.wasm', 'dlx_wasm_simd_bg.wasm', 'index.js', 'parallel.js',
      'worker.js',
    ]);
    // The bundles resolved 'dlx-wasm' from node_modules: no bare import is left for the browser.
    for (const file of ['index.js', 'parallel.js', 'worker.js']) {
      assert.doesNotMatch(readFileSync(join(dist, file), 'utf8'), /from\s*["']dlx-wasm/, file);
    }
    await checkBundle(dist, 'esbuild');
  });
});
