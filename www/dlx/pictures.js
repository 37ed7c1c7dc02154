// Solutions of the known examples drawn as pictures: a queens board, a pentomino tiling, a
// sudoku grid. Drawing only: each picture reads the names in the chosen options' lines (as
// the example files name their items) and places them; the solving was the engine's.

const SVG = 'http://www.w3.org/2000/svg';

function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

const b36 = (ch) => parseInt(ch, 36);
const tokens = (line) => line.trim().split(/\s+/).filter(Boolean);

/** Which picture an example's solutions get, by its id; null for none. */
export function pictureKind(exampleId) {
  if (/^queens-/.test(exampleId ?? '')) return 'queens';
  if (/^pentominoes-/.test(exampleId ?? '')) return 'tiling';
  if (/^sudoku-/.test(exampleId ?? '')) return 'sudoku';
  return null;
}

/** The cells of a board a queens option places: "r3 c5 a.. b.." -> [3, 5]. */
function queen(line) {
  const t = tokens(line);
  const r = t.find((x) => /^r[0-9a-z]$/.test(x));
  const c = t.find((x) => /^c[0-9a-z]$/.test(x));
  return r && c ? [b36(r[1]), b36(c[1])] : null;
}

function queensPicture(lines, items, label) {
  const n = items.filter((name) => /^r[0-9a-z]$/.test(name)).length;
  const S = Math.max(10, Math.floor(180 / n));
  const svg = el('svg', { viewBox: `0 0 ${n * S} ${n * S}`, class: 'picture queens', role: 'img', 'aria-label': label });
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      el('rect', { x: c * S, y: r * S, width: S, height: S, class: (r + c) % 2 ? 'dark' : 'light' }, svg);
    }
  }
  for (const line of lines) {
    const at = queen(line);
    if (!at) continue;
    const [r, c] = at;
    el('circle', { cx: c * S + S / 2, cy: r * S + S / 2, r: S * 0.32, class: 'queen' }, svg);
  }
  el('rect', { x: 0, y: 0, width: n * S, height: n * S, class: 'frame' }, svg);
  return svg;
}

function tilingPicture(lines, items, label) {
  const cells = items.filter((name) => /^[0-9a-z]{2}$/.test(name));
  const rows = Math.max(...cells.map((x) => b36(x[0]))) + 1;
  const cols = Math.max(...cells.map((x) => b36(x[1]))) + 1;
  const S = Math.max(8, Math.floor(300 / Math.max(cols, rows)));
  const svg = el('svg', { viewBox: `0 0 ${cols * S} ${rows * S}`, class: 'picture tiling', role: 'img', 'aria-label': label });
  const owner = new Map();
  lines.forEach((line) => {
    const [piece, ...placed] = tokens(line);
    for (const cell of placed) owner.set(cell, piece);
  });
  for (const [cell, piece] of owner) {
    const r = b36(cell[0]);
    const c = b36(cell[1]);
    el('rect', { x: c * S, y: r * S, width: S, height: S, class: `piece piece-${piece}` }, svg);
  }
  // Borders between different pieces, and each piece's letter once.
  const seen = new Set();
  for (const [cell, piece] of owner) {
    const r = b36(cell[0]);
    const c = b36(cell[1]);
    const right = owner.get(`${r.toString(36)}${(c + 1).toString(36)}`);
    const below = owner.get(`${(r + 1).toString(36)}${c.toString(36)}`);
    if (c + 1 < cols && right !== piece) el('line', { x1: (c + 1) * S, y1: r * S, x2: (c + 1) * S, y2: (r + 1) * S, class: 'edge' }, svg);
    if (r + 1 < rows && below !== piece) el('line', { x1: c * S, y1: (r + 1) * S, x2: (c + 1) * S, y2: (r + 1) * S, class: 'edge' }, svg);
    if (!seen.has(piece)) {
      seen.add(piece);
      el('text', { x: c * S + S / 2, y: r * S + S / 2 + 4, class: 'piece-name' }, svg).textContent = piece;
    }
  }
  el('rect', { x: 0, y: 0, width: cols * S, height: rows * S, class: 'frame' }, svg);
  return svg;
}

/**
 * A sudoku in Knuth's sudoku-dlx style: option "p12 r13 c23 b03" puts digit 3 (the last
 * character of the row item) in row 1, column 2. Givens with no options of their own come
 * from a comment line "| grid: 1...2..." in the problem text.
 */
function sudokuPicture(lines, items, label, text) {
  const grid = /^\|\s*grid:\s*(\S+)/m.exec(text)?.[1] ?? '';
  const fromItems = items.filter((name) => /^p[0-9a-z]{2}$/.test(name)).map((x) => b36(x[1]) + 1);
  const n = grid ? Math.round(Math.sqrt(grid.length)) : Math.max(...fromItems);
  const box = Math.round(Math.sqrt(n));
  const S = 36;
  const svg = el('svg', { viewBox: `0 0 ${n * S} ${n * S}`, class: 'picture sudoku', role: 'img', 'aria-label': label });
  for (let k = 0; k < n * n; k++) {
    el('rect', { x: (k % n) * S, y: Math.floor(k / n) * S, width: S, height: S, class: 'cell' }, svg);
    if (/[1-9A-Z]/i.test(grid[k] ?? '')) {
      el('text', { x: (k % n) * S + S / 2, y: Math.floor(k / n) * S + S / 2 + 7, class: 'given' }, svg).textContent = grid[k];
    }
  }
  for (const line of lines) {
    const t = tokens(line);
    const p = t.find((x) => /^p[0-9a-z]{2}$/.test(x));
    const r = t.find((x) => /^r[0-9a-z]{2}$/.test(x));
    if (!p || !r) continue;
    const [row, col] = [b36(p[1]), b36(p[2])];
    if (grid && /[1-9A-Z]/i.test(grid[row * n + col] ?? '')) continue;
    el('text', { x: col * S + S / 2, y: row * S + S / 2 + 7, class: 'found' }, svg).textContent = r[2];
  }
  for (let k = 1; k < n; k++) {
    const cls = k % box === 0 ? 'thick' : 'thin';
    el('line', { x1: k * S, y1: 0, x2: k * S, y2: n * S, class: cls }, svg);
    el('line', { x1: 0, y1: k * S, x2: n * S, y2: k * S, class: cls }, svg);
  }
  el('rect', { x: 0, y: 0, width: n * S, height: n * S, class: 'frame' }, svg);
  return svg;
}

/**
 * A picture of one solution (`lines`: the chosen options' lines) of a problem with item
 * names `items`, or null when the kind is unknown or the lines do not fit it.
 */
export function picture(kind, lines, items, label, text = '') {
  try {
    if (kind === 'queens') return queensPicture(lines, items, label);
    if (kind === 'tiling') return tilingPicture(lines, items, label);
    if (kind === 'sudoku') return sudokuPicture(lines, items, label, text);
  } catch {
    // A problem edited out of the example's shape: the text alone.
  }
  return null;
}
