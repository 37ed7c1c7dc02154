// The visualizer: asks the engine for a trace of the problem in the editor (bounded by a step
// limit), then steps through it — forward, back, play, pause, speed, restart, next solution —
// drawing the matrix, the partial solution, the search tree and the counters after each step.
// Every change it shows is an event the engine recorded.
import { grouped as format } from '../lib/numbers.js';
import { pools } from '../lib/solver.js';
import { isProblemError } from './editor.js';
import { MatrixView, colorsOf } from './matrix.js';
import { Player, hasBounds, levelJumpNote, stepJumpNote } from './player.js';
import { TreeView } from './tree.js';

/** The largest problem drawn. */
export const MAX_ITEMS = 32;
export const MAX_OPTIONS = 64;
/** The step limit of the recorded trace. */
export const MAX_STEPS = 20_000;
/** Play speeds, in steps per second. */
const SPEEDS = [1, 2, 4, 8, 16, 32, 64, 128, 256];

const plural = (n, word) => `${format(n)} ${word}${n === 1 ? '' : 's'}`;

export class Visualizer {
  /**
   * @param {import('./editor.js').Editor} editor
   * @param {Record<string, HTMLElement>} els
   */
  constructor(editor, els) {
    this.editor = editor;
    this.els = els;
    this.player = null;
    this.timer = 0;
    this.loadToken = 0;

    els.visualize.addEventListener('click', () => this.load({ now: true }));
    els.restart.addEventListener('click', () => this.go(() => this.player.seek(0)));
    els.back.addEventListener('click', () => this.go(() => this.player.seek(this.player.step - 1)));
    els.step.addEventListener('click', () => this.go(() => this.player.forward()));
    els.next.addEventListener('click', () => this.go(() => this.player.toNextSolution()));
    els.end.addEventListener('click', () => this.go(() => this.player.seek(this.player.events.length)));
    // A jump that cannot go where it was asked says why.
    els.jump.addEventListener('submit', (event) => {
      event.preventDefault();
      const step = els.goto.value.trim() === '' ? NaN : Number(els.goto.value);
      this.go(() => {
        this.player.seek(Number.isInteger(step) ? step : 0);
        return stepJumpNote(step, this.player.events.length);
      });
    });
    els.levelGo.addEventListener('click', () => {
      const level = els.gotoLevel.value.trim() === '' ? NaN : Number(els.gotoLevel.value);
      this.go(() => {
        const found = Number.isInteger(level) && level >= 0 && this.player.toLevel(level);
        return levelJumpNote(level, found, this.player.deepestLevel(), this.player.trace.truncated);
      });
    });
    els.zoomIn.addEventListener('click', () => this.matrix?.zoom(1.25));
    els.zoomOut.addEventListener('click', () => this.matrix?.zoom(0.8));
    els.zoomFit.addEventListener('click', () => this.matrix?.fit());
    els.play.addEventListener('click', () => (this.timer ? this.pause() : this.play()));
    els.speed.addEventListener('input', () => this.showSpeed());
    els.body.addEventListener('keydown', (event) => this.key(event));
    this.showSpeed();
  }

  get speed() {
    return SPEEDS[Number(this.els.speed.value)] ?? 4;
  }

  showSpeed() {
    this.els.speedOut.textContent = `${plural(this.speed, 'step')}/s`;
  }

  setStatus(state, message) {
    this.els.status.dataset.state = state;
    this.els.status.textContent = message;
  }

  /** The text in the editor changed: the drawing no longer shows it. */
  stale() {
    if (this.els.status.dataset.state === 'loading') return;
    this.setStatus(
      'stale',
      this.player
        ? 'The problem text has changed since it was drawn: press “Draw the problem above” to trace it again.'
        : 'Press “Draw the problem above” to trace the problem as it is now.',
    );
  }

