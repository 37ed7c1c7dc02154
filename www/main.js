// The sudoku page: wiring and rendering. The game itself is plain data changed by the pure
// functions of sudoku/game.js (unit-tested in Node); this file keeps the current game, draws
// it, saves it, and asks the wasm module (dlx-wasm/sudoku) every question about the sudoku:
// reading a puzzle, conflicts, candidates, hints, solutions, counts and new puzzles. The
// module runs in the package's module workers, on two of its pools (lib/pool.js): `quick`,
// one worker, answers the player's small questions; `jobs`, a worker per core, runs what may
// take long (solve, count, generate), which Cancel stops by an abort, so typing stays answered
// while a job runs.
import { quickPool, watchSolver, workerPool } from './lib/pool.js';
import { Board } from './sudoku/board.js';
import { Clock } from './sudoku/clock.js';
import * as G from './sudoku/game.js';
import { JobPanel } from './sudoku/job-panel.js';
import { decodeHash, encodeHash } from './sudoku/share.js';

const $ = (id) => document.getElementById(id);

/** Shown while the module loads: Arto Inkala's "world's hardest sudoku". */
const START = {
  line: '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
  size: 9,
  boxRows: 3,
  boxCols: 3,
};
/** Where the game is kept between visits. */
const STORAGE_KEY = 'dlx-wasm.sudoku.game';

// ---- the solver's workers and their status --------------------------------------------------

watchSolver((state, error) => {
  const status = $('engine-status');
  status.dataset.state = state;
  status.textContent =
    state === 'loading'
      ? 'Loading the solver…'
      : state === 'ready'
        ? 'Solver ready: WebAssembly in workers.'
        : `The solver failed to load: ${error?.message ?? 'unknown error'}. Reload the page to try again.`;
});
const quick = quickPool();
const jobs = workerPool();

// ---- what the page holds besides the game --------------------------------------------------

let game = G.createGame({ n: 9, boxRows: 3, boxCols: 3, givens: START.line });
/** Page state that is not part of the game: modes, what the engine said, the timer. */
const view = {
  pencil: false,
  setter: false,
  conflicts: new Set(),
  /** Entries Check marked wrong (until the next change). */
  checked: new Set(),
  hinted: -1,
  paused: false,
  /** Whether the player finished this game (the timer stops). */
  finished: false,
  /**
   * The hint on show, until the game changes: `{ step, overlay, base, key }`, where `base`
   * is the candidates it was found on (masks), for Apply.
   */
  hint: null,
  /** The step-by-step view: `{ givens, steps, k, solved, candidates: Map }`, or null. */
  walk: null,
};

const clock = new Clock();
const board = new Board($('grid'), {
  input: (cell, v, shift) => input(cell, v, shift),
  erase: (cell) => erase(cell),
  select: () => render(),
  command: (key) => command(key),
});
const touch = matchMedia('(pointer: coarse)').matches;
const option = (id) => $(id).checked;

// ---- rendering ---------------------------------------------------------------------------

function render() {
  const wrong = new Set(view.checked);
  if (option('opt-mistakes')) for (const k of G.mistakes(game)) wrong.add(k);
  if (view.walk) {
    const { walk } = view;
    const { grid } = G.pathState(walk.givens, walk.steps, walk.k);
    const step = walk.steps[walk.k];
    board.render({
      ...game,
      entries: grid.map((v, k) => (walk.givens[k] ? 0 : v)),
      notes: walk.candidates.get(walk.k) ?? game.notes.map(() => 0),
      colors: [],
      conflicts: new Set(),
      wrong: new Set(),
      hinted: -1,
      step: step ? G.stepOverlay(step) : null,
    });
  } else {
    board.render({
      ...game,
      conflicts: view.conflicts,
      wrong,
      hinted: view.hinted,
      step: view.hint?.overlay ?? null,
    });
  }
  renderStep();
  $('undo').disabled = !G.canUndo(game);
  $('redo').disabled = !G.canRedo(game);
  $('export-text').value = G.currentLine(game);
  renderTimer();
}

function setMessage(text, kind = 'info') {
  const message = $('message');
  conflictSaid = '';
  message.dataset.kind = kind;
  message.textContent = text;
}

/** The grid's cells, pad and size menu for the current game's size. */
function build() {
  board.build(game.n, game.boxRows, game.boxCols);
  // From 17 x 17 up, H and N are symbols of the grid: ? and Space do their jobs there.
  const letters = game.n < 17;
  $('keys-help').textContent =
    `Arrows move · type to fill · Shift+digit or ${letters ? 'N' : 'Space'} notes · ` +
    `Backspace clears · ${letters ? 'H' : '?'} hint · Ctrl+Z / Ctrl+Y`;
  buildPad();
  $('size').value = String(game.n);
  showLevels();
}

