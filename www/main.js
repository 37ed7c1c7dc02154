// The sudoku page: events and rendering. Every fact about a sudoku (reading a puzzle,
// conflicts, candidates, hints, solutions, counts, new puzzles) comes from the wasm module
// with the sudoku exports (dlx-wasm/sudoku), which runs in module workers
// (lib/sudoku-worker.js) through the shared Engine bridge: `quick` answers the
// player's small questions, `jobs` runs what may take long (solve, count, generate) and is
// the one Cancel stops, so typing stays answered while a long job runs.
import { Engine } from './lib/engine.js';
import { Board, SYMBOLS, symbol } from './sudoku/board.js';
import { History } from './sudoku/history.js';
import { decodeHash, encodeHash } from './sudoku/share.js';

const $ = (id) => document.getElementById(id);

/** Shown while the module loads: Arto Inkala's "world's hardest sudoku". */
const START = {
  line: '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..',
  size: 9,
  boxRows: 3,
  boxCols: 3,
};

// ---- engines and their status ------------------------------------------------------------

const states = { quick: 'loading', jobs: 'loading' };
function engineState(name) {
  return (state, error) => {
    states[name] = state;
    const status = $('engine-status');
    const all = Object.values(states);
    if (all.includes('failed')) {
      status.dataset.state = 'failed';
      status.textContent = `The solver failed to load: ${error?.message ?? 'unknown error'}. Reload the page to try again.`;
    } else if (all.includes('loading')) {
      status.dataset.state = 'loading';
      status.textContent = 'Loading the solver…';
    } else {
      status.dataset.state = 'ready';
      status.textContent = 'Solver ready: WebAssembly in a worker.';
    }
  };
}
const quick = new Engine('sudoku', engineState('quick'));
const jobs = new Engine('sudoku', engineState('jobs'));

// ---- the game ----------------------------------------------------------------------------

const game = {
  n: 9,
  boxRows: 3,
  boxCols: 3,
  givens: [],
  entries: [],
  notes: [],
  /** The solution line once known (from the generator or a solve), for Check. */
  solution: null,
  unique: null,
  conflicts: new Set(),
  wrong: new Set(),
  hinted: -1,
  pencil: false,
  /** Whether Solve filled the grid (then no "well done"). */
  solvedByEngine: false,
};
const history = new History();

const values = (line) => Array.from(line, (ch) => SYMBOLS.indexOf(ch.toUpperCase()) + 1);
const lineOf = (list) => list.map(symbol).join('');
const givensLine = () => lineOf(game.givens);
const entriesLine = () => lineOf(game.entries);
const currentLine = () => lineOf(game.givens.map((g, k) => g || game.entries[k]));

const board = new Board($('grid'), {
  input: (cell, v, shift) => input(cell, v, shift),
  erase: (cell) => erase(cell),
  select: () => render(),
});

function snapshot() {
  return { entries: [...game.entries], notes: [...game.notes] };
}

function restore(snap) {
  game.entries = [...snap.entries];
  game.notes = [...snap.notes];
}

/** Applies a change the player can undo. */
function change(apply) {
  const before = snapshot();
  game.solvedByEngine = false;
  apply();
  if (JSON.stringify(before) === JSON.stringify(snapshot())) return;
  history.push(before);
  game.wrong.clear();
  changed();
}

/** After any change of entries or notes: redraw, share, ask for conflicts. */
function changed(share = true) {
  render();
  if (share) saveHash();
  refreshConflicts();
}

let conflictSeq = 0;
async function refreshConflicts() {
  const seq = ++conflictSeq;
  const line = currentLine();
  try {
    const conflicts = await quick.call('sudoku_conflicts', line);
    if (seq !== conflictSeq) return;
    const n = game.n;
    game.conflicts = new Set(
      conflicts.flatMap(({ first, second }) => [
        (first.row - 1) * n + first.column - 1,
        (second.row - 1) * n + second.column - 1,
      ]),
    );
    render();
    if (!line.includes('.') && conflicts.length === 0 && !game.solvedByEngine) {
      setMessage('Solved: every row, column and box is complete. Well done!', 'good');
    } else if (conflicts.length && seq === conflictSeq) {
      const c = conflicts[0];
      setMessage(
        `${c.symbol} appears twice in ${c.regions.join(' and ')}: row ${c.first.row}, column ${c.first.column} and row ${c.second.row}, column ${c.second.column}.`,
        'bad',
      );
    }
  } catch (error) {
    if (error.code !== 'cancelled') setMessage(`Could not check the grid: ${error.message}`, 'bad');
  }
}

function render() {
  board.render(game);
  $('undo').disabled = !history.canUndo;
  $('redo').disabled = !history.canRedo;
  $('export-text').value = currentLine();
}

