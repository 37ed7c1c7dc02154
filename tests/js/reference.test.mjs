// Results, not only shapes: random small exact-cover problems (primary and secondary items,
// colors) given in every form `exact_cover` takes — Knuth's text, arrays of names, arrays of
// item numbers, the compact typed arrays — with random limits, forced options and seeds, in
// both modules (`dlx-wasm`, `dlx-wasm/core`). Every answer is checked against a brute-force
// solver written here in JS, independent of the engine; every invalid number must give its
// documented `code`. A failure prints the seed and the case.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { PKG, random, requireBuild } from './helpers.mjs';

requireBuild(join(PKG, 'node.js'), join(PKG, 'core-node.js'));
const MODULES = {
  'dlx-wasm': await import(join(PKG, 'node.js')),
  'dlx-wasm/core': await import(join(PKG, 'core-node.js')),
};
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);
const CASES = Number(process.env.REFERENCE_CASES ?? 1500);

const rand = random(SEED);
const int = (n) => Math.floor(rand() * n);

/**
 * A random valid problem: `primary` and `secondary` counts, and options as lists of
 * `[item, color]` (color null, or a name for a secondary item), no item twice. Most options
 * have a primary item; some have only secondary items, and a few none (in the forms but
 * text, which has no empty line for them): those are left out of the search, with warnings.
 */
function randomProblem() {
  const primary = 1 + int(5);
  const secondary = int(4);
  const colored = rand() < 0.5;
  const options = [];
  for (let k = 0, m = 1 + int(10); k < m; k++) {
    const shape = rand();
    if (shape < 0.04) {
      options.push([]);
      continue;
    }
    const onlySecondary = secondary > 0 && shape < 0.12;
    const items = new Set([onlySecondary ? primary + int(secondary) : int(primary)]);
    const from = onlySecondary ? primary : 0;
    for (let j = 0, extra = int(3); j < extra; j++) items.add(from + int(primary + secondary - from));
    options.push(
      [...items].map((item) => [item, colored && item >= primary && rand() < 0.7 ? ['red', 'blue'][int(2)] : null]),
    );
  }
  return { primary, secondary, options };
}

/** Whether option `k` is left out of the search: it has no primary item (or no item). */
const ignored = ({ primary, options }, k) => !options[k].some(([item]) => item < primary);

/** Every solution by brute force over the subsets of options: sorted option lists, sorted. */
function reference(problem) {
  const { primary, options } = problem;
  const solutions = [];
  for (let mask = 0; mask < 1 << options.length; mask++) {
    const covered = new Map();
    let ok = options.every((_, k) => !(mask & (1 << k)) || !ignored(problem, k));
    for (let k = 0; k < options.length && ok; k++) {
      if (!(mask & (1 << k))) continue;
      for (const [item, color] of options[k]) {
        if (!covered.has(item)) covered.set(item, color);
        else if (item < primary || color === null || covered.get(item) !== color) ok = false;
      }
    }
    for (let item = 0; item < primary && ok; item++) ok = covered.has(item);
    if (ok) solutions.push(options.map((_, k) => k).filter((k) => mask & (1 << k)));
  }
  return solutions;
}

/** Whether two options cannot both be in a solution (the engine's `forced_conflict`). */
function clash(problem, a, b) {
  return problem.options[a].some(([item, color]) =>
    problem.options[b].some(([other, otherColor]) =>
      item === other && (item < problem.primary || color === null || color !== otherColor)),
  );
}

const name = (problem, item) => (item < problem.primary ? `p${item}` : `s${item - problem.primary}`);

