// What the sudoku page does when the player acts: each action asks the package (jobs.js)
// what it needs, and dispatches the outcome to the store (state.js), which view.js draws.
// The game's changes are game.js's pure functions; what a sudoku means (conflicts,
// candidates, hints, solutions, peers, levels) is the package's answer. This file also
// keeps the game between visits (storage, the address) and the timer's runs; the long
// jobs (Solve, Count, New) are long-jobs.js's, Hint and Solve step by step steps.js's (loaded
// after the page's first script: load-steps.js), which call this module's functions (this
// one calls neither: no import cycle).
import * as G from './game.js';
import * as J from './jobs.js';
import * as M from './messages.js';
import { decodeHash, encodeHash } from './share.js';
import { Clock } from './clock.js';
import { createStore, initialState, layoutOf } from './state.js';
import * as V from './view.js';

/** Where the game is kept between visits. */
const STORAGE_KEY = 'dlx-wasm.sudoku.game';
const $ = (id) => document.getElementById(id);
const option = (id) => $(id).checked;

const clock = new Clock();
/** The game with the time of the timer's current run added. */
export const liveGame = () => clock.peek(store.state.game);
export const store = createStore(null, (state) => V.render(state, clock.peek(state.game).elapsed));
export const dispatch = (action) => store.dispatch(action);
export const state = () => store.state;
/** Says `text` in the message box (kind: info, good, bad). */
export const say = (text, kind = 'info') => dispatch({ type: 'message', text, kind });

/** Starts the page on `game` (drawn at once, before the module has loaded). */
export function begin(game) {
  store.state = initialState(game);
}

/** The peers `enter` prunes the notes of for an entry in `cell` (none with the option off). */
export function pruneFor(cell) {
  const layout = layoutOf(state());
  return option('opt-prune') && layout ? layout.peers[cell] : [];
}

// ---- the game on show ----------------------------------------------------------------------

/** Makes `change(game)` the current game, the time played folded in (see setGame). */
export function update(change, options) {
  setGame(change(clock.take(state().game)), options);
}

/**
 * Makes `next` the current game: redraws, saves, shares and asks for conflicts. A `fresh`
 * game (New, Empty grid, Import) gets its own entry in the browser's history, so Back returns
 * to the game before it; progress, givens typed in setter mode and Undo replace the entry.
 */
export function setGame(next, { share = true, fresh = false } = {}) {
  const previous = state().game;
  // The timer's run so far is in `next` (update took it); it starts again below.
  clock.stop(previous);
  if (next.n !== previous.n || next.boxRows !== previous.boxRows || !layoutOf(state())) askLayout(next);
  dispatch({ type: 'game', game: next });
  V.panel?.gridChanged(G.currentLine(next));
  persist();
  if (share) saveHash(fresh);
  refreshConflicts();
  startTimer();
  // A new game is for playing: bring the whole board into view.
  if (fresh) V.showBoard();
}

let queued = null;
/**
 * Runs `act` now if the game's layout is known, else once it is, after the acts queued
 * before it: an entry typed while the module loads prunes the notes as any other.
 */
function whenLaidOut(act) {
  if (!queued && layoutOf(state())) return act();
  const next = (queued ?? askLayout(state().game)).then(act);
  queued = next;
  next.finally(() => {
    if (queued === next) queued = null;
  });
}

/** Asks the package for the rules of `game`'s layout: its peers, its levels. */
async function askLayout(game) {
  try {
    const layout = await J.layout(game);
    // (Unless another game came meanwhile.)
    if (layoutOf({ layout, game: state().game })) dispatch({ type: 'layout', layout });
  } catch (error) {
    say(M.failed('Could not read the grid’s layout', error), 'bad');
  }
}

let conflictSeq = 0;
async function refreshConflicts() {
  const seq = ++conflictSeq;
  const { game } = state();
  const line = G.currentLine(game);
  try {
    const conflicts = await J.conflicts(line);
    if (seq !== conflictSeq) return;
    const n = game.n;
    const cells = conflicts.flatMap(({ first, second }) => [
      (first.row - 1) * n + first.column - 1,
      (second.row - 1) * n + second.column - 1,
    ]);
    dispatch({ type: 'conflicts', conflicts: new Set(cells) });
    const now = state();
    if (!line.includes('.') && conflicts.length === 0 && !now.game.solvedByEngine && !now.setter) {
      stopTimer();
      dispatch({ type: 'finished' });
      say(M.finishWords(state().game.elapsed, state().game.help), 'good');
    } else if (conflicts.length) {
      const c = conflicts[0];
      dispatch({
        type: 'conflictMessage',
        text: `${c.symbol} appears twice in ${c.regions.join(' and ')}: row ${c.first.row}, column ${c.first.column} and row ${c.second.row}, column ${c.second.column}.`,
      });
    } else if (now.conflictSaid && now.message.text === now.conflictSaid) {
      // The clash is gone: so is what was said about it.
      say('');
    }
  } catch (error) {
    say(M.failed('Could not check the grid', error), 'bad');
  }
}

