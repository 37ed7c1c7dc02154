// The playground: solve the problem in the editor with a limit (first, first n, all, count
// only) on the package's worker pool (www/lib/pool.js, imported when first needed), with a
// progress bar fed by the engine's estimate and a Cancel button (an abort: the pool ends the
// search's workers at once); list the solutions as option lines with their indices, the
// count and the statistics.

import { grouped as format } from '../lib/numbers.js';
import { pools } from '../lib/solver.js';
import { isProblemError } from './editor.js';
import { picture, pictureKind } from './pictures.js';
import * as R from './result.js';
import { solutionsText } from './share.js';

/** Solutions drawn as pictures at most (the rest as text). */
const PICTURES = 24;

const { plural } = R;

/** Solutions listed at most (the count is always exact). */
const KEEP = 100;

export class Playground {
  /**
   * @param {import('./editor.js').Editor} editor
   * @param {Record<string, HTMLElement>} els
   */
  constructor(editor, els) {
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
      this.abort?.abort();
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
    const { solve, cancel } = this.els;
    // The focus goes with the button that can act: a button disabled under it drops it.
    const focused = solve.ownerDocument.activeElement === (running ? solve : cancel);
    solve.disabled = running;
    cancel.disabled = !running;
    if (focused) (running ? cancel : solve).focus();
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
    this.floor = null;
    const abort = new AbortController();
    this.abort = abort;
    const { signal } = abort;
    const onProgress = (fraction, soFar) => {
      if (mine()) this.showProgress(fraction, soFar);
    };
    // The first solutions, in the engine's order, as the search finds them (kept when it is
    // cancelled).
    const found = [];
    let info = null;
    // The problem read (a trace of no steps: its items and option lines, which the
    // solutions are listed with) on the pool of one beside the search, once the page's module
    // has the trace (the site's dancing-links page counts first on exact cover alone, and
    // lists the solutions' lines when its full module is in: lib/pool.js). A problem's error
    // comes from the search, which reads it the same way; a cancel leaves the read, which
    // lists what the search had found.
    const reading = pools().then(async (pool) => {
      await pool.fullModuleLater();
      return pool.quickPool().call('exact_cover_trace', [text, { maxSteps: 0 }]);
    });
    reading.catch(() => {});
    this.setStatus('running', 'Searching…');
    // The page's pools (lib/pool.js), once imported.
    let imported = null;
    try {
      imported = await pools();
      const pool = imported.workerPool();
      let result;
      if (countOnly) {
        // On every core: the search split into disjoint tasks, their progress combined by
        // their shares of the tree.
        result = await pool.exactCover(text, { countOnly: true, signal, onProgress });
      } else {
        // The solutions listed (the first KEEP at most) by the search in one task on one
        // worker: exact_cover's own search, its statistics, its solutions in its order as it
        // finds them, so that a cancelled search keeps the first.
        const keep = Math.min(KEEP, limit ?? KEEP);
        const listed = await pool.exactCover(text, {
          limit: keep,
          workers: 1,
          tasks: 1,
          signal,
          // The last report of a search stopped by its limit says 1 (the task's whole share):
          // the bar shows the engine's estimates before it (a search to its end shows 1 at
          // its end all the same).
          onProgress: (fraction, soFar) => fraction < 1 && onProgress(fraction, soFar),
          onSolution: (solution) => found.length < keep && found.push(solution),
        });
        result = listed;
        if (listed.status === 'solution_limit' && (limit === undefined || limit > keep)) {
          // More than the listed: the rest counted on every core (up to the limit).
          this.floor = { fraction: this.lastProgress?.fraction ?? 0, stats: { solutions: listed.count, nodes: listed.stats.nodes } };
          const options = { countOnly: true, signal, onProgress };
          if (limit !== undefined) options.limit = limit;
          const counted = await pool.exactCover(text, options);
          result = { ...counted, solutions: listed.solutions };
        }
      }
      // The lines at once where the module has the trace, else when it is in.
      if (imported.hasFullModule()) info = await reading;
      const next = R.finished(this.state, job, result);
      if (next === this.state || !mine()) return; // a result of another problem
      this.state = next;
      this.showResult(result, info, mode, n, performance.now() - this.started);
      if (!info) this.linesWhenRead(reading);
    } catch (error) {
      if (!mine()) return; // stopped because the problem changed: already said so
      // Cancel aborts the search: the pool rejects with an AbortError.
      const cancelled = error?.name === 'AbortError';
      this.state = R.stopped(this.state, job, cancelled ? 'cancelled' : 'error');
      if (cancelled) {
        // A cancelled search leaves the bar where it stopped.
        const ms = performance.now() - this.started;
        const last = this.lastProgress;
        // (The solutions listed may be ahead of the last report.)
        const solutions = Math.max(found.length, last?.stats.solutions ?? 0);
        const so = last
          ? `: ${plural(solutions)} so far, about ${Math.floor(100 * last.fraction)}% explored`
          : found.length ? `: ${plural(solutions)} so far` : '';
        const message = `Cancelled after ${(ms / 1000).toFixed(1)} s${so}.`;
        if ((last || found.length) && !countOnly) {
          // What it had found: the first solutions, the counts of the last report (the
          // updates are not reported while a search runs).
          const stats = { nodes: last?.stats.nodes ?? 0, updates: null, solutions };
          const partial = { count: solutions, complete: false, stats, solutions: found };
          info = imported?.hasFullModule() ? await reading.catch(() => null) : null;
          if (!mine()) return;
          this.showResult(partial, info, mode, n, ms, { state: 'cancelled', message });
          if (!info) this.linesWhenRead(reading);
        } else {
          this.setStatus('cancelled', message);
        }
      } else if (isProblemError(error)) {
        this.els.progress.value = 0;
        this.editor.showError(error);
        this.setStatus('error', `The problem has an error${error.line ? ` on line ${error.line}` : ''}: see the message under the problem text.`);
      } else {
        this.els.progress.value = 0;
        this.setStatus('error', `The solver failed: ${error.message}`);
      }
    } finally {
      imported?.searched();
      if (this.abort === abort) this.abort = null;
      if (this.state.job === job) this.setRunning(false);
    }
  }