/** The problem in each form it can be written in. */
function forms(problem) {
  const token = ([item, color]) => name(problem, item) + (color ? `:${color}` : '');
  const primaryNames = Array.from({ length: problem.primary }, (_, i) => name(problem, i));
  const secondaryNames = Array.from({ length: problem.secondary }, (_, i) => name(problem, problem.primary + i));
  const out = {
    names: { primary: primaryNames, secondary: secondaryNames, options: problem.options.map((o) => o.map(token)) },
    numbers: {
      primary: problem.primary,
      secondary: problem.secondary,
      options: problem.options.map((o) => o.map(([item, color]) => (color ? `${item}:${color}` : item))),
    },
  };
  // Knuth's text has no line for an empty option (it would skip a blank line).
  if (problem.options.every((o) => o.length > 0)) {
    out.text = [
      primaryNames.join(' ') + (problem.secondary ? ' | ' + secondaryNames.join(' ') : ''),
      ...problem.options.map((o) => o.map(token).join(' ')),
    ].join('\n');
  }
  if (problem.options.every((o) => o.every(([, color]) => color === null))) {
    const items = new Uint32Array(problem.options.flatMap((o) => o.map(([item]) => item)));
    const offsets = new Uint32Array(problem.options.length + 1);
    problem.options.forEach((o, k) => (offsets[k + 1] = offsets[k] + o.length));
    out.compact = { primary: problem.primary, secondary: problem.secondary, items, offsets };
    // The other kinds of typed array: read as numbers to check (Float64Array), or as whole
    // numbers (Uint16Array, like Uint32Array), each with the offsets of the other reading.
    out.compactFloat = { ...out.compact, items: Float64Array.from(items) };
    out.compactNarrow = { ...out.compact, items: Uint16Array.from(items), offsets: Float64Array.from(offsets) };
  }
  return out;
}

const key = (solution) => solution.join(',');

test(`${CASES} random problems in every form: exact_cover and ExactCoverSolver agree with brute force`, () => {
  let calls = 0;
  let solutionsChecked = 0;
  for (let c = 0; c < CASES; c++) {
    const problem = randomProblem();
    const all = reference(problem);
    const forced = Array.from({ length: int(3) === 0 ? 1 : 0 }, () => int(problem.options.length));
    if (rand() < 0.1) forced.push(int(problem.options.length));
    const limit = rand() < 0.3 ? 1 + int(3) : undefined;
    const seed = rand() < 0.3 ? int(1000) : undefined;
    const countOnly = rand() < 0.3;
    const conflict = forced.some((a, i) => forced.some((b, j) => i < j && a !== b && clash(problem, a, b)));
    const forcedIgnored = forced.find((f) => ignored(problem, f));
    const expected = all.filter((s) => forced.every((f) => s.includes(f)));
    const strict = rand() < 0.1;
    const options = { limit, seed, countOnly, forced, strict };
    // The options left out, each with its warning: `[code, option, line]`.
    const warned = problem.options.flatMap((o, k) =>
      ignored(problem, k) ? [[o.length === 0 ? 'empty_option' : 'no_primary_item', k]] : []);
    for (const [label, dlx] of Object.entries(MODULES)) {
      for (const [form, input] of Object.entries(forms(problem))) {
        const where = `${label}, ${form}, case ${c} (FUZZ_SEED=${SEED}): ${JSON.stringify({ problem, options })}`;
        calls++;
        if (strict && warned.length > 0) {
          // Strict: the first such option is refused, as before warnings.
          const [code, option] = warned[0];
          assert.throws(() => dlx.exact_cover(input, options), { code, option }, where);
          continue;
        }
        if (forcedIgnored !== undefined) {
          assert.throws(() => dlx.exact_cover(input, options), { code: 'forced_ignored', option: forcedIgnored }, where);
          continue;
        }
        if (conflict) {
          assert.throws(() => dlx.exact_cover(input, options), { code: 'forced_conflict' }, where);
          continue;
        }
        const result = dlx.exact_cover(input, options);
        // Lines in the text: the item line, then one line per option.
        const lines = (k) => (form === 'text' ? [k + 2] : []);
        const warnings = result.warnings.map((w) => [w.code, w.option, ...(w.line === undefined ? [] : [w.line])]);
        assert.deepEqual(warnings, warned.map(([code, k]) => [code, k, ...lines(k)]), `warnings: ${where}`);
        const want = limit === undefined ? expected.length : Math.min(limit, expected.length);
        assert.equal(result.count, want, where);
        assert.equal(result.countText, String(want), where);
        assert.equal(result.stats.solutions, want, where);
        if (limit === undefined) assert.equal(result.complete, true, where);
        // Why the search ended: the limit, reached before the end of the search space, or its end
        // (a limit of exactly the number of solutions may end it either way).
        assert.equal(result.status, result.complete ? 'exhausted' : 'solution_limit', where);
        if (limit === undefined || limit > expected.length) assert.equal(result.complete, true, where);
        if (limit < expected.length) assert.equal(result.complete, false, where);
        if (countOnly) {
          assert.deepEqual(result.solutions, [], where);
          continue;
        }
        const found = result.solutions.map(key);
        assert.equal(new Set(found).size, found.length, `distinct: ${where}`);
        const known = new Set(expected.map(key));
        for (const s of found) assert.ok(known.has(s), `${s} is a solution: ${where}`);
        if (limit === undefined) assert.deepEqual([...found].sort(), [...known].sort(), where);
        solutionsChecked += found.length;
        // The streaming solver finds the same solutions, in the same order.
        const solver = new dlx.ExactCoverSolver(input, { limit, seed, forced });
        try {
          assert.deepEqual(solver.warnings, result.warnings, `ExactCoverSolver warnings: ${where}`);
          assert.deepEqual([...solver].map(key), found, `ExactCoverSolver: ${where}`);
        } finally {
          solver.free();
        }
      }
    }
  }
  console.log(`${calls} calls checked against brute force, ${solutionsChecked} solutions compared; 0 wrong answers`);
});