/** The current game with the time played so far folded in (the timer's run goes on). */
function current() {
  game = clock.take(game);
  return game;
}

/** Makes `change(game)` the current game (see setGame). */
function update(change, options) {
  setGame(change(current()), options);
}

/**
 * Makes `next` the current game: redraws, saves, shares and asks for conflicts. A `fresh`
 * game (New, Empty grid, Import) gets its own entry in the browser's history, so Back returns
 * to the game before it; progress, givens typed in setter mode and Undo replace the entry.
 */
function setGame(next, { share = true, fresh = false } = {}) {
  const previous = game;
  const rebuilt = next.n !== previous.n || next.boxRows !== previous.boxRows;
  const other = G.otherPuzzle(previous, next);
  stopTimer();
  game = next;
  view.checked = new Set();
  // A hint or a path on show was about the grid as it was.
  view.hint = null;
  view.walk = null;
  if (other) {
    view.conflicts = new Set();
    view.hinted = -1;
    view.finished = false;
    $('stats').hidden = true;
  }
  if (rebuilt) build();
  changed({ share, push: fresh });
  // A new game is for playing: bring the whole board into view if a control far below was
  // used, or if a large grid's board, as tall as the screen, reaches below it.
  const board = document.querySelector('.board');
  const { top, bottom } = board.getBoundingClientRect();
  if (fresh && (top < 0 || bottom > innerHeight)) board.scrollIntoView({ block: 'start' });
}

/** After any change: redraw, keep, share, ask for conflicts. */
function changed({ share = true, push = false } = {}) {
  if (!G.isFull(game)) view.finished = false;
  invalidateJob();
  render();
  persist();
  if (share) saveHash(push);
  refreshConflicts();
  startTimer();
}

let conflictSeq = 0;
/** The conflict the message box tells of ('' when it tells of none). */
let conflictSaid = '';
async function refreshConflicts() {
  const seq = ++conflictSeq;
  const line = G.currentLine(game);
  try {
    const conflicts = await quick.call('sudoku_conflicts', [line]);
    if (seq !== conflictSeq) return;
    const n = game.n;
    view.conflicts = new Set(
      conflicts.flatMap(({ first, second }) => [
        (first.row - 1) * n + first.column - 1,
        (second.row - 1) * n + second.column - 1,
      ]),
    );
    render();
    if (!line.includes('.') && conflicts.length === 0 && !game.solvedByEngine && !view.setter) {
      finish();
    } else if (conflicts.length) {
      const c = conflicts[0];
      setMessage(
        `${c.symbol} appears twice in ${c.regions.join(' and ')}: row ${c.first.row}, column ${c.first.column} and row ${c.second.row}, column ${c.second.column}.`,
        'bad',
      );
      conflictSaid = $('message').textContent;
    } else if (conflictSaid && $('message').textContent === conflictSaid) {
      // The clash is gone: so is what was said about it.
      setMessage('');
    }
  } catch (error) {
    setMessage(`Could not check the grid: ${G.plainWords(error.message)}`, 'bad');
  }
}

function finish() {
  stopTimer();
  view.finished = true;
  renderTimer();
  setMessage(`Solved in ${G.clock(game.elapsed)}: every row, column and box is complete. Well done!`, 'good');
}

// ---- keeping the game: storage and the address ---------------------------------------------

function persist() {
  try {
    localStorage.setItem(STORAGE_KEY, G.save(liveGame()));
  } catch {
    // Storage may be full or off (private windows): the address still holds the game.
  }
}

/** The address of `g`'s puzzle and progress. */
const hashOf = (g) => encodeHash({ puzzle: G.givensLine(g), entries: G.entriesLine(g), notes: g.notes });

let lastHash = '';
function saveHash(push = false) {
  const hash = hashOf(game);
  if (location.hash === hash) return;
  lastHash = hash;
  if (push && location.hash) window.history.pushState(null, '', hash);
  else window.history.replaceState(null, '', hash);
}

// ---- the timer ---------------------------------------------------------------------------

/** The game with the time of the timer's current run added. */
function liveGame() {
  return clock.peek(game);
}

function startTimer() {
  // Setting a puzzle is not playing it: the clock waits for "Enter givens" to go off.
  if (view.paused || view.finished || view.setter || document.hidden || G.isFull(game)) return;
  clock.start();
}

function stopTimer() {
  game = clock.stop(game);
}

function renderTimer() {
  $('timer').textContent = G.clock(liveGame().elapsed);
  $('pause').textContent = view.paused ? 'Resume' : 'Pause';
  $('pause').setAttribute('aria-pressed', String(view.paused));
  $('paused').hidden = !view.paused;
  $('grid').classList.toggle('hidden-by-pause', view.paused);
}

function setPaused(paused) {
  if (paused) stopTimer();
  view.paused = paused;
  if (!paused) startTimer();
  renderTimer();
  persist();
  if (!paused) board.select(board.selected, true);
}

