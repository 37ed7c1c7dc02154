// The work of one worker of the pool (pool.js), whatever runs it: a module Web Worker
// (worker.js) or a Node worker thread (worker-node.js). It holds one wasm instance, the
// problems sent to it (as ExactCoverTasks, read once) and answers tagged messages:
//   { id, op: 'load', key, problem, options }  -> { id, value: true }
//   { id, op: 'split', key, tasks }            -> { id, value: [{ path, share }, ...] }
//   { id, op: 'run', key, path, find, limit }  -> { id, progress } ..., { id, solution } ...,
//                                                 { id, value: { count, stats, status } }
//   { id, op: 'call', name, args }             -> { id, value: wasm[name](...args) }
//   { id, op: 'drop', key }                    -> nothing (forgets a problem)
// Errors answer { id, error: { message, name, code, line, option, path } }. A run cannot be
// interrupted: the pool cancels one by terminating the worker.

/** How many search nodes a run searches between two looks at the clock. */
const BUDGET = 4096;
/** How often a run reports its progress, in ms. */
const TICK = 50;

export function serve(wasm, post, listen) {
  const problems = new Map();
  listen((message) => {
    const { id, op } = message;
    try {
      switch (op) {
        case 'load':
          problems.get(message.key)?.free();
          problems.set(message.key, new wasm.ExactCoverTasks(message.problem, message.options));
          post({ id, value: true });
          break;
        case 'split':
          post({ id, value: held(problems, message.key).split(message.tasks) });
          break;
        case 'run':
          run(held(problems, message.key), message, post);
          break;
        case 'call':
          post({ id, value: wasm[message.name](...message.args) });
          break;
        case 'drop':
          problems.get(message.key)?.free();
          problems.delete(message.key);
          break;
        default:
          throw Object.assign(new Error(`unknown operation ${op}`), { code: 'invalid_argument' });
      }
    } catch (error) {
      post({ id, error: plain(error) });
    }
  });
}

function held(problems, key) {
  const tasks = problems.get(key);
  if (!tasks) throw Object.assign(new Error('no such problem in this worker'), { code: 'invalid_argument' });
  return tasks;
}

/** Runs the task `path` to its end (or `limit` solutions), reporting as it goes. */
function run(tasks, { id, path, find, limit }, post) {
  const solver = tasks.solver(path);
  try {
    let count = 0;
    let last = Date.now();
    for (;;) {
      const { state, solution } = solver.run(BUDGET);
      if (state === 'solution') {
        count += 1;
        if (find) post({ id, solution });
        if (count >= limit) break;
      } else if (state === 'done') {
        break;
      }
      const now = Date.now();
      if (now - last >= TICK) {
        last = now;
        post({ id, progress: solver.progress });
      }
    }
    post({ id, value: { count, stats: solver.stats, status: solver.status } });
  } finally {
    solver.free();
  }
}

/** An error as a plain object that survives postMessage with its code and positions. */
export function plain(error) {
  const out = { message: String(error?.message ?? error), name: error?.name ?? 'Error' };
  for (const key of ['code', 'line', 'option', 'path', 'budget', 'collected']) {
    if (error?.[key] !== undefined) out[key] = error[key];
  }
  return out;
}
