// pack.js reads and writes wasm memory through views it keeps from call to call (typed arrays
// copied in, solutions read out), remade when the memory grows or another instance calls:
// the package's modules share pack.js, so the main module and the core, called in turn, must
// each read and write their own memory, before and after one of them has grown it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import { PKG, requireBuild } from './helpers.mjs';

requireBuild(join(PKG, 'node.js'), join(PKG, 'core-node.js'));
const main = await import(join(PKG, 'node.js'));
const core = await import(join(PKG, 'core-node.js'));

// Items 0..3; covers: options 0 and 1, options 2 and 3 (option 4 meets both).
const OPTIONS = [[0, 1], [2, 3], [0, 2], [1, 3], [1, 2]];
const SOLUTIONS = [[0, 1], [2, 3]];
const offsets = new Uint32Array(OPTIONS.length + 1);
OPTIONS.forEach((o, k) => (offsets[k + 1] = offsets[k] + o.length));
const FORMS = {
  numbers: { primary: 4, options: OPTIONS },
  'compact (Uint32Array)': { primary: 4, items: new Uint32Array(OPTIONS.flat()), offsets },
  'compact (Float64Array)': { primary: 4, items: new Float64Array(OPTIONS.flat()), offsets: new Float64Array(offsets) },
};

/** Every form in both modules, in turn: the solutions each module's search found. */
function callAll(round) {
  for (const [name, module] of [['dlx-wasm', main], ['dlx-wasm/core', core]]) {
    for (const [form, problem] of Object.entries(FORMS)) {
      const { solutions, count } = module.exact_cover(problem);
      assert.deepEqual(solutions, SOLUTIONS, `${name}, ${form}, ${round}`);
      assert.equal(count, 2);
    }
  }
}

/** A problem of 2^20 entries in the compact form: reading it grows the instance's memory. */
function big() {
  const options = 1 << 18;
  const items = new Uint32Array(4 * options);
  for (let i = 0; i < items.length; i++) items[i] = i % 1024;
  const bigOffsets = new Uint32Array(options + 1);
  for (let k = 0; k <= options; k++) bigOffsets[k] = 4 * k;
  return { primary: 1024, items, offsets: bigOffsets };
}

test('the main module and the core, called in turn, each read and write their own memory, also after it grew', async () => {
  callAll('before');
  callAll('again');
  const problem = big();
  for (const [name, module] of [['core', core], ['main', main]]) {
    // The instance's exports (the Node entries' `init` resolves to them): its memory.
    const { memory } = await module.default();
    const before = memory.buffer.byteLength;
    const { stats } = module.exact_cover(problem, { limit: 1, maxNodes: 1 });
    assert.ok(stats.nodes <= 1, `${name}: the big problem was read and searched`);
    assert.ok(memory.buffer.byteLength > before, `${name}: its memory grew`);
    callAll(`after ${name} grew`);
  }
});
