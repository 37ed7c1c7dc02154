// Times `rate_sudoku` (the logical grade, WebAssembly, in Node) on SE-rated puzzles: the
// 320 of ../shared/data/sudoku/se/diabolical.sample.txt by default (#34 item 5: median
// <= 10 ms, p99 <= 200 ms). Milliseconds per puzzle, each the best of PASSES passes after a
// warm-up pass; median, p99 and max over the puzzles.
//
//   node bench/sudoku/rate.mjs [FILE]
//
// DLX_PKG: the package to load (default pkg/ at the repository root, as scripts/build.sh
// writes it; or a bare wasm-bindgen `--target web` output, its dlx_wasm.js). BASELINE: a
// second package (same forms) to time in the same run, interleaved puzzle by puzzle (the
// two take turns going first), with the median over the puzzles of each puzzle's time
// ratio (this / baseline). PASSES: timed passes (default 3).

import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const file = resolve(process.argv[2] ?? join(root, '..', 'shared', 'data', 'sudoku', 'se', 'diabolical.sample.txt'));
const PASSES = Number(process.env.PASSES ?? 3);

/** The package in `dir`: through its Node entry where there is one. */
async function load(dir) {
  const entry = join(dir, 'node.js');
  const wasm = await import(pathToFileURL(existsSync(entry) ? entry : join(dir, 'dlx_wasm.js')).href);
  if (!existsSync(entry)) wasm.initSync({ module: readFileSync(join(dir, 'dlx_wasm_bg.wasm')) });
  return wasm;
}

const builds = [['this', await load(resolve(process.env.DLX_PKG ?? join(root, 'pkg')))]];
if (process.env.BASELINE) builds.push(['baseline', await load(resolve(process.env.BASELINE))]);

// "id puzzle rating" lines (or one puzzle a line).
const puzzles = readFileSync(file, 'utf8')
  .split('\n')
  .map((l) => l.trim().split(/\s+/))
  .filter((f) => f[0] && !f[0].startsWith('#'))
  .map((f) => (f.length >= 2 ? f[1] : f[0]));

/** Milliseconds of one rating. */
function time(wasm, puzzle) {
  const start = process.hrtime.bigint();
  wasm.rate_sudoku(puzzle);
  return Number(process.hrtime.bigint() - start) / 1e6;
}

const best = builds.map(() => puzzles.map(() => Infinity));
for (let pass = 0; pass <= PASSES; pass++) {
  puzzles.forEach((p, i) => {
    // Take turns going first, so neither always runs on a warmer cache.
    const order = (i + pass) % 2 === 0 ? builds.keys() : [...builds.keys()].reverse();
    for (const b of order) {
      const ms = time(builds[b][1], p);
      if (pass > 0) best[b][i] = Math.min(best[b][i], ms);
    }
  });
}

const at = (sorted, q) => sorted[Math.round((sorted.length - 1) * q)];
console.log(`${puzzles.length} puzzles of ${file}, best of ${PASSES} passes, ms per rating`);
console.log('| build | median | p99 | max | mean |');
console.log('|---|---|---|---|---|');
builds.forEach(([name], b) => {
  const sorted = [...best[b]].sort((x, y) => x - y);
  const mean = sorted.reduce((s, x) => s + x, 0) / sorted.length;
  console.log(`| ${name} | ${at(sorted, 0.5).toFixed(2)} | ${at(sorted, 0.99).toFixed(1)} | ${at(sorted, 1).toFixed(1)} | ${mean.toFixed(2)} |`);
});
if (builds.length === 2) {
  const ratios = best[0].map((t, i) => t / best[1][i]).sort((x, y) => x - y);
  console.log(`per-puzzle ratio this / baseline: median ${at(ratios, 0.5).toFixed(2)}, p90 ${at(ratios, 0.9).toFixed(2)}, max ${at(ratios, 1).toFixed(2)}`);
}
