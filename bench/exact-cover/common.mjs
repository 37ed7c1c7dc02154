// What the Node and the Chromium benchmarks share: reading the workloads, the two JS-side
// solvers (dlx-wasm's wasm build and npm dancing-links) behind one interface, and the
// measuring loop. Plain ES module with no imports, so a browser page loads it as it is.

/**
 * Reads Knuth's format as the workload writer (`crates/dlx-engine/examples/bench_workloads.rs`) produces it:
 * an item line (`primary... | secondary...`), then one option per line; `|` starts a comment
 * line. Colors are not used by these workloads and are rejected.
 * @returns {{ primary: number, secondary: number, options: number[][] }} items numbered from
 *   0, primary first, options in file order with their items in file order.
 */
export function parseKnuth(text) {
  const lines = text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('|'));
  const [itemLine, ...optionLines] = lines;
  const [primaryPart, secondaryPart = ''] = itemLine.split('|');
  const primaryNames = primaryPart.split(/\s+/).filter(Boolean);
  const secondaryNames = secondaryPart.split(/\s+/).filter(Boolean);
  const index = new Map([...primaryNames, ...secondaryNames].map((name, k) => [name, k]));
  const options = optionLines.map((line, k) =>
    line.split(/\s+/).map((name) => {
      const item = index.get(name);
      if (item === undefined) throw new Error(`option ${k}: unknown or colored item ${name}`);
      return item;
    }),
  );
  return { primary: primaryNames.length, secondary: secondaryNames.length, options };
}

/** Throws unless `chosen` (option indices) covers each primary item once and each secondary at most once. */
export function checkExactCover(problem, chosen, solver) {
  const uses = new Uint32Array(problem.primary + problem.secondary);
  for (const option of chosen) for (const item of problem.options[option]) uses[item]++;
  const ok = uses.every((n, item) => (item < problem.primary ? n === 1 : n <= 1));
  if (!ok) throw new Error(`${solver}: options ${chosen} are not an exact cover`);
}

/**
 * The solvers, each as `{ prepare(workload, text, problem) -> { setup(), run(state), first?(state), teardown(state) } }`.
 * `setup` builds what the search needs and is not timed; `run` is the search and returns the
 * number of solutions found (with `mode: "first"`, 1 if there is one), or `{ found, ms }`
 * when it times itself (or a promise of that, when it runs elsewhere); `first(state)` returns
 * the first solution's option indices (or a promise of them) for the pre-timing check.
 * @param {object} wasm dlx-wasm's module, initialised (`ExactCoverSolver`).
 * @param {Function} DancingLinks npm dancing-links' `DancingLinks` class.
 * @param {object} more further solvers of the same shape (Node adds dlx-wasm native).
 */
export function makeSolvers(wasm, DancingLinks, more = {}) {
  return {
    // dlx-wasm: the text is parsed and laid out when the solver is made (setup); the timed
    // part is one call into wasm.
    ours: {
      prepare(workload, text) {
        return {
          setup: () => new wasm.ExactCoverSolver(text),
          // count() gives the count result (`{ count, ... }`); next() the iterator's `{ value, done }`.
          run: (solver) => (workload.mode === 'count' ? solver.count().count : solver.next().done ? 0 : 1),
          first: (solver) => solver.next().value ?? [],
          teardown: (solver) => solver.free(),
        };
      },
    },
    // npm dancing-links: a template holds the compiled problem (setup, once); each solver made
    // from it copies the template's typed arrays inside findAll/findOne, so that copy is timed.
    'dancing-links': {
      prepare(workload, _text, problem) {
        const dl = new DancingLinks();
        const template = problem.secondary
          ? dl.createSolverTemplate({ primaryColumns: problem.primary, secondaryColumns: problem.secondary })
          : dl.createSolverTemplate({ columns: problem.primary });
        template.addSparseConstraints(
          problem.options.map((items, k) => ({
            data: k,
            columnIndices: problem.secondary
              ? {
                  primary: items.filter((i) => i < problem.primary),
                  secondary: items.filter((i) => i >= problem.primary).map((i) => i - problem.primary),
                }
              : items,
          })),
        );
        return {
          setup: () => template.createSolver(),
          run: (solver) => (workload.mode === 'count' ? solver.findAll().length : solver.findOne().length),
          first: (solver) => (solver.findOne()[0] ?? []).map((row) => row.index),
          teardown: () => {},
        };
      },
    },
    ...more,
  };
}

