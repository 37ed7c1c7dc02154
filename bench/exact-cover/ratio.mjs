// dlx-wasm in wasm against dlx-wasm natively, on the exact-cover workloads: both builds of
// the package's main module (plain, and `simd` as the package loads where the engine has
// SIMD) in Node and in one page of headless Chromium, and the native build, all five in the
// same interleaved rounds (common.mjs's `measure`). Prints the wasm ÷ native table: each
// cell the median over the rounds of (wasm time / native time of the same round), and the
// median times. `scripts/bench.sh --ratio` runs it.
//
//   node bench/exact-cover/ratio.mjs [--data DIR] [--pkg DIR] [--native EXE] [--out FILE] [WORKLOAD...]
//
// --native: the workload writer built in release (target/release/examples/bench_workloads),
// whose `--time` mode times the native search in a child process; --out: the table as
// Markdown (target/bench-results/ratio.md). DLX_SLOW_ROUNDS=N: N rounds of the slow workload
// instead of 3 (common.mjs). Workloads: queens12, langford11 and
// pentominoes6x10 (all tilings) unless named.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { DancingLinks } from 'dancing-links';
import { makeSolvers, measure, median } from './common.mjs';
import { loadWorkloads, parseArgs } from './args.mjs';
import { openBenchPage } from './chromium.mjs';
import { nativeSolver } from './native.mjs';

const { options, only } = parseArgs(process.argv.slice(2), {
  data: 'target/bench-data',
  pkg: 'pkg',
  native: 'target/release/examples/bench_workloads',
  out: 'target/bench-results/ratio.md',
});
const DEFAULT = ['queens12', 'langford11', 'pentominoes6x10'];
const workloads = loadWorkloads(options.data, only.length ? only : DEFAULT);

/** The package's main module in Node, instantiated from `wasmFile` (two builds: two instances). */
async function nodeBuild(wasmFile, tag) {
  const url = pathToFileURL(join(options.pkg, 'dlx_wasm.js'));
  url.search = tag;
  const module = await import(url);
  module.initSync({ module: readFileSync(join(options.pkg, wasmFile)) });
  return makeSolvers(module, DancingLinks).ours;
}

/** dlx-wasm natively: a child process that times its own search (native.mjs). */
const native = nativeSolver(options.native, options.data, 'ours');

/** dlx-wasm in the page, build `build`: the page times its own search (page.mjs `benchOnce`). */
const inPage = (page, build) => ({
  prepare(workload) {
    return {
      setup: () => undefined,
      run: () => page.evaluate(([name, b]) => window.benchOnce(name, b), [workload.name, build]),
      first: () => page.evaluate(([name, b]) => window.benchFirst(name, b), [workload.name, build]),
      teardown: () => {},
    };
  },
});

const COLUMNS = ['node', 'node:simd', 'chromium', 'chromium:simd'];
const TITLES = {
  node: 'Node, plain',
  'node:simd': 'Node, simd128',
  chromium: 'Chromium, plain',
  'chromium:simd': 'Chromium, simd128',
};

const browser = await openBenchPage(options);
const rows = [];
try {
  const solvers = {
    native,
    node: await nodeBuild('dlx_wasm_bg.wasm', '?plain'),
    'node:simd': await nodeBuild('dlx_wasm_simd_bg.wasm', '?simd'),
    chromium: inPage(browser.page, 'plain'),
    'chromium:simd': inPage(browser.page, 'simd'),
  };
  for (const workload of workloads) {
    const text = readFileSync(join(options.data, workload.file), 'utf8');
    const result = await measure(workload, text, solvers, {
      now: () => performance.now(),
      log: (line) => console.log(line),
    });
    const nativeTimes = result.native.times;
    const ratios = Object.fromEntries(
      COLUMNS.map((c) => [c, median(result[c].times.map((ms, k) => ms / nativeTimes[k]))]),
    );
    rows.push({ workload, result, ratios });
  }
  if (browser.problems.length) throw new Error(`the page reported errors:\n${browser.problems.join('\n')}`);
} finally {
  await browser.close();
}

const formatMs = (ms) =>
  ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 10 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(2)} ms`;
const TARGET = 1.25;
const lines = [
  `| workload | native | ${COLUMNS.map((c) => TITLES[c]).join(' | ')} |`,
  `|---|---:|${COLUMNS.map(() => '---:').join('|')}|`,
  ...rows.map(
    ({ workload, result, ratios }) =>
      `| ${workload.title} | ${formatMs(result.native.medianMs)} | ` +
      COLUMNS.map((c) => `${ratios[c].toFixed(2)}x (${formatMs(result[c].medianMs)})`).join(' | ') +
      ' |',
  ),
];
const worst = Math.max(...rows.flatMap(({ ratios }) => COLUMNS.map((c) => ratios[c])));
const text = [
  lines.join('\n'),
  '',
  'wasm ÷ native: the median over the rounds of (wasm time / native time in the same round); ' +
    `in parentheses the median time. Node ${process.version}, ${browser.runtime}, ` +
    `${rows.map(({ workload, result }) => `${workload.name} ${result.native.rounds} rounds`).join(', ')}.`,
  `Target (issue 36): every ratio at most ${TARGET}x; worst here ${worst.toFixed(2)}x.`,
  '',
].join('\n');
process.stdout.write(`\n${text}`);
mkdirSync(dirname(options.out), { recursive: true });
writeFileSync(options.out, text);