setInterval(() => {
  if (clock.running) renderTimer();
}, 500);
document.addEventListener('visibilitychange', () => {
  if (document.hidden) {
    stopTimer();
    persist();
  } else startTimer();
});
window.addEventListener('pagehide', () => persist());

// ---- playing -----------------------------------------------------------------------------

function input(cell, v, shift) {
  if (view.paused) return;
  if (view.walk) return setMessage('Close the step-by-step view to play on.');
  if (view.setter) {
    view.hinted = -1;
    update((g) => G.setGiven(g, cell, v));
    return;
  }
  if (game.givens[cell]) {
    setMessage(`${G.where(game, cell).replace(/^r/, 'R')} is a given.`);
    return;
  }
  view.hinted = -1;
  if (view.pencil !== shift) {
    if (game.entries[cell]) return setMessage('Erase the entry first to write notes in this cell.');
    update((g) => G.toggleNote(g, cell, v));
  } else {
    update((g) => G.enter(g, cell, v, { prune: option('opt-prune') }));
  }
}

function erase(cell) {
  if (view.paused || view.walk) return;
  view.hinted = -1;
  if (view.setter) update((g) => G.setGiven(g, cell, 0));
  else update((g) => G.erase(g, cell));
}

/** Keys that are not symbols of the grid: H or ? for a hint, N or Space for notes. */
function command(key) {
  if (key === 'h' || key === 'H' || key === '?') {
    hint();
    return true;
  }
  if (key === 'n' || key === 'N' || key === ' ') {
    setPencil(!view.pencil);
    return true;
  }
  return false;
}

function undo() {
  if (!G.canUndo(game)) return;
  view.hinted = -1;
  update(G.undo);
  setMessage('Undone.');
}

function redo() {
  if (!G.canRedo(game)) return;
  update(G.redo);
  setMessage('Redone.');
}

function buildPad() {
  const pad = $('pad');
  const buttons = [];
  for (let v = 1; v <= game.n; v++) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = G.symbol(v);
    button.dataset.symbol = G.symbol(v);
    button.addEventListener('click', () => {
      input(board.selected, v, false);
      board.select(board.selected, true); // the keyboard keeps acting on the cell
    });
    buttons.push(button);
  }
  const eraseButton = document.createElement('button');
  eraseButton.type = 'button';
  eraseButton.textContent = '⌫';
  eraseButton.title = 'Erase';
  eraseButton.setAttribute('aria-label', 'Erase');
  eraseButton.className = 'erase';
  eraseButton.addEventListener('click', () => {
    erase(board.selected);
    board.select(board.selected, true);
  });
  buttons.push(eraseButton);
  // A tap on the pad does not take the focus from the grid.
  for (const button of buttons) button.addEventListener('pointerdown', (event) => event.preventDefault());
  pad.className = `pad${game.n >= 10 ? ' many' : ''}`;
  pad.style.setProperty('--cols', String(game.n >= 10 ? Math.ceil((game.n + 1) / 2) : game.n + 1));
  pad.replaceChildren(...buttons);
  renderPad();
}

/** The pad shows what its symbols do: enter them, or (Notes on) toggle pencil marks. */
function renderPad() {
  const notes = view.pencil && !view.setter;
  const pad = $('pad');
  pad.classList.toggle('pencil', notes);
  pad.setAttribute('aria-label', notes ? 'Toggle a pencil mark in the selected cell' : 'Enter a symbol in the selected cell');
  for (const button of pad.querySelectorAll('[data-symbol]')) {
    button.setAttribute('aria-label', `${notes ? 'Note' : 'Enter'} ${button.dataset.symbol}`);
  }
}

function setPencil(on) {
  view.pencil = on;
  const button = $('mode-pencil');
  button.setAttribute('aria-pressed', String(on));
  button.textContent = `Notes: ${on ? 'on' : 'off'}`;
  renderPad();
}

function setSetter(on, { quiet = false } = {}) {
  const was = view.setter;
  if (on) stopTimer();
  view.setter = on;
  if (!on) startTimer();
  const button = $('mode-setter');
  button.setAttribute('aria-pressed', String(on));
  button.textContent = `Enter givens: ${on ? 'on' : 'off'}`;
  document.body.classList.toggle('setter', on);
  renderPad();
  if (quiet || on === was) return;
  if (on) {
    setMessage('Type the puzzle’s givens; turn “Enter givens” off to play it.');
  } else {
    // (Typing a given already dropped any solution known for the old givens.)
    const givens = game.givens.filter(Boolean).length;
    setMessage(`${G.plural(givens, 'given')} set: play on.`);
  }
}

const hasEntries = () => game.entries.some(Boolean);

