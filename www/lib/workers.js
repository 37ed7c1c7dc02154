// The pages' workers: module workers of the package's worker script (www/pkg/worker.js),
// which the pages' pools (lib/pool.js) run their calls on. The first ones are started by the
// page's script once its module is compiled (lib/solver.js), so that their script is read
// and run while the pools arrive, and handed to the pools when these come in.

/**
 * The most workers a pool starts: the package's limit (pkg/pool.js `MAX_WORKERS`, which
 * the page's script does not carry: tests/js/site.test.mjs checks that they agree).
 */
export const MAX_WORKERS = 128;

/** How many workers a page's pool for long jobs runs: one per core, within the package's limit. */
export const cores = () => Math.min(MAX_WORKERS, Math.max(1, navigator.hardwareConcurrency || 4));

/**
 * A worker of the pools' script, started: it loads its modules, then waits for the pool's
 * first message. One that fails to load while still in `early` (the workers started first
 * that no pool took yet: offline, a refused script) leaves it, so that no pool is
 * handed a dead worker (a pool sees the failure of the workers it took: pkg/pool.js
 * `webWorker`'s `fail`).
 * @param {Worker[]} early
 */
export function startWorker(early) {
  const worker = new Worker(new URL('../pkg/worker.js', import.meta.url), { type: 'module' });
  worker.addEventListener('error', () => {
    const at = early.indexOf(worker);
    if (at >= 0) early.splice(at, 1);
  }, { once: true });
  return worker;
}
