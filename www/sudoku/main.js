// The sudoku page (www/index.html): wiring only. The page's state and its one `dispatch`
// are state.js's, drawn by view.js alone; what a control does is actions.js's (and
// long-jobs.js's for Solve, Count and New, steps.js's for Hint and Solve step by step,
// loaded after the page: load-steps.js), which ask the wasm package (jobs.js: its worker
// pools) every question about the sudoku. This file connects the page's controls and keys
// to those actions, and opens the first game.
import * as A from './actions.js';
import * as G from './game.js';
import * as L from './long-jobs.js';
import { loadSolver } from './jobs.js';
import { loadSteps, stepsNow } from './load-steps.js';
import { clock, stepsUnloaded } from './messages.js';
import { decodeHash } from './share.js';
import * as V from './view.js';

const $ = (id) => document.getElementById(id);
const on = (id, event, listener) => $(id).addEventListener(event, listener);

/** Shown while the module loads: Arto Inkala's "world's hardest sudoku". */
const START = '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';

// Hint and Solve step by step (steps.js) load once the solver is ready and the page idle.
loadSolver((state, error) => {
  V.renderSolver(state, error);
  if (state === 'ready') (globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 100)))(() => loadSteps().catch(() => {}));
});

/** Runs steps.js's `name` (loaded first, if it is not yet: load-steps.js). */
const step = (name) => (...args) =>
  loadSteps().then(
    (steps) => steps[name](...args),
    (error) => A.say(stepsUnloaded(error), 'bad'),
  );
const askHint = step('hint');

/**
 * The keys that are not symbols of the grid: H or ? a hint (again: more of it), Enter
 * applies it, R reveals the selected cell, N or Space notes.
 */
function command(key) {
  if (key === 'h' || key === 'H' || key === '?') askHint();
  else if (key === 'r' || key === 'R') A.reveal();
  else if (key === 'Enter') return stepsNow()?.applyHint() ?? false;
  else if (key === 'n' || key === 'N' || key === ' ') A.setPencil(!A.store.state.pencil);
  else return false;
  return true;
}

/** After a click on the pad or the palette, the keyboard keeps acting on the cell. */
const refocus = () => V.board.select(V.board.selected, true);
V.mount(
  {
    input: (cell, v, shift) => A.input(cell, v, shift),
    erase: (cell) => A.erase(cell),
    select: (cell) => A.store.dispatch({ type: 'selected', cell }),
    command,
  },
  {
    pad: (v) => {
      A.input(V.board.selected, v, false);
      refocus();
    },
    erase: () => {
      A.erase(V.board.selected);
      refocus();
    },
    paint: (color) => A.paint(color),
  },
);

// The skip link lands on the grid's selected cell (the grid's one tab stop), not on the
// address: "#grid" would be read as a game link.
on('skip', 'click', (event) => {
  event.preventDefault();
  refocus();
});
on('mode-pencil', 'click', () => A.setPencil(!A.store.state.pencil));
on('mode-setter', 'click', () => A.setSetter(!A.store.state.setter));
on('pause', 'click', () => A.setPaused(!A.store.state.paused));
on('resume', 'click', () => A.setPaused(false));
on('undo', 'click', A.undo);
on('redo', 'click', A.redo);
on('hint', 'click', askHint);
on('step-more', 'click', askHint);
on('reveal', 'click', A.reveal);
on('zoom', 'click', () => A.setZoom(!A.store.state.zoom));
// (The step panel shows a step only once steps.js is in.)
on('step-apply', 'click', () => stepsNow()?.applyHint());
on('step-close', 'click', A.closeStep);
on('step-prev', 'click', () => stepsNow()?.showWalkStep(A.store.state.walk.k - 1));
on('step-next', 'click', () => stepsNow()?.showWalkStep(A.store.state.walk.k + 1));
on('walk', 'click', step('walkPath'));
on('step', 'keydown', (event) => {
  if (stepsNow()?.walkKey(event)) event.stopPropagation();
});
on('check', 'click', A.check);
on('auto-notes', 'click', A.autoNotes);
on('clear', 'click', A.clearGrid);
on('print', 'click', () => window.print());
on('solve', 'click', L.solve);
on('count', 'click', L.count);
on('cancel', 'click', L.cancelJob);
on('empty', 'click', L.emptyGrid);
on('opt-mistakes', 'change', A.wantMistakes);
on('size', 'change', async () => {
  // The levels of the new size first: New asks for one it offers.
  await L.showLevels();
  L.newPuzzle();
});
on('new-form', 'submit', (event) => {
  event.preventDefault();
  L.newPuzzle();
});
on('import-form', 'submit', (event) => {
  event.preventDefault();
  A.importPuzzle($('import-text').value);
});
on('copy-line', 'click', () => A.copy(G.currentLine(A.store.state.game), 'line'));
on('copy-link', 'click', () => A.copy(location.href, 'link'));