/**
 * Hint: the next logical step, shown on the grid (its pattern highlighted, what it removes
 * struck out, what it places previewed) with its technique and reason, and Apply to carry
 * it out. It works from the player's pencil marks when they have some. Asked again before
 * Apply, a step that only removes candidates is taken as done (its removals are kept as
 * marks for the next hint), so repeated hints walk forward.
 */
async function hint() {
  if (view.paused) return;
  if (view.walk) closeWalk();
  try {
    const givens = G.givensLine(game);
    const entries = G.entriesLine(game);
    const key = givens + entries + game.notes.join(',');
    const own = game.notes.some(Boolean) ? game.notes : undefined;
    // The candidates the hints so far removed while the grid stayed as it was, else the
    // player's pencil marks.
    const marks = view.hintMarks?.key === key ? view.hintMarks.masks : own;
    const found = await quick.call('sudoku_hint', [givens, entries, marks]);
    if (key !== G.givensLine(game) + G.entriesLine(game) + game.notes.join(',')) return;
    if (!found) {
      view.hint = null;
      render();
      setMessage('The grid is full.');
      return;
    }
    // The candidates the step was found on: the marks, and where a cell has none, the
    // engine's candidates (what sudoku_hint reads a cell without marks as).
    const candidates = G.candidateMasks(await quick.call('sudoku_candidates', [G.currentLine(game)]));
    const base = candidates.map((m, k) => marks?.[k] || m);
    if (found.eliminations.length && !found.placement) {
      view.hintMarks = { key, masks: G.withoutCandidates(base, found.eliminations) };
    }
    view.hint = { step: found, overlay: G.stepOverlay(found), base, candidates };
    view.hinted = -1;
    const first = found.placement?.cell ?? found.cells[0];
    if (first !== undefined) board.select(first, false);
    render();
    setMessage('');
    $('step').scrollIntoView?.({ block: 'nearest' });
  } catch (error) {
    if (error.code === 'conflicting_givens' || G.NOT_UNIQUE.includes(error.code)) {
      setMessage(G.explainError(error, { entries: hasEntries() }), 'bad');
    } else setMessage(`No hint: ${G.plainWords(error.message)}`, 'bad');
  }
}

/** Apply: the hint on show carried out, as one change that Undo takes back. */
function applyHint() {
  const shown = view.hint;
  if (!shown) return;
  const { step, base, candidates } = shown;
  const cell = step.placement?.cell;
  const before = current();
  update((g) => G.applyStep(g, step, { base, prune: option('opt-prune') }));
  // Earlier hints' removals (kept for this one) are written too: count what the marks lost.
  const removed = G.candidatesRemoved(before, game, candidates);
  if (cell !== undefined) {
    view.hinted = cell;
    board.select(cell, true);
    render();
  }
  const what = step.placement
    ? `${step.placement.symbol} placed in r${step.placement.row}c${step.placement.column}`
    : step.technique === 'missing_candidate'
      ? `${step.candidates[0].symbol} put back in the pencil marks of r${step.candidates[0].row}c${step.candidates[0].column}`
      : `${G.plural(removed, 'candidate')} removed from the pencil marks`;
  setMessage(`Applied: ${what}. Undo takes it back.`, 'good');
}

/** The step panel: the hint on show, or the step-by-step view's current step. */
function renderStep() {
  const panel = $('step');
  const walk = view.walk;
  const shown = walk ? walk.steps[walk.k] : view.hint?.step;
  panel.hidden = !walk && !shown;
  document.querySelector('.board').classList.toggle('stepping', !panel.hidden);
  if (panel.hidden) return;
  panel.dataset.mode = walk ? 'walk' : 'hint';
  $('step-apply').hidden = !!walk;
  $('step-prev').parentElement.hidden = !walk;
  $('step-list').hidden = !walk;
  if (walk) {
    $('step-prev').disabled = walk.k === 0;
    $('step-next').disabled = walk.k >= walk.steps.length;
  }
  if (shown) {
    const count = walk ? `Step ${walk.k + 1} of ${walk.steps.length}: ` : 'Hint: ';
    $('step-title').textContent = `${count}${G.techniqueName(shown.technique)}`;
    panel.dataset.technique = shown.technique;
    $('step-reason').textContent = G.plainWords(shown.reason);
  } else {
    $('step-title').textContent = walk.solved
      ? `Solved in ${G.plural(walk.steps.length, 'step')}`
      : `Stuck after ${G.plural(walk.steps.length, 'step')}`;
    panel.dataset.technique = '';
    $('step-reason').textContent = walk.solved
      ? 'Every cell is filled by logic alone.'
      : 'No technique this solver knows goes further: the rest needs trial and error (Solve finishes it).';
  }
  $('step-reason').dataset.kind = shown?.technique === 'missing_candidate' || shown?.technique === 'wrong_entry' ? 'bad' : '';
}

// ---- the step-by-step view ----------------------------------------------------------------

