// The wasm memory that the objects JS keeps alive hold is held to one budget (1.5 GiB): each
// solver is within the size budget, but without a bound on how many are alive, enough of them
// exhausted the instance's 4 GiB and the next allocation trapped (`unreachable`), after which
// the module was unusable. Solvers of the largest problem the size budget allows (16,777,216
// nodes, about 0.4 GiB each) are kept until one is refused: it must be refused with a coded
// `too_large`, never a trap, and the instance must stay whole; freeing gives the memory back.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { PKG, requireBuild } from './helpers.mjs';

requireBuild(join(PKG, 'node.js'), join(PKG, 'core-node.js'));
const main = await import(join(PKG, 'node.js'));
const core = await import(join(PKG, 'core-node.js'));

/** 2^22 options of 4 distinct items among 2^20, in the compact form: the size budget's nodes. */
function largest() {
  const items = 1 << 20;
  const options = 1 << 22;
  const entries = new Uint32Array(options * 4);
  const offsets = new Uint32Array(options + 1);
  let seed = 12345;
  for (let k = 0; k < options; k++) {
    offsets[k] = 4 * k;
    // Four distinct items: a random one and its next three (mod the item count).
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    for (let j = 0; j < 4; j++) entries[4 * k + j] = (seed + j) % items;
  }
  offsets[options] = entries.length;
  return { primary: items, items: entries, offsets };
}

const problem = largest();

/** Solvers of `problem` kept until one is refused (at most 12): the kept ones, and the refusal. */
function keepSolvers(m) {
  const kept = [];
  for (let k = 0; k < 12; k++) {
    try {
      kept.push(new m.ExactCoverSolver(problem));
    } catch (error) {
      return { kept, refused: error };
    }
  }
  return { kept, refused: undefined };
}

/** Asserts that `refused` is the budget's coded refusal, not a trap. */
function assertRefused(refused, what) {
  assert.ok(refused !== undefined, `${what}: never refused`);
  assert.ok(!(refused instanceof WebAssembly.RuntimeError), `${what}: trapped: ${refused}`);
  assert.equal(refused.code, 'too_large', `${what}: ${refused.message}`);
  assert.equal(refused.limit, 1.5 * 2 ** 30);
  assert.ok(refused.held + refused.bytes > refused.limit, refused.message);
  assert.match(refused.message, /free\(\)/);
}

for (const [name, m] of [['dlx-wasm', main], ['dlx-wasm/core', core]]) {
  test(`${name}: solvers kept alive are held to one memory budget, refused with too_large, never a trap`, () => {
    // Before the budget, the ninth trapped.
    const { kept, refused } = keepSolvers(m);
    assertRefused(refused, 'a fourth solver');
    // Each holds about 0.4 GiB: three fit.
    assert.equal(kept.length, 3, refused.message);
    // The instance is whole.
    assert.equal(m.exact_cover('a b\na\nb\na b').count, 2);
    if (m.ExactCoverTasks) {
      // A task set holds its problem (about 0.1 GiB) against the same budget, and the
      // solvers it makes hold theirs.
      const sets = [];
      let refusedSet;
      for (let k = 0; k < 12 && refusedSet === undefined; k++) {
        try {
          sets.push(new m.ExactCoverTasks(problem));
        } catch (error) {
          refusedSet = error;
        }
      }
      assertRefused(refusedSet, 'a task set');
      assert.ok(sets.length >= 1, refusedSet.message);
      assert.throws(() => sets[0].solver(''), (e) => e.code === 'too_large');
      for (const set of sets) set.free();
    }
    // A freed solver's memory is given back.
    kept.pop().free();
    kept.push(new m.ExactCoverSolver(problem));
    for (const solver of kept) solver.free();
  });
}
