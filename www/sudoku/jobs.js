// The sudoku page's calls of the wasm package (dlx-wasm), all in its module workers, on two
// of its pools (lib/pool.js): `quick`, one worker, answers the player's small questions
// (reading a puzzle, conflicts, candidates, the layout's rules: each bounded by the grid's
// size, see the README); `jobs`, a worker per core, runs what may take long (solve, count,
// generate, rate, the solving path, a hint: the hardest puzzles' take forcing nets), which
// an abort of its `signal` stops, so typing stays answered while a job runs. The pools are
// imported when the first call asks for them (lib/solver.js `pools`), not with the page.
import { pools, watchSolver } from '../lib/solver.js';

/**
 * Starts loading the solver; `onState(state, error)` hears how it goes (see lib/solver.js
 * `watchSolver`; and 'full' while a call waits for the full module: `whenFull`).
 * The page paints and plays with the main module alone (on the site, a first module: the
 * sudoku exports without exact cover, which Count needs, nor the solution count and the
 * candidates, which an import's verdict and Auto candidates need); the coach module (Hint, the
 * grade, New's generator, the solving path) is fetched and compiled once the main module is
 * ready and the page idle, and the site's full module 2 s after the load (lib/pool.js
 * `fullModuleLater`), or at the first Count, which waits for it (`whenFull`), so that
 * neither delays the first paint.
 */
export function loadSolver(onState) {
  tell = onState;
  watchSolver((state, error) => {
    solver = state;
    onState(state, error);
    // (A failure is told by the call that needs it, which tries again: the background loads
    // then start from that call's import.)
    if (state === 'ready') imported().catch(() => {});
  });
}

/** lib/pool.js (lib/solver.js `pools`), kept once in for `hasFullModule`. */
let loaded = null;
/**
 * `pools()`, kept once in; the first time the pools are in with the solver ready, the
 * background loads begin: the coach module when the page is idle, the full module 2 s
 * after the load (lib/pool.js `fullModuleLater`).
 */
const imported = () => pools().then((pool) => {
  loaded = pool;
  if (!background && solver === 'ready') {
    background = true;
    (globalThis.requestIdleCallback ?? ((f) => setTimeout(f, 100)))(pool.preloadCoach);
    pool.fullModuleLater().catch(() => {});
  }
  return pool;
});
/** Whether the background loads have begun (`imported`). */
let background = false;

/** Whether Count can start at once, without waiting for `whenFull`. */
export const hasFullModule = () => loaded?.hasFullModule() ?? false;

/**
 * Resolves once the page's module has every export the page calls (lib/pool.js
 * `fullModule`: the site's first module has no exact cover, no solution count and no
 * candidates, and reads the classic 9x9 alone), at once where it has; rejects with
 * `signal`'s reason as soon as it is aborted, and where the module could not be loaded
 * (the next call tries again). While any call waits here, the solver's status says so
 * ('full': lib/solver.js `solverStateText`); the first module serves the rest meanwhile,
 * and again if the full one fails. What `exactCover`, `count`, `countUpTo`, `candidates`
 * and a call the first module hands over (`ask`) wait for.
 */
export async function whenFull(signal) {
  signal?.throwIfAborted();
  if (hasFullModule()) return;
  // (Said over 'ready' alone: not over 'loading', nor over 'failed'.)
  const said = solver === 'ready';
  if (said && waiting++ === 0) tell('full');
  let stop;
  try {
    // (A job cancelled meanwhile ends at once, silent whatever becomes of the module.)
    const aborted = new Promise((resolve, reject) => {
      stop = () => reject(signal.reason);
      signal?.addEventListener('abort', stop, { once: true });
    });
    await Promise.race([imported().then((pool) => pool.fullModule()), aborted]);
  } catch (error) {
    signal?.throwIfAborted();
    throw error;
  } finally {
    signal?.removeEventListener('abort', stop);
    if (said && --waiting === 0) tell('ready');
  }
  signal?.throwIfAborted();
}

/** What `loadSolver` was told to tell of the solver's state, and the last state it told. */
let tell = () => {};
let solver = 'loading';
/** How many calls `whenFull` holds while it says 'full'. */
let waiting = 0;