const ASYNC_CASES = Number(process.env.REFERENCE_ASYNC_CASES ?? 1000);

test(`${ASYNC_CASES} random problems: exact_cover_async on 1 to 3 workers agrees with brute force and with exact_cover`, { timeout: 600_000 }, async () => {
  const dlx = MODULES['dlx-wasm'];
  let calls = 0;
  let solutionsChecked = 0;
  try {
    for (let c = 0; c < ASYNC_CASES; c++) {
      const problem = randomProblem();
      const all = reference(problem);
      const forced = rand() < 0.3 ? [int(problem.options.length)] : [];
      const limit = rand() < 0.3 ? 1 + int(3) : undefined;
      const seed = rand() < 0.2 ? int(1000) : undefined;
      const countOnly = rand() < 0.3;
      const options = { limit, seed, countOnly, forced, workers: 1 + int(3), tasks: 1 + int(20) };
      const inputs = Object.entries(forms(problem));
      const [form, input] = inputs[int(inputs.length)];
      const where = `${form}, async case ${c} (FUZZ_SEED=${SEED}): ${JSON.stringify({ problem, options })}`;
      const { workers, tasks, ...syncOptions } = options;
      let sync;
      try {
        sync = dlx.exact_cover(input, syncOptions);
      } catch (error) {
        // What the sync call refuses (a forced option left out or in conflict), the async
        // one refuses with the same code and fields.
        const rejected = await dlx.exact_cover_async(input, options).then(() => null, (e) => e);
        assert.ok(rejected, `rejects as exact_cover throws: ${where}`);
        assert.deepEqual({ ...rejected, message: rejected.message }, { ...error, message: error.message }, where);
        calls++;
        continue;
      }
      const result = await dlx.exact_cover_async(input, options);
      calls++;
      const expected = all.filter((s) => forced.every((f) => s.includes(f)));
      const want = limit === undefined ? expected.length : Math.min(limit, expected.length);
      assert.equal(result.count, want, where);
      assert.equal(result.countText, String(want), where);
      assert.deepEqual(result.warnings, sync.warnings, `warnings: ${where}`);
      // A limit of exactly the number of solutions may end either search either way.
      if (limit !== expected.length) {
        assert.equal(result.complete, sync.complete, where);
        assert.equal(result.status, sync.status, where);
      }
      assert.ok(result.stats.nodes >= sync.stats.nodes, `the split's nodes included: ${where}`);
      if (countOnly) {
        assert.deepEqual(result.solutions, [], where);
        continue;
      }
      const found = result.solutions.map(key);
      const known = new Set(expected.map(key));
      for (const s of found) assert.ok(known.has(s), `${s} is a solution: ${where}`);
      assert.equal(new Set(found).size, found.length, `distinct: ${where}`);
      // Without a seed, the serial order: exact_cover's solutions exactly.
      if (seed === undefined) assert.deepEqual(found, sync.solutions.map(key), `exact_cover's order: ${where}`);
      else if (limit === undefined) assert.deepEqual([...found].sort(), [...known].sort(), where);
      solutionsChecked += found.length;
    }
  } finally {
    dlx.close_worker_pool();
  }
  console.log(`${calls} async calls checked against brute force and exact_cover, ${solutionsChecked} solutions compared; 0 wrong answers`);
});

