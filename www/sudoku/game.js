// The sudoku game as plain data and pure functions: no DOM, no engine, no solving. A game is
// a plain object; every function returns a new game (or a plain value) and never changes its
// argument, so the page can keep, compare, save and undo games freely, and these functions
// are unit-tested in Node (tests/js/game-state.test.mjs). What a sudoku *means* (conflicts,
// candidates, hints, solutions, counts) comes from the wasm module; this file only records
// what the player did: givens, entries, notes, colours, the timer, and the undo history.

/** Symbols of the engine's built-in alphabet: 1-9, then A, B, C, ... (25 for 25x25). */
export const SYMBOLS = '123456789ABCDEFGHIJKLMNOP';

/** The sizes the engine reads and the page draws (symbols per row). */
export const SIZES = Array.from({ length: 22 }, (_, k) => k + 4);

/** The most steps Undo remembers. */
export const HISTORY_LIMIT = 300;

/** Cell colours a player can paint (0 is none). */
export const COLORS = 6;

/** The symbol for value `v` (from 1), or '.' for 0. */
export function symbol(v) {
  return v === 0 ? '.' : SYMBOLS[v - 1];
}

/** Values (from 1, 0 for empty) of a line in the built-in alphabet. */
export function values(line) {
  return Array.from(line, (ch) => SYMBOLS.indexOf(ch.toUpperCase()) + 1);
}

/** A line in the built-in alphabet of a list of values. */
export function lineOf(list) {
  return list.map(symbol).join('');
}

/**
 * A new game. `givens` is a line or a list of values; `entries` and `notes` are optional
 * (a line, or lists). The box shape is the engine's (`read_sudoku`, `sudoku_layout`).
 * Sizes outside 4-25, a box shape that does not fit, or lines of the wrong length, throw.
 */
export function createGame({
  n,
  boxRows,
  boxCols,
  givens,
  entries = null,
  notes = null,
  colors = null,
  pruned = null,
  solution = null,
  unique = null,
  elapsed = 0,
  help = null,
}) {
  if (!SIZES.includes(n)) throw new RangeError(`this page draws sizes 4 to 25, not ${n}`);
  if (!(boxRows >= 1 && boxCols >= 1 && boxRows * boxCols === n)) {
    throw new RangeError(`boxes of ${boxRows} × ${boxCols} do not make a ${n} × ${n} grid`);
  }
  const cells = n * n;
  const g = typeof givens === 'string' ? values(givens) : [...givens];
  if (g.length !== cells || g.some((v) => !(v >= 0 && v <= n))) {
    throw new RangeError(`a ${n} × ${n} grid has ${cells} cells of 1 to ${n}`);
  }
  const list = (x) => (x == null ? null : typeof x === 'string' ? values(x) : [...x]);
  const e = list(entries);
  const m = list(notes);
  const c = list(colors);
  const mask = (1 << n) - 1;
  return {
    n,
    boxRows,
    boxCols,
    givens: g,
    entries: g.map((v, k) => (v || !e || !(e[k] >= 1 && e[k] <= n) ? 0 : e[k])),
    notes: g.map((v, k) => (m && m.length === cells && !v ? (m[k] | 0) & mask : 0)),
    colors: g.map((_, k) => (c && c.length === cells && c[k] >= 0 && c[k] <= COLORS ? c[k] | 0 : 0)),
    /**
     * Per cell, what its entry took out of the pencil marks (null if nothing): `{ notes, peers }`,
     * the cell's own marks and the peers whose mark of the entry was pruned, so that erasing
     * (or replacing) the entry puts them back.
     */
    pruned: g.map((_, k) => prunedRecord(pruned?.length === cells ? pruned[k] : null, cells, mask)),
    solution: typeof solution === 'string' && solution.length === cells ? solution : null,
    unique,
    /** Whether Solve filled the grid (then no "well done"). */
    solvedByEngine: false,
    /** Milliseconds played before the timer's current run. */
    elapsed: Math.max(0, Number(elapsed) || 0),
    help: helpRecord(help),
    past: [],
    future: [],
  };
}

/**
 * The help taken on the game, checked: `hints`, how many hints reached each level (where to
 * look, the pattern, the effect), and `reveals`, the cells Reveal handed over. Undo does not
 * take it back.
 */
