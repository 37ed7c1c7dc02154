// The placeholder page: load the wasm module, solve one hard puzzle, show the grid.
// Rendering only: the solving happens in the wasm module.
import init, { solve_sudoku } from './pkg/dlx_wasm.js';

const PUZZLE =
  '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';

const grid = document.getElementById('grid');
const status = document.getElementById('status');

/** Shows an 81-character line in the grid; cells given in the puzzle are marked. */
function render(line) {
  const cells = Array.from(line, (ch, k) => {
    const cell = document.createElement('div');
    cell.className = PUZZLE[k] === '.' ? 'cell' : 'cell given';
    cell.setAttribute('role', 'gridcell');
    cell.textContent = ch === '.' ? '' : ch;
    return cell;
  });
  grid.replaceChildren(...cells);
}

function setStatus(state, text) {
  status.dataset.state = state;
  status.textContent = text;
}

render(PUZZLE);
try {
  await init();
  const start = performance.now();
  const solution = solve_sudoku(PUZZLE);
  const ms = performance.now() - start;
  if (solution == null) {
    setStatus('unsolvable', 'This puzzle has no solution.');
  } else {
    render(solution);
    setStatus('solved', `Solved in ${ms.toFixed(1)} ms.`);
  }
} catch (error) {
  setStatus('error', `The solver failed: ${error.message}`);
  throw error;
}
