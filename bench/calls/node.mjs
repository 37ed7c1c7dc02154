// The cost of a call across the wasm boundary, in Node: the 8-queens problem
// (tests/data/q8.dlx) counted and solved to its first solution from each form `exact_cover`
// takes (Knuth's text, arrays of names, arrays of item numbers, the compact typed arrays), and
// sudoku one call per puzzle against one batch call, each next to the same work natively
// (crates/dlx-sudoku/examples/per_call.rs, kept running in its `serve` mode): each wasm measurement is taken
// right after the same one natively, so that both see the machine in the same state (its
// speed shifts by up to 1.8x for seconds at a time), and each ratio is the median over the
// rounds of the ratios of such pairs. The pair's order alternates from round to round: the
// side measured first in a pair was seen to come out a few percent slower.
//
//   cargo build --release --example per_call && scripts/build.sh
//   node bench/calls/node.mjs [ROUNDS] [SUDOKU_FILE]
//
// DLX_PKG=DIR times another build's Node entry (DIR/node.js), e.g. an older one for a
// before/after table: forms and calls it does not have are left out.
//
// Prints the median µs per call over the rounds, and the ratios the package issue sets:
// arrays ÷ text, wasm ÷ native (count, from either form), batch ÷ native batch.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FORMS as ALL_FORMS } from './forms.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const ROUNDS = Number(process.argv[2] ?? 9);
const SUDOKU = process.argv[3] ?? join(ROOT, 'tests', 'data', 'sudoku', 'puzzles2_17_clue.sample');
const NATIVE = join(ROOT, 'target', 'release', 'examples', 'per_call');
const Q8 = join(ROOT, 'tests', 'data', 'q8.dlx');

const wasm = await import(join(process.env.DLX_PKG ?? join(ROOT, 'pkg'), 'node.js'));

// The same problem in every form (forms.mjs).
const FORMS = { ...ALL_FORMS };
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

// The native side: `NAME REPS` in, µs per call out, a line each.
const native = spawn(NATIVE, ['serve', Q8, SUDOKU_SAMPLE], { stdio: ['pipe', 'pipe', 'inherit'] });
const answers = createInterface({ input: native.stdout })[Symbol.asyncIterator]();
async function nativeTime(name, reps) {
  native.stdin.write(`${name} ${reps}\n`);
  const { value, done } = await answers.next();
  if (done) throw new Error(`per_call serve ended before answering ${name}`);
  return Number(value);
}

/** µs per call of `f` over `reps` calls, after one call of warm-up (as `serve` times). */
function wasmTime(reps, f) {
  f();
  return per(reps, f);
}

/**
 * Times `name` natively and `f` in wasm, `reps` calls each, one right after the other, native
 * first in even rounds and wasm first in odd ones: `[native µs, wasm µs]`.
 */
async function pair(round, name, reps, f) {
  if (round % 2 === 0) {
    const native = await nativeTime(name, reps);
    return [native, wasmTime(reps, f)];
  }
  const inWasm = wasmTime(reps, f);
  return [await nativeTime(name, reps), inWasm];
}

// Each form: the count and the first solution, each against its native counterpart.
const NATIVE_FORM = { text: 'Text', names: 'Names', numbers: 'Arrays', compact: 'Arrays' };
for (const [form, problem] of Object.entries(FORMS)) {
  for (let k = 0; k < 50; k++) wasm.exact_cover(problem, { countOnly: true });
}
for (let round = 0; round < ROUNDS; round++) {
  for (const [form, problem] of Object.entries(FORMS)) {
    for (const [mode, options, reps] of [['count', { countOnly: true }, 40], ['first', { limit: 1 }, 200]]) {
      const name = `${mode}${NATIVE_FORM[form]}`;
      const [native, inWasm] = await pair(round, name, reps, () => wasm.exact_cover(problem, options));
      add(`native ${name}`, native);
      add(`${mode} ${form}`, inWasm);
      // The pair's ratio, under the name the table prints.
      add(`${mode} ${form} ÷ native ${name}`, samples[`${mode} ${form}`].at(-1) / samples[`native ${name}`].at(-1));
    }
  }
  if (batch) {
    const [native, inWasm] = await pair(round, 'batch', 3, () => wasm.solve_sudoku_batch(batchText));
    add('native sudoku batch', native);
    add('sudoku batch', inWasm / puzzles.length);
    add('sudoku batch ÷ native batch', samples['sudoku batch'].at(-1) / samples['native sudoku batch'].at(-1));
  } else {
    add('native sudoku batch', await nativeTime('batch', 3));
  }
  // Timed as the batch is (one pass of warm-up, then 3), right after it.
  add('sudoku single calls', wasmTime(3, () => puzzles.forEach((p) => wasm.solve_sudoku(p))) / puzzles.length);
  add('sudoku single calls ÷ native batch', samples['sudoku single calls'].at(-1) / samples['native sudoku batch'].at(-1));
  // In µs a puzzle: what a call costs beyond the solve itself (over the wasm batch: the same
  // solve in one call, the bar's measure), and over the native batch (which adds what the
  // solve itself costs more in wasm).
  add('sudoku single call − native batch, µs', samples['sudoku single calls'].at(-1) - samples['native sudoku batch'].at(-1));
  if (batch) add('sudoku single call − wasm batch, µs', samples['sudoku single calls'].at(-1) - samples['sudoku batch'].at(-1));
}
native.stdin.end();

rmSync(SUDOKU_SAMPLE);
const isRatio = (key) => key.includes(' ÷ ') || key.includes(' − ');
const m = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
console.log(`Node ${process.versions.node}, ${ROUNDS} rounds, median µs per call`);
for (const [key, value] of Object.entries(m)) if (!isRatio(key)) console.log(`  ${key.padEnd(24)} ${value.toFixed(2)}`);
/** The median of a list of per-round ratios, with the lowest and highest round. */
const spread = (ratios) => {
  const sorted = [...ratios].sort((x, y) => x - y);
  return `${median(sorted).toFixed(2)} (${sorted[0].toFixed(2)}-${sorted.at(-1).toFixed(2)})`;
};
/** The ratio a ÷ b round by round (measurements of the same round, not a pair). */
const r = (a, b) => spread(samples[a].map((x, k) => x / samples[b][k]));
console.log('ratios (median over the rounds, lowest and highest round in brackets):');
for (const form of ['names', 'numbers', 'compact'].filter((f) => f in FORMS)) {
  console.log(`  ${form} ÷ text: count ${r(`count ${form}`, 'count text')}, first ${r(`first ${form}`, 'first text')}`);
}
for (const [key, ratios] of Object.entries(samples)) if (isRatio(key)) console.log(`  ${key.padEnd(40)} ${spread(ratios)}`);
if ('names' in FORMS) console.log(`  ${'count names ÷ native countArrays'.padEnd(40)} ${r('count names', 'native countArrays')}`);
if (batch) console.log(`  (sudoku: ${puzzles.length} puzzles from ${SUDOKU})`);
