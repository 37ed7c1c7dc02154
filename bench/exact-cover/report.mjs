// Gathers one bench run into one table: workload x runtime x solver, median time, and the
// ratio to dlx-wasm in the same runtime of the same run (peer time / our time: above 1, we
// are faster). Native medians come from criterion's estimates.json files, Node and Chromium
// medians from node.mjs and browser.mjs. Missing results (a skipped workload or runtime)
// are left out, and so are results older than the --since file (scripts/bench.sh touches it
// when a run starts, so that the table holds that run only). Prints the table (Markdown) and
// the targets, and writes them to --out.
//
//   node bench/exact-cover/report.mjs [--data DIR] [--criterion DIR] [--results DIR] [--since FILE] [--out FILE]
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadWorkloads, parseArgs } from './args.mjs';

const { options } = parseArgs(process.argv.slice(2), {
  data: 'target/bench-data',
  criterion: 'target/criterion',
  results: 'target/bench-results',
  since: 'target/bench-results/run-started',
  out: 'target/bench-results/table.md',
});

const since = existsSync(options.since) ? statSync(options.since).mtimeMs : 0;
/** A result file's contents, if it exists and was written in this run. */
const readJson = (path) =>
  existsSync(path) && statSync(path).mtimeMs >= since ? JSON.parse(readFileSync(path, 'utf8')) : undefined;

/** Peer names as the table shows them; criterion ids and JS keys map here. */
const SOLVERS = {
  native: { ours: 'dlx-wasm', dlx: 'dlx 0.8.5 (crate)', 'dancing-links': 'dancing-links 0.3.1 (crate)' },
  js: {
    ours: 'dlx-wasm (wasm)',
    'dancing-links': 'dancing-links 4.3.10 (npm)',
    native: 'dlx-wasm (native, same rounds)',
  },
};

/** `{ runtime, results: { [workload]: { [solver]: ms } } }` for each runtime that ran. */
function runtimes(workloads) {
  const native = { label: 'native', names: SOLVERS.native, results: {} };
  for (const w of workloads) {
    for (const id of Object.keys(SOLVERS.native)) {
      const estimates = readJson(join(options.criterion, w.name, id, 'new', 'estimates.json'));
      if (estimates) (native.results[w.name] ??= {})[id] = estimates.median.point_estimate / 1e6;
    }
  }
  const list = [native];
  for (const [file, label] of [['node.json', 'Node'], ['chromium.json', 'Chromium']]) {
    const run = readJson(join(options.results, file));
    if (!run) continue;
    const results = {};
    for (const [name, bySolver] of Object.entries(run.results)) {
      results[name] = Object.fromEntries(Object.entries(bySolver).map(([id, r]) => [id, r.medianMs]));
    }
    list.push({ label, detail: run.runtime, names: SOLVERS.js, results });
  }
  return list;
}

const formatMs = (ms) =>
  ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 10 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(3)} ms`;
const formatRatio = (r) => `${r.toFixed(2)}x`;

const workloads = loadWorkloads(options.data, []);
const all = runtimes(workloads);
const lines = [
  '| workload | runtime | solver | median | ratio to ours |',
  '|---|---|---|---:|---:|',
];
const targets = [];
for (const w of workloads) {
  let first = true;
  const criterionOurs = all[0].results[w.name]?.ours;
  for (const rt of all) {
    const times = rt.results[w.name];
    if (!times?.ours) continue;
    // Wasm against native: the native run in the same rounds where there is one (Node),
    // else criterion's.
    const nativeOurs = rt.label === 'native' ? undefined : (times.native ?? criterionOurs);
    for (const [id, ms] of Object.entries(times)) {
      let ratio = formatRatio(ms / times.ours);
      if (id === 'ours' && nativeOurs) ratio += ` (${formatRatio(ms / nativeOurs)} of native)`;
      lines.push(`| ${first ? w.title : ''} | ${rt.label} | ${rt.names[id] ?? id} | ${formatMs(ms)} | ${ratio} |`);
      first = false;
    }
  }
  // The exact-cover targets, as measured in this run.
  const native = all[0].results[w.name];
  if (native?.ours) {
    const peers = Object.entries(native).filter(([id]) => id !== 'ours');
    const slowest = Math.min(...peers.map(([, ms]) => ms / native.ours));
    targets.push(`${w.name}: native, fastest peer / ours = ${formatRatio(slowest)} (target > 1)`);
  }
  const node = all.find((rt) => rt.label === 'Node')?.results[w.name];
  if (node?.ours) {
    const npm = node['dancing-links'] / node.ours;
    let line = `${w.name}: Node, npm dancing-links / ours wasm = ${formatRatio(npm)} (target >= 3)`;
    const nativeOurs = node.native ?? criterionOurs;
    if (nativeOurs) {
      const source = node.native ? 'same rounds' : 'criterion';
      line += `; ours wasm / ours native (${source}) = ${formatRatio(node.ours / nativeOurs)} (target <= 1.3)`;
    }
    targets.push(line);
  }
}

const detail = all
  .filter((rt) => rt.detail)
  .map((rt) => `${rt.label}: ${rt.detail}`)
  .join('; ');
const text = [
  lines.join('\n'),
  '',
  `Ratio to ours: the solver's median / dlx-wasm's median in the same runtime, same run (above 1: dlx-wasm is faster). ${detail}.`,
  '',
  'Targets (issue 7):',
  ...targets.map((t) => `- ${t}`),
  '',
].join('\n');
process.stdout.write(text);
writeFileSync(options.out, text);
