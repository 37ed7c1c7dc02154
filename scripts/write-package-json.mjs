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
  // Node gets node.js, which loads the .wasm with fs at import time: no init call needed.
  // Browsers (no bundler) and bundlers get index.js, wasm-bindgen's `--target web` module
  // made iterable: `await init()`.
  exports: {
    '.': {
      types: './index.d.ts',
      node: './node.js',
      default: './index.js',
    },
    './dlx_wasm_bg.wasm': './dlx_wasm_bg.wasm',
    './package.json': './package.json',
  },
  main: './index.js',
  module: './index.js',
  types: './index.d.ts',
  files: [
    'index.js', 'index.d.ts', 'node.js', 'dlx_wasm.js', 'dlx_wasm.d.ts', 'dlx_wasm_bg.wasm',
    'dlx_wasm_bg.wasm.d.ts', 'LICENSE-MIT', 'LICENSE-APACHE',
  ],
  // node.js instantiates the module on import and index.js makes the solver iterable: a
  // bundler must keep both.
  sideEffects: ['./node.js', './index.js'],
  engines: { node: '>=20' },
};

writeFileSync(out, JSON.stringify(pkg, null, 2) + '\n');
