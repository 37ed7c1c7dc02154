// Two builds of one module, A/B in one Node process: the same exact-cover workloads timed on
// each in interleaved rounds (the order alternating each round), each answer checked, and
// for each workload the median over the rounds of (B's time / A's time of the same round),
// so that the machine's load changes between rounds cancel out. For a size change that
// must keep the speed (issue #33 item 3): A is a copy of the package before it, B after.
//
//   node bench/exact-cover/ab.mjs A_DIR B_DIR [ROUNDS] [MODULE]
//   node bench/exact-cover/ab.mjs --once DIR MODULE WORKLOAD REPS
//
// A_DIR, B_DIR: wasm-bindgen `--target web` outputs (a built pkg/, or a copy of one);
// MODULE: the module's name in them, `dlx_wasm_core` (the default) or `dlx_wasm`.
//
// `--once` runs one workload REPS times on one build, untimed, for instruction counts, which
// a loaded machine leaves alone where it scatters timings: under valgrind, with V8's code
// made deterministic, the difference between two REPS is the workload's instructions (the
// first calls also compile the module):
//
//   valgrind --tool=callgrind --callgrind-out-file=/dev/null \
//     node --no-liftoff --no-wasm-tier-up bench/exact-cover/ab.mjs --once pkg dlx_wasm_core queens8 1
//
// (and REPS 6: per workload, (instructions at 6 - at 1) / 5). Besides the workloads below,
// `--once` knows pentominoes300k and sudoku500k (the same counts stopped at 300,000 and
// 500,000 search nodes) and queens11memo (one memoised 11-queens count, 2,680).
// `langford11` (one count of the Langford pairs for n = 11, 35,584, the bit-mask search on
// `u64` masks) is read from the benchmark data (`$CARGO_TARGET_DIR/bench-data`, written by
// `cargo run --release --example bench_workloads -- DIR`), its expected count from the
// manifest; left out where that data is missing.
//
// Workloads (every one a count, through the package's calls as a user makes them):
// - queens8: `exact_cover(text, { countOnly: true })` on tests/data/q8.dlx, 200 calls a
//   sample (92 each): parsing, the bindings and the search on bit masks;
// - pentominoes6x10: `new ExactCoverSolver(text).count()` on the 6x10 rectangle (9,356), the
//   bit-mask search for about 4 s;
// - sudoku21: the same on a 9x9 sudoku with 593,902 solutions as exact cover (324 items:
//   the dancing links, unobserved);
// - queens10memo: `exact_cover(queens(10), { countOnly: true, memo: true })`, 10 calls a
//   sample (724 each): the links search observed by the memo (the main module only).
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ROOT, loadManifest } from './args.mjs';
import { queens } from '../../tests/js/fixtures/queens.mjs';
import { BIG_SUDOKU, sudoku } from '../parallel/workloads.mjs';

const once = process.argv[2] === '--once';
const [aDir, bDir, roundsArg, moduleName = 'dlx_wasm_core'] = once
  ? [process.argv[3], undefined, undefined, process.argv[4]]
  : process.argv.slice(2);
if (!aDir || (!bDir && !once)) {
  console.error('usage: node bench/exact-cover/ab.mjs A_DIR B_DIR [ROUNDS] [MODULE]');
  console.error('       node bench/exact-cover/ab.mjs --once DIR MODULE WORKLOAD REPS');
  process.exit(2);
}
const ROUNDS = Number(roundsArg ?? 7);

async function load(dir) {
  const js = await import(resolve(dir, `${moduleName}.js`));
  js.initSync({ module: readFileSync(resolve(dir, `${moduleName}_bg.wasm`)) });
  return js;
}
const builds = once ? { A: await load(aDir) } : { A: await load(aDir), B: await load(bDir) };

const q8 = readFileSync(join(ROOT, 'tests', 'data', 'q8.dlx'), 'utf8');
const pent = readFileSync(join(ROOT, 'www', 'dlx', 'examples', 'pentominoes-6x10.dlx'), 'utf8');
const sudokuText = sudoku(BIG_SUDOKU);
const queens10 = queens(10);
const queens11 = queens(11);

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

// The Langford count from the benchmark data, where it was written.
const benchData = resolve(ROOT, process.env.CARGO_TARGET_DIR ?? 'target', 'bench-data');
if (existsSync(join(benchData, 'workloads.json'))) {
  const langford = loadManifest(benchData).workloads.find((w) => w.name === 'langford11');
  if (langford) {
    const text = readFileSync(join(benchData, langford.file), 'utf8');
    WORKLOADS.push(['langford11', langford.expected, (w) => count(w.exact_cover(text, { countOnly: true }))]);
  }
}

// For `--once` only: searches cut short, short enough to run under valgrind.
const ONCE_ONLY = [
  ['pentominoes300k', 798, (w) => count(w.exact_cover(pent, { countOnly: true, maxNodes: 300000 }))],
  ['sudoku500k', 39394, (w) => count(w.exact_cover(sudokuText, { countOnly: true, maxNodes: 500000 }))],
  ['queens11memo', 2680, (w) => count(w.exact_cover(queens11, { countOnly: true, memo: true }))],
];

if (once) {
  const [name, reps] = process.argv.slice(5);
  const found = [...WORKLOADS, ...ONCE_ONLY].find(([n]) => n === name);
  if (!found) throw new Error(`no workload ${name}`);
  const [, expected, run] = found;
  for (let k = 0; k < Number(reps); k++) {
    const answer = run(builds.A);
    if (answer !== expected) throw new Error(`${name}: ${answer}, expected ${expected}`);
  }
  console.log(`${name} x ${reps} on ${aDir}: ok`);
  process.exit(0);
}

const median = (xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
console.log(`A = ${aDir}, B = ${bDir}, module ${moduleName}, ${ROUNDS} rounds`);
// `dlx-wasm/core` has no memo (it refuses `memo` with `unsupported_option`): its A/B runs
// leave the memo's workload out.
const timed = moduleName === 'dlx_wasm_core' ? WORKLOADS.filter(([name]) => !name.endsWith('memo')) : WORKLOADS;
for (const [name, expected, run] of timed) {
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
