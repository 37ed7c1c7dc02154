// The words the sudoku page shows: plurals, sizes, times, the engine's errors in plain
// words, the notes on levels, a count's progress. Text only: no DOM, no engine, no state
// (unit-tested in Node, tests/js/game-state.test.mjs). Technique names are the package's
// (each step's `title`).

import { grouped } from '../lib/numbers.js';

/**
 * What the page says about the levels of size `n`, where New offers `levels` (the
 * package's `sudoku_layout(n).levels`), or '' when there is nothing to say.
 */
export function levelNote(n, levels) {
  if (levels.length === 1 && n < 9) return `Every ${n} × ${n} puzzle is ${levels[0]}: singles alone solve it.`;
  if (levels.length === 1) return `At ${n} × ${n} New makes ${levels[0]} puzzles only: grading harder ones takes minutes.`;
  if (n < 8) {
    return `Some levels are rare at ${n} × ${n}: when New finds none, it gives the nearest level and says so.`;
  }
  return '';
}

/** "Row 3, column 5": cell `cell` (reading order, from 0) of an `n` x `n` grid. */
export function cellName(n, cell) {
  return `Row ${Math.floor(cell / n) + 1}, column ${(cell % n) + 1}`;
}

/** "a 9 × 9", "an 8 × 8", "an 11 × 11", "an 18 × 18". */
export function sizeName(n) {
  const vowel = n === 8 || n === 11 || n === 18;
  return `${vowel ? 'an' : 'a'} ${n} × ${n}`;
}

/** "row 3", "row 3 and box 5", "column 1, column 9 and row 1". */
export function listWords(items) {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');
}

/** "1 cell", "3 cells". */
export function plural(n, word, many = `${word}s`) {
  return `${grouped(n)} ${n === 1 ? word : many}`;
}

