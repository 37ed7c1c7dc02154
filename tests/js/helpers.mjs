// Shared by the tests in this folder: paths, a static server, headless Chromium, and a watch
// on a page's console and network.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const PKG = join(ROOT, 'pkg');
export const FIXTURES = join(ROOT, 'tests', 'js', 'fixtures');

/** Fails early, with the fix, when the release build is missing. */
export function requireBuild(...paths) {
  for (const path of paths) {
    if (!existsSync(path)) {
      throw new Error(`${path} is missing: run scripts/build.sh (or scripts/test.sh) first`);
    }
  }
}

/** A fresh temporary directory, removed by the returned `remove()`. */
export function tempDir(prefix) {
  const path = mkdtempSync(join(tmpdir(), `dlx-wasm-${prefix}-`));
  return { path, remove: () => rmSync(path, { recursive: true, force: true }) };
}

/** Runs a command to completion; throws with its output if it fails. Returns stdout. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.error) throw result.error;
  if (result.status !== 0) {
    throw new Error(
      `${command} ${args.join(' ')} exited with ${result.status}\n${result.stdout}\n${result.stderr}`,
    );
  }
  return result.stdout;
}

/**
 * Serves `dir` on 127.0.0.1 with Python's http.server, as scripts/serve.sh does (it sends
 * .wasm as application/wasm), on a free port. Returns `{ url, close }`.
 */
export async function serve(dir) {
  const server = spawn(
    'python3',
    ['-u', '-m', 'http.server', '0', '--bind', '127.0.0.1', '--directory', dir],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  server.stderr.on('data', (data) => (log += data)); // the request log; read on failure
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const port = await new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (data) => {
      out += data;
      const match = out.match(/port (\d+)/);
      if (match) resolve(Number(match[1]));
    });
    exited.then((code) => reject(new Error(`http.server exited (${code}): ${out}${log}`)));
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    log: () => log,
    async close() {
      server.kill();
      await exited;
    },
  };
}

/** The Chromium flags from shared notes/toolchain.md: no background traffic, no sandbox. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's headless Chromium with a fresh profile, and `flags` beyond the usual ones (e.g. the
 * certificate a test server signed itself). Returns `{ context, close }`.
 */
export async function launchChromium(flags = []) {
  const profile = tempDir('chromium');
  // launchPersistentContext is Playwright's way to pass --user-data-dir.
  const context = await chromium.launchPersistentContext(profile.path, {
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_FLAGS, ...flags],
  });
  return {
    context,
    async close() {
      await context.close();
      profile.remove();
    },
  };
}

/**
 * Records what would tell a person that a page is broken: console errors, uncaught
 * exceptions, failed requests and HTTP errors. Returns the (live) list of problems.
 *
 * Two failed requests are not a problem, each cancelled (`net::ERR_ABORTED`, which only the
 * client causes): a worker's own script, or a script the worker imports, because the page
 * terminated the worker while it was still loading, as a pool does when a job is aborted or
 * the pool closed just after it started a worker (a worker is known by its script's URL:
 * every worker of a pool has the same one, so one seen before stands for one terminated before
 * it showed); and a request of the page that its own navigation (a reload, `goto`, Back) cut
 * short, such as the later module fetched 2 s after the load.
 */
export function watch(page) {
  const problems = [];
  const workerScripts = new Set();
  page.on('worker', (worker) => workerScripts.add(worker.url()));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  // The page's navigations (a reload, goto, Back): a request they cut short is the page
  // leaving, not a broken page.
  let navigations = 0;
  const sentAfter = new WeakMap();
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations += 1;
    sentAfter.set(request, navigations);
  });
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText;
    const byWorker = workerScripts.has(request.url()) || workerScripts.has(request.headers().referer);
    const left = navigations > (sentAfter.get(request) ?? navigations);
    if (error === 'net::ERR_ABORTED' && (byWorker || left)) return;
    problems.push(`request failed: ${request.url()} (${error})`);
  });
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
  });
  return problems;
}

/** Checks an 81-digit sudoku solution: every row, column and box holds 1 to 9, givens kept. */
export function checkSudoku(assert, puzzle, solution) {
  assert.match(solution, /^[1-9]{81}$/);
  for (let k = 0; k < 81; k++) {
    if (puzzle[k] !== '.' && puzzle[k] !== '0') assert.equal(solution[k], puzzle[k], `cell ${k}`);
  }
  for (let k = 0; k < 9; k++) {
    const row = [], column = [], box = [];
    for (let j = 0; j < 9; j++) {
      row.push(solution[k * 9 + j]);
      column.push(solution[j * 9 + k]);
      box.push(solution[(Math.floor(k / 3) * 3 + Math.floor(j / 3)) * 9 + (k % 3) * 3 + (j % 3)]);
    }
    for (const group of [row, column, box]) assert.equal(group.sort().join(''), '123456789');
  }
}

/**
 * An error's name, message and own enumerable properties (`code`, `path`, `line`, `row`,
 * `conflicts`, ...): what a rejection of the async API must carry of the sync call's error.
 */
export function errorFields(error) {
  return { name: error?.name, message: error?.message, ...error };
}

/** mulberry32: a small seeded generator, so that every failure of a random test reproduces. */
export function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A Playwright route handler that holds every request it gets until `release()` is called,
 * then lets them through: a page's later module held back, as a slow network would.
 * @returns {{ route: (route: import('playwright-core').Route) => Promise<void>, release: () => void }}
 */
export function heldRoute() {
  let release;
  const held = new Promise((resolve) => {
    release = resolve;
  });
  return {
    route: async (route) => {
      await held;
      await route.continue();
    },
    release,
  };
}

/**
 * What both pages must show of their workers: every one is the package's (`/pkg/worker.js`),
 * at least one per core plus the quick one plus one started after a cancel; the main module
 * was fetched by none of them (the page carries it, compiled once for all of them:
 * scripts/build-pages.mjs); and nothing of www/lib/ is requested but `lib`, each once (the
 * page carries its styles, and the dancing-links page its pools, which the sudoku page
 * fetches apart: lib/pool.js; the pages' own worker bridge is gone). `workers` are the
 * workers' paths, `requested` every path the page and its workers requested, `wasm` the
 * modules the page fetched, each once (by default none: the coach module is for pages that
 * ask for hints, grades or new puzzles).
 */
export async function assertOnePool(page, workers, requested, wasm = [], lib = []) {
  const cores = await page.evaluate(() => Math.min(128, navigator.hardwareConcurrency || 4));
  assert.ok(workers.length >= cores + 2, `${workers.length} workers on ${cores} cores`);
  assert.deepEqual([...new Set(workers)], ['/pkg/worker.js']);
  // (In any order: a page's full module and the coach module are each fetched when idle.)
  assert.deepEqual(requested.filter((path) => path.endsWith('.wasm')).sort(), [...wasm].sort());
  assert.deepEqual(requested.filter((path) => path.startsWith('/lib/')), lib);
  for (const old of ['/lib/engine.js', '/lib/worker.js', '/lib/dlx-worker.js', '/lib/sudoku-worker.js']) {
    assert.ok(!requested.includes(old), `${old} requested`);
  }
}