/** The keys of the step-by-step view: arrows, Page Up/Down, Home, End; whether it used one. */
function walkKey(event) {
  if (!view.walk || event.altKey || event.ctrlKey || event.metaKey) return false;
  const moves = { ArrowLeft: -1, ArrowUp: -1, PageUp: -1, ArrowRight: 1, ArrowDown: 1, PageDown: 1 };
  const { k, steps } = view.walk;
  if (event.key in moves) showWalkStep(k + moves[event.key]);
  else if (event.key === 'Home') showWalkStep(0);
  else if (event.key === 'End') showWalkStep(steps.length);
  else return false;
  event.preventDefault();
  return true;
}

/** Solve step by step: the logical solver's whole path from the givens, one step at a time. */
function walkPath() {
  return runJob('Finding every step…', async (mine, signal) => {
    const givens = G.givensLine(game);
    const path = await jobs.call('sudoku_solve_path', [givens], { signal });
    if (mine.stale && G.givensLine(game) !== givens) return;
    view.hint = null;
    view.walk = { givens: G.values(givens), steps: path.steps, k: 0, solved: path.solved, candidates: new Map() };
    buildStepList();
    await showWalkStep(0);
    setMessage('');
    $('step').scrollIntoView?.({ block: 'nearest' });
    $('step-next').focus();
  });
}

function buildStepList() {
  const list = $('step-list');
  const items = view.walk.steps.map((step, k) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'step-item';
    button.dataset.k = String(k);
    button.textContent = `${k + 1}. ${G.techniqueName(step.technique)}`;
    button.addEventListener('click', () => showWalkStep(k));
    item.append(button);
    return item;
  });
  list.replaceChildren(...items);
}

/** Shows the grid before step `k` of the path (k = the number of steps: the end). */
async function showWalkStep(k) {
  const walk = view.walk;
  if (!walk) return;
  walk.k = Math.max(0, Math.min(k, walk.steps.length));
  if (!walk.candidates.has(walk.k)) {
    // The candidates at this point: the engine's for the grid so far, without those the
    // earlier steps eliminated.
    const { grid, removed } = G.pathState(walk.givens, walk.steps, walk.k);
    const masks = G.candidateMasks(await quick.call('sudoku_candidates', [G.lineOf(grid)]));
    if (view.walk !== walk) return;
    walk.candidates.set(walk.k, masks.map((m, cell) => m & ~removed[cell]));
  }
  for (const button of $('step-list').querySelectorAll('button')) {
    const current = Number(button.dataset.k) === walk.k;
    if (current) {
      button.setAttribute('aria-current', 'step');
      // Scrolls the list alone (scrollIntoView would scroll the page too).
      const list = $('step-list');
      const top = button.offsetTop; // the list is the offset parent (position: relative)
      if (top < list.scrollTop) list.scrollTop = top;
      else if (top + button.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top + button.offsetHeight - list.clientHeight;
      }
    } else button.removeAttribute('aria-current');
  }
  const step = walk.steps[walk.k];
  if (step) board.select(step.placement?.cell ?? step.cells[0] ?? board.selected, false);
  const focused = document.activeElement;
  render();
  // Next (or Previous) is disabled at the end (or the start): the focus moves to the other.
  if (focused?.disabled) (focused.id === 'step-next' ? $('step-prev') : $('step-next')).focus();
}

function closeWalk() {
  if (!view.walk) return;
  view.walk = null;
  render();
  setMessage('Back to your game.');
}

function closeStep() {
  if (view.walk) closeWalk();
  else {
    view.hint = null;
    render();
  }
  board.select(board.selected, true);
}

/** The solution of the givens alone (from the generator, or asked once). */
async function solution() {
  if (game.solution) return game;
  const givens = G.givensLine(game);
  const report = await quick.call('solve_sudoku_report', [givens]);
  if (G.givensLine(game) === givens) game = G.withSolution(game, report.solution, report.unique);
  return G.withSolution(game, report.solution, report.unique);
}

async function check() {
  try {
    const known = await solution();
    if (!known.solution) {
      return setMessage('The givens have no solution, so there is nothing to check against.', 'bad');
    }
    view.checked = G.mistakes(known);
    render();
    const empty = G.emptyCount(known);
    const several = known.unique ? '' : ' (checked against one of its several solutions)';
    if (view.checked.size) {
      const n = view.checked.size;
      setMessage(`${n} ${n === 1 ? 'entry is' : 'entries are'} wrong${several}: marked in red.`, 'bad');
    } else {
      setMessage(empty ? `No mistakes so far${several}; ${G.plural(empty, 'cell')} to go.` : 'All correct!', 'good');
    }
  } catch (error) {
    if (error.code === 'conflicting_givens') setMessage(G.explainError(error), 'bad');
    else setMessage(`Could not check: ${G.plainWords(error.message)}`, 'bad');
  }
}

