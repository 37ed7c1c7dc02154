// The scaling of the parallel count (issue 15): every workload counted serially and on 1 and 2
// workers of the package's pool, in Node (worker threads) and in headless Chromium (module Web
// Workers), and natively by the `dlx` tool on 1 and 2 threads: all in the same interleaved
// rounds (each round runs every way once, in a rotating order), so that every way sees the
// same load. Prints a table (and writes it, with every round's times, to
// target/bench-results/parallel.json): the median time of each way, and each ratio as the median
// over the rounds of that round's ratio, so that a ratio compares runs made seconds apart (this
// machine's speed moves between states 1.8x apart for seconds at a time; a ratio of two medians
// can pair a fast run with a slow one). The range of the rounds' ratios follows in brackets,
// then the ratio of the two ways' fastest rounds: the noise here only ever slows a run down
// (a core taken away, a slower state), so the fastest run of each way is the one least
// disturbed (the minimum as the robust estimator: Chen and Revels, "Robust benchmarking in
// noisy environments", arXiv:1608.04295, 2016).
//
//   node bench/parallel/run.mjs [--rounds N] [--no-browser] [--no-native] [WORKLOAD...]
//
// Needs pkg/ (scripts/build.sh); builds the native `dlx` (cargo build --release --bin dlx).
// Workloads: pentominoes6x10, langford12, queens13, sudoku (bench/parallel/workloads.mjs).
// On a shared machine give it the cores (as root; Linux puts each session in its own
// scheduling group, an "autogroup", so nice alone does not lift it above other sessions):
//   setsid sh -c 'echo -20 > /proc/self/autogroup; exec nice -n -20 node bench/parallel/run.mjs'
// Chromium starts sessions of its own: the script gives its processes the same priority.
import { execFileSync, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, getPriority, setPriority } from 'node:os';
import { dirname, extname, join, resolve, sep } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { JS_MODES, countOnce } from './common.mjs';
import { queens, workloads } from './workloads.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '..', '..');
const PKG = join(ROOT, 'pkg');

const args = process.argv.slice(2);
let rounds = 3;
let browser = true;
let native = true;
const only = [];
for (let k = 0; k < args.length; k++) {
  if (args[k] === '--rounds') rounds = Number(args[++k]);
  else if (args[k] === '--no-browser') browser = false;
  else if (args[k] === '--no-native') native = false;
  else if (args[k].startsWith('--')) throw new Error(`unknown option ${args[k]}`);
  else only.push(args[k]);
}
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds takes a whole number from 1');
const all = workloads();
for (const name of only) {
  if (!all.some((w) => w.name === name)) throw new Error(`no workload ${name}: ${all.map((w) => w.name).join(', ')}`);
}
const chosen = all.filter((w) => only.length === 0 || only.includes(w.name));

const api = await import(pathToFileURL(join(PKG, 'node.js')).href);
/** How many tasks the pool splits a search on 2 workers into (the engine's default_tasks). */
const TASKS = api.TaskSchedule.defaultTasks(2, false);
const pool = api.create_worker_pool(2);

/** The warm-up: the workers start and compile their wasm, Node and Chromium tier up. */
const warm = { name: 'queens9', text: queens(9), count: 352 };