function helpRecord(help) {
  const count = (x) => (Number.isInteger(x) && x > 0 ? x : 0);
  const hints = Array.isArray(help?.hints) ? help.hints : [];
  return { hints: [0, 1, 2].map((k) => count(hints[k])), reveals: count(help?.reveals) };
}

/** `game` with a hint that reached `level` from `from` (levels from 1) counted. */
export function countHint(game, from, level) {
  const hints = [...game.help.hints];
  for (let k = from; k < level; k++) hints[k]++;
  return { ...game, help: { ...game.help, hints } };
}

/** `game` with one more cell revealed counted. */
export function countReveal(game) {
  return { ...game, help: { ...game.help, reveals: game.help.reveals + 1 } };
}

/** A saved `pruned` record of one cell, checked: `{ notes, peers }` or null. */
function prunedRecord(record, cells, mask) {
  if (!record || !Array.isArray(record.peers)) return null;
  const peers = record.peers.filter((k) => Number.isInteger(k) && k >= 0 && k < cells);
  const notes = (record.notes | 0) & mask;
  return notes || peers.length ? { notes, peers } : null;
}

// ---- reading a game ----------------------------------------------------------------------

export const givensLine = (game) => lineOf(game.givens);
export const entriesLine = (game) => lineOf(game.entries);
/** What the grid shows: givens and entries. */
export const currentLine = (game) => lineOf(game.givens.map((g, k) => g || game.entries[k]));

/** Cells the player has filled or marked (what a new game would throw away). */
export function hasProgress(game) {
  return game.entries.some(Boolean) || game.notes.some(Boolean) || game.colors.some(Boolean);
}

/** Whether every cell shows a symbol. */
export function isFull(game) {
  return game.givens.every((g, k) => g || game.entries[k]);
}

/** Entries that differ from the known solution (empty if none is known). */
export function mistakes(game) {
  if (!game.solution) return new Set();
  const right = values(game.solution);
  const out = new Set();
  game.entries.forEach((v, k) => {
    if (v && v !== right[k]) out.add(k);
  });
  return out;
}

/** Cells still empty. */
export function emptyCount(game) {
  return game.givens.filter((g, k) => !g && !game.entries[k]).length;
}

// ---- changing a game (each returns a new game, with the old one on the undo stack) --------

const PLAY_KEYS = ['givens', 'entries', 'notes', 'colors', 'pruned', 'solution', 'unique', 'n', 'boxRows', 'boxCols'];

/** What Undo restores: the game without its history. */
function snapshot(game) {
  const snap = {};
  for (const key of PLAY_KEYS) snap[key] = Array.isArray(game[key]) ? [...game[key]] : game[key];
  // (Older saves and snapshots have no `pruned`.)
  if (!snap.pruned) snap.pruned = game.givens.map(() => null);
  return snap;
}

const same = (a, b) => PLAY_KEYS.every((key) => JSON.stringify(a[key]) === JSON.stringify(b[key]));

/** `game` changed by `edit(copy)` (which may change the copy's arrays), undoable. */
function change(game, edit) {
  const next = { ...snapshot(game), ...pick(game), solvedByEngine: false };
  edit(next);
  if (same(next, game)) return game;
  next.past = [...game.past, snapshot(game)].slice(-HISTORY_LIMIT);
  next.future = [];
  return next;
}

const pick = (game) => ({ elapsed: game.elapsed, help: game.help, past: game.past, future: game.future });

/**
 * The pencil marks the entry of `cell` took out put back (its own, and its symbol in the
 * peers that are still empty), in `next` (a copy being changed); the entry stays.
 */
function restorePruned(next, cell) {
  const record = next.pruned[cell];
  next.pruned[cell] = null;
  if (!record) return;
  const v = next.entries[cell];
  next.notes[cell] |= record.notes;
  for (const k of record.peers) {
    if (v && !next.givens[k] && !next.entries[k]) next.notes[k] |= 1 << (v - 1);
  }
}

/**
 * The player puts `v` in `cell`; `v` leaves the notes of the cells in `prune`: the cell's
 * peers (`sudoku_layout`'s `peers[cell]`, from the package), or none when pruning is off.
 * What that took out (and the cell's own notes) is remembered: erasing the entry, or
 * replacing it, puts them back. A given cell does not change.
 */