/** Invalid numbers, each with the code it must give (no number may wrap or round). */
const INVALID = [
  [{ primary: 2, options: [[0], [2 ** 32 + 1]] }, { countOnly: true }, 'item_out_of_range'],
  [{ primary: 2, options: [[0], [2 ** 32]] }, undefined, 'item_out_of_range'],
  [{ primary: 2, options: [[0], [2 ** 53]] }, undefined, 'item_out_of_range'],
  [{ primary: 2, options: [[0], [2 ** 64]] }, undefined, 'item_out_of_range'],
  [{ primary: 2, options: [[0], [2]] }, undefined, 'item_out_of_range'],
  [{ primary: 2, options: [[0], [Infinity]] }, undefined, 'invalid_argument'],
  [{ primary: 2, options: [[0], [-1]] }, undefined, 'invalid_argument'],
  [{ primary: 2, options: [[0], [-0.5]] }, undefined, 'invalid_argument'],
  [{ primary: 2, options: [[0], [1.5]] }, undefined, 'invalid_argument'],
  [{ primary: 2, options: [[0], [NaN]] }, undefined, 'invalid_argument'],
  [{ primary: 2 ** 32 + 1, options: [] }, undefined, 'invalid_argument'],
  [{ primary: 2, secondary: 2 ** 53, options: [] }, undefined, 'invalid_argument'],
  [{ primary: 2, options: [[0], [1]] }, { forced: [2 ** 32] }, 'forced_out_of_range'],
  [{ primary: 2, options: [[0], [1]] }, { forced: [2 ** 32 + 1] }, 'forced_out_of_range'],
  [{ primary: 2, options: [[0], [1]] }, { forced: [2] }, 'forced_out_of_range'],
  [{ primary: 2, options: [[0], [1]] }, { forced: [-1] }, 'invalid_argument'],
  [{ primary: 2, options: [[0], [1]] }, { forced: [0.5] }, 'invalid_argument'],
  [{ primary: 2, options: [[0], [1]] }, { limit: 2 ** 53 }, 'invalid_argument'],
  [{ primary: 2, options: [[0], [1]] }, { maxNodes: 2 ** 64 }, 'invalid_argument'],
  [{ primary: 2, options: [[0], [1]] }, { seed: 2 ** 53 + 2 }, 'invalid_argument'],
  [{ primary: 2, items: new Float64Array([0, 2 ** 32 + 1]), offsets: new Uint32Array([0, 1, 2]) }, undefined, 'item_out_of_range'],
  [{ primary: 2, items: new Float64Array([0, 0.5]), offsets: new Uint32Array([0, 1, 2]) }, undefined, 'invalid_argument'],
  [{ primary: 2, items: new Uint8Array([0, 2]), offsets: new Uint32Array([0, 1, 2]) }, undefined, 'item_out_of_range'],
  [{ primary: 2, items: new Uint16Array([0, 1]), offsets: new Uint8Array([0, 2, 1]) }, undefined, 'invalid_argument'],
  [{ primary: 2, items: new Int32Array([0, -1]), offsets: new Uint32Array([0, 1, 2]) }, undefined, 'invalid_argument'],
  [{ primary: 2, items: new Uint32Array([0, 1]), offsets: new Uint32Array([1, 2]) }, undefined, 'invalid_argument'],
  [{ primary: 2, items: new Uint32Array([0, 1]), offsets: new Uint32Array([0, 2, 1]) }, undefined, 'invalid_argument'],
  [{ primary: 2, items: new Uint32Array([0, 1]), offsets: new Uint32Array([0, 1]) }, undefined, 'invalid_argument'],
  [{ primary: 2, items: new Uint32Array([0, 1]), offsets: new Float64Array([0, 1, 2 ** 32 + 2]) }, undefined, 'invalid_argument'],
  [{ primary: 2, items: [0, 1], offsets: new Uint32Array([0, 1, 2]) }, undefined, 'invalid_argument'],
  [{ primary: 2, items: new BigUint64Array([0n, 1n]), offsets: new Uint32Array([0, 1, 2]) }, undefined, 'invalid_argument'],
];

