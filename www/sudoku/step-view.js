// The sudoku page's view of a logical step: the step panel (the hint on show, the
// step-by-step view's current step and its list), the legend of what the grid shows of it,
// the grid in the step-by-step view, and a chain's links drawn over the grid. Rendering
// only, as view.js, which draws with it once the page has loaded its steps (`stepView`,
// view.js `useStepView`; load-steps.js: the page's first script leaves Hint and Solve step
// by step out).
import { writeText } from './dom.js';
import { SVG } from './board.js';
import { SYMBOLS, symbol } from './game.js';
import { CONTRADICTION_WORDS, HOUSE_WORDS, ROLE_WORDS, plainWords, plural } from './messages.js';
import { layoutOf } from './state.js';
import { pathState, stepOverlay } from './step-state.js';
import { GROUP_WORDS, HINT_LEVELS, LINK_WORDS, hintWords, linksLabel } from './step-words.js';

const $ = (id) => document.getElementById(id);

/**
 * What `render` last built: the step list's path, the legend's overlay, the step-by-step
 * view's overlay of the step on show; `walkTo(k)`, what a step of the list does.
 */
const built = { steps: null, legendFor: undefined, walkOverlay: null, walkTo: () => {} };

/**
 * How view.js draws the steps (its `useStepView`): `renderStep(state)`, the step panel and
 * its legend; `walkGrid(state, peers)`, the grid in the step-by-step view; and how the
 * board draws a chain (`drawChain`, board.js `drawLinks`). `walkTo(k)` is what a step of
 * the list does (steps.js `showWalkStep`).
 */
export function stepView(walkTo) {
  built.walkTo = walkTo;
  return { renderStep, walkGrid, drawChain };
}

/** What the grid shows of the step on show (step-state.js `stepOverlay`, `hintOverlay`), or null. */
function overlayOf(state) {
  const { walk } = state;
  if (!walk) return state.hint?.overlay ?? null;
  const step = walk.steps[walk.shown] ?? null;
  const regions = layoutOf(state)?.regions;
  // Worked out once per step shown (render runs at each tick of the timer).
  const cached = built.walkOverlay;
  if (cached?.step !== step || cached.regions !== regions) {
    built.walkOverlay = { step, regions, overlay: step ? stepOverlay(step, regions) : null };
  }
  return built.walkOverlay.overlay;
}

/**
 * The legend of the step's structure on the grid: the kinds of links, houses and roles
 * present in `overlay` (what the grid draws), each with its colour or line.
 */
function renderLegend(overlay) {
  if (built.legendFor === overlay) return;
  built.legendFor = overlay;
  const items = [];
  const item = (key, text) => {
    const li = document.createElement('li');
    const swatch = document.createElement('span');
    swatch.className = `key ${key}`;
    swatch.setAttribute('aria-hidden', 'true');
    li.append(swatch, text);
    li.dataset.key = key;
    items.push(li);
  };
  const links = overlay?.links ?? [];
  for (const kind of ['strong', 'weak']) {
    if (links.some((link) => link.strong === (kind === 'strong'))) item(`key-link ${kind}`, LINK_WORDS[kind]);
  }
  if (links.some((link) => link.fromGroup?.length || link.toGroup?.length)) item('key-group', GROUP_WORDS);
  for (const [role, text] of Object.entries(HOUSE_WORDS)) {
    if (overlay?.houses?.get(role)?.size) item(`key-house house-${role}`, text);
  }
  const roles = new Set([...(overlay?.roles?.values() ?? [])].flatMap((m) => [...m.values()]));
  for (const [role, text] of Object.entries(ROLE_WORDS)) if (roles.has(role)) item(`key-role role-${role}`, text);
  if (overlay?.contradiction?.cells.size) item('key-contradiction', CONTRADICTION_WORDS);
  const legend = $('step-legend');
  legend.replaceChildren(...items);
  legend.hidden = items.length === 0;
}

/**
 * What the grid draws in the step-by-step view (board.js `render`'s state): the grid before
 * the step on show, with the candidates the engine gave for it, and the step; `peers` the
 * selected cell's.
 */
function walkGrid(state, peers) {
  const { game, walk } = state;
  const { grid } = pathState(walk.givens, walk.steps, walk.shown);
  return {
    ...game,
    entries: grid.map((v, k) => (walk.givens[k] ? 0 : v)),
    notes: walk.candidates.get(walk.shown),
    colors: [],
    conflicts: new Set(),
    wrong: new Set(),
    hinted: -1,
    peers,
    step: overlayOf(state),
  };
}

