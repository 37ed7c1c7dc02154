// The panel of the current long job (solve, count, generate): its text, progress bar,
// Cancel, the note when the grid changed under it, and the controls it disables meanwhile.
// Rendering only; what the job does is the caller's.

export class JobPanel {
  /**
   * @param {Record<string, HTMLElement>} els `{ box, text, progress, note }`
   * @param {HTMLElement[]} controls disabled while a job runs
   */
  constructor(els, controls) {
    this.els = els;
    this.controls = controls;
    /** The running job: `{ text, started, line, stale, detail }`, or null. */
    this.job = null;
  }

  /** Shows a new job about the grid `line`; returns it. */
  start(text, line) {
    const { els } = this;
    const job = { text, started: performance.now(), line, stale: false, detail: false, timer: 0 };
    this.job = job;
    els.progress.removeAttribute('value'); // indeterminate until there is an estimate
    els.text.textContent = text;
    delete els.text.dataset.warning;
    els.note.hidden = true;
    els.box.hidden = false;
    for (const control of this.controls) control.disabled = true;
    document.body.classList.add('busy');
    job.timer = setInterval(() => {
      if (!job.detail) els.text.textContent = `${text} ${this.seconds(job).toFixed(1)} s`;
    }, 100);
    return job;
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
    clearInterval(job.timer);
    this.job = null;
    this.els.box.hidden = true;
    for (const control of this.controls) control.disabled = false;
    document.body.classList.remove('busy');
  }

  /** The grid is now `line`: a job about another grid says its result will be about that one. */
  gridChanged(line) {
    const { job } = this;
    if (!job || job.stale || job.line === line) return;
    job.stale = true;
    this.els.note.textContent =
      'The grid has changed since this began: the result will describe the grid as it was. Cancel and start again for the grid as it is.';
    this.els.note.hidden = false;
  }
}