/**
 * How many timed rounds: slow workloads 3 (in Node, `DLX_SLOW_ROUNDS` if set: three rounds of
 * the pentominoes on a loaded machine spread a ratio by 0.3), others until `budgetMs` is spent
 * (5 to 200).
 */
const ROUNDS = {
  slowRounds: Number(globalThis.process?.env?.DLX_SLOW_ROUNDS) || 3,
  minRounds: 5,
  maxRounds: 200,
  budgetMs: 8000,
  warmupRounds: 3,
};

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/**
 * One timed search of a prepared solver (`setup` and `teardown` outside the time), its answer
 * checked against the workload's. Returns the milliseconds, or a promise of them when the
 * solver's `run` answers with a promise of `{ found, ms }` (a solver in another process or
 * page, which times itself).
 */
export function timeOnce({ setup, run, teardown }, workload, name, now) {
  const check = (found) => {
    if (found !== workload.expected) {
      throw new Error(`${name} on ${workload.name}: ${found} solutions, expected ${workload.expected}`);
    }
  };
  const state = setup();
  const t0 = now();
  const found = run(state);
  const ms = now() - t0;
  if (found instanceof Promise) {
    return found.then((answer) => {
      teardown(state);
      check(answer.found);
      return answer.ms;
    });
  }
  teardown(state);
  if (typeof found === 'object') {
    check(found.found);
    return found.ms;
  }
  check(found);
  return ms;
}

/**
 * Times every solver on one workload, rounds interleaved (the order alternates each round)
 * so that load from elsewhere on the machine falls on all of them alike. Every run's answer
 * is checked. Resolves to `{ [solver]: { medianMs, minMs, rounds, times } }` (`times`: the
 * milliseconds of each round, in round order).
 * @param {() => number} now a millisecond clock (`performance.now`).
 * @param {(msg: string) => void} log progress lines.
 */
export async function measure(workload, text, solvers, { now, log = () => {} }) {
  const problem = parseKnuth(text);
  if (problem.options.length !== workload.options) {
    throw new Error(`${workload.file}: ${problem.options.length} options, manifest says ${workload.options}`);
  }
  const names = Object.keys(solvers);
  const prepared = names.map((name) => solvers[name].prepare(workload, text, problem));

  const once = (k) => timeOnce(prepared[k], workload, names[k], now);

  // Before timing: each solver's first solution must be an exact cover.
  for (const [k, { setup, first, teardown }] of prepared.entries()) {
    if (!first) continue;
    const state = setup();
    checkExactCover(problem, await first(state), names[k]);
    teardown(state);
  }

  const times = names.map(() => []);
  const warmup = workload.slow ? 0 : ROUNDS.warmupRounds;
  const start = now();
  for (let round = 0; ; round++) {
    const order = round % 2 ? [...names.keys()].reverse() : [...names.keys()];
    for (const k of order) {
      const ms = await once(k);
      if (round >= warmup) times[k].push(ms);
    }
    const rounds = round + 1 - warmup;
    if (workload.slow) {
      log(`  ${workload.name} round ${rounds}: ${names.map((n, k) => `${n} ${times[k].at(-1).toFixed(0)} ms`).join(', ')}`);
      if (rounds >= ROUNDS.slowRounds) break;
    } else if (rounds >= ROUNDS.maxRounds || (rounds >= ROUNDS.minRounds && now() - start >= ROUNDS.budgetMs)) {
      break;
    }
  }
  const result = {};
  names.forEach((name, k) => {
    result[name] = { medianMs: median(times[k]), minMs: Math.min(...times[k]), rounds: times[k].length, times: times[k] };
  });
  log(`  ${workload.name}: ${names.map((n) => `${n} ${result[n].medianMs.toFixed(3)} ms`).join(', ')}`);
  return result;
}
