// The package's browser and bundler entry: wasm-bindgen's `--target web` module, plus what
// wasm-bindgen cannot declare in Rust: the iterator protocol of ExactCoverSolver, so that
// `for (const solution of solver)` walks the remaining solutions.
import { ExactCoverSolver } from './dlx_wasm.js';

export * from './dlx_wasm.js';
export { default } from './dlx_wasm.js';

ExactCoverSolver.prototype[Symbol.iterator] = function* solutions() {
  for (let solution = this.next(); solution !== undefined; solution = this.next()) {
    yield solution;
  }
};