const GRID_KEYS = /^(Arrow(Up|Down|Left|Right)|Home|End|Backspace|Delete|Enter)$/;
const inField = (event) => event.target.closest?.('input, textarea, select');
document.addEventListener('keydown', (event) => {
  const key = event.key.toLowerCase();
  const { walk, hint } = A.store.state;
  if ((event.ctrlKey || event.metaKey) && !event.altKey) {
    if (inField(event)) return;
    if (key === 'z' && !event.shiftKey) A.undo();
    else if (key === 'y' || (key === 'z' && event.shiftKey)) A.redo();
    else return;
    event.preventDefault();
  } else if (event.key === 'Escape' && L.hasJob()) {
    L.cancelJob();
  } else if (event.key === 'Escape' && (walk || hint)) {
    A.closeStep();
  } else if (!event.target.closest?.('input, textarea, select, #grid') && stepsNow()?.walkKey(event)) {
    // In the step-by-step view, the arrows, Home and End walk the path.
  } else if (
    !event.altKey &&
    !event.target.closest?.('input, textarea, select, #grid') &&
    // Keys a focused button or link answers itself stay with it.
    !(event.target.closest?.('button, a') && (event.key === 'Enter' || event.key === ' ')) &&
    event.key !== 'Tab' &&
    (event.key.length === 1 || GRID_KEYS.test(event.key))
  ) {
    // Focus left the grid (a button was clicked): the keys still act on the selected cell.
    refocus();
    V.board.onKey(event);
  }
});

setInterval(A.tick, 500);
document.addEventListener('visibilitychange', () => {
  if (document.hidden) {
    A.stopTimer();
    A.persist();
  } else A.startTimer();
});
window.addEventListener('pagehide', () => A.persist());
window.addEventListener('hashchange', A.onAddress);
window.addEventListener('popstate', A.onAddress);

// The game is drawn at once while the module loads: the one kept from the last visit, else
// the start puzzle. A link then opens its game once (when the engine has read it), with the
// kept game to Undo to, if any; but the address of the kept game (a reload: the address
// follows the game) is that game, with its time and colours.
const shared = decodeHash(location.hash) ? location.hash : '';
const kept = A.keptGame();
const opened = kept && shared === A.hashOf(kept);
const game = kept ?? G.createGame({ n: 9, boxRows: 3, boxCols: 3, givens: START });
A.begin(game);
A.setGame(game, { share: !shared || opened });
L.showLevels();
if (shared && !opened) A.loadHash(shared, { first: !kept });
else if (kept) A.store.dispatch({ type: 'message', text: `Welcome back: your game is as you left it (${clock(game.elapsed)} played).` });
else {
  const touch = matchMedia('(pointer: coarse)').matches;
  A.store.dispatch({ type: 'message', text: touch ? 'Tap a cell, then a number below.' : 'Click a cell or press Tab to reach the grid, then type.' });
}
