// What a module worker that owns a wasm instance does: load the module once, then answer
// tagged requests: { id, fn, args } calls the export `fn`; { id, stream: 'exact_cover', ... }
// runs a streaming search in slices, posting progress between them. No solving logic here:
// everything is a call into the module. The workers themselves are dlx-worker.js (the
// package's main module, for the dancing-links page) and sudoku-worker.js (the module with
// the sudoku exports, for the sudoku page): each imports its module and calls serve().

/** Plain data for an Error thrown by the module, keeping its code and positions. */
function errorData(error) {
  if (!(error instanceof Error)) return { message: String(error), code: 'internal' };
  const data = { message: error.message, code: error.code ?? 'internal' };
  for (const key of Object.keys(error)) data[key] = error[key];
  return data;
}

/** How often a streaming job reports, in milliseconds. */
const REPORT_EVERY_MS = 50;

/**
 * Streams an exact-cover search: `options` are ExactCoverSolver's plus `countOnly` and
 * `keep` (how many solutions to send back, default 100). Posts { id, progress } messages
 * (`{ fraction, stats, solutions }`, the kept solutions found since the last one, so that a
 * search cancelled by terminating the worker still has them) and ends with { id, result }.
 */
function streamExactCover(dlx, id, problem, options = {}) {
  const { countOnly = false, keep = 100, ...solverOptions } = options;
  const solver = new dlx.ExactCoverSolver(problem, solverOptions);
  try {
    const solutions = [];
    // How many of `solutions` a progress message has carried.
    let sent = 0;
    let last = performance.now();
    for (;;) {
      const step = solver.run(2000);
      if (step.state === 'solution' && !countOnly && solutions.length < keep) {
        solutions.push(step.solution);
      }
      if (step.state === 'done') break;
      const now = performance.now();
      if (now - last >= REPORT_EVERY_MS) {
        last = now;
        postMessage({ id, progress: { fraction: solver.progress, stats: solver.stats, solutions: solutions.slice(sent) } });
        sent = solutions.length;
      }
    }
    const stats = solver.stats;
    return {
      solutions,
      count: stats.solutions,
      complete: solver.status === 'exhausted',
      status: solver.status,
      stats,
    };
  } finally {
    solver.free();
  }
}

/**
 * Answers the page's requests with `dlx`, the wasm-bindgen module's namespace, once
 * `init` (its default export) has loaded it.
 */
export function serve(init, dlx) {
  const ready = init().then(
    () => postMessage({ ready: true }),
    (error) => postMessage({ ready: false, error: errorData(error) }),
  );

  self.onmessage = async ({ data }) => {
    await ready;
    const { id, fn, stream, args = [] } = data;
    try {
      let result;
      if (stream === 'exact_cover') {
        result = streamExactCover(dlx, id, ...args);
      } else if (typeof dlx[fn] === 'function' && fn !== 'default' && fn !== 'initSync') {
        result = dlx[fn](...args);
      } else {
        throw Object.assign(new Error(`no export named ${fn}`), { code: 'invalid_argument' });
      }
      postMessage({ id, result });
    } catch (error) {
      postMessage({ id, error: errorData(error) });
    }
  };
}