function setMessage(text, kind = 'info') {
  const message = $('message');
  message.dataset.kind = kind;
  message.textContent = text;
}

function saveHash() {
  const hash = encodeHash({ puzzle: givensLine(), entries: entriesLine(), notes: game.notes });
  if (location.hash === hash) return;
  lastHash = hash;
  window.history.replaceState(null, '', hash);
}
let lastHash = '';

/** Starts a game on a puzzle read by the engine (`read_sudoku`'s result). */
function load(info, { entries, notes, solution = null, message, share = true } = {}) {
  const cells = info.size * info.size;
  game.n = info.size;
  game.boxRows = info.boxRows;
  game.boxCols = info.boxCols;
  game.givens = values(info.line);
  game.entries = entries ? values(entries).map((v, k) => (game.givens[k] ? 0 : v)) : Array(cells).fill(0);
  game.notes = notes && notes.length === cells ? notes.map((m) => m & ((1 << info.size) - 1)) : Array(cells).fill(0);
  game.solution = solution;
  game.unique = solution ? true : null;
  game.conflicts = new Set();
  game.wrong = new Set();
  game.hinted = -1;
  history.clear();
  board.build(info.size, info.boxRows, info.boxCols);
  buildPad();
  $('size').value = String(info.size);
  $('stats').hidden = true;
  changed(share);
  if (message) setMessage(message);
}

// ---- playing -----------------------------------------------------------------------------

function input(cell, v, shift) {
  if (game.givens[cell]) {
    setMessage(`Row ${Math.floor(cell / game.n) + 1}, column ${(cell % game.n) + 1} is a given.`);
    return;
  }
  game.hinted = -1;
  if (game.pencil !== shift) {
    if (game.entries[cell]) return setMessage('Erase the entry first to write notes in this cell.');
    change(() => (game.notes[cell] ^= 1 << (v - 1)));
  } else {
    change(() => (game.entries[cell] = v));
  }
}

function erase(cell) {
  if (game.givens[cell]) return;
  game.hinted = -1;
  change(() => {
    if (game.entries[cell]) game.entries[cell] = 0;
    else game.notes[cell] = 0;
  });
}

function undo() {
  const snap = history.undo(snapshot());
  if (!snap) return;
  restore(snap);
  game.wrong.clear();
  game.hinted = -1;
  changed();
  setMessage('Undone.');
}

function redo() {
  const snap = history.redo(snapshot());
  if (!snap) return;
  restore(snap);
  game.wrong.clear();
  changed();
  setMessage('Redone.');
}

function buildPad() {
  const pad = $('pad');
  const buttons = [];
  for (let v = 1; v <= game.n; v++) {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = symbol(v);
    button.setAttribute('aria-label', `Enter ${symbol(v)}`);
    button.addEventListener('click', () => input(board.selected, v, false));
    buttons.push(button);
  }
  const erase_ = document.createElement('button');
  erase_.type = 'button';
  erase_.textContent = 'Erase';
  erase_.className = 'erase';
  erase_.addEventListener('click', () => erase(board.selected));
  buttons.push(erase_);
  pad.className = `pad size-${game.n}`;
  pad.replaceChildren(...buttons);
}

function setPencil(on) {
  game.pencil = on;
  const button = $('mode-pencil');
  button.setAttribute('aria-pressed', String(on));
  button.textContent = `Pencil marks: ${on ? 'on' : 'off'}`;
}

async function hint() {
  try {
    const found = await quick.call('sudoku_hint', givensLine(), entriesLine());
    if (!found) {
      setMessage(currentLine().includes('.') ? 'This puzzle has no solution.' : 'The grid is full.');
      return;
    }
    change(() => {
      game.entries[found.cell] = SYMBOLS.indexOf(found.symbol) + 1;
      game.notes[found.cell] = 0;
    });
    game.hinted = found.cell;
    board.select(found.cell);
    setMessage(found.reason, 'hint');
  } catch (error) {
    if (error.code === 'conflicting_givens') {
      setMessage(`Fix the conflicts first: ${error.message}.`, 'bad');
    } else if (error.code !== 'cancelled') setMessage(`No hint: ${error.message}`, 'bad');
  }
}

async function solution() {
  if (game.solution) return game.solution;
  const report = await quick.call('solve_sudoku_report', givensLine());
  game.solution = report.solution;
  game.unique = report.unique;
  return game.solution;
}

