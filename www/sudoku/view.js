// The sudoku page's view: the one module that writes the DOM. `render(state)` draws the
// whole page from the state (state.js) with its parts, the grid (board.js), the job panel
// (job-panel.js) and, once the page has loaded its steps, the step panel (step-view.js);
// the few things that are not state (focus, scrolling, the running timer) have their own
// functions here. Rendering only: no game logic, no engine calls.
import { grouped } from '../lib/numbers.js';
import { solverStateText } from '../lib/solver.js';
import { Board } from './board.js';
import { writeAttribute, writeText } from './dom.js';
import { COLORS, SIZES, canRedo, canUndo, currentLine, mistakes, symbol } from './game.js';
import { JobPanel } from './job-panel.js';
import { clock, levelNote } from './messages.js';
import { layoutOf } from './state.js';

const $ = (id) => document.getElementById(id);

/** The grid; its handlers are the page's (main.js). */
export let board = null;
/** The panel of the current long job. */
export let panel = null;
/**
 * What draws the hint on show and the step-by-step view (step-view.js `stepView`), once the
 * page has loaded them (load-steps.js); until then there is neither to draw.
 */
let stepView = null;

/** Draws the steps with `view` (step-view.js `stepView`) from now on, the grid's chains too. */
export function useStepView(view) {
  stepView = view;
  board.drawChain = view.drawChain;
}

/** What `render` last built: the grid's size, the pad's, what the grid shows. */
const built = { n: 0, boxRows: 0, boxCols: 0, padFor: '' };

/**
 * Makes the grid, the job panel, the size menu and the palette; `handlers` are the grid's
 * (see board.js) and `pad(v)` / `erase()` / `paint(color)` what the pad and palette do.
 */
export function mount(handlers, { pad, erase, paint }) {
  board = new Board($('grid'), handlers);
  panel = new JobPanel(
    { box: $('job'), text: $('job-text'), progress: $('job-progress'), note: $('job-note') },
    ['solve', 'count', 'new', 'empty', 'import', 'size', 'difficulty', 'walk', 'hint'].map($),
  );
  built.actions = { pad, erase };
  for (const n of SIZES) {
    const option = document.createElement('option');
    option.value = String(n);
    option.textContent = `${n} × ${n}`;
    $('size').append(option);
  }
  $('size').value = '9';
  const buttons = [];
  for (let color = 0; color <= COLORS; color++) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = `swatch color-${color}`;
    button.dataset.color = String(color);
    button.setAttribute('aria-label', color ? `Colour ${color}` : 'No colour');
    button.textContent = color ? '' : '×';
    button.addEventListener('pointerdown', (event) => event.preventDefault());
    button.addEventListener('click', () => paint(color));
    buttons.push(button);
  }
  $('palette').replaceChildren(...buttons);
}

/** The solver's loading state in the header. */
export function renderSolver(state, error) {
  const status = $('engine-status');
  status.dataset.state = state;
  status.textContent = solverStateText(state, error);
}

/** Draws the page from `state`; `elapsed` is the time played, the timer's run included. */
export function render(state, elapsed) {
  const { game, walk } = state;
  if (game.n !== built.n || game.boxRows !== built.boxRows || game.boxCols !== built.boxCols) build(game);
  renderPad(state);
  // The grid is drawn again only when what it shows changed (a message alone does not).
  const mistakesOn = $('opt-mistakes').checked;
  const drawn = [game, walk, state.conflicts, state.checked, state.hinted, state.hint, layoutOf(state), board.selected, mistakesOn];
  if (!built.drawn || drawn.some((x, k) => x !== built.drawn[k])) {
    built.drawn = drawn;
    renderGrid(state, mistakesOn);
  }
  renderZoom(state);
  stepView?.renderStep(state);
  $('undo').disabled = !canUndo(game);
  $('redo').disabled = !canRedo(game);
  const line = currentLine(game);
  if ($('export-text').value !== line) $('export-text').value = line;
  renderTimer(state, elapsed);
  const message = $('message');
  message.dataset.kind = state.message.kind;
  writeText(message, state.message.text);
  renderStats(state.stats);
  renderLevels(state.layout);
  const importError = $('import-error');
  writeText(importError, state.importError);
  importError.hidden = !state.importError;
  writeText($('copy-status'), state.copyStatus);
}

/** The grid: the game (or the step-by-step view's grid), with what the engine said of it. */
function renderGrid(state, mistakesOn) {
  const { game, walk } = state;
  const peers = layoutOf(state)?.peers[board.selected] ?? null;
  if (walk) return board.render(stepView.walkGrid(state, peers));
  const wrong = new Set(state.checked);
  if (mistakesOn) for (const k of mistakes(game)) wrong.add(k);
  board.render({ ...game, conflicts: state.conflicts, wrong, hinted: state.hinted, peers, step: state.hint?.overlay ?? null });
}

