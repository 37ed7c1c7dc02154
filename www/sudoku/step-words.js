// The words of Hint and Solve step by step (steps.js): a hint's three levels, what the job
// panel says while one is searched for, the chain's links. Text only, as messages.js (whose
// words the rest of the page shows); a module of its own because the page's first script
// leaves these features out (load-steps.js).

import { listWords, plainWords, plural } from './messages.js';

/** The job panel while the next step is searched for (the hardest puzzles' take seconds). */
export const HINT_FINDING = 'Finding a hint…';

/** What a cancelled hint says. */
export const HINT_CANCELLED = 'Hint cancelled. The solver was restarted; the page is ready: press Hint to ask again.';

/** What the job panel says when the grid changes while a hint is searched for. */
export const HINT_STALE_NOTE = 'The grid has changed since this began: the hint will not be shown. Cancel and press Hint again.';

/** What a hint found for a grid that has changed since says (it is not shown). */
export const HINT_STALE = 'The grid changed while the hint was being found: press Hint again.';

/** What Hint says while another job (Solve, Count, New, ...) runs. */
export const HINT_WAITS = 'A job is running: wait for it or Cancel it, then press Hint.';

/** The levels of a hint, in the order Hint walks them: where to look, the pattern, the effect. */
export const HINT_LEVELS = ['nudge', 'pattern', 'effect'];

/** A grouped chain's node (`SudokuLink.fromGroup`, `toGroup`): candidates taken together. */
export const GROUP_WORDS = 'group of candidates';
const GROUPS_WORDS = 'groups of candidates';

/** The two kinds of a chain's links (`SudokuLink.strong`), as the grid's legend names them. */
export const LINK_WORDS = { strong: 'strong link', weak: 'weak link' };

/** What the links drawn over the grid are, for a screen reader: "3 strong links and 2 weak links". */
export function linksLabel(links, groups = 0) {
  const strong = links.filter((link) => link.strong).length;
  const counts = [
    strong ? plural(strong, LINK_WORDS.strong) : '',
    links.length - strong ? plural(links.length - strong, LINK_WORDS.weak) : '',
    groups ? plural(groups, GROUP_WORDS, GROUPS_WORDS) : '',
  ].filter(Boolean);
  return `The chain: ${listWords(counts)}`;
}

/** "r3c4": the cell of a candidate or placement (`{ row, column }`). */
const at = ({ row, column }) => `r${row}c${column}`;

/**
 * Where a hint's nudge says to look, as region names (`sudoku_layout`'s `regions[].name`):
 * the step's regions; for a wrong entry or a missing pencil mark, the cell's row; none for a
 * step that names no region (a naked single, a chain).
 */
export function whereToLook(step) {
  if (step.technique === 'wrong_entry') return [`row ${step.placement.row}`];
  if (step.technique === 'missing_candidate') return [`row ${step.candidates[0].row}`];
  return step.technique === 'reveal' ? [] : step.regions;
}

/**
 * What a hint says at `level` (1: a nudge, 2: the technique and its pattern, 3: what it
 * removes or places): `{ title, text }`. `step` is `sudoku_hint`'s; `written` is the
 * player's symbol in the cell of a wrong entry. No level names the right symbol of a wrong
 * entry (Reveal hands it over); only the last names what a step places or removes.
 */
export function hintWords(step, level, { written = '' } = {}) {
  const title = `Hint: ${step.title}`;
  const { technique, placement } = step;
  if (technique === 'wrong_entry') {
    const texts = [
      `One of your entries does not match the solution: look at ${whereToLook(step)[0]}.`,
      `The ${written} in ${at(placement)} is wrong.`,
      `The ${written} in ${at(placement)} is wrong: Apply erases it. Reveal hands over the right symbol, if you want it.`,
    ];
    return { title: level === 1 ? 'Hint: a mistake' : title, text: texts[level - 1] };
  }
  if (technique === 'missing_candidate') {
    const mark = step.candidates[0];
    const texts = [
      `The pencil marks of a cell leave out the symbol that goes there: look at ${whereToLook(step)[0]}.`,
      `The pencil marks of ${at(mark)} leave out the symbol that goes there.`,
      plainWords(step.reason),
    ];
    return { title: level === 1 ? 'Hint: a pencil mark' : title, text: texts[level - 1] };
  }
  if (technique === 'reveal') {
    const texts = [
      'No technique this solver knows finds the next step from here: Hint again shows the most useful cell to know, Reveal hands over the selected cell.',
      `${at(placement)} has the fewest candidates: it is the most useful cell to know.`,
      plainWords(step.reason),
    ];
    return { title: level === 1 ? 'Hint: stuck' : title, text: texts[level - 1] };
  }
  if (level === 1) {
    const what = placement ? 'a symbol can be placed there' : 'candidates can be ruled out there';
    const text = step.regions.length
      ? `Look at ${plainWords(listWords(whereToLook(step)))}: ${what}.`
      : placement
        ? 'Look for a cell where only one symbol fits.'
        : `The technique to look for: ${step.title}. It rules out a candidate.`;
    return { title: 'Hint: where to look', text };
  }
  if (level === 2) {
    const text = placement
      ? `${step.title}: the cell is highlighted. Which symbol goes there?`
      : `${step.title}: its pattern is highlighted (${plural(step.cells.length, 'cell')}). What does it rule out?`;
    return { title, text };
  }
  return { title, text: plainWords(step.reason) };
}

