// The grid on screen: cells as ARIA grid cells with a roving tabindex, drawn from the game
// state, and the keys a player uses on it. Rendering and events only: whatever is computed
// about the sudoku (conflicts, candidates, hints, solutions) comes from the wasm module.

import { COLORS, SYMBOLS, symbol } from './game.js';
import { writeAttribute, writeClasses, writeText } from './dom.js';
import { CONTRADICTION_WORDS, HOUSE_WORDS, ROLE_WORDS, cellName, listWords } from './messages.js';

/** The SVG namespace, of the links' overlay. */
export const SVG = 'http://www.w3.org/2000/svg';

export { SYMBOLS, symbol };

/** The value (from 1) a key stands for in a grid of size `n`, or 0 for none. */
export function keyValue(key, code, n) {
  // With Shift held, `key` is a punctuation mark on most layouts: read the digit from `code`.
  const digit = /^(?:Digit|Numpad)([0-9])$/.exec(code);
  const ch = digit ? digit[1] : key.length === 1 ? key.toUpperCase() : '';
  if (ch === '') return 0;
  const v = SYMBOLS.indexOf(ch) + 1;
  return v >= 1 && v <= n ? v : 0;
}

/** The symbols of a mask, "1 and 5" or "1, 5 and 7". */
function marks(mask, n) {
  const list = [];
  for (let s = 1; s <= n; s++) if (mask & (1 << (s - 1))) list.push(symbol(s));
  return listWords(list);
}

export class Board {
  /**
   * @param {HTMLElement} grid the role=grid element
   * @param {object} handlers `{ input(cell, v, note), erase(cell), select(cell),
   *   command(key) }`: `command` gets the keys that are not symbols of the grid (and Space
   *   and Enter) and says whether it used them
   */
  constructor(grid, handlers) {
    this.grid = grid;
    this.handlers = handlers;
    this.cells = [];
    this.noteSpans = [];
    this.selected = 0;
    // A step's links, drawn over the grid between its candidates (see `drawLinks`).
    this.links = [];
    // How a chain's links are drawn: step-view.js's, set with the page's steps (view.js `useStepView`).
    this.drawChain = null;
    this.svg = document.createElementNS(SVG, 'svg');
    this.svg.classList.add('links');
    this.svg.setAttribute('role', 'img');
    this.svg.setAttribute('hidden', '');
    grid.after(this.svg);
    // The candidates move when the grid is resized (window, zoom): the links follow.
    new ResizeObserver(() => this.drawLinks()).observe(grid);
    grid.addEventListener('keydown', (event) => this.onKey(event));
    grid.addEventListener('click', (event) => {
      const cell = event.target.closest('.cell');
      if (cell) this.select(Number(cell.dataset.cell), true);
    });
  }

  /**
   * Builds the cells for an `n` x `n` grid with boxes of `boxRows` x `boxCols`. A cell's
   * notes (their box and a slot per symbol) are made when it first shows a note (`slots`):
   * a grid of empty cells is a cell and its value each (the page's first frames, issue #36).
   */
  build(n, boxRows, boxCols) {
    this.n = n;
    this.boxRows = boxRows;
    this.boxCols = boxCols;
    this.grid.className = `grid size-${n}${n >= 10 ? ' many' : ''}`;
    // CSSOM, which the page's CSP allows (inline style attributes it does not).
    this.grid.style.setProperty('--n', String(n));
    this.grid.setAttribute('aria-label', `Sudoku grid, ${n} by ${n}`);
    this.cells = [];
    this.values = [];
    this.noteSpans = [];
    // Each cell's own classes (its box lines), which `render` adds the state's to.
    this.bases = [];
    const rows = [];
    for (let r = 0; r < n; r++) {
      const row = document.createElement('div');
      row.className = 'row';
      row.setAttribute('role', 'row');
      for (let c = 0; c < n; c++) {
        const k = r * n + c;
        const cell = document.createElement('div');
        // A Latin square (prime size: boxes are whole rows) has no box lines.
        const boxes = boxRows > 1;
        let base = 'cell';
        if (boxes && c % boxCols === boxCols - 1 && c !== n - 1) base += ' box-right';
        if (boxes && r % boxRows === boxRows - 1 && r !== n - 1) base += ' box-bottom';
        if (Math.floor(r / boxRows) % 2 === Math.floor(c / boxCols) % 2) base += ' box-even';
        cell.className = base;
        cell.setAttribute('role', 'gridcell');
        cell.dataset.cell = String(k);
        cell.tabIndex = -1;
        const value = document.createElement('span');
        value.className = 'value';
        value.setAttribute('aria-hidden', 'true');
        cell.append(value);
        row.append(cell);
        this.cells.push(cell);
        this.values.push(value);
        this.noteSpans.push(null);
        this.bases.push(base);
      }
      rows.push(row);
    }
    this.grid.replaceChildren(...rows);
    this.selected = Math.min(this.selected, n * n - 1);
    this.cells[this.selected].tabIndex = 0;
  }