export function enter(game, cell, v, { prune = [] } = {}) {
  if (game.givens[cell]) return game;
  return change(game, (next) => {
    restorePruned(next, cell);
    const record = { notes: next.notes[cell], peers: [] };
    next.entries[cell] = v;
    next.notes[cell] = 0;
    const bitV = 1 << (v - 1);
    for (const k of prune) {
      if (next.notes[k] & bitV) {
        next.notes[k] &= ~bitV;
        record.peers.push(k);
      }
    }
    next.pruned[cell] = record.notes || record.peers.length ? record : null;
  });
}

/** The setter writes a given `v` (0 to remove one) in `cell`; the known solution is dropped. */
export function setGiven(game, cell, v) {
  return change(game, (next) => {
    next.givens[cell] = v;
    next.entries[cell] = 0;
    next.notes[cell] = 0;
    next.pruned[cell] = null;
    next.solution = null;
    next.unique = null;
  });
}

/** Toggles pencil mark `v` in an empty cell; a filled cell does not change. */
export function toggleNote(game, cell, v) {
  if (game.givens[cell] || game.entries[cell]) return game;
  return change(game, (next) => {
    next.notes[cell] ^= 1 << (v - 1);
  });
}

/**
 * Erases the entry of `cell` (the pencil marks it pruned come back), or its notes if it has
 * none.
 */
export function erase(game, cell) {
  if (game.givens[cell]) return game;
  return change(game, (next) => {
    if (next.entries[cell]) {
      restorePruned(next, cell);
      next.entries[cell] = 0;
    } else next.notes[cell] = 0;
  });
}

/** Paints `cell` with colour `color` (0 removes it). */
export function paint(game, cell, color) {
  return change(game, (next) => {
    next.colors[cell] = next.colors[cell] === color ? 0 : color;
  });
}

/** Every entry and note cleared (givens and colours stay). */
export function clearEntries(game) {
  return change(game, (next) => {
    next.entries.fill(0);
    next.notes.fill(0);
    next.pruned.fill(null);
  });
}

/** Notes set from the engine's candidates (an array, per cell, of symbols or null). */
export function withCandidates(game, candidates) {
  return change(game, (next) => {
    candidates.forEach((list, k) => {
      if (list && !next.givens[k] && !next.entries[k]) {
        next.notes[k] = list.reduce((mask, s) => mask | (1 << SYMBOLS.indexOf(s)), 0);
      }
    });
    // The marks are the engine's now: no entry's pruning is to be undone.
    next.pruned.fill(null);
  });
}

/** The grid filled with `solution` (a line from the engine): entries kept where they agree. */
export function fillSolution(game, solution) {
  const right = values(solution);
  const next = change(game, (copy) => {
    copy.entries = right.map((v, k) => (copy.givens[k] ? 0 : v));
    copy.notes.fill(0);
    copy.pruned.fill(null);
  });
  return next === game ? game : { ...next, solvedByEngine: true };
}

/** The known solution of the givens (from the generator or a solve of the givens alone). */
export function withSolution(game, solution, unique) {
  return { ...game, solution, unique };
}

/** The setter's entries become givens (and the entries are gone). */
export function entriesToGivens(game) {
  return change(game, (next) => {
    next.givens = next.givens.map((g, k) => g || next.entries[k]);
    next.entries.fill(0);
    next.notes = next.notes.map((m, k) => (next.givens[k] ? 0 : m));
    next.pruned.fill(null);
    next.solution = null;
    next.unique = null;
  });
}

/**
 * `replacement` (a new game: New, Empty grid, Import, a size) in place of `game`, with the
 * old game on the undo stack: Undo brings it back whole.
 */
export function replaceGame(game, replacement) {
  return {
    ...replacement,
    elapsed: replacement.elapsed ?? 0,
    past: [...game.past, { ...snapshot(game), elapsed: game.elapsed, help: game.help }].slice(-HISTORY_LIMIT),
    future: [],
  };
}

export const canUndo = (game) => game.past.length > 0;
export const canRedo = (game) => game.future.length > 0;

