// The pool's own cost, before and after a change to it: the same searches on two builds of the
// package (each with its own pool of 2 worker threads), in interleaved rounds (each round runs
// both, in alternating order), so that both see the same load on this noisy machine. Prints,
// per workload, the median time of each build and the median over the rounds of the round's
// ratio (after / before), with its range.
//
//   node bench/parallel/pool-overhead.mjs BEFORE_PKG AFTER_PKG [--rounds N]
//
// e.g. BEFORE_PKG a copy of pkg/ built from the commit before, AFTER_PKG pkg/.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { langford, queens } from './workloads.mjs';

const args = process.argv.slice(2);
const rounds = args.includes('--rounds') ? Number(args[args.indexOf('--rounds') + 1]) : 9;
const [before, after] = args.filter((a, k) => !a.startsWith('--') && args[k - 1] !== '--rounds');
const load = async (dir) => import(pathToFileURL(resolve(dir, 'node.js')).href);
const builds = { before: await load(before), after: await load(after) };
const pools = Object.fromEntries(Object.entries(builds).map(([name, api]) => [name, api.create_worker_pool(2)]));

const workloads = [
  { name: 'Langford n=11, count', text: langford(11), options: { countOnly: true }, count: 35584 },
  { name: '12 queens, count', text: queens(12), options: { countOnly: true }, count: 14200 },
  { name: '12 queens, solutions', text: queens(12), options: {}, count: 14200 },
];

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
for (const w of workloads) {
  const times = { before: [], after: [] };
  const ratios = [];
  for (let round = -1; round < rounds; round++) {
    const order = round % 2 === 0 ? ['before', 'after'] : ['after', 'before'];
    const ms = {};
    for (const name of order) {
      const t0 = performance.now();
      const result = await pools[name].exactCover(w.text, { ...w.options, workers: 2, tasks: 128 });
      ms[name] = performance.now() - t0;
      if (result.count !== w.count) throw new Error(`${name}: ${result.count}, expected ${w.count}`);
    }
    // Round -1 warms up (workers start, compile, tier up).
    if (round < 0) continue;
    times.before.push(ms.before);
    times.after.push(ms.after);
    ratios.push(ms.after / ms.before);
  }
  const sorted = [...ratios].sort((a, b) => a - b);
  console.log(`${w.name}: before ${median(times.before).toFixed(1)} ms, after ${median(times.after).toFixed(1)} ms; `
    + `after/before ${median(ratios).toFixed(3)} (rounds ${sorted[0].toFixed(3)}-${sorted.at(-1).toFixed(3)}; `
    + `fastest ${(Math.min(...times.after) / Math.min(...times.before)).toFixed(3)})`);
}
for (const pool of Object.values(pools)) pool.close();