/** With "show mistakes as I type" on, the solution must be known. */
async function wantMistakes() {
  render();
  if (!option('opt-mistakes')) return;
  try {
    await solution();
    render();
  } catch {
    // No solution to compare with (conflicting givens): nothing to show.
  }
}

async function autoNotes() {
  try {
    const candidates = await quick.call('sudoku_candidates', [G.currentLine(game)]);
    update((g) => G.withCandidates(g, candidates));
    setMessage('Candidates filled in from the givens and your entries.');
  } catch (error) {
    if (error.code === 'conflicting_givens') setMessage(G.explainError(error, { entries: hasEntries() }), 'bad');
    else setMessage(`No candidates: ${G.plainWords(error.message)}`, 'bad');
  }
}

function clearGrid() {
  view.hinted = -1;
  update(G.clearEntries);
  setMessage('Cleared your entries and notes (Undo brings them back).');
}

function buildPalette() {
  const palette = $('palette');
  const buttons = [];
  for (let color = 0; color <= G.COLORS; color++) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `swatch color-${color}`;
    button.dataset.color = String(color);
    button.setAttribute('aria-label', color ? `Colour ${color}` : 'No colour');
    button.textContent = color ? '' : '×';
    button.addEventListener('pointerdown', (event) => event.preventDefault());
    button.addEventListener('click', () => {
      update((g) => G.paint(g, board.selected, color || g.colors[board.selected]));
      board.select(board.selected, true);
    });
    buttons.push(button);
  }
  palette.replaceChildren(...buttons);
}

// ---- long jobs ---------------------------------------------------------------------------

const panel = new JobPanel(
  { box: $('job'), text: $('job-text'), progress: $('job-progress'), note: $('job-note') },
  ['solve', 'count', 'new', 'empty', 'import', 'size', 'difficulty', 'walk'].map($),
);

/** The grid changed while a job runs: its result will be about the grid as it was. */
function invalidateJob() {
  panel.gridChanged(G.currentLine(game));
}

function cancelJob() {
  const job = panel.job;
  if (!job) return;
  // The pool ends the job's workers at once, and starts new ones for the next job.
  job.abort.abort();
  panel.end();
  setMessage(job.counted ? G.countCancelled({ ...job.counted, seconds: panel.seconds(job) }) : 'Cancelled. The solver was restarted; the page is ready.');
  board.select(board.selected, true);
}

/**
 * Runs `work(job, signal)` as the current long job, on `jobs` with `signal` (Cancel aborts
 * it); a cancelled job is silent.
 */
async function runJob(text, work) {
  if (panel.job) return;
  const mine = panel.start(text, G.currentLine(game));
  mine.abort = new AbortController();
  try {
    await work(mine, mine.abort.signal);
  } catch (error) {
    if (error.name === 'AbortError') return;
    setMessage(
      error.code === 'conflicting_givens' || G.NOT_UNIQUE.includes(error.code)
        ? G.explainError(error, { entries: hasEntries() })
        : `The solver failed: ${G.plainWords(error.message)}`,
      'bad',
    );
  } finally {
    panel.end(mine);
  }
}

/** Solve: the grid as the player sees it, their entries included. */
function solve() {
  return runJob('Solving…', async (mine, signal) => {
    const started = performance.now();
    const line = G.currentLine(game);
    const entries = game.entries.filter(Boolean).length;
    const report = await jobs.call('solve_sudoku_report', [line], { signal });
    const ms = performance.now() - started;
    $('stat-time').textContent = `${ms.toFixed(1)} ms`;
    $('stat-nodes').textContent =
      report.nodes === 0 ? `0 (singles filled ${report.forced} cells)` : report.nodes.toLocaleString('en');
    $('stat-updates').textContent = report.updates.toLocaleString('en');
    $('stat-unique').textContent = ['none', 'unique', 'more than one'][report.solutions];
    $('stats').hidden = false;
    if (mine.stale) {
      return setMessage('The grid changed while it was being solved: press Solve again.', 'info');
    }
    if (!report.solution) {
      return setMessage(
        entries
          ? `No solution with your ${G.plural(entries, 'entry', 'entries')}: at least one of them is wrong (Check or Undo).`
          : 'This puzzle has no solution.',
        'bad',
      );
    }
    view.hinted = -1;
    if (!entries && report.unique) game = G.withSolution(game, report.solution, true);
    update((g) => G.fillSolution(g, report.solution));
    const kept = entries ? `, keeping your ${G.plural(entries, 'entry', 'entries')}` : '';
    setMessage(
      report.unique
        ? `Solved in ${ms.toFixed(1)} ms${kept}: the solution is unique.`
        : `Solved in ${ms.toFixed(1)} ms${kept}: this is one of several solutions.`,
      'good',
    );
  });
}