// ---- keeping the game: storage, the address, the timer -------------------------------------

export function persist() {
  try {
    localStorage.setItem(STORAGE_KEY, G.save(liveGame()));
  } catch {
    // Storage may be full or off (private windows): the address still holds the game.
  }
}

/** The game kept from the last visit, or null. */
export function keptGame() {
  try {
    return G.load(localStorage.getItem(STORAGE_KEY) ?? '');
  } catch {
    return null;
  }
}

/** The address of `g`'s puzzle and progress. */
export const hashOf = (g) => encodeHash({ puzzle: G.givensLine(g), entries: G.entriesLine(g), notes: g.notes });

let lastHash = '';
function saveHash(push = false) {
  const hash = hashOf(state().game);
  if (location.hash === hash) return;
  lastHash = hash;
  if (push && location.hash) window.history.pushState(null, '', hash);
  else window.history.replaceState(null, '', hash);
}

/** The address changed (Back, Forward, a pasted link): opens its game. */
export function onAddress() {
  if (location.hash !== lastHash) loadHash();
}

export function startTimer() {
  const { paused, finished, setter, game } = state();
  // Setting a puzzle is not playing it: the clock waits for "Enter givens" to go off.
  if (paused || finished || setter || document.hidden || G.isFull(game)) return;
  clock.start();
}

export function stopTimer() {
  if (clock.running) dispatch({ type: 'quietGame', game: clock.stop(state().game) });
}

/** Redraws the running timer (every half second). */
export function tick() {
  if (clock.running) V.renderTimer(state(), liveGame().elapsed);
}

export function setPaused(on) {
  if (on) stopTimer();
  dispatch({ type: 'paused', on });
  if (!on) startTimer();
  V.renderTimer(state(), liveGame().elapsed);
  persist();
  if (!on) V.board.select(V.board.selected, true);
}

// ---- playing -------------------------------------------------------------------------------

export function input(cell, v, shift) {
  whenLaidOut(() => play(cell, v, shift));
}

function play(cell, v, shift) {
  const { paused, walk, setter, game, pencil } = state();
  if (paused) return say(M.PAUSED);
  if (walk) return say('Close the step-by-step view to play on.');
  if (setter) {
    dispatch({ type: 'hinted', cell: -1 });
    return update((g) => G.setGiven(g, cell, v));
  }
  if (game.givens[cell]) return say(`${M.cellName(game.n, cell)} is a given.`);
  dispatch({ type: 'hinted', cell: -1 });
  if (pencil !== shift) {
    if (game.entries[cell]) return say('Erase the entry first to write notes in this cell.');
    update((g) => G.toggleNote(g, cell, v));
  } else {
    update((g) => G.enter(g, cell, v, { prune: pruneFor(cell) }));
  }
}

export function erase(cell) {
  whenLaidOut(() => clear(cell));
}

function clear(cell) {
  if (state().paused) return say(M.PAUSED);
  if (state().walk) return;
  dispatch({ type: 'hinted', cell: -1 });
  if (state().setter) update((g) => G.setGiven(g, cell, 0));
  else update((g) => G.erase(g, cell));
}

export function undo() {
  if (!G.canUndo(state().game)) return;
  dispatch({ type: 'hinted', cell: -1 });
  update(G.undo);
  say('Undone.');
}

export function redo() {
  if (!G.canRedo(state().game)) return;
  update(G.redo);
  say('Redone.');
}

export function setPencil(on) {
  dispatch({ type: 'pencil', on });
}

export function setSetter(on, { quiet = false } = {}) {
  const was = state().setter;
  if (on) stopTimer();
  dispatch({ type: 'setter', on });
  if (!on) startTimer();
  if (quiet || on === was) return;
  if (on) {
    say('Type the puzzle’s givens; turn “Enter givens” off to play it.');
    return;
  }
  // (Typing a given already dropped any solution known for the old givens.) The puzzle set
  // is judged as an import is: a warning where it has no solution or several.
  const set = `${M.plural(state().game.givens.filter(Boolean).length, 'given')} set.`;
  say(`${set} Play on.`);
  judge(G.givensLine(state().game), set, { undoable: false });
}

export function paint(color) {
  const cell = V.board.selected;
  update((g) => G.paint(g, cell, color || g.colors[cell]));
  V.board.select(cell, true);
}

export const hasEntries = () => state().game.entries.some(Boolean);