test('numbers that do not fit are refused with their code, never wrapped', () => {
  for (const [label, dlx] of Object.entries(MODULES)) {
    for (const [problem, options, code] of INVALID) {
      const show = (v) => JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? `${x}n` : x));
      const where = `${label}: exact_cover(${show(problem)}, ${show(options)})`;
      assert.throws(() => dlx.exact_cover(problem, options), (error) => {
        assert.equal(error.code, code, `${where}: ${error.message}`);
        assert.ok(error instanceof Error);
        return true;
      }, where);
      // The streaming solver reads its arguments through the same conversion.
      if (!options?.countOnly) {
        assert.throws(() => new dlx.ExactCoverSolver(problem, options), { code }, `ExactCoverSolver: ${where}`);
      }
    }
    // The out-of-range item names where it is, and the option.
    assert.throws(() => dlx.exact_cover({ primary: 2, options: [[0], [1, 2 ** 32 + 1]] }), {
      code: 'item_out_of_range', option: 1, path: 'problem.options[1][1]',
    });
    assert.throws(() => dlx.exact_cover({ primary: 3, options: [[0, 1], [], [2, 0.5]] }), {
      code: 'invalid_argument', path: 'problem.options[2][1]',
    });
    const items = new Float64Array([0, 1, 2, 2, 7]);
    for (const kind of [Float64Array, Uint32Array, Uint8Array]) {
      assert.throws(() => dlx.exact_cover({ primary: 3, items: kind.from(items), offsets: new Uint32Array([0, 2, 2, 3, 5]) }), {
        code: 'item_out_of_range', option: 3, path: 'problem.items[4]',
      }, kind.name);
    }
    // Every number is checked before any option is refused: a bad number in option 2 is
    // reported, not the item repeated in option 0 before it (the builder's refusal).
    assert.throws(() => dlx.exact_cover({ primary: 3, options: [[0, 0], [1], [2, 9]] }), {
      code: 'item_out_of_range', option: 2, path: 'problem.options[2][1]',
    });
    for (const kind of [Float64Array, Uint32Array]) {
      const offsets = new Uint32Array([0, 2, 3, 5]);
      assert.throws(() => dlx.exact_cover({ primary: 3, items: kind.from([0, 0, 1, 2, 9]), offsets }), {
        code: 'item_out_of_range', option: 2, path: 'problem.items[4]',
      }, kind.name);
      // No bad number: the builder's refusal.
      assert.throws(() => dlx.exact_cover({ primary: 3, items: kind.from([0, 0, 1, 2, 1]), offsets }), {
        code: 'duplicate_item', option: 0,
      }, kind.name);
    }
    // The first bad number, whichever way it is bad.
    assert.throws(() => dlx.exact_cover({ primary: 3, items: new Float64Array([0, 5, 0.5]), offsets: new Uint32Array([0, 3]) }), {
      code: 'item_out_of_range', option: 0, path: 'problem.items[1]',
    });
    assert.throws(() => dlx.exact_cover({ primary: 3, items: new Float64Array([0, -1, 5]), offsets: new Uint32Array([0, 3]) }), {
      code: 'invalid_argument', path: 'problem.items[1]',
    });
    // The offsets are read first: a bad one is reported before a bad item.
    assert.throws(() => dlx.exact_cover({ primary: 3, items, offsets: new Uint32Array([0, 2, 1, 5]) }), {
      code: 'invalid_argument', path: 'problem.offsets[2]',
    });
    assert.throws(() => dlx.exact_cover({ primary: 2, options: [[0], [1]] }, { forced: [1, 2 ** 32] }), {
      code: 'forced_out_of_range', option: 2 ** 32, path: 'options.forced[1]',
    });
  }
});

test('exact_cover refuses to collect more than its budget of solutions, and points to the ways out', () => {
  // 20 items with two options each: 2^20 solutions of 20 options, 20 Mi option indices.
  const options = [];
  for (let item = 0; item < 20; item++) options.push([item], [item]);
  const problem = { primary: 20, options };
  for (const dlx of Object.values(MODULES)) {
    assert.throws(() => dlx.exact_cover(problem), (error) => {
      assert.equal(error.code, 'too_many_solutions');
      assert.equal(error.budget, 4_194_304);
      // The solutions collected, of 20 option indices each: the next one passed the budget.
      assert.equal(error.collected, Math.floor(4_194_304 / 20));
      assert.match(error.message, /limit/);
      assert.match(error.message, /countOnly/);
      assert.match(error.message, /ExactCoverSolver/);
      return true;
    });
    // Counting and the first few are fine, and the instance still works.
    assert.equal(dlx.exact_cover(problem, { countOnly: true }).count, 2 ** 20);
    assert.equal(dlx.exact_cover(problem, { limit: 3 }).solutions.length, 3);
  }
});