// --- native: the dlx tool, fed the same text -------------------------------------------
let dlx = null;
if (native) {
  execFileSync('cargo', ['build', '--release', '--quiet', '--bin', 'dlx'], { cwd: ROOT, stdio: 'inherit' });
  dlx = join(process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target'), 'release', 'dlx');
}
/** One count by `dlx --threads N`: the search time it prints (ms resolution). */
function nativeCount(text, threads, expected) {
  const out = spawnSync(dlx, ['--threads', String(threads)], { input: text, encoding: 'utf8' });
  const match = out.stdout.match(/^(\d+) solutions, (\d+) nodes, \d+ updates, ([\d.]+) s \(complete\)/);
  if (out.status !== 0 || !match) throw new Error(`dlx --threads ${threads}: ${out.stdout}${out.stderr}`);
  if (Number(match[1]) !== expected) throw new Error(`dlx --threads ${threads}: ${match[1]}, expected ${expected}`);
  return { ms: Number(match[3]) * 1e3, count: Number(match[1]), nodes: Number(match[2]) };
}

// --- Chromium: the browser entry on a page served from here ------------------------------
let chromium = null;
if (browser) {
  const { launchChromium } = await import(pathToFileURL(join(ROOT, 'tests', 'js', 'helpers.mjs')).href);
  const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm' };
  const problems = [];
  // The workload texts (and the warm-up's), this folder and pkg/; nothing else.
  const texts = new Map([...chosen, warm].map((w) => [`/workloads/${w.name}.dlx`, w.text]));
  const fileFor = (path) => {
    if (path === '/') return join(HERE, 'page.html');
    for (const [prefix, dir] of [['/bench/', HERE], ['/pkg/', PKG]]) {
      if (!path.startsWith(prefix)) continue;
      const file = resolve(dir, path.slice(prefix.length));
      return file.startsWith(dir + sep) ? file : null;
    }
    return null;
  };
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url, 'http://127.0.0.1').pathname);
    let body = texts.get(path);
    try {
      body ??= fileFor(path) && readFileSync(fileFor(path));
    } catch {
      body = undefined;
    }
    if (!body) {
      problems.push(`404: ${path}`);
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'Content-Type': TYPES[extname(fileFor(path) ?? path)] ?? 'text/plain',
      // Cross-origin isolation: performance.now() at 5 µs instead of 100 µs.
      'Cross-Origin-Opener-Policy': 'same-origin',
      'Cross-Origin-Embedder-Policy': 'require-corp',
      'Cache-Control': 'no-store',
    });
    response.end(body);
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const launched = await launchChromium();
  const page = launched.context.pages()[0] ?? (await launched.context.newPage());
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.waitForFunction(() => window.benchReady || window.benchError, null, { timeout: 60_000 }).catch(() => {});
  if (problems.length) throw new Error(`the page failed:\n${problems.join("\n")}`);
  const cores = await page.evaluate(() => window.benchReady);
  chromium = {
    version: launched.context.browser()?.version() ?? '',
    cores,
    problems,
    count: (name, mode, expected) =>
      page.evaluate(([n, m, e]) => window.benchCount(n, m, e), [name, mode, expected]),
    async close() {
      await launched.close();
      await new Promise((ok) => server.close(ok));
    },
  };
}

/**
 * Gives every process (and thread) started by this one, Chromium's included, this process's
 * priority: its nice value and its autogroup's. Best effort: without the right to raise a
 * priority it changes nothing (and says so).
 */
function sharePriority() {
  const nice = getPriority();
  const group = readFileSync('/proc/self/autogroup', 'utf8').match(/nice (-?\d+)/)?.[1];
  const parents = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The parent is the 4th field, after the command in parentheses.
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process has ended.
    }
  }
  const ours = new Set([process.pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const [pid, parent] of parents) {
      if (!ours.has(pid) && ours.has(parent)) {
        ours.add(pid);
        grew = true;
      }
    }
  }
  let refused = 0;
  for (const pid of ours) {
    if (pid === process.pid) continue;
    try {
      if (group !== undefined) writeFileSync(`/proc/${pid}/autogroup`, group);
      for (const thread of readdirSync(`/proc/${pid}/task`)) setPriority(Number(thread), nice);
    } catch {
      refused += 1;
    }
  }
  if (refused) console.log(`(could not give ${refused} of Chromium's processes this one's priority)`);
}

