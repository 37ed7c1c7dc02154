// Memoised counting from JS: `exact_cover(problem, { countOnly: true, memo: true,
// memoBytes? })` in the main module (`dlx-wasm`) gives the plain search's count (the
// published ones, and on random problems with colors and multiplicities), reports the
// cache's figures, and refuses memo options that make no sense with their `code`.
// `dlx-wasm/core` has no memo: it refuses every memo key with `unsupported_option`.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { PKG, random, requireBuild } from './helpers.mjs';

requireBuild(join(PKG, 'node.js'), join(PKG, 'core-node.js'));
const MODULES = {
  'dlx-wasm': await import(join(PKG, 'node.js')),
};
const core = await import(join(PKG, 'core-node.js'));

/**
 * Langford pairs for n in Knuth's format: numbers 1..n, slots s1..s2n (with `slotsFirst`,
 * the slots listed first, for `memoOrder`).
 */
function langford(n, slotsFirst = false) {
  const numbers = Array.from({ length: n }, (_, k) => `${k + 1}`);
  const slots = Array.from({ length: 2 * n }, (_, j) => `s${j + 1}`);
  const lines = [(slotsFirst ? [...slots, ...numbers] : [...numbers, ...slots]).join(' ')];
  for (let k = 1; k <= n; k++) {
    for (let j = 1; j + k < 2 * n; j++) lines.push(`${k} s${j} s${j + k + 1}`);
  }
  return lines.join('\n') + '\n';
}

test('memo counts equal the published counts and report the cache', () => {
  for (const [name, dlx] of Object.entries(MODULES)) {
    const result = dlx.exact_cover(langford(8), { countOnly: true, memo: true });
    assert.equal(result.count, 2 * 150, name);
    assert.equal(result.countText, '300', name);
    assert.equal(result.complete, true, name);
    assert.equal(result.status, 'exhausted', name);
    assert.equal(result.stats.solutions, 300, name);
    assert.deepStrictEqual(result.warnings, [], name);
    assert.deepEqual(result.solutions, []);
    const { entries, hits, misses, bytes, full } = result.memo;
    assert.ok(entries > 0 && hits > 0 && misses >= entries && bytes > 0, JSON.stringify(result.memo));
    assert.equal(full, false);
    const plain = dlx.exact_cover(langford(8), { countOnly: true });
    assert.ok(result.stats.nodes < plain.stats.nodes, `${result.stats.nodes} < ${plain.stats.nodes}`);
    // A tiny budget: no cache, the same count.
    const starved = dlx.exact_cover(langford(8), { countOnly: true, memo: true, memoBytes: 100 });
    assert.equal(starved.count, 300);
    assert.equal(starved.memo.full, true);
    assert.equal(starved.memo.entries, 0);
  }
});

test('memoOrder branches in the order listed: the same counts, more hits on Langford pairs', () => {
  for (const [name, dlx] of Object.entries(MODULES)) {
    for (const [n, pairs] of [[7, 26], [8, 150], [11, 17792]]) {
      const ordered = dlx.exact_cover(langford(n, true), { countOnly: true, memo: true, memoOrder: true });
      assert.equal(ordered.count, 2 * pairs, `${name}: n = ${n}`);
      if (n === 11) {
        const mrv = dlx.exact_cover(langford(n), { countOnly: true, memo: true });
        const rate = ({ hits, misses }) => hits / (hits + misses);
        // About 41% of the lookups hit in order, 24% under MRV.
        assert.ok(rate(ordered.memo) > 1.5 * rate(mrv.memo),
          `${name}: ${JSON.stringify(ordered.memo)} against ${JSON.stringify(mrv.memo)}`);
      }
    }
  }
});

