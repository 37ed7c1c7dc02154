// Draws the dancing-links matrix of a trace as SVG: item headers across the top with their
// lengths, one row per option, a node where an option contains an item, the vertical links
// of each item's list and the links of the active item list. `update()` redraws it from a
// Player's state and the event just replayed. Only drawing: no search logic.
import { boundsLabel, nodeKey } from './player.js';

const SVG = 'http://www.w3.org/2000/svg';

// Geometry, in SVG user units (pixels at zoom 1). Column width, row height, node radius and
// item box width are roomy, or compact for problems with many items.
const SIZES = {
  roomy: { COL: 30, ROW: 26, R: 8, HEAD_W: 26 },
  compact: { COL: 24, ROW: 24, R: 7, HEAD_W: 22 },
};
const PAD = 8;
const HEAD_Y = 20; // top of the item boxes (room above for the bowed list links)
const HEAD_H = 22;
const LEN_Y = HEAD_Y + HEAD_H + 16; // baseline of the lengths
const TOP = LEN_Y + 14; // top of the first row
const GAP = 16; // between primary and secondary items
const CHAR = 7.3; // width of one character of the 12px monospace labels
const MAX_LABEL = 22; // characters of an option line shown before it is cut

function el(name, attributes = {}, parent = null) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, value);
  if (parent) parent.append(node);
  return node;
}

function text(parent, x, y, content, className) {
  const node = el('text', { x, y, class: className }, parent);
  node.textContent = content; // user text only ever as text
  return node;
}

function title(parent, content) {
  el('title', {}, parent).textContent = content;
}

/** Each token of an option line after the first `:`, or '' (the color of that item). */
export function colorsOf(line) {
  return line.split(/\s+/).filter(Boolean).map((token) => {
    const at = token.indexOf(':');
    return at < 0 ? '' : token.slice(at + 1);
  });
}

