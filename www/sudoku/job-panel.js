// The panel of the current long job (solve, count, generate, a hint): its text, progress
// bar, Cancel, the note when the grid changed under it, and the controls it disables
// meanwhile. A job that is usually quick (a hint) shows the panel only once it has run for a
// short `delay`, so that a quick one flashes nothing. Rendering only; what the job does is
// the caller's.
import { JOB_STALE } from './messages.js';

export class JobPanel {
  /**
   * @param {Record<string, HTMLElement>} els `{ box, text, progress, note }`
   * @param {HTMLElement[]} controls disabled while a job runs
   */
  constructor(els, controls) {
    this.els = els;
    this.controls = controls;
    /** The running job: `{ text, started, line, stale, detail, shown }`, or null. */
    this.job = null;
  }

  /**
   * Starts a new job about the grid `line` and returns it; the panel shows it at once, or
   * after `delay` ms if it still runs then. `staleNote` is what the panel says if the grid
   * changes meanwhile.
   */
  start(text, line, { delay = 0, staleNote = JOB_STALE } = {}) {
    const job = { text, started: performance.now(), line, stale: false, detail: false, shown: false, timer: 0, wait: 0, staleNote };
    this.job = job;
    if (delay > 0) job.wait = setTimeout(() => this.#show(job), delay);
    else this.#show(job);
    return job;
  }

  /** Shows `job` (the current one) in the panel, and disables the controls. */
  #show(job) {
    if (job !== this.job) return;
    const { els } = this;
    const { text } = job;
    job.shown = true;
    els.progress.removeAttribute('value'); // indeterminate until there is an estimate
    els.text.textContent = text;
    delete els.text.dataset.warning;
    // (A grid changed while the panel waited to show is said at once.)
    els.note.hidden = !job.stale;
    els.box.hidden = false;
    // The focus goes to Cancel from a control disabled under it, and back at the end.
    job.focused = this.controls.find((control) => control === document.activeElement) ?? null;
    for (const control of this.controls) control.disabled = true;
    if (job.focused) els.box.querySelector('button')?.focus();
    document.body.classList.add('busy');
    job.timer = setInterval(() => {
      if (!job.detail) els.text.textContent = `${text} ${this.seconds(job).toFixed(1)} s`;
    }, 100);
  }

  seconds(job = this.job) {
    return (performance.now() - job.started) / 1000;
  }

  /** Progress of `job`: a fraction (or null) and what to say, with a warning or not. */
  progress(job, fraction, text, warning = false) {
    if (job !== this.job) return;
    job.detail = true;
    if (fraction != null) this.els.progress.value = fraction;
    this.els.text.textContent = text;
    if (warning) this.els.text.dataset.warning = 'long';
    else delete this.els.text.dataset.warning;
  }

  end(job = this.job) {
    if (!job || job !== this.job) return;
    clearTimeout(job.wait);
    clearInterval(job.timer);
    this.job = null;
    const inBox = this.els.box.contains(document.activeElement);
    this.els.box.hidden = true;
    for (const control of this.controls) control.disabled = false;
    if (job.focused && (inBox || document.activeElement === document.body)) job.focused.focus();
    document.body.classList.remove('busy');
  }

  /** The grid is now `line`: a job about another grid says its result will be about that one. */
  gridChanged(line) {
    const { job } = this;
    if (!job || job.stale || job.line === line) return;
    job.stale = true;
    this.els.note.textContent = job.staleNote;
    this.els.note.hidden = !job.shown;
  }
}
