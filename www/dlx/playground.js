// The playground: solve the problem in the editor with a limit (first, first n, all, count
// only) in the worker (a count runs on every worker of the pool, www/lib/pool.js), with a
// progress bar fed by the engine's estimate and a Cancel button; list the solutions as
// option lines with their indices, the count and the statistics.

import { workerPool } from '../lib/pool.js';
import { isProblemError } from './editor.js';
import { picture, pictureKind } from './pictures.js';
import * as R from './result.js';
import { solutionsText } from './share.js';

/** Solutions drawn as pictures at most (the rest as text). */
const PICTURES = 24;

const format = (n) => Number(n).toLocaleString('en-US');
const { plural } = R;

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
    this.jobs = 0;
    /** Which problem the search or the result shown belongs to (see result.js). */
    this.state = R.idle(editor.text);
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

  /**
   * The problem in the editor changed (an edit, another example): a result of the old one
   * is cleared, and a search of it is stopped. A result never outlives its problem.
   */
  problemChanged() {
    const { next, wasRunning, dropped } = R.problemChanged(this.state, this.editor.text);
    this.state = next;
    if (wasRunning) {
      if (this.abort) this.abort.abort();
      else this.engine.cancel();
      this.setRunning(false);
    }
    if (dropped || wasRunning) {
      this.clear();
      if (wasRunning) this.setStatus('idle', 'Stopped the search: the problem changed. Press Solve to search this one.');
    }
  }

  /** Forgets the last result (a new problem was loaded). */
  clear() {
    if (this.running) return;
    this.setStatus('idle', 'Press Solve to search.');
    this.els.progress.value = 0;
    this.els.stats.hidden = true;
    this.els.note.hidden = true;
    this.els.solutions.replaceChildren();
    this.els.download.hidden = true;
    this.shown = null;
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
    const job = ++this.jobs;
    this.state = R.started(this.state, text, job, mode, n);
    const mine = () => this.state.job === job && this.state.problem === text && this.editor.text === text;
    this.setRunning(true);
    this.started = performance.now();
    this.lastProgress = null;
    // The solutions the search has sent so far (kept when it is cancelled).
    const found = [];
    let info = null;
    this.setStatus('running', this.engine.busy ? 'Waiting for the solver…' : 'Reading the problem…');
    try {
      // Reading the problem first (a trace of no steps) gives its option lines, and any error.
      info = await this.engine.call('exact_cover_trace', text, { maxSteps: 0 });
      this.setStatus('running', 'Searching…');
      this.started = performance.now();
      let result;
      if (countOnly) {
        // A count runs on every core: the search split into disjoint tasks on the worker
        // pool, with their progress combined by their shares of the tree.
        this.abort = new AbortController();
        const counted = await workerPool().countSolutions(text, {
          signal: this.abort.signal,
          onProgress: (fraction, soFar) => {
            if (mine()) this.showProgress({ fraction, stats: soFar });
          },
        });
        result = { ...counted, solutions: [] };
      } else {
        const options = { keep: Math.min(KEEP, limit ?? KEEP) };
        if (limit) options.limit = limit;
        result = await this.engine.exactCover(text, options, (progress) => {
          if (!mine()) return;
          found.push(...progress.solutions);
          this.showProgress(progress);
        });
      }
      const next = R.finished(this.state, job, result);
      if (next === this.state || !mine()) return; // a result of another problem
      this.state = next;
      this.showResult(result, info, mode, n, performance.now() - this.started);
    } catch (thrown) {
      if (!mine()) return; // stopped because the problem changed: already said so
      // The pool rejects a cancelled count with an AbortError.
      const error = thrown?.name === 'AbortError' ? Object.assign(new Error('cancelled'), { code: 'cancelled' }) : thrown;
      this.state = R.stopped(this.state, job, error.code === 'cancelled' ? 'cancelled' : 'error');
      // A cancelled search leaves the bar where it stopped.
      if (error.code !== 'cancelled') this.els.progress.value = 0;
      if (error.code === 'cancelled') {
        const ms = performance.now() - this.started;
        const last = this.lastProgress;
        const so = last
          ? `: ${plural(last.stats.solutions)} so far, about ${Math.floor(100 * last.fraction)}% explored`
          : '';
        const message = `Cancelled after ${(ms / 1000).toFixed(1)} s${so}.`;
        if (last && info && !countOnly) {
          // What it had found: the solutions sent so far, the counts of the last report.
          const partial = { count: last.stats.solutions, complete: false, stats: last.stats, solutions: found };
          this.showResult(partial, info, mode, n, ms, { state: 'cancelled', message });
        } else {
          this.setStatus('cancelled', message);
        }
      } else if (isProblemError(error)) {
        this.editor.showError(error);
        this.setStatus('error', `The problem has an error${error.line ? ` on line ${error.line}` : ''}: see the message under the problem text.`);
      } else {
        this.setStatus('error', `The solver failed: ${error.message}`);
      }
    } finally {
      this.abort = null;
      if (this.state.job === job) this.setRunning(false);
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

  /** The solutions shown, as text (for download). */
  solutionsText() {
    return this.shown ? solutionsText(this.shown.solutions, this.shown.optionLines) : '';
  }

  cancel() {
    if (!this.running) return;
    if (this.abort) this.abort.abort();
    else this.engine.cancel();
  }

  /**
   * Shows `result`: the status (`ended`: a search that did not finish, which says so itself
   * and leaves the bar where it stopped), the statistics, the solutions as lines and pictures.
   */
  showResult(result, info, mode, n, ms, ended = null) {
    const { count, stats, solutions } = result;
    const els = this.els;
    if (ended) {
      this.setStatus(ended.state, ended.message);
    } else {
      els.progress.value = 1;
      this.setStatus('done', R.describe(result, mode, n));
    }

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
    this.shown = { solutions, optionLines: info.optionLines };
    els.download.hidden = solutions.length === 0;
    const kind = pictureKind(document.body.dataset.example);
    const text = this.editor.text;
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
        li.append(head);
        const drawn =
          kind && k < PICTURES
            ? picture(kind, options.map((o) => info.optionLines[o]), info.items, `Solution ${k + 1}, drawn`, text)
            : null;
        if (drawn) li.append(drawn);
        li.append(lines);
        return li;
      }),
    );
  }
}