function count() {
  return runJob('Counting solutions…', async (mine, signal) => {
    const { problem } = await jobs.call('sudoku_exact_cover', [G.currentLine(game)], { signal });
    const started = performance.now();
    const emptyNine = game.n === 9 && !/[^.]/.test(mine.line);
    // On every core: the search split into disjoint tasks on the worker pool, their progress
    // combined by their shares of the tree.
    mine.counted = {};
    const result = await jobs.exactCover(problem, {
      countOnly: true,
      signal,
      onProgress: (fraction, stats) => {
        // What Cancel says it had found.
        mine.counted = { solutions: stats.solutions, fraction };
        const seconds = (performance.now() - started) / 1000;
        const { text, warning } = G.countProgress({ solutions: stats.solutions, fraction, seconds, emptyNine });
        panel.progress(mine, fraction, text, warning);
      },
    });
    const n = result.count;
    const nodes = G.plural(result.stats.nodes, 'node');
    if (mine.stale) {
      setMessage(`${G.plural(n, 'solution')} for the grid as it was when the count began (${nodes}); it has changed since: count again for the grid as it is.`, 'info');
    } else {
      setMessage(`${G.plural(n, 'solution')} from this grid (${nodes}).`, n === 1 ? 'good' : 'info');
    }
  });
}

/** The levels the generator reaches at the chosen size; the others are not offered. */
function showLevels() {
  const n = Number($('size').value);
  const levels = G.levelsFor(n);
  const select = $('difficulty');
  for (const option of select.options) option.disabled = !levels.includes(option.value);
  if (!levels.includes(select.value)) select.value = levels.at(-1);
  const note = $('levels-note');
  note.textContent = G.levelNote(n);
  note.hidden = !note.textContent;
}

function newPuzzle() {
  const size = Number($('size').value);
  const difficulty = $('difficulty').value;
  return runJob(`Generating ${G.sizeName(size)} ${difficulty} puzzle…`, async (mine, signal) => {
    const generated = await jobs.call('generate_sudoku', [{ size, difficulty }], { signal });
    const info = await quick.call('read_sudoku', [generated.puzzle]);
    start(info, { solution: generated.solution, unique: true });
    const got = generated.difficulty;
    const note = got === difficulty ? '' : ` (the nearest to ${difficulty} this size gave)`;
    setMessage(`New ${got} puzzle${note}, ${G.plural(generated.givens, 'given')}. Undo brings back the last game.`);
  });
}

/** Replaces the game with a new puzzle read by the engine (`read_sudoku`'s result). */
function start(info, { entries = null, notes = null, solution = null, unique = null, share = true } = {}) {
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

async function emptyGrid() {
  const size = Number($('size').value);
  const info = await quick.call('read_sudoku', ['.'.repeat(size * size)]);
  start(info);
  setSetter(true);
  setMessage(
    `An empty ${size} × ${size} grid: type a puzzle’s givens (“Enter givens” is on), or count its solutions. Undo brings back the last game.`,
  );
}

// ---- import, export, share ---------------------------------------------------------------

async function importPuzzle(text) {
  const errorBox = $('import-error');
  errorBox.hidden = true;
  try {
    const info = await quick.call('read_sudoku', [text]);
    if (info.variant !== 'classic' || info.boxRows === 0) {
      throw new Error(`this page plays classic sudoku; that is a ${info.variant} puzzle`);
    }
    if (!G.SIZES.includes(info.size)) throw new Error(`this page draws sizes 4 to 25, not ${info.size}`);
    start(info);
    setMessage(`Imported ${G.sizeName(info.size)} puzzle with ${G.plural(info.givens, 'given')}. Undo brings back the last game.`);
  } catch (error) {
    errorBox.textContent = G.importError(error);
    errorBox.hidden = false;
    // The message box no longer says how the last import went.
    setMessage('Nothing was imported: see the message under Import.', 'bad');
  }
}

async function copy(text, what) {
  const status = $('copy-status');
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = `Copied the ${what}.`;
  } catch {
    $('export-text').select();
    status.textContent = `Could not copy: select the ${what} and copy it yourself.`;
  }
}

/**
 * Opens the game in `hash`. The `first` game of a visit has nothing before it to undo;
 * otherwise Undo brings back the game it replaced. An address that holds no readable game
 * is replaced by the current game's.
 */
async function loadHash(hash = location.hash, { first = false } = {}) {
  const saved = decodeHash(hash);
  if (!saved) {
    saveHash();
    return false;
  }
  try {
    const info = await quick.call('read_sudoku', [saved.puzzle]);
    if (info.variant !== 'classic' || info.boxRows === 0) throw new Error('not a classic puzzle');
    let entries;
    if (saved.entries) {
      // Read by the engine too: it must be a grid of the same size.
      await quick.call('sudoku_conflicts', [saved.entries]);
      if (saved.entries.length !== info.line.length) throw new Error('the entries do not fit the puzzle');
      entries = saved.entries;
    }
    lastHash = hash;
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
    setMessage('Reopened the shared game.');
    return true;
  } catch (error) {
    setMessage(`The link holds no readable game (${G.plainWords(error.message)}); here is a fresh one.`, 'bad');
    saveHash();
    return false;
  }
}

