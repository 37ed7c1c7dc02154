// The dancing-links page's plain modules in Node, without a browser: the playground's result
// state (a result never outlives its problem), the words for results, the address format,
// and the note on comment lines.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { ROOT } from './helpers.mjs';

const load = (path) => import(pathToFileURL(join(ROOT, 'www', 'dlx', path)).href);
const R = await load('result.js');
const S = await load('share.js');
const { commentNote } = await load('editor.js');

describe('the playground’s result state', () => {
  test('a result of another problem, or of an older job, is never kept', () => {
    let state = R.idle('A B\nA\nB');
    state = R.started(state, 'A B\nA\nB', 1, 'count');
    const changed = R.problemChanged(state, 'A\nA');
    assert.equal(changed.wasRunning, true);
    assert.equal(changed.next.state, 'idle');
    assert.equal(changed.next.problem, 'A\nA');
    // The old job's result arrives late: nothing changes.
    assert.equal(R.finished(changed.next, 1, { count: 9356, complete: true }), changed.next);
    assert.equal(R.shows(changed.next, 'A\nA'), false);
    // The current job's result is kept, for its problem only.
    let next = R.started(changed.next, 'A\nA', 2, 'count');
    next = R.finished(next, 2, { count: 1, complete: true });
    assert.equal(R.shows(next, 'A\nA'), true);
    assert.equal(R.shows(next, 'A B'), false);
    assert.equal(R.problemChanged(next, 'A\nA').next, next, 'same text, same state');
    const dropped = R.problemChanged(next, 'B');
    assert.equal(dropped.dropped, true);
    assert.equal(dropped.wasRunning, false);
  });

  test('words for results: no "the first 1 solution"', () => {
    assert.equal(R.describe({ count: 1, complete: false }, 'first-n', 10), 'Found the first solution.');
    assert.equal(R.describe({ count: 1, complete: true }, 'first-n', 10), 'Found the only solution (you asked for up to 10).');
    assert.equal(R.describe({ count: 7, complete: false }, 'first-n', 7), 'Found the first 7 solutions.');
    assert.equal(R.describe({ count: 9356, complete: true }, 'count'), 'Counted 9,356 solutions. The search is complete.');
    assert.equal(R.describe({ count: 0, complete: true }, 'all'), 'No solution: the whole search space was explored.');
    assert.equal(R.plural(1, 'item'), '1 item');
  });
});

describe('the address and the comment note', () => {
  test('a problem or an example in the address', () => {
    const text = 'A B | x\nA x:red\nB\n';
    assert.deepEqual(S.decodeHash(S.encodeHash({ text })), { text });
    assert.deepEqual(S.decodeHash(S.encodeHash({ example: 'knuth' })), { example: 'knuth' });
    assert.equal(S.decodeHash(''), null);
    assert.equal(
      S.solutionsText([[0, 3]], ['C E', 'x', 'y', 'A D F']),
      'Solution 1: options 0, 3\n  0: C E\n  3: A D F\n',
    );
  });

  test('an item line that starts with | is a comment, and the page says so', () => {
    assert.equal(commentNote('A B\nA\n'), '');
    assert.equal(commentNote('| A B\nA B\n'), 'Line 1 starts with “|”, so it is a comment: line 2 is read as the item line.');
    assert.match(commentNote('| x\n| y\n'), /no line is left for the items/);
    assert.match(commentNote('| one\n\n| two\nA B\nA\n'), /^Lines 1 to 3 start with “\|” \(or are blank\), so they are comments: line 4 is read as the item line\.$/);
  });
});
