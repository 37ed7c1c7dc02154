// The sudoku benchmark's measuring code, the same in Node (run.mjs) and in Chromium
// (page.mjs): the two solvers, the solution check and the timing loop.

export const PASSES = 9;

/** The sets: [name, file in ../shared/data/sudoku/]. */
export const SETS = [
  ['17-clue', 'puzzles2_17_clue'],
  ['top1465', 'puzzles3_magictour_top1465'],
  ['hardest_1106', 'puzzles6_forum_hardest_1106'],
];

/** The first `sample` puzzles of a set file's text. */
export function puzzleLines(text, sample) {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .slice(0, sample);
}

/** Checks an 81-character solution: valid rows, columns, boxes, givens kept. */
export function check(puzzle, solution) {
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

/** dlx-wasm (the `dlx-wasm/sudoku` module): the puzzle line in, the solution line out. */
export function ours(wasm) {
  return (puzzle) => wasm.solve_sudoku(puzzle);
}

/**
 * npm dancing-links as a typical user drives it: 324 columns (cell, row-digit,
 * column-digit, box-digit), an option per cell and digit but only the given digit's option
 * for a given cell, sparse constraints, findOne.
 */
export function theirs(DancingLinks) {
  const dlx = new DancingLinks();
  return (puzzle) => {
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
  };
}

/**
 * Microseconds per puzzle for each solver (`now()` in milliseconds): the best of PASSES
 * passes, after one untimed pass, the solvers taking turns pass by pass so that load from
 * other processes hits them alike.
 */
export function time(solvers, puzzles, now) {
  let sink = 0;
  for (const solve of solvers) for (const p of puzzles) sink += solve(p)?.length ?? 0;
  const best = solvers.map(() => Infinity);
  for (let k = 0; k < PASSES; k++) {
    solvers.forEach((solve, j) => {
      const start = now();
      for (const p of puzzles) sink += solve(p)?.length ?? 0;
      best[j] = Math.min(best[j], ((now() - start) * 1e3) / puzzles.length);
    });
  }
  if (sink === 0) throw new Error('nothing solved');
  return best;
}

/** Checks every solution of both solvers, then times them: `[ours µs, theirs µs]`. */
export function measure(solvers, puzzles, now) {
  for (const p of puzzles) for (const solve of solvers) check(p, solve(p));
  return time(solvers, puzzles, now);
}