/**
 * Reveal: the solution's symbol in the selected cell (replacing a wrong entry), counted in
 * the help the finish message tells of.
 */
export async function reveal() {
  const { paused, walk, setter, game } = state();
  if (paused || walk || setter) return;
  const cell = V.board.selected;
  const name = M.cellName(game.n, cell);
  if (game.givens[cell]) return say(`${name} is a given: select an empty cell to reveal.`);
  try {
    const known = await solution();
    if (!known.solution) return say('The givens have no solution: there is no cell to reveal.', 'bad');
    if (!known.unique) return say('This puzzle has several solutions: no cell of it is certain.', 'bad');
    if (G.otherPuzzle(known, state().game)) return;
    const v = G.values(known.solution)[cell];
    if (state().game.entries[cell] === v) return say(`${name} is right already.`, 'good');
    whenLaidOut(() => {
      update((g) => G.enter(g, cell, v, { prune: pruneFor(cell) }));
      dispatch({ type: 'revealed' });
      dispatch({ type: 'hinted', cell });
      V.board.select(cell, true);
      say(`Revealed: ${G.symbol(v)} in ${name.toLowerCase()}.`, 'good');
    });
  } catch (error) {
    if (error.code === 'conflicting_givens') say(M.explainError(error), 'bad');
    else say(M.failed('Could not reveal', error), 'bad');
  }
}

export function setZoom(on) {
  dispatch({ type: 'zoom', on });
  V.board.select(V.board.selected, true);
}

// ---- the step-by-step view -----------------------------------------------------------------

/** Closes the step-by-step view (back to the player's game). */
export function closeWalk() {
  if (!state().walk) return;
  dispatch({ type: 'closeStep' });
  say('Back to your game.');
}

export function closeStep() {
  if (state().walk) closeWalk();
  else dispatch({ type: 'closeStep' });
  V.board.select(V.board.selected, true);
}

// ---- checking ------------------------------------------------------------------------------

/** The solution of the givens alone (from the generator, or asked once). */
async function solution() {
  const { game } = state();
  if (game.solution) return game;
  const givens = G.givensLine(game);
  const report = await J.solveReport(givens);
  if (G.givensLine(state().game) === givens) dispatch({ type: 'quietGame', game: G.withSolution(state().game, report.solution, report.unique) });
  return G.withSolution(game, report.solution, report.unique);
}

export async function check() {
  try {
    const known = await solution();
    if (!known.solution) return say('The givens have no solution, so there is nothing to check against.', 'bad');
    const wrong = G.mistakes(known);
    dispatch({ type: 'checked', cells: wrong });
    const empty = G.emptyCount(known);
    const several = known.unique ? '' : ' (checked against one of its several solutions)';
    if (wrong.size) {
      say(`${wrong.size} ${wrong.size === 1 ? 'entry is' : 'entries are'} wrong${several}: marked in red.`, 'bad');
    } else {
      say(empty ? `No mistakes so far${several}; ${M.plural(empty, 'cell')} to go.` : 'All correct!', 'good');
    }
  } catch (error) {
    if (error.code === 'conflicting_givens') say(M.explainError(error), 'bad');
    else say(M.failed('Could not check', error), 'bad');
  }
}

/** With "show mistakes as I type" on, the solution must be known. */
export async function wantMistakes() {
  dispatch({ type: 'checked', cells: state().checked });
  if (!option('opt-mistakes')) return;
  try {
    await solution();
    dispatch({ type: 'checked', cells: state().checked });
  } catch {
    // No solution to compare with (conflicting givens): nothing to show.
  }
}

export async function autoNotes() {
  try {
    const candidates = await J.candidates(G.currentLine(state().game));
    update((g) => G.withCandidates(g, candidates));
    say('Candidates filled in from the givens and your entries.');
  } catch (error) {
    if (error.code === 'conflicting_givens') say(M.explainError(error, { entries: hasEntries() }), 'bad');
    else say(M.failed('No candidates', error), 'bad');
  }
}

export function clearGrid() {
  dispatch({ type: 'hinted', cell: -1 });
  update(G.clearEntries);
  say('Cleared your entries and notes (Undo brings them back).');
}

/** Replaces the game with a new puzzle read by the engine (`read_sudoku`'s result). */
export function start(info, { entries = null, notes = null, solution = null, unique = null, share = true } = {}) {
  const fresh = G.createGame({
    n: info.size,
    boxRows: info.boxRows,
    boxCols: info.boxCols,
    givens: info.line,
    entries,
    notes,
    solution,
    unique,
  });
  setSetter(false, { quiet: true });
  update((g) => G.replaceGame(g, fresh), { share, fresh: true });
}

// ---- import, export, share -----------------------------------------------------------------