/** The page's two pools (lib/pool.js `quickPool` and `workerPool`), once imported. */
const quick = () => imported().then((pool) => pool.quickPool());
const jobs = () => imported().then((pool) => pool.workerPool());

/**
 * `pool.call(name, args, options)`, asked again of the page's full module where the first
 * hands it over (`needs_full_module`: the site's first module reads the classic 9x9 on one
 * line alone, src/wasm/sudoku.rs `handover`), once that one is in (`whenFull`: each pool's
 * workers then run it). The calls a first module serves go through here.
 */
async function ask(pool, name, args, options) {
  try {
    return await (await pool()).call(name, args, options);
  } catch (error) {
    if (error?.code !== 'needs_full_module') throw error;
    await whenFull(options?.signal);
    return (await pool()).call(name, args, options);
  }
}

/** `read_sudoku`: the puzzle in `text`, read and checked by the engine. */
export const read = (text) => ask(quick, 'read_sudoku', [text]);
/** `sudoku_conflicts` of a grid line. */
export const conflicts = (line) => ask(quick, 'sudoku_conflicts', [line]);
/**
 * `sudoku_candidates` of a grid line, once the page's module has it (`whenFull`: the site's
 * first module has not: Auto candidates is rare in a page's first seconds). Where the
 * candidates are part of a job (a hint, the solving path), its `signal` ends the wait, and
 * an abort meanwhile rejects as the job's calls do (the quick worker is not stopped).
 */
export const candidates = async (line, signal) => {
  await whenFull(signal);
  const found = await (await quick()).call('sudoku_candidates', [line]);
  signal?.throwIfAborted();
  return found;
};
/**
 * `sudoku_hint`: the next step from the givens, the entries and the marks (or none), as a
 * job (`signal` aborts it).
 */
export const hint = async (givens, entries, marks, signal) => (await jobs()).call('sudoku_hint', [givens, entries, marks], { signal });
/** `solve_sudoku_report`, on the quick worker (the givens alone, for Check) or as a job. */
export const solveReport = (line, signal) =>
  signal ? ask(jobs, 'solve_sudoku_report', [line], { signal }) : ask(quick, 'solve_sudoku_report', [line]);
/** `sudoku_exact_cover` of a grid line, once the page's module has exact cover (`whenFull`). */
export const exactCover = async (line, signal) => {
  await whenFull(signal);
  return (await jobs()).call('sudoku_exact_cover', [line], { signal });
};
/**
 * Counts the solutions of an exact-cover problem on every core (`options` as the pool's),
 * once the page's module has exact cover and the pool's tasks (`whenFull`).
 */
export const count = async (problem, options) => {
  await whenFull(options?.signal);
  return (await jobs()).exactCover(problem, { countOnly: true, ...options });
};
/** `generate_sudoku` with `options`. */
export const generate = async (options, signal) => (await jobs()).call('generate_sudoku', [options], { signal });
/** `sudoku_solve_path` from the givens. */
export const solvePath = async (givens, signal) => (await jobs()).call('sudoku_solve_path', [givens], { signal });

/**
 * `count_sudoku_solutions` up to `limit`, as a job (`signal` aborts it), once the page's
 * module has it (`whenFull`: the site's first module has not; an import's verdict waits).
 */
export const countUpTo = async (line, limit, signal) => {
  await whenFull(signal);
  return (await jobs()).call('count_sudoku_solutions', [line, { limit }], { signal });
};
/** `rate_sudoku`: the puzzle's grade, as a job (`signal` aborts it). */
export const rate = async (line, signal) => (await jobs()).call('rate_sudoku', [line], { signal });

const layouts = new Map();
/**
 * `sudoku_layout` of a game's size and boxes (peers, the levels New offers), asked once per
 * shape.
 */
export function layout({ n, boxRows, boxCols }) {
  const key = `${n}:${boxRows}x${boxCols}`;
  if (!layouts.has(key)) {
    const asked = ask(quick, 'sudoku_layout', [n, { boxRows, boxCols }]);
    asked.catch(() => layouts.delete(key));
    layouts.set(key, asked);
  }
  return layouts.get(key);
}

/** `sudoku_layout` of size `n` with the engine's boxes (what New and Empty grid make). */
export const sizeLayout = (n) => ask(quick, 'sudoku_layout', [n]);
