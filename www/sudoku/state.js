// The sudoku page's state and its one `dispatch`: everything the page shows is in one plain
// object, changed only by the reducers below (pure: a state and an action in, a new state
// out), and drawn by view.js alone. The game itself (givens, entries, notes, undo) is
// game.js's; what the engine said about it (conflicts, the hint on show, the solving path,
// the layout's rules) is put here by actions.js, from the package's answers.
import { countReveal, isFull, otherPuzzle } from './game.js';

/** The state of a page showing `game`, before the engine has said anything about it. */
export function initialState(game) {
  return {
    game,
    /** The package's `sudoku_layout` for the game's size and boxes (peers, levels), or null. */
    layout: null,
    pencil: false,
    setter: false,
    paused: false,
    /** Whether the player finished this game (the timer stops). */
    finished: false,
    /** Cells the engine says clash (a Set of cells). */
    conflicts: new Set(),
    /** Entries Check marked wrong (until the next change). */
    checked: new Set(),
    /** The cell Apply or Solve just filled, or -1. */
    hinted: -1,
    /**
     * The hint on show, until the game changes: `{ step, level, overlay, base, candidates }`,
     * where `level` is how much of it shows (1: where to look, 2: the technique and its
     * pattern, 3: what it removes or places, and Apply), `overlay` what the grid shows of it
     * (step-state.js `hintOverlay`) and `base` the candidates it was found on (masks), for Apply.
     */
    hint: null,
    /** Whether the grid is zoomed (large cells, panned by scrolling: big grids on a phone). */
    zoom: false,
    /** The candidates earlier hints removed while the grid stayed as it was: `{ key, masks }`. */
    hintMarks: null,
    /**
     * The step-by-step view, or null: `{ givens, steps, solved, candidates, k, shown }`, where
     * `candidates` maps a step to the candidates before it (masks, once the engine said),
     * `k` is the step asked for and `shown` the one drawn (`k` as soon as its candidates are
     * known), so that keys pressed in a row walk on from the step asked for.
     */
    walk: null,
    /** What the message box says: `{ text, kind }` (kind: info, good, bad). */
    message: { text: '', kind: 'info' },
    /** The conflict the message box tells of ('' when it tells of none). */
    conflictSaid: '',
    /** The last solve's figures (`{ time, nodes, updates, unique }`), or null. */
    stats: null,
    /** The cell last selected on the grid (board.js keeps the selection; this redraws). */
    selected: 0,
    /** What Import said went wrong ('' for nothing). */
    importError: '',
    /** What Copy said. */
    copyStatus: '',
  };
}

/**
 * The reducers: `type` -> (state, action) -> state. Those of the hint and the step-by-step
 * view are step-state.js's, added when the page loads them (`addReducers`).
 */
const REDUCERS = {
  /**
   * `game` becomes the game on show. A hint or a path on show was about the grid as it was;
   * another puzzle also drops what the engine said about the last one.
   */
  game(state, { game }) {
    const other = otherPuzzle(state.game, game);
    const next = { ...state, game, checked: new Set(), hint: null, walk: null };
    if (other) {
      Object.assign(next, { conflicts: new Set(), hinted: -1, finished: false, stats: null });
    }
    if (!isFull(game)) next.finished = false;
    return next;
  },
  /**
   * The same game with what the player did not change: the time played folded in, or the
   * solution of its givens now known. Nothing said about the grid goes.
   */
  quietGame: (state, { game }) => ({ ...state, game }),
  layout: (state, { layout }) => ({ ...state, layout }),
  conflicts: (state, { conflicts }) => ({ ...state, conflicts }),
  message: (state, { text, kind = 'info' }) => ({ ...state, message: { text, kind }, conflictSaid: '' }),
  /** A message about a clash, which goes when the clash does. */
  conflictMessage: (state, { text }) => ({ ...state, message: { text, kind: 'bad' }, conflictSaid: text }),
  pencil: (state, { on }) => ({ ...state, pencil: on }),
  setter: (state, { on }) => ({ ...state, setter: on }),
  paused: (state, { on }) => ({ ...state, paused: on }),
  finished: (state) => ({ ...state, finished: true }),
  hinted: (state, { cell }) => ({ ...state, hinted: cell }),
  selected: (state, { cell }) => ({ ...state, selected: cell }),
  checked: (state, { cells }) => ({ ...state, checked: cells }),
  /** Reveal handed over a cell: counted in the game's help. */
  revealed: (state) => ({ ...state, game: countReveal(state.game), hint: null }),
  zoom: (state, { on }) => ({ ...state, zoom: on }),
  walk: (state, { walk }) => ({ ...state, walk, hint: null }),
  closeStep: (state) => ({ ...state, walk: null, hint: null }),
  stats: (state, { stats }) => ({ ...state, stats }),
  importError: (state, { text }) => ({ ...state, importError: text }),
  copyStatus: (state, { text }) => ({ ...state, copyStatus: text }),
};

/** Adds `reducers` (`type` -> reducer) to the store's: step-state.js's `STEP_REDUCERS`. */
export function addReducers(reducers) {
  Object.assign(REDUCERS, reducers);
}

/** The package's layout of the game on show, or null while it is not known. */
export function layoutOf({ layout, game }) {
  return layout && layout.size === game.n && layout.boxRows === game.boxRows && layout.boxCols === game.boxCols
    ? layout
    : null;
}

/** The state after `action` (`{ type, ... }`). */
export function reduce(state, action) {
  const reducer = REDUCERS[action.type];
  if (!reducer) throw new Error(`no reducer for ${action.type}`);
  return reducer(state, action);
}

/**
 * The page's store: `state`, and `dispatch(action)`, which reduces and then calls
 * `listener(state, before, action)` (the view draws, the page saves).
 */
export function createStore(state, listener) {
  const store = {
    state,
    dispatch(action) {
      const before = store.state;
      store.state = reduce(before, action);
      listener(store.state, before, action);
      return store.state;
    },
  };
  return store;
}