// ---- wiring ------------------------------------------------------------------------------

for (const n of G.SIZES) {
  const option = document.createElement('option');
  option.value = String(n);
  option.textContent = `${n} × ${n}`;
  $('size').append(option);
}
$('size').value = '9';
buildPalette();

$('mode-pencil').addEventListener('click', () => setPencil(!view.pencil));
$('mode-setter').addEventListener('click', () => setSetter(!view.setter));
$('pause').addEventListener('click', () => setPaused(!view.paused));
$('resume').addEventListener('click', () => setPaused(false));
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', redo);
$('hint').addEventListener('click', hint);
$('step-apply').addEventListener('click', applyHint);
$('step-close').addEventListener('click', closeStep);
$('step-prev').addEventListener('click', () => showWalkStep(view.walk.k - 1));
$('step-next').addEventListener('click', () => showWalkStep(view.walk.k + 1));
$('walk').addEventListener('click', walkPath);
$('step').addEventListener('keydown', (event) => {
  if (walkKey(event)) event.stopPropagation();
});
$('check').addEventListener('click', check);
$('auto-notes').addEventListener('click', autoNotes);
$('clear').addEventListener('click', clearGrid);
$('print').addEventListener('click', () => window.print());
$('solve').addEventListener('click', solve);
$('count').addEventListener('click', count);
$('cancel').addEventListener('click', cancelJob);
$('empty').addEventListener('click', emptyGrid);
$('opt-mistakes').addEventListener('change', wantMistakes);
$('size').addEventListener('change', () => {
  showLevels();
  newPuzzle();
});
$('new-form').addEventListener('submit', (event) => {
  event.preventDefault();
  newPuzzle();
});
$('import-form').addEventListener('submit', (event) => {
  event.preventDefault();
  importPuzzle($('import-text').value);
});
$('copy-line').addEventListener('click', () => copy(G.currentLine(game), 'line'));
$('copy-link').addEventListener('click', () => copy(location.href, 'link'));

const GRID_KEYS = /^(Arrow(Up|Down|Left|Right)|Home|End|Backspace|Delete)$/;
document.addEventListener('keydown', (event) => {
  const key = event.key.toLowerCase();
  if ((event.ctrlKey || event.metaKey) && !event.altKey) {
    if (event.target.closest?.('input, textarea, select')) return;
    if (key === 'z' && !event.shiftKey) undo();
    else if (key === 'y' || (key === 'z' && event.shiftKey)) redo();
    else return;
    event.preventDefault();
  } else if (event.key === 'Escape' && panel.job) {
    cancelJob();
  } else if (event.key === 'Escape' && (view.walk || view.hint)) {
    closeStep();
  } else if (!event.target.closest?.('input, textarea, select, #grid') && walkKey(event)) {
    // In the step-by-step view, the arrows, Home and End walk the path.
  } else if (
    !event.altKey &&
    !event.target.closest?.('input, textarea, select, #grid') &&
    // Keys a focused button answers itself stay with it.
    !(event.target.closest?.('button, a') && (event.key === 'Enter' || event.key === ' ')) &&
    event.key !== 'Tab' &&
    (event.key.length === 1 || GRID_KEYS.test(event.key))
  ) {
    // Focus left the grid (a button was clicked): the keys still act on the selected cell.
    board.select(board.selected, true);
    board.onKey(event);
  }
});

const onAddress = () => {
  if (location.hash !== lastHash) loadHash();
};
window.addEventListener('hashchange', onAddress);
window.addEventListener('popstate', onAddress);

// The game is drawn at once while the module loads: the one kept from the last visit, else
// the start puzzle. A link then opens its game once (when the engine has read it), with the
// kept game to Undo to, if any; but the address of the kept game (a reload: the address
// follows the game) is that game, with its time and colours.
const shared = decodeHash(location.hash) ? location.hash : '';
const kept = (() => {
  try {
    return G.load(localStorage.getItem(STORAGE_KEY) ?? '');
  } catch {
    return null;
  }
})();
const opened = kept && shared === hashOf(kept);
if (kept) game = kept;
build();
setGame(game, { share: !shared || opened });
if (shared && !opened) loadHash(shared, { first: !kept });
else if (kept) setMessage(`Welcome back: your game is as you left it (${G.clock(game.elapsed)} played).`);
else setMessage(touch ? 'Tap a cell, then a number below.' : 'Click a cell or press Tab to reach the grid, then type.');
