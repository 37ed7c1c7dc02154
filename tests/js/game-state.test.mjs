// The sudoku page's game state (www/sudoku/game.js) in Node, without a browser: plain data
// and pure functions for entries, notes (pruned on entry from the package's peers), setter
// mode, colours, undo and redo across whole games, the timer, saving, and the words the page
// shows (www/sudoku/messages.js), and what a logical step shows and does (step-state.js,
// step-words.js: loaded after the page's first script, their reducers added here). The
// rules the page plays by (box shapes, peers, levels, technique names) are the package's:
// checked here against what the page does with them.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { PKG, ROOT, requireBuild } from './helpers.mjs';

requireBuild(join(PKG, 'node.js'));
const dlx = await import(pathToFileURL(join(PKG, 'node.js')).href);
const G = await import(pathToFileURL(join(ROOT, 'www', 'sudoku', 'game.js')).href);
const M = await import(pathToFileURL(join(ROOT, 'www', 'sudoku', 'messages.js')).href);
const S = await import(pathToFileURL(join(ROOT, 'www', 'sudoku', 'state.js')).href);
// A logical step's overlay, reducers and words: the page loads them after its first script.
const SS = await import(pathToFileURL(join(ROOT, 'www', 'sudoku', 'step-state.js')).href);
const W = await import(pathToFileURL(join(ROOT, 'www', 'sudoku', 'step-words.js')).href);
S.addReducers(SS.STEP_REDUCERS);
const { Clock } = await import(pathToFileURL(join(ROOT, 'www', 'sudoku', 'clock.js')).href);

const INKALA =
  '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';
const inkala = () => G.createGame({ n: 9, boxRows: 3, boxCols: 3, givens: INKALA });
/** An empty game of size `n`, with the box shape the package gives that size. */
const emptyGame = (n) => {
  const { boxRows, boxCols } = dlx.sudoku_layout(n);
  return G.createGame({ n, boxRows, boxCols, givens: '.'.repeat(n * n) });
};
/** The peers of the 9 x 9 cells, from the package. */
const PEERS = dlx.sudoku_layout(9).peers;

