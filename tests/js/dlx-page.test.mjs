// The dancing-links page, www/dlx.html (served as site/dlx.html: scripts/build-pages.mjs). First,
// in Node: the trace player that the page draws from replays every small example exactly (the
// lengths MRV compared are the lengths it holds; its counters end at the engine's statistics). Then
// end to end in headless Chromium: the page loads cleanly under its CSP; stepping Knuth's example
// reaches its one solution with counters equal to `exact_cover`'s; every example solves to its
// known count; a malformed problem is shown at its line; Cancel stops a long count at once and the
// page keeps working. Screenshots at desktop and phone width land in artifacts/dlx-*.png.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, afterEach, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { BINDINGS, LATER_WASM } from '../../scripts/build-pages.mjs';
import { queens } from './fixtures/queens.mjs';
import { PKG, ROOT, assertOnePool, heldRoute, launchChromium, requireBuild, serve, watch } from './helpers.mjs';

const WWW = join(ROOT, 'www');
// What users get: www/ with each page made one response (scripts/build-pages.mjs).
const SITE = join(ROOT, 'site');
const EXAMPLES_DIR = join(WWW, 'dlx', 'examples');
const ARTIFACTS = join(ROOT, 'artifacts');

/** The menu, with each example's number of solutions as counted by `dlx` (target/release). */
const KNOWN = {
  knuth: 1,
  'sudoku-4x4': 1,
  'sudoku-mini': 1,
  'queens-6': 4,
  'pentominoes-3x5': 4,
  colors: 1,
  multiplicities: 1,
  'round-robin': 70,
  'queens-12': 14200,
  'pentominoes-3x20': 8,
  'pentominoes-6x10': 9356,
};
/** Too slow to count in a test here (seconds on two cores): left to the native tests. */
const LONG = new Set(['pentominoes-6x10']);

/**
 * 20 queens (39,029,188,884 solutions): a count that no test outlives, for Cancel (6x10
 * pentominoes, which it used, is counted in about a second on two cores, and a count that
 * ended before the click left the Cancel test waiting).
 */
const ENDLESS = queens(20);

const KNUTH = readFileSync(join(EXAMPLES_DIR, 'knuth.dlx'), 'utf8');
/** The page's full module, which it fetches after its first count (its first one is inlined). */
const LATER = `/${LATER_WASM['dlx.html']}`;

describe('the trace player (Node)', () => {
  test('jumps that cannot go where they were asked say why', async () => {
    const { Player, stepJumpNote, levelJumpNote } = await import(pathToFileURL(join(WWW, 'dlx', 'player.js')).href);
    assert.equal(stepJumpNote(9999, 79), 'There is no step 9,999: the trace has 79 steps, and this is the last.');
    assert.equal(stepJumpNote(79, 79), null);
    assert.equal(stepJumpNote(0, 79), null);
    assert.equal(stepJumpNote(-1, 79), 'Steps are whole numbers from 0 to 79: went to step 0.');
    assert.equal(stepJumpNote(NaN, 79), 'Steps are whole numbers from 0 to 79: went to step 0.');
    const dlx = await import(pathToFileURL(join(PKG, 'node.js')).href);
    const player = new Player(dlx.exact_cover_trace(KNUTH, { maxSteps: 1_000_000 }));
    const deepest = player.deepestLevel();
    assert.equal(deepest, 2);
    assert.equal(player.toLevel(7), false);
    assert.equal(levelJumpNote(7, false, deepest, false), 'No option is tried at level 7: the search goes no deeper than level 2.');
    assert.equal(levelJumpNote(7, false, deepest, true), 'No option is tried at level 7 in the steps recorded: they go no deeper than level 2.');
    assert.equal(levelJumpNote(1, player.toLevel(1), deepest, false), null);
    assert.equal(levelJumpNote(-2, false, deepest, false), 'Levels are whole numbers from 0: nothing to jump to.');
  });

  let dlx;
  let Player;
  let hasBounds;
  before(async () => {
    requireBuild(join(PKG, 'node.js'));
    dlx = await import(pathToFileURL(join(PKG, 'node.js')).href);
    ({ Player, hasBounds } = await import(pathToFileURL(join(WWW, 'dlx', 'player.js')).href));
  });

  for (const id of ['knuth', 'colors', 'multiplicities', 'round-robin', 'queens-6', 'pentominoes-3x5', 'sudoku-4x4', 'sudoku-mini']) {
    test(`replays ${id} as the engine ran it`, () => {
      const text = readFileSync(join(EXAMPLES_DIR, `${id}.dlx`), 'utf8');
      const trace = dlx.exact_cover_trace(text, { maxSteps: 1_000_000 });
      assert.equal(trace.truncated, false);
      const player = new Player(trace);
      let chosen = 0;
      while (!player.done) {
        const event = player.forward();
        if (event.op === 'choose') {
          chosen++;
          // MRV looked at the active primary items, in order, with the lengths drawn.
          assert.deepEqual(
            event.lengths,
            player.activePrimary().map((item) => [item, player.lengths[item]]),
          );
          // Exact cover chooses the first shortest list. With bounds (Algorithm M) the rule is
          // Knuth's branch degree, checked natively against DLX3's own choices (crates/dlx-engine/tests/engine.rs).
          if (!hasBounds(trace)) {
            const min = Math.min(...event.lengths.map(([, len]) => len));
            assert.equal(event.lengths.find(([, len]) => len === min)[0], event.item);
          }
        }
      }
      assert.ok(chosen > 0);
      const result = dlx.exact_cover(text);
      assert.deepEqual({ nodes: player.nodes, updates: player.updates, solutions: player.solutions.length }, result.stats);
      assert.deepEqual(player.solutions, result.solutions);
      assert.equal(player.solutions.length, KNOWN[id]);
      // Everything danced back: nothing covered or unlinked, every length as built.
      assert.equal(player.hidden.size, 0);
      assert.ok(player.covered.every((covered) => !covered));
      assert.deepEqual(player.lengths, player.columns.map((column) => column.length));
      // Stepping back replays to the same state.
      const middle = Math.floor(trace.events.length / 2);
      player.seek(middle);
      const snapshot = JSON.stringify([player.lengths, [...player.hidden], player.partial, player.tree]);
      player.seek(trace.events.length);
      player.seek(middle);
      assert.equal(JSON.stringify([player.lengths, [...player.hidden], player.partial, player.tree]), snapshot);
    });
  }
});

