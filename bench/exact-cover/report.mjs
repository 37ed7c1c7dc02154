// Gathers one bench run into one table: a row per workload and solver, a column per way of
// running it, each cell the median time and, in parentheses, the ratio to dlx-wasm in the
// same column (its time / ours: above 1, dlx-wasm is faster). Native medians come from
// criterion's estimates.json files and from node.mjs's interleaved native rounds; Node and
// Chromium medians from node.mjs and browser.mjs. Results older than the --since file
// (scripts/bench.sh touches it when a run starts) are left out, so the table holds one run.
// Prints the table (Markdown) and the targets, and writes them to --out.
//
//   node bench/exact-cover/report.mjs [--data DIR] [--criterion DIR] [--results DIR] [--since FILE] [--out FILE]
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadManifest, parseArgs } from './args.mjs';

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

/** The columns: where the medians come from. */
const COLUMNS = [
  { id: 'criterion', title: 'native, criterion' },
  { id: 'interleaved', title: 'native, interleaved' },
  { id: 'node', title: 'Node (wasm / JS)' },
  { id: 'chromium', title: 'Chromium (wasm / JS)' },
];

/** The rows: each solver's key in each column's results. The first row is ours. */
const ROWS = [
  { label: 'dlx-wasm', keys: { criterion: 'ours', interleaved: 'native:ours', node: 'ours', chromium: 'ours' } },
  { label: 'dlx 0.8.5 (crate)', keys: { criterion: 'dlx', interleaved: 'native:dlx' } },
  {
    label: 'dancing-links 0.3.1 (crate)',
    keys: { criterion: 'dancing-links', interleaved: 'native:dancing-links' },
  },
  { label: 'dancing-links 4.3.10 (npm)', keys: { node: 'dancing-links', chromium: 'dancing-links' } },
];

const manifest = loadManifest(options.data);
const node = readJson(join(options.results, 'node.json'));
const chromium = readJson(join(options.results, 'chromium.json'));

/** Median in ms of `key` on workload `name` in column `column`, if this run measured it. */
function median(column, name, key) {
  if (!key) return undefined;
  if (column === 'criterion') {
    const estimates = readJson(join(options.criterion, name, key, 'new', 'estimates.json'));
    return estimates && estimates.median.point_estimate / 1e6;
  }
  const run = column === 'chromium' ? chromium : node;
  return run?.results[name]?.[key]?.medianMs;
}

const formatMs = (ms) =>
  ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : ms >= 10 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(2)} ms`;
const x = (r) => `${r.toFixed(2)}x`;

const lines = [
  `| workload | solver | ${COLUMNS.map((c) => c.title).join(' | ')} |`,
  `|---|---|${COLUMNS.map(() => '---:').join('|')}|`,
];
const targets = [];
for (const w of manifest.workloads) {
  const ours = Object.fromEntries(COLUMNS.map((c) => [c.id, median(c.id, w.name, ROWS[0].keys[c.id])]));
  if (!Object.values(ours).some(Boolean)) continue; // not run this time
  ROWS.forEach((row, k) => {
    const cells = COLUMNS.map((c) => {
      const ms = median(c.id, w.name, row.keys[c.id]);
      if (ms === undefined || !ours[c.id]) return '–';
      let cell = `${formatMs(ms)} (${x(ms / ours[c.id])})`;
      // Ours in wasm against ours native: the interleaved run for Node, criterion for Chromium.
      const native = { node: ours.interleaved, chromium: ours.criterion }[c.id];
      if (k === 0 && native) cell = `${formatMs(ms)} (${x(ms / native)} native)`;
      return cell;
    });
    lines.push(`| ${k === 0 ? w.title : ''} | ${row.label} | ${cells.join(' | ')} |`);
  });

  // The exact-cover targets, as measured in this run.
  for (const column of ['criterion', 'interleaved']) {
    const peers = ROWS.slice(1)
      .map((row) => median(column, w.name, row.keys[column]))
      .filter(Boolean);
    if (ours[column] && peers.length) {
      const r = Math.min(...peers) / ours[column];
      targets.push(`${w.name}, native (${column}): fastest Rust peer / ours = ${x(r)} (target: above 1)`);
    }
  }
  const npm = median('node', w.name, 'dancing-links');
  if (ours.node && npm) {
    let line = `${w.name}, Node: npm dancing-links / ours wasm = ${x(npm / ours.node)} (target: 3 or more)`;
    if (ours.interleaved) line += `; ours wasm / ours native = ${x(ours.node / ours.interleaved)} (target: 1.3 or less)`;
    targets.push(line);
  }
}

const runtimes = [node, chromium].filter(Boolean).map((run) => run.runtime);
const text = [
  lines.join('\n'),
  '',
  'Median time; in parentheses the time / dlx-wasm\'s in the same column (above 1: dlx-wasm is ' +
    'faster), and for dlx-wasm in wasm its time / native (Node: the interleaved native run; ' +
    `Chromium: criterion). ${runtimes.join(', ')}.`,
  '',
  'Targets (issue 7):',
  ...targets.map((t) => `- ${t}`),
  '',
].join('\n');
process.stdout.write(text);
writeFileSync(options.out, text);
