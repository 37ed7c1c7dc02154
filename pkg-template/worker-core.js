// The work of one worker of the pool (pool.js), whatever runs it: a module Web Worker
// (worker.js) or a Node worker thread (worker-node.js). It holds one instance of the main
// wasm module, one of the coach module once a coach export is first called (from the module
// the pool sends when this worker asks for it: whether a call needs it is decided here
// alone), the problems sent to it (as ExactCoverTasks, read once) and answers the requests
// of the package's one protocol (protocol.js, where every message is declared). A run cannot
// be interrupted: the pool cancels one by terminating the worker.
//
// Under a node limit (`lease` given) a run searches at most `lease` nodes, then asks the pool
// for more (`need`) and waits for a `grant`; a grant of 0 nodes ends it with the status
// `node_limit`. The leases come out of one budget in the pool, so all the runs of a search
// together search at most the search's `maxNodes` nodes.
import { COACH_CALLS, decodeArgument, decodeError, encodeError, isCallable, shownKey } from './protocol.js';

/** How many search nodes a run searches between two looks at the clock. */
const BUDGET = 4096;
/** How often a run reports its progress, in ms. */
const TICK = 50;
/** The most solutions a run sends in one message (it sends them at least every `TICK`). */
const BATCH = 1024;

/**
 * Answers the requests `listen` hears with `post`, on the instantiated main module `wasm`;
 * `coach` is the coach module's wasm-bindgen module (not instantiated: the pool sends the
 * compiled module to instantiate), with `load`, where the worker can, instantiating it
 * itself when none was sent (Node: from the file).
 */
export function serve(wasm, post, listen, coach) {
  const problems = new Map();
  // The coach module: instantiated, or why it could not be (the pool's encoded error).
  let coachReady = false;
  let coachFailure = null;
  // The messages heard since this worker asked the pool for the coach module (`{ coach:
  // true }`: a call of no main export, with no coach instance), answered in order once it
  // comes; `answered` while they are: their calls do not ask again (after a failure, the
  // next call does).
  let parked = null;
  let answered = false;
  // Whether `name` is the coach module's to run: the one place that decides it (a name of
  // neither module is refused without the coach module: `callable`).
  const coachCall = (name) => coach && !isCallable(wasm, name) && COACH_CALLS.includes(name);
  // Whether a call of `name` waits for the coach module.
  const needsCoach = (name) => coachCall(name) && !coachReady && !answered;
  const callable = (name) => {
    if (isCallable(wasm, name)) return wasm[name];
    if (coachCall(name)) {
      if (isCallable(coach.exports, name)) {
        if (!coachReady) {
          if (coachFailure) throw decodeError(coachFailure);
          if (!coach.load) {
            throw Object.assign(new Error(`${name}: the coach module was not sent to this worker`), { code: 'not_initialized' });
          }
          coach.load();
          coachReady = true;
        }
        return coach.exports[name];
      }
      // Where the coach's bindings could not be loaded (worker.js imports them with the
      // pool's coach message), a coach call says why.
      if (coachFailure) throw decodeError(coachFailure);
    }
    throw Object.assign(new Error(`name: no export named ${shownKey(String(name))} to call`), { code: 'invalid_argument', path: 'name' });
  };
  // The runs waiting for a grant of nodes, by their id.
  const waiting = new Map();
  listen((message) => {
    if (parked && message?.op !== 'coach') {
      parked.push(message);
      return;
    }
    answer(message);
    if (message?.op !== 'coach' || !parked) return;
    const held = parked;
    parked = null;
    answered = true;
    try {
      for (const request of held) answer(request);
    } finally {
      answered = false;
    }
  });

  /** Answers one request. */
  function answer(message) {
    const { id, op } = message;
    try {
      switch (op) {
        case 'load':
          problems.get(message.key)?.free();
          problems.set(message.key, new wasm.ExactCoverTasks(decodeArgument(message.problem), decodeArgument(message.options)));
          post({ id, value: true });
          break;
        case 'split': {
          const tasks = held(problems, message.key);
          post({
            id, value: { tasks: tasks.split(message.tasks), stats: tasks.splitStats, warnings: tasks.warnings },
          });
          break;
        }
        case 'run':
          run(held(problems, message.key), message, post, waiting)
            .catch((error) => post({ id, error: encodeError(error) }));
          break;
        case 'grant':
          waiting.get(id)?.(message.nodes);
          waiting.delete(id);
          break;
        case 'coach':
          // The pool's answer to this worker's ask: the calls held for it then run (or fail
          // with its error). Neither module nor error: the pool has none to send (the worker
          // loads its own where it can: `coach.load`).
          if (coachReady || !coach || (!message.module && !message.error)) break;
          try {
            if (message.error) throw decodeError(message.error);
            coach.exports.initSync({ module: message.module });
            coachReady = true;
            coachFailure = null;
          } catch (error) {
            coachFailure = encodeError(error);
          }
          break;
        case 'call': {
          if (needsCoach(message.name)) {
            parked = [message];
            post({ coach: true });
            break;
          }
          const f = callable(message.name);
          post({ id, value: f(...message.args.map(decodeArgument)) });
          break;
        }
        case 'drop':
          problems.get(message.key)?.free();
          problems.delete(message.key);
          break;
        default:
          throw Object.assign(new Error(`unknown operation ${op}`), { code: 'invalid_argument' });
      }
    } catch (error) {
      post({ id, error: encodeError(error) });
    }
  }
}

