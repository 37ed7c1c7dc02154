// What sending a big problem to the pool's workers costs the page: structured clone of it (how
// the pool sent a problem before branch `poolsync`) against protocol.js `encodeArgument` (how
// it sends one now: read as the module reads it), and `decodeArgument`, which each worker runs.
// Interleaved, the median of ROUNDS each.
//
//   node bench/parallel/encode.mjs [options=250000] [rounds=7]
import { readFileSync } from 'node:fs';
import { decodeArgument, encodeArgument } from '../../pkg-template/protocol.js';
import { KEYS_RS, keyLists } from '../../scripts/readers.mjs';

const names = [...new Set(keyLists(readFileSync(KEYS_RS, 'utf8')).flatMap((list) => list.split(' ')))];
const n = Number(process.argv[2] ?? 250_000);
const rounds = Number(process.argv[3] ?? 7);
const options = Array.from({ length: n }, (_, k) => [k % 1000, (k * 7) % 1000, (k * 13) % 1000, 1000 + (k % 24)]);
const problem = { primary: 1024, options };
const time = (f) => {
  const start = performance.now();
  f();
  return performance.now() - start;
};
const cloned = [];
const encoded = [];
const decoded = [];
for (let r = 0; r < rounds; r++) {
  cloned.push(time(() => structuredClone({ primary: problem.primary, options: problem.options })));
  let data;
  encoded.push(time(() => {
    data = encodeArgument(problem, names);
  }));
  const received = structuredClone(data);
  decoded.push(time(() => decodeArgument(received)));
}
const median = (times) => times.sort((a, b) => a - b)[times.length >> 1].toFixed(1);
console.log(`${n} options of 4 entries, median of ${rounds}: structuredClone ${median(cloned)} ms, `
  + `encodeArgument ${median(encoded)} ms (the page), decodeArgument ${median(decoded)} ms (each worker)`);
