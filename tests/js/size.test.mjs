// Issue #4's size bar: the package's main module (what `import ... from 'dlx-wasm'` loads)
// stays under 150 KB raw after wasm-opt -O3, as scripts/build.sh leaves it in pkg/. A size
// check of the built file, not a timing test. The sizes of both modules are printed.
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { PKG, requireBuild } from './helpers.mjs';

const MAIN = join(PKG, 'dlx_wasm_bg.wasm');
const SUDOKU = join(PKG, 'dlx_wasm_sudoku_bg.wasm');
/** 150 KB, counted in thousands of bytes (the stricter reading). */
const LIMIT = 150_000;

requireBuild(MAIN, SUDOKU);

function size(path) {
  return { raw: statSync(path).size, gzipped: gzipSync(readFileSync(path), { level: 9 }).length };
}

test(`the main module (dlx-wasm) is under ${LIMIT.toLocaleString('en-US')} bytes raw`, () => {
  const main = size(MAIN);
  const sudoku = size(SUDOKU);
  console.log(
    `dlx_wasm_bg.wasm: ${main.raw} bytes raw, ${main.gzipped} gzipped; ` +
      `dlx_wasm_sudoku_bg.wasm: ${sudoku.raw} bytes raw, ${sudoku.gzipped} gzipped`,
  );
  assert.ok(main.raw < LIMIT, `dlx_wasm_bg.wasm is ${main.raw} bytes, over ${LIMIT}`);
  // The split must be worth it: the main module is the smaller one by far.
  assert.ok(main.raw < sudoku.raw * 0.75, 'the main module carries no sudoku code');
});