/** The grid's cells, the keys' help and the size menu for a game's size. */
function build(game) {
  Object.assign(built, { n: game.n, boxRows: game.boxRows, boxCols: game.boxCols, padFor: '', drawn: null });
  board.build(game.n, game.boxRows, game.boxCols);
  // From 17 x 17 up, H and N are symbols of the grid: ? and Space do their jobs there.
  const letters = game.n < 17;
  $('keys-help').textContent =
    `Arrows move · type to fill · Shift+digit or ${letters ? 'N' : 'Space'} notes · ` +
    `Backspace clears · ${letters ? 'H' : '?'} hint · Enter applies it · R reveals · Ctrl+Z / Ctrl+Y`;
  $('size').value = String(game.n);
}

/** The pad: a button per symbol and Erase; what they do shows (enter, or toggle a note). */
function renderPad(state) {
  const { n } = state.game;
  const pad = $('pad');
  const notes = state.pencil && !state.setter;
  if (built.padFor !== String(n)) {
    built.padFor = String(n);
    const buttons = [];
    for (let v = 1; v <= n; v++) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = symbol(v);
      button.dataset.symbol = symbol(v);
      button.addEventListener('click', () => built.actions.pad(v));
      buttons.push(button);
    }
    const erase = document.createElement('button');
    erase.type = 'button';
    erase.textContent = '⌫';
    erase.title = 'Erase';
    erase.setAttribute('aria-label', 'Erase');
    erase.className = 'erase';
    erase.addEventListener('click', () => built.actions.erase());
    buttons.push(erase);
    // A tap on the pad does not take the focus from the grid.
    for (const button of buttons) button.addEventListener('pointerdown', (event) => event.preventDefault());
    pad.className = `pad${n >= 10 ? ' many' : ''}`;
    pad.style.setProperty('--cols', String(n >= 10 ? Math.ceil((n + 1) / 2) : n + 1));
    pad.replaceChildren(...buttons);
  }
  pad.classList.toggle('pencil', notes);
  writeAttribute(pad, 'aria-label', notes ? 'Toggle a pencil mark in the selected cell' : 'Enter a symbol in the selected cell');
  for (const button of pad.querySelectorAll('[data-symbol]')) {
    writeAttribute(button, 'aria-label', `${notes ? 'Note' : 'Enter'} ${button.dataset.symbol}`);
  }
  const pencil = $('mode-pencil');
  writeAttribute(pencil, 'aria-pressed', String(state.pencil));
  writeText(pencil, `Notes: ${state.pencil ? 'on' : 'off'}`);
  const setter = $('mode-setter');
  writeAttribute(setter, 'aria-pressed', String(state.setter));
  writeText(setter, `Enter givens: ${state.setter ? 'on' : 'off'}`);
  document.body.classList.toggle('setter', state.setter);
}

/** The timer, Pause and the paused cover. */
export function renderTimer(state, elapsed) {
  writeText($('timer'), clock(elapsed));
  writeText($('pause'), state.paused ? 'Resume' : 'Pause');
  writeAttribute($('pause'), 'aria-pressed', String(state.paused));
  $('paused').hidden = !state.paused;
  $('grid').classList.toggle('hidden-by-pause', state.paused);
}

/** Zoom: large cells in a box the player pans (big grids on a phone). */
function renderZoom(state) {
  const zoom = $('zoom');
  writeAttribute(zoom, 'aria-pressed', String(state.zoom));
  writeText(zoom, `Zoom: ${state.zoom ? 'on' : 'off'}`);
  // Useful from 10 x 10 up only: below that, the button shows only to turn it off.
  const on = state.zoom && state.game.n >= 10;
  zoom.hidden = state.game.n < 10 && !state.zoom;
  document.querySelector('.grid-box').classList.toggle('zoomed', on);
}

function renderStats(stats) {
  $('stats').hidden = !stats;
  if (!stats) return;
  writeText($('stat-time'), `${stats.ms.toFixed(1)} ms`);
  writeText($('stat-nodes'), stats.nodes === 0 ? `0 (singles filled ${stats.forced} cells)` : grouped(stats.nodes));
  writeText($('stat-updates'), grouped(stats.updates));
  writeText($('stat-unique'), ['none', 'unique', 'more than one'][stats.solutions]);
}

/** The levels New offers at the chosen size (the package's), the others disabled. */
function renderLevels(layout) {
  const n = Number($('size').value);
  if (!layout || layout.size !== n) return;
  const select = $('difficulty');
  for (const option of select.options) option.disabled = !layout.levels.includes(option.value);
  if (!layout.levels.includes(select.value)) select.value = layout.levels.at(-1);
  const note = $('levels-note');
  writeText(note, levelNote(n, layout.levels));
  note.hidden = !note.textContent;
}

/** Shows the levels of `layout` (the size menu's, which may not be the game's). */
export const showLevels = renderLevels;

/** A new game is for playing: brings the whole board into view if it is not. */
export function showBoard() {
  const box = document.querySelector('.board');
  const { top, bottom } = box.getBoundingClientRect();
  if (top < 0 || bottom > innerHeight) box.scrollIntoView({ block: 'start' });
}

/** Selects the export text (for copying by hand). */
export function selectExport() {
  $('export-text').select();
}
