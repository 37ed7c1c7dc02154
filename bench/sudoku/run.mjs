// Times dlx-wasm's sudoku solver (the WebAssembly build, in Node) against npm
// dancing-links 4.3.10 on the same puzzles: the first 1,000 of the 17-clue, top1465 and
// forum-hardest-1106 sets from ../shared/data/sudoku/, first solution, microseconds per
// puzzle (best of 9 passes after a warm-up pass, the solvers taking turns). Every solution
// is checked.
//
//   npm ci && node run.mjs
//
// DLX_PKG: the package to load (default: pkg/ at the repository root, as scripts/build.sh
// writes it): its Node entry, node.js, which loads the build the package picks for this
// engine (the simd128 one in Node), as a user's import does; in a bare wasm-bindgen
// `--target web` output without node.js, its dlx_wasm.js. SUDOKU_DATA: the data directory. SUDOKU_SAMPLE: puzzles per set
// (default 1000).

import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DancingLinks } from 'dancing-links';
import { SETS, measure, ours, puzzleLines, theirs } from './solvers.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const pkgDir = resolve(process.env.DLX_PKG ?? join(root, 'pkg'));
const dataDir = resolve(process.env.SUDOKU_DATA ?? join(root, '..', 'shared', 'data', 'sudoku'));
const SAMPLE = Number(process.env.SUDOKU_SAMPLE ?? 1000);

// The main module (dlx-wasm), which has the sudoku exports: through the package's Node
// entry where there is one.
const name = 'dlx_wasm';
const entry = join(pkgDir, 'node.js');
const wasm = await import(pathToFileURL(existsSync(entry) ? entry : join(pkgDir, `${name}.js`)).href);
if (!existsSync(entry)) wasm.initSync({ module: readFileSync(join(pkgDir, `${name}_bg.wasm`)) });
if (typeof wasm.count_sudoku_solutions !== 'function') {
  throw new Error(`${pkgDir} was built before the sudoku exports: rebuild it (scripts/build.sh)`);
}

/** The first SAMPLE puzzles of a set, or null if the file is missing. */
function load(file) {
  const path = join(dataDir, file);
  if (!existsSync(path)) {
    console.log(`skipping ${file}: ${path} not found`);
    return null;
  }
  return puzzleLines(readFileSync(path, 'utf8'), SAMPLE);
}

console.log(`dlx-wasm from ${existsSync(entry) ? entry : join(pkgDir, `${name}.js`)}; Node ${process.version}; npm dancing-links 4.3.10`);
console.log('');
console.log('| set | puzzles | dlx-wasm (wasm) µs | npm dancing-links µs | npm / ours |');
console.log('|---|---|---|---|---|');
const solvers = [ours(wasm), theirs(DancingLinks)];
for (const [name, file] of SETS) {
  const puzzles = load(file);
  if (!puzzles) continue;
  const [a, b] = measure(solvers, puzzles, () => performance.now());
  console.log(`| ${name} | ${puzzles.length} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(2)}x |`);
}
