// The page's handle on the wasm module, which lives in a module worker so the page never
// blocks. Calls are queued and tagged; `cancel()` stops a running job at once by terminating
// the worker and starting a fresh one (the only way to stop wasm mid-run).

/** An Error rebuilt from the worker's plain data, keeping `code` and positions. */
function toError(data) {
  return Object.assign(new Error(data.message), data);
}

/**
 * The module workers, by the module they load: `dlx` the package's main module (exact
 * cover), `sudoku` the one with the sudoku exports. Literal `new URL(..., import.meta.url)`
 * so that tools that follow worker URLs find them.
 */
const WORKERS = {
  dlx: () => new Worker(new URL('./dlx-worker.js', import.meta.url), { type: 'module' }),
  sudoku: () => new Worker(new URL('./sudoku-worker.js', import.meta.url), { type: 'module' }),
};

export class Engine {
  /**
   * @param {'dlx' | 'sudoku'} module which wasm module the worker loads
   * @param {(state: 'loading' | 'ready' | 'failed', error?: Error) => void} [onState]
   */
  constructor(module, onState = () => {}) {
    if (!(module in WORKERS)) throw new Error(`no module named ${module}`);
    this.module = module;
    this.onState = onState;
    this.nextId = 1;
    this.pending = new Map();
    this.spawn();
  }

  spawn() {
    this.onState('loading');
    this.worker = WORKERS[this.module]();
    this.ready = new Promise((resolve, reject) => {
      this.worker.addEventListener('message', function first({ data }) {
        if (!('ready' in data)) return;
        this.removeEventListener('message', first);
        if (data.ready) resolve();
        else reject(toError(data.error));
      });
    }).then(
      () => this.onState('ready'),
      (error) => {
        this.onState('failed', error);
        throw error;
      },
    );
    // Callers see a failed load through `ready` and onState; never as an unhandled rejection.
    this.ready.catch(() => {});
    this.worker.addEventListener('message', ({ data }) => this.receive(data));
    this.worker.addEventListener('error', (event) => {
      const error = Object.assign(new Error(event.message || 'the worker failed'), {
        code: 'worker_failed',
      });
      this.onState('failed', error);
      this.rejectAll(error);
    });
  }

  receive(data) {
    const job = this.pending.get(data.id);
    if (!job) return;
    if ('progress' in data) {
      job.onProgress?.(data.progress);
      return;
    }
    this.pending.delete(data.id);
    if ('error' in data) job.reject(toError(data.error));
    else job.resolve(data.result);
  }

  post(message, onProgress) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, ...message });
    });
  }

  /** Calls export `fn` of the module with `args`; resolves with its result. */
  call(fn, ...args) {
    return this.post({ fn, args });
  }

  /** A streaming exact-cover search; `onProgress({ fraction, stats })` between slices. */
  exactCover(problem, options, onProgress) {
    return this.post({ stream: 'exact_cover', args: [problem, options] }, onProgress);
  }

  /** Whether a job is running or queued. */
  get busy() {
    return this.pending.size > 0;
  }

  rejectAll(error) {
    for (const job of this.pending.values()) job.reject(error);
    this.pending.clear();
  }

  /** Stops every running or queued job now; they reject with code `cancelled`. */
  cancel() {
    this.worker.terminate();
    this.rejectAll(Object.assign(new Error('cancelled'), { code: 'cancelled' }));
    this.spawn();
  }
}
