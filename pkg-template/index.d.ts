/// <reference lib="esnext.disposable" />
// Types of index.js: everything of the wasm-bindgen main module (its classes'
// `[Symbol.dispose]` needs the lib referenced above, so that `strict` projects on
// `lib: ["es2022", "dom"]` type-check without `skipLibCheck`), the coach module's functions
// and types (as wasm-bindgen declares them), `init_coach`, and the async API on the worker
// pool (pool.js).
export * from './dlx_wasm.js';
export * from './dlx_wasm_coach.js';
// Both modules declare these: the package's are the main module's.
export { default, initSync } from './dlx_wasm.js';
export type { InitInput, InitOutput, SyncInitInput } from './dlx_wasm.js';
import type {
  CountResult, DlxError, ExactCoverOptions, ExactCoverProblem, ExactCoverResult, SudokuOptions,
} from './dlx_wasm.js';
import type { InitInput as CoachInput, InitOutput as CoachOutput } from './dlx_wasm_coach.js';

/**
 * Loads the coach module (`sudoku_hint`, `sudoku_solve_path`, `rate_sudoku`,
 * `generate_sudoku`): fetched and compiled once, then instantiated (by default the file
 * beside the package's entry; or `input`, a compiled module, a URL or a response). Those
 * exports throw `not_initialized` until it resolves. In Node it is not needed (they load
 * the module at their first call), nor for `WorkerPool.call` (its workers load it).
 */
export declare function init_coach(input?: CoachInput | Promise<CoachInput>): Promise<CoachOutput | void>;

type CoachExports = Omit<typeof import('./dlx_wasm_coach.js'), 'default' | 'initSync'>;
type Exports = typeof import('./dlx_wasm.js') & CoachExports;
/** The names of the module's functions, which `WorkerPool.call` runs in a worker. */
export type ExportName = {
  [K in keyof Exports]: Exports[K] extends (...args: any[]) => any
    ? K extends 'default' | 'initSync' ? never : K
    : never;
}[keyof Exports];

/** The worker pool's own options, beside the sync export's. */
export interface PoolOptions {
  /** How many workers, 1 to 128 (default: one per core, `navigator.hardwareConcurrency` or `os.availableParallelism()`, at most 128). */
  workers?: number;
  /**
   * Cancels the search: every worker stops at once and the promise rejects with the signal's
   * reason (an `AbortError`, or `AbortSignal.timeout`'s `TimeoutError`), at once too while
   * the job waits for its turn on the pool.
   */
  signal?: AbortSignal;
  /**
   * The progress of the whole search, from 0 to 1 (Knuth's estimate per task, by the tasks'
   * shares), with the solutions found so far (by the tasks done and those running) and the
   * nodes and updates of the split and of the tasks done.
   */
  onProgress?: (fraction: number, soFar: { solutions: number; nodes: number; updates: number }) => void;
  /**
   * Called with each solution of the result, in its order (the serial order), as soon as it
   * is known to come next: a task's solutions as a worker sends them (at least every 50 ms)
   * once every task before it is done, the others when it is. With `workers: 1, tasks: 1`
   * (one search: `exact_cover`'s own, without a `seed`) each as the search finds it.
   */
  onSolution?: (solution: number[]) => void;
  /**
   * About how many tasks to split the search into (default 64 per worker, at most 1,024; 256
   * with a `seed`, so that a seeded search gives the same answers on any number of workers).
   */
  tasks?: number;
}

/**
 * Options of `exact_cover_async`: `exact_cover`'s, with `maxNodes` for all the workers
 * together (they take nodes from one budget; the split's own search of the top of the tree
 * is not counted: the result then says `status: "node_limit"`, with the solutions found so
 * far), and the pool's.
 */
export interface ExactCoverAsyncOptions extends ExactCoverOptions, PoolOptions {}

/** Options of `solve_sudoku_async`: `solve_sudoku`'s, and a signal that cancels it. */
export interface SudokuAsyncOptions extends SudokuOptions {
  signal?: AbortSignal;
}

/** A pool of workers, each with its own wasm instance, reused by every call; jobs run in turn. */
export declare class WorkerPool {
  /** Made by `create_worker_pool(size)`, not by `new`. */
  private constructor();
  readonly size: number;
  /** `exact_cover_async` on this pool. */
  exactCover(problem: ExactCoverProblem, options?: ExactCoverAsyncOptions): Promise<ExactCoverResult>;
  /** `solve_sudoku_async` on this pool. */
  solveSudoku(puzzle: string, options?: SudokuAsyncOptions): Promise<string | null>;
  /**
   * Any export of the main or the coach module (`"rate_sudoku"`, `"exact_cover_trace"`, ...) called with `args`
   * in one worker of this pool: what it returns, or its error with every property the sync
   * call's has. `signal` cancels it (the worker is ended at once, and replaced).
   */
  call<K extends ExportName>(name: K, args: Parameters<Exports[K]>, options?: { signal?: AbortSignal }): Promise<ReturnType<Exports[K]>>;
  /**
   * Ends every worker, the running job's too: that job and the queued ones reject with
   * `pool_closed` at once, as later calls do.
   */
  close(): void;
}

/**
 * `exact_cover` off the main thread, on every worker of the default pool: the same options
 * (refused as `exact_cover` refuses them), the same result, the solutions in the same
 * order. The search is split into disjoint tasks; a memoised count (`memo`) or one task
 * (`task`) runs in one worker. Count with `countOnly: true` (`count`, `countText`, `status`).
 */
export declare function exact_cover_async(problem: ExactCoverProblem, options?: ExactCoverAsyncOptions): Promise<ExactCoverResult>;
/** `solve_sudoku` in a worker of the default pool. */
export declare function solve_sudoku_async(puzzle: string, options?: SudokuAsyncOptions): Promise<string | null>;
/** A new pool of `size` workers (default: one per core). */
export declare function create_worker_pool(size?: number): WorkerPool;
/**
 * Ends the default pool's workers: its running and queued jobs reject with `pool_closed` at
 * once (a later call starts new ones).
 */
export declare function close_worker_pool(): void;
/** Whether `value` is an Error this package threw or rejected with (an Error with a `code`). */
export declare function isDlxError(value: unknown): value is DlxError;
export type { CountResult };