  /** Cell `k`'s note slots, one per symbol (made, in their box, at its first note). */
  slots(k) {
    if (this.noteSpans[k] === null) {
      const notes = document.createElement('span');
      notes.className = 'notes';
      notes.setAttribute('aria-hidden', 'true');
      notes.style.setProperty('--note-cols', String(Math.ceil(Math.sqrt(this.n))));
      const spans = Array.from({ length: this.n }, () => document.createElement('span'));
      notes.append(...spans);
      this.cells[k].append(notes);
      this.noteSpans[k] = spans;
    }
    return this.noteSpans[k];
  }

  /**
   * Draws the state: `{ givens, entries, notes, conflicts: Set, wrong: Set, hinted, peers,
   * step }`, `step` the step on show (step-state.js `stepOverlay`, `hintOverlay`) or null.
   * Cells holding the selected cell's symbol, and its `peers` (the package's
   * `sudoku_layout`: its row, column and box; none until they are known), are tinted.
   */
  render(state) {
    const { n } = this;
    const { givens, entries, notes, conflicts, wrong, hinted, colors = [], step = null } = state;
    const sel = this.selected;
    const selValue = givens[sel] || entries[sel];
    const peers = new Set(state.peers ?? []);
    // Only what changed is written (dom.js): a render a key press makes touches the cells it
    // changed, not every class and label of every cell.
    for (let k = 0; k < n * n; k++) {
      const cell = this.cells[k];
      const given = givens[k];
      const v = given || entries[k];
      writeText(this.values[k], v ? symbol(v) : '');
      // A step on show (a hint, or the step-by-step view) adds its pattern's candidates
      // and the ones it eliminates to the notes, so that they show without marks.
      const pattern = (!v && step?.pattern.get(k)) || 0;
      const struck = (!v && step?.struck.get(k)) || 0;
      const mask = v ? 0 : notes[k] | pattern | struck;
      if (mask !== 0 || this.noteSpans[k] !== null) {
        const spans = this.slots(k);
        for (let s = 1; s <= n; s++) {
          const b = 1 << (s - 1);
          const on = (mask & b) !== 0;
          // The notes that hold the selected cell's symbol stand out; a step's pattern and
          // what it strikes; what the candidate does in the step (its role), in the role's
          // colour.
          let noteClasses = on && s === selValue && !step ? 'note-same' : '';
          if ((pattern & b) !== 0 && (struck & b) === 0) noteClasses += ' note-pattern';
          if ((struck & b) !== 0) noteClasses += ' note-struck';
          const role = on ? step?.roles?.get(k)?.get(s) : undefined;
          if (role) noteClasses += ` role-${role}`;
          writeText(spans[s - 1], on ? symbol(s) : '');
          writeClasses(spans[s - 1], noteClasses.trim());
        }
      }
      // A filled cell in the step: a single's blocker (its symbol rules the single's other
      // places or symbols out).
      const held = v ? step?.roles?.get(k)?.get(v) : undefined;
      const place = step?.place?.cell === k && !v ? step.place.v : 0;
      let classes = this.bases[k];
      if (held === 'blocker') classes += ' role-blocker';
      for (const role of Object.keys(HOUSE_WORDS)) if (step?.houses?.get(role)?.has(k)) classes += ` house-${role}`;
      if (step?.contradiction?.cells.has(k)) classes += ' contradiction';
      if (step?.cells.has(k)) classes += ' step-cell';
      if (step?.region?.has(k)) classes += ' step-region';
      if (step?.place?.cell === k) classes += ' step-place';
      if (struck !== 0) classes += ' step-struck';
      if (step?.missing === k) classes += ' step-missing';
      if (colors[k] >= 1 && colors[k] <= COLORS) classes += ` color-${colors[k]}`;
      if (given !== 0) classes += ' given';
      else if (v !== 0) classes += ' entry';
      if (conflicts.has(k)) classes += ' conflict';
      if (wrong.has(k)) classes += ' wrong';
      if (hinted === k) classes += ' hinted';
      if (k === sel) classes += ' selected';
      if (peers.has(k)) classes += ' peer';
      if (k !== sel && selValue !== 0 && v === selValue) classes += ' same';
      writeClasses(cell, classes);
      writeAttribute(cell, 'data-preview', place ? symbol(place) : null);
      writeAttribute(cell, 'aria-readonly', given ? 'true' : 'false');
      writeAttribute(cell, 'aria-selected', k === sel ? 'true' : 'false');
      let label = this.describe(k, given, v, mask, conflicts, wrong);
      if (struck) label += `, the step removes ${marks(struck, n)}`;
      if (place) label += `, the step places ${symbol(place)}`;
      else if (step?.cells.has(k)) label += ', part of the step';
      else if (step?.region?.has(k)) label += ', where to look';
      // The step's structure, in words: the roles of the cell's candidates, its houses.
      const roles = v ? null : step?.roles?.get(k);
      if (roles) label += `, ${[...roles].map(([s, role]) => `${ROLE_WORDS[role]} ${symbol(s)}`).join(', ')}`;
      if (held) label += `, ${ROLE_WORDS[held]}`;
      for (const [role, cells] of step?.houses ?? []) if (cells.has(k)) label += `, in a ${HOUSE_WORDS[role]}`;
      if (step?.contradiction?.cells.has(k)) label += `, ${CONTRADICTION_WORDS}`;
      writeAttribute(cell, 'aria-label', label);
    }
    this.links = step?.links ?? [];
    this.drawLinks();
  }

