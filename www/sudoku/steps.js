// Hint and Solve step by step, the sudoku page's logical steps: the graded hint (its
// search, its levels, Apply) and the solving path shown a step at a time, with the keys that
// walk it. The page's first script leaves them out (issue #36: its cold start): main.js
// calls them through load-steps.js, which loads this module (on the site, its bundle:
// scripts/build-pages.mjs `stepsBundle`) when the solver is ready and the page idle, or at
// the first press that needs it. Loaded, it adds the steps' reducers to the store's and
// their view to view.js's.
import { closeWalk, dispatch, hasEntries, liveGame, pruneFor, say, state, update } from './actions.js';
import { applyStep, candidatesRemoved, currentLine, entriesLine, erase, givensLine, lineOf, values } from './game.js';
import { candidates as engineCandidates, hint as searchHint, solvePath } from './jobs.js';
import { runJob } from './long-jobs.js';
import { NOT_UNIQUE, PAUSED, explainError, plainWords, plural } from './messages.js';
import { addReducers } from './state.js';
import * as SS from './step-state.js';
import * as SV from './step-view.js';
import * as W from './step-words.js';
import { board, panel, useStepView } from './view.js';

addReducers(SS.STEP_REDUCERS);
useStepView(SV.stepView((k) => showWalkStep(k)));

/**
 * Apply: the hint on show carried out, as one change that Undo takes back, once it shows
 * its effect (its last level). A wrong entry is erased: its right symbol is Reveal's.
 */
export function applyHint() {
  const shown = state().hint;
  if (!shown || shown.level < W.HINT_LEVELS.length) return false;
  const { step, base, candidates } = shown;
  if (step.technique === 'wrong_entry') {
    const { cell } = step.placement;
    update((g) => erase(g, cell));
    board.select(cell, true);
    say(`Applied: the wrong entry in r${step.placement.row}c${step.placement.column} erased. Undo takes it back.`, 'good');
    return true;
  }
  const cell = step.placement?.cell;
  const before = liveGame();
  update((g) => applyStep(g, step, { base, prune: cell === undefined ? [] : pruneFor(cell) }));
  // Earlier hints' removals (kept for this one) are written too: count what the marks lost.
  const removed = candidatesRemoved(before, state().game, candidates);
  if (cell !== undefined) {
    dispatch({ type: 'hinted', cell });
    board.select(cell, true);
  }
  const what = step.placement
    ? `${step.placement.symbol} placed in r${step.placement.row}c${step.placement.column}`
    : step.technique === 'missing_candidate'
      ? `${step.candidates[0].symbol} put back in the pencil marks of r${step.candidates[0].row}c${step.candidates[0].column}`
      : `${plural(removed, 'candidate')} removed from the pencil marks`;
  say(`Applied: ${what}. Undo takes it back.`, 'good');
  return true;
}

/** The keys of the step-by-step view: arrows, Page Up/Down, Home, End; whether it used one. */
export function walkKey(event) {
  const { walk } = state();
  if (!walk || event.altKey || event.ctrlKey || event.metaKey) return false;
  const moves = { ArrowLeft: -1, ArrowUp: -1, PageUp: -1, ArrowRight: 1, ArrowDown: 1, PageDown: 1 };
  if (event.key in moves) showWalkStep(walk.k + moves[event.key]);
  else if (event.key === 'Home') showWalkStep(0);
  else if (event.key === 'End') showWalkStep(walk.steps.length);
  else return false;
  event.preventDefault();
  return true;
}

/** Shows the grid before step `k` of the path (k = the number of steps: the end). */
export async function showWalkStep(k) {
  const { walk } = state();
  if (!walk) return;
  const { steps } = walk;
  k = Math.max(0, Math.min(k, steps.length));
  dispatch({ type: 'walkTo', steps, k });
  if (!walk.candidates.has(k)) dispatch({ type: 'walkCandidates', steps, k, masks: await walkCandidates(walk, k) });
  const now = state().walk;
  if (now?.steps !== steps || now.shown !== k) return;
  const step = steps[k];
  if (step) board.select(step.placement?.cell ?? step.cells[0] ?? board.selected, false);
  SV.keepStepFocus();
}

/**
 * The candidates before step `k` of `walk`'s path (masks): the engine's for the grid so far,
 * without those the earlier steps eliminated (`signal`: the job's that finds the path).
 */
async function walkCandidates(walk, k, signal) {
  const { grid, removed } = SS.pathState(walk.givens, walk.steps, k);
  const engine = SS.candidateMasks(await engineCandidates(lineOf(grid), signal));
  return engine.map((m, cell) => m & ~removed[cell]);
}