// --- the rounds --------------------------------------------------------------------------
const ways = [
  ...JS_MODES.map((mode) => ({ env: 'Node', mode })),
  ...(native ? [1, 2].map((t) => ({ env: 'native', mode: t === 1 ? '1 thread' : '2 threads', threads: t })) : []),
  ...(browser ? JS_MODES.map((mode) => ({ env: 'Chromium', mode })) : []),
];
const now = () => performance.now();
function once(way, workload) {
  if (way.env === 'native') return nativeCount(workload.text, way.threads, workload.count);
  if (way.env === 'Chromium') return chromium.count(workload.name, way.mode, workload.count);
  return countOnce(api, pool, workload.text, way.mode, workload.count, now);
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(`Node ${process.versions.node}, ${availableParallelism()} cores${chromium ? `; Chromium ${chromium.version}, hardwareConcurrency ${chromium.cores}` : ''}; ${rounds} rounds`);
for (const way of ways) if (way.env !== 'native') await once(way, warm);
// Chromium's processes and its workers' threads exist now.
if (chromium) sharePriority();
const results = {};
for (const workload of chosen) {
  const tasks = (() => {
    const held = new api.ExactCoverTasks(workload.text);
    try {
      return held.split(TASKS).length;
    } finally {
      held.free();
    }
  })();
  const times = new Map(ways.map((w) => [w, []]));
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < ways.length; k++) {
      const way = ways[(k + round) % ways.length];
      const { ms } = await once(way, workload);
      times.get(way).push(ms);
    }
    process.stderr.write(`${workload.name}: round ${round + 1} of ${rounds} done\n`);
  }
  results[workload.name] = { title: workload.title, count: workload.count, tasks, ms: {}, rounds: {} };
  for (const way of ways) {
    results[workload.name].ms[`${way.env} ${way.mode}`] = median(times.get(way));
    results[workload.name].rounds[`${way.env} ${way.mode}`] = times.get(way);
  }
}
await chromium?.close();
pool.close();
if (chromium?.problems.length) throw new Error(`the page reported errors:\n${chromium.problems.join('\n')}`);

// --- the table ---------------------------------------------------------------------------
const envs = [...new Set(ways.map((w) => w.env))];
const head = ['workload', 'solutions', 'tasks (2 workers)'];
for (const env of envs) {
  if (env === 'native') head.push('native 1 thread ms', 'native 2 threads ms', 'native speed-up');
  else head.push(`${env} serial ms`, `${env} 1 worker ms`, `${env} 2 workers ms`, `${env} speed-up (1 → 2)`, `${env} 1 worker / serial`);
}
const lines = [`| ${head.join(' | ')} |`, `|${'---|'.repeat(head.length)}`];
const fmt = (ms) => ms.toFixed(0);
/**
 * The median over the rounds of `a[round] / b[round]`, with the rounds' range and the ratio
 * of the fastest rounds.
 */
function ratio(r, a, b, digits) {
  const xs = r.rounds[a].map((t, k) => t / r.rounds[b][k]);
  const sorted = [...xs].sort((x, y) => x - y);
  const f = (x) => x.toFixed(digits);
  const fastest = Math.min(...r.rounds[a]) / Math.min(...r.rounds[b]);
  return `${f(median(xs))} [${f(sorted[0])}-${f(sorted[sorted.length - 1])}; fastest ${f(fastest)}]`;
}
for (const [name, r] of Object.entries(results)) {
  const row = [name, r.count.toLocaleString('en'), String(r.tasks)];
  for (const env of envs) {
    if (env === 'native') {
      row.push(fmt(r.ms['native 1 thread']), fmt(r.ms['native 2 threads']), `${ratio(r, 'native 1 thread', 'native 2 threads', 2)}x`);
    } else {
      const [s, a, b] = JS_MODES.map((m) => `${env} ${m}`);
      row.push(fmt(r.ms[s]), fmt(r.ms[a]), fmt(r.ms[b]), `${ratio(r, a, b, 2)}x`, ratio(r, a, s, 3));
    }
  }
  lines.push(`| ${row.join(' | ')} |`);
}
console.log(lines.join('\n'));
const out = join(ROOT, 'target', 'bench-results', 'parallel.json');
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify({ node: process.versions.node, chromium: chromium?.version, rounds, results }, null, 2) + '\n');
console.log(`results -> ${out}`);