export async function importPuzzle(text) {
  dispatch({ type: 'importError', text: '' });
  try {
    const info = await J.read(text);
    if (info.variant !== 'classic' || info.boxRows === 0) {
      throw new Error(`this page plays classic sudoku; that is a ${info.variant} puzzle`);
    }
    if (!G.SIZES.includes(info.size)) throw new Error(`this page draws sizes 4 to 25, not ${info.size}`);
    start(info);
    const imported = `Imported ${M.sizeName(info.size)} puzzle with ${M.plural(info.givens, 'given')}.`;
    say(`${imported} Judging it… Undo brings back the last game.`);
    judge(info.line, imported);
  } catch (error) {
    dispatch({ type: 'importError', text: M.importError(error) });
    // The message box no longer says how the last import went.
    say('Nothing was imported: see the message under Import.', 'bad');
  }
}

let judging = null;
/**
 * The import verdict, before play: how many solutions the puzzle `line` has (up to
 * `M.VERDICT_LIMIT`), and its grade when it has one, said after `imported` in the message
 * box (unless the player has been told something else since); `undoable` where Undo brings
 * back the game before (an import, not givens the player set).
 */
async function judge(line, imported, { undoable = true } = {}) {
  judging?.abort();
  const mine = new AbortController();
  judging = mine;
  const said = state().message.text;
  const current = () => judging === mine && G.givensLine(state().game) === line && state().message.text === said;
  try {
    const { count } = await J.countUpTo(line, M.VERDICT_LIMIT, mine.signal);
    const grade = count === 1 ? await J.rate(line, mine.signal) : null;
    if (!current()) return;
    const { text, kind } = M.verdictWords({ count, grade });
    say(`${imported} ${text}`, kind);
  } catch (error) {
    if (error.name === 'AbortError' || !current()) return;
    const undo = undoable ? ' Undo brings back the last game.' : '';
    say(
      error.code === 'conflicting_givens'
        ? `${imported} ${M.explainError(error)}${undo}`
        : `${imported} Could not judge it: ${M.plainWords(error.message)}.${undo}`,
      'bad',
    );
  } finally {
    if (judging === mine) judging = null;
  }
}

/**
 * Drops the verdict under way: a job the player asked for goes first (the verdict's rating
 * runs on the jobs' pool, and may take seconds).
 */
export function stopJudging() {
  judging?.abort();
  judging = null;
}

export async function copy(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    dispatch({ type: 'copyStatus', text: `Copied the ${what}.` });
  } catch {
    V.selectExport();
    dispatch({ type: 'copyStatus', text: `Could not copy: select the ${what} and copy it yourself.` });
  }
}

/**
 * Opens the game in `hash`. The `first` game of a visit has nothing before it to undo;
 * otherwise Undo brings back the game it replaced. An address that holds no readable game
 * is replaced by the current game's.
 */
export async function loadHash(hash = location.hash, { first = false } = {}) {
  const saved = decodeHash(hash);
  if (!saved) {
    saveHash();
    return false;
  }
  try {
    const info = await J.read(saved.puzzle);
    if (info.variant !== 'classic' || info.boxRows === 0) throw new Error('not a classic puzzle');
    let entries;
    if (saved.entries) {
      // Read by the engine too: it must be a grid of the same size.
      await J.conflicts(saved.entries);
      if (saved.entries.length !== info.line.length) throw new Error('the entries do not fit the puzzle');
      entries = saved.entries;
    }
    lastHash = hash;
    const { game } = state();
    const same = !G.otherPuzzle(game, { n: info.size, givens: G.values(info.line) });
    const fresh = G.createGame({
      n: info.size,
      boxRows: info.boxRows,
      boxCols: info.boxCols,
      givens: info.line,
      entries,
      notes: saved.notes,
      colors: same ? game.colors : null,
      solution: same ? game.solution : null,
      unique: same ? game.unique : null,
      elapsed: same ? liveGame().elapsed : 0,
    });
    setSetter(false, { quiet: true });
    if (first) setGame(fresh, { share: false });
    else update((g) => G.replaceGame(g, fresh), { share: false });
    say('Reopened the shared game.');
    // Another puzzle than the one on show: judged as an import is.
    if (!same) judge(info.line, 'Reopened the shared game.');
    return true;
  } catch (error) {
    // The game is there, but the page's full module, which reads it, could not be loaded:
    // the address keeps it for a reload.
    if (error.code === 'load_failed') {
      say(M.fullUnloaded(error, 'The link’s game', 'Check the connection and reload the page to open it.'), 'bad');
      return false;
    }
    say(`The link holds no readable game (${M.plainWords(error.message)}); here is a fresh one.`, 'bad');
    saveHash();
    return false;
  }
}
