// The main module's two builds (scripts/build.sh): dlx_wasm_simd_bg.wasm, compiled for
// WebAssembly SIMD, which pkg/load.js picks where the engine runs SIMD, and
// dlx_wasm_bg.wasm, the fallback. Both run under the same bindings (dlx_wasm.js), so each is
// instantiated here in a module instance of its own, and they must answer alike: the
// sudoku batch on the vendored samples (its byte loops are what SIMD changes) and exact
// cover counts from text and from arrays.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { PKG, ROOT, requireBuild } from './helpers.mjs';

requireBuild(join(PKG, 'dlx_wasm.js'), join(PKG, 'dlx_wasm_bg.wasm'), join(PKG, 'dlx_wasm_simd_bg.wasm'));

/** The bindings, in a module instance of their own (`?build`), bound to `file`. */
async function instance(file) {
  const bindings = await import(`${pathToFileURL(join(PKG, 'dlx_wasm.js')).href}?${file}`);
  bindings.initSync({ module: readFileSync(join(PKG, file)) });
  return bindings;
}

const plain = await instance('dlx_wasm_bg.wasm');
const simd = await instance('dlx_wasm_simd_bg.wasm');

test('load.js picks the SIMD build where SIMD runs (every Node this package supports)', async () => {
  const { simd: hasSimd, wasmUrl } = await import(pathToFileURL(join(PKG, 'load.js')).href);
  assert.equal(hasSimd, true);
  assert.match(wasmUrl().pathname, /\/dlx_wasm_simd_bg\.wasm$/);
});

test('load.js falls back to the plain build where the engine refuses SIMD', async () => {
  const validate = WebAssembly.validate;
  WebAssembly.validate = () => false;
  try {
    const { simd: hasSimd, wasmUrl } = await import(`${pathToFileURL(join(PKG, 'load.js')).href}?nosimd`);
    assert.equal(hasSimd, false);
    assert.match(wasmUrl().pathname, /\/dlx_wasm_bg\.wasm$/);
  } finally {
    WebAssembly.validate = validate;
  }
});

test('both builds solve the vendored sudoku samples alike, in a batch and one by one', () => {
  const dir = join(ROOT, 'tests', 'data', 'sudoku');
  for (const set of ['puzzles2_17_clue.sample', 'puzzles6_forum_hardest_1106.sample']) {
    // The puzzles, without the sample's comment lines.
    const lines = readFileSync(join(dir, set), 'utf8').split('\n').filter((line) => /^[.0-9]{81}$/.test(line));
    assert.ok(lines.length >= 100, `${set}: ${lines.length} puzzles`);
    const text = lines.join('\n');
    const answers = simd.solve_sudoku_batch(text);
    assert.equal(answers, plain.solve_sudoku_batch(text), set);
    const solved = answers.split('\n');
    for (const [k, line] of lines.slice(0, 50).entries()) assert.equal(solved[k], plain.solve_sudoku(line), `${set} ${k}`);
  }
});

test('both builds count alike from text and from arrays', () => {
  const q8 = readFileSync(join(ROOT, 'tests', 'data', 'q8.dlx'), 'utf8');
  for (const dlx of [plain, simd]) {
    const fromText = dlx.exact_cover(q8, { countOnly: true });
    assert.deepStrictEqual(fromText, {
      solutions: [], count: 92, countText: '92', complete: true, status: 'exhausted',
      stats: { nodes: 1049, updates: 16680, solutions: 92 }, warnings: [],
    });
  }
  const problem = { primary: 3, options: [[0, 1], [2], [0], [1, 2], [1]] };
  assert.deepStrictEqual(simd.exact_cover(problem), plain.exact_cover(problem));
  assert.deepStrictEqual(plain.exact_cover(problem).solutions.map(String).sort(), ['0,1', '1,2,4', '2,3']);
});