  /**
   * The search's progress: `fraction` of the tree explored (the engine's estimate) and
   * `soFar` (`{ solutions, nodes }`). After the solutions listed, the count of the rest starts
   * again from the top: what is shown never goes back below what the listing reached.
   */
  showProgress(fraction, soFar) {
    const floor = this.floor;
    const progress = floor
      ? {
        fraction: Math.max(floor.fraction, fraction),
        stats: { solutions: Math.max(floor.stats.solutions, soFar.solutions), nodes: Math.max(floor.stats.nodes, soFar.nodes) },
      }
      : { fraction, stats: soFar };
    this.lastProgress = progress;
    const { stats } = progress;
    this.els.progress.value = progress.fraction;
    const seconds = ((performance.now() - this.started) / 1000).toFixed(1);
    this.setStatus(
      'running',
      `Searching… about ${Math.floor(100 * progress.fraction)}% explored, ${plural(stats.solutions)} so far, ` +
        `${format(stats.nodes)} nodes, ${seconds} s.`,
    );
  }

  /** The solutions shown, as text (for download). */
  solutionsText() {
    return this.shown ? solutionsText(this.shown.solutions, this.shown.optionLines) : '';
  }

  cancel() {
    if (this.running) this.abort?.abort();
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
    // (Unknown for a cancelled search.)
    els.updates.textContent = stats.updates == null ? '–' : format(stats.updates);
    if (stats.updates == null) delete els.updates.dataset.value;
    else els.updates.dataset.value = String(stats.updates);
    els.time.textContent = ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;

    if (mode === 'count') {
      els.note.hidden = false;
      els.note.textContent = 'Counted only: choose “all solutions” to list them.';
    } else if (solutions.length < count) {
      els.note.hidden = false;
      els.note.textContent = `Showing the first ${format(solutions.length)} of ${plural(count)}.`;
    }
    this.shown = { solutions, optionLines: info?.optionLines ?? null };
    els.download.hidden = solutions.length === 0 || !info;
    this.drawSolutions(solutions, info);
  }

  /**
   * The options' lines of the solutions shown, once `reading` (the problem read) has them;
   * where it fails, the note says why (the solutions stay listed by their options' numbers).
   */
  linesWhenRead(reading) {
    const shown = this.shown;
    const { solutions } = shown;
    if (solutions.length === 0) return;
    const note = this.els.note;
    const before = note.hidden ? null : note.textContent;
    note.hidden = false;
    note.textContent = `${before ? `${before} ` : ''}Reading the options’ lines…`;
    reading.then(
      (info) => {
        if (this.shown !== shown) return;
        shown.optionLines = info.optionLines;
        this.els.download.hidden = false;
        note.hidden = before === null;
        note.textContent = before ?? '';
        this.drawSolutions(solutions, info);
      },
      (error) => {
        if (this.shown !== shown) return;
        note.textContent = `${before ? `${before} ` : ''}The options’ lines could not be read: ${error.message}. Press Solve to try again.`;
      },
    );
  }

  /** The solutions as lines (with `info`, the problem read) and pictures, or by their options' numbers alone. */
  drawSolutions(solutions, info) {
    const els = this.els;
    const kind = pictureKind(document.body.dataset.example);
    const text = this.editor.text;
    els.solutions.replaceChildren(
      ...solutions.map((options, k) => {
        const li = document.createElement('li');
        const head = document.createElement('p');
        head.className = 'solution-head';
        head.textContent = `Solution ${k + 1}: options ${options.join(', ')}`;
        li.append(head);
        if (!info) return li;
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
