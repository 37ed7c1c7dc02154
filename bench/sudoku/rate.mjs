// What rating costs in the package, in Node: `rate_sudoku` (what the page's worker runs for
// a puzzle's grade) on each puzzle of a file, timed one call at a time; prints the median,
// the 99th percentile and the maximum over the puzzles of each puzzle's median over the
// rounds, next to the bar for a diabolical 9x9 (median <= 10 ms, p99 <= 200 ms).
// The file is one puzzle per line, or the Sudoku Exchange bank's `id puzzle rating` lines
// (../shared/data/sudoku/se/); `#` lines are comments.
//
//   scripts/build.sh
//   node bench/sudoku/rate.mjs [FILE] [ROUNDS] [EVERY]
//
// EVERY (default 1) times every EVERY-th puzzle only (the hardest lists take seconds a
// puzzle).
//
// DLX_PKG=DIR times another build's Node entry (DIR/node.js), e.g. an older one for a
// before/after table. The native figures come from `sudoku_logic::grade_times`
// (crates/dlx-sudoku/tests/sudoku_logic.rs), on the same file.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FILE = process.argv[2] ?? join(ROOT, 'tests', 'data', 'sudoku', 'se', 'diabolical.sample.txt');
const ROUNDS = Number(process.argv[3] ?? 3);
const EVERY = Number(process.argv[4] ?? 1);

const wasm = await import(join(process.env.DLX_PKG ?? join(ROOT, 'pkg'), 'node.js'));

const puzzles = readFileSync(FILE, 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((line) => (line.split(/\s+/).length >= 2 ? line.split(/\s+/)[1] : line))
  .filter((_, k) => k % EVERY === 0);

// One warm-up call, so that compiling the module is not timed.
wasm.rate_sudoku(puzzles[0]);

const times = puzzles.map(() => []);
let unsolved = 0;
for (let round = 0; round < ROUNDS; round++) {
  puzzles.forEach((puzzle, k) => {
    const start = performance.now();
    const grade = wasm.rate_sudoku(puzzle);
    times[k].push(performance.now() - start);
    if (round === 0 && !grade.solved) unsolved++;
  });
}
const median = (list) => [...list].sort((a, b) => a - b)[Math.floor((list.length - 1) / 2)];
const per = times.map(median).sort((a, b) => a - b);
const at = (q) => per[Math.round((per.length - 1) * q)];
console.log(
  `${FILE}: ${puzzles.length} puzzles, ${ROUNDS} rounds; rate_sudoku per puzzle: ` +
    `median ${at(0.5).toFixed(2)} ms, p99 ${at(0.99).toFixed(1)} ms, max ${at(1).toFixed(1)} ms ` +
    `(bar: median <= 10 ms, p99 <= 200 ms); unsolved by logic: ${unsolved}`,
);
