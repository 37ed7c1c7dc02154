// The workloads of the parallel scaling benchmark (issue 15), as Knuth-format texts that
// Node, Chromium and the native `dlx` tool all read, with the counts they must give.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { queens } from '../../tests/js/fixtures/queens.mjs';

export { queens };

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Langford pairs: place two copies of each of 1..n in 2n slots so that the copies of k have
 * k numbers between them. Items: the numbers and the slots; an option per placement. Both a
 * pairing and its reverse count (n = 12: 216,288).
 */
export function langford(n) {
  const lines = [];
  const items = [];
  for (let k = 1; k <= n; k++) items.push(`v${k}`);
  for (let j = 1; j <= 2 * n; j++) items.push(`s${j}`);
  lines.push(items.join(' '));
  for (let k = 1; k <= n; k++) {
    for (let j = 1; j + k + 1 <= 2 * n; j++) lines.push(`v${k} s${j} s${j + k + 1}`);
  }
  return lines.join('\n') + '\n';
}

/**
 * A 9x9 sudoku (81 characters, `.` for a blank) as exact cover: a cell item and row-digit,
 * column-digit and box-digit items; a given cell has only its digit's option.
 */
export function sudoku(puzzle) {
  const items = [];
  for (const kind of ['p', 'r', 'c', 'b']) {
    for (let a = 0; a < 9; a++) for (let b = 0; b < 9; b++) items.push(`${kind}${a}${b}`);
  }
  const lines = [items.join(' ')];
  for (let cell = 0; cell < 81; cell++) {
    const r = Math.floor(cell / 9);
    const c = cell % 9;
    const box = Math.floor(r / 3) * 3 + Math.floor(c / 3);
    const given = puzzle[cell] === '.' ? 0 : Number(puzzle[cell]);
    for (let d = 1; d <= 9; d++) {
      if (given && d !== given) continue;
      lines.push(`p${r}${c} r${r}${d - 1} c${c}${d - 1} b${box}${d - 1}`);
    }
  }
  return lines.join('\n') + '\n';
}

/**
 * A 9x9 puzzle with 593,902 solutions (counted natively with `dlx` and in wasm), 21 givens:
 * the solution of the 17-clue puzzle in tests/js/fixtures/probe.mjs with 60 of its cells
 * erased in a random order, the first such grid whose count passed 10^5.
 */
export const BIG_SUDOKU = '........9.4....1....5...2.3..4...8......4...12...6...4......3...3.5.6......3.84.2';

/** The workloads, in table order: name, what it is, its text, its count. */
export function workloads() {
  return [
    {
      name: 'pentominoes6x10',
      title: '6x10 pentominoes',
      text: readFileSync(join(ROOT, 'www', 'dlx', 'examples', 'pentominoes-6x10.dlx'), 'utf8'),
      count: 9356,
    },
    { name: 'langford12', title: 'Langford pairs n=12', text: langford(12), count: 216288 },
    { name: 'queens13', title: '13 queens', text: queens(13), count: 73712 },
    { name: 'sudoku', title: 'a 9x9 sudoku, 21 givens', text: sudoku(BIG_SUDOKU), count: 593902 },
  ];
}