async function check() {
  try {
    const line = await solution();
    if (!line) return setMessage('This puzzle has no solution, so there is nothing to check against.', 'bad');
    const right = values(line);
    game.wrong = new Set();
    let empty = 0;
    game.entries.forEach((v, k) => {
      if (v && v !== right[k]) game.wrong.add(k);
      if (!v && !game.givens[k]) empty++;
    });
    render();
    const several = game.unique ? '' : ' (checked against one of its several solutions)';
    if (game.wrong.size) {
      const n = game.wrong.size;
      setMessage(`${n} ${n === 1 ? 'entry is' : 'entries are'} wrong${several}: marked in red.`, 'bad');
    } else {
      setMessage(empty ? `No mistakes so far${several}; ${empty} ${empty === 1 ? 'cell' : 'cells'} to go.` : 'All correct!', 'good');
    }
  } catch (error) {
    if (error.code !== 'cancelled') setMessage(`Could not check: ${error.message}`, 'bad');
  }
}

async function autoNotes() {
  try {
    const candidates = await quick.call('sudoku_candidates', currentLine());
    change(() => {
      candidates.forEach((list, k) => {
        if (list && !game.entries[k]) {
          game.notes[k] = list.reduce((mask, s) => mask | (1 << SYMBOLS.indexOf(s)), 0);
        }
      });
    });
    setMessage('Candidates filled in from the givens and your entries.');
  } catch (error) {
    if (error.code === 'conflicting_givens') setMessage(`Fix the conflicts first: ${error.message}.`, 'bad');
    else if (error.code !== 'cancelled') setMessage(`No candidates: ${error.message}`, 'bad');
  }
}

function clearGrid() {
  game.hinted = -1;
  change(() => {
    game.entries.fill(0);
    game.notes.fill(0);
  });
  setMessage('Cleared your entries and notes.');
}

// ---- long jobs ---------------------------------------------------------------------------

let job = null;
const JOB_BUTTONS = ['solve', 'count', 'new', 'empty', 'import', 'size'];

function startJob(text) {
  const started = performance.now();
  job = { text, started, timer: 0 };
  const progress = $('job-progress');
  progress.removeAttribute('value'); // indeterminate until there is an estimate
  $('job-text').textContent = text;
  $('job').hidden = false;
  for (const id of JOB_BUTTONS) $(id).disabled = true;
  job.timer = setInterval(() => {
    if (!job.detail) $('job-text').textContent = `${text} ${((performance.now() - started) / 1000).toFixed(1)} s`;
  }, 100);
  $('cancel').focus();
  return job;
}

function endJob() {
  if (!job) return;
  clearInterval(job.timer);
  job = null;
  $('job').hidden = true;
  for (const id of JOB_BUTTONS) $(id).disabled = false;
}

function cancelJob() {
  if (!job) return;
  jobs.cancel();
  endJob();
  setMessage('Cancelled. The solver was restarted; the page is ready.');
  board.select(board.selected, true);
}

/** Runs `work` as the current long job; a cancelled job is silent. */
async function runJob(text, work) {
  if (job) return;
  const mine = startJob(text);
  try {
    await work(mine);
  } catch (error) {
    if (error.code === 'cancelled') return;
    setMessage(error.code === 'conflicting_givens' ? `Fix the conflicts first: ${error.message}.` : `The solver failed: ${error.message}`, 'bad');
  } finally {
    if (job === mine) endJob();
  }
}

function solve() {
  return runJob('Solving…', async () => {
    const started = performance.now();
    const report = await jobs.call('solve_sudoku_report', givensLine());
    const ms = performance.now() - started;
    $('stat-time').textContent = `${ms.toFixed(1)} ms`;
    $('stat-nodes').textContent =
      report.nodes === 0
        ? `0 (singles filled ${report.forced} cells)`
        : report.nodes.toLocaleString('en');
    $('stat-updates').textContent = report.updates.toLocaleString('en');
    $('stat-unique').textContent = ['none', 'unique', 'more than one'][report.solutions];
    $('stats').hidden = false;
    game.solution = report.solution;
    game.unique = report.unique;
    if (!report.solution) return setMessage('This puzzle has no solution.', 'bad');
    const right = values(report.solution);
    game.hinted = -1;
    change(() => {
      game.entries = right.map((v, k) => (game.givens[k] ? 0 : v));
      game.notes.fill(0);
      game.solvedByEngine = true;
    });
    setMessage(
      report.unique
        ? `Solved in ${ms.toFixed(1)} ms: the solution is unique.`
        : `Solved in ${ms.toFixed(1)} ms: this is one of several solutions.`,
      'good',
    );
  });
}

function count() {
  return runJob('Counting solutions…', async (mine) => {
    const { problem } = await jobs.call('sudoku_exact_cover', currentLine());
    const started = performance.now();
    const result = await jobs.exactCover(problem, { countOnly: true }, ({ fraction, stats }) => {
      if (job !== mine) return;
      mine.detail = true;
      $('job-progress').value = fraction;
      const s = ((performance.now() - started) / 1000).toFixed(1);
      $('job-text').textContent = `Counting: ${stats.solutions.toLocaleString('en')} solutions so far, about ${(fraction * 100).toFixed(fraction < 0.01 ? 4 : 1)}% of the search done (${s} s).`;
    });
    const n = result.count;
    setMessage(
      `${n.toLocaleString('en')} ${n === 1 ? 'solution' : 'solutions'} from this grid (${result.stats.nodes.toLocaleString('en')} nodes).`,
      n === 1 ? 'good' : 'info',
    );
  });
}