  /**
   * Records a trace of the editor's problem and draws it: once the page's module has the
   * trace (lib/pool.js, imported by lib/solver.js `pools`: fetched `now`, or when the page
   * is idle after its first count).
   */
  async load({ now = false } = {}) {
    const token = ++this.loadToken;
    const text = this.editor.text;
    this.pause();
    this.setStatus('loading', 'Loading the visualizer…');
    let pool;
    try {
      pool = await pools();
      await (now ? pool.fullModule() : pool.fullModuleLater());
    } catch (error) {
      if (token !== this.loadToken) return;
      this.clear();
      this.setStatus('error', `The visualizer could not be loaded: ${error.message}. Press “Draw the problem above” to try again.`);
      return;
    }
    if (token !== this.loadToken) return;
    this.setStatus('loading', 'Reading the problem…');
    try {
      // On the pool of one worker for small questions: a search running does not hold it up.
      const info = await pool.quickPool().call('exact_cover_trace', [text, { maxSteps: 0 }]);
      if (token !== this.loadToken) return;
      const size = `${format(info.items.length)} items and ${format(info.options.length)} options`;
      if (info.items.length > MAX_ITEMS || info.options.length > MAX_OPTIONS) {
        this.clear();
        this.setStatus(
          'too-big',
          `This problem is too big to draw: it has ${size}, and the visualizer draws at most ` +
            `${MAX_ITEMS} items and ${MAX_OPTIONS} options. Solve it above, or pick a smaller example.`,
        );
        return;
      }
      this.setStatus('loading', 'Recording the search…');
      const trace = await pool.quickPool().call('exact_cover_trace', [text, { maxSteps: MAX_STEPS }]);
      if (token !== this.loadToken) return;
      this.show(trace);
      const { items, primaryCount, events } = trace;
      this.setStatus(
        'ready',
        `${format(items.length)} items (${primaryCount} primary, ` +
          `${items.length - primaryCount} secondary), ${format(trace.options.length)} options, ` +
          `${format(events.length)} steps recorded.`,
      );
    } catch (error) {
      if (token !== this.loadToken) return;
      this.clear();
      if (isProblemError(error)) {
        this.editor.showError(error);
        this.setStatus('error', `The problem has an error${error.line ? ` on line ${error.line}` : ''}: see the message under the problem text.`);
      } else {
        this.setStatus('error', `The solver failed: ${error.message}`);
      }
    }
  }

  clear() {
    this.pause();
    this.player = null;
    this.els.body.hidden = true;
  }

  show(trace) {
    const els = this.els;
    this.player = new Player(trace);
    els.jumpNote.hidden = true;
    this.matrix = new MatrixView(els.matrix, this.player);
    this.tree = new TreeView(els.tree, this.player);
    els.body.hidden = false;
    els.truncated.hidden = !trace.truncated;
    els.truncated.textContent = trace.truncated
      ? `The trace stops at the step limit (${format(MAX_STEPS)} steps); the search goes on beyond it.`
      : '';
    this.render(null);
  }

  /** Runs a move on the player (paused), then redraws. */
  /** Carries out `move`, which may return why it did not go where it was asked (shown). */
  go(move) {
    if (!this.player) return;
    this.pause();
    const note = move() ?? null;
    this.els.jumpNote.textContent = typeof note === 'string' ? note : '';
    this.els.jumpNote.hidden = typeof note !== 'string';
    this.render(this.player.step > 0 ? this.player.events[this.player.step - 1] : null);
  }

  play() {
    if (!this.player) return;
    if (this.player.done) this.player.seek(0);
    this.els.play.textContent = 'Pause';
    this.els.play.setAttribute('aria-pressed', 'true');
    this.els.caption.setAttribute('aria-live', 'off'); // no running commentary while playing
    const tick = () => {
      const delay = Math.max(16, 1000 / this.speed);
      const steps = Math.max(1, Math.round((this.speed * delay) / 1000));
      let event = null;
      for (let k = 0; k < steps && !this.player.done; k++) event = this.player.forward();
      this.render(event);
      if (this.player.done) this.pause();
      else this.timer = setTimeout(tick, delay);
    };
    this.timer = setTimeout(tick, 0);
  }

  pause() {
    clearTimeout(this.timer);
    this.timer = 0;
    this.els.play.textContent = '▶ Play';
    this.els.play.setAttribute('aria-pressed', 'false');
    this.els.caption.setAttribute('aria-live', 'polite');
  }

