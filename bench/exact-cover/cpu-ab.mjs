// Builds of the main module A/B on the 6x10 pentomino count, in CPU time: each build in turn
// (the order alternating each round), `process.cpuUsage()` around `count()`, so that other
// processes on a loaded machine count less than in wall-clock time (they still share the
// caches). Prints each build's median and the median over the rounds of (its time / the first
// build's time of the same round).
//
//   node bench/exact-cover/cpu-ab.mjs ROUNDS DIR...
//
// DIR: wasm-bindgen `--target web` output of the main module (`dlx_wasm.js` and
// `dlx_wasm_bg.wasm`: a built pkg/ for the plain build, or a copy of one).
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './args.mjs';
import { median } from './common.mjs';

const [rounds, ...dirs] = process.argv.slice(2);
if (!(Number(rounds) > 0) || dirs.length === 0) {
  console.error('usage: node bench/exact-cover/cpu-ab.mjs ROUNDS DIR...');
  process.exit(2);
}
const text = readFileSync(join(ROOT, 'www', 'dlx', 'examples', 'pentominoes-6x10.dlx'), 'utf8');
const builds = [];
for (const dir of dirs) {
  const module = await import(pathToFileURL(join(resolve(dir), 'dlx_wasm.js')).href);
  module.initSync({ module: readFileSync(join(dir, 'dlx_wasm_bg.wasm')) });
  builds.push(module);
}
const times = dirs.map(() => []);
// Round 0 warms up and is not kept.
for (let round = 0; round <= Number(rounds); round++) {
  const order = round % 2 ? [...builds.keys()].reverse() : [...builds.keys()];
  for (const k of order) {
    const solver = new builds[k].ExactCoverSolver(text);
    const start = process.cpuUsage();
    const result = solver.count();
    const used = process.cpuUsage(start);
    const count = Number(result.count ?? result.countText);
    if (count !== 9356) throw new Error(`${dirs[k]}: ${count} tilings, not 9356`);
    solver.free?.();
    if (round > 0) times[k].push((used.user + used.system) / 1e6);
  }
}
dirs.forEach((dir, k) => {
  const ratio = median(times[k].map((t, r) => t / times[0][r]));
  console.log(`${dir}: median ${median(times[k]).toFixed(3)} s CPU, ÷ first ${ratio.toFixed(3)}`);
});
