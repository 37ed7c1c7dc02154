// What wasm-bindgen cannot declare in Rust: the iterator protocol of ExactCoverSolver, so
// that `for (const solution of solver)` walks the remaining solutions. Each entry (index.js,
// sudoku.js) applies it to its module's class.
export function makeIterable(ExactCoverSolver) {
  ExactCoverSolver.prototype[Symbol.iterator] = function* solutions() {
    for (let solution = this.next(); solution !== undefined; solution = this.next()) {
      yield solution;
    }
  };
}
