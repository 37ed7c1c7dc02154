// The sudoku page's long jobs: Solve, Count solutions, New, Empty grid, Solve step by step
// and the search for a hint, run on the package's pool of a worker per core (jobs.js) with
// the job panel on show and Cancel, which aborts the job (the pool ends its workers at once
// and starts new ones). What comes back is dispatched to the store like any action's
// (actions.js).
import { closeWalk, dispatch, hasEntries, say, setSetter, showWalkStep, start, state, stopJudging, update, walkCandidates } from './actions.js';
import * as G from './game.js';
import * as J from './jobs.js';
import * as M from './messages.js';
import * as V from './view.js';

const $ = (id) => document.getElementById(id);

export const hasJob = () => !!V.panel.job;

export function cancelJob() {
  const job = V.panel.job;
  if (!job) return;
  // The pool ends the job's workers at once, and starts new ones for the next job.
  job.abort.abort();
  V.panel.end();
  say(job.counted ? M.countCancelled({ ...job.counted, seconds: V.panel.seconds(job) }) : (job.cancelled ?? M.JOB_CANCELLED));
  V.board.select(V.board.selected, true);
}

/**
 * Runs `work(job, signal)` as the current long job, on the pool's `jobs` with `signal`
 * (Cancel aborts it); a cancelled job is silent (Cancel said `cancelled`, if given). The
 * panel shows after `delay` ms (see job-panel.js), and says `staleNote` if the grid changes.
 */
async function runJob(text, work, { delay = 0, staleNote, cancelled } = {}) {
  if (V.panel.job) return;
  stopJudging();
  const mine = V.panel.start(text, G.currentLine(state().game), { delay, staleNote });
  mine.abort = new AbortController();
  mine.cancelled = cancelled;
  try {
    await work(mine, mine.abort.signal);
  } catch (error) {
    if (error.name === 'AbortError') return;
    say(
      error.code === 'conflicting_givens' || M.NOT_UNIQUE.includes(error.code)
        ? M.explainError(error, { entries: hasEntries() })
        : M.failed('The solver failed', error),
      'bad',
    );
  } finally {
    V.panel.end(mine);
  }
}

/** Solve: the grid as the player sees it, their entries included. */
export function solve() {
  return runJob('Solving…', async (mine, signal) => {
    const started = performance.now();
    const line = G.currentLine(state().game);
    const entries = state().game.entries.filter(Boolean).length;
    const report = await J.solveReport(line, signal);
    const ms = performance.now() - started;
    dispatch({ type: 'stats', stats: { ms, ...report } });
    if (mine.stale) return say('The grid changed while it was being solved: press Solve again.', 'info');
    if (!report.solution) {
      return say(
        entries
          ? `No solution with your ${M.plural(entries, 'entry', 'entries')}: at least one of them is wrong (Check or Undo).`
          : 'This puzzle has no solution.',
        'bad',
      );
    }
    dispatch({ type: 'hinted', cell: -1 });
    if (!entries && report.unique) dispatch({ type: 'quietGame', game: G.withSolution(state().game, report.solution, true) });
    update((g) => G.fillSolution(g, report.solution));
    const kept = entries ? `, keeping your ${M.plural(entries, 'entry', 'entries')}` : '';
    say(
      report.unique
        ? `Solved in ${ms.toFixed(1)} ms${kept}: the solution is unique.`
        : `Solved in ${ms.toFixed(1)} ms${kept}: this is one of several solutions.`,
      'good',
    );
  });
}

export function count() {
  return runJob('Counting solutions…', async (mine, signal) => {
    const { game } = state();
    // The site's first module has no exact cover: Count says so while the full one loads
    // (and Cancel, that it goes on loading).
    if (!J.hasFullModule()) {
      V.panel.progress(mine, null, M.COUNT_LOADING);
      mine.cancelled = M.COUNT_LOAD_CANCELLED;
      try {
        await J.whenFull(signal);
      } catch (error) {
        // (Cancelled meanwhile: Cancel has spoken.)
        if (!signal.aborted) say(M.countUnloaded(error), 'bad');
        return;
      }
      mine.cancelled = undefined;
    }
    const { problem } = await J.exactCover(G.currentLine(game), signal);
    const started = performance.now();
    const emptyNine = game.n === 9 && !/[^.]/.test(mine.line);
    // On every core: the search split into disjoint tasks on the worker pool, their progress
    // combined by their shares of the tree.
    mine.counted = {};
    const result = await J.count(problem, {
      signal,
      onProgress: (fraction, stats) => {
        // What Cancel says it had found.
        mine.counted = { solutions: stats.solutions, fraction };
        const seconds = (performance.now() - started) / 1000;
        const { text, warning } = M.countProgress({ solutions: stats.solutions, fraction, seconds, emptyNine });
        V.panel.progress(mine, fraction, text, warning);
      },
    });
    const n = result.count;
    const nodes = M.plural(result.stats.nodes, 'node');
    if (mine.stale) {
      say(`${M.plural(n, 'solution')} for the grid as it was when the count began (${nodes}); it has changed since: count again for the grid as it is.`, 'info');
    } else {
      say(`${M.plural(n, 'solution')} from this grid (${nodes}).`, n === 1 ? 'good' : 'info');
    }
  });
}