describe('www/dlx.html in Chromium', { timeout: 240_000 }, () => {
  let server;
  let browser;
  let page;
  let problems;
  /** The .wasm files the page fetched. */
  const wasmFetched = [];
  /** `exact_cover` in Node (the package's Node entry). */
  let exactCover;

  before(async () => {
    requireBuild(join(WWW, 'pkg', 'dlx_wasm.js'), join(SITE, 'dlx.html'), join(PKG, 'node.js'));
    ({ exact_cover: exactCover } = await import(pathToFileURL(join(PKG, 'node.js')).href));
    server = await serve(SITE);
    browser = await launchChromium();
    page = await browser.context.newPage();
    await page.setViewportSize({ width: 1280, height: 800 });
    problems = watch(page);
    page.on('request', (request) => {
      if (request.url().endsWith('.wasm')) wasmFetched.push(new URL(request.url()).pathname);
    });
    await page.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    await page.goto(`${server.url}dlx.html`);
    await page.waitForSelector('body[data-ready="true"]');
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  // A test that failed while a count ran (20 queens never ends) leaves none to the next.
  afterEach(async () => {
    if (await page?.isEnabled('#cancel').catch(() => false)) await page.click('#cancel');
  });

  /** Picks an example and waits until its text is in the editor. */
  async function pick(id) {
    await page.selectOption('#example', id);
    await page.waitForSelector(`body[data-example="${id}"]`);
  }

  /** The counters under the visualizer, as numbers. */
  async function counters() {
    return page.evaluate(() => ({
      nodes: Number(document.getElementById('viz-nodes').dataset.value),
      updates: Number(document.getElementById('viz-updates').dataset.value),
      solutions: Number(document.getElementById('viz-solutions').dataset.value),
    }));
  }

  /** `exact_cover`'s statistics, computed in the page by the same module the worker loads. */
  async function engineStats(text) {
    return page.evaluate(async (problem) => {
      const dlx = await import(new URL('pkg/dlx_wasm.js', location.href).href);
      await dlx.default();
      return dlx.exact_cover(problem).stats;
    }, text);
  }

  async function solve(mode) {
    await page.check(`input[name="mode"][value="${mode}"]`);
    await page.click('#solve');
    await page.waitForSelector('#solve-status:is([data-state="done"], [data-state="error"])');
  }

  test('loads with the solver ready, Knuth’s example drawn and no errors', async () => {
    await page.waitForSelector('#engine-status[data-state="ready"]');
    await page.waitForSelector('#viz-status[data-state="ready"]');
    // The page fetches no main module: it carries its first one (its SIMD build: Chromium has
    // SIMD, scripts/build-pages.mjs), and its workers are handed the compiled module; its full
    // module (the trace drawn here) is fetched once, after the page's load.
    assert.deepEqual(wasmFetched, [LATER]);
    assert.equal(await page.inputValue('#problem'), KNUTH);
    assert.equal(await page.getAttribute('link[rel="icon"]', 'href'), 'data:,');
    // The matrix: 7 item headers, 6 option rows, a node per 1 (16), and the links: one into
    // each node from above, and the list of 5 active items from the root.
    assert.equal(await page.locator('#matrix .head').count(), 7);
    assert.equal(await page.locator('#matrix .row').count(), 6);
    assert.equal(await page.locator('#matrix .node').count(), 16);
    assert.equal(await page.locator('#matrix .link').count(), 16 + 5);
    const lengths = await page.$$eval('#matrix .head-length', (all) => all.map((t) => t.textContent));
    assert.deepEqual(lengths, ['2', '2', '2', '3', '2', '2', '3']);
    // The menu lists every example with its known count.
    const menu = await page.$$eval('#example option', (all) =>
      all.filter((o) => o.value).map((o) => [o.value, Number(o.dataset.count), o.textContent]),
    );
    assert.deepEqual(Object.fromEntries(menu.map(([id, count]) => [id, count])), KNOWN);
    for (const [, count, label] of menu) assert.match(label, new RegExp(count.toLocaleString('en-US')));
    assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
    assert.deepEqual(problems, []);
  });

  test('a count asked for while the module it carries compiles waits for that one, fetches none but its full module', async () => {
    // The page's compilation of its module is held; a count started meanwhile waits for it:
    // its workers and this thread's scheduler (load.js `init()`) take the page's module
    // (www/lib/pool.js `provideModule`), and none fetches and compiles it a second time.
    const early = await browser.context.newPage();
    const problems = watch(early);
    const fetched = [];
    early.on('request', (request) => {
      if (request.url().endsWith('.wasm')) fetched.push(new URL(request.url()).pathname);
    });
    await early.addInitScript(() => {
      // (Both ways a page compiles: its inlined module streams, a fetched one may not.)
      const held = new Promise((resolve) => (window.releaseCompile = resolve));
      for (const name of ['compile', 'compileStreaming']) {
        const compile = WebAssembly[name];
        WebAssembly[name] = (...args) => held.then(() => compile.apply(WebAssembly, args));
      }
    });
    await early.goto(`${server.url}dlx.html`);
    // The example is in the editor (the page carries it) while the module compiles.
    await early.waitForFunction(() => document.querySelector('#problem').value.length > 0);
    assert.equal(await early.getAttribute('#engine-status', 'data-state'), 'loading');
    await early.check('input[name="mode"][value="count"]');
    await early.click('#solve');
    await early.waitForTimeout(300);
    await early.evaluate(() => window.releaseCompile());
    await early.waitForSelector('#solve-status[data-state="done"]');
    assert.deepEqual(fetched.filter((path) => path !== LATER), []);
    assert.deepEqual(problems, []);
    await early.close();
  });

  test('stepping Knuth’s example reaches its solution with the engine’s counters', async () => {
    await pick('knuth');
    await page.waitForSelector('#viz-status[data-state="ready"]');
    const expected = await engineStats(KNUTH);
    assert.deepEqual(expected, { nodes: 6, updates: 29, solutions: 1 });

    // The first step is an MRV choice: the five primary lengths compared, A chosen.
    await page.click('#viz-step');
    assert.equal(await page.getAttribute('#viz-caption', 'data-op'), 'choose');
    assert.equal(await page.locator('#matrix .head.compared').count(), 5);
    assert.equal(await page.textContent('#matrix .head.chosen .head-name'), 'A');
    // Then A is covered, and the nodes of its options unhook from the other lists.
    await page.click('#viz-step');
    assert.equal(await page.locator('#matrix .head.covered').count(), 1);
    await page.click('#viz-step');
    assert.equal(await page.locator('#matrix .node.hidden').count(), 1);
    assert.equal(await page.locator('#matrix .memo-link').count(), 2);

    let steps = 3;
    while ((await page.getAttribute('#viz-caption', 'data-op')) !== 'solution') {
      assert.ok(steps++ < 200, 'no solution within 200 steps');
      await page.click('#viz-step');
    }
    assert.equal(await page.textContent('#viz-solutions'), '1');
    const partial = await page.$$eval('#viz-partial code', (all) => all.map((c) => c.textContent));
    assert.deepEqual(partial, ['A D F', 'B G', 'C E']);
    assert.equal(await page.locator('#matrix .row.solution').count(), 3);
    assert.equal(await page.locator('#viz-tree .entry.solution').count(), 1);
    assert.equal(await page.locator('#viz-tree .entry.dead').count(), 1);
    // Every node and update of the search happens before its one solution is found.
    assert.deepEqual(await counters(), expected);

    // Back one step (keyboard, from the matrix), then forward again.
    const step = Number(await page.getAttribute('#viz-step-count', 'data-step'));
    await page.focus('#matrix');
    await page.keyboard.press('ArrowLeft');
    assert.equal(Number(await page.getAttribute('#viz-step-count', 'data-step')), step - 1);
    assert.equal(await page.textContent('#viz-solutions'), '0');
    assert.deepEqual(await counters(), { nodes: 5, updates: 29, solutions: 0 });
    await page.keyboard.press('ArrowRight');
    assert.deepEqual(await counters(), expected);

    // Play to the end: everything is uncovered and relinked; the counters still agree.
    await page.$eval('#viz-speed', (range) => {
      range.value = range.max;
      range.dispatchEvent(new Event('input', { bubbles: true }));
    });
    assert.equal(await page.textContent('#viz-speed-out'), '256 steps/s');
    await page.click('#viz-play');
    assert.equal(await page.getAttribute('#viz-play', 'aria-pressed'), 'true');
    await page.waitForSelector('#viz-caption[data-op="uncover"]:has-text("The search is over")');
    assert.equal(await page.getAttribute('#viz-play', 'aria-pressed'), 'false');
    assert.deepEqual(await counters(), expected);
    assert.match(await page.textContent('#viz-engine-stats'), /6 nodes, 29 updates: the counters agree/);
    assert.equal(await page.locator('#matrix .node.hidden').count(), 0);
    assert.equal(await page.locator('#matrix .head.covered').count(), 0);
    assert.ok(await page.isDisabled('#viz-step'));

    // Restart goes back to the matrix as built.
    await page.click('#viz-restart');
    assert.equal(await page.getAttribute('#viz-step-count', 'data-step'), '0');
    assert.deepEqual(await counters(), { nodes: 0, updates: 0, solutions: 0 });
    assert.deepEqual(problems, []);
  });

  test('the colored example shows purification, and its counters agree too', async () => {
    await pick('colors');
    await page.waitForSelector('#viz-status[data-state="ready"]');
    const text = await page.inputValue('#problem');
    await page.click('#viz-next');
    assert.equal(await page.getAttribute('#viz-caption', 'data-op'), 'solution');
    assert.deepEqual(await page.$$eval('#viz-partial code', (all) => all.map((c) => c.textContent)), [
      'q x:A',
      'p r x:A y',
    ]);
    assert.deepEqual(await counters(), await engineStats(text));
    // Step back to the last purification: its item is marked.
    while ((await page.getAttribute('#viz-caption', 'data-op')) !== 'purify') {
      await page.click('#viz-back');
    }
    assert.equal(await page.locator('#matrix .head.purified').count(), 1);
    assert.match(await page.textContent('#viz-caption'), /Purify x to color A/);
  });

  test('every example solves to its known count', { timeout: 120_000 }, async () => {
    for (const [id, count] of Object.entries(KNOWN)) {
      if (LONG.has(id)) continue;
      await pick(id);
      await solve('all');
      assert.equal(await page.getAttribute('#solve-status', 'data-state'), 'done', id);
      assert.equal(Number(await page.getAttribute('#stat-count', 'data-value')), count, id);
      assert.equal(await page.locator('#solutions > li').count(), Math.min(count, 100), id);
      if (count <= 100) {
        // Listed by exact_cover's own search: its statistics, as the visualizer's counters.
        const { nodes, updates } = exactCover(readFileSync(join(EXAMPLES_DIR, `${id}.dlx`), 'utf8')).stats;
        assert.deepEqual([
          Number(await page.getAttribute('#stat-nodes', 'data-value')),
          Number(await page.getAttribute('#stat-updates', 'data-value')),
        ], [nodes, updates], id);
      }
      assert.equal(await page.evaluate(() => document.getElementById('progress').value), 1, id);
    }
    // First solution of Knuth's example, listed as option lines with their indices.
    await pick('knuth');
    await solve('first');
    assert.equal(await page.textContent('#solutions .solution-head'), 'Solution 1: options 0, 3, 4');
    const lines = await page.$$eval('#solutions .solution-lines li', (all) =>
      all.map((li) => `${li.querySelector('.index').textContent} ${li.querySelector('code').textContent}`),
    );
    assert.deepEqual(lines, ['0 C E', '3 A D F', '4 B G']);
    // The first n, and the count only.
    await pick('queens-12');
    await page.fill('#limit', '7');
    await solve('first-n');
    assert.equal(Number(await page.getAttribute('#stat-count', 'data-value')), 7);
    assert.equal(await page.locator('#solutions > li').count(), 7);
    await solve('count');
    assert.equal(Number(await page.getAttribute('#stat-count', 'data-value')), 14200);
    assert.equal(await page.locator('#solutions > li').count(), 0);
    assert.deepEqual(problems, []);
  });

  test('a problem too big to draw says so', async () => {
    await pick('queens-12');
    await page.waitForSelector('#viz-status[data-state="too-big"]');
    assert.match(await page.textContent('#viz-status'), /too big to draw: it has 66 items and 144 options/);
    assert.ok(await page.isHidden('#viz-body'));
  });

  test('a long search is traced up to the step limit, and says so', async () => {
    // Perfect matchings: 16 items, 60 options (pairs), 1,344 solutions, over 20,000 steps.
    const names = 'ABCDEFGHIJKLMNOP'.split('');
    const lines = [names.join(' ')];
    for (let i = 0; i < 16; i++) {
      for (let j = i + 1; j < 16 && lines.length <= 60; j++) {
        if ((i + j) % 3 !== 0) lines.push(`${names[i]} ${names[j]}`);
      }
    }
    await page.fill('#problem', lines.join('\n'));
    await page.waitForSelector('#viz-status[data-state="stale"]');
    await page.click('#visualize');
    await page.waitForSelector('#viz-status[data-state="ready"]');
    assert.match(await page.textContent('#viz-status'), /16 items \(16 primary, 0 secondary\), 60 options/);
    assert.ok(await page.isVisible('#viz-truncated'));
    assert.match(await page.textContent('#viz-truncated'), /stops at the step limit \(20,000 steps\)/);
    await page.click('#viz-next');
    assert.equal(await page.getAttribute('#viz-caption', 'data-op'), 'solution');
    await page.click('#viz-back');
    await page.click('#viz-restart');
    assert.deepEqual(await counters(), { nodes: 0, updates: 0, solutions: 0 });
  });

  test('a malformed problem is shown at its line', async () => {
    await pick('knuth');
    await page.fill('#problem', 'A B C | x\nA B\n| a comment\nC D x\n');
    await page.waitForSelector('body:not([data-example])');
    await solve('first');
    assert.equal(await page.getAttribute('#solve-status', 'data-state'), 'error');
    assert.ok(await page.isVisible('#problem-error'));
    const message = await page.textContent('#problem-error-text');
    assert.match(message, /^Line 4: This option uses an item that is not declared on the item line/);
    assert.match(message, /unknown item “D”/);
    assert.equal(await page.getAttribute('#problem', 'aria-invalid'), 'true');
    assert.equal(await page.textContent('#gutter span.error'), '4');
    assert.equal(await page.locator('#backdrop span.error').count(), 1);
    assert.equal(await page.evaluate(() => [...document.querySelectorAll('#backdrop span')].findIndex((s) => s.classList.contains('error'))), 3);
    // "Show line 4" selects that line in the editor.
    await page.click('#problem-error-show');
    const selected = await page.evaluate(() => {
      const area = document.getElementById('problem');
      return [document.activeElement === area, area.value.slice(area.selectionStart, area.selectionEnd)];
    });
    assert.deepEqual(selected, [true, 'C D x']);
    // The visualizer reports it too; fixing the text clears the mark.
    await page.click('#visualize');
    await page.waitForSelector('#viz-status[data-state="error"]');
    await page.fill('#problem', 'A B C | x\nA B\n| a comment\nC x\n');
    assert.ok(await page.isHidden('#problem-error'));
    assert.equal(await page.locator('#gutter span.error').count(), 0);
    await solve('count');
    assert.equal(Number(await page.getAttribute('#stat-count', 'data-value')), 1);
    // A color on a primary item: plain words again, at line 2.
    await page.fill('#problem', 'A B | x\nA:red B\n');
    await solve('first');
    assert.match(await page.textContent('#problem-error-text'), /^Line 2: /);
    assert.deepEqual(problems, []);
  });

  test('Cancel stops a long count at once, and the page still works', { timeout: 120_000 }, async () => {
    await page.fill('#problem', ENDLESS);
    await page.check('input[name="mode"][value="count"]');
    await page.click('#solve');
    // The progress bar moves with the engine's estimate.
    await page.waitForFunction(() => document.getElementById('progress').value > 0);
    await page.waitForSelector('#solve-status:has-text("so far")');
    assert.ok(await page.isEnabled('#cancel'));
    const { state, ms: elapsed } = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const status = document.getElementById('solve-status');
          const start = performance.now();
          const observer = new MutationObserver(() => {
            if (status.dataset.state === 'running') return;
            observer.disconnect();
            resolve({ state: status.dataset.state, ms: performance.now() - start });
          });
          observer.observe(status, { attributes: true });
          document.getElementById('cancel').click();
        }),
    );
    assert.equal(state, 'cancelled');
    assert.ok(elapsed < 100, `cancelled after ${elapsed} ms`);
    assert.match(await page.textContent('#solve-status'), /^Cancelled after [\d.]+ s: [\d,]+ solutions? so far/);
    assert.ok(await page.isDisabled('#cancel'));
    // Nothing more arrives from the stopped search: the bar stays where it stopped.
    const progress = await page.evaluate(() => document.getElementById('progress').value);
    assert.ok(progress > 0);
    await page.waitForTimeout(300);
    assert.equal(await page.evaluate(() => document.getElementById('progress').value), progress);
    await page.waitForSelector('#engine-status[data-state="ready"]');
    // The page works afterwards: solve and draw Knuth's example.
    await pick('knuth');
    await page.waitForSelector('#viz-status[data-state="ready"]');
    await solve('all');
    assert.equal(Number(await page.getAttribute('#stat-count', 'data-value')), 1);
    assert.deepEqual(problems, []);
  });

  test('from the keyboard: Solve gives the focus to Cancel, Escape cancels, the focus goes back to Solve', { timeout: 120_000 }, async () => {
    await page.fill('#problem', ENDLESS);
    await page.check('input[name="mode"][value="count"]');
    await page.focus('#solve');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#solve-status:has-text("so far")');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'cancel', 'the focus on Cancel (Solve went disabled under it)');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#solve-status[data-state="cancelled"]');
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'solve', 'the focus back on Solve');
    assert.deepEqual(problems, []);
  });

  test('Cancel during "all solutions" keeps the solutions found so far: list, pictures, download', { timeout: 120_000 }, async () => {
    await pick('pentominoes-6x10');
    await page.check('input[name="mode"][value="all"]');
    await page.click('#solve');
    // Cancel is clicked in the page as soon as the status shows a solution (in the same task:
    // a click from the test, a round trip later, could come after a quick machine had
    // finished the search, with Cancel disabled).
    await page.waitForFunction(() => {
      if (!/Searching… .* [1-9][\d,]* solutions? so far/.test(document.getElementById('solve-status').textContent)) return false;
      document.getElementById('cancel').click();
      return true;
    });
    await page.waitForSelector('#solve-status[data-state="cancelled"]');
    const status = await page.textContent('#solve-status');
    const match = status.match(/^Cancelled after [\d.]+ s: ([\d,]+) solutions? so far, about \d+% explored\.$/);
    assert.ok(match, status);
    const count = Number(match[1].replaceAll(',', ''));
    assert.ok(count > 0);
    // Every solution of the last report, up to the 100 listed, with its picture (the first 24).
    const listed = await page.locator('#solutions > li').count();
    assert.equal(listed, Math.min(100, count));
    assert.equal(Number(await page.getAttribute('#stat-count', 'data-value')), count);
    assert.equal(await page.locator('#solutions > li').first().locator('.solution-head').textContent().then((t) => /^Solution 1: options /.test(t)), true);
    assert.equal(await page.locator('#solutions > li svg').count(), Math.min(24, listed));
    assert.equal(await page.isVisible('#download-solutions'), true);
    // They are the engine's first solutions, in its order.
    const first = await page.evaluate(async () => {
      const dlx = await import(new URL('pkg/dlx_wasm.js', location.href).href);
      await dlx.default();
      return dlx.exact_cover(document.getElementById('problem').value, { limit: 1 }).solutions[0];
    });
    assert.equal(await page.locator('#solutions > li .solution-head').first().textContent(), `Solution 1: options ${first.join(', ')}`);
    await page.screenshot({ path: join(ARTIFACTS, 'dlx-cancelled-all.png') });
    // Cancelled past the 100 listed (the rest is counted on every core): the first 100 listed,
    // the count so far, the estimate where it stopped (not the end of the search).
    await page.click('#solve');
    await page.waitForFunction(() => {
      const match = document.getElementById('solve-status').textContent.match(/Searching… .* ([\d,]+) solutions? so far/);
      if (!match || Number(match[1].replaceAll(',', '')) <= 100) return false;
      document.getElementById('cancel').click();
      return true;
    }, null, { polling: 20 });
    await page.waitForSelector('#solve-status[data-state="cancelled"]');
    const later = (await page.textContent('#solve-status')).match(/^Cancelled after [\d.]+ s: ([\d,]+) solutions so far, about (\d+)% explored\.$/);
    assert.ok(later);
    const counted = Number(later[1].replaceAll(',', ''));
    assert.ok(counted > 100 && counted < 9356, later[0]);
    assert.ok(Number(later[2]) < 100, later[0]);
    assert.equal(Number(await page.getAttribute('#stat-count', 'data-value')), counted);
    assert.equal(await page.textContent('#solutions-note'), `Showing the first 100 of ${counted.toLocaleString('en-US')} solutions.`);
    assert.equal(await page.locator('#solutions > li').count(), 100);
    assert.equal(await page.locator('#solutions > li .solution-head').first().textContent(), `Solution 1: options ${first.join(', ')}`);
    // (The search's link updates are not reported while it runs.)
    assert.equal(await page.textContent('#stat-updates'), '–');
    assert.deepEqual(problems, []);
  });

  test('one worker protocol: the package’s pool and workers, the module fetched once for all of them', { timeout: 120_000 }, async () => {
    // A page of its own, so that every request it and its workers make is counted (the other
    // tests load the module in the page to compare).
    const own = await browser.context.newPage();
    const ownProblems = watch(own);
    const requested = [];
    const workers = [];
    own.on('request', (request) => requested.push(new URL(request.url()).pathname));
    own.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
    await own.goto(`${server.url}dlx.html#example=pentominoes-6x10`);
    await own.waitForSelector('body[data-ready="true"]');
    await own.waitForSelector('#engine-status[data-state="ready"]');
    // A count on every core, cancelled: its workers are ended.
    await own.check('input[name="mode"][value="count"]');
    await own.click('#solve');
    await own.waitForSelector('#solve-status:has-text("so far")');
    await own.click('#cancel');
    await own.waitForSelector('#solve-status[data-state="cancelled"]');
    // New workers: the first n past the 100 listed, the first 100 on one worker, the rest
    // counted on every core; each solution listed is the engine's, in its order.
    await own.selectOption('#example', 'queens-12');
    await own.waitForSelector('body[data-example="queens-12"]');
    await own.check('input[name="mode"][value="first-n"]');
    await own.fill('#limit', '5000');
    await own.click('#solve');
    await own.waitForSelector('#solve-status:is([data-state="done"], [data-state="error"])');
    assert.equal(await own.textContent('#solve-status'), 'Found the first 5,000 solutions.');
    assert.equal(Number(await own.getAttribute('#stat-count', 'data-value')), 5000);
    assert.equal(await own.textContent('#solutions-note'), 'Showing the first 100 of 5,000 solutions.');
    const expected = exactCover(readFileSync(join(EXAMPLES_DIR, 'queens-12.dlx'), 'utf8'), { limit: 100 }).solutions;
    const heads = await own.$$eval('#solutions > li .solution-head', (all) => all.map((h) => h.textContent));
    assert.deepEqual(heads, expected.map((options, k) => `Solution ${k + 1}: options ${options.join(', ')}`));
    // Every worker is the package's: one for reading and tracing, one per core for the
    // searches, and at least one started after the cancel. The full module was fetched once
    // (after the page's first search), the first one none.
    await own.waitForFunction(() => document.querySelector('#viz-status').dataset.state !== 'loading');
    await assertOnePool(own, workers, requested, [LATER]);
    assert.deepEqual(ownProblems, []);
    await own.close();
  });

  test('on a phone only the visualizer\'s buttons stick to the top: the matrix stays in view while stepping', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.setViewportSize({ width: 390, height: 844 });
    try {
      await pick('knuth');
      await page.waitForSelector('#viz-status[data-state="ready"]');
      // Scrolled down to the matrix, then stepping with the sticky buttons.
      await page.evaluate(() => scrollTo(0, document.getElementById('matrix').getBoundingClientRect().top + scrollY - 20));
      for (let k = 0; k < 4; k++) await page.click('#viz-step');
      await page.waitForTimeout(300);
      // How far down the viewport the sticky part covers.
      const covered = await page.evaluate(() => Math.max(0, ...[...document.querySelectorAll('.visualizer *')]
        .filter((e) => getComputedStyle(e).position === 'sticky')
        .map((e) => e.getBoundingClientRect())
        .filter((r) => r.top <= 1 && r.bottom > 0)
        .map((r) => r.bottom)));
      assert.ok(covered > 0, 'the buttons stick');
      assert.ok(covered <= 844 * 0.2, `the sticky part covers ${covered}px of 844`);
      const step = await page.locator('#viz-step').boundingBox();
      assert.ok(step.y >= 0 && step.y + step.height <= covered + 1, `Step on screen: ${JSON.stringify(step)}`);
      const matrix = await page.locator('#matrix').boundingBox();
      const seen = Math.min(matrix.y + matrix.height, 844) - Math.max(covered, matrix.y);
      assert.ok(seen >= matrix.height - 1, `the matrix is in view below the buttons (${covered}px): ${JSON.stringify(matrix)}`);
      await page.screenshot({ path: join(ARTIFACTS, 'dlx-phone-stepping.png') });
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 });
    }
  });

  test('screenshots at desktop and phone width, readable and within the screen', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    await pick('knuth');
    await page.waitForSelector('#viz-status[data-state="ready"]');
    await solve('all');
    // Mid-search: level 1's MRV choice, after A was covered and option 1 tried.
    while ((await page.locator('#viz-tree .entry.choose').count()) < 2) await page.click('#viz-step');
    await page.waitForTimeout(600); // let the fades finish
    await page.screenshot({ path: join(ARTIFACTS, 'dlx-desktop.png'), fullPage: true });

    await page.setViewportSize({ width: 375, height: 800 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    assert.ok(overflow <= 0, `the page is ${overflow}px wider than the phone`);
    await page.screenshot({ path: join(ARTIFACTS, 'dlx-phone.png'), fullPage: true });

    await page.setViewportSize({ width: 1280, height: 800 });
    await pick('queens-6');
    await page.waitForSelector('#viz-status[data-state="ready"]');
    await page.click('#viz-next');
    await page.waitForTimeout(600);
    await page.locator('.visualizer').screenshot({ path: join(ARTIFACTS, 'dlx-queens.png') });

    // Multiplicities (#14): C's bounds drawn above its box, Algorithm M's choice in words.
    await pick('multiplicities');
    await page.waitForSelector('#viz-status[data-state="ready"]');
    assert.deepEqual(await page.$$eval('#matrix .head-bounds', (all) => all.map((t) => t.textContent)), ['2:3']);
    while ((await page.getAttribute('#viz-caption', 'data-op')) !== 'choose') await page.click('#viz-step');
    assert.match(await page.textContent('#viz-caption'), /Algorithm M .* branch degree/);
    await page.waitForTimeout(600);
    await page.locator('.visualizer').screenshot({ path: join(ARTIFACTS, 'dlx-multiplicities.png') });
    assert.deepEqual(problems, []);
  });

  test('keyboard focus is visible, and reduced motion turns the animations off', async () => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    const duration = await page.$eval('#matrix .node circle', (c) => getComputedStyle(c).transitionDuration);
    assert.match(duration, /^0s/);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.focus('#viz-step');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.equal(outline, 'solid');
    // Every button has a name.
    const unnamed = await page.$$eval('button', (all) => all.filter((b) => !b.textContent.trim()).length);
    assert.equal(unnamed, 0);
  });
});