  key(event) {
    if (!this.player || event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.matches('input, select, textarea')) return;
    const actions = {
      ArrowRight: () => this.els.step.click(),
      ArrowLeft: () => this.els.back.click(),
      Home: () => this.els.restart.click(),
      End: () => this.els.end.click(),
      p: () => this.els.play.click(),
      n: () => this.els.next.click(),
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  }

  render(event) {
    const { els, player } = this;
    const { trace } = player;
    this.matrix.update(event);
    this.tree.update(event);
    els.stepCount.textContent = `Step ${format(player.step)} of ${format(player.events.length)}`;
    els.stepCount.dataset.step = String(player.step);
    els.caption.textContent = this.describe(event);
    els.caption.dataset.op = event?.op ?? (player.done ? 'end' : 'start');
    for (const [el, value] of [
      [els.level, player.level],
      [els.nodes, player.nodes],
      [els.updates, player.updates],
      [els.solutions, player.solutions.length],
    ]) {
      el.textContent = format(value);
      el.dataset.value = String(value);
    }
    els.partial.replaceChildren(
      ...player.partial.map((option, level) => {
        const li = document.createElement('li');
        const index = document.createElement('span');
        index.className = 'index';
        index.textContent = `level ${level}: option ${option}`;
        const code = document.createElement('code');
        code.textContent = trace.optionLines[option];
        li.append(index, code);
        return li;
      }),
    );
    els.partialEmpty.hidden = player.partial.length > 0;
    els.goto.max = String(player.events.length);
    if (document.activeElement !== els.goto) els.goto.value = String(player.step);
    this.matrix.reveal(event);
    els.end.disabled = player.done;
    els.restart.disabled = player.step === 0;
    els.back.disabled = player.step === 0;
    els.step.disabled = player.done;
    els.next.disabled = player.done;

    if (player.done && !trace.truncated) {
      const { nodes, updates } = trace.stats;
      const agree = nodes === player.nodes && updates === player.updates;
      els.engineStats.textContent =
        `The engine’s statistics for this search: ${format(nodes)} nodes, ` +
        `${format(updates)} updates${agree ? ': the counters agree.' : '.'}`;
    } else {
      els.engineStats.textContent = 'Nodes count choices and solutions; updates count covers and unlinked nodes, as Knuth counts them.';
    }
  }

  name(item) {
    return this.player.trace.items[item];
  }

  option(option) {
    return `option ${option} (${this.player.trace.optionLines[option]})`;
  }

  /** Plain words for an event, read after it was replayed. */
  describe(event) {
    const p = this.player;
    if (!event) {
      return 'The matrix as built: each item’s list holds the options that contain it. Press Step or Play.';
    }
    const { trace } = p;
    const end = p.done
      ? ` The search is over: ${plural(p.solutions.length, 'solution')}` +
        `${trace.truncated ? ' within the step limit' : ''}.`
      : '';
    const name = 'item' in event ? this.name(event.item) : '';
    switch (event.op) {
      case 'choose': {
        const shown = event.lengths.slice(0, 12).map(([item, len]) => `${this.name(item)} ${len}`);
        if (event.lengths.length > 12) shown.push('…');
        const length = event.lengths.find(([item]) => item === event.item)?.[1] ?? 0;
        if (hasBounds(trace)) {
          const then =
            length === 0
              ? ' It has no options left: if it is covered often enough already, it is done (covered); if not, a dead end.'
              : '';
          return (
            `Level ${event.level}: Algorithm M compares the active primary items (lengths ${shown.join(', ')}) ` +
            'by Knuth’s branch degree: the length, less what the item still must take before it may be left out ' +
            `(each item’s bounds are above its box). It chooses ${name}.${then}`
          );
        }
        const pick =
          length === 0
            ? `${name}, which has no options left: a dead end.`
            : `${name}, the first with the fewest (${length}).`;
        return `Level ${event.level}: MRV compares the lengths of the active primary items (${shown.join(', ')}) and chooses ${pick}`;
      }
      case 'cover':
        return `Cover ${name}: take it out of the active list, and unlink every option in its list from the other items’ lists.`;
      case 'uncover':
        return `Uncover ${name}: it goes back into the active list.${end}`;
      case 'hide':
        return (
          `Hide: unlink the node of ${this.option(event.option)} from ${name}’s list; its ` +
          'neighbours now point past it (the dashed links are the ones it keeps). ' +
          `${name}’s length is now ${p.lengths[event.item]}.`
        );
      case 'unhide':
        return (
          `Unhide: the node of ${this.option(event.option)} hooks back into ${name}’s list ` +
          `between the neighbours it kept. ${name}’s length is ${p.lengths[event.item]} again.${end}`
        );
      case 'purify': {
        const k = trace.options[event.option].indexOf(event.item);
        const color = colorsOf(trace.optionLines[event.option])[k] || '?';
        return `Purify ${name} to color ${color} (from ${this.option(event.option)}): unlink the options that give ${name} another color.`;
      }
      case 'unpurify':
        return `Unpurify ${name}: the options with other colors come back.${end}`;
      case 'try':
        return `Level ${event.level}: try ${this.option(event.option)}, and cover its other items.`;
      case 'undo':
        return `Level ${event.level}: take ${this.option(event.option)} back.${end}`;
      case 'solution':
        return `Solution ${format(p.solutions.length)}: options ${event.options.join(', ')} cover every primary item ${hasBounds(trace) ? 'as many times as its bounds allow' : 'exactly once'}.${end}`;
      case 'backtrack': {
        const up = event.level > 0 ? ` to level ${event.level - 1}` : '';
        return `Level ${event.level}: no options left to try for ${name}: back up${up}.${end}`;
      }
      default:
        return `${event.op}.${end}`;
    }
  }
}