/** The step panel: the hint on show, or the step-by-step view's current step. */
function renderStep(state) {
  const { walk } = state;
  const panelBox = $('step');
  const shown = walk ? walk.steps[walk.shown] : state.hint?.step;
  panelBox.hidden = !walk && !shown;
  document.querySelector('.board').classList.toggle('stepping', !panelBox.hidden);
  if (walk && built.steps !== walk.steps) buildStepList(walk.steps);
  if (!walk) built.steps = null;
  if (panelBox.hidden) {
    $('step-said').textContent = '';
    renderLegend(null);
    return;
  }
  renderLegend(overlayOf(state));
  panelBox.dataset.mode = walk ? 'walk' : 'hint';
  const level = walk ? HINT_LEVELS.length : state.hint.level;
  panelBox.dataset.level = String(level);
  // Apply (Enter) once the hint shows what it does; before that, More shows the next level.
  $('step-apply').hidden = !!walk || level < HINT_LEVELS.length;
  $('step-more').hidden = !!walk || level >= HINT_LEVELS.length;
  $('step-prev').parentElement.hidden = !walk;
  $('step-list').hidden = !walk;
  if (walk) {
    $('step-prev').disabled = walk.shown === 0;
    $('step-next').disabled = walk.shown >= walk.steps.length;
    markStep(walk.shown);
  }
  const reason = $('step-reason');
  if (shown && walk) {
    $('step-title').textContent = `Step ${walk.shown + 1} of ${walk.steps.length}: ${shown.title}`;
    panelBox.dataset.technique = shown.technique;
    reason.textContent = plainWords(shown.reason);
  } else if (shown) {
    const cell = shown.placement?.cell;
    const written = cell === undefined ? '' : symbol(state.game.entries[cell]);
    const { title, text } = hintWords(shown, level, { written });
    $('step-title').textContent = title;
    // (The technique is named from the second level on.)
    panelBox.dataset.technique = level >= 2 ? shown.technique : '';
    reason.textContent = text;
  } else {
    $('step-title').textContent = walk.solved
      ? `Solved in ${plural(walk.steps.length, 'step')}`
      : `Stuck after ${plural(walk.steps.length, 'step')}`;
    panelBox.dataset.technique = '';
    reason.textContent = walk.solved
      ? 'Every cell is filled by logic alone.'
      : 'No technique this solver knows goes further: the rest needs trial and error (Solve finishes it).';
  }
  const said = `${$('step-title').textContent}. ${reason.textContent}`;
  writeText($('step-said'), said);
  reason.dataset.kind = shown?.technique === 'missing_candidate' || shown?.technique === 'wrong_entry' ? 'bad' : '';
}

function buildStepList(steps) {
  built.steps = steps;
  const items = steps.map((step, k) => {
    const item = document.createElement('li');
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'step-item';
    button.dataset.k = String(k);
    button.textContent = `${k + 1}. ${step.title}`;
    button.addEventListener('click', () => built.walkTo(k));
    item.append(button);
    return item;
  });
  $('step-list').replaceChildren(...items);
}

/** Marks step `k` of the list as the current one, scrolled into the list's view. */
function markStep(k) {
  const list = $('step-list');
  for (const button of list.querySelectorAll('button')) {
    if (Number(button.dataset.k) !== k) {
      button.removeAttribute('aria-current');
      continue;
    }
    if (button.getAttribute('aria-current') === 'step') continue;
    button.setAttribute('aria-current', 'step');
    // Scrolls the list alone (scrollIntoView would scroll the page too).
    const top = button.offsetTop; // the list is the offset parent (position: relative)
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + button.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top + button.offsetHeight - list.clientHeight;
    }
  }
}

/** Brings the step panel into view; `focus` names a control of it to focus. */
export function showStep(focus) {
  $('step').scrollIntoView?.({ block: 'nearest' });
  if (focus) $(focus).focus();
}

/** Next (or Previous) went disabled under the focus (the end, or the start): focus the other. */
export function keepStepFocus() {
  const focused = document.activeElement;
  if (focused?.disabled) (focused.id === 'step-next' ? $('step-prev') : $('step-next')).focus();
}