function travel(game, from, to) {
  if (!game[from].length) return game;
  const target = game[from].at(-1);
  // A whole other game carries its own time and help; a change within a game keeps them.
  const here = { ...snapshot(game), ...('elapsed' in target ? { elapsed: game.elapsed, help: game.help } : {}) };
  const next = {
    ...game,
    ...target,
    solvedByEngine: false,
    elapsed: target.elapsed ?? game.elapsed,
    [from]: game[from].slice(0, -1),
    [to]: [...game[to], here],
  };
  return next;
}

/** The game before its last change (which may be a whole other game). */
export const undo = (game) => travel(game, 'past', 'future');
/** The change undone last, again. */
export const redo = (game) => travel(game, 'future', 'past');

/** Whether `a` and `b` are different puzzles (size or givens), not just different progress. */
export function otherPuzzle(a, b) {
  return a.n !== b.n || givensLine(a) !== givensLine(b);
}

// ---- the timer ---------------------------------------------------------------------------

/** The game with `ms` more milliseconds played. */
export function addTime(game, ms) {
  return { ...game, elapsed: game.elapsed + Math.max(0, ms) };
}

// ---- saving ------------------------------------------------------------------------------

/** Plain JSON for storage (no history: a reload starts a fresh undo stack). */
export function save(game) {
  return JSON.stringify({
    v: 1,
    n: game.n,
    boxRows: game.boxRows,
    boxCols: game.boxCols,
    givens: givensLine(game),
    entries: entriesLine(game),
    notes: game.notes,
    colors: game.colors,
    pruned: game.pruned,
    solution: game.solution,
    unique: game.unique,
    elapsed: Math.round(game.elapsed),
    help: game.help,
  });
}

/**
 * A game from `save`'s text, or null if the text holds none. (No text, a first visit's, is
 * not parsed: a page's first `JSON.parse('')` throws in 8-13 ms at 4x CPU throttling, on
 * the page's first frame, issue #36.)
 */
export function load(text) {
  if (!text) return null;
  try {
    const data = JSON.parse(text);
    if (data?.v !== 1) return null;
    return createGame(data);
  } catch {
    return null;
  }
}

// ---- logical steps (from the wasm module's sudoku_hint and sudoku_solve_path) -------------

/** The mask bit of a candidate's symbol ("1" is bit 0). */
export const bit = (symbolText) => 1 << SYMBOLS.indexOf(symbolText);

/**
 * `game` with `step` (a hint) carried out, as one undoable change: a placement enters its
 * symbol (replacing a wrong entry); eliminations take the candidates out of the pencil
 * marks; a missing pencil mark is put back. `base` is the candidates the step was found
 * on, as masks (what was passed to sudoku_hint, or sudoku_candidates' masks): if the player
 * has no pencil marks at all, every empty cell gets `base` minus the eliminations, so that
 * what the step removed shows; a cell without marks of its own among the eliminations gets
 * its `base` first. `prune`: as for `enter`, the peers of the placement's cell.
 */
export function applyStep(game, step, { base, prune = [] } = {}) {
  if (step.placement) {
    const { cell, symbol: s } = step.placement;
    return enter(game, cell, SYMBOLS.indexOf(s) + 1, { prune });
  }
  if (step.technique === 'missing_candidate') {
    const { cell, symbol: s } = step.candidates[0];
    return change(game, (next) => {
      next.notes[cell] |= bit(s);
    });
  }
  const none = !game.notes.some(Boolean);
  return change(game, (next) => {
    if (none && base) {
      next.notes = next.notes.map((m, k) => (next.givens[k] || next.entries[k] ? 0 : base[k]));
    }
    for (const { cell, symbol: s } of step.eliminations) {
      if (next.givens[cell] || next.entries[cell]) continue;
      if (!next.notes[cell] && base) next.notes[cell] = base[cell];
      next.notes[cell] &= ~bit(s);
    }
  });
}

/**
 * How many candidates Apply took out of what the grid showed, from `before` to `after` (games):
 * in every empty cell whose marks changed, the candidates shown before (its marks, or the
 * engine's `candidates` mask where it had none) that its marks no longer hold.
 */
export function candidatesRemoved(before, after, candidates) {
  let count = 0;
  after.notes.forEach((mask, k) => {
    if (after.givens[k] || after.entries[k] || mask === before.notes[k]) return;
    let gone = (before.notes[k] || candidates[k] || 0) & ~mask;
    for (; gone; gone &= gone - 1) count++;
  });
  return count;
}
