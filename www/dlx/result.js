// The playground's result state as plain data and pure functions (unit-tested in Node, in
// tests/js/dlx-result.test.mjs): which problem a search or a result belongs to, so that a
// result never outlives its problem, and the words that describe a result.

import { grouped as format } from '../lib/numbers.js';

export const plural = (n, word = 'solution') => `${format(n)} ${word}${n === 1 ? '' : 's'}`;

/** No search yet for `problem` (its text). */
export function idle(problem) {
  return { problem, state: 'idle', job: 0, result: null };
}

/** A search of `problem` started as job `job`. */
export function started(current, problem, job, mode, n) {
  return { problem, state: 'running', job, mode, n, result: null };
}

/**
 * A search ended with `result`: kept only if it is the current job for the current problem;
 * otherwise the state does not change (the result belongs to a problem no longer shown).
 */
export function finished(current, job, result) {
  if (current.state !== 'running' || current.job !== job) return current;
  return { ...current, state: 'done', result };
}

/** The search stopped (Cancel, an error). */
export function stopped(current, job, state = 'cancelled') {
  if (current.job !== job) return current;
  return { ...current, state };
}

/**
 * The problem text is now `problem`: a result or a running search of another text is
 * dropped (`wasRunning` says whether a search must be stopped).
 */
export function problemChanged(current, problem) {
  if (current.problem === problem) return { next: current, wasRunning: false, dropped: false };
  return {
    next: { ...idle(problem), job: current.job },
    wasRunning: current.state === 'running',
    dropped: current.state !== 'idle',
  };
}

/** Whether `state` may show `result` for the problem now in the editor, `problem`. */
export function shows(current, problem) {
  return current.problem === problem && current.state === 'done';
}

/** What the status line says about a finished search. */
export function describe({ count, complete }, mode, n) {
  let message;
  if (count === 0) message = complete ? 'No solution: the whole search space was explored.' : 'No solution found.';
  else if (mode === 'first') message = 'Found a solution.';
  else if (mode === 'first-n') {
    if (complete) message = count === 1 ? `Found the only solution (you asked for up to ${format(n)}).` : `Found all ${plural(count)} (fewer than ${format(n)}).`;
    else message = count === 1 ? 'Found the first solution.' : `Found the first ${plural(count)}.`;
  } else if (mode === 'count') message = `Counted ${plural(count)}.`;
  else message = `Found ${plural(count)}.`;
  if (complete && count > 0 && mode !== 'first-n') message += ' The search is complete.';
  return message;
}
