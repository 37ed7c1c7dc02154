// The playground: solve the problem in the editor with a limit (first, first n, all, count
// only) in the worker, with a progress bar fed by the engine's estimate and a Cancel button;
// list the solutions as option lines with their indices, the count and the statistics.

import { isProblemError } from './editor.js';

const format = (n) => Number(n).toLocaleString('en-US');
const plural = (n) => `${format(n)} solution${n === 1 ? '' : 's'}`;

/** Solutions listed at most (the count is always exact). */
const KEEP = 100;

export class Playground {
  /**
   * @param {import('../lib/engine.js').Engine} engine
   * @param {import('./editor.js').Editor} editor
   * @param {Record<string, HTMLElement>} els
   */
  constructor(engine, editor, els) {
    this.engine = engine;
    this.editor = editor;
    this.els = els;
    this.running = false;
    els.form.addEventListener('submit', (event) => {
      event.preventDefault();
      this.solve();
    });
    els.cancel.addEventListener('click', () => this.cancel());
    // Typing a number picks "the first n".
    els.limit.addEventListener('input', () => {
      els.form.elements.mode.value = 'first-n';
    });
  }

  setStatus(state, message) {
    this.els.status.dataset.state = state;
    this.els.status.textContent = message;
  }

  /** Forgets the last result (a new problem was loaded). */
  clear() {
    if (this.running) return;
    this.setStatus('idle', 'Press Solve to search.');
    this.els.progress.value = 0;
    this.els.stats.hidden = true;
    this.els.note.hidden = true;
    this.els.solutions.replaceChildren();
  }

  options() {
    const mode = this.els.form.elements.mode.value;
    const n = Math.max(1, Math.min(1_000_000, Math.floor(Number(this.els.limit.value)) || 1));
    this.els.limit.value = String(n);
    switch (mode) {
      case 'first':
        return { mode, limit: 1, n: 1 };
      case 'first-n':
        return { mode, limit: n, n };
      case 'count':
        return { mode, countOnly: true };
      default:
        return { mode };
    }
  }

  setRunning(running) {
    this.running = running;
    this.els.solve.disabled = running;
    this.els.cancel.disabled = !running;
    this.els.status.closest('section').setAttribute('aria-busy', String(running));
  }

  async solve() {
    if (this.running) return;
    const text = this.editor.text;
    const { mode, limit, countOnly, n } = this.options();
    this.clear();
    this.editor.clearError();
    this.setRunning(true);
    this.started = performance.now();
    this.lastProgress = null;
    this.setStatus('running', this.engine.busy ? 'Waiting for the solver…' : 'Reading the problem…');
    try {
      // Reading the problem first (a trace of no steps) gives its option lines, and any error.
      const info = await this.engine.call('exact_cover_trace', text, { maxSteps: 0 });
      this.setStatus('running', 'Searching…');
      this.started = performance.now();
      const options = { keep: countOnly ? 0 : Math.min(KEEP, limit ?? KEEP) };
      if (limit) options.limit = limit;
      if (countOnly) options.countOnly = true;
      const result = await this.engine.exactCover(text, options, (progress) =>
        this.showProgress(progress),
      );
      this.showResult(result, info, mode, n, performance.now() - this.started);
    } catch (error) {
      // A cancelled search leaves the bar where it stopped.
      if (error.code !== 'cancelled') this.els.progress.value = 0;
      if (error.code === 'cancelled') {
        const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
        const last = this.lastProgress;
        const so = last
          ? `: ${plural(last.stats.solutions)} so far, about ${Math.floor(100 * last.fraction)}% explored`
          : '';
        this.setStatus('cancelled', `Cancelled after ${seconds} s${so}.`);
      } else if (isProblemError(error)) {
        this.editor.showError(error);
        this.setStatus('error', `The problem has an error${error.line ? ` on line ${error.line}` : ''}: see above.`);
      } else {
        this.setStatus('error', `The solver failed: ${error.message}`);
      }
    } finally {
      this.setRunning(false);
    }
  }

  showProgress(progress) {
    this.lastProgress = progress;
    const { fraction, stats } = progress;
    this.els.progress.value = fraction;
    const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
    this.setStatus(
      'running',
      `Searching… about ${Math.floor(100 * fraction)}% explored, ${plural(stats.solutions)} so far, ` +
        `${format(stats.nodes)} nodes, ${seconds} s.`,
    );
  }

  cancel() {
    if (!this.running) return;
    this.engine.cancel();
  }

  showResult(result, info, mode, n, ms) {
    const { count, complete, stats, solutions } = result;
    const els = this.els;
    els.progress.value = 1;
    let message;
    if (count === 0) message = complete ? 'No solution: the whole search space was explored.' : 'No solution found.';
    else if (mode === 'first') message = 'Found a solution.';
    else if (mode === 'first-n') {
      message = complete
        ? `Found all ${plural(count)} (fewer than ${format(n)}).`
        : `Found the first ${plural(count)}.`;
    } else if (mode === 'count') message = `Counted ${plural(count)}.`;
    else message = `Found ${plural(count)}.`;
    if (complete && count > 0 && mode !== 'first-n') message += ' The search is complete.';
    this.setStatus('done', message);

    els.stats.hidden = false;
    els.count.textContent = format(count);
    els.count.dataset.value = String(count);
    els.nodes.textContent = format(stats.nodes);
    els.nodes.dataset.value = String(stats.nodes);
    els.updates.textContent = format(stats.updates);
    els.updates.dataset.value = String(stats.updates);
    els.time.textContent = ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;

    if (mode === 'count') {
      els.note.hidden = false;
      els.note.textContent = 'Counted only: choose “all solutions” to list them.';
    } else if (solutions.length < count) {
      els.note.hidden = false;
      els.note.textContent = `Showing the first ${format(solutions.length)} of ${plural(count)}.`;
    }
    els.solutions.replaceChildren(
      ...solutions.map((options, k) => {
        const li = document.createElement('li');
        const head = document.createElement('p');
        head.className = 'solution-head';
        head.textContent = `Solution ${k + 1}: options ${options.join(', ')}`;
        const lines = document.createElement('ul');
        lines.className = 'solution-lines';
        for (const option of options) {
          const line = document.createElement('li');
          const index = document.createElement('span');
          index.className = 'index';
          index.textContent = String(option);
          const code = document.createElement('code');
          code.textContent = info.optionLines[option];
          line.append(index, code);
          lines.append(line);
        }
        li.append(head, lines);
        return li;
      }),
    );
  }
}