/** "4:07", "1:02:09". */
export function clock(ms) {
  const s = Math.floor(ms / 1000);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

/** Replaces the engine's `code` quotes with typographic ones. */
export function plainWords(message) {
  return String(message).replace(/`([^`]*)`/g, '“$1”');
}

/** An engine error's message in plain words, without its "conflicting givens:" head or a final full stop. */
function errorWords(error) {
  return plainWords(error.message).replace(/^conflicting givens:?\s*/i, '').replace(/\.+$/, '');
}

/**
 * What Import says when the engine refused the text: that the givens clash (it did read
 * them) and where, or why it could not read it.
 */
export function importError(error) {
  const text = errorWords(error);
  if (error.code === 'ambiguous_alphabet' && error.alphabets?.length === 2) {
    const [zeroSymbol, zeroEmpty] = error.alphabets;
    return (
      `Not imported: this ${error.size} × ${error.size} grid reads two ways, with 0 as a symbol (${zeroSymbol}) ` +
      `or with 0 as an empty cell (${zeroEmpty}). Write its empty cells as dots, not 0s, and import it again.`
    );
  }
  if (error.code === 'load_failed') return fullUnloaded(error, 'Not imported: reading it', 'Check the connection and import it again.');
  return error.code === 'conflicting_givens'
    ? `The givens clash, so the puzzle was not imported: ${text}.`
    : `Could not read that puzzle: ${text}.`;
}

/** The codes of a puzzle that hints, the step-by-step path and the grade refuse: not exactly one solution. */
export const NOT_UNIQUE = ['no_solution', 'multiple_solutions'];

/**
 * What to tell the player for an engine error while the grid holds their entries:
 * conflicts among *givens* that involve entries are the player's own; a puzzle without
 * exactly one solution is said in the engine's words, as a sentence.
 */
export function explainError(error, { entries = false } = {}) {
  const text = errorWords(error);
  if (error.code === 'conflicting_givens') {
    return entries
      ? `Fix the conflicts among your entries and the givens first: ${text}.`
      : `The puzzle’s givens clash: ${text}.`;
  }
  if (NOT_UNIQUE.includes(error.code)) return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  return text;
}

/**
 * `x` in scientific notation with `digits` decimals, its exponent in superscript digits:
 * "1.2 × 10²¹", "3.4 × 10⁻¹³". Plain text (no markup), so that it reads the same in the
 * page, a live status and a title.
 */
export function scientific(x, digits = 1) {
  const [mantissa, exponent] = x.toExponential(digits).split('e');
  const power = String(Number(exponent))
    .replace('-', '⁻')
    .replace(/[0-9]/g, (d) => '⁰¹²³⁴⁵⁶⁷⁸⁹'[d]);
  return `${mantissa} × 10${power}`;
}

/** "about 3 minutes", "about 2,000 years": a rough duration for an estimate. */
export function roughDuration(seconds) {
  const units = [
    [365.25 * 86400, 'year'],
    [86400, 'day'],
    [3600, 'hour'],
    [60, 'minute'],
    [1, 'second'],
  ];
  for (const [size, word] of units) {
    if (seconds >= size || word === 'second') {
      const amount = seconds / size;
      if (amount >= 1e6) return `about ${scientific(amount)} ${word}s`;
      const n = Math.max(1, Math.round(amount));
      return `about ${plural(n, word)}`;
    }
  }
  return '';
}

/** A fraction as a percentage that never reads "0.0000%". */
export function percent(fraction) {
  if (!(fraction > 0)) return 'no estimate yet';
  if (fraction >= 0.01) return `${(fraction * 100).toFixed(1)}%`;
  if (fraction >= 1e-4) return `${(fraction * 100).toFixed(3)}%`;
  return `${scientific(fraction * 100)}%`;
}

/** The number of solutions of an empty 9 x 9 grid (Felgenhauer and Jarvis, 2005), in words. */
export const EMPTY_9X9 = scientific(6.67e21, 2);

/**
 * What a cancelled count says: the `solutions` found before Cancel (none reported yet when
 * null), the estimate `fraction` of the search done then, after `seconds`.
 */
export function countCancelled({ solutions = null, fraction = 0, seconds }) {
  const found = solutions === null
    ? 'before any solution was counted'
    : `with ${plural(solutions, 'solution')} found${fraction > 0 ? `, about ${percent(fraction)} of the search done` : ''}`;
  return `Cancelled the count after ${seconds.toFixed(1)} s, ${found}. The solver was restarted; the page is ready.`;
}

/** What Count says while the page's full module (exact cover, for the count) loads. */
export const COUNT_LOADING = 'Loading the exact-cover solver for the count…';

/** What Cancel says when it stops a count that waited for the full module (which goes on loading). */
export const COUNT_LOAD_CANCELLED = 'Cancelled. The exact-cover solver goes on loading for the next count.';

/**
 * What the page says when what the player asked for needs the page's full module (a puzzle
 * or size its first module does not read: www/sudoku/jobs.js `ask`; Count), which failed to
 * load (`error`, a `load_failed` one): `what` needs it (`solver`, as the player knows it),
 * and then `next`. Where what failed is the page's worker pools (`error.part`: every call
 * needs them, lib/solver.js `pools`), it names those.
 */
export function fullUnloaded(
  error,
  what = 'This',
  next = 'Check the connection and try again; the rest of the page works.',
  solver = 'the page’s full solver',
) {
  const needed = error?.part === 'pools' ? 'the page’s worker pools' : solver;
  return `${what} needs ${needed}, which failed to load (${plainWords(error?.message ?? 'unknown error')}). ${next}`;
}

/**
 * What the page says when `doing` failed with `error`: why, in plain words, or where the call
 * needed the page's full module and it failed to load, that (`fullUnloaded`).
 */
export function failed(doing, error) {
  return error?.code === 'load_failed' ? fullUnloaded(error) : `${doing}: ${plainWords(error.message)}`;
}

/** What Count says when the page's full module failed to load (`error`). */
export function countUnloaded(error) {
  return fullUnloaded(error, 'The count', 'Check the connection and press Count again; the rest of the page works.', 'the exact-cover solver');
}

/** What Hint and Solve step by step say when their code (www/sudoku/load-steps.js) failed to load (`error`). */
export function stepsUnloaded(error) {
  return `Hint and Solve step by step failed to load (${plainWords(error?.message ?? 'unknown error')}). Check the connection and press again; the rest of the page works.`;
}

/**
 * What a running count says: `solutions` so far, the engine's estimate `fraction` of the
 * search done after `seconds`; a warning (and why) when the whole count would take over an
 * hour at this pace.
 */
export function countProgress({ solutions, fraction, seconds, emptyNine = false }) {
  let text = `Counting: ${plural(solutions, 'solution')} so far, about ${percent(fraction)} of the search done (${seconds.toFixed(1)} s).`;
  const total = fraction > 0 ? seconds / fraction : Infinity;
  const warning = seconds > 1 && total > 3600;
  if (warning) {
    text +=
      ` At this pace the whole count would take ${fraction > 0 ? roughDuration(total) : 'far too long'}: ` +
      (emptyNine ? `an empty 9 × 9 grid has about ${EMPTY_9X9} solutions.` : 'this grid has astronomically many solutions.') +
      ' Cancel, or add givens.';
  }
  return { text, warning };
}

/** What the job panel says when the grid changes under a job (unless the job says otherwise). */
export const JOB_STALE =
  'The grid has changed since this began: the result will describe the grid as it was. Cancel and start again for the grid as it is.';

/** What any other cancelled job says. */
export const JOB_CANCELLED = 'Cancelled. The solver was restarted; the page is ready.';

/** What the pad, the keyboard and Hint say while the game is paused (they do nothing). */
export const PAUSED = 'Paused: press Resume to play on.';

// ---- a step's structure in the grid's words, the finish, the import verdict -----------------
// (A hint's own words are step-words.js's.)

/**
 * What each role of a step's candidates is called in the grid's legend: every
 * `SudokuRole` of the package (a test checks the list against `dlx_wasm.d.ts`).
 */
export const ROLE_WORDS = {
  single: 'single',
  locked: 'locked candidate',
  subset: 'subset',
  fish: 'fish',
  fin: 'fin',
  pivot: 'pivot',
  pincer: 'pincer',
  strong_link: 'strong link’s ends',
  als_member: 'ALS member',
  floor: 'floor',
  roof: 'roof',
  chain_end: 'chain end',
  chain_node: 'chain node',
  source: 'source',
  implied: 'implied',
  blocker: 'rules it out',
  colour_a: 'colour A',
  colour_b: 'colour B',
  aligned: 'aligned cell',
  excluder: 'excluder',
};

/** What each role of a step's houses is called in the legend: every `SudokuHouseRole`. */
export const HOUSE_WORDS = { base: 'base house', cover: 'cover house', target: 'target house', link: 'link house' };

/** The legend's words for where a contradiction chain breaks the grid. */
export const CONTRADICTION_WORDS = 'contradiction';

/**
 * The help a player took, for the finish message: `hints` (how many hints reached each
 * level: nudges, patterns, effects) and `reveals`.
 */
export function helpWords({ hints, reveals }) {
  const [nudges, patterns, effects] = hints;
  if (!nudges && !reveals) return 'without a hint or a reveal';
  const parts = [];
  if (nudges) {
    parts.push(
      `${plural(nudges, 'hint')} (${plural(nudges, 'nudge')}, ${plural(patterns, 'pattern')} and ${plural(effects, 'effect')} shown)`,
    );
  }
  parts.push(plural(reveals, 'reveal'));
  return `with ${parts.join(' and ')}`;
}

/** What the finish says: the time, the help taken. */
export function finishWords(elapsed, help) {
  return `Solved in ${clock(elapsed)} ${helpWords(help)}: every row, column and box is complete. Well done!`;
}

/** How far the import verdict counts solutions. */
export const VERDICT_LIMIT = 100;

/**
 * What the page says of a puzzle it imported, before play: `count` its solutions (up to
 * `VERDICT_LIMIT`), `grade` its `rate_sudoku` grade when it has one solution. `{ text, kind }`.
 */
export function verdictWords({ count, grade = null }) {
  if (count === 0) return { text: 'Warning: it has no solution, so hints and Check cannot help.', kind: 'bad' };
  if (count > 1) {
    const many = count >= VERDICT_LIMIT ? `at least ${plural(count, 'solution')}` : plural(count, 'solution');
    return { text: `Warning: it has ${many}, not one, so hints and Check cannot help.`, kind: 'bad' };
  }
  const logic = grade.solved ? '' : ' Logic alone does not solve it.';
  return { text: `One solution, rated ${grade.score.toFixed(1)} (Sudoku Explainer’s scale): ${grade.level}.${logic}`, kind: 'good' };
}