export class MatrixView {
  /**
   * @param {HTMLElement} container where the SVG goes
   * @param {import('./player.js').Player} player
   */
  constructor(container, player) {
    this.player = player;
    const { items, primaryCount, options, optionLines } = player.trace;
    this.items = items;
    const { COL, ROW, R, HEAD_W } = items.length > 20 ? SIZES.compact : SIZES.roomy;
    this.r = R;
    this.headW = HEAD_W;
    this.lastStep = -1;

    const indexChars = String(Math.max(0, options.length - 1)).length;
    const lineChars = Math.min(MAX_LABEL, Math.max(6, ...optionLines.map((l) => l.length)));
    this.labelW = Math.max(96, (indexChars + 1 + lineChars) * CHAR + 14);
    this.colX = items.map(
      (_, j) => PAD + this.labelW + COL / 2 + j * COL + (j >= primaryCount ? GAP : 0),
    );
    this.rowY = options.map((_, i) => TOP + ROW / 2 + i * ROW);
    const width = Math.ceil(this.colX[items.length - 1] + COL / 2 + PAD);
    const height = Math.ceil(TOP + options.length * ROW + PAD);
    this.rootX = PAD + this.labelW - COL / 2 - 4;

    // Small matrices are drawn larger; CSS shrinks any drawing to the width available.
    const zoom = width < 420 ? 2 : width < 640 ? 1.5 : 1;
    const svg = el('svg', {
      viewBox: `0 0 ${width} ${height}`,
      width: Math.round(width * zoom),
      height: Math.round(height * zoom),
      class: width > 640 ? 'matrix wide' : 'matrix',
      role: 'img',
      'aria-labelledby': 'viz-matrix-title viz-caption',
    });
    this.svg = svg;
    this.container = container;
    this.size = { width, height };
    this.scale = zoom;
    const layers = {};
    for (const name of ['bands', 'grid', 'links', 'memo', 'heads', 'nodes']) {
      layers[name] = el('g', { class: name }, svg);
    }
    this.layers = layers;

    // Captions of the two header rows, in the label column.
    text(layers.heads, PAD, HEAD_Y + 15, 'items', 'axis-label');
    text(layers.heads, PAD, LEN_Y, 'lengths', 'axis-label');
    // The root of the active item list.
    const root = el('g', { class: 'root' }, layers.heads);
    el('circle', { cx: this.rootX, cy: HEAD_Y + HEAD_H / 2, r: 6 }, root);
    title(root, 'root: the head of the list of active primary items');

    // Rows: a band to highlight, the option's index and text, a line through its nodes.
    this.rows = options.map((itemsOfOption, i) => {
      const y = this.rowY[i];
      const row = el('g', { class: 'row' }, layers.bands);
      el('rect', { x: PAD / 2, y: y - ROW / 2 + 1, width: width - PAD, height: ROW - 2, rx: 4 }, row);
      text(row, PAD + indexChars * CHAR, y + 4, String(i), 'row-index');
      const line = optionLines[i];
      const shown = line.length > MAX_LABEL ? `${line.slice(0, MAX_LABEL - 1)}…` : line;
      text(row, PAD + (indexChars + 1) * CHAR, y + 4, shown, 'row-label');
      title(row, `option ${i}: ${line}`);
      const xs = itemsOfOption.map((item) => this.colX[item]);
      el('line', { x1: Math.min(...xs), y1: y, x2: Math.max(...xs), y2: y, class: 'row-line' }, layers.grid);
      return row;
    });

    // Item headers, with their lengths.
    this.heads = items.map((name, j) => {
      const x = this.colX[j];
      const primary = j < primaryCount;
      const head = el('g', { class: primary ? 'head primary' : 'head secondary' }, layers.heads);
      el('rect', { x: x - HEAD_W / 2, y: HEAD_Y, width: HEAD_W, height: HEAD_H, rx: 4 }, head);
      text(head, x, HEAD_Y + 15, name.length > 4 ? `${name.slice(0, 3)}…` : name, 'head-name');
      const pill = { x: x - HEAD_W / 2 + 1, y: LEN_Y - 12, width: HEAD_W - 2, height: 16, rx: 8 };
      el('rect', { ...pill, class: 'length-pill' }, head);
      const length = text(head, x, LEN_Y, '', 'head-length');
      const bounds = primary && player.trace.bounds ? boundsLabel(player.trace.bounds[j]) : '';
      if (bounds) {
        // Knuth's u:v above the box: how many times a solution covers this item.
        text(head, x, HEAD_Y - 4, bounds, 'head-bounds');
        const [min, max] = player.trace.bounds[j];
        title(head, `primary item ${name}, covered ${min === max ? `${max}` : `${min} to ${max}`} times`);
      } else {
        title(head, `${primary ? 'primary' : 'secondary'} item ${name}`);
      }
      // A faint guide down the column, behind the nodes.
      el('line', { x1: x, y1: TOP, x2: x, y2: height - PAD, class: 'column-guide' }, layers.grid);
      return { head, length };
    });
    if (primaryCount < items.length) {
      const x = this.colX[primaryCount] - COL / 2 - GAP / 2;
      el('line', { x1: x, y1: HEAD_Y - 4, x2: x, y2: height - PAD, class: 'divider' }, layers.grid);
    }

    // Nodes.
    this.nodes = new Map();
    options.forEach((itemsOfOption, i) => {
      const colors = colorsOf(optionLines[i]);
      itemsOfOption.forEach((item, k) => {
        const g = el('g', { class: 'node' }, layers.nodes);
        el('circle', { cx: this.colX[item], cy: this.rowY[i], r: R }, g);
        if (colors[k]) text(g, this.colX[item], this.rowY[i] + 3.5, colors[k].slice(0, 2), 'node-color');
        title(g, `option ${i} (${optionLines[i]}) in item ${items[item]}'s list`);
        this.nodes.set(nodeKey(i, item), { g, option: i, item });
      });
    });

    this.links = new Map(); // key -> path element
    // The item headers float at the top of the box when the rows scroll under them: an
    // opaque backing, and the header layer drawn last (over the nodes).
    this.backing = el('rect', { x: 0, y: 0, width, height: TOP - 6, class: 'head-backing' });
    layers.heads.prepend(this.backing);
    svg.append(layers.heads);
    container.onscroll = () => this.floatHeads();
    container.replaceChildren(svg);
    container.scrollTop = 0;
  }

