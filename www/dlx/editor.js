// The problem editor: a textarea with line numbers beside it, and the engine's parse errors
// shown at their line, in plain words: the line's number is marked in the gutter and the line
// itself is tinted by a backdrop behind the (transparent) textarea, one empty block per line,
// scrolled with it. Text goes in and out only as text.

/** Plain words for the engine's error codes (the engine's own message follows them). */
const EXPLAIN = {
  syntax: 'This line is not in the expected format.',
  unknown_item: 'This option uses an item that is not declared on the item line.',
  duplicate_item: 'This option lists the same item twice.',
  duplicate_item_name: 'The item line declares the same name twice.',
  invalid_name: 'A name here is not allowed.',
  empty_option: 'This option has no items.',
  no_primary_item: 'Every option needs at least one primary item (one before the |).',
  color_on_primary: 'Only secondary items (after the |) can have a color.',
  too_large: 'The problem is too large for the engine.',
  item_out_of_range: 'An item number is out of range.',
};

/** The note on leading comment lines (see Editor.noteComments), or ''. */
export function commentNote(text) {
  const lines = text.split('\n');
  let first = 0;
  while (first < lines.length && (lines[first].trim() === '' || lines[first].trimStart().startsWith('|'))) first++;
  const comments = lines.slice(0, first).filter((line) => line.trimStart().startsWith('|')).length;
  if (!comments) return '';
  const span = first === 1 ? 'Line 1 starts' : `Lines 1 to ${first} start`;
  const what = comments === first ? '' : ' (or are blank)';
  const items =
    first < lines.length
      ? `line ${first + 1} is read as the item line.`
      : 'no line is left for the items: an item line must not start with “|” (write the primary items first).';
  return `${span} with “|”${what}, so ${first === 1 ? 'it is a comment' : 'they are comments'}: ${items}`;
}

/** Whether `error` is about the problem's text (rather than the solver or the worker). */
export function isProblemError(error) {
  return Number.isInteger(error?.line) || Object.hasOwn(EXPLAIN, error?.code);
}

export class Editor {
  /**
   * @param {{ textarea: HTMLTextAreaElement, gutter: HTMLElement, backdrop: HTMLElement,
   *   error: HTMLElement, errorText: HTMLElement, errorButton: HTMLButtonElement }} parts
   * @param {() => void} onEdit called when the person changes the text
   */
  constructor({ textarea, gutter, backdrop, error, errorText, errorButton, commentNote }, onEdit = () => {}) {
    Object.assign(this, { textarea, gutter, backdrop, error, errorText, errorButton, commentNote });
    this.lineCount = 0;
    this.errorLine = 0;
    textarea.addEventListener('input', () => {
      this.clearError();
      this.renumber();
      this.noteComments();
      onEdit();
    });
    textarea.addEventListener('scroll', () => this.syncScroll());
    errorButton.addEventListener('click', () => this.selectLine(this.errorLine));
    this.renumber();
  }

  get text() {
    return this.textarea.value;
  }

  set text(value) {
    this.textarea.value = value;
    this.textarea.scrollTop = 0;
    this.clearError();
    this.renumber();
    this.noteComments();
  }

  /**
   * Says which lines are comments and which line is read as the item line: a line that
   * starts with "|" is a comment, even one meant as an item line with no primary items.
   */
  noteComments() {
    if (!this.commentNote) return;
    const note = commentNote(this.textarea.value);
    this.commentNote.textContent = note;
    this.commentNote.hidden = !note;
  }

  /** One number per line in the gutter (rebuilt only when the count changes). */
  renumber() {
    const count = this.textarea.value.split('\n').length;
    if (count === this.lineCount) return;
    this.lineCount = count;
    const numbers = [];
    const blocks = [];
    for (let k = 1; k <= count; k++) {
      const span = document.createElement('span');
      span.textContent = String(k);
      numbers.push(span);
      blocks.push(document.createElement('span'));
    }
    // Spare lines so both can scroll as far as the textarea (its padding, a scrollbar).
    numbers.push(document.createElement('span'), document.createElement('span'));
    blocks.push(document.createElement('span'), document.createElement('span'));
    this.gutter.replaceChildren(...numbers);
    this.backdrop.replaceChildren(...blocks);
    this.syncScroll();
    if (this.errorLine) this.markLine(this.errorLine);
  }

  syncScroll() {
    this.gutter.scrollTop = this.textarea.scrollTop;
    this.backdrop.scrollTop = this.textarea.scrollTop;
  }

  unmark() {
    for (const box of [this.gutter, this.backdrop]) {
      for (const span of box.querySelectorAll('.error')) span.classList.remove('error');
    }
  }

  markLine(line) {
    this.unmark();
    this.gutter.children[line - 1]?.classList.add('error');
    this.backdrop.children[line - 1]?.classList.add('error');
  }

  /** Shows an engine error; returns true when it was a problem with the text. */
  showError(error) {
    const line = Number.isInteger(error.line) ? error.line : 0;
    // Lines are counted from 1 (as the gutter numbers them), options from 0 (as the
    // solutions number them): the message says which is which.
    const option = Number.isInteger(error.option) ? error.option : null;
    const detail = String(error.message ?? error)
      .replace(/^line \d+:\s*/, '')
      .replace(/^option \d+:\s*/, '')
      .replace(/^option \d+ /, 'the option ')
      .replace(/`([^`]*)`/g, '“$1”');
    const where = option === null ? '' : ` This is option ${option} (options are numbered from 0, as in the solutions; lines from 1).`;
    const explained = EXPLAIN[error.code];
    this.errorLine = line;
    // The engine's words in brackets at the end of the explanation's sentence.
    const sentence = `${(explained ?? 'The problem could not be read.').replace(/\.$/, '')} (${detail}).${where}`;
    this.errorText.textContent = line ? `Line ${line}: ${sentence}` : sentence;
    this.errorButton.hidden = !line;
    this.errorButton.textContent = `Show line ${line}`;
    this.error.hidden = false;
    this.error.dataset.line = String(line);
    this.textarea.setAttribute('aria-invalid', 'true');
    if (line) {
      this.markLine(line);
      this.scrollToLine(line);
    }
    return Boolean(explained || line);
  }

  clearError() {
    this.errorLine = 0;
    this.error.hidden = true;
    delete this.error.dataset.line;
    this.textarea.removeAttribute('aria-invalid');
    this.unmark();
  }

  lineHeight() {
    return parseFloat(getComputedStyle(this.textarea).lineHeight) || 21;
  }

  /** Scrolls the textarea so that `line` is in view, a few lines from the top. */
  scrollToLine(line) {
    const top = (line - 1) * this.lineHeight();
    const { scrollTop, clientHeight } = this.textarea;
    if (top < scrollTop || top > scrollTop + clientHeight - 2 * this.lineHeight()) {
      this.textarea.scrollTop = Math.max(0, top - 3 * this.lineHeight());
    }
    this.syncScroll();
  }

  /** Focuses the textarea with `line` selected. */
  selectLine(line) {
    if (!line) return;
    const lines = this.textarea.value.split('\n');
    let start = 0;
    for (let k = 0; k < line - 1 && k < lines.length; k++) start += lines[k].length + 1;
    const end = start + (lines[line - 1]?.length ?? 0);
    this.textarea.focus();
    this.textarea.setSelectionRange(start, end);
    this.scrollToLine(line);
  }
}
