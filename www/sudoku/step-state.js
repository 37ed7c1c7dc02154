// What a logical step (a hint, a step of the solving path: the package's `sudoku_hint` and
// `sudoku_solve_path`) shows on the grid and does to the page's state: its overlay, the
// candidates as masks, the grid before a step of the path, and the reducers of the hint on
// show and of the step-by-step view (`STEP_REDUCERS`, added to state.js's). Plain data and
// pure functions, as game.js and state.js (unit-tested in Node); a module of its own because
// the page's first script leaves Hint and Solve step by step out (load-steps.js).
import { SYMBOLS, bit, countHint } from './game.js';
import { layoutOf } from './state.js';
import { whereToLook } from './step-words.js';

/**
 * Candidates as pencil-mark masks, one number per cell with bit `v - 1` for symbol `v` (what
 * `sudoku_hint` takes as `marks`), from `sudoku_candidates`' lists (null for a filled cell).
 */
export function candidateMasks(candidates) {
  return candidates.map((list) =>
    (list ?? []).reduce((mask, symbol) => mask | bit(symbol), 0),
  );
}

/** `masks` without the candidates a hint eliminated (`{ cell, symbol }` each). */
export function withoutCandidates(masks, eliminations) {
  const out = [...masks];
  for (const { cell, symbol } of eliminations) out[cell] &= ~bit(symbol);
  return out;
}

// ---- logical steps (from the wasm module's sudoku_hint and sudoku_solve_path) -------------

/**
 * What the grid shows of a step: `cells` (a Set: the pattern's cells), `pattern` and
 * `struck` (Maps from cell to a mask of the pattern's and the eliminated candidates: the
 * pattern's are its `candidates`, its `roles` and its links' ends (a group's every candidate), which show even where the
 * player has no notes), `place` (`{ cell, v }` or null), `missing` (the cell of a missing
 * pencil mark, or -1), and the step's structure as the package gives it: `links` (its
 * `links`), `roles` (a Map from cell to a Map from symbol value to the candidate's role),
 * `houses` (a Map from a house role, `base`, `cover`, ..., to the Set of its houses' cells)
 * and `contradiction` (`{ cells: Set }` where a contradiction chain breaks the grid, or
 * null). `regions` is the package's `sudoku_layout(...).regions` (houses and a house
 * contradiction draw nothing while it is not known).
 */
export function stepOverlay(step, regions = []) {
  const links = step.links ?? [];
  const parts = step.roles ?? [];
  const masks = (list) => {
    const out = new Map();
    for (const { cell, symbol: s } of list) out.set(cell, (out.get(cell) ?? 0) | bit(s));
    return out;
  };
  const roles = new Map();
  for (const { cell, symbol: s, role } of parts) {
    if (!roles.has(cell)) roles.set(cell, new Map());
    const v = SYMBOLS.indexOf(s) + 1;
    if (!roles.get(cell).has(v)) roles.get(cell).set(v, role);
  }
  const houses = new Map();
  for (const { region, role } of step.houses ?? []) {
    const cells = houses.get(role) ?? new Set();
    for (const cell of regionCells([region], regions)) cells.add(cell);
    houses.set(role, cells);
  }
  const broken = step.contradiction;
  const contradiction = !broken
    ? null
    : { cells: broken.kind === 'cell' ? new Set([broken.cell]) : regionCells([broken.region], regions) };
  const place = step.placement ? { cell: step.placement.cell, v: SYMBOLS.indexOf(step.placement.symbol) + 1 } : null;
  return {
    cells: new Set(step.cells),
    pattern: masks([...step.candidates, ...parts, ...links.flatMap(({ from, to, fromGroup = [], toGroup = [] }) => [from, to, ...fromGroup, ...toGroup])]),
    struck: masks(step.eliminations),
    place,
    missing: step.technique === 'missing_candidate' ? step.cells[0] : -1,
    links,
    roles,
    houses,
    contradiction,
  };
}