describe('game state', () => {
  test('a game holds givens, entries and notes as plain data', () => {
    const game = inkala();
    assert.equal(G.givensLine(game), INKALA);
    assert.equal(G.currentLine(game), INKALA);
    assert.equal(G.entriesLine(game), '.'.repeat(81));
    assert.equal(G.hasProgress(game), false);
    // JSON round trip keeps everything.
    assert.deepEqual(JSON.parse(JSON.stringify(game)), game);
  });

  test('every size from 4 to 25 is a game, with the engine’s box shapes; others throw', () => {
    for (const n of G.SIZES) {
      const game = emptyGame(n);
      assert.equal(game.givens.length, n * n);
      assert.equal(game.boxRows * game.boxCols, n);
      // The package's shape is the one it reads a puzzle of that size with.
      const read = dlx.read_sudoku('.'.repeat(n * n));
      assert.deepEqual([read.boxRows, read.boxCols], [game.boxRows, game.boxCols], `${n}`);
    }
    assert.deepEqual([emptyGame(12).boxRows, emptyGame(12).boxCols], [3, 4]);
    assert.deepEqual([emptyGame(8).boxRows, emptyGame(8).boxCols], [2, 4]);
    assert.deepEqual([emptyGame(7).boxRows, emptyGame(7).boxCols], [1, 7]);
    assert.throws(() => dlx.sudoku_layout(3), (e) => e.code === 'unsupported_size');
    assert.throws(() => dlx.sudoku_layout(26), (e) => e.code === 'invalid_argument' && e.path === 'size');
    assert.throws(() => G.createGame({ n: 3, boxRows: 1, boxCols: 3, givens: '.........' }), /sizes 4 to 25/);
    assert.throws(() => G.createGame({ n: 9, boxRows: 3, boxCols: 3, givens: '...' }), /81 cells/);
    assert.throws(() => G.createGame({ n: 9, givens: '.'.repeat(81) }), /boxes/);
    assert.throws(() => G.createGame({ n: 9, boxRows: 2, boxCols: 4, givens: '.'.repeat(81) }), /boxes of 2 × 4/);
  });

  test('functions never change their argument', () => {
    const game = inkala();
    const before = JSON.stringify(game);
    G.enter(game, 1, 1);
    G.toggleNote(game, 2, 4);
    G.paint(game, 3, 2);
    G.setGiven(game, 1, 5);
    G.clearEntries(G.enter(game, 1, 1));
    assert.equal(JSON.stringify(game), before);
  });

  test('entering a digit prunes it from the notes of its row, column and box (optional)', () => {
    let game = inkala();
    for (const k of [2, 9 * 4 + 1, 10, 80]) game = G.toggleNote(game, k, 4);
    game = G.toggleNote(game, 2, 5);
    const pruned = G.enter(game, 1, 4, { prune: PEERS[1] });
    assert.equal(pruned.notes[2], 1 << 4, 'row: 4 gone, 5 kept');
    assert.equal(pruned.notes[37], 0, 'column');
    assert.equal(pruned.notes[10], 0, 'box');
    assert.equal(pruned.notes[80], 1 << 3, 'elsewhere kept');
    const kept = G.enter(game, 1, 4, { prune: [] });
    assert.equal(kept.notes[37], 1 << 3);
    // One Undo takes the entry and the pruning back.
    assert.deepEqual(G.undo(pruned).notes, game.notes);
    // The package's peers: row, column and box, the cell itself left out.
    assert.equal(PEERS[0].length, 20);
    assert.deepEqual(PEERS[0].slice(0, 10), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.ok(!PEERS[40].includes(40) && PEERS[40].includes(30) && PEERS[40].includes(76));
  });

  test('givens do not change; notes only in empty cells; erase takes the entry, then notes', () => {
    let game = inkala();
    assert.equal(G.enter(game, 0, 1), game);
    game = G.toggleNote(game, 1, 2);
    game = G.toggleNote(game, 1, 3);
    assert.equal(game.notes[1], 0b110);
    game = G.enter(game, 1, 2);
    assert.equal(game.notes[1], 0);
    assert.equal(G.toggleNote(game, 1, 5), game);
    game = G.erase(game, 1);
    assert.equal(game.entries[1], 0);
  });

  test('setter mode writes givens; entries can become givens', () => {
    let game = emptyGame(9);
    game = G.setGiven(game, 0, 5);
    game = G.setGiven(game, 1, 3);
    assert.equal(G.givensLine(game).slice(0, 3), '53.');
    game = G.enter(game, 4, 7);
    game = G.entriesToGivens(game);
    assert.equal(G.givensLine(game).slice(0, 5), '53..7');
    assert.equal(G.entriesLine(game), '.'.repeat(81));
    assert.equal(G.undo(game).entries[4], 7);
  });

  test('a new game is undoable: Undo brings the old one back whole, size and all', () => {
    let game = G.enter(inkala(), 1, 1);
    game = G.addTime(game, 65_000);
    const other = emptyGame(4);
    const replaced = G.replaceGame(game, other);
    assert.equal(replaced.n, 4);
    assert.equal(replaced.elapsed, 0);
    assert.ok(G.canUndo(replaced));
    const back = G.undo(replaced);
    assert.equal(back.n, 9);
    assert.equal(G.givensLine(back), INKALA);
    assert.equal(back.entries[1], 1);
    assert.equal(back.elapsed, 65_000);
    assert.ok(G.otherPuzzle(back, replaced));
    const again = G.redo(back);
    assert.equal(again.n, 4);
    assert.equal(again.elapsed, 0);
    // And the entry before it is still undoable.
    assert.equal(G.undo(back).entries[1], 0);
  });

  test('colours, candidates, clearing, filling a solution', () => {
    let game = G.paint(inkala(), 5, 3);
    assert.equal(game.colors[5], 3);
    assert.equal(G.paint(game, 5, 3).colors[5], 0, 'the same colour again removes it');
    const candidates = Array(81).fill(null);
    candidates[1] = ['1', '2'];
    game = G.withCandidates(game, candidates);
    assert.equal(game.notes[1], 0b11);
    game = G.clearEntries(game);
    assert.equal(game.notes[1], 0);
    assert.equal(game.colors[5], 3);
    const solution = '812753649943682175675491283154237896369845721287169534521974368438526917796318452';
    const solved = G.fillSolution(game, solution);
    assert.equal(G.currentLine(solved), solution);
    assert.equal(solved.solvedByEngine, true);
    assert.ok(G.isFull(solved));
    assert.equal(G.emptyCount(game), 60);
  });

  test('mistakes compare entries with the known solution', () => {
    const solution = '812753649943682175675491283154237896369845721287169534521974368438526917796318452';
    let game = G.withSolution(inkala(), solution, true);
    game = G.enter(game, 1, 1); // right
    game = G.enter(game, 2, 5); // wrong (2)
    assert.deepEqual([...G.mistakes(game)], [2]);
    assert.equal(G.mistakes(inkala()).size, 0, 'no solution known, no mistakes');
  });

  test('saved and loaded, with the time played; junk loads as nothing', () => {
    let game = G.enter(inkala(), 1, 1);
    game = G.toggleNote(game, 2, 4);
    game = G.paint(game, 3, 1);
    game = G.addTime(game, 1234);
    const back = G.load(G.save(game));
    for (const key of ['n', 'givens', 'entries', 'notes', 'colors', 'elapsed']) {
      assert.deepEqual(back[key], game[key], key);
    }
    assert.equal(G.load('not json'), null);
    assert.equal(G.load(''), null);
    assert.equal(G.load('{"v":1,"n":3}'), null);
    assert.equal(G.load('{"v":2}'), null);
  });

  test('the history is bounded', () => {
    let game = inkala();
    for (let k = 0; k < G.HISTORY_LIMIT + 20; k++) game = G.toggleNote(game, 1, 1 + (k % 9));
    assert.equal(game.past.length, G.HISTORY_LIMIT);
  });

  test('words: clock, sizes, plurals, percentages, durations, engine messages', () => {
    assert.equal(M.clock(0), '0:00');
    assert.equal(M.clock(247_000), '4:07');
    assert.equal(M.clock(3_729_000), '1:02:09');
    assert.equal(M.sizeName(8), 'an 8 × 8');
    assert.equal(M.sizeName(9), 'a 9 × 9');
    assert.equal(M.sizeName(11), 'an 11 × 11');
    assert.equal(M.plural(1, 'item'), '1 item');
    assert.equal(M.plural(2, 'item'), '2 items');
    assert.equal(M.percent(0), 'no estimate yet');
    assert.equal(M.percent(0.5), '50.0%');
    assert.doesNotMatch(M.percent(1e-12), /^0\.0+%$/);
    assert.match(M.roughDuration(3e17), /years/);
    assert.equal(M.roughDuration(90), 'about 2 minutes');
    // Powers of ten in superscript digits (plain text: the page sets it as text), never a caret.
    assert.equal(M.scientific(1.234e21), '1.2 × 10²¹');
    assert.equal(M.scientific(6.67e21, 2), '6.67 × 10²¹');
    assert.equal(M.scientific(3.4e-13), '3.4 × 10⁻¹³');
    assert.equal(M.scientific(1e100), '1.0 × 10¹⁰⁰');
    assert.equal(M.percent(3.4e-15), '3.4 × 10⁻¹³%');
    assert.equal(M.roughDuration(3e17 * 365.25 * 86400), 'about 3.0 × 10¹⁷ years');
    assert.equal(M.EMPTY_9X9, '6.67 × 10²¹');
    for (const text of [M.percent(1e-12), M.roughDuration(1e30), M.EMPTY_9X9]) assert.doesNotMatch(text, /\^|e[+-]/);
    assert.equal(M.plainWords('invalid character `x` at row 3'), 'invalid character “x” at row 3');
    const error = { code: 'conflicting_givens', message: 'conflicting givens: 5 appears twice in row 1' };
    assert.match(M.explainError(error, { entries: true }), /^Fix the conflicts among your entries and the givens first: 5 appears twice in row 1/);
    assert.doesNotMatch(M.explainError(error, { entries: true }), /conflicting givens/);
    // Hints and the step-by-step path refuse a puzzle without exactly one solution: said as a sentence.
    assert.equal(M.explainError({ code: 'no_solution', message: 'this puzzle has no solution' }), 'This puzzle has no solution.');
    assert.equal(
      M.explainError({ code: 'multiple_solutions', found: 2, message: 'this puzzle has more than one solution (at least 2): a logical grade needs a unique one' }),
      'This puzzle has more than one solution (at least 2): a logical grade needs a unique one.',
    );
  });

  test('Import\'s errors: givens that clash were read; one full stop', () => {
    const clash = { code: 'conflicting_givens', message: 'conflicting givens: `5` at row 1, column 1 and at row 1, column 2 (both in row 1 and box 1)' };
    assert.equal(
      M.importError(clash),
      'The givens clash, so the puzzle was not imported: “5” at row 1, column 1 and at row 1, column 2 (both in row 1 and box 1).',
    );
    assert.equal(
      M.importError({ code: 'wrong_cell_count', message: 'wrong cell count: found 2 cells (4x4 has 16).' }),
      'Could not read that puzzle: wrong cell count: found 2 cells (4x4 has 16).',
    );
  });

  test('a count’s progress words, with a warning when it would take forever', () => {
    const quick = M.countProgress({ solutions: 12, fraction: 0.5, seconds: 2 });
    assert.equal(quick.warning, false);
    assert.equal(quick.text, 'Counting: 12 solutions so far, about 50.0% of the search done (2.0 s).');
    const endless = M.countProgress({ solutions: 5000, fraction: 1e-15, seconds: 3, emptyNine: true });
    assert.equal(endless.warning, true);
    assert.match(endless.text, /would take about .* years: an empty 9 × 9 grid has about 6\.67 × 10²¹ solutions\. Cancel, or add givens\.$/);
    assert.doesNotMatch(endless.text, /0\.0000%/);
    assert.doesNotMatch(endless.text, /\^/);
    assert.match(M.countProgress({ solutions: 1, fraction: 0, seconds: 3 }).text, /no estimate yet.*far too long/);
  });

  test('a cancelled count says how many solutions it had found', () => {
    assert.equal(
      M.countCancelled({ solutions: 1234567, fraction: 0.25, seconds: 3.04 }),
      'Cancelled the count after 3.0 s, with 1,234,567 solutions found, about 25.0% of the search done. The solver was restarted; the page is ready.',
    );
    assert.equal(
      M.countCancelled({ solutions: 1, fraction: 0, seconds: 0.2 }),
      'Cancelled the count after 0.2 s, with 1 solution found. The solver was restarted; the page is ready.',
    );
    assert.equal(
      M.countCancelled({ seconds: 0.2 }),
      'Cancelled the count after 0.2 s, before any solution was counted. The solver was restarted; the page is ready.',
    );
  });

  test('the clock adds its runs to the time played, and only while it runs', () => {
    let t = 1000;
    const clock = new Clock(() => t);
    let game = inkala();
    assert.equal(clock.peek(game).elapsed, 0);
    clock.start();
    t += 1500;
    assert.equal(clock.peek(game).elapsed, 1500);
    game = clock.take(game);
    assert.equal(game.elapsed, 1500);
    t += 500;
    game = clock.stop(game);
    assert.equal(game.elapsed, 2000);
    assert.equal(clock.running, false);
    t += 10_000; // paused
    assert.equal(clock.stop(game).elapsed, 2000);
    clock.start();
    clock.start(); // twice is once
    t += 250;
    assert.equal(clock.peek(game).elapsed, 2250);
  });

  test('difficulty levels per size: the package’s, which generate_sudoku keeps to', () => {
    const all = ['easy', 'medium', 'hard', 'expert', 'diabolical'];
    const levels = (n) => dlx.sudoku_layout(n).levels;
    assert.deepEqual(levels(4), ['easy']);
    assert.deepEqual(levels(9), all);
    assert.deepEqual(levels(6), all);
    assert.deepEqual(levels(5), ['easy', 'expert', 'diabolical']);
    assert.deepEqual(levels(16), all);
    assert.deepEqual(levels(17), ['easy']);
    assert.deepEqual(levels(25), ['easy']);
    // A level it does not offer above 16 x 16 is refused.
    assert.throws(() => dlx.generate_sudoku({ size: 17, difficulty: 'medium' }), (e) => e.path === 'options.difficulty');
    assert.match(M.levelNote(6, levels(6)), /Some levels are rare at 6 × 6/);
    assert.match(M.levelNote(20, levels(20)), /easy puzzles only/);
    assert.match(M.levelNote(4, levels(4)), /Every 4 × 4 puzzle is easy/);
    assert.equal(M.levelNote(9, levels(9)), '');
  });
});

test('candidate masks for sudoku_hint: built from candidate lists, then narrowed by eliminations', () => {
  const masks = SS.candidateMasks([['1', '3'], null, ['2', 'A']]);
  assert.deepEqual(masks, [0b101, 0, 0b10 | (1 << 9)]);
  const narrowed = SS.withoutCandidates(masks, [{ cell: 0, symbol: '3' }, { cell: 2, symbol: 'A' }]);
  assert.deepEqual(narrowed, [0b1, 0, 0b10]);
  assert.deepEqual(masks, [0b101, 0, 0b10 | (1 << 9)], 'the input is left as it was');
});

describe('#16 logical steps on the grid', () => {
  const cand = (cell, symbol) => ({ cell, row: Math.floor(cell / 4) + 1, column: (cell % 4) + 1, symbol });
  const game = () => G.createGame({ n: 4, boxRows: 2, boxCols: 2, givens: '1.....3.........' });
  const pair = {
    technique: 'naked_pair',
    cells: [1, 2],
    candidates: [cand(1, '2'), cand(1, '4'), cand(2, '2'), cand(2, '4')],
    eliminations: [cand(3, '2'), cand(3, '4')],
    placement: null,
  };

  test('the overlay: pattern cells and candidates, struck candidates, placement', () => {
    const o = SS.stepOverlay(pair);
    assert.deepEqual([...o.cells], [1, 2]);
    assert.deepEqual([...o.pattern], [[1, 0b1010], [2, 0b1010]]);
    assert.deepEqual([...o.struck], [[3, 0b1010]]);
    assert.equal(o.place, null);
    assert.equal(o.missing, -1);
    const single = SS.stepOverlay({ technique: 'naked_single', cells: [5], candidates: [], eliminations: [], placement: cand(5, '3') });
    assert.deepEqual(single.place, { cell: 5, v: 3 });
    const missing = SS.stepOverlay({ technique: 'missing_candidate', cells: [7], candidates: [cand(7, '1')], eliminations: [], placement: null });
    assert.equal(missing.missing, 7);
  });

  test('Apply: eliminations fill in candidates first when there are no marks, and undo in one step', () => {
    const g = game();
    const base = g.givens.map((v) => (v ? 0 : 0b1111));
    const applied = G.applyStep(g, pair, { base });
    assert.equal(applied.notes[3], 0b0101, 'the eliminated candidates are gone');
    assert.equal(applied.notes[5], 0b1111, 'every other empty cell shows its candidates');
    assert.equal(applied.notes[0], 0, 'a given has no marks');
    assert.deepEqual(G.undo(applied).notes, g.notes);
    // With the player's own marks, only those of the eliminated cells change.
    const marked = G.toggleNote(G.toggleNote(g, 3, 2), 3, 1);
    const after = G.applyStep(marked, pair, { base });
    assert.equal(after.notes[3], 0b0001);
    assert.equal(after.notes[5], 0);
  });

  test('Apply: a placement enters its symbol; a missing pencil mark is put back', () => {
    const g = game();
    const placed = G.applyStep(g, { technique: 'hidden_single', cells: [5], candidates: [], eliminations: [], placement: cand(5, '3') });
    assert.equal(placed.entries[5], 3);
    // A wrong entry's correction replaces it.
    const wrong = G.enter(g, 5, 4);
    const fixed = G.applyStep(wrong, { technique: 'wrong_entry', cells: [5], candidates: [], eliminations: [], placement: cand(5, '3') });
    assert.equal(fixed.entries[5], 3);
    assert.equal(G.undo(fixed).entries[5], 4);
    const marked = G.toggleNote(g, 7, 2);
    const back = G.applyStep(marked, { technique: 'missing_candidate', cells: [7], candidates: [cand(7, '1')], eliminations: [], placement: null });
    assert.equal(back.notes[7], 0b11);
  });

  test('the path state before step k: placements so far and candidates removed so far', () => {
    const steps = [pair, { technique: 'naked_single', cells: [5], candidates: [], eliminations: [], placement: cand(5, '3') }];
    const givens = G.values('1...............');
    assert.deepEqual(SS.pathState(givens, steps, 0).grid, givens);
    const one = SS.pathState(givens, steps, 1);
    assert.equal(one.removed[3], 0b1010);
    assert.equal(one.grid[5], 0);
    assert.equal(SS.pathState(givens, steps, 2).grid[5], 3);
  });

  test('technique names a player reads: each step’s title, from the package', () => {
    const XWING = '.7..9..4.14.2.8.379...1...8.8.....9.2.1.4.6.34.......1.1.....2....629...7...8...9';
    const { steps } = dlx.sudoku_solve_path(XWING);
    const titles = new Map(steps.map((step) => [step.technique, step.title]));
    assert.equal(titles.get('x_wing'), 'X-Wing');
    assert.equal(titles.get('hidden_single'), 'Hidden single');
    for (const step of steps) assert.match(step.title, /^[A-Z][\w+() -]*$/, step.technique);
    // A pencil mark that leaves out the solution's symbol.
    const right = Number(dlx.solve_sudoku(XWING)[2]);
    const marks = Array(81).fill(0);
    marks[2] = 1 << (right % 9); // one mark, not the solution's symbol
    const hint = dlx.sudoku_hint(XWING, '.'.repeat(81), marks);
    assert.equal(hint.technique, 'missing_candidate');
    assert.equal(hint.title, 'Missing pencil mark');
  });
});

describe('the page as a learner’s coach', () => {
  test('#6 notes pruned by an entry come back when it is erased or replaced, across Undo and a save', () => {
    let g = G.createGame({ n: 4, boxRows: 2, boxCols: 2, givens: '.'.repeat(16) });
    for (const [cell, v] of [[0, 1], [0, 2], [1, 1], [4, 1], [15, 1]]) g = G.toggleNote(g, cell, v);
    const marked = [...g.notes];
    const peers = dlx.sudoku_layout(4).peers;
    const typed = G.enter(g, 0, 1, { prune: peers[0] }); // a mistyped 1: pruned from r1c2 and r2c1, not r4c4
    assert.deepEqual(typed.notes.slice(0, 5), [0, 0, 0, 0, 0]);
    assert.equal(typed.notes[15], 1);
    assert.deepEqual(G.erase(typed, 0).notes, marked, 'erased: every mark is back');
    assert.deepEqual(G.erase(G.load(G.save(typed)), 0).notes, marked, 'and after a reload');
    const replaced = G.enter(typed, 0, 3, { prune: peers[0] });
    assert.equal(replaced.notes[1], 1, 'the 1 is back in r1c2');
    assert.deepEqual(G.erase(replaced, 0).notes, marked);
    assert.deepEqual(G.erase(G.redo(G.undo(typed)), 0).notes, marked);
  });

  test('#8 Apply counts the candidates it took out of what the grid showed', () => {
    const g = G.createGame({ n: 4, boxRows: 2, boxCols: 2, givens: '.'.repeat(16) });
    const candidates = g.notes.map(() => 0b1111);
    // Two hints' eliminations (cells 0 and 1) written at once into a grid without marks.
    const base = SS.withoutCandidates(candidates, [{ cell: 0, symbol: '1' }]);
    const step = { technique: 'x_wing', eliminations: [{ cell: 1, symbol: '2' }, { cell: 1, symbol: '3' }] };
    const applied = G.applyStep(g, step, { base });
    assert.equal(G.candidatesRemoved(g, applied, candidates), 3);
  });

  test('#5 an ambiguous 0-F grid: what Import says names both readings', () => {
    const text = M.importError({
      code: 'ambiguous_alphabet',
      size: 16,
      alphabets: ['0-9A-F', '1-9A-G'],
      message: 'ambiguous alphabet: this 16x16 grid reads two ways; pass the alphabet `0-9A-F` or `1-9A-G`',
    });
    assert.match(text, /^Not imported: this 16 × 16 grid reads two ways, with 0 as a symbol \(0-9A-F\) or with 0 as an empty cell \(1-9A-G\)\./);
    assert.doesNotMatch(text, /pass the alphabet/);
  });
});

describe('the page’s state (www/sudoku/state.js): one dispatch, pure reducers', () => {
  test('another puzzle drops what the engine said about the last one; progress keeps it', () => {
    let state = S.initialState(inkala());
    state = S.reduce(state, { type: 'conflicts', conflicts: new Set([1, 2]) });
    state = S.reduce(state, { type: 'hinted', cell: 5 });
    state = S.reduce(state, { type: 'checked', cells: new Set([7]) });
    const before = state;
    const progressed = S.reduce(state, { type: 'game', game: G.enter(state.game, 1, 1) });
    assert.deepEqual([...progressed.conflicts], [1, 2], 'the same puzzle: conflicts stay until the engine says');
    assert.equal(progressed.hinted, 5);
    assert.equal(progressed.checked.size, 0, 'Check marks go at any change');
    const other = S.reduce(state, { type: 'game', game: G.createGame({ n: 4, boxRows: 2, boxCols: 2, givens: '.'.repeat(16) }) });
    assert.equal(other.conflicts.size, 0);
    assert.equal(other.hinted, -1);
    assert.deepEqual([...before.conflicts], [1, 2], 'the old state is unchanged');
    assert.throws(() => S.reduce(state, { type: 'no_such_action' }), /no reducer/);
  });

  test('a hint on show goes with the next game; a stale step of the path is ignored', () => {
    const step = dlx.sudoku_hint(INKALA, '.'.repeat(81));
    const state = S.reduce(S.initialState(inkala()), { type: 'hint', hint: { step } });
    assert.ok(state.hint);
    assert.equal(S.reduce(state, { type: 'game', game: G.enter(state.game, 1, 1) }).hint, null);
    const steps = [{}, {}];
    const walk = { givens: [], steps, solved: true, k: 0, shown: 0, candidates: new Map([[0, [1]]]) };
    const walking = S.reduce(state, { type: 'walk', walk });
    assert.equal(walking.hint, null);
    // Two keys in a row: the second walks on from the step the first asked for, while the
    // drawn step waits for its candidates.
    const asked = S.reduce(S.reduce(walking, { type: 'walkTo', steps, k: 1 }), { type: 'walkTo', steps, k: 2 });
    assert.deepEqual([asked.walk.k, asked.walk.shown], [2, 0]);
    const late = S.reduce(asked, { type: 'walkCandidates', steps, k: 1, masks: [3] });
    assert.deepEqual([late.walk.k, late.walk.shown], [2, 0], 'not the step asked for');
    const moved = S.reduce(late, { type: 'walkCandidates', steps, k: 2, masks: [4] });
    assert.deepEqual([moved.walk.k, moved.walk.shown], [2, 2]);
    assert.deepEqual(moved.walk.candidates.get(1), [3]);
    assert.equal(S.reduce(moved, { type: 'walkTo', steps, k: 1 }).walk.shown, 1, 'known candidates: drawn at once');
    assert.equal(walk.candidates.size, 1, 'the old walk is unchanged');
    assert.equal(S.reduce(moved, { type: 'walkTo', steps: [{}], k: 0 }), moved, 'a step of another walk');
  });

  test('the layout is the game’s only while its size and boxes match', () => {
    const layout = dlx.sudoku_layout(9);
    const state = S.reduce(S.initialState(inkala()), { type: 'layout', layout });
    assert.equal(S.layoutOf(state), layout);
    const four = S.reduce(state, { type: 'game', game: G.createGame({ n: 4, boxRows: 2, boxCols: 2, givens: '.'.repeat(16) }) });
    assert.equal(S.layoutOf(four), null);
  });

  test('the store dispatches through the reducers and tells its listener', () => {
    const heard = [];
    const store = S.createStore(S.initialState(inkala()), (state, before, action) => heard.push([action.type, before !== state]));
    store.dispatch({ type: 'pencil', on: true });
    assert.equal(store.state.pencil, true);
    assert.deepEqual(heard, [['pencil', true]]);
  });
});

test('the page’s alphabet and sizes are the package’s: one symbol per value, 4 to 25', () => {
  for (const n of G.SIZES) {
    // A grid whose first row is the page's symbols 1 to n reads back as the same line.
    const line = G.SYMBOLS.slice(0, n) + '.'.repeat(n * n - n);
    const read = dlx.read_sudoku(line);
    assert.equal(read.line, line, `${n}`);
    assert.equal(read.size, n);
    assert.equal(G.lineOf(G.values(line)), line);
  }
  assert.equal(G.SYMBOLS.length, G.SIZES.at(-1), 'one symbol per value of the largest size');
  assert.throws(() => dlx.sudoku_layout(G.SIZES[0] - 1), (e) => e.code === 'unsupported_size');
  assert.throws(() => dlx.sudoku_layout(G.SIZES.at(-1) + 1), (e) => typeof e.code === 'string');
  assert.equal(dlx.sudoku_layout(G.SIZES[0]).size, G.SIZES[0]);
  assert.equal(dlx.sudoku_layout(G.SIZES.at(-1)).size, G.SIZES.at(-1));
});

describe('issue 35: graded hints, reveals, the import verdict', () => {
  const XWING = '.7..9..4.14.2.8.379...1...8.8.....9.2.1.4.6.34.......1.1.....2....629...7...8...9';
  /** The first step of XWING's hints that only removes candidates, and the entries before it. */
  const firstElimination = () => {
    const entries = [...'.'.repeat(81)];
    for (;;) {
      const step = dlx.sudoku_hint(XWING, entries.join(''));
      if (!step.placement) return { step, entries: entries.join('') };
      entries[step.placement.cell] = step.placement.symbol;
    }
  };

  test('a hint walks its levels; each level reached is counted once; the next puzzle starts the count again', () => {
    const xwing = G.createGame({ n: 9, boxRows: 3, boxCols: 3, givens: XWING });
    const { step } = firstElimination();
    let state = S.reduce(S.initialState(xwing), { type: 'layout', layout: dlx.sudoku_layout(9) });
    state = S.reduce(state, { type: 'hint', hint: { step } });
    assert.equal(state.hint.level, 1);
    // The nudge tints the regions to look at: the cells of the step's regions, from the package.
    const named = dlx.sudoku_layout(9).regions.filter((r) => step.regions.includes(r.name));
    assert.equal(named.length, step.regions.length);
    assert.deepEqual([...state.hint.overlay.region].sort((a, b) => a - b), [...new Set(named.flatMap((r) => r.cells))].sort((a, b) => a - b));
    assert.deepEqual(state.game.help.hints, [1, 0, 0]);
    assert.equal(state.hint.overlay.cells.size, 0, 'a nudge shows no cell');
    state = S.reduce(state, { type: 'hintLevel', level: 2 });
    assert.deepEqual([...state.hint.overlay.cells].sort(), [...step.cells].sort());
    assert.equal(state.hint.overlay.struck.size, 0, 'the pattern, not yet what it removes');
    assert.ok(state.hint.overlay.pattern.size > 0);
    state = S.reduce(state, { type: 'hintLevel', level: 3 });
    assert.equal(state.hint.overlay.struck.size, new Set(step.eliminations.map((e) => e.cell)).size);
    assert.deepEqual(state.game.help.hints, [1, 1, 1]);
    // Asked again at the same level: not counted again.
    assert.deepEqual(S.reduce(state, { type: 'hintLevel', level: 3 }).game.help.hints, [1, 1, 1]);
    // A second hint, and a reveal.
    state = S.reduce(state, { type: 'hint', hint: { step } });
    state = S.reduce(state, { type: 'revealed' });
    const help = { hints: [2, 1, 1], reveals: 1 };
    assert.deepEqual(state.game.help, help);
    assert.equal(state.hint, null, 'a reveal closes the hint');
    // Progress keeps the count, Undo does not take it back, a save keeps it.
    const played = G.enter(state.game, 0, 5);
    assert.deepEqual(played.help, help);
    assert.deepEqual(G.undo(played).help, help);
    assert.deepEqual(G.load(G.save(played)).help, help);
    assert.deepEqual(G.load(G.save({ ...played, help: { hints: 'junk', reveals: -3 } })).help, { hints: [0, 0, 0], reveals: 0 });
    // Another puzzle starts it again; Undo brings the last game back with its count.
    const other = G.replaceGame(played, inkala());
    assert.deepEqual(other.help, { hints: [0, 0, 0], reveals: 0 });
    assert.deepEqual(G.undo(other).help, help);
    assert.deepEqual(G.redo(G.undo(other)).help, { hints: [0, 0, 0], reveals: 0 });
    assert.equal(S.reduce(state, { type: 'zoom', on: true }).zoom, true);
  });

  test('the step’s structure on the grid: links, roles, houses and a contradiction, as the package gives them', () => {
    const regions = dlx.sudoku_layout(9).regions;
    const cand = (cell, symbol) => ({ cell, row: Math.floor(cell / 9) + 1, column: (cell % 9) + 1, symbol });
    const cellsOf = (name) => regions.find((r) => r.name === name).cells;
    // A single: its house at level 2, its candidate's role only once the symbol may show.
    const single = dlx.sudoku_hint(XWING, '.'.repeat(81));
    assert.ok(single.placement && single.houses.length > 0);
    const two = SS.hintOverlay(single, 2, new Set(), regions);
    assert.deepEqual([...two.houses.get(single.houses[0].role)].sort((a, b) => a - b), cellsOf(single.houses[0].region));
    assert.equal(two.roles.size, 0);
    assert.deepEqual(two.links, []);
    const three = SS.hintOverlay(single, 3, new Set(), regions);
    for (const { cell, symbol, role } of single.roles) assert.equal(three.roles.get(cell).get(Number(symbol)), role);
    assert.equal(SS.hintOverlay(single, 1, new Set(), regions).houses.size, 0);
    // A chain's links as given; their ends among the candidates shown.
    const link = (a, b, strong) => ({ from: cand(a, '1'), to: cand(b, '1'), strong });
    const chain = {
      technique: 'x_chain', cells: [0, 4, 40], candidates: [], eliminations: [cand(36, '1')], placement: null,
      links: [link(0, 4, true), link(4, 40, false), link(40, 44, true)],
      roles: [{ ...cand(0, '1'), role: 'chain_end' }, { ...cand(4, '1'), role: 'chain_node' }],
      houses: [], contradiction: null,
    };
    const o = SS.hintOverlay(chain, 2, new Set(), regions);
    assert.equal(o.links, chain.links);
    assert.deepEqual([...o.pattern.keys()].sort((a, b) => a - b), [0, 4, 40, 44]);
    assert.equal(o.roles.get(0).get(1), 'chain_end');
    // A grouped chain's group: every candidate of it shown, not its first alone (4: a role).
    const group = [cand(72, '1'), cand(73, '1')];
    const grouped = { ...chain, technique: 'grouped_x_chain', links: [{ ...link(0, 72, true), toGroup: group, fromGroup: [] }] };
    assert.deepEqual([...SS.stepOverlay(grouped, regions).pattern.keys()].sort((a, b) => a - b), [0, 4, 72, 73]);
    // A contradiction: its cell, or every cell of its house.
    const broken = (contradiction) => SS.stepOverlay({ ...chain, technique: 'contradiction_chain', links: [], contradiction }, regions).contradiction;
    assert.deepEqual([...broken({ kind: 'cell', cell: 7, row: 1, column: 8 }).cells], [7]);
    assert.deepEqual([...broken({ kind: 'house', region: 'box 5', symbol: '3' }).cells].sort((a, b) => a - b), cellsOf('box 5'));
    assert.equal(broken(null), null);
  });

  test('the legend’s words name every role and house role of the package (dlx_wasm_coach.d.ts)', () => {
    const dts = readFileSync(join(PKG, 'dlx_wasm_coach.d.ts'), 'utf8');
    const union = (name) => [...new RegExp(`export type ${name} =([^;]*);`).exec(dts)[1].matchAll(/"(\w+)"/g)].map((m) => m[1]).sort();
    assert.deepEqual(Object.keys(M.ROLE_WORDS).sort(), union('SudokuRole'));
    assert.deepEqual(Object.keys(M.HOUSE_WORDS).sort(), union('SudokuHouseRole'));
    assert.equal(W.linksLabel([{ strong: true }, { strong: false }, { strong: true }]), 'The chain: 2 strong links and 1 weak link');
    assert.equal(W.linksLabel([{ strong: true }, { strong: false }], 2), 'The chain: 1 strong link, 1 weak link and 2 groups of candidates');
  });

  test('no level before the last names what a placement puts or a wrong entry’s right symbol', () => {
    const solution = dlx.solve_sudoku(XWING);
    const single = dlx.sudoku_hint(XWING, '.'.repeat(81));
    assert.ok(single.placement);
    for (const level of [1, 2]) {
      const overlay = SS.hintOverlay(single, level);
      assert.equal(overlay.place, null);
      assert.equal(overlay.pattern.size, 0, 'its candidate would name the symbol');
      // (The nudge names a region by its number; the pattern's words hold none.)
      if (level === 2) assert.doesNotMatch(W.hintWords(single, level).text, /\d/);
    }
    assert.equal(SS.hintOverlay(single, 3).place.cell, single.placement.cell);
    assert.equal(W.hintWords(single, 3).text, M.plainWords(single.reason));
    // The nudge names the region(s) of the step, the second level its technique.
    assert.equal(W.hintWords(single, 1).text, `Look at ${single.regions.join(' and ')}: a symbol can be placed there.`);
    assert.equal(W.hintWords(single, 2).title, `Hint: ${single.title}`);
    // A wrong entry: pointed out, its right symbol never shown, even at the last level.
    const k = XWING.indexOf('.');
    const wrongSymbol = dlx.sudoku_candidates(XWING)[k].find((s) => s !== solution[k]);
    const entries = [...'.'.repeat(81)];
    entries[k] = wrongSymbol;
    const wrong = dlx.sudoku_hint(XWING, entries.join(''));
    assert.equal(wrong.technique, 'wrong_entry');
    assert.match(wrong.reason, new RegExp(`solution has ${solution[k]}`), 'the engine’s reason names it');
    for (const level of [1, 2, 3]) {
      const { title, text } = W.hintWords(wrong, level, { written: wrongSymbol });
      assert.doesNotMatch(`${title} ${text}`, /solution has/);
      assert.equal(SS.hintOverlay(wrong, level).place, null);
      if (level > 1) assert.match(text, new RegExp(`^The ${wrongSymbol} in r${wrong.row}c${wrong.column} is wrong`));
    }
    assert.equal(W.hintWords(wrong, 1).text, `One of your entries does not match the solution: look at row ${wrong.row}.`);
    assert.deepEqual(W.whereToLook(wrong), [`row ${wrong.row}`]);
    assert.deepEqual([...SS.regionCells(W.whereToLook(wrong), dlx.sudoku_layout(9).regions)], Array.from({ length: 9 }, (_, c) => (wrong.row - 1) * 9 + c));
  });

  test('the finish says the help taken; the import verdict says solutions and grade', () => {
    assert.equal(M.helpWords({ hints: [0, 0, 0], reveals: 0 }), 'without a hint or a reveal');
    assert.equal(M.helpWords({ hints: [3, 2, 1], reveals: 1 }), 'with 3 hints (3 nudges, 2 patterns and 1 effect shown) and 1 reveal');
    assert.equal(M.helpWords({ hints: [0, 0, 0], reveals: 2 }), 'with 2 reveals');
    assert.match(M.finishWords(65_000, { hints: [1, 1, 1], reveals: 0 }), /^Solved in 1:05 with 1 hint \(1 nudge, 1 pattern and 1 effect shown\) and 0 reveals: .* Well done!$/);
    const grade = dlx.rate_sudoku(XWING);
    assert.deepEqual(M.verdictWords({ count: 1, grade }), {
      text: `One solution, rated ${grade.score.toFixed(1)} (Sudoku Explainer’s scale): ${grade.level}.`,
      kind: 'good',
    });
    assert.match(M.verdictWords({ count: 1, grade: { ...grade, solved: false } }).text, / Logic alone does not solve it\.$/);
    assert.equal(M.verdictWords({ count: 0 }).kind, 'bad');
    assert.match(M.verdictWords({ count: 0 }).text, /^Warning: it has no solution/);
    assert.match(M.verdictWords({ count: 7 }).text, /^Warning: it has 7 solutions, not one/);
    assert.match(M.verdictWords({ count: M.VERDICT_LIMIT }).text, new RegExp(`^Warning: it has at least ${M.VERDICT_LIMIT} solutions`));
  });
});