function newPuzzle() {
  const size = Number($('size').value);
  const difficulty = $('difficulty').value;
  return runJob(`Generating a ${size} × ${size} ${difficulty} puzzle…`, async () => {
    const generated = await jobs.call('generate_sudoku', { size, difficulty });
    const info = await quick.call('read_sudoku', generated.puzzle);
    load(info, {
      solution: generated.solution,
      message: `New ${generated.rating.difficulty} puzzle, ${generated.givens} givens.`,
    });
  });
}

async function emptyGrid() {
  const size = Number($('size').value);
  const info = await quick.call('read_sudoku', '.'.repeat(size * size));
  load(info, { message: `An empty ${size} × ${size} grid: fill in givens-free, or count its solutions.` });
}

// ---- import, export, share ---------------------------------------------------------------

async function importPuzzle(text) {
  const errorBox = $('import-error');
  errorBox.hidden = true;
  try {
    const info = await quick.call('read_sudoku', text);
    if (info.variant !== 'classic' || info.boxRows === 0) {
      throw new Error(`this page plays classic sudoku; that is a ${info.variant} puzzle`);
    }
    load(info, { message: `Imported a ${info.size} × ${info.size} puzzle with ${info.givens} givens.` });
  } catch (error) {
    if (error.code === 'cancelled') return;
    errorBox.textContent = `Could not read that puzzle: ${error.message}.`;
    errorBox.hidden = false;
  }
}

async function copy(text, what) {
  const status = $('copy-status');
  try {
    await navigator.clipboard.writeText(text);
    status.textContent = `Copied the ${what}.`;
  } catch {
    $('export-text').select();
    status.textContent = `Could not copy: select the ${what} and copy it yourself.`;
  }
}

async function loadHash(hash = location.hash) {
  const saved = decodeHash(hash);
  if (!saved) return false;
  try {
    const info = await quick.call('read_sudoku', saved.puzzle);
    if (info.variant !== 'classic' || info.boxRows === 0) throw new Error('not a classic puzzle');
    let entries;
    if (saved.entries) {
      // Read by the engine too: it must be a grid of the same size.
      await quick.call('sudoku_conflicts', saved.entries);
      if (saved.entries.length !== info.line.length) throw new Error('the entries do not fit the puzzle');
      entries = saved.entries;
    }
    lastHash = hash;
    load(info, { entries, notes: saved.notes, message: 'Reopened the shared game.' });
    return true;
  } catch (error) {
    setMessage(`The link holds no readable game (${error.message}); here is a fresh one.`, 'bad');
    return false;
  }
}

// ---- wiring ------------------------------------------------------------------------------

$('mode-pencil').addEventListener('click', () => setPencil(!game.pencil));
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', redo);
$('hint').addEventListener('click', hint);
$('check').addEventListener('click', check);
$('auto-notes').addEventListener('click', autoNotes);
$('clear').addEventListener('click', clearGrid);
$('solve').addEventListener('click', solve);
$('count').addEventListener('click', count);
$('cancel').addEventListener('click', cancelJob);
$('empty').addEventListener('click', emptyGrid);
$('size').addEventListener('change', () => newPuzzle());
$('new-form').addEventListener('submit', (event) => {
  event.preventDefault();
  newPuzzle();
});
$('import-form').addEventListener('submit', (event) => {
  event.preventDefault();
  importPuzzle($('import-text').value);
});
$('copy-line').addEventListener('click', () => copy(currentLine(), 'line'));
$('copy-link').addEventListener('click', () => copy(location.href, 'link'));

document.addEventListener('keydown', (event) => {
  if (event.target.closest?.('input, textarea, select')) return;
  const key = event.key.toLowerCase();
  if ((event.ctrlKey || event.metaKey) && !event.altKey) {
    if (key === 'z' && !event.shiftKey) undo();
    else if (key === 'y' || (key === 'z' && event.shiftKey)) redo();
    else return;
    event.preventDefault();
  } else if (event.key === 'Escape' && job) {
    cancelJob();
  }
});

window.addEventListener('hashchange', () => {
  if (location.hash !== lastHash) loadHash();
});

// The start puzzle is drawn at once, from a known line, while the module loads; a shared
// game in the address replaces it once the engine has read it.
const shared = location.hash;
load(START, { share: !decodeHash(shared) });
setMessage('Click a cell or press Tab to reach the grid, then type.');
if (decodeHash(shared)) loadHash(shared);
