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
  // The main entry `dlx-wasm` holds the whole API (exact cover and sudoku; the coach's
  // exports from a module of their own, dlx_wasm_coach, loaded when needed); `dlx-wasm/core`
  // is a smaller module with the exact-cover API alone; `dlx-wasm/sudoku` is the main entry
  // under its old name. Node gets node.js / core-node.js, which load the .wasm with fs at
  // import time: no init call needed. Browsers (no bundler) and bundlers get index.js /
  // core.js, wasm-bindgen's `--target web` module with its classes finished (classes.js):
  // `await init()`.
  exports: {
    '.': {
      types: './index.d.ts',
      node: './node.js',
      default: './index.js',
    },
    './core': {
      types: './core.d.ts',
      node: './core-node.js',
      default: './core.js',
    },
    './sudoku': {
      types: './index.d.ts',
      node: './node.js',
      default: './index.js',
    },
    './dlx_wasm_bg.wasm': './dlx_wasm_bg.wasm',
    './dlx_wasm_simd_bg.wasm': './dlx_wasm_simd_bg.wasm',
    './dlx_wasm_core_bg.wasm': './dlx_wasm_core_bg.wasm',
    './dlx_wasm_coach_bg.wasm': './dlx_wasm_coach_bg.wasm',
    './package.json': './package.json',
  },
  main: './index.js',
  module: './index.js',
  types: './index.d.ts',
  files: [
    'index.js', 'index.d.ts', 'node.js', 'core.js', 'core.d.ts', 'core-node.js', 'classes.js',
    'pool.js', 'worker.js', 'worker-node.js', 'worker-core.js', 'load.js', 'protocol.js',
    'ready.js', 'errors.js', 'kept.js',
    'dlx_wasm.js', 'dlx_wasm.d.ts', 'dlx_wasm_bg.wasm', 'dlx_wasm_bg.wasm.d.ts',
    'dlx_wasm_simd_bg.wasm',
    'dlx_wasm_core.js', 'dlx_wasm_core.d.ts', 'dlx_wasm_core_bg.wasm',
    'dlx_wasm_core_bg.wasm.d.ts',
    'dlx_wasm_coach.js', 'dlx_wasm_coach.d.ts', 'dlx_wasm_coach_bg.wasm', 'dlx_wasm_coach_bg.wasm.d.ts',
    'snippets/', 'LICENSE-MIT', 'LICENSE-APACHE',
  ],
  // The Node entries instantiate their module on import and the browser entries finish its
  // classes: a bundler must keep all four.
  sideEffects: ['./node.js', './index.js', './core-node.js', './core.js'],
  engines: { node: '>=20' },
};

writeFileSync(out, JSON.stringify(pkg, null, 2) + '\n');
