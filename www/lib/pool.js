// The pages' pool of module workers (the package's pool.js on www/pkg): a count on every
// core, the search split into disjoint tasks, with combined progress and cancel by abort.
import { MAX_WORKERS, WorkerPool, webWorker } from '../pkg/pool.js';

let pool = null;

/** The shared pool, one worker per core, started on first use. */
export function workerPool() {
  pool ??= new WorkerPool(
    () => webWorker(new Worker(new URL('../pkg/worker.js', import.meta.url), { type: 'module' })),
    Math.min(MAX_WORKERS, Math.max(1, navigator.hardwareConcurrency || 4)),
  );
  return pool;
}