  /** Keeps the item headers in view while the rows scroll. */
  floatHeads() {
    const scale = this.svg.getBoundingClientRect().height / this.size.height || 1;
    const dy = Math.max(0, this.container.scrollTop / scale);
    this.layers.heads.setAttribute('transform', dy ? `translate(0 ${dy.toFixed(1)})` : '');
    this.backing.classList.toggle('floating', dy > 0);
  }

  /** Zooms the drawing by `factor` (between a quarter and four times its size). */
  zoom(factor) {
    this.setScale(Math.min(4, Math.max(0.25, this.scale * factor)));
  }

  /** As wide as the box it is in. */
  fit() {
    this.setScale((this.container.clientWidth - 8) / this.size.width);
  }

  setScale(scale) {
    this.scale = scale;
    this.svg.setAttribute('width', String(Math.round(this.size.width * scale)));
    this.svg.setAttribute('height', String(Math.round(this.size.height * scale)));
    this.svg.classList.add('zoomed');
    this.reveal(null);
  }

  /**
   * Scrolls the matrix box (not the page) so that the row of the option being tried or
   * undone, else the last one in the partial solution, is in view.
   */
  reveal(event) {
    const p = this.player;
    const option = event && 'option' in event ? event.option : p.partial.at(-1);
    const row = this.rows[option];
    if (!row) return;
    const box = this.container.getBoundingClientRect();
    const at = row.getBoundingClientRect();
    if (!at.height) return;
    const margin = 2 * at.height;
    if (at.top < box.top + margin || at.bottom > box.bottom - margin) {
      this.container.scrollTop += at.top - box.top - box.height / 2 + at.height / 2;
    }
  }

