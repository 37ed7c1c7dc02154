// The sudoku page's long jobs: Solve, Count solutions, New, Empty grid (and, by `runJob`,
// steps.js's: Solve step by step and the search for a hint), run on the package's pool of a
// worker per core (jobs.js) with the job panel on show and Cancel, which aborts the job (the
// pool ends its workers at once and starts new ones). What comes back is dispatched to the
// store like any action's (actions.js).
import { dispatch, hasEntries, say, setSetter, start, state, stopJudging, update } from './actions.js';
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
export async function runJob(text, work, { delay = 0, staleNote, cancelled } = {}) {
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
