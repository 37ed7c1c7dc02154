// `count` calls of `exact_cover(problem, { limit: 1 })` on the 8-queens problem in one form,
// for instruction counts under callgrind (bench/README.md, per-call cost): run it twice, with
// N and N + CALLS calls, and let callgrind-jit.py take the difference.
//
//   valgrind --tool=callgrind --dump-instr=yes --callgrind-out-file=OUT \
//     node --single-threaded --no-liftoff --no-wasm-tier-up --perf-basic-prof \
//     bench/calls/drive.mjs DIR FORM N
//
// `--single-threaded` (no concurrent compiler or GC threads) and N = 4,000 with CALLS = 3,000
// make the difference steady: JS is compiled before the first run ends, and V8's compiler no
// longer lands between the two (it moved the totals by 10-28 k a call otherwise). What is
// left to discount is start-up work that differs from run to run (`detail::sprp`,
// `HashSeed::InitializeRoots`, `AstValueFactory::GetString`: a few hundred a call, up to 3 k).
import { resolve, join } from 'node:path';
import { FORMS } from './forms.mjs';

const [dir, form, count] = process.argv.slice(2);
const wasm = await import(join(resolve(dir), 'node.js'));
const problem = FORMS[form];
const options = { limit: 1 };
let first = 0;
for (let k = 0; k < Number(count); k++) first += wasm.exact_cover(problem, options).solutions[0].length;
if (first !== 8 * Number(count)) throw new Error(`${form}: a first solution of ${first / count} options, not 8`);