  /** Redraws everything from the player's state; `event` is the one just replayed. */
  update(event) {
    const p = this.player;
    const { primaryCount } = p.trace;
    const inPartial = new Set(p.partial);
    const solution = event?.op === 'solution' ? new Set(event.options) : null;
    const compared = event?.op === 'choose' ? new Map(event.lengths) : null;

    // Headers: covered, compared by MRV, chosen, purified; their lengths.
    this.heads.forEach(({ head, length }, j) => {
      const cl = head.classList;
      cl.toggle('covered', p.covered[j]);
      cl.toggle('compared', Boolean(compared?.has(j)));
      cl.toggle('chosen', event?.op === 'choose' && event.item === j);
      cl.toggle(
        'current',
        (event?.op === 'cover' || event?.op === 'uncover' || event?.op === 'backtrack') &&
          event.item === j,
      );
      cl.toggle('purified', p.purified[j].length > 0);
      cl.toggle(
        'touched',
        (event?.op === 'hide' || event?.op === 'unhide' || event?.op === 'purify' || event?.op === 'unpurify') &&
          event.item === j,
      );
      length.textContent = String(p.lengths[j]);
    });

    // Rows: in the partial solution, out of play (some node unlinked), the one being tried.
    this.rows.forEach((row, i) => {
      const cl = row.classList;
      cl.toggle('tried', inPartial.has(i));
      cl.toggle('out', p.hiddenInOption[i] > 0 && !inPartial.has(i));
      cl.toggle('current', (event?.op === 'try' || event?.op === 'undo') && event.option === i);
      cl.toggle('solution', Boolean(solution?.has(i)));
    });

    // Nodes.
    const currentNode =
      event && 'option' in event && 'item' in event ? nodeKey(event.option, event.item) : null;
    for (const [key, node] of this.nodes) {
      const cl = node.g.classList;
      cl.toggle('hidden', p.hidden.has(key));
      cl.toggle('covered-col', p.covered[node.item]);
      cl.toggle('tried', inPartial.has(node.option));
      cl.toggle('current', key === currentNode);
    }

    // Links: each item's list, header then linked nodes top to bottom; and the list of
    // active primary items from the root. A link that jumps over unlinked nodes bows out.
    const wanted = new Map();
    this.items.forEach((_, j) => {
      const column = p.columns[j];
      const linked = p.linked(j);
      let prev = -1;
      let prevIndex = -1;
      for (const option of linked) {
        const index = column.indexOf(option);
        const from = prev;
        const jump = index !== prevIndex + 1;
        wanted.set(`v${j}:${from}:${option}`, () => this.verticalPath(j, from, option, jump));
        prev = option;
        prevIndex = index;
      }
    });
    const active = p.activePrimary();
    let prevX = this.rootX + 6;
    let prevItem = -1;
    for (const item of active) {
      const x = this.colX[item] - this.headW / 2;
      const jump = item !== prevItem + 1;
      const x0 = prevX;
      const from = prevItem;
      wanted.set(`h${from}:${item}`, () => this.horizontalPath(x0, x, jump));
      prevX = this.colX[item] + this.headW / 2;
      prevItem = item;
    }
    for (const [key, path] of this.links) {
      if (!wanted.has(key)) {
        path.remove();
        this.links.delete(key);
      } else {
        path.classList.remove('fresh');
      }
    }
    // Links made by this one step are highlighted; not those of the first drawing or a jump.
    const fresh = this.lastStep >= 0 && p.step === this.lastStep + 1;
    this.lastStep = p.step;
    for (const [key, make] of wanted) {
      if (this.links.has(key)) continue;
      const path = el('path', { d: make(), class: fresh ? 'link fresh' : 'link' }, this.layers.links);
      this.links.set(key, path);
    }

    // The node just unlinked or relinked still points at its old neighbours: dashed.
    this.layers.memo.replaceChildren();
    if (event?.op === 'hide' || event?.op === 'unhide') {
      const { option, item } = event;
      const memo = p.hidden.get(nodeKey(option, item)) ?? p.neighbours(option, item);
      const x = this.colX[item] - 5;
      const y = this.rowY[option];
      const top = memo.up < 0 ? LEN_Y + 5 : this.rowY[memo.up] + this.r;
      el('path', { d: `M ${x} ${y - this.r} L ${x} ${top}`, class: 'memo-link' }, this.layers.memo);
      if (memo.down >= 0) {
        const bottom = this.rowY[memo.down] - this.r;
        el('path', { d: `M ${x} ${y + this.r} L ${x} ${bottom}`, class: 'memo-link' }, this.layers.memo);
      }
    }
  }

  verticalPath(item, from, to, jump) {
    const x = this.colX[item];
    const y0 = from < 0 ? LEN_Y + 5 : this.rowY[from] + this.r;
    const y1 = this.rowY[to] - this.r;
    if (!jump) return `M ${x} ${y0} L ${x} ${y1}`;
    // A quadratic curve reaches halfway to its control point: at most 9 units aside.
    const bow = Math.min(9, 5 + (y1 - y0) / 40);
    return `M ${x} ${y0} Q ${x + 2 * bow} ${(y0 + y1) / 2} ${x} ${y1}`;
  }

  horizontalPath(x0, x1, jump) {
    const y = HEAD_Y + HEAD_H / 2;
    if (!jump) return `M ${x0} ${y} L ${x1} ${y}`;
    // A quadratic curve peaks halfway to its control point: just above the boxes.
    return `M ${x0} ${y} Q ${(x0 + x1) / 2} ${2 * (HEAD_Y - 12) - y} ${x1} ${y}`;
  }
}