/**
 * What the grid shows of a hint at `level` (see step-words.js `HINT_LEVELS`): at the nudge,
 * only the cells of the regions to look at (`region`, a Set, from `regionCells`); at level 2
 * the pattern's cells and houses, with its candidates, their roles and its links unless it
 * places a symbol (they would name it; a missing pencil mark's cell alone); the whole step
 * (`stepOverlay`, with `regions` the layout's) at level 3. A wrong entry's right symbol is
 * never previewed: Reveal hands it over.
 */
export function hintOverlay(step, level, regionCells = new Set(), regions = []) {
  const whole = stepOverlay(step, regions);
  if (level >= 3) return step.technique === 'wrong_entry' ? { ...whole, place: null } : whole;
  const none = {
    cells: new Set(),
    pattern: new Map(),
    struck: new Map(),
    place: null,
    missing: -1,
    links: [],
    roles: new Map(),
    houses: new Map(),
    contradiction: null,
  };
  if (level <= 1) return { ...none, region: regionCells };
  // A placement's or a missing mark's candidate is the symbol itself.
  const names = step.placement || step.technique === 'missing_candidate';
  const structure = names ? {} : { pattern: whole.pattern, links: whole.links, roles: whole.roles, contradiction: whole.contradiction };
  return { ...none, cells: whole.cells, houses: whole.houses, missing: whole.missing, ...structure };
}

/**
 * The cells of the regions named `names` (a step's, "row 3", "box 5"), from `regions`, the
 * package's `sudoku_layout(...).regions` (none while the layout is not known).
 */
export function regionCells(names, regions = []) {
  const out = new Set();
  for (const { name, cells } of regions) if (names.includes(name)) for (const cell of cells) out.add(cell);
  return out;
}

/**
 * The grid of a solving path before step `k` (0 to steps.length): the givens' values with
 * the placements of steps 0 to k - 1 (a list of values, 0 for empty), and the masks of the
 * candidates those steps eliminated.
 */
export function pathState(givens, steps, k) {
  const grid = [...givens];
  const removed = givens.map(() => 0);
  for (const step of steps.slice(0, k)) {
    if (step.placement) grid[step.placement.cell] = SYMBOLS.indexOf(step.placement.symbol) + 1;
    for (const { cell, symbol: s } of step.eliminations) removed[cell] |= bit(s);
  }
  return { grid, removed };
}

/**
 * The reducers of the hint on show and of the step-by-step view (`type` -> (state, action)
 * -> state), which state.js's `addReducers` adds to the store's.
 */
export const STEP_REDUCERS = {
  /** A new hint on show (`{ step, base, candidates }`, or null), at its first level. */
  hint(state, { hint, hintMarks = state.hintMarks }) {
    const next = { ...state, hint: null, hintMarks, hinted: -1 };
    return hint ? STEP_REDUCERS.hintLevel(next, { hint: { ...hint, level: 0 }, level: 1 }) : next;
  },
  /**
   * The hint on show at `level` (from 1 to 3); a level it had not reached yet is counted in
   * the game's help (game.js `countHint`).
   */
  hintLevel(state, { hint = state.hint, level }) {
    if (!hint) return state;
    const shown = { ...hint, level: Math.max(hint.level, level) };
    const game = shown.level > hint.level ? countHint(state.game, hint.level, shown.level) : state.game;
    const regions = layoutOf(state)?.regions;
    const region = regionCells(whereToLook(shown.step), regions);
    return { ...state, game, hint: { ...shown, overlay: hintOverlay(shown.step, shown.level, region, regions) } };
  },
  /** Step `k` of the path `steps` asked for: drawn at once if its candidates are known. */
  walkTo(state, { steps, k }) {
    const { walk } = state;
    if (walk?.steps !== steps) return state;
    return { ...state, walk: { ...walk, k, shown: walk.candidates.has(k) ? k : walk.shown } };
  },
  /** The candidates before step `k` of the path `steps` (`masks`): drawn if it is the step asked for. */
  walkCandidates(state, { steps, k, masks }) {
    const { walk } = state;
    if (walk?.steps !== steps) return state;
    const candidates = new Map(walk.candidates).set(k, masks);
    return { ...state, walk: { ...walk, candidates, shown: walk.k === k ? k : walk.shown } };
  },
};
