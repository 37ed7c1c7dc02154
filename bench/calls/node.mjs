// The cost of a call across the wasm boundary, in Node: the 8-queens problem
// (tests/data/q8.dlx) counted and solved to its first solution from each form `exact_cover`
// takes (Knuth's text, arrays of names, arrays of item numbers, the compact typed arrays), and
// sudoku one call per puzzle against one batch call, each next to the same work natively
// (examples/per_call.rs), in interleaved rounds so that both see the same load.
//
//   cargo build --release --example per_call && scripts/build.sh
//   node bench/calls/node.mjs [ROUNDS] [SUDOKU_FILE]
//
// DLX_PKG=DIR times another build's Node entry (DIR/node.js), e.g. an older one for a
// before/after table: forms and calls it does not have are left out.
//
// Prints the median µs per call over the rounds, and the ratios the package issue sets:
// arrays ÷ text, wasm ÷ native (count, from either form), batch ÷ native batch.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROUNDS = Number(process.argv[2] ?? 9);
const SUDOKU = process.argv[3] ?? join(ROOT, 'tests', 'data', 'sudoku', 'puzzles2_17_clue.sample');
const NATIVE = join(ROOT, 'target', 'release', 'examples', 'per_call');
const Q8 = join(ROOT, 'tests', 'data', 'q8.dlx');

const wasm = await import(join(process.env.DLX_PKG ?? join(ROOT, 'pkg'), 'node.js'));

// The same problem in every form.
const text = readFileSync(Q8, 'utf8');
const lines = text.split('\n').filter((l) => l.trim() && !l.startsWith('|'));
const [primary, secondary] = lines[0].split('|').map((part) => part.trim().split(/\s+/));
const names = { primary, secondary, options: lines.slice(1).map((l) => l.trim().split(/\s+/)) };
const all = [...primary, ...secondary];
const numbers = {
  primary: primary.length,
  secondary: secondary.length,
  options: names.options.map((o) => o.map((name) => all.indexOf(name))),
};
const offsets = new Uint32Array(numbers.options.length + 1);
numbers.options.forEach((o, k) => (offsets[k + 1] = offsets[k] + o.length));
const compact = { ...numbers, options: undefined, items: new Uint32Array(numbers.options.flat()), offsets };
const FORMS = { text, names, numbers, compact };
// Forms an older build does not read.
for (const [form, problem] of Object.entries(FORMS)) {
  try {
    wasm.exact_cover(problem, { countOnly: true });
  } catch {
    delete FORMS[form];
  }
}
const batch = typeof wasm.solve_sudoku_batch === 'function';

const puzzles = readFileSync(SUDOKU, 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .slice(0, 1000);
const batchText = puzzles.join('\n') + '\n';
// The native side reads the same puzzles from a file.
const SUDOKU_SAMPLE = join(tmpdir(), `dlx-wasm-calls-${process.pid}.txt`);
writeFileSync(SUDOKU_SAMPLE, batchText);

/** µs per call of `f`, over `n` calls. */
function per(n, f) {
  const start = process.hrtime.bigint();
  for (let k = 0; k < n; k++) f();
  return Number(process.hrtime.bigint() - start) / 1000 / n;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const samples = {};
const add = (key, value) => (samples[key] ??= []).push(value);

// Answers first: every form gives the published count and the same first solution.
for (const [form, problem] of Object.entries(FORMS)) {
  const { count } = wasm.exact_cover(problem, { countOnly: true });
  if (count !== 92) throw new Error(`${form}: ${count} solutions, not 92`);
}
if (batch) {
  const solved = wasm.solve_sudoku_batch(batchText).split('\n');
  puzzles.forEach((p, k) => {
    if (solved[k] !== wasm.solve_sudoku(p)) throw new Error(`batch and single differ on ${p}`);
  });
}

for (let round = 0; round < ROUNDS; round++) {
  const native = JSON.parse(execFileSync(NATIVE, ['exact-cover', Q8, '200'], { encoding: 'utf8' }));
  for (const [key, value] of Object.entries(native)) add(`native ${key}`, value);
  add('native sudoku batch', JSON.parse(execFileSync(NATIVE, ['sudoku', SUDOKU_SAMPLE, '3'], { encoding: 'utf8' })).batch);
  // Right after the native batch and measured the same way (median of 7 times 3 calls, after
  // 3 calls of warm-up), so that both see the same load.
  if (batch) {
    per(3, () => wasm.solve_sudoku_batch(batchText));
    const passes = Array.from({ length: 7 }, () => per(3, () => wasm.solve_sudoku_batch(batchText)));
    add('sudoku batch', median(passes) / puzzles.length);
  }
  for (const [form, problem] of Object.entries(FORMS)) {
    per(50, () => wasm.exact_cover(problem, { countOnly: true }));
    add(`count ${form}`, median([0, 1, 2].map(() => per(200, () => wasm.exact_cover(problem, { countOnly: true })))));
    add(`first ${form}`, median([0, 1, 2].map(() => per(400, () => wasm.exact_cover(problem, { limit: 1 })))));
  }
  add('sudoku single calls', per(1, () => puzzles.forEach((p) => wasm.solve_sudoku(p))) / puzzles.length);
}

rmSync(SUDOKU_SAMPLE);
const m = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
console.log(`Node ${process.versions.node}, ${ROUNDS} interleaved rounds, median µs per call`);
for (const [key, value] of Object.entries(m)) console.log(`  ${key.padEnd(24)} ${value.toFixed(2)}`);
// Each ratio is taken within a round, then the median over the rounds: this machine's speed
// shifts by up to 1.8x for seconds at a time, so two medians taken over different rounds can
// pair a slow native run with a fast wasm one. (Lowest and highest round in brackets.)
const r = (a, b) => {
  const ratios = samples[a].map((x, k) => x / samples[b][k]).sort((x, y) => x - y);
  return `${median(ratios).toFixed(2)} (${ratios[0].toFixed(2)}-${ratios.at(-1).toFixed(2)})`;
};
console.log('ratios (median of the rounds\' ratios):');
for (const form of ['names', 'numbers', 'compact'].filter((f) => f in FORMS)) {
  console.log(`  ${form} ÷ text: count ${r(`count ${form}`, 'count text')}, first ${r(`first ${form}`, 'first text')}`);
}
// Each form against the same work natively: text parsed, names through the builder by
// name, numbers (arrays or compact) through it by number; names also against numbers.
const NATIVE_FORM = { text: 'countText', names: 'countNames', numbers: 'countArrays', compact: 'countArrays' };
for (const form of Object.keys(FORMS)) {
  const native = `native ${NATIVE_FORM[form]}`;
  if (!samples[native]) continue;
  console.log(`  count ${form}, wasm ÷ native ${NATIVE_FORM[form]}: ${r(`count ${form}`, native)}`);
}
if ('names' in FORMS) console.log(`  count names, wasm ÷ native countArrays: ${r('count names', 'native countArrays')}`);
console.log(`  sudoku single calls ÷ native batch: ${r('sudoku single calls', 'native sudoku batch')}`);
if (batch) {
  console.log(`  sudoku batch ÷ native batch: ${r('sudoku batch', 'native sudoku batch')} (${puzzles.length} puzzles from ${SUDOKU})`);
}
