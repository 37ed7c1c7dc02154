// generate_sudoku's `se` option, in the package in Node: a puzzle whose grade (rate_sudoku's
// score) lies in the range asked for, with `onTarget` saying so, the same from a worker
// (`pool.call`, the pages' way to run it off the main thread); and every bad range refused
// with the same coded Error, every field kept, from the sync call and from the worker.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { PKG, errorFields, requireBuild } from './helpers.mjs';

requireBuild(join(PKG, 'node.js'), join(PKG, 'pool.js'), join(PKG, 'worker-node.js'));
const dlx = await import(pathToFileURL(join(PKG, 'node.js')).href);
const pool = dlx.create_worker_pool(1);
after(() => {
  pool.close();
  dlx.close_worker_pool();
});

/** Ranges across the scale at 9x9, each met from these seeds (natively measured). */
const RANGES = [[1.2, 1.5], [2.0, 3.0], [4.0, 5.0], [6.5, 7.5]];

test('se: the grade lies in the range, onTarget says so, and a worker makes the same puzzle', async () => {
  for (const [min, max] of RANGES) {
    const options = { seed: 2, se: { min, max } };
    const made = dlx.generate_sudoku(options);
    assert.equal(made.onTarget, true, `${min}-${max}: ${made.grade.score}`);
    assert.ok(made.grade.score >= min && made.grade.score <= max, `${min}-${max}: ${made.grade.score}`);
    // The grade is the puzzle's own, as rate_sudoku gives it.
    assert.deepStrictEqual(dlx.rate_sudoku(made.puzzle), made.grade);
    assert.equal(dlx.solve_sudoku(made.puzzle), made.solution);
    assert.deepStrictEqual(await pool.call('generate_sudoku', [options]), made);
  }
  // One end: to the end of the scale.
  const hard = dlx.generate_sudoku({ seed: 4, se: { min: 6 } });
  assert.ok(hard.onTarget && hard.grade.score >= 6, `${hard.grade.score}`);
  // Out of reach (every 4x4 puzzle is easy): the nearest attempt, and onTarget false.
  const missed = dlx.generate_sudoku({ size: 4, seed: 1, se: { min: 6.5, max: 7.5 } });
  assert.equal(missed.onTarget, false);
  assert.ok(missed.grade.score < 6.5);
  // A level is reported the same way.
  assert.equal(dlx.generate_sudoku({ seed: 1, difficulty: 'hard' }).onTarget, true);
});

/** Ranges met by a walk from known puzzles, from seed 0 (natively a few grades of seconds each). */
const KNOWN_RANGES = [[10, 11], [11, 11.5]];

test('se from 10.0 and from 11.0: a puzzle walked from the known ones, in range, with one solution (seconds: a few grades at 10+)', () => {
  for (const [min, max] of KNOWN_RANGES) {
    const made = dlx.generate_sudoku({ seed: 0, se: { min, max } });
    assert.equal(made.onTarget, true, `${min}-${max}: ${made.grade.score}`);
    assert.ok(made.grade.score >= min && made.grade.score <= max, `${min}-${max}: ${made.grade.score}`);
    assert.deepStrictEqual(dlx.rate_sudoku(made.puzzle), made.grade);
    assert.equal(dlx.count_sudoku_solutions(made.puzzle, { limit: 2 }).count, 1);
    assert.equal(dlx.solve_sudoku(made.puzzle), made.solution);
  }
});

test('se from 10.0 with the half turn: a puzzle walked down from a symmetric known one, in range, with one solution, its givens symmetric (a few seconds)', () => {
  const options = { seed: 0, se: { min: 10, max: 11 }, symmetry: 'rotate180' };
  const made = dlx.generate_sudoku(options);
  assert.equal(made.onTarget, true, `${made.grade.score}`);
  assert.ok(made.grade.score >= 10 && made.grade.score <= 11, `${made.grade.score}`);
  assert.deepStrictEqual(dlx.rate_sudoku(made.puzzle), made.grade);
  assert.equal(dlx.count_sudoku_solutions(made.puzzle, { limit: 2 }).count, 1);
  assert.equal(dlx.solve_sudoku(made.puzzle), made.solution);
  const cells = made.puzzle.replace(/\s/g, '');
  assert.equal(cells.length, 81);
  const given = (k) => /[1-9]/.test(cells[k]);
  for (let k = 0; k < 81; k += 1) assert.equal(given(k), given(80 - k), `cell ${k} of ${cells}`);
  assert.equal(dlx.generate_sudoku(options).puzzle, made.puzzle);
});

test('a bad se range is an invalid_argument naming its path, from the sync call and a worker alike', async () => {
  const cases = [
    [{ se: { min: 3, max: 2 } }, 'options.se', /min is above max/],
    [{ se: { min: 0.5 } }, 'options.se', /scale/],
    [{ se: { max: 12.5 } }, 'options.se', /scale/],
    [{ se: { min: Number.NaN } }, 'options.se', /scale/],
    [{ se: { max: Infinity } }, 'options.se', /scale/],
    [{ se: { min: '2' } }, 'options.se.min', /expected a number/],
    [{ se: { max: 9n } }, 'options.se.max', /expected a number/],
    [{ se: { lo: 1 } }, 'options.se.lo', /unknown key \(the keys of options\.se are min, max\)/],
    [{ se: 5 }, 'options.se', /expected an object/],
    [{ se: [1, 2] }, 'options.se', /expected an object/],
    [{ se: { min: 2, max: 3 }, difficulty: 'hard' }, 'options.se', /either a difficulty or an se range/],
    [{ size: 20, se: { min: 2, max: 3 } }, 'options.se', /above 16x16/],
  ];
  for (const [options, path, message] of cases) {
    let thrown;
    assert.throws(() => dlx.generate_sudoku(options), (error) => {
      thrown = error;
      return error instanceof Error && error.code === 'invalid_argument' && error.path === path && message.test(error.message);
    }, JSON.stringify(options, (_, v) => (typeof v === 'bigint' ? `${v}n` : v)));
    await assert.rejects(pool.call('generate_sudoku', [options]), (error) => {
      assert.deepStrictEqual(errorFields(error), errorFields(thrown));
      return true;
    });
  }
});
