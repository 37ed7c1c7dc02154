// Types of index.js: everything of the wasm-bindgen module (whose declarations already make
// ExactCoverSolver iterable), and the async API on the worker pool (pool.js).
export * from './dlx_wasm.js';
export { default } from './dlx_wasm.js';
import type { ExactCoverProblem, SolverOptions, SolverStatus, SudokuOptions } from './dlx_wasm.js';

/** Options of the async API's searches (the solver options but `task`). */
export interface ParallelOptions extends Omit<SolverOptions, 'task'> {
  /**
   * Stop after this many search nodes, all the workers together (never more: the workers
   * take nodes from one budget; the split's own search of the top of the tree is not counted). The result then
   * says `status: "node_limit"` and `complete: false`, with the solutions found so far.
   */
  maxNodes?: number;
  /** How many workers, 1 to 128 (default: one per core, `navigator.hardwareConcurrency` or `os.availableParallelism()`, at most 128). */
  workers?: number;
  /**
   * Cancels the search: every worker stops at once and the promise rejects with an
   * `AbortError` (at once too while the job waits for its turn on the pool).
   */
  signal?: AbortSignal;
  /**
   * The progress of the whole search, from 0 to 1 (Knuth's estimate per task, by the tasks'
   * shares), with the solutions found so far (by the tasks done and those running) and the
   * nodes of the tasks done.
   */
  onProgress?: (fraction: number, soFar: { solutions: number; nodes: number }) => void;
  /**
   * About how many tasks to split the search into (default 64 per worker, at most 1,024; 256
   * with a `seed`, so that a seeded search gives the same answers on any number of workers).
   */
  tasks?: number;
}

/** Knuth's statistics of a parallel search, added up over the workers. */
export interface ParallelStats {
  nodes: number;
  updates: number;
  solutions: number;
}

/** What `countSolutions` found. */
export interface CountResult {
  /**
   * The number of solutions (at most `limit`): the count of `exact_cover`. Under a node
   * limit that stopped the search, the solutions found before it stopped.
   */
  count: number;
  /** Whether the whole search space was explored. */
  complete: boolean;
  /** Why the search ended: `"exhausted"` (complete), `"solution_limit"` or `"node_limit"`. */
  status: Exclude<SolverStatus, 'searching'>;
  stats: ParallelStats;
}

/** What `findSolutions` found. */
export interface FindResult extends CountResult {
  /**
   * The solutions in the order `exact_cover` finds them (the first `limit` of them). Under a
   * node limit that stopped the search, every solution found, in that order (with gaps
   * where tasks were not finished).
   */
  solutions: number[][];
}

/** Options of `findSolutions`. */
export interface FindOptions extends ParallelOptions {
  /** Called with each solution as a worker finds it (not in order). */
  onSolution?: (solution: number[]) => void;
}

/** Options of `solveSudokuAsync`. */
export interface SudokuAsyncOptions extends SudokuOptions {
  signal?: AbortSignal;
}

/**
 * The error codes of the async API beyond the module's: `pool_closed` (a call on a closed
 * pool), `worker_died` (a worker died twice on the same task), `callback_threw` (`onSolution`
 * or `onProgress` threw: the search stops, the error's `path` names the callback and its
 * `cause` is what it threw). Options of the wrong type (not an object, a callback that is
 * not a function, a `signal` that is not an AbortSignal) are `invalid_argument` with a
 * `path`, as the module's. Aborts reject with a `DOMException` named `AbortError`.
 */
export type PoolErrorCode = 'pool_closed' | 'worker_died' | 'callback_threw';

/** A pool of workers, each with its own wasm instance, reused by every call; jobs run in turn. */
export declare class WorkerPool {
  readonly size: number;
  countSolutions(problem: ExactCoverProblem, options?: ParallelOptions): Promise<CountResult>;
  findSolutions(problem: ExactCoverProblem, options?: FindOptions): Promise<FindResult>;
  solveSudokuAsync(puzzle: string, options?: SudokuAsyncOptions): Promise<string | null>;
  /**
   * Ends every worker, the running job's too: that job and the queued ones reject with
   * `pool_closed` at once, as later calls do.
   */
  close(): void;
}

/** Counts the solutions of `problem` on every worker of the default pool. */
export declare function countSolutions(problem: ExactCoverProblem, options?: ParallelOptions): Promise<CountResult>;
/** Finds the solutions of `problem` on every worker of the default pool, in the serial order. */
export declare function findSolutions(problem: ExactCoverProblem, options?: FindOptions): Promise<FindResult>;
/** Solves a sudoku in a worker of the default pool: what `solve_sudoku` returns. */
export declare function solveSudokuAsync(puzzle: string, options?: SudokuAsyncOptions): Promise<string | null>;
/** A new pool of `size` workers (default: one per core). */
export declare function createWorkerPool(size?: number): WorkerPool;
/**
 * Ends the default pool's workers: its running and queued jobs reject with `pool_closed` at
 * once (a later call starts new ones).
 */
export declare function closeWorkerPool(): void;