test('names outside ASCII (accents, astral characters, lone surrogates) are read exactly', () => {
  for (const dlx of Object.values(MODULES)) {
    const problem = {
      primary: ['é', '😀x', 'b'],
      secondary: ['ü'],
      options: [['é', 'ü:rouge'], ['😀x', 'ü:rouge', 'b'], ['é', '😀x'], ['b']],
    };
    const result = dlx.exact_cover(problem);
    assert.deepEqual(result.solutions.map(key).sort(), ['0,1', '2,3']);
    assert.throws(() => dlx.exact_cover({ ...problem, options: [['é'], ['😀y']] }), {
      code: 'unknown_item', option: 1,
    });
    // A lone surrogate arrives as U+FFFD and still names no declared item.
    assert.throws(() => dlx.exact_cover({ ...problem, options: [['\ud800']] }), { code: 'unknown_item' });
    // The same as Knuth's text, short and long: from 1,024 UTF-16 units a string is copied
    // into wasm by the engine's TextEncoder instead of wasm-bindgen's copy.
    const lines = ['é 😀x b | ü', 'é ü:rouge', '😀x ü:rouge b', 'é 😀x', 'b'];
    const padding = `| ${'ñ😀'.repeat(400)}`;
    for (const text of [lines.join('\n'), [lines[0], padding, ...lines.slice(1)].join('\n')]) {
      const fromText = dlx.exact_cover(text);
      assert.deepEqual(fromText.solutions.map(key).sort(), ['0,1', '2,3'], `${text.length} units`);
      const bad = `${text}\né 😀y\n`;
      assert.throws(() => dlx.exact_cover(bad), { code: 'unknown_item', line: bad.split('\n').length - 1 });
      assert.throws(() => dlx.exact_cover(`${text}\n\ud800\n`), { code: 'unknown_item' });
    }
  }
});

/**
 * Every solution of a problem whose primary item i is covered from `bounds[i][0]` to
 * `bounds[i][1]` times. An option with no primary item is left out of the search.
 */
function referenceWithBounds(problem) {
  const { primary, bounds, options } = problem;
  const solutions = [];
  for (let mask = 0; mask < 1 << options.length; mask++) {
    const counts = new Array(primary).fill(0);
    const secondary = new Set();
    let ok = options.every((_, k) => !(mask & (1 << k)) || !ignored(problem, k));
    for (let k = 0; k < options.length && ok; k++) {
      if (!(mask & (1 << k))) continue;
      for (const [item] of options[k]) {
        if (item < primary) counts[item]++;
        else if (secondary.has(item)) ok = false;
        else secondary.add(item);
      }
    }
    ok &&= counts.every((c, i) => c >= bounds[i][0] && c <= bounds[i][1]);
    if (ok) solutions.push(options.map((_, k) => k).filter((k) => mask & (1 << k)));
  }
  return solutions;
}

test('multiplicities given as { name, min, max } objects agree with brute force and with the text form', () => {
  let checked = 0;
  for (let c = 0; c < 300; c++) {
    const problem = randomProblem();
    problem.options = problem.options.map((o) => o.map(([item]) => [item, null]));
    problem.bounds = Array.from({ length: problem.primary }, () => {
      const min = int(3);
      return [min, Math.max(min, 1) + int(2)];
    });
    const expected = referenceWithBounds(problem).map(key).sort();
    const warned = problem.options.flatMap((o, k) =>
      ignored(problem, k) ? [[o.length === 0 ? 'empty_option' : 'no_primary_item', k]] : []);
    const names = forms(problem).names;
    names.primary = names.primary.map((name, i) => ({ name, min: problem.bounds[i][0], max: problem.bounds[i][1] }));
    const inputs = [['names', names]];
    // Knuth's text has no line for an empty option.
    if (forms(problem).text !== undefined) {
      const text = forms(problem).text.split('\n');
      text[0] = text[0].replace(/p(\d+)/g, (name, i) => `${problem.bounds[i][0]}:${problem.bounds[i][1]}|${name}`);
      inputs.push(['text', text.join('\n')]);
    }
    for (const dlx of Object.values(MODULES)) {
      for (const [form, input] of inputs) {
        const where = `case ${c}, ${form} (FUZZ_SEED=${SEED}): ${JSON.stringify(problem)}`;
        const result = dlx.exact_cover(input);
        assert.deepEqual(result.solutions.map(key).sort(), expected, where);
        assert.deepStrictEqual(result.warnings.map((w) => [w.code, w.option]), warned, `warnings: ${where}`);
        checked++;
      }
    }
  }
  // Defaults, and bad bounds with their codes.
  for (const dlx of Object.values(MODULES)) {
    const two = { primary: [{ name: 'a', max: 2 }], options: [['a'], ['a']] };
    assert.equal(dlx.exact_cover(two).count, 3, 'max 2, min 1 by default: {0}, {1}, {0, 1}');
    const optional = { primary: [{ name: 'a', min: 0 }, 'b'], options: [['a'], ['b']] };
    assert.equal(dlx.exact_cover(optional).count, 2, 'min 0, max 1 by default');
    const bad = (primary, code, path) =>
      assert.throws(() => dlx.exact_cover({ primary, options: [['a']] }), (e) => e.code === code && (!path || e.path === path));
    bad([{ name: 'a', min: 3, max: 2 }], 'bounds_reversed');
    bad([{ name: 'a', min: 0, max: 0 }], 'zero_upper_bound');
    bad([{ name: 'a', max: 1.5 }], 'invalid_argument', 'problem.primary[0].max');
    bad([{ name: 'a', min: 2 ** 32 }], 'invalid_argument', 'problem.primary[0].min');
    bad([{ name: 'a', min: '1' }], 'invalid_argument', 'problem.primary[0].min');
    bad([{ min: 1 }], 'invalid_argument', 'problem.primary[0]');
    assert.throws(() => dlx.exact_cover({ primary: ['a'], secondary: [{ name: 'x' }], options: [['a']] }), { code: 'invalid_argument' });
  }
  console.log(`${checked} bounded problems checked against brute force`);
});