/** Solve step by step: the logical solver's whole path from the givens, one step at a time. */
export function walkPath() {
  return runJob('Finding every step…', async (mine, signal) => {
    const givens = givensLine(state().game);
    const path = await solvePath(givens, signal);
    if (mine.stale && givensLine(state().game) !== givens) return;
    const walk = { givens: values(givens), steps: path.steps, solved: path.solved, k: 0, shown: 0 };
    walk.candidates = new Map([[0, await walkCandidates(walk, 0, signal)]]);
    dispatch({ type: 'walk', walk });
    await showWalkStep(0);
    say('');
    SV.showStep('step-next');
  });
}

/** How long a hint's search runs before the job panel shows it (a quick one flashes nothing). */
const HINT_PANEL_DELAY = 400;

/**
 * Hint, graded: the next logical step, shown a level at a time (step-words.js `hintWords`).
 * The first press says where to look (or which technique exists); the next names the
 * technique and highlights its pattern; the third shows what it removes (struck out) or
 * places (previewed), with its reason and Apply. It works from the player's pencil marks
 * when they have some. Asked again after that, a step that only removes candidates is taken
 * as done (its removals are kept as marks for the next hint), so repeated hints walk forward.
 *
 * The search for the step is a long job (a hint deep in one of the hardest puzzles runs
 * forcing nets, for seconds): on the job pool, so that the quick worker keeps answering the
 * conflict checks, with the job panel and Cancel once it has run `HINT_PANEL_DELAY` ms. One
 * search at a time: Hint pressed again meanwhile does nothing.
 */
export async function hint() {
  if (state().paused) return say(PAUSED);
  const shown = state().hint;
  const more = shown && (shown.level < W.HINT_LEVELS.length || !removesOnly(shown.step));
  const running = panel.job;
  // (A search on show is its own answer; another job has to end first.)
  if (running && !more) return running.hint ? undefined : say(W.HINT_WAITS);
  if (state().walk) closeWalk();
  if (more) {
    dispatch({ type: 'hintLevel', level: Math.min(shown.level + 1, W.HINT_LEVELS.length) });
    const { step } = state().hint;
    if (state().hint.level >= 2) board.select(step.placement?.cell ?? step.cells[0] ?? board.selected, false);
    SV.showStep();
    return;
  }
  const options = { delay: HINT_PANEL_DELAY, staleNote: W.HINT_STALE_NOTE, cancelled: W.HINT_CANCELLED };
  return runJob(W.HINT_FINDING, async (mine, signal) => {
    mine.hint = true;
    try {
      await findHint(mine, signal);
    } catch (error) {
      if (error.name === 'AbortError') throw error;
      if (error.code === 'conflicting_givens' || NOT_UNIQUE.includes(error.code)) {
        say(explainError(error, { entries: hasEntries() }), 'bad');
      } else say(`No hint: ${plainWords(error.message)}`, 'bad');
    }
  }, options);
}

/** What a hint is found from: the givens, the entries and the notes. */
const keyOf = (g) => givensLine(g) + entriesLine(g) + g.notes.join(',');

/**
 * The search for a new hint, the job `mine` (`signal` aborts it), shown at its first level
 * when found, unless the grid changed meanwhile (the panel said it would not be shown).
 */
async function findHint(mine, signal) {
  const { game, hintMarks } = state();
  const givens = givensLine(game);
  const key = keyOf(game);
  const own = game.notes.some(Boolean) ? game.notes : undefined;
  // The candidates the hints so far removed while the grid stayed as it was, else the
  // player's pencil marks.
  const marks = hintMarks?.key === key ? hintMarks.masks : own;
  const found = await searchHint(givens, entriesLine(game), marks, signal);
  if (mine.stale || key !== keyOf(state().game)) return say(W.HINT_STALE);
  if (!found) {
    dispatch({ type: 'hint', hint: null });
    return say('The grid is full.');
  }
  // The candidates the step was found on: the marks, and where a cell has none, the
  // engine's candidates (what sudoku_hint reads a cell without marks as).
  const candidates = SS.candidateMasks(await engineCandidates(currentLine(game), signal));
  if (mine.stale || key !== keyOf(state().game)) return say(W.HINT_STALE);
  const base = candidates.map((m, k) => marks?.[k] || m);
  // (The nudge selects no cell: that would say where the step is.)
  dispatch({
    type: 'hint',
    hint: { step: found, base, candidates },
    ...(removesOnly(found) ? { hintMarks: { key, masks: SS.withoutCandidates(base, found.eliminations) } } : {}),
  });
  say('');
  SV.showStep();
}

/** Whether a step only removes candidates (then a hint asked again walks on past it). */
const removesOnly = (step) => step.eliminations.length > 0 && !step.placement;
