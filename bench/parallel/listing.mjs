// The pool's listing (exact_cover_async collecting the solutions, not counting them) against
// exact_cover on the main thread, and against another build's pool: 13 queens' 73,712
// solutions, and 20 queens' first 50,000 (a limit that cuts every task short), on 2 workers,
// in interleaved rounds (each round runs every way once, in a rotating order). Prints each
// way's median in ms and its ratio to exact_cover's median.
//
//   node bench/parallel/listing.mjs [--rounds N] [OTHER_PKG_DIR]
//
// OTHER_PKG_DIR: another build's pkg/ (a clone of an older commit, built), for an A/B.
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { queens } from '../../tests/js/fixtures/queens.mjs';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const args = process.argv.slice(2);
const at = args.indexOf('--rounds');
const rounds = at >= 0 ? Number(args.splice(at, 2)[1]) : 7;
const builds = [['this build', join(root, 'pkg')], ...args.map((dir) => [`${dir}`, resolve(dir)])];
const loaded = [];
for (const [name, dir] of builds) loaded.push([name, await import(pathToFileURL(join(dir, 'node.js')).href)]);
const [, main] = loaded[0];

const workloads = [['13 queens, all', queens(13), undefined], ['20 queens, first 50,000', queens(20), 50_000]];
for (const [title, problem, limit] of workloads) {
  const ways = [['exact_cover', () => main.exact_cover(problem, { limit })]];
  for (const [name, dlx] of loaded) {
    ways.push([`exact_cover_async, 2 workers (${name})`, () => dlx.exact_cover_async(problem, { limit, workers: 2 })]);
  }
  const times = ways.map(() => []);
  let count;
  for (let round = 0; round <= rounds; round++) {
    for (let k = 0; k < ways.length; k++) {
      const w = (k + round) % ways.length;
      const start = performance.now();
      const result = await ways[w][1]();
      const ms = performance.now() - start;
      count ??= result.count;
      if (result.count !== count) throw new Error(`${ways[w][0]}: ${result.count} solutions, not ${count}`);
      if (round > 0) times[w].push(ms); // round 0 warms up
    }
  }
  const median = (list) => [...list].sort((a, b) => a - b)[list.length >> 1];
  const base = median(times[0]);
  console.log(`${title} (${count.toLocaleString('en-US')} solutions, median of ${rounds} rounds):`);
  ways.forEach(([name], k) => console.log(`  ${name}: ${median(times[k]).toFixed(0)} ms (${(median(times[k]) / base).toFixed(2)}x)`));
}
for (const [, dlx] of loaded) dlx.close_worker_pool();