/**
 * Draws the links of a chain on show over `board`'s grid (its `links`, at least one): a line from each link's first node
 * to its second, strong links solid, weak links dashed (the classes `strong` and `weak`).
 * A node is a candidate (the line ends at its note slot) or, in a grouped chain, a group
 * of candidates (`fromGroup`, `toGroup`): a rounded box (class `group`) drawn once around
 * all of them, the line ending at the box.
 */
function drawChain(board) {
  const { svg, links } = board;
  const box = board.grid.getBoundingClientRect();
  // The overlay covers the grid (CSSOM, which the page's CSP allows).
  svg.style.left = `${board.grid.offsetLeft}px`;
  svg.style.top = `${board.grid.offsetTop}px`;
  svg.setAttribute('width', String(box.width));
  svg.setAttribute('height', String(box.height));
  svg.setAttribute('viewBox', `0 0 ${box.width} ${box.height}`);
  const slot = ({ cell, symbol: s }) => board.slots(cell)[SYMBOLS.indexOf(s)].getBoundingClientRect();
  /**
   * A node's shape, relative to the grid: its centre, its half width and height, and how
   * far from the centre a line toward (ux, uy) leaves it.
   */
  const shape = (left, top, right, bottom, round) => {
    const [hw, hh] = [(right - left) / 2, (bottom - top) / 2];
    return {
      x: left + hw - box.left,
      y: top + hh - box.top,
      hw,
      hh,
      // A mark is a disc; a box is left through its nearer side.
      edge: (ux, uy) => (round ? Math.min(hw, hh) : Math.min(hw / Math.abs(ux), hh / Math.abs(uy), Math.hypot(hw, hh))),
    };
  };
  // A group's box: around its candidates' slots, a little wider than one slot's mark.
  const groups = new Map();
  const node = (candidate, group) => {
    if (!group?.length) {
      const r = slot(candidate);
      return shape(r.left, r.top, r.right, r.bottom, true);
    }
    const key = group.map((c) => `${c.cell}:${c.symbol}`).sort().join(' ');
    if (!groups.has(key)) {
      const rects = group.map(slot);
      const pad = Math.min(rects[0].width, rects[0].height) * 0.1;
      const left = Math.min(...rects.map((r) => r.left)) - pad;
      const top = Math.min(...rects.map((r) => r.top)) - pad;
      const right = Math.max(...rects.map((r) => r.right)) + pad;
      const bottom = Math.max(...rects.map((r) => r.bottom)) + pad;
      groups.set(key, shape(left, top, right, bottom, false));
    }
    return groups.get(key);
  };
  const lines = links.map(({ from, to, strong, fromGroup, toGroup }) => {
    const [a, b] = [node(from, fromGroup), node(to, toGroup)];
    // From the edge of one node to the edge of the other.
    const length = Math.hypot(b.x - a.x, b.y - a.y) || 1;
    const [ux, uy] = [(b.x - a.x) / length, (b.y - a.y) / length];
    const [ea, eb] = [a.edge(ux, uy), b.edge(ux, uy)];
    const line = document.createElementNS(SVG, 'line');
    line.setAttribute('x1', String(a.x + ux * ea));
    line.setAttribute('y1', String(a.y + uy * ea));
    line.setAttribute('x2', String(b.x - ux * eb));
    line.setAttribute('y2', String(b.y - uy * eb));
    line.classList.add('link', strong ? 'strong' : 'weak');
    const title = document.createElementNS(SVG, 'title');
    title.textContent = LINK_WORDS[strong ? 'strong' : 'weak'];
    line.append(title);
    return line;
  });
  const outlines = [...groups].map(([key, g]) => {
    const rect = document.createElementNS(SVG, 'rect');
    rect.classList.add('group');
    rect.dataset.candidates = key;
    rect.setAttribute('x', String(g.x - g.hw));
    rect.setAttribute('y', String(g.y - g.hh));
    rect.setAttribute('width', String(2 * g.hw));
    rect.setAttribute('height', String(2 * g.hh));
    rect.setAttribute('rx', String(Math.min(g.hw, g.hh)));
    const title = document.createElementNS(SVG, 'title');
    title.textContent = GROUP_WORDS;
    rect.append(title);
    return rect;
  });
  svg.setAttribute('aria-label', linksLabel(links, groups.size));
  svg.replaceChildren(...outlines, ...lines);
}
