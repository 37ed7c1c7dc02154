// Two builds of the package in one Node process, A and B, timed in alternate rounds on the
// 8-queens first solution from one form (`exact_cover(problem, { limit: 1 })`): the median
// of the rounds' B/A ratios, which this machine's load shifts far less than two processes
// timed apart (bench/README.md, per-call cost).
//
//   node bench/calls/ab.mjs DIR_A DIR_B [FORM] [ROUNDS]      (FORM: compact, numbers, names, text)
//
// DIR_A and DIR_B are package folders (pkg/, or a copy of an older build's).
import { resolve, join } from 'node:path';
import { FORMS } from './forms.mjs';

const [dirA, dirB, form = 'compact', rounds = '81'] = process.argv.slice(2);
const A = await import(join(resolve(dirA), 'node.js'));
const B = await import(join(resolve(dirB), 'node.js'));
const problem = FORMS[form];
const options = { limit: 1 };

/** µs per call over `n` calls of `module`'s exact_cover. */
function time(module, n) {
  const start = process.hrtime.bigint();
  for (let k = 0; k < n; k++) module.exact_cover(problem, options);
  return Number(process.hrtime.bigint() - start) / 1000 / n;
}

for (let k = 0; k < 3; k++) {
  time(A, 2000);
  time(B, 2000);
}
const as = [];
const bs = [];
const ratios = [];
for (let r = 0; r < Number(rounds); r++) {
  // The side timed first alternates.
  let a;
  let b;
  if (r % 2) {
    a = time(A, 300);
    b = time(B, 300);
  } else {
    b = time(B, 300);
    a = time(A, 300);
  }
  as.push(a);
  bs.push(b);
  ratios.push(b / a);
}
const median = (xs) => [...xs].sort((x, y) => x - y)[xs.length >> 1];
console.log(`${form}: A ${median(as).toFixed(2)} µs, B ${median(bs).toFixed(2)} µs, B/A ${median(ratios).toFixed(3)}`
  + ` (rounds ${Math.min(...ratios).toFixed(3)}-${Math.max(...ratios).toFixed(3)})`);