test('a getter that calls the solver while a problem is being read disturbs neither call', () => {
  // pack.js reuses its typed arrays from call to call; a call made from inside one (here by
  // an option's getter, after the outer call has filled part of them) must get its own.
  for (const api of Object.values(MODULES)) {
    const inner = [];
    const nested = { primary: ['p', 'q'], secondary: ['x'], options: [['p', 'x:red'], ['q', 'x:red'], ['p', 'q']] };
    const outerOptions = [['a', 'b'], ['a'], ['b'], ['c']];
    const options = [...outerOptions];
    Object.defineProperty(options, 2, {
      get() {
        // Its own problem, larger than the outer one, with strings that stay text (colors).
        inner.push(api.exact_cover(nested).solutions);
        inner.push(api.exact_cover({ primary: 3, options: [[0, 1, 2], [0], [1], [2], [1, 2]] }, { countOnly: true }).count);
        return ['b'];
      },
    });
    const outer = api.exact_cover({ primary: ['a', 'b', 'c'], options });
    assert.deepEqual(outer.solutions, [[0, 3], [1, 2, 3]]);
    // The getter ran once: each element is read once.
    assert.equal(inner.length, 2);
    assert.deepEqual(inner[0], [[0, 1], [2]]);
    assert.equal(inner[1], 3);
    // And the next call, after both, still reads right.
    assert.deepEqual(api.exact_cover({ primary: ['a', 'b', 'c'], options: outerOptions }).solutions, [[0, 3], [1, 2, 3]]);
  }
});

test('a getter of the options object that calls the solver, and fails it, disturbs neither call', () => {
  // The options' keys are read in one call with their key list lent from the module's kept
  // strings (src/wasm/convert.rs `with_js_string`); a call from inside the read (which keeps
  // strings too, and makes an error's) must read and answer right, and so must the next.
  for (const api of Object.values(MODULES)) {
    const caught = [];
    const counted = [];
    const options = {
      get countOnly() {
        counted.push(api.exact_cover({ primary: 2, options: [[0], [1], [0, 1]] }, { countOnly: true, limit: 5 }).count);
        try {
          api.exact_cover({ primary: ['a'], options: [['a', 'zz']] }, { limit: -1 });
        } catch (error) {
          caught.push([error.code, error.path]);
        }
        return true;
      },
    };
    for (let round = 0; round < 2; round++) {
      const outer = api.exact_cover({ primary: ['a', 'b'], options: [['a'], ['b'], ['a', 'b']] }, options);
      assert.equal(outer.count, 2);
      assert.equal(outer.solutions.length, 0);
    }
    assert.deepEqual(counted, [2, 2]);
    const once = (() => {
      try {
        api.exact_cover({ primary: ['a'], options: [['a', 'zz']] }, { limit: -1 });
      } catch (error) {
        return [error.code, error.path];
      }
    })();
    assert.ok(once?.[0], 'the failing call throws an error with a code');
    assert.deepEqual(caught, [once, once]);
  }
});
