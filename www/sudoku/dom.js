// The sudoku page's writes to the DOM that leave alone what is already there: the page is
// drawn again at each change of its state (and each second of the timer), and a write, even
// of the same text or class, has it styled and laid out again (issue #36: a page's first
// frames on a slow phone). Each reads what is there (no layout) and writes only a change.

/** Sets `el`'s text to `value` where it differs. */
export function writeText(el, value) {
  if (el.textContent !== value) el.textContent = value;
}

/** Sets `el`'s attribute `name` to `value` where it differs (removes it for `null`). */
export function writeAttribute(el, name, value) {
  if (el.getAttribute(name) === value) return;
  if (value === null) el.removeAttribute(name);
  else el.setAttribute(name, value);
}

/** Sets `el`'s classes to `value` (a space-separated list) where they differ. */
export function writeClasses(el, value) {
  if (el.className !== value) el.className = value;
}