/** The levels New offers at the size chosen in the menu (the package's). */
export async function showLevels() {
  const n = Number($('size').value);
  try {
    V.showLevels(await J.sizeLayout(n));
  } catch {
    // The solver did not load: the menu keeps what it offers.
  }
}

export function newPuzzle() {
  const size = Number($('size').value);
  const difficulty = $('difficulty').value;
  return runJob(`Generating ${M.sizeName(size)} ${difficulty} puzzle…`, async (mine, signal) => {
    const generated = await J.generate({ size, difficulty }, signal);
    const info = await J.read(generated.puzzle);
    start(info, { solution: generated.solution, unique: true });
    const got = generated.difficulty;
    const note = got === difficulty ? '' : ` (the nearest to ${difficulty} this size gave)`;
    say(`New ${got} puzzle${note}, ${M.plural(generated.givens, 'given')}. Undo brings back the last game.`);
  });
}

export async function emptyGrid() {
  const size = Number($('size').value);
  const info = await J.read('.'.repeat(size * size));
  start(info);
  setSetter(true);
  say(`An empty ${size} × ${size} grid: type a puzzle’s givens (“Enter givens” is on), or count its solutions. Undo brings back the last game.`);
}

/** Solve step by step: the logical solver's whole path from the givens, one step at a time. */
export function walkPath() {
  return runJob('Finding every step…', async (mine, signal) => {
    const givens = G.givensLine(state().game);
    const path = await J.solvePath(givens, signal);
    if (mine.stale && G.givensLine(state().game) !== givens) return;
    const walk = { givens: G.values(givens), steps: path.steps, solved: path.solved, k: 0, shown: 0 };
    walk.candidates = new Map([[0, await walkCandidates(walk, 0, signal)]]);
    dispatch({ type: 'walk', walk });
    await showWalkStep(0);
    say('');
    V.showStep('step-next');
  });
}

/** How long a hint's search runs before the job panel shows it (a quick one flashes nothing). */
const HINT_PANEL_DELAY = 400;

/**
 * Hint, graded: the next logical step, shown a level at a time (messages.js `hintWords`).
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
  if (state().paused) return say(M.PAUSED);
  const shown = state().hint;
  const more = shown && (shown.level < M.HINT_LEVELS.length || !removesOnly(shown.step));
  const running = V.panel.job;
  // (A search on show is its own answer; another job has to end first.)
  if (running && !more) return running.hint ? undefined : say(M.HINT_WAITS);
  if (state().walk) closeWalk();
  if (more) {
    dispatch({ type: 'hintLevel', level: Math.min(shown.level + 1, M.HINT_LEVELS.length) });
    const { step } = state().hint;
    if (state().hint.level >= 2) V.board.select(step.placement?.cell ?? step.cells[0] ?? V.board.selected, false);
    V.showStep();
    return;
  }
  const options = { delay: HINT_PANEL_DELAY, staleNote: M.HINT_STALE_NOTE, cancelled: M.HINT_CANCELLED };
  return runJob(M.HINT_FINDING, async (mine, signal) => {
    mine.hint = true;
    try {
      await findHint(mine, signal);
    } catch (error) {
      if (error.name === 'AbortError') throw error;
      if (error.code === 'conflicting_givens' || M.NOT_UNIQUE.includes(error.code)) {
        say(M.explainError(error, { entries: hasEntries() }), 'bad');
      } else say(`No hint: ${M.plainWords(error.message)}`, 'bad');
    }
  }, options);
}

/** What a hint is found from: the givens, the entries and the notes. */
const keyOf = (g) => G.givensLine(g) + G.entriesLine(g) + g.notes.join(',');

/**
 * The search for a new hint, the job `mine` (`signal` aborts it), shown at its first level
 * when found, unless the grid changed meanwhile (the panel said it would not be shown).
 */
async function findHint(mine, signal) {
  const { game, hintMarks } = state();
  const givens = G.givensLine(game);
  const key = keyOf(game);
  const own = game.notes.some(Boolean) ? game.notes : undefined;
  // The candidates the hints so far removed while the grid stayed as it was, else the
  // player's pencil marks.
  const marks = hintMarks?.key === key ? hintMarks.masks : own;
  const found = await J.hint(givens, G.entriesLine(game), marks, signal);
  if (mine.stale || key !== keyOf(state().game)) return say(M.HINT_STALE);
  if (!found) {
    dispatch({ type: 'hint', hint: null });
    return say('The grid is full.');
  }
  // The candidates the step was found on: the marks, and where a cell has none, the
  // engine's candidates (what sudoku_hint reads a cell without marks as).
  const candidates = G.candidateMasks(await J.candidates(G.currentLine(game), signal));
  if (mine.stale || key !== keyOf(state().game)) return say(M.HINT_STALE);
  const base = candidates.map((m, k) => marks?.[k] || m);
  // (The nudge selects no cell: that would say where the step is.)
  dispatch({
    type: 'hint',
    hint: { step: found, base, candidates },
    ...(removesOnly(found) ? { hintMarks: { key, masks: G.withoutCandidates(base, found.eliminations) } } : {}),
  });
  say('');
  V.showStep();
}

/** Whether a step only removes candidates (then a hint asked again walks on past it). */
const removesOnly = (step) => step.eliminations.length > 0 && !step.placement;

