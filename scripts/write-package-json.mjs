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
  // Browsers (no bundler) and bundlers get wasm-bindgen's `--target web` module: `await init()`.
  exports: {
    '.': {
      types: './dlx_wasm.d.ts',
      node: './node.js',
      default: './dlx_wasm.js',
    },
    './dlx_wasm_bg.wasm': './dlx_wasm_bg.wasm',
    './package.json': './package.json',
  },
  main: './dlx_wasm.js',
  module: './dlx_wasm.js',
  types: './dlx_wasm.d.ts',
  files: ['dlx_wasm.js', 'dlx_wasm.d.ts', 'dlx_wasm_bg.wasm', 'dlx_wasm_bg.wasm.d.ts', 'node.js'],
  // node.js instantiates the module on import: a bundler must not drop it.
  sideEffects: ['./node.js'],
  engines: { node: '>=20' },
};

writeFileSync(out, JSON.stringify(pkg, null, 2) + '\n');