describe('site/dlx.html: the first count on its first module, then its full module', { timeout: 240_000 }, () => {
  let server;
  let browser;
  let exactCover;
  let trace;

  before(async () => {
    requireBuild(join(SITE, 'dlx.html'), join(SITE, LATER), join(PKG, 'node.js'));
    ({ exact_cover: exactCover, exact_cover_trace: trace } = await import(pathToFileURL(join(PKG, 'node.js')).href));
    server = await serve(SITE);
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /**
   * A new page of the site's dancing-links page, whose requests of the full module and of
   * the main module's bindings (fetched with it, for the pool's scheduler on the page:
   * www/lib/pool.js `fullModule`) go to `route`.
   */
  async function open(route) {
    const page = await browser.context.newPage();
    const problems = watch(page);
    await page.route(`**${LATER}`, route);
    await page.route(`**/${BINDINGS}`, route);
    await page.goto(`${server.url}dlx.html`);
    await page.waitForSelector('#engine-status[data-state="ready"]');
    return { page, problems };
  }

  async function solve(page, mode) {
    await page.check(`input[name="mode"][value="${mode}"]`);
    await page.click('#solve');
    await page.waitForSelector('#solve-status:is([data-state="done"], [data-state="error"])');
    assert.equal(await page.getAttribute('#solve-status', 'data-state'), 'done', await page.textContent('#solve-status'));
  }

  test('counts and solves on the first module alone (the full one and the bindings held), then traces, lists the lines and splits once it is in', { timeout: 180_000 }, async () => {
    const { route, release } = heldRoute();
    const { page, problems } = await open(route);
    await solve(page, 'count');
    assert.equal(await page.getAttribute('#stat-count', 'data-value'), '1');
    await solve(page, 'first');
    assert.equal(await page.getAttribute('#stat-count', 'data-value'), '1');
    const [first] = exactCover(KNUTH, { limit: 1 }).solutions;
    assert.equal(await page.textContent('#solutions > li .solution-head'), `Solution 1: options ${first.join(', ')}`);
    // The options' lines wait for the full module (the trace reads them), as the visualizer does.
    assert.equal(await page.locator('#solutions code').count(), 0);
    assert.match(await page.textContent('#solutions-note'), /Reading the options’ lines…/);
    assert.equal(await page.getAttribute('#viz-status', 'data-state'), 'loading');
    release();
    await page.waitForSelector('#viz-status[data-state="ready"]');
    await page.waitForFunction(() => document.querySelectorAll('#solutions code').length > 0);
    const { optionLines } = trace(KNUTH, { maxSteps: 0 });
    assert.deepEqual(await page.$$eval('#solutions code', (all) => all.map((c) => c.textContent)), first.map((o) => optionLines[o]));
    assert.equal(await page.isVisible('#solutions-note'), false);
    assert.equal(await page.isVisible('#download-solutions'), true);
    // A long count now runs on every core, split: its progress shows while it runs (a search
    // in one worker reports none before its end).
    await page.fill('#problem', ENDLESS);
    await page.check('input[name="mode"][value="count"]');
    await page.click('#solve');
    await page.waitForSelector('#solve-status:has-text("so far")');
    await page.click('#cancel');
    await page.waitForSelector('#solve-status[data-state="cancelled"]');
    await page.selectOption('#example', 'queens-12');
    await page.waitForSelector('body[data-example="queens-12"]');
    await solve(page, 'count');
    assert.equal(await page.getAttribute('#stat-count', 'data-value'), '14200');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a full module that cannot be loaded: the page still counts, and says so where it is needed', { timeout: 120_000 }, async () => {
    const { page, problems } = await open((route) => route.abort());
    await solve(page, 'first');
    assert.equal(await page.getAttribute('#stat-count', 'data-value'), '1');
    await page.waitForSelector('#viz-status[data-state="error"]');
    assert.match(await page.textContent('#viz-status'), /^The visualizer could not be loaded: .+ Press “Draw the problem above” to try again\.$/);
    await page.waitForFunction(() => /could not be read/.test(document.querySelector('#solutions-note').textContent));
    assert.match(await page.textContent('#solutions-note'), /The options’ lines could not be read: .+ Press Solve to try again\./);
    // Still counts (on the first module), and the solutions are listed by their options.
    await solve(page, 'count');
    assert.equal(await page.getAttribute('#stat-count', 'data-value'), '1');
    await solve(page, 'first');
    const [first] = exactCover(KNUTH, { limit: 1 }).solutions;
    assert.equal(await page.textContent('#solutions > li .solution-head'), `Solution 1: options ${first.join(', ')}`);
    // The only failures are the full module's requests (and the bindings').
    assert.ok(problems.length > 0);
    const refused = new RegExp(`${LATER.replaceAll('.', '\\.')}|/${BINDINGS.replaceAll('.', '\\.')}|Failed to load resource`);
    for (const problem of problems) assert.match(problem, refused, problem);
    await page.close();
  });

  test('the bindings\' first request failing, the full module in: the page counts and solves on its first module, and traces at the next try (from a URL of its own)', { timeout: 120_000 }, async () => {
    const requests = [];
    const page = await browser.context.newPage();
    const problems = watch(page);
    // Every request of the bindings, whatever its query: the first one refused.
    await page.route((url) => url.pathname === `/${BINDINGS}`, (route) => {
      requests.push(new URL(route.request().url()).search);
      return requests.length === 1 ? route.abort() : route.continue();
    });
    await page.goto(`${server.url}dlx.html`);
    await page.waitForSelector('#engine-status[data-state="ready"]');
    await solve(page, 'count');
    assert.equal(await page.getAttribute('#stat-count', 'data-value'), '1');
    await solve(page, 'first');
    const [first] = exactCover(KNUTH, { limit: 1 }).solutions;
    assert.equal(await page.textContent('#solutions > li .solution-head'), `Solution 1: options ${first.join(', ')}`);
    await page.waitForSelector('#viz-status[data-state="error"]');
    // The next try (the solutions' lines, or Draw) imports them again, from a fresh URL (a
    // failed import may be kept by the browser's module map: whatwg/html#6768), and the
    // trace is drawn.
    await page.click('#visualize');
    await page.waitForSelector('#viz-status[data-state="ready"]');
    assert.deepEqual(requests, ['', '?retry=1']);
    await solve(page, 'first');
    await page.waitForFunction(() => document.querySelectorAll('#solutions code').length > 0);
    const { optionLines } = trace(KNUTH, { maxSteps: 0 });
    assert.deepEqual(await page.$$eval('#solutions code', (all) => all.map((c) => c.textContent)), first.map((o) => optionLines[o]));
    // The only failures are the bindings' first request's.
    const refused = new RegExp(`/${BINDINGS.replaceAll('.', '\\.')}|Failed to load resource`);
    for (const problem of problems) assert.match(problem, refused, problem);
    await page.close();
  });

  test('the bindings refused: the package\'s import of them (a split search\'s scheduler) rejects with load_failed, and again from a URL of its own', { timeout: 120_000 }, async () => {
    const requests = [];
    const page = await browser.context.newPage();
    const problems = watch(page);
    await page.route((url) => url.pathname === `/${BINDINGS}`, (route) => {
      requests.push(new URL(route.request().url()).search);
      return route.abort();
    });
    await page.goto(`${server.url}dlx.html`);
    await page.waitForSelector('#engine-status[data-state="ready"]');
    // The package's loader as the site serves it (what pool.js awaits before a split).
    const tries = await page.evaluate(async (file) => {
      const load = await import(new URL(file, document.baseURI).href);
      const code = (p) => p.then(() => 'resolved', (error) => `${error.name}:${error.code}:${error.cause instanceof Error}`);
      return [await code(load.mainBindings()), await code(load.mainBindings())];
    }, 'pkg/load.js');
    assert.deepEqual(tries, ['Error:load_failed:true', 'Error:load_failed:true']);
    assert.ok(requests.includes('?retry=1'), requests.join(' '));
    const refused = new RegExp(`/${BINDINGS.replaceAll('.', '\\.')}|Failed to load resource|dynamically imported`);
    for (const problem of problems) assert.match(problem, refused, problem);
    await page.close();
  });
});

describe('www/dlx.html: issue 13', { timeout: 240_000 }, () => {
  let server;
  let browser;

  before(async () => {
    requireBuild(join(WWW, 'pkg', 'dlx_wasm.js'), join(SITE, 'dlx.html'));
    server = await serve(SITE);
    browser = await launchChromium();
  });

  after(async () => {
    await browser?.close();
    await server?.close();
  });

  /** A fresh page on `hash` (storage emptied), watched for problems. */
  async function open(hash = '', viewport = { width: 1280, height: 800 }, colorScheme = 'light') {
    const page = await browser.context.newPage();
    await page.setViewportSize(viewport);
    await page.emulateMedia({ colorScheme });
    const blank = `${server.url}blank.html`;
    await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<link rel="icon" href="data:,">' }));
    await page.goto(blank);
    await page.evaluate(() => localStorage.clear());
    await page.unroute(blank);
    const problems = watch(page);
    await page.goto(`${server.url}dlx.html${hash}`);
    await page.waitForSelector('body[data-ready="true"]');
    await page.waitForSelector('#engine-status[data-state="ready"]');
    return { page, problems };
  }

  async function pick(page, id) {
    await page.selectOption('#example', id);
    await page.waitForSelector(`body[data-example="${id}"]`);
  }

  async function solve(page, mode) {
    await page.check(`input[name="mode"][value="${mode}"]`);
    await page.click('#solve');
    await page.waitForSelector('#solve-status:is([data-state="done"], [data-state="error"])');
  }

  /** The perfect-matching problem of the step-limit test: 16 items, 60 options. */
  function matchings() {
    const names = 'ABCDEFGHIJKLMNOP'.split('');
    const lines = [names.join(' ')];
    for (let i = 0; i < 16; i++) {
      for (let j = i + 1; j < 16 && lines.length <= 60; j++) if ((i + j) % 3 !== 0) lines.push(`${names[i]} ${names[j]}`);
    }
    return lines.join('\n');
  }

  test('#13.10 a result never outlives its problem: switching examples stops the count', async () => {
    const { page, problems } = await open();
    await pick(page, 'pentominoes-6x10');
    await page.check('input[name="mode"][value="count"]');
    await page.click('#solve');
    // The example switched from the page as soon as the count reports (in the same task: a
    // switch from the test, a round trip later, could come after the count, about a second
    // on two cores, had ended).
    await page.waitForFunction(() => {
      if (!/so far/.test(document.getElementById('solve-status').textContent)) return false;
      const menu = document.getElementById('example');
      menu.value = 'knuth';
      menu.dispatchEvent(new Event('change', { bubbles: true }));
      return true;
    });
    await page.waitForSelector('body[data-example="knuth"]');
    assert.match(await page.textContent('#solve-status'), /^Stopped the search: the problem changed/);
    assert.ok(await page.isHidden('#solve-stats'));
    await page.waitForSelector('#viz-status[data-state="ready"]');
    // Longer than the whole count would have taken: its result never shows.
    await page.waitForTimeout(3000);
    assert.doesNotMatch(await page.textContent('#solve-status'), /Counted|9,356/);
    assert.equal(await page.locator('#solutions > li').count(), 0);
    assert.ok(await page.isEnabled('#solve'));
    // A result of Knuth's problem, then an edit: the result goes with the old text.
    await solve(page, 'all');
    assert.equal(Number(await page.getAttribute('#stat-count', 'data-value')), 1);
    await page.locator('#problem').press('End');
    await page.keyboard.type(' ');
    assert.equal(await page.getAttribute('#solve-status', 'data-state'), 'idle');
    assert.ok(await page.isHidden('#solve-stats'));
    assert.equal(await page.locator('#solutions > li').count(), 0);
    assert.deepEqual(problems, []);
    await page.close();
  });

  for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 375, height: 812 }]]) {
    test(`#13.11 the visualizer keeps the active row and the controls in view (${name}); End, jumps, zoom; a small sudoku`, async () => {
      const { page, problems } = await open('', viewport);
      await page.fill('#problem', matchings());
      await page.click('#visualize');
      await page.waitForSelector('#viz-status[data-state="ready"]');
      const inView = async (selector) => {
        const box = await page.locator(selector).boundingBox();
        return box && box.y >= 0 && box.y + box.height <= viewport.height;
      };
      await page.locator('#viz-body').scrollIntoViewIfNeeded();
      // Deep in the search: the row being tried is in the matrix box, with the controls.
      await page.fill('#viz-goto', '400');
      await page.click('#viz-goto-go');
      assert.equal(await page.getAttribute('#viz-step-count', 'data-step'), '400');
      while ((await page.getAttribute('#viz-caption', 'data-op')) !== 'try') await page.click('#viz-step');
      const row = '#matrix .row.current';
      const rowBox = await page.locator(row).boundingBox();
      const matrixBox = await page.locator('#matrix').boundingBox();
      assert.ok(rowBox.y >= matrixBox.y && rowBox.y + rowBox.height <= matrixBox.y + matrixBox.height, 'the row is inside the matrix box');
      for (const selector of [row, '#viz-step', '#viz-caption', '#viz-step-count']) {
        assert.ok(await inView(selector), `${selector} on screen`);
      }
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, `dlx-visualizer-${name}.png`) });
      // Jumps that cannot go where they were asked say why.
      const events = Number((await page.textContent('#viz-step-count')).match(/of ([\d,]+)/)[1].replaceAll(',', ''));
      await page.fill('#viz-goto', '999999');
      await page.click('#viz-goto-go');
      assert.equal(await page.textContent('#viz-jump-note'),
        `There is no step 999,999: the trace has ${events.toLocaleString('en-US')} steps, and this is the last.`);
      assert.equal(await page.getAttribute('#viz-step-count', 'data-step'), String(events));
      await page.fill('#viz-goto-level', '70');
      await page.click('#viz-level-go');
      // (This trace stops at the step limit.)
      assert.match(await page.textContent('#viz-jump-note'), /^No option is tried at level 70 in the steps recorded: they go no deeper than level \d+\.$/);
      // The next option tried at level 2, End, Home.
      await page.fill('#viz-goto-level', '2');
      await page.click('#viz-level-go');
      assert.equal(await page.isHidden('#viz-jump-note'), true);
      assert.equal(await page.getAttribute('#viz-caption', 'data-op'), 'try');
      assert.match(await page.textContent('#viz-caption'), /^Level 2: try option/);
      assert.ok(await inView(row));
      await page.focus('#matrix');
      await page.keyboard.press('End');
      const total = (await page.textContent('#viz-step-count')).match(/of ([\d,]+)/)[1].replaceAll(',', '');
      assert.equal(await page.getAttribute('#viz-step-count', 'data-step'), total);
      assert.ok(await page.isDisabled('#viz-end'));
      // Zoom.
      const width = () => page.$eval('#matrix svg', (svg) => svg.getBoundingClientRect().width);
      const before = await width();
      await page.click('#viz-zoom-in');
      assert.ok((await width()) > before);
      await page.click('#viz-zoom-fit');
      const fit = await width();
      const box = await page.$eval('#matrix', (m) => m.clientWidth);
      assert.ok(fit <= box && fit > box * 0.8, `fit ${fit} in ${box}`);
      // The small sudoku is drawn; its bigger sibling says where to go.
      await pick(page, 'sudoku-4x4');
      await page.waitForSelector('#viz-status[data-state="too-big"]');
      assert.match(await page.textContent('#example-about'), /the next example is small enough/);
      await pick(page, 'sudoku-mini');
      await page.waitForSelector('#viz-status[data-state="ready"]');
      await page.click('#viz-next');
      assert.equal(await page.getAttribute('#viz-caption', 'data-op'), 'solution');
      mkdirSync(ARTIFACTS, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS, `dlx-sudoku-mini-${name}.png`) });
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  test('#13.11 the sudoku page’s link opens the small sudoku, drawn', async () => {
    const { page, problems } = await open('#example=sudoku-mini');
    await page.waitForSelector('#viz-status[data-state="ready"]');
    assert.equal(await page.inputValue('#example'), 'sudoku-mini');
    assert.match(await page.textContent('#viz-status'), /32 items .* 14 options/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('#13.12 solutions drawn as pictures; a typed problem in the address; solutions downloaded', async () => {
    const { page, problems } = await open();
    await pick(page, 'queens-6');
    await solve(page, 'all');
    assert.equal(await page.locator('#solutions svg.picture.queens').count(), 4);
    assert.equal(await page.locator('#solutions > li:first-child svg .queen').count(), 6);
    await page.locator('#solutions > li:first-child').screenshot({ path: join(ARTIFACTS, 'dlx-picture-queens.png') });
    await pick(page, 'pentominoes-3x5');
    await solve(page, 'all');
    await page.locator('#solutions > li:first-child').screenshot({ path: join(ARTIFACTS, 'dlx-picture-tiling.png') });
    assert.equal(await page.locator('#solutions svg.picture.tiling').count(), 4);
    assert.deepEqual(await page.$$eval('#solutions > li:first-child .piece-name', (all) => all.map((t) => t.textContent).sort()), ['L', 'N', 'V']);
    await pick(page, 'sudoku-mini');
    await solve(page, 'first');
    const digits = await page.$$eval('#solutions svg.picture.sudoku text', (all) => all.map((t) => t.textContent));
    assert.equal(digits.length, 16);
    // Drawn, not a black box: white cells, dark digits.
    const fills = await page.$eval('#solutions svg.picture.sudoku', (svg) => [
      getComputedStyle(svg.querySelector('.cell')).fill,
      getComputedStyle(svg.querySelector('.frame')).fill,
    ]);
    assert.deepEqual(fills, ['rgb(255, 255, 255)', 'none']);
    await page.locator('#solutions > li:first-child').screenshot({ path: join(ARTIFACTS, 'dlx-picture-sudoku.png') });
    // Solutions as a file.
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-solutions')]);
    const { readFile } = await import('node:fs/promises');
    assert.match(await readFile(await download.path(), 'utf8'), /^Solution 1: options/);
    // A problem of your own: the address holds it, and a new tab opens it.
    const own = 'A B C | x\nA x:1\nB C x:1\nA B\nC\n';
    await page.fill('#problem', own);
    await page.waitForFunction(() => location.hash.startsWith('#problem='));
    const other = await open(new URL(page.url()).hash);
    assert.equal(await other.page.inputValue('#problem'), own);
    assert.equal(await other.page.inputValue('#example'), '');
    await solve(other.page, 'all');
    assert.equal(Number(await other.page.getAttribute('#stat-count', 'data-value')), 2);
    // Kept in the browser too: "Your own problem" brings it back after an example.
    await pick(other.page, 'knuth');
    assert.match(other.page.url(), /#example=knuth$/);
    await other.page.selectOption('#example', '');
    await other.page.waitForFunction((text) => document.getElementById('problem').value === text, own);
    assert.deepEqual(other.problems, []);
    await other.page.close();
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('#13.14 a problem too long for a link is kept: its address (#kept=) reopens it at a reload, while this browser keeps it', async () => {
    const { page, problems } = await open();
    const padding = (word) => `${`| ${`${word} `.repeat(12)}\n`.repeat(80)}`;
    const long = `A B\nA\nB\nA B\n${padding('padding')}`;
    assert.ok(long.length > 6000, `${long.length} characters: past the link's 6,000`);
    await page.fill('#problem', long);
    await page.waitForFunction(() => location.hash.startsWith('#kept='));
    const address = new URL(page.url()).hash;
    assert.match(await page.textContent('#link-note'), /too long for a link: it is kept in this browser, where this address reopens it/);
    assert.equal(await page.getAttribute('#link-note', 'role'), 'status');
    await page.click('#copy-problem-link');
    assert.equal(await page.textContent('#share-status'), 'This problem is too long for a link: download it to share it.');
    // Before, the address was the page's own: a reload opened the first example.
    await page.reload();
    await page.waitForSelector('body[data-ready="true"]');
    assert.equal(await page.inputValue('#problem'), long);
    assert.equal(await page.inputValue('#example'), '');
    assert.equal(new URL(page.url()).hash, address);
    await solve(page, 'all');
    assert.equal(Number(await page.getAttribute('#stat-count', 'data-value')), 2);
    // Another long problem is kept in its place: the first one's address says so, and the
    // page stays on the one shown (it opened whatever the browser kept).
    const other = `A B\nA\nB\n${padding('other')}`;
    await page.fill('#problem', other);
    await page.waitForFunction((first) => location.hash.startsWith('#kept=') && location.hash !== first, address);
    await page.evaluate((first) => { location.hash = first; }, address);
    await page.waitForFunction(() => !document.getElementById('link-note').textContent.includes('where this address reopens it'));
    assert.match(await page.textContent('#link-note'), /this browser does not keep it/);
    assert.equal(await page.inputValue('#problem'), other);
    // A long example's link is its name: Copy link leaves it so.
    await pick(page, 'pentominoes-6x10');
    assert.ok((await page.inputValue('#problem')).length > 6000);
    await page.click('#copy-problem-link');
    assert.equal(new URL(page.url()).hash, '#example=pentominoes-6x10');
    assert.doesNotMatch(await page.textContent('#share-status'), /too long/);
    assert.deepEqual(problems, []);
    await page.close();
    // A browser that keeps none (open() empties the storage): an example, and why.
    const elsewhere = await open(address);
    assert.equal(await elsewhere.page.inputValue('#example'), 'knuth');
    assert.match(await elsewhere.page.textContent('#link-note'), /this browser does not keep it/);
    assert.deepEqual(elsewhere.problems, []);
    await elsewhere.page.close();
  });

  test('#13.13 errors count lines from 1 and say options count from 0; comment lines; the legend matches', async () => {
    const { page, problems } = await open();
    await page.fill('#problem', 'A B C | x\nA B\n| a comment\nC D x\n');
    await solve(page, 'first');
    const text = await page.textContent('#problem-error-text');
    assert.match(text, /^Line 4: /);
    assert.equal(text, 'Line 4: This option uses an item that is not declared on the item line (unknown item “D”). '
      + 'This is option 1 (options are numbered from 0, as in the solutions; lines from 1).');
    assert.doesNotMatch(text, /`/);
    const status = await page.textContent('#solve-status');
    assert.doesNotMatch(status, /above/);
    assert.match(status, /under the problem text/);
    // An item line written as a comment is named.
    await page.fill('#problem', '| A B\nA B\n');
    assert.equal(await page.textContent('#comment-note'), 'Line 1 starts with “|”, so it is a comment: line 2 is read as the item line.');
    await page.fill('#problem', 'A B\nA\nB\n');
    assert.ok(await page.isHidden('#comment-note'));
    // The legend's keys are the colors the matrix uses.
    await pick(page, 'knuth');
    await page.waitForSelector('#viz-status[data-state="ready"]');
    await page.click('#viz-step');
    await page.click('#viz-step'); // cover A
    await page.waitForTimeout(700); // the color transitions
    const head = await page.$eval('#matrix .head.covered rect', (r) => getComputedStyle(r).fill);
    const key = await page.$eval('.key-covered', (k) => getComputedStyle(k).backgroundColor);
    assert.equal(head, key);
    const chosen = await page.$eval('.key-chosen', (k) => getComputedStyle(k).backgroundColor);
    assert.notEqual(head, chosen);
    assert.match(await page.textContent('.legend'), /covered item/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('screenshots at 1280x900, 820x900 and 375x812, light and dark', async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const [name, viewport] of [['1280', { width: 1280, height: 900 }], ['820', { width: 820, height: 900 }], ['375', { width: 375, height: 812 }]]) {
      for (const scheme of ['light', 'dark']) {
        const { page, problems } = await open('', viewport, scheme);
        await page.waitForSelector('#viz-status[data-state="ready"]');
        await solve(page, 'all');
        while ((await page.locator('#viz-tree .entry.choose').count()) < 2) await page.click('#viz-step');
        await page.waitForTimeout(400);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        assert.ok(overflow <= 0, `${overflow}px too wide at ${name}`);
        await page.screenshot({ path: join(ARTIFACTS, `dlx-${name}-${scheme}.png`), fullPage: true });
        assert.deepEqual(problems, []);
        await page.close();
      }
    }
  });

  test('#9 Back and Forward go between the examples picked; a typed #example= opens it', async () => {
    const { page, problems } = await open();
    await page.waitForSelector('body[data-example]');
    await pick(page, 'queens-6');
    await pick(page, 'sudoku-mini');
    await page.goBack();
    await page.waitForSelector('body[data-example="queens-6"]');
    assert.equal(await page.inputValue('#example'), 'queens-6');
    await page.goForward();
    await page.waitForSelector('body[data-example="sudoku-mini"]');
    assert.match(page.url(), /#example=sudoku-mini$/);
    // An address typed by hand (a hash change on the same page).
    await page.evaluate(() => {
      location.hash = '#example=knuth';
    });
    await page.waitForSelector('body[data-example="knuth"]');
    assert.equal(await page.inputValue('#example'), 'knuth');
    await page.waitForSelector('#viz-status[data-state="ready"]');
    // An address that names no problem is replaced by the shown problem's.
    await page.evaluate(() => {
      location.hash = '#example=nothing-of-that-name';
    });
    await page.waitForFunction(() => location.hash === '#example=knuth');
    assert.deepEqual(problems, []);
    await page.close();
  });
});