test('memo counts equal the plain counts on random problems with colors and bounds', () => {
  const rand = random(Number(process.env.FUZZ_SEED ?? 17));
  const int = (n) => Math.floor(rand() * n);
  const dlx = MODULES['dlx-wasm'];
  for (let round = 0; round < 300; round++) {
    const primary = 2 + int(6);
    const secondary = int(4);
    const items = primary + secondary;
    const names = Array.from({ length: items }, (_, k) => `i${k}`);
    const bounded = rand() < 0.5;
    const primaryNames = names.slice(0, primary).map((name) => {
      if (!bounded) return name;
      const min = int(3);
      return { name, min, max: Math.max(1, min + int(3)) };
    });
    const options = [];
    for (let k = int(25); k > 0; k--) {
      const chosen = new Set();
      chosen.add(int(primary));
      for (let extra = int(4); extra > 0; extra--) chosen.add(int(items));
      options.push([...chosen].map((item) =>
        item >= primary && rand() < 0.5 ? `${names[item]}:${['red', 'blue'][int(2)]}` : names[item]));
    }
    const problem = { primary: primaryNames, secondary: names.slice(primary), options };
    const plain = dlx.exact_cover(problem, { countOnly: true });
    const memoBytes = rand() < 0.3 ? int(20000) : undefined;
    const memoOrder = rand() < 0.5;
    const memo = dlx.exact_cover(problem, { countOnly: true, memo: true, memoBytes, memoOrder });
    assert.equal(memo.count, plain.count, JSON.stringify({ problem, memoBytes, memoOrder }));
    // In order, the search branches on other items than the plain one's MRV.
    if (!memoOrder) assert.ok(memo.stats.nodes <= Math.max(1, plain.stats.nodes));
  }
});

test('memo options are checked, with their code', () => {
  for (const [name, dlx] of Object.entries(MODULES)) {
    const cases = [
      [{ memo: true }, 'options.memo'],
      [{ memo: true, countOnly: false }, 'options.memo'],
      [{ memoBytes: 1000, countOnly: true }, 'options.memoBytes'],
      [{ memo: 'yes', countOnly: true }, 'options.memo'],
      [{ memo: true, countOnly: true, memoBytes: -1 }, 'options.memoBytes'],
      [{ memo: true, countOnly: true, memoBytes: 1.5 }, 'options.memoBytes'],
      [{ memo: true, countOnly: true, memoBytes: NaN }, 'options.memoBytes'],
      // Past 1 GiB: more than the instance could give it beside the search.
      [{ memo: true, countOnly: true, memoBytes: 2 ** 30 + 1 }, 'options.memoBytes'],
      [{ memoOrder: true, countOnly: true }, 'options.memoOrder'],
      [{ memo: true, countOnly: true, memoOrder: 'yes' }, 'options.memoOrder'],
    ];
    for (const [options, path] of cases) {
      assert.throws(() => dlx.exact_cover(langford(4), options),
        { code: 'invalid_argument', path }, `${name}: ${JSON.stringify(options)}`);
    }
    // A limit stops at the limit, as without the memo.
    const limited = dlx.exact_cover(langford(8), { countOnly: true, memo: true, limit: 7 });
    assert.equal(limited.count, 7);
    assert.equal(limited.countText, '7');
    assert.equal(limited.complete, false);
    assert.equal(limited.status, 'solution_limit');
    assert.equal(limited.stats.solutions, 7);
  }
});

test('dlx-wasm/core refuses the memo with unsupported_option, naming the key and the main module', () => {
  const plain = core.exact_cover(langford(8), { countOnly: true });
  assert.equal(plain.count, 300);
  assert.equal(plain.memo, undefined);
  const cases = [
    [{ countOnly: true, memo: true }, 'options.memo'],
    [{ memo: false }, 'options.memo'],
    [{ countOnly: true, memoBytes: 1000 }, 'options.memoBytes'],
    [{ memoOrder: true }, 'options.memoOrder'],
  ];
  for (const [options, path] of cases) {
    assert.throws(() => core.exact_cover(langford(4), options), (error) => {
      assert.ok(error instanceof Error);
      assert.deepEqual({ ...error }, { code: 'unsupported_option', path }, JSON.stringify(options));
      assert.match(error.message, /^options\.memo\w*: dlx-wasm\/core has no memoised counting: count with the exact_cover of the main module, dlx-wasm$/);
      return true;
    });
  }
  // Any other key it does not know stays an invalid_argument, its keys listed without the memo's.
  assert.throws(() => core.exact_cover(langford(4), { memos: true }), (error) => {
    assert.deepEqual({ ...error }, { code: 'invalid_argument', path: 'options.memos' });
    assert.match(error.message, /the keys of options are limit, maxNodes, seed, forced, task, strict, countOnly\)$/);
    return true;
  });
  // The instance still counts after the refusals.
  assert.equal(core.exact_cover(langford(7), { countOnly: true }).count, 52);
});
