// Two builds of one module, A/B in one Node process: the same exact-cover workloads timed on
// each in interleaved rounds (the order alternating each round), each answer checked, and
// for each workload the median over the rounds of (B's time / A's time of the same round),
// so that the machine's load changes between rounds cancel out. For a size change that
// must keep the speed (issue #33 item 3): A is a copy of the package before it, B after.
//
//   node bench/exact-cover/ab.mjs A_DIR B_DIR [ROUNDS] [MODULE]
//
// A_DIR, B_DIR: wasm-bindgen `--target web` outputs (a built pkg/, or a copy of one);
// MODULE: the module's name in them, `dlx_wasm_core` (the default) or `dlx_wasm`.
//
// Workloads (every one a count, through the package's calls as a user makes them):
// - queens8: `exact_cover(text, { countOnly: true })` on tests/data/q8.dlx, 200 calls a
//   sample (92 each): parsing, the bindings and the search on bit masks;
// - pentominoes6x10: `new ExactCoverSolver(text).count()` on the 6x10 rectangle (9,356), the
//   bit-mask search for about 4 s;
// - sudoku21: the same on a 9x9 sudoku with 593,902 solutions as exact cover (324 items:
//   the dancing links, unobserved);
// - queens10memo: `exact_cover(queens(10), { countOnly: true, memo: true })`, 10 calls a
//   sample (724 each): the links search observed by the memo.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT } from './args.mjs';
import { queens } from '../../tests/js/fixtures/queens.mjs';
import { BIG_SUDOKU, sudoku } from '../parallel/workloads.mjs';

const [aDir, bDir, roundsArg, moduleName = 'dlx_wasm_core'] = process.argv.slice(2);
if (!aDir || !bDir) {
  console.error('usage: node bench/exact-cover/ab.mjs A_DIR B_DIR [ROUNDS] [MODULE]');
  process.exit(2);
}
const ROUNDS = Number(roundsArg ?? 7);

async function load(dir) {
  const js = await import(resolve(dir, `${moduleName}.js`));
  js.initSync({ module: readFileSync(resolve(dir, `${moduleName}_bg.wasm`)) });
  return js;
}
const builds = { A: await load(aDir), B: await load(bDir) };

const q8 = readFileSync(join(ROOT, 'tests', 'data', 'q8.dlx'), 'utf8');
const pent = readFileSync(join(ROOT, 'www', 'dlx', 'examples', 'pentominoes-6x10.dlx'), 'utf8');
const sudokuText = sudoku(BIG_SUDOKU);
const queens10 = queens(10);

const count = (result) => Number(result.count ?? result.countText);
const WORKLOADS = [
  ['queens8', 92 * 200, (w) => {
    let total = 0;
    for (let k = 0; k < 200; k++) total += count(w.exact_cover(q8, { countOnly: true }));
    return total;
  }],
  ['pentominoes6x10', 9356, (w) => count(new w.ExactCoverSolver(pent).count())],
  ['sudoku21', 593902, (w) => count(new w.ExactCoverSolver(sudokuText).count())],
  ['queens10memo', 724 * 10, (w) => {
    let total = 0;
    for (let k = 0; k < 10; k++) total += count(w.exact_cover(queens10, { countOnly: true, memo: true }));
    return total;
  }],
];

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log(`A = ${aDir}, B = ${bDir}, module ${moduleName}, ${ROUNDS} rounds`);
for (const [name, expected, run] of WORKLOADS) {
  const times = { A: [], B: [] };
  const ratios = [];
  for (let round = -1; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ['A', 'B'] : ['B', 'A'];
    const got = {};
    for (const build of order) {
      const start = process.hrtime.bigint();
      const answer = run(builds[build]);
      got[build] = Number(process.hrtime.bigint() - start) / 1e6;
      if (answer !== expected) throw new Error(`${name} on ${build}: ${answer}, expected ${expected}`);
    }
    if (round < 0) continue; // a warm-up round
    times.A.push(got.A);
    times.B.push(got.B);
    ratios.push(got.B / got.A);
  }
  console.log(
    `${name.padEnd(16)} A ${median(times.A).toFixed(1).padStart(8)} ms  B ${median(times.B).toFixed(1).padStart(8)} ms` +
      `  B/A median ${median(ratios).toFixed(3)}  (range ${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)})`,
  );
}
