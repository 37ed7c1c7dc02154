// Times dlx-wasm's sudoku solver (the WebAssembly build, in Node) against npm
// dancing-links 4.3.10 on the same puzzles: the first 1,000 of the 17-clue, top1465 and
// forum-hardest-1106 sets from ../shared/data/sudoku/, first solution, microseconds per
// puzzle (best of 9 passes after a warm-up pass, the solvers taking turns). Every solution
// is checked.
//
//   npm ci && node run.mjs
//
// DLX_PKG: the wasm-bindgen `--target web` output to load (default: pkg/ at the repository
// root, as scripts/build.sh writes it; its dlx_wasm_sudoku.js, or dlx_wasm.js in builds from
// before the split). SUDOKU_DATA: the data directory. SUDOKU_SAMPLE: puzzles per set
// (default 1000).

import { readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { DancingLinks } from 'dancing-links';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const pkgDir = resolve(process.env.DLX_PKG ?? join(root, 'pkg'));
const dataDir = resolve(process.env.SUDOKU_DATA ?? join(root, '..', 'shared', 'data', 'sudoku'));
const SAMPLE = Number(process.env.SUDOKU_SAMPLE ?? 1000);
const PASSES = 9;

// The module with the sudoku exports (dlx-wasm/sudoku); a build from before the package had
// two modules has them in dlx_wasm.js.
const name = existsSync(join(pkgDir, 'dlx_wasm_sudoku.js')) ? 'dlx_wasm_sudoku' : 'dlx_wasm';
const wasm = await import(pathToFileURL(join(pkgDir, `${name}.js`)).href);
wasm.initSync({ module: readFileSync(join(pkgDir, `${name}_bg.wasm`)) });
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
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .slice(0, SAMPLE);
}

/** Checks an 81-character solution: valid rows, columns, boxes, givens kept. */
function check(puzzle, solution) {
  if (typeof solution !== 'string' || solution.length !== 81) {
    throw new Error(`no solution for ${puzzle}: ${solution}`);
  }
  for (let k = 0; k < 81; k++) {
    if (puzzle[k] !== '.' && puzzle[k] !== '0' && puzzle[k] !== solution[k]) {
      throw new Error(`a given changed: ${puzzle} -> ${solution}`);
    }
  }
  for (let unit = 0; unit < 9; unit++) {
    const seen = [new Set(), new Set(), new Set()];
    for (let j = 0; j < 9; j++) {
      const r = Math.floor(unit / 3) * 3 + Math.floor(j / 3);
      const c = (unit % 3) * 3 + (j % 3);
      seen[0].add(solution[unit * 9 + j]);
      seen[1].add(solution[j * 9 + unit]);
      seen[2].add(solution[r * 9 + c]);
    }
    if (seen.some((s) => s.size !== 9 || s.has('0') || s.has('.'))) {
      throw new Error(`not a sudoku grid: ${solution}`);
    }
  }
}

/** dlx-wasm: the puzzle line in, the solution line out. */
function ours(puzzle) {
  return wasm.solve_sudoku(puzzle);
}

/**
 * npm dancing-links as a typical user drives it: 324 columns (cell, row-digit,
 * column-digit, box-digit), an option per cell and digit but only the given digit's option
 * for a given cell, sparse constraints, findOne.
 */
const dlx = new DancingLinks();
function theirs(puzzle) {
  const solver = dlx.createSolver({ columns: 324 });
  const constraints = [];
  for (let cell = 0; cell < 81; cell++) {
    const r = Math.floor(cell / 9);
    const c = cell % 9;
    const b = Math.floor(r / 3) * 3 + Math.floor(c / 3);
    const code = puzzle.charCodeAt(cell);
    const given = code >= 49 && code <= 57 ? code - 48 : 0;
    for (let d = 0; d < 9; d++) {
      if (given && given !== d + 1) continue;
      constraints.push({
        data: cell * 9 + d,
        columnIndices: [cell, 81 + r * 9 + d, 162 + c * 9 + d, 243 + b * 9 + d],
      });
    }
  }
  solver.addSparseConstraints(constraints);
  const [solution] = solver.findOne();
  if (!solution) return null;
  const grid = new Array(81);
  for (const { data } of solution) grid[Math.floor(data / 9)] = String((data % 9) + 1);
  return grid.join('');
}

/**
 * Microseconds per puzzle for each solver: the best of PASSES passes, after one untimed
 * pass, the solvers taking turns pass by pass so that load from other processes hits them
 * alike.
 */
function time(solvers, puzzles) {
  let sink = 0;
  for (const solve of solvers) for (const p of puzzles) sink += solve(p)?.length ?? 0;
  const best = solvers.map(() => Infinity);
  for (let k = 0; k < PASSES; k++) {
    solvers.forEach((solve, j) => {
      const start = process.hrtime.bigint();
      for (const p of puzzles) sink += solve(p)?.length ?? 0;
      best[j] = Math.min(best[j], Number(process.hrtime.bigint() - start) / 1e3 / puzzles.length);
    });
  }
  if (sink === 0) throw new Error('nothing solved');
  return best;
}

const sets = [
  ['17-clue', 'puzzles2_17_clue'],
  ['top1465', 'puzzles3_magictour_top1465'],
  ['hardest_1106', 'puzzles6_forum_hardest_1106'],
];

console.log(`dlx-wasm from ${join(pkgDir, name)}.js; Node ${process.version}; npm dancing-links 4.3.10`);
console.log('');
console.log('| set | puzzles | dlx-wasm (wasm) µs | npm dancing-links µs | npm / ours |');
console.log('|---|---|---|---|---|');
for (const [name, file] of sets) {
  const puzzles = load(file);
  if (!puzzles) continue;
  for (const p of puzzles) {
    check(p, ours(p));
    check(p, theirs(p));
  }
  const [a, b] = time([ours, theirs], puzzles);
  console.log(`| ${name} | ${puzzles.length} | ${a.toFixed(1)} | ${b.toFixed(1)} | ${(b / a).toFixed(2)}x |`);
}