  /**
   * Draws the links of the step on show over the grid (`links`): none, or a chain's, which
   * step-view.js draws (`drawChain`: set with the page's steps, the only way one is on show).
   */
  drawLinks() {
    const { svg, links } = this;
    // (`hidden` is an attribute only: SVG elements have no such property.)
    svg.toggleAttribute('hidden', links.length === 0);
    if (links.length === 0) svg.replaceChildren();
    else this.drawChain(this);
  }

  describe(k, given, v, mask, conflicts, wrong) {
    const n = this.n;
    let text = `${cellName(n, k)}: `;
    if (given) text += `${symbol(v)}, given`;
    else if (v) text += symbol(v);
    else {
      const marks = [];
      for (let s = 1; s <= n; s++) if (mask & (1 << (s - 1))) marks.push(symbol(s));
      text += marks.length ? `empty, notes ${marks.join(' ')}` : 'empty';
    }
    if (conflicts.has(k)) text += ', conflict';
    if (wrong.has(k)) text += ', wrong';
    return text;
  }

  /** Moves the selection (and the tab stop) to `cell`; focuses it if `focus`. */
  select(cell, focus = false) {
    if (cell < 0 || cell >= this.n * this.n) return;
    this.cells[this.selected].tabIndex = -1;
    this.selected = cell;
    this.cells[cell].tabIndex = 0;
    if (focus) {
      this.cells[cell].focus({ preventScroll: true });
      this.cells[cell].scrollIntoView?.({ block: 'nearest' });
    }
    this.handlers.select(cell);
  }

  onKey(event) {
    const { n } = this;
    const k = this.selected;
    const [r, c] = [Math.floor(k / n), k % n];
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const moves = {
      ArrowUp: [Math.max(r - 1, 0), c],
      ArrowDown: [Math.min(r + 1, n - 1), c],
      ArrowLeft: [r, Math.max(c - 1, 0)],
      ArrowRight: [r, Math.min(c + 1, n - 1)],
      Home: [r, 0],
      End: [r, n - 1],
    };
    const erase = ['Backspace', 'Delete', '0', '.'].includes(event.key);
    const command = event.key === ' ' || event.key === 'Enter' || (event.key.length === 1 && !keyValue(event.key, event.code, n));
    if (!erase && command) {
      if (this.handlers.command?.(event.key)) event.preventDefault();
      return;
    }
    if (event.key in moves) {
      const [nr, nc] = moves[event.key];
      this.select(nr * n + nc, true);
    } else if (erase) {
      // 0 and . mark empty cells in the engine's alphabet at every size.
      this.handlers.erase(k);
    } else {
      const v = keyValue(event.key, event.code, n);
      if (!v) return;
      this.handlers.input(k, v, event.shiftKey);
    }
    event.preventDefault();
  }
}
