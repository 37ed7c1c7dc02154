// Writes pkg/package.json from `cargo metadata --no-deps --format-version 1` (read on stdin),
// so the npm package's name, version, description, license and keywords come from Cargo.toml.
import { readFileSync, writeFileSync } from 'node:fs';

const [out] = process.argv.slice(2);
const crate = JSON.parse(readFileSync(0, 'utf8')).packages.find((p) => p.name === 'dlx-wasm');

const pkg = {
  name: crate.name,
  version: crate.version,
  description: crate.description,
  license: crate.license,
  keywords: [...crate.keywords, 'webassembly', 'exact cover', 'algorithm x'],
  type: 'module',
  // Two entries, each its own wasm module (scripts/build.sh): `dlx-wasm`, the exact-cover
  // API, and `dlx-wasm/sudoku`, the same plus the sudoku exports. Node gets node.js /
  // sudoku-node.js, which load the .wasm with fs at import time: no init call needed.
  // Browsers (no bundler) and bundlers get index.js / sudoku.js, wasm-bindgen's `--target web`
  // module made iterable: `await init()`.
  exports: {
    '.': {
      types: './index.d.ts',
      node: './node.js',
      default: './index.js',
    },
    './sudoku': {
      types: './sudoku.d.ts',
      node: './sudoku-node.js',
      default: './sudoku.js',
    },
    './dlx_wasm_bg.wasm': './dlx_wasm_bg.wasm',
    './dlx_wasm_sudoku_bg.wasm': './dlx_wasm_sudoku_bg.wasm',
    './package.json': './package.json',
  },
  main: './index.js',
  module: './index.js',
  types: './index.d.ts',
  files: [
    'index.js', 'index.d.ts', 'node.js', 'sudoku.js', 'sudoku.d.ts', 'sudoku-node.js',
    'iterable.js', 'dlx_wasm.js', 'dlx_wasm.d.ts', 'dlx_wasm_bg.wasm', 'dlx_wasm_bg.wasm.d.ts',
    'dlx_wasm_sudoku.js', 'dlx_wasm_sudoku.d.ts', 'dlx_wasm_sudoku_bg.wasm',
    'dlx_wasm_sudoku_bg.wasm.d.ts', 'LICENSE-MIT', 'LICENSE-APACHE',
  ],
  // The Node entries instantiate their module on import and the browser entries make the
  // solver iterable: a bundler must keep all four.
  sideEffects: ['./node.js', './index.js', './sudoku-node.js', './sudoku.js'],
  engines: { node: '>=20' },
};

writeFileSync(out, JSON.stringify(pkg, null, 2) + '\n');