function held(problems, key) {
  const tasks = problems.get(key);
  if (!tasks) throw Object.assign(new Error('no such problem in this worker'), { code: 'invalid_argument' });
  return tasks;
}

/**
 * Runs the task `path` to its end (or `limit` solutions, or the end of its node leases),
 * reporting as it goes (its progress, with the solutions it has found so far). A count counts in wasm, slice by slice (`countWithin`: no solution
 * crosses into JS); a search for the solutions takes them one by one (`run`). Without a
 * `lease` it never waits: it runs to the end in one go.
 */
async function run(tasks, { id, path, find, limit, lease }, post, waiting) {
  const solver = tasks.solver(path);
  try {
    const limited = lease !== undefined;
    // The nodes this run may still search.
    let left = limited ? lease : Infinity;
    let outOfNodes = false;
    let count = 0;
    let last = Date.now();
    // The solutions found since the last post: sent together, at each progress report and
    // before the run asks for nodes or ends (a message each costs more than a search).
    let found = [];
    const send = () => {
      if (found.length === 0) return;
      post({ id, solutions: found });
      found = [];
    };
    for (;;) {
      if (left === 0) {
        // Searched its lease: done if no node is left to search, else more nodes.
        solver.countWithin(0);
        if (solver.status !== 'searching') break;
        send();
        post({ id, need: true });
        left = await new Promise((resolve) => waiting.set(id, resolve));
        if (left === 0) {
          outOfNodes = true;
          break;
        }
      }
      const before = limited ? solver.stats.nodes : 0;
      const budget = Math.min(BUDGET, left);
      let done;
      if (find) {
        const { state, solution } = solver.run(budget);
        if (state === 'solution') {
          count += 1;
          found.push(solution);
          if (found.length === BATCH) send();
        }
        done = state === 'done' || count >= limit;
      } else {
        // The solver stops at `limit` solutions itself (the problem was read with it).
        count += solver.countWithin(budget);
        done = solver.status !== 'searching';
      }
      if (limited) left -= solver.stats.nodes - before;
      if (done) break;
      const now = Date.now();
      if (now - last >= TICK) {
        last = now;
        send();
        const { nodes, updates } = solver.stats;
        post({ id, progress: solver.progress, count, nodes, updates });
      }
    }
    send();
    const status = outOfNodes ? 'node_limit' : solver.status;
    post({ id, value: { count, stats: solver.stats, status, progress: solver.progress } });
  } finally {
    solver.free();
  }
}
