// End to end: the sudoku page, www/index.html as scripts/serve.sh serves it (made one response in
// site/ by scripts/build-pages.mjs), in headless Chromium. It loads cleanly under its CSP; an
// imported hard puzzle solves to a valid grid with statistics; a conflicting digit highlights both
// cells; Hint fills a correct cell and says why; New gives a unique puzzle; Cancel stops a long
// count at once and the page keeps working; the URL reopens the same state; keyboard-only play;
// other sizes. Screenshots at desktop and phone width land in artifacts/sudoku-*.png.
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { BINDINGS, LATER_WASM } from '../../scripts/build-pages.mjs';
import { PKG, ROOT, assertOnePool, checkSudoku, heldRoute, launchChromium, requireBuild, serve, watch } from './helpers.mjs';

const WWW = join(ROOT, 'www');
// What users get: www/ with each page made one response (scripts/build-pages.mjs).
const SITE = join(ROOT, 'site');
/** The page's words: for the roles of a step's candidates (its legend names them), a hint's job. */
const { COUNT_LOAD_CANCELLED, COUNT_LOADING, ROLE_WORDS, countUnloaded, fullUnloaded } = await import(
  pathToFileURL(join(WWW, 'sudoku', 'messages.js')).href
);
const { GROUP_WORDS, HINT_CANCELLED, HINT_FINDING, HINT_STALE, HINT_STALE_NOTE } = await import(
  pathToFileURL(join(WWW, 'sudoku', 'step-words.js')).href
);
const ARTIFACTS = join(ROOT, 'artifacts');
const INKALA =
  '8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..';
/**
 * A puzzle (top1465's) whose hints reach an alternating inference chain of 7 links, strong
 * and weak, after basic steps (Inkala's reach none: nets, then the basics, solve it).
 */
const CHAIN = '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........';
/** A hard puzzle (search needed), written with 0 for empty cells. */
const HARD =
  '600000507000000000001304000007502003300700901020040000003000605100050000208400000';

let server;
let browser;
let dlx;
const pages = [];

before(async () => {
  requireBuild(
    join(WWW, 'pkg', 'dlx_wasm.js'),
    join(WWW, 'pkg', 'dlx_wasm_simd_bg.wasm'),
    join(SITE, 'index.html'),
    join(PKG, 'node.js'),
  );
  // The module the page's workers load (dlx-wasm), in Node.
  dlx = await import(pathToFileURL(join(PKG, 'node.js')).href);
  server = await serve(SITE);
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * A fresh page on `hash`, watched for problems, with the solver loaded. The page keeps the
 * game between visits (localStorage): unless `keep`, that is emptied first, so every test
 * starts from the start puzzle. `listen(page)`, if given, is called just before the page
 * is opened (to watch its requests and workers from the start); `init`, if given, is a
 * script run in the page before its own.
 */
async function open(hash = '', viewport = { width: 1280, height: 800 }, { keep = false, colorScheme = 'light', listen, init } = {}) {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport);
  await page.emulateMedia({ colorScheme });
  if (!keep) {
    // A blank page on the same origin, to empty its storage.
    const blank = `${server.url}blank.html`;
    await page.route(blank, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<link rel="icon" href="data:,">' }),
    );
    await page.goto(blank);
    await page.evaluate(() => localStorage.clear());
    await page.unroute(blank);
  }
  const problems = watch(page);
  await page.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) =>
      window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  // Every request must stay on the page's origin.
  page.on('request', (request) => {
    if (!request.url().startsWith(server.url) && !request.url().startsWith('data:')) {
      problems.push(`request outside the origin: ${request.url()}`);
    }
  });
  if (init) await page.addInitScript(init);
  await listen?.(page);
  await page.goto(server.url + hash);
  // Ready, or (a link only the site's full module reads) loading the rest for it.
  await page.waitForSelector('#engine-status[data-state="ready"], #engine-status[data-state="full"]');
  pages.push({ page, problems });
  return { page, problems };
}

async function clean({ page, problems }) {
  assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
  assert.deepEqual(problems, []);
  await page.close();
}

/** The grid as a line: what each cell shows, '.' for empty. */
const cells = (page) =>
  page.$$eval('#grid .cell', (all) => all.map((c) => c.querySelector('.value').textContent || '.').join(''));
const givens = (page) =>
  page.$$eval('#grid .cell', (all) => all.map((c) => (c.classList.contains('given') ? c.querySelector('.value').textContent : '.')).join(''));
const cell = (page, k) => page.locator(`#grid .cell[data-cell="${k}"]`);
const message = (page) => page.textContent('#message');

async function importPuzzle(page, text) {
  await page.fill('#import-text', text);
  await page.click('#import');
}

/**
 * Hint pressed (`press()`, a click of Hint unless given) until the hint on show is at its
 * last level (what the step does, with Apply), each level waited for.
 */
async function fullHint(page, press = () => page.click('#hint')) {
  for (let level = 1; level <= 3; level++) {
    await press();
    await page.waitForSelector(`#step[data-level="${level}"]:not([hidden])`);
  }
}

/** Needs an X-Wing after singles, locked candidates and pairs. */
const XWING = '.7..9..4.14.2.8.379...1...8.8.....9.2.1.4.6.34.......1.1.....2....629...7...8...9';
/** The page's address for `puzzle`, with the player's entries and notes. */
const hash = (puzzle, entries = '', notes = null) => {
  const params = new URLSearchParams({ p: puzzle });
  if (/[^.]/.test(entries)) params.set('e', entries);
  if (notes) params.set('m', notes.map((m) => (m ? m.toString(36) : '')).join('.'));
  return `#${params}`;
};

/** A RegExp matching `text` whole; `wild` in it (if given) matches any text. */
const whole = (text, wild) => {
  const quoted = (t) => t.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${wild === undefined ? quoted(text) : text.split(wild).map(quoted).join('.+')}$`);
};
const waitMessage = (page, re) =>
  page.waitForFunction((source) => new RegExp(source).test(document.querySelector('#message').textContent), re.source);
const SCREENS = [
  ['1280', { width: 1280, height: 800 }],
  ['375', { width: 375, height: 812 }],
];
const shot = (page, name) => page.screenshot({ path: join(ARTIFACTS, `coach-${name}.png`) });
/** Pencil-mark masks (bit v - 1 for symbol v) of candidate lists. */
const masks = (candidates) => candidates.map((list) => (list ?? []).reduce((m, s) => m | (1 << '123456789ABCDEFGHIJKLMNOP'.indexOf(s)), 0));
/**
 * The player's state (entries, pencil marks) just before the engine's hints on `puzzle`
 * reach one of `techniques`, each step before it carried out as Apply does; and that step.
 */
function toTechnique(puzzle, techniques) {
  const entries = [...'.'.repeat(puzzle.length)];
  const removed = entries.map(() => 0);
  for (;;) {
    const line = [...puzzle].map((ch, k) => (ch === '.' ? entries[k] : ch)).join('');
    const marks = masks(dlx.sudoku_candidates(line)).map((m, k) => m & ~removed[k]);
    const step = dlx.sudoku_hint(puzzle, entries.join(''), marks);
    assert.ok(step, `no ${techniques} on the way`);
    if (techniques.includes(step.technique)) return { entries: entries.join(''), marks, step };
    if (step.placement) entries[step.placement.cell] = step.placement.symbol;
    for (const e of step.eliminations) removed[e.cell] |= 1 << (Number(e.symbol) - 1);
  }
}

describe('the sudoku page', () => {
  test('loads the solver with the puzzle shown meanwhile, under its CSP', { timeout: 60_000 }, async () => {
    const page = await browser.context.newPage();
    const problems = watch(page);
    // The page carries its main module (scripts/build-pages.mjs): its compilation is held
    // here until the page is checked, so that the page is seen while the solver loads.
    await page.addInitScript(() => {
      // (Both ways a page compiles: its inlined module streams, a fetched one may not.)
      const held = new Promise((resolve) => (window.releaseCompile = resolve));
      for (const name of ['compile', 'compileStreaming']) {
        const compile = WebAssembly[name];
        WebAssembly[name] = (...args) => held.then(() => compile.apply(WebAssembly, args));
      }
    });
    const fetched = [];
    page.on('request', (request) => {
      if (request.url().endsWith('.wasm')) fetched.push(new URL(request.url()).pathname);
    });
    await page.goto(server.url);
    await page.waitForSelector('#grid .cell');
    assert.equal(await page.getAttribute('#engine-status', 'data-state'), 'loading');
    assert.match(await page.textContent('#engine-status'), /loading/i);
    assert.equal(await givens(page), INKALA);
    assert.equal(await page.getAttribute('#grid', 'role'), 'grid');
    assert.equal(await page.locator('#grid [role="row"]').count(), 9);
    assert.equal(await page.locator('#grid [role="gridcell"]').count(), 81);
    assert.match(await cell(page, 0).getAttribute('aria-label'), /^Row 1, column 1: 8, given$/);
    assert.equal(await page.getAttribute('a[href="dlx.html"]', 'href'), 'dlx.html');
    // The bridge to the dancing-links page's small sudoku.
    assert.equal(await page.locator('a[href="dlx.html#example=sudoku-mini"]').count(), 1);
    // A solve asked for meanwhile waits for the module the page carries (none fetched: see
    // below).
    await page.click('#solve');
    await page.evaluate(() => window.releaseCompile());
    await page.waitForSelector('#engine-status[data-state="ready"]');
    await page.waitForFunction(() => /^Solved/.test(document.querySelector('#message').textContent));
    // The page fetches no main module for that: it carries a first one (the sudoku exports:
    // its SIMD build, Chromium has SIMD), and its workers are handed the compiled module.
    // Then, the page idle, it fetches the coach module (hints, grades, New's generator), and,
    // 2 s after its load, its full module (exact cover for Count: LATER_WASM), each once, so
    // that the first hint or count need not wait for them; nothing else.
    for (let k = 0; k < 400 && fetched.length < 2; k++) await page.waitForTimeout(25);
    await page.waitForTimeout(200);
    assert.deepEqual(fetched.sort(), ['/pkg/dlx_wasm_coach_bg.wasm', `/${LATER_WASM['index.html']}`]);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('www/ served as it is: Hint and Solve step by step load as modules of their own, sharing the page\'s', { timeout: 90_000 }, async () => {
    // (On the site they are a bundle handed the page's bindings: the other tests.)
    const direct = await serve(WWW);
    try {
      const page = await browser.context.newPage();
      const problems = watch(page);
      const fetched = [];
      page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
      await page.goto(direct.url);
      await page.waitForSelector('#engine-status[data-state="ready"]');
      await fullHint(page);
      assert.ok(fetched.includes('/sudoku/steps.js') && fetched.includes('/sudoku/step-view.js') && fetched.includes('/step.css'), `${fetched}`);
      await page.click('#step-apply');
      await waitMessage(page, /^Applied/);
      await page.click('#walk');
      await page.waitForSelector('#step[data-mode="walk"]:not([hidden])', { timeout: 60_000 });
      await page.keyboard.press('End');
      await page.waitForFunction(() => /^(Solved|Stuck) /.test(document.querySelector('#step-title').textContent));
      assert.deepEqual(problems, []);
      await page.close();
    } finally {
      await direct.close();
    }
  });

  test('where the page cannot use the module it carries, it fetches the one the engine runs', { timeout: 90_000 }, async () => {
    // An engine without SIMD (`WebAssembly.validate` says no to the SIMD probe) on the site's
    // page, and www/ served as it is (no module carried): each fetches the main module its
    // engine runs, once, and solves; nothing is logged (the SIMD build the page compiled
    // regardless is not an unhandled rejection).
    const direct = await serve(WWW);
    try {
      for (const [url, init, wasm] of [
        [server.url, () => { WebAssembly.validate = () => false; }, '/pkg/dlx_wasm_bg.wasm'],
        [direct.url, undefined, '/pkg/dlx_wasm_simd_bg.wasm'],
      ]) {
        const page = await browser.context.newPage();
        const problems = watch(page);
        if (init) await page.addInitScript(init);
        const fetched = [];
        page.on('request', (request) => {
          if (request.url().endsWith('.wasm')) fetched.push(new URL(request.url()).pathname);
        });
        await page.goto(url);
        await page.waitForSelector('#engine-status[data-state="ready"]');
        await page.click('#solve');
        await page.waitForFunction(() => /^Solved/.test(document.querySelector('#message').textContent));
        assert.deepEqual(fetched.filter((path) => !path.includes('coach')), [wasm], url);
        assert.deepEqual(problems, [], url);
        await page.close();
      }
    } finally {
      await direct.close();
    }
  });

  test('imports a hard puzzle and solves it to a valid grid with statistics', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    // Bad input: the engine's message, in plain words, naming the row and column.
    await importPuzzle(page, `${'.'.repeat(22)}x${'.'.repeat(58)}`);
    await page.waitForSelector('#import-error:not([hidden])');
    assert.match(await page.textContent('#import-error'), /invalid character “x” at row 3, column 5/);
    await importPuzzle(page, HARD);
    await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('Imported'));
    assert.equal(await page.isHidden('#import-error'), true);
    // Givens that clash: read, not imported, said once; the message box does not keep the
    // last import's success.
    await importPuzzle(page, `55${'.'.repeat(79)}`);
    await page.waitForSelector('#import-error:not([hidden])');
    assert.equal(await page.textContent('#import-error'),
      'The givens clash, so the puzzle was not imported: “5” at row 1, column 1 and at row 1, column 2 (both in row 1 and box 1).');
    assert.equal(await message(page), 'Nothing was imported: see the message under Import.');
    await importPuzzle(page, HARD);
    await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('Imported'));
    assert.equal(await page.isHidden('#import-error'), true);
    const puzzle = HARD.replaceAll('0', '.');
    assert.equal(await givens(page), puzzle);
    await page.click('#solve');
    await page.waitForSelector('#stats:not([hidden])');
    checkSudoku(assert, puzzle, await cells(page));
    assert.match(await page.textContent('#stat-time'), /^[\d.]+ ms$/);
    assert.match(await page.textContent('#stat-nodes'), /^[\d,]+( \(singles filled \d+ cells\))?$/);
    assert.match(await page.textContent('#stat-updates'), /^[\d,]+$/);
    assert.equal(await page.textContent('#stat-unique'), 'unique');
    assert.match(await message(page), /unique/);
    // Givens stay givens; Undo takes the whole solve back.
    assert.equal(await givens(page), puzzle);
    await page.click('#undo');
    assert.equal(await cells(page), puzzle);
    await clean(tab);
  });

  test('a conflicting digit highlights both cells at once', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    // r1c1 holds a given 8; an 8 at r1c2 repeats it in row 1 and box 1.
    await cell(page, 1).click();
    await page.keyboard.press('8');
    await page.waitForSelector('#grid .cell[data-cell="1"].conflict');
    assert.equal(await cell(page, 0).evaluate((c) => c.classList.contains('conflict')), true);
    assert.equal(await page.locator('#grid .cell.conflict').count(), 2);
    assert.match(await message(page), /8 appears twice in row 1 and box 1/);
    assert.match(await cell(page, 1).getAttribute('aria-label'), /conflict/);
    // Fixing it clears the highlight.
    await page.keyboard.press('Backspace');
    await page.waitForFunction(() => !document.querySelector('#grid .cell.conflict'));
    await clean(tab);
  });

  test('Hint shows the next logical step and why; Apply takes it', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    const solution = dlx.solve_sudoku(INKALA);
    let filled = 0;
    for (let round = 0; round < 3; round++) {
      const before = await cells(page);
      await fullHint(page);
      // Inkala's puzzle: its path starts with forcing nets, and so does the hint (no
      // revealed cell of the solution).
      if (round === 0) assert.equal(await page.textContent('#step-title'), 'Hint: Contradiction net');
      const reason = await page.textContent('#step-reason');
      assert.match(reason, /\w+.*\b(so|because|cannot|must|only)\b/i, `a reason in words: ${reason}`);
      assert.equal(await cells(page), before, 'a hint alone changes nothing');
      await page.click('#step-apply');
      await page.waitForSelector('#step', { state: 'hidden' });
      const after = await cells(page);
      const changed = [...after].findIndex((ch, k) => ch !== before[k]);
      if (changed < 0) continue;
      filled++;
      assert.equal(after[changed], solution[changed], 'the hint agrees with the solution');
      assert.equal(await cell(page, changed).evaluate((c) => c.classList.contains('hinted')), true);
      const r = Math.floor(changed / 9) + 1;
      const c = (changed % 9) + 1;
      assert.match(await message(page), new RegExp(`r${r}c${c}`), 'the message names the cell');
    }
    assert.equal(filled, 0, 'the first three steps on this puzzle remove candidates');
    await clean(tab);
  });

  test('New gives a puzzle with a unique solution; Check marks wrong entries', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    await page.selectOption('#difficulty', 'hard');
    await page.click('#new');
    await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('New'));
    const puzzle = await givens(page);
    assert.notEqual(puzzle, INKALA);
    assert.equal(dlx.count_sudoku_solutions(puzzle, { limit: 2 }).count, 1);
    // A wrong entry: a candidate that is not the solution's.
    const solution = dlx.solve_sudoku(puzzle);
    const candidates = dlx.sudoku_candidates(puzzle);
    const k = candidates.findIndex((list) => list && list.length > 1);
    const wrong = candidates[k].find((s) => s !== solution[k]);
    await cell(page, k).click();
    await page.keyboard.press(wrong);
    await page.click('#check');
    await page.waitForSelector(`#grid .cell[data-cell="${k}"].wrong`);
    assert.match(await message(page), /1 entry is wrong/);
    await clean(tab);
  });

  test('Cancel stops a long count within 100 ms and the page keeps working', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    await page.click('#empty');
    await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('An empty'));
    await page.click('#count');
    await page.waitForSelector('#job:not([hidden])');
    await page.waitForFunction(() => /so far/.test(document.querySelector('#job-text').textContent));
    // The solutions of the tasks still running count: an empty grid's first tasks never end.
    await page.waitForFunction(() => /Counting: [1-9][\d,]* solutions? so far/.test(document.querySelector('#job-text').textContent), null, { timeout: 5000 });
    const progress = await page.getAttribute('#job-progress', 'value');
    assert.ok(progress !== null, 'the count shows progress');
    assert.equal(await page.isDisabled('#solve'), true);
    // The page stays responsive during the count: typing is answered.
    await cell(page, 0).click();
    await page.keyboard.press('5');
    await cell(page, 1).click();
    await page.keyboard.press('5');
    await page.waitForSelector('#grid .cell[data-cell="1"].conflict');
    const ms = await page.evaluate(
      () =>
        new Promise((resolve) => {
          const start = performance.now();
          document.querySelector('#cancel').click();
          const poll = () =>
            document.querySelector('#job').hidden ? resolve(performance.now() - start) : requestAnimationFrame(poll);
          poll();
        }),
    );
    assert.ok(ms < 100, `stopped in ${ms} ms`);
    // And Cancel says how many it had found.
    assert.match(await message(page), /^Cancelled the count after \d+\.\d s, with [1-9][\d,]* solutions? found, about .* of the search done\. The solver was restarted/);
    assert.equal(await page.isDisabled('#solve'), false);
    // The restarted worker answers: a new 4x4 puzzle, then a solve.
    await page.selectOption('#size', '4');
    await page.waitForFunction(() => document.querySelectorAll('#grid .cell').length === 16 && document.querySelector('#message').textContent.startsWith('New'));
    await page.click('#solve');
    await page.waitForSelector('#stats:not([hidden])');
    assert.match(await cells(page), /^[1-4]{16}$/);
    await clean(tab);
  });

  test('one worker protocol: the package’s pool and workers, the module fetched once for all of them', { timeout: 60_000 }, async () => {
    // Every request of the page and of its workers, and every worker started.
    const requested = [];
    const workers = [];
    const tab = await open('', undefined, {
      listen: (page) => {
        page.on('request', (request) => requested.push(new URL(request.url()).pathname));
        page.on('worker', (worker) => workers.push(new URL(worker.url()).pathname));
      },
    });
    const { page } = tab;
    // The small questions' worker answers (a conflict), then the jobs' workers: a solve, and a
    // count on every core, cancelled (its workers are ended), then new ones: a new puzzle.
    await cell(page, 1).click();
    await page.keyboard.press('8');
    await page.waitForSelector('#grid .cell[data-cell="1"].conflict');
    await page.keyboard.press('Backspace');
    await page.waitForFunction(() => !document.querySelector('#grid .cell.conflict'));
    await page.click('#solve');
    await page.waitForSelector('#stats:not([hidden])');
    await page.click('#empty');
    await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('An empty'));
    await page.click('#count');
    await page.waitForFunction(() => /Counting: [1-9][\d,]* solutions? so far/.test(document.querySelector('#job-text').textContent), null, { timeout: 10_000 });
    await page.click('#cancel');
    await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('Cancelled the count'));
    await page.selectOption('#size', '4');
    await page.waitForFunction(() => document.querySelectorAll('#grid .cell').length === 16 && document.querySelector('#message').textContent.startsWith('New'));
    await page.click('#solve');
    await page.waitForFunction(() => /^Solved/.test(document.querySelector('#message').textContent));
    // Every worker is the package's; one for the small questions, one per core for the jobs,
    // and at least one started after the cancel. The page fetched the coach module (New's
    // generator) once, and its full module (Count's exact cover) once: no main module (it
    // carries a first one); and its pools once (preloaded: www/lib/solver.js `pools`).
    await assertOnePool(page, workers, requested, ['/pkg/dlx_wasm_coach_bg.wasm', `/${LATER_WASM['index.html']}`], ['/lib/pool.js']);
    await clean(tab);
  });

  test('from the keyboard: Count gives the focus to Cancel, Escape cancels, the focus goes to the grid', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    await page.click('#empty');
    await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('An empty'));
    await page.focus('#count');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => /Counting: [1-9][\d,]* solutions? so far/.test(document.querySelector('#job-text').textContent), null, { timeout: 10_000 });
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'cancel', 'the focus on Cancel (Count went disabled under it)');
    await page.keyboard.press('Escape');
    await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('Cancelled the count'));
    // (Cancel puts the focus on the grid's selected cell, as it did when clicked.)
    assert.ok(await page.evaluate(() => !!document.activeElement?.closest('#grid')), 'the focus on the grid');
    await clean(tab);
  });

  test('givens set that clash: said in the page\'s words, with no Undo to offer', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    await page.click('#empty');
    await waitMessage(page, /^An empty/);
    await cell(page, 0).click();
    for (const key of ['5', 'ArrowRight', '5']) await page.keyboard.press(key);
    await page.click('#mode-setter');
    await waitMessage(page, /^2 givens set\. The puzzle’s givens clash: “5” at row 1, column 1 and at row 1, column 2/);
    assert.doesNotMatch(await message(page), /Undo|conflicting givens/);
    await clean(tab);
  });

  test('the URL holds the puzzle and the progress', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    await cell(page, 1).click();
    await page.keyboard.press('1');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+Digit4');
    await page.keyboard.press('Shift+Digit5');
    await page.waitForFunction(() => location.hash.includes('m='));
    const url = page.url();
    const line = await cells(page);
    const label = await cell(page, 2).getAttribute('aria-label');
    assert.equal(label, 'Row 1, column 3: empty, notes 4 5');
    const other = await open(new URL(url).hash);
    await other.page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('Reopened'));
    assert.equal(await cells(other.page), line);
    assert.equal(await givens(other.page), INKALA);
    assert.equal(await cell(other.page, 2).getAttribute('aria-label'), label);
    assert.equal(await other.page.inputValue('#export-text'), line);
    await clean(other);
    await clean(tab);
  });

  test('keyboard only: reach the grid, fill, move, undo and redo', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    // Tab from the top of the page: skip link, nav link, pencil toggle, then the grid (one stop).
    for (let k = 0; k < 10; k++) {
      await page.keyboard.press('Tab');
      if (await page.evaluate(() => document.activeElement.classList.contains('cell'))) break;
    }
    assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), '0');
    await page.keyboard.press('ArrowRight'); // r1c2, empty
    await page.keyboard.press('1');
    await page.keyboard.press('ArrowDown'); // r2c2, empty
    await page.keyboard.press('2');
    let line = await cells(page);
    assert.equal(line[1], '1');
    assert.equal(line[10], '2');
    await page.keyboard.press('Control+z');
    line = await cells(page);
    assert.equal(line[10], '.');
    await page.keyboard.press('Control+z');
    assert.equal((await cells(page))[1], '.');
    await page.keyboard.press('Control+y');
    await page.keyboard.press('Control+y');
    line = await cells(page);
    assert.equal(line[1] + line[10], '12');
    await page.keyboard.press('Delete');
    assert.equal((await cells(page))[10], '.');
    // Tab leaves the grid for the number pad.
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.closest('#pad') !== null), true);
    assert.equal((await cells(page))[10], '.', 'Tab types nothing');
    await clean(tab);
  });

  test('other sizes through the same code paths', { timeout: 120_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    await page.selectOption('#difficulty', 'easy');
    for (const n of [4, 6, 16]) {
      await page.selectOption('#size', String(n));
      await page.waitForFunction(
        (n) => document.querySelectorAll('#grid .cell').length === n * n && document.querySelector('#message').textContent.startsWith('New'),
        n,
      );
      const puzzle = await givens(page);
      assert.equal(dlx.count_sudoku_solutions(puzzle, { limit: 2 }).count, 1, `${n}x${n} is unique`);
      await fullHint(page);
      await page.click('#step-apply');
      await page.waitForFunction(() => document.querySelector('#grid .cell.hinted'));
      await page.click('#solve');
      await page.waitForSelector('#stats:not([hidden])');
      const solved = await cells(page);
      assert.equal(solved, dlx.solve_sudoku(puzzle), `${n}x${n} solved`);
      if (n === 6) {
        mkdirSync(ARTIFACTS, { recursive: true });
        await page.screenshot({ path: join(ARTIFACTS, 'sudoku-6x6.png'), fullPage: true });
      }
      if (n === 16) {
        await page.click('#undo');
        await page.click('#auto-notes');
        await page.waitForFunction(() => /Candidates/.test(document.querySelector('#message').textContent));
        await page.screenshot({ path: join(ARTIFACTS, 'sudoku-16x16.png'), fullPage: true });
      }
    }
    await clean(tab);
  });

  test('screenshots at desktop and phone width', { timeout: 60_000 }, async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const [name, viewport] of [
      ['desktop', { width: 1280, height: 800 }],
      ['phone', { width: 375, height: 800 }],
    ]) {
      const tab = await open('', viewport);
      const { page } = tab;
      // An easy puzzle, whose first hint places a symbol (Inkala's, the start puzzle, begins
      // with a contradiction net).
      await importPuzzle(page, dlx.generate_sudoku({ size: 9, difficulty: 'easy', seed: 1 }).puzzle);
      await page.waitForFunction(() => /^Imported/.test(document.querySelector('#message').textContent));
      await cell(page, 1).click();
      await page.keyboard.press('8'); // a conflict, or a wrong entry
      await page.keyboard.press('ArrowRight');
      await page.click('#auto-notes');
      await page.waitForFunction(() => /Candidates|conflicts/.test(document.querySelector('#message').textContent));
      await cell(page, 1).click();
      await page.keyboard.press('Backspace');
      await page.click('#auto-notes');
      await page.waitForFunction(() => /Candidates/.test(document.querySelector('#message').textContent));
      await fullHint(page);
      await page.click('#step-apply');
      await page.waitForSelector('#grid .cell.hinted');
      await page.waitForTimeout(900); // the hint flash
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= viewport.width, `no horizontal scroll at ${viewport.width}px (${width})`);
      await page.screenshot({ path: join(ARTIFACTS, `sudoku-${name}.png`), fullPage: true });
      await clean(tab);
    }
  });
});

describe('site/index.html: playable and solvable on its first module, Count once its full module is in', () => {
  // The page carries a first module (the sudoku exports without exact cover:
  // scripts/build-pages.mjs INLINED_WASM) and fetches its full module (LATER_WASM) 2 s after
  // its load or at the first Count, which waits for it (www/lib/pool.js `fullModule`).
  const LATER = `/${LATER_WASM['index.html']}`;
  // The main module's bindings, which the page's script leaves out: fetched with the full
  // module, for the pool's scheduler on the page (www/lib/pool.js `fullModule`).
  const BINDINGS_PATH = `/${BINDINGS}`;
  /** A 16x16 puzzle: the first module hands it to the full module (src/wasm/sudoku.rs `handover`). */
  const sixteen = readFileSync(join(ROOT, 'tests', 'data', 'sudoku', 'big_16x16_diabolical.txt'), 'utf8')
    .split('\n').find((line) => line && !line.startsWith('#'));
  /**
   * The page, its requests of the full module and of the bindings sent to `route`, the
   * `.wasm` it requested, and how many times it requested the bindings.
   */
  async function openWith(route, address = '') {
    const fetched = [];
    const bindings = [];
    const tab = await open(address, undefined, {
      listen: async (page) => {
        page.on('request', (request) => {
          const path = new URL(request.url()).pathname;
          if (path.endsWith('.wasm')) fetched.push(path);
          if (path === BINDINGS_PATH) bindings.push(path);
        });
        await page.route(`**${LATER}`, route);
        await page.route(`**${BINDINGS_PATH}`, route);
      },
    });
    return { tab, fetched, bindings };
  }

  test('plays, reads an import and solves with the full module and the bindings held back; judges the import and counts once they arrive', { timeout: 120_000 }, async () => {
    const { route, release } = heldRoute();
    const { tab, fetched, bindings } = await openWith(route);
    const { page } = tab;
    // A digit that clashes shows both cells (sudoku_conflicts), and goes again.
    await cell(page, 1).click();
    await page.keyboard.press('8');
    await page.waitForSelector('#grid .cell[data-cell="1"].conflict');
    assert.equal(await page.locator('#grid .cell[data-cell="0"].conflict').count(), 1);
    await page.keyboard.press('Backspace');
    await page.waitForFunction(() => !document.querySelector('#grid .cell.conflict'));
    // The start puzzle solves (solve_sudoku_report), to the engine's solution.
    await page.click('#solve');
    await waitMessage(page, /^Solved/);
    assert.equal(await cells(page), dlx.solve_sudoku(INKALA));
    // An import is read (read_sudoku) and played; its verdict (count_sudoku_solutions, which
    // the first module has not) waits for the full module, and the status says so.
    await importPuzzle(page, '.'.repeat(81));
    await waitMessage(page, /^Imported .* Judging it…/);
    await page.waitForFunction(() => document.getElementById('engine-status').dataset.state === 'full');
    // A hard puzzle imported and solved to a valid grid (the Solve ends the judging).
    await importPuzzle(page, HARD);
    await waitMessage(page, /^Imported/);
    const puzzle = HARD.replaceAll('0', '.');
    await page.click('#solve');
    await waitMessage(page, /^Solved .*unique/);
    checkSudoku(assert, puzzle, await cells(page));
    await page.click('#undo');
    // Count waits for the full module, and says so.
    await page.click('#count');
    await page.waitForFunction((text) => document.querySelector('#job-text').textContent === text, COUNT_LOADING);
    assert.equal(await page.isVisible('#job'), true);
    // The solver's status says what it waits for.
    assert.equal(await page.getAttribute('#engine-status', 'data-state'), 'full');
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'sudoku-first-module.png'), fullPage: true });
    assert.ok(fetched.includes(LATER), `${fetched}`);
    // Cancelled while it waits: Cancel says the module goes on loading, and Count waits again.
    await page.click('#cancel');
    await waitMessage(page, whole(COUNT_LOAD_CANCELLED));
    // Nothing waits now: the status is back at once, though the module is still held.
    assert.equal(await page.getAttribute('#engine-status', 'data-state'), 'ready');
    await page.click('#count');
    await page.waitForFunction((text) => document.querySelector('#job-text').textContent === text, COUNT_LOADING);
    release();
    await waitMessage(page, /^1 solution from this grid \([\d,]+ nodes?\)\.$/);
    await page.screenshot({ path: join(ARTIFACTS, 'sudoku-full-module.png'), fullPage: true });
    // Counted on every core now: an empty grid's count shows its progress (the pool's split),
    // and is cancelled.
    await page.click('#empty');
    await waitMessage(page, /^An empty/);
    await page.click('#count');
    await page.waitForFunction(() => /Counting: [1-9][\d,]* solutions? so far/.test(document.querySelector('#job-text').textContent), null, { timeout: 10_000 });
    await page.click('#cancel');
    await waitMessage(page, /^Cancelled the count/);
    // An import judged now: an empty grid has at least the verdict's limit of solutions.
    await importPuzzle(page, '.'.repeat(81));
    await waitMessage(page, /^Imported .* Warning: it has at least 100 solutions, not one/);
    // Fetched once: the full module, and the coach's (the verdict's grade), nothing else;
    // the bindings once.
    assert.deepEqual(fetched.filter((path) => path === LATER), [LATER]);
    assert.deepEqual(bindings, [BINDINGS_PATH]);
    assert.deepEqual(fetched.filter((path) => path !== LATER), ['/pkg/dlx_wasm_coach_bg.wasm']);
    await clean(tab);
  });

  test('a puzzle only the full module reads waits for it, then is read and played: at the load and at an import', { timeout: 120_000 }, async () => {
    // The first module reads the classic 9x9 on one line alone and hands the rest over
    // (src/wasm/sudoku.rs `handover`, `needs_full_module`), which the page asks its full
    // module (www/sudoku/jobs.js `ask`), fetched at once for it.
    for (const [address, framed] of [[hash(sixteen), null], ['', HARD.match(/.{9}/g).join('\n')]]) {
      const { route, release } = heldRoute();
      const { tab, fetched } = await openWith(route, address);
      const { page } = tab;
      if (framed !== null) {
        // The start puzzle is the first module's to read and play.
        await waitMessage(page, /./);
        await importPuzzle(page, framed);
      }
      // Asked for at once (not 2 s after the load), and held here.
      for (let waited = 0; !fetched.includes(LATER); waited += 50) {
        assert.ok(waited < 1500, `the full module was not asked for: ${fetched}`);
        await page.waitForTimeout(50);
      }
      await page.waitForTimeout(300);
      assert.doesNotMatch(await page.textContent('#message'), /needs_full_module|full module reads|^Imported/);
      // The solver's status says what it waits for (it said nothing).
      assert.equal(await page.getAttribute('#engine-status', 'data-state'), 'full');
      assert.equal(await page.textContent('#engine-status'), 'Loading the rest of the solver…');
      release();
      await page.waitForSelector('#engine-status[data-state="ready"]');
      if (framed !== null) {
        await waitMessage(page, /^Imported/);
        await page.click('#solve');
        await waitMessage(page, /^Solved .*unique/);
        checkSudoku(assert, HARD.replaceAll('0', '.'), await cells(page));
      } else {
        await page.waitForFunction(() => document.querySelectorAll('#grid .cell').length === 256);
        assert.equal(await givens(page), sixteen);
        await page.click('#solve');
        await page.waitForSelector('#stats:not([hidden])');
        assert.equal(await cells(page), dlx.solve_sudoku(sixteen));
      }
      assert.ok(fetched.includes(LATER), `${fetched}`);
      await clean(tab);
    }
  });

  test('a full module that cannot be loaded: a link it would read keeps its address, an import and a size say why', { timeout: 120_000 }, async () => {
    const address = hash(sixteen);
    const { tab } = await openWith((route) => route.abort(), address);
    const { page } = tab;
    // The link's game is not lost: the address keeps it for a reload, and the page says why.
    await waitMessage(page, whole(fullUnloaded({ message: '\u0000' }, 'The link’s game', 'Check the connection and reload the page to open it.'), '\u0000'));
    assert.equal(new URL(page.url()).hash, address);
    // The first module serves on, and the solver's status says it is ready again.
    await page.waitForSelector('#engine-status[data-state="ready"]');
    // The start puzzle plays on the first module; a framed grid's import says what failed.
    await importPuzzle(page, HARD.match(/.{9}/g).join('\n'));
    await page.waitForFunction((source) => new RegExp(source).test(document.querySelector('#import-error').textContent),
      whole(fullUnloaded({ message: '\u0000' }, 'Not imported: reading it', 'Check the connection and import it again.'), '\u0000').source);
    await page.click('#solve');
    await waitMessage(page, /^Solved/);
    const refused = new RegExp(`${LATER.replaceAll('.', '\\.')}|${BINDINGS_PATH.replaceAll('.', '\\.')}|Failed to load resource`);
    for (const problem of tab.problems) assert.match(problem, refused, problem);
    tab.problems.length = 0;
    await clean(tab);
  });

  test('a full module that cannot be loaded: the page plays and solves, and Count says why it cannot count', { timeout: 120_000 }, async () => {
    let refuse = true;
    const { tab } = await openWith((route) => (refuse ? route.abort() : route.continue()));
    const { page } = tab;
    await importPuzzle(page, HARD);
    await waitMessage(page, /^Imported/);
    await page.click('#count');
    await waitMessage(page, whole(countUnloaded({ message: '\u0000' }), '\u0000'));
    assert.equal(await page.isVisible('#job'), false);
    await page.click('#solve');
    await waitMessage(page, /^Solved .*unique/);
    checkSudoku(assert, HARD.replaceAll('0', '.'), await cells(page));
    // The only failures are the full module's requests (and the bindings').
    assert.ok(tab.problems.length > 0);
    const refused = new RegExp(`${LATER.replaceAll('.', '\\.')}|${BINDINGS_PATH.replaceAll('.', '\\.')}|Failed to load resource`);
    for (const problem of tab.problems) assert.match(problem, refused, problem);
    tab.problems.length = 0;
    // The next Count tries again: the module loads now, and the count is made.
    refuse = false;
    await page.click('#undo');
    await page.click('#count');
    await waitMessage(page, /^1 solution from this grid \([\d,]+ nodes?\)\.$/);
    await clean(tab);
  });

  test('the bindings\' first request failing, the full module in: the page plays and solves, and Count counts at the next try (from a URL of its own)', { timeout: 120_000 }, async () => {
    const requests = [];
    const tab = await open('', undefined, {
      listen: async (page) => {
        // Every request of the bindings, whatever its query: the first one refused.
        await page.route((url) => url.pathname === BINDINGS_PATH, (route) => {
          requests.push(new URL(route.request().url()).search);
          return requests.length === 1 ? route.abort() : route.continue();
        });
      },
    });
    const { page } = tab;
    await importPuzzle(page, HARD);
    await waitMessage(page, /^Imported/);
    await page.click('#solve');
    await waitMessage(page, /^Solved .*unique/);
    checkSudoku(assert, HARD.replaceAll('0', '.'), await cells(page));
    await page.click('#undo');
    // Count fails once for the refused request (unless the page's own fetch of the full
    // module, 2 s after its load, met it first): then the next Count counts.
    await page.click('#count');
    const counted = /^1 solution from this grid \([\d,]+ nodes?\)\.$/;
    const unloaded = whole(countUnloaded({ message: '\u0000' }), '\u0000');
    await page.waitForFunction(([a, b]) => {
      const text = document.querySelector('#message').textContent;
      return new RegExp(a).test(text) || new RegExp(b).test(text);
    }, [counted.source, unloaded.source]);
    if (!counted.test(await page.textContent('#message'))) {
      await page.click('#count');
      await waitMessage(page, counted);
    }
    // The second request is the retry's, from a URL of its own (a failed import may be kept
    // by the browser's module map: whatwg/html#6768).
    assert.deepEqual(requests, ['', '?retry=1']);
    const refused = new RegExp(`${BINDINGS_PATH.replaceAll('.', '\\.')}|Failed to load resource`);
    assert.ok(tab.problems.length > 0);
    for (const problem of tab.problems) assert.match(problem, refused, problem);
    tab.problems.length = 0;
    await clean(tab);
  });

  test('a hint found while the full module is held waits for its candidates, and Cancel then ends it: the cancelled hint is not shown when the module comes', { timeout: 120_000 }, async () => {
    const { route, release } = heldRoute();
    const { tab } = await openWith(route);
    const { page } = tab;
    await page.waitForSelector('#engine-status[data-state="ready"]');
    // The coach finds the step; its candidates (sudoku_candidates, which the first module has
    // not) wait for the held full module, and the status says so.
    await page.click('#hint');
    await page.waitForSelector('#engine-status[data-state="full"]', { timeout: 60_000 });
    await page.click('#cancel');
    await waitMessage(page, new RegExp(`^${HINT_CANCELLED.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`));
    assert.equal(await page.getAttribute('#engine-status', 'data-state'), 'ready');
    release();
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('_page_bg.wasm') && e.responseEnd > 0));
    await page.waitForTimeout(1_000);
    assert.equal(await page.isVisible('#step'), false, 'the cancelled hint is shown');
    assert.equal(await message(page), HINT_CANCELLED);
    await clean(tab);
  });

  test('the pools\' first request failing: the next call imports them from a URL of its own, solves, and the background loads begin then', { timeout: 120_000 }, async () => {
    // The page's pools (site/lib/pool.js, preloaded and imported when first asked: www/lib/
    // solver.js `pools`): every request of the file itself refused (the preload's, and the
    // first import's where it makes one of its own), so that only a retry loads them.
    const requests = [];
    const fetched = [];
    const tab = await open('', undefined, {
      listen: async (page) => {
        page.on('request', (request) => {
          const path = new URL(request.url()).pathname;
          if (path.endsWith('.wasm')) fetched.push(path);
        });
        await page.route((url) => url.pathname === '/lib/pool.js', (route) => {
          const query = new URL(route.request().url()).search;
          requests.push(query);
          return query === '' ? route.abort() : route.continue();
        });
      },
    });
    const { page } = tab;
    await page.waitForSelector('#engine-status[data-state="ready"]');
    await page.click('#solve');
    await waitMessage(page, /^Solved/);
    assert.equal(await cells(page), dlx.solve_sudoku(INKALA));
    // The next call's retry, from a URL of its own (a failed import may be kept by the
    // browser's module map: whatwg/html#6768). Then the coach module (when idle) and the
    // full module (2 s after the load), as on a page whose pools came in at once (none is
    // fetched where the background loads were tried only once, when the solver became ready
    // and the pools failed).
    assert.equal(requests.at(-1), '?retry=1', `${requests}`);
    assert.ok(requests.slice(0, -1).length >= 1 && requests.slice(0, -1).every((query) => query === ''), `${requests}`);
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => e.name.endsWith('_page_bg.wasm')), null, { timeout: 30_000 });
    assert.ok(fetched.includes('/pkg/dlx_wasm_coach_bg.wasm'), `${fetched}`);
    assert.ok(fetched.includes(`/${LATER_WASM['index.html']}`), `${fetched}`);
    const refused = /lib\/pool\.js|Failed to load resource|failed to fetch|dynamically imported module/i;
    for (const problem of tab.problems) assert.match(problem, refused, problem);
    tab.problems.length = 0;
    await clean(tab);
  });

  test('Hint and Solve step by step, loaded after the page: a failed load says why, and the next press loads them (the script from a URL of its own) with their looks', { timeout: 120_000 }, async () => {
    // Every request of the steps' script and stylesheet refused until `allowed` is set (the
    // background load's, and a press's), as a network that drops them would.
    const requests = [];
    let allowed = false;
    const tab = await open('', undefined, {
      listen: async (page) => {
        await page.route((url) => url.pathname === '/sudoku/steps.js' || url.pathname === '/step.css', (route) => {
          const url = new URL(route.request().url());
          requests.push(`${url.pathname}${url.search}`);
          return allowed ? route.continue() : route.abort();
        });
      },
    });
    const { page } = tab;
    await page.click('#hint');
    await waitMessage(page, /^Hint and Solve step by step failed to load \(.+\)\. Check the connection and press again; the rest of the page works\.$/);
    assert.ok(await page.locator('#step').isHidden());
    // The page plays on.
    await page.click('#solve');
    await waitMessage(page, /^Solved/);
    await page.click('#undo');
    allowed = true;
    await fullHint(page);
    // The script asked for again from a URL of its own (a failed import may be kept by the
    // browser's module map: whatwg/html#6768); its looks applied.
    const scripts = requests.filter((r) => r.startsWith('/sudoku/'));
    assert.match(scripts.at(-1), /^\/sudoku\/steps\.js\?retry=\d+$/, `${requests}`);
    assert.equal(scripts[0], '/sudoku/steps.js', `${requests}`);
    assert.ok(requests.includes('/step.css'), `${requests}`);
    assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('step-legend')).display), 'flex');
    await page.click('#step-apply');
    await waitMessage(page, /^Applied/);
    const refused = /steps\.js|step\.css|Failed to load resource|failed to fetch|dynamically imported module/i;
    for (const problem of tab.problems) assert.match(problem, refused, problem);
    tab.problems.length = 0;
    await clean(tab);
  });
});

describe('the sudoku page on every screen (issue 13)', () => {
  test('#13.7 the grid and its controls fit one screen; screenshots light and dark', { timeout: 120_000 }, async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const [name, viewport] of [
      ['1280', { width: 1280, height: 900 }],
      // A short window: the board is as wide as the window is tall, less the rows above
      // and below it (style.css --chrome).
      ['1280x720', { width: 1280, height: 720 }],
      ['820', { width: 820, height: 900 }],
      ['375', { width: 375, height: 812 }],
    ]) {
      for (const colorScheme of ['light', 'dark']) {
        const tab = await open('', viewport, { colorScheme });
        const { page } = tab;
        await cell(page, 2).click();
        await page.keyboard.press('Shift+Digit4');
        await page.keyboard.press('Shift+Digit5');
        const gridBefore = await page.locator('#grid').boundingBox();
        // The hint on the grid, with its reason and Apply, is on screen too (#16).
        await fullHint(page);
        // The hint takes room beside the grid (below it on a phone): the grid keeps its size.
        const gridWith = await page.locator('#grid').boundingBox();
        assert.deepEqual([gridWith.width, gridWith.height], [gridBefore.width, gridBefore.height], 'the grid keeps its size with a hint');
        for (const selector of ['#grid', '#step-apply', '#step-reason']) {
          const box = await page.locator(selector).boundingBox();
          assert.ok(box.y >= 0 && box.y + box.height <= viewport.height, `${selector} on screen with the hint`);
        }
        // (The notes 4 5 leave out the solution's 2: the hint says so, and Apply puts it back.)
        assert.equal(await page.textContent('#step-title'), 'Hint: Missing pencil mark');
        await page.click('#step-apply');
        await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('Applied'));
        // Everything needed to play is on screen, without scrolling, after the hint too.
        const scroll = await page.evaluate(() => [scrollX, scrollY]);
        for (const selector of ['#grid', '#pad', '#undo', '#hint', '#check', '#solve', '#message', '#mode-pencil', '#timer']) {
          const box = await page.locator(selector).boundingBox();
          assert.ok(box, `${selector} is shown`);
          assert.ok(
            box.x >= 0 && box.y + scroll[1] >= 0 && box.x + box.width <= viewport.width && box.y + box.height <= viewport.height,
            `${selector} within ${viewport.width}x${viewport.height} (${JSON.stringify(box)}, scrolled ${scroll})`,
          );
        }
        assert.deepEqual(scroll, [0, 0], 'nothing scrolled the page');
        // No button's label overflows it.
        const overflowing = await page.$$eval('button', (all) =>
          all.filter((b) => b.offsetParent && b.scrollWidth > b.clientWidth + 1).map((b) => b.textContent),
        );
        assert.deepEqual(overflowing, []);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        assert.ok(width <= viewport.width, `no horizontal scroll at ${viewport.width}px (${width})`);
        await page.screenshot({ path: join(ARTIFACTS, `sudoku-${name}-${colorScheme}.png`) });
        await clean(tab);
      }
    }
  });

  test('the rows of the grid are of one height, with givens in every row or none, at every size', { timeout: 180_000 }, async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    /** A full grid of `n` (a square of `b`): the pattern (b (r mod b) + r div b + c) mod n. */
    const full = (n) => {
      const b = Math.sqrt(n);
      let line = '';
      for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) line += '123456789ABCDEFGHIJKLMNOP'[(b * (r % b) + Math.floor(r / b) + c) % n];
      return line;
    };
    for (const [name, viewport] of [['1280', { width: 1280, height: 800 }], ['390', { width: 390, height: 844 }]]) {
      const tab = await open('', viewport);
      const { page } = tab;
      const widths = {};
      for (const n of [4, 9, 16, 25]) {
        const solved = full(n);
        // Givens in the first row only: the other rows have none.
        for (const [kind, line] of [['empty', '.'.repeat(n * n)], ['full', solved], ['one-row', solved.slice(0, n) + '.'.repeat(n * n - n)]]) {
          await importPuzzle(page, line);
          await page.waitForFunction((expected) => [...document.querySelectorAll('#grid .cell')]
            .map((c) => c.querySelector('.value').textContent || '.').join('') === expected, line);
          const heights = await page.$$eval('#grid .cell', (all) => all.map((c) => c.getBoundingClientRect().height));
          const rows = Array.from({ length: n }, (_, r) => heights[r * n]);
          const spread = Math.max(...heights) - Math.min(...heights);
          assert.ok(spread < 1.5, `${name} ${n}x${n} ${kind}: row heights ${rows.map((h) => h.toFixed(1)).join(' ')}`);
          const grid = await page.locator('#grid').boundingBox();
          assert.ok(Math.abs(grid.width - grid.height) < 2, `${name} ${n}x${n} ${kind}: a square grid (${JSON.stringify(grid)})`);
          await page.locator('#grid').screenshot({ path: join(ARTIFACTS, `sudoku-rows-${name}-${n}-${kind}.png`) });
          widths[n] = grid.width;
          // The whole board, from the modes to the message, is on screen (to a pixel: the scroll
          // position is whole pixels) and no wider than it.
          for (const selector of ['.modes', '#grid', '#pad', '#message']) {
            const box = await page.locator(selector).boundingBox();
            assert.ok(box.y >= -1 && box.y + box.height <= viewport.height && box.x + box.width <= viewport.width,
              `${name} ${n}x${n} ${kind}: ${selector} on screen (${JSON.stringify(box)})`);
          }
        }
      }
      // On a wide screen a large grid takes the room the header leaves: its cells grow.
      if (name === '1280') assert.ok(widths[25] > widths[9] * 1.15, `a 25 x 25 grid ${widths[25]} px wide, 9 x 9 ${widths[9]}`);
      await page.screenshot({ path: join(ARTIFACTS, `sudoku-rows-${name}-page.png`) });
      await clean(tab);
    }
  });

  test('#13.7 16 x 16 notes stay readable on a phone; the pad fits', { timeout: 60_000 }, async () => {
    const tab = await open('', { width: 375, height: 812 });
    const { page } = tab;
    const { puzzle } = dlx.generate_sudoku({ size: 16, difficulty: 'easy', seed: 7 });
    await importPuzzle(page, puzzle);
    await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('Imported'));
    await page.click('#auto-notes');
    await page.waitForFunction(() => /Candidates/.test(document.querySelector('#message').textContent));
    const sizes = await page.$$eval('#grid .notes > span:not(:empty)', (all) => all.map((s) => parseFloat(getComputedStyle(s).fontSize)));
    assert.ok(sizes.length > 0);
    assert.ok(Math.min(...sizes) >= 7, `notes at ${Math.min(...sizes)}px`);
    await page.evaluate(() => scrollTo(0, 0)); // the click on Auto candidates scrolled down to it
    for (const selector of ['#grid', '#pad', '#solve', '#message']) {
      const box = await page.locator(selector).boundingBox();
      assert.ok(box.y >= 0 && box.y + box.height <= 812 && box.x + box.width <= 375, `${selector} on screen: ${JSON.stringify(box)}`);
    }
    const overflowing = await page.$$eval('#pad button', (all) => all.filter((b) => b.scrollWidth > b.clientWidth + 1).length);
    assert.equal(overflowing, 0);
    await page.screenshot({ path: join(ARTIFACTS, 'sudoku-16x16-375.png') });
    await clean(tab);
  });

  test('#13.8 on a touch screen the first words say tap, not Tab', { timeout: 60_000 }, async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width: 375, height: 812 });
    const cdp = await browser.context.newCDPSession(page);
    await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
    const blank = `${server.url}blank.html`;
    await page.route(blank, (route) => route.fulfill({ contentType: 'text/html', body: '<link rel="icon" href="data:,">' }));
    await page.goto(blank);
    await page.evaluate(() => localStorage.clear());
    await page.unroute(blank);
    const problems = watch(page);
    await page.goto(server.url);
    await page.waitForSelector('#engine-status[data-state="ready"]');
    assert.equal(await page.textContent('#message'), 'Tap a cell, then a number below.');
    assert.equal(await page.isHidden('#keys-help'), true);
    assert.deepEqual(problems, []);
    await page.close();
  });
});

describe('the sudoku page: no lost games, no broken states (issue 13)', () => {

  test('#13.1 Solve keeps the player’s entries, says when they make it unsolvable; setter mode', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    await page.click('#empty');
    await waitMessage(page, /^An empty 9 × 9 grid/);
    // Empty grid turns "Enter givens" on; as a player (off), type 5 3 . . 7 in row 1.
    assert.equal(await page.getAttribute('#mode-setter', 'aria-pressed'), 'true');
    await page.click('#mode-setter');
    assert.equal(await page.getAttribute('#mode-setter', 'aria-pressed'), 'false');
    await cell(page, 0).click();
    for (const key of ['5', 'ArrowRight', '3', 'ArrowRight', 'ArrowRight', 'ArrowRight', '7']) await page.keyboard.press(key);
    assert.equal((await cells(page)).slice(0, 9), '53..7....');
    assert.equal(await givens(page), '.'.repeat(81), 'entries, not givens');
    await page.click('#solve');
    await waitMessage(page, /^Solved/);
    const solved = await cells(page);
    assert.equal(solved[0] + solved[1] + solved[4], '537');
    assert.match(await message(page), /keeping your 3 entries: this is one of several solutions/);
    assert.ok(dlx.solve_sudoku(solved) === solved);

    // Entries that leave no solution: said so, the grid untouched.
    await importPuzzle(page, HARD);
    await waitMessage(page, /^Imported/);
    const solution = dlx.solve_sudoku(HARD);
    const candidates = dlx.sudoku_candidates(HARD);
    const k = candidates.findIndex((list) => list && list.length > 1);
    await cell(page, k).click();
    await page.keyboard.press(candidates[k].find((s) => s !== solution[k]));
    const before = await cells(page);
    await page.click('#solve');
    await waitMessage(page, /^No solution with your 1 entry/);
    assert.equal(await cells(page), before);

    // Setter mode: typed digits are givens, kept by Solve, and not the player's to erase.
    await page.click('#empty');
    await waitMessage(page, /^An empty/);
    const entries = await page.evaluate(() => history.length);
    await cell(page, 0).click();
    for (const key of ['5', 'ArrowRight', '3', 'ArrowRight', 'ArrowRight', 'ArrowRight', '7']) await page.keyboard.press(key);
    assert.equal((await givens(page)).slice(0, 9), '53..7....');
    assert.equal(await page.evaluate(() => history.length), entries, 'typing givens adds no history entries');
    assert.ok((await page.locator('#grid').boundingBox()).y >= 0, 'the new grid is in view');
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'sudoku-setter.png') });
    await page.click('#mode-setter');
    // Judged as an import is: 3 givens leave many solutions.
    await waitMessage(page, /^3 givens set\. Warning: it has at least 100 solutions, not one/);
    await cell(page, 0).click();
    await page.keyboard.press('Backspace');
    assert.equal((await givens(page)).slice(0, 2), '53');
    await page.click('#solve');
    await waitMessage(page, /^Solved/);
    assert.equal((await givens(page)).slice(0, 9), '53..7....');
    // A new puzzle is played, not set.
    await page.click('#empty');
    await waitMessage(page, /^An empty/);
    assert.equal(await page.getAttribute('#mode-setter', 'aria-pressed'), 'true');
    await importPuzzle(page, HARD);
    await waitMessage(page, /^Imported/);
    assert.equal(await page.getAttribute('#mode-setter', 'aria-pressed'), 'false');
    await clean(tab);
  });

  test('#13.2 every size the engine reads is drawn and playable; the Size menu follows', { timeout: 120_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    for (const n of [12, 5, 8, 25]) {
      await importPuzzle(page, '.'.repeat(n * n));
      await waitMessage(page, new RegExp(`^Imported an? ${n} × ${n} puzzle with 0 givens`));
      assert.equal(await page.locator('#grid .cell').count(), n * n);
      assert.equal(await page.inputValue('#size'), String(n));
      // Square cells, not stripes.
      const box = await cell(page, 0).boundingBox();
      assert.ok(Math.abs(box.width - box.height) < 2 && box.width > 8, `${n}: ${JSON.stringify(box)}`);
      assert.equal(await page.locator('#pad button').count(), n + 1);
    }
    assert.match(await message(page), /^Imported a 25 × 25/);
    // H and N are symbols at 25 x 25: the keys help names ? and Space instead.
    assert.match(await page.textContent('#keys-help'), /Space notes .* \? hint/);
    // Empty grid and New work at the imported size.
    await importPuzzle(page, '.'.repeat(144));
    await waitMessage(page, /^Imported a 12 × 12/);
    await page.click('#empty');
    await waitMessage(page, /^An empty 12 × 12 grid/);
    await page.selectOption('#difficulty', 'easy');
    await page.click('#new');
    await waitMessage(page, /^New easy puzzle/);
    assert.equal(dlx.count_sudoku_solutions(await givens(page), { limit: 2 }).count, 1);
    // A size the page cannot draw is refused before the game changes.
    const line = await cells(page);
    await importPuzzle(page, '.'.repeat(9));
    await page.waitForSelector('#import-error:not([hidden])');
    assert.equal(await cells(page), line);
    await clean(tab);
  });

  test('#13.3 New, Empty grid, Import and Size are undoable; Back returns; a reload keeps the game', { timeout: 90_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    await cell(page, 1).click();
    await page.keyboard.press('1');
    const played = await cells(page);
    await page.selectOption('#difficulty', 'easy');
    await page.click('#new');
    await waitMessage(page, /^New easy puzzle/);
    assert.notEqual(await givens(page), INKALA);
    assert.equal(await page.isEnabled('#undo'), true);
    await page.click('#undo');
    assert.equal(await givens(page), INKALA);
    assert.equal(await cells(page), played);
    await page.click('#redo');
    assert.notEqual(await givens(page), INKALA);
    // Back leaves the new puzzle for the game before it, not the site.
    await page.goBack();
    await page.waitForFunction((line) => [...document.querySelectorAll('#grid .cell')].map((c) => c.querySelector('.value').textContent || '.').join('') === line, played);
    assert.equal(new URL(page.url()).origin + '/', server.url);
    // A size change, undone: the 9 x 9 game is back, size and all.
    await page.selectOption('#size', '4');
    await page.waitForFunction(() => document.querySelectorAll('#grid .cell').length === 16);
    await page.click('#undo');
    await page.waitForFunction(() => document.querySelectorAll('#grid .cell').length === 81);
    assert.equal(await cells(page), played);
    assert.equal(await page.inputValue('#size'), '9');
    // Notes, colours and the time survive a reload (without the address too).
    await cell(page, 2).click();
    await page.keyboard.press('Shift+Digit4');
    await page.click('#palette .color-3');
    await page.waitForTimeout(1100);
    const time = await page.textContent('#timer');
    await page.goto(server.url);
    await page.waitForSelector('#engine-status[data-state="ready"]');
    await waitMessage(page, /^Welcome back/);
    assert.equal(await cells(page), played);
    assert.match(await cell(page, 2).getAttribute('aria-label'), /notes 4/);
    assert.equal(await cell(page, 2).evaluate((c) => c.classList.contains('color-3')), true);
    assert.ok((await page.textContent('#timer')) >= time, 'the time played is kept');
    await clean(tab);
  });

  test('#13.4 after a click on the pad, the keyboard still acts on the selected cell', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    await cell(page, 1).click();
    await page.click('#pad button:has-text("1")');
    assert.equal((await cells(page))[1], '1');
    assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), '1');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('2');
    assert.equal((await cells(page))[2], '2');
    // Even if focus is elsewhere (a button), digits and arrows go to the grid.
    await page.focus('#check');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('4');
    assert.equal((await cells(page))[3], '4');
    await clean(tab);
  });

  test('#13.5 #16 only the levels a size can have are offered', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    const all = ['easy', 'medium', 'hard', 'expert', 'diabolical'];
    const enabled = () => page.$$eval('#difficulty option', (all) => all.filter((o) => !o.disabled).map((o) => o.value));
    assert.deepEqual(await enabled(), all);
    await page.selectOption('#size', '4');
    await page.waitForFunction(() => document.querySelectorAll('#grid .cell').length === 16);
    assert.deepEqual(await enabled(), ['easy']);
    assert.match(await page.textContent('#levels-note'), /Every 4 × 4 puzzle is easy/);
    // New asked for a level the size offers, not for the one selected before.
    assert.match(await message(page), /^New easy puzzle,/);
    await page.selectOption('#size', '6');
    await page.waitForFunction(() => document.querySelectorAll('#grid .cell').length === 36);
    assert.deepEqual(await enabled(), all);
    assert.match(await page.textContent('#levels-note'), /Some levels are rare at 6 × 6/);
    // Whatever level comes out, the message names it, and says when it is not the one asked for.
    await page.selectOption('#difficulty', 'expert');
    await page.click('#new');
    await waitMessage(page, /^New (expert puzzle|\w+ puzzle \(the nearest to expert this size gave\)),/);
    await page.selectOption('#size', '9');
    await page.waitForFunction(() => document.querySelectorAll('#grid .cell').length === 81);
    assert.equal(await page.isHidden('#levels-note'), true);
    // Diabolical means what it says: the puzzle's grade, from the engine, is diabolical.
    await page.selectOption('#difficulty', 'diabolical');
    await page.click('#new');
    await waitMessage(page, /^New diabolical puzzle,/);
    assert.equal(dlx.rate_sudoku(await givens(page)).level, 'diabolical');
    // Above 16 x 16 only easy is offered, and New asks for it (diabolical was selected).
    await page.selectOption('#size', '18');
    await page.waitForFunction(() => document.querySelectorAll('#grid .cell').length === 324, null, { timeout: 30_000 });
    await waitMessage(page, /^New easy puzzle,/);
    assert.deepEqual(await enabled(), ['easy']);
    assert.match(await page.textContent('#levels-note'), /At 18 × 18 New makes easy puzzles only/);
    await clean(tab);
  });

  test('#13.6 #13.9 a count warns when it would take forever, an edit marks it stale; disabled controls look disabled', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    const look = () => page.$eval('#solve', (b) => { const s = getComputedStyle(b); return `${s.opacity} ${s.borderStyle} ${s.backgroundColor}`; });
    const enabledLook = await look();
    await page.click('#empty');
    await waitMessage(page, /^An empty/);
    await page.click('#count');
    await page.waitForSelector('#job-text[data-warning="long"]', { timeout: 20_000 });
    const text = await page.textContent('#job-text');
    assert.match(text, /would take about .* an empty 9 × 9 grid has about 6\.67 × 10²¹ solutions/);
    assert.doesNotMatch(text, /0\.0000%/);
    // Powers of ten in superscript, never written with a caret.
    assert.match(text, /about [0-9.]+ × 10⁻[⁰¹²³⁴⁵⁶⁷⁸⁹]+% of the search/);
    assert.doesNotMatch(text, /\^/);
    // Disabled while the job runs, and it shows.
    assert.equal(await page.isDisabled('#solve'), true);
    assert.notEqual(await look(), enabledLook);
    assert.equal(await page.$eval('#solve', (b) => getComputedStyle(b).opacity < 1), true);
    assert.equal(await page.isHidden('#job-note'), true);
    await cell(page, 0).click();
    await page.keyboard.press('5');
    await page.waitForSelector('#job-note:not([hidden])');
    assert.match(await page.textContent('#job-note'), /grid has changed/);
    await page.click('#cancel');
    assert.equal(await look(), enabledLook);
    await clean(tab);
  });

  test('#13.6 a count that ends after an edit says it describes the grid as it was', { timeout: 90_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    // 2,695,872 solutions: about 2 s of counting on one thread in Node, so that the edit below
    // lands while the count runs (the 149,028 of one more given took 0.17 s: the count could
    // end before the edit).
    const puzzle = '600000507000000000001304000007502003300700001020040000003000605000000000000000000';
    await importPuzzle(page, puzzle);
    await waitMessage(page, /^Imported/);
    await page.click('#count');
    await page.waitForSelector('#job:not([hidden])');
    await cell(page, 80).click();
    await page.keyboard.press('1');
    await page.waitForSelector('#job-note:not([hidden])');
    await page.waitForSelector('#job[hidden]', { state: 'attached', timeout: 80_000 });
    assert.match(await message(page), /^2,695,872 solutions for the grid as it was when the count began .*it has changed since: count again/);
    await clean(tab);
  });

  test('#13.8 plain words: the player’s own conflicts, no backticks, articles and plurals', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    await cell(page, 1).click();
    await page.keyboard.press('8');
    await page.waitForSelector('#grid .cell.conflict');
    await page.click('#hint');
    await waitMessage(page, /^Fix the conflicts among your entries and the givens first/);
    assert.doesNotMatch(await message(page), /conflicting givens|`/);
    await importPuzzle(page, `${'.'.repeat(22)}x${'.'.repeat(58)}`);
    await page.waitForSelector('#import-error:not([hidden])');
    assert.doesNotMatch(await page.textContent('#import-error'), /`/);
    await importPuzzle(page, `1${'.'.repeat(63)}`);
    await waitMessage(page, /^Imported an 8 × 8 puzzle with 1 given\./);
    // A puzzle without exactly one solution gets no hint and no path, and the page says why
    // in the engine's words (issue 32): an empty grid has many, this one none.
    await page.click('#empty');
    await waitMessage(page, /^An empty/);
    await page.click('#hint');
    await waitMessage(page, /^This puzzle has more than one solution \(at least 2\)/);
    await importPuzzle(page, `123456...${'......78.'}${'.'.repeat(63)}`);
    await waitMessage(page, /^Imported a 9 × 9 puzzle with 8 givens\./);
    await page.click('#walk');
    await waitMessage(page, /^This puzzle has no solution\.$/);
    assert.equal(await page.isHidden('#step'), true);
    assert.equal(await page.locator('#step-list button').count(), 0, 'no steps played');
    await clean(tab);
  });
  test('a worker whose import of the coach’s bindings failed imports them again at the next coach call', { timeout: 60_000 }, async () => {
    // The pool sends a worker the coach module once; where the worker's own import of its
    // bindings fails (a network error), the next Hint must not fail for the same reason.
    // The page never imports them (the worker checks a coach call's name against them):
    // every request is a worker's, and fails until `offline` is false.
    // Every request of them, whatever its query (a retry imports them from a URL of its
    // own, `?retry=N`, as the main module's bindings: load.js `bindings`).
    const url = (address) => address.pathname === '/pkg/dlx_wasm_coach.js';
    let requests = 0;
    const queries = [];
    let offline = true;
    await browser.context.route(url, (route) => {
      requests += 1;
      queries.push(new URL(route.request().url()).search);
      return offline ? route.abort() : route.continue();
    });
    try {
      const tab = await open(hash(XWING));
      const { page } = tab;
      await page.click('#hint');
      await waitMessage(page, /^No hint: .*dlx_wasm_coach\.js/);
      const failures = requests;
      assert.ok(failures > 0);
      offline = false;
      await fullHint(page);
      assert.match(await page.textContent('#step'), /\S/);
      assert.equal(requests, failures + 1, 'the worker imported the bindings again, once');
      // (Under load a hint may have run on two workers, the quick one and a job's, each
      // failing once: a worker counts its own retries.)
      assert.match(queries.at(-1), /^\?retry=[1-9]\d*$/, `${queries}: the retry from a URL of its own`);
      assert.ok(!queries.slice(0, -1).includes(queries.at(-1)), `${queries}: not a URL that failed`);
      // The failed request is the one problem seen.
      const failed = tab.problems.filter((problem) => problem.includes('dlx_wasm_coach.js'));
      assert.ok(failed.length > 0 && failed.every((problem) => /request failed/.test(problem)), `${failed}`);
      tab.problems.splice(0, Infinity, ...tab.problems.filter((problem) => !failed.includes(problem)));
      await clean(tab);
    } finally {
      await browser.context.unroute(url);
    }
  });
  test('a worker whose script failed to load is not handed to a job: once the script loads again, a solve is solved', { timeout: 60_000 }, async () => {
    // The pools' first workers are started with the page (www/lib/solver.js). Their script is
    // refused until they have all failed; then it loads again, and a solve must be sent to
    // a worker started then, not to a dead early one (which would never answer).
    const url = `${server.url}pkg/worker.js`;
    let refused = 0;
    await browser.context.route(url, (route) => (refused++, route.abort()));
    try {
      const tab = await open();
      const { page } = tab;
      await page.waitForSelector('#engine-status[data-state="ready"]');
      const early = await page.evaluate(() => 1 + Math.max(1, navigator.hardwareConcurrency || 4));
      for (let waited = 0; refused < Math.min(early, 2) && waited < 100; waited++) await page.waitForTimeout(100);
      assert.ok(refused >= 2, `${refused} refused`);
      // (The failures' events reach the page after the refusals.)
      await page.waitForTimeout(1_000);
      await browser.context.unroute(url);
      await page.click('#solve');
      await waitMessage(page, /^Solved/);
      // The refused scripts are the one problem seen.
      const failed = (problem) => problem.includes('worker.js') || problem.includes('net::ERR_FAILED');
      assert.ok(tab.problems.some(failed), `${tab.problems}`);
      tab.problems.splice(0, Infinity, ...tab.problems.filter((problem) => !failed(problem)));
      await clean(tab);
    } finally {
      await browser.context.unroute(url);
    }
  });
});

describe('the sudoku page: what players expect (issue 13)', () => {
  test('a pausable timer; keys for Hint and notes; notes pruned and highlighted; colours; mistakes as I type', { timeout: 90_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    // Timer: runs, pauses (the grid hidden, keys ignored), resumes.
    await cell(page, 1).click();
    await page.waitForFunction(() => document.querySelector('#timer').textContent !== '0:00');
    await page.click('#pause');
    assert.equal(await page.isVisible('#paused'), true);
    assert.equal(await page.$eval('#grid', (g) => getComputedStyle(g).visibility), 'hidden');
    const time = await page.textContent('#timer');
    await page.waitForTimeout(1200);
    assert.equal(await page.textContent('#timer'), time);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'sudoku-paused.png') });
    // The pad and Hint say why they do nothing.
    const before = await cells(page);
    await page.click('#pad [data-symbol="5"]');
    await waitMessage(page, /^Paused: press Resume to play on\.$/);
    assert.equal(await cells(page), before);
    await page.click('#resume');
    assert.equal(await page.isHidden('#paused'), true);

    // N toggles notes; notes with the selected digit stand out; an entry prunes its peers.
    await cell(page, 2).click();
    const padHeight = (await page.locator('#pad').boundingBox()).height;
    await page.keyboard.press('n');
    assert.equal(await page.getAttribute('#mode-pencil', 'aria-pressed'), 'true');
    // The pad shows the mode, and says it: its symbols toggle pencil marks; it does not move.
    assert.equal(await page.$eval('#pad', (pad) => pad.classList.contains('pencil')), true);
    assert.equal(await page.getAttribute('#pad', 'aria-label'), 'Toggle a pencil mark in the selected cell');
    assert.equal(await page.getAttribute('#pad button >> nth=3', 'aria-label'), 'Note 4');
    assert.equal((await page.locator('#pad').boundingBox()).height, padHeight);
    await page.keyboard.press('4');
    await page.keyboard.press('6');
    await page.keyboard.press('n');
    assert.equal(await page.getAttribute('#mode-pencil', 'aria-pressed'), 'false');
    assert.equal(await page.$eval('#pad', (pad) => pad.classList.contains('pencil')), false);
    assert.equal(await page.getAttribute('#pad button >> nth=3', 'aria-label'), 'Enter 4');
    await cell(page, INKALA.indexOf('4')).click(); // a given 4
    assert.equal(await page.locator('#grid .cell[data-cell="2"] .note-same').count(), 1, 'the 4 in the notes stands out');
    assert.equal(await page.textContent('#grid .cell[data-cell="2"] .note-same'), '4');
    await cell(page, 9 + 1).click(); // r2c2: empty
    await page.keyboard.press('4');
    assert.equal(await cell(page, 2).getAttribute('aria-label'), 'Row 1, column 3: empty, notes 6', '4 pruned from the box');
    // With pruning off, notes stay.
    await page.uncheck('#opt-prune');
    await cell(page, 2).click();
    await page.keyboard.press('Shift+Digit9');
    await cell(page, 9 * 4 + 2).click(); // r5c3: same column, empty, 9 a candidate
    await page.keyboard.press('9');
    assert.match(await cell(page, 2).getAttribute('aria-label'), /notes 6 9$/);

    // H gives a hint (shown on the grid until Apply; Escape closes it).
    await page.keyboard.press('h');
    await page.waitForSelector('#step:not([hidden])');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#step', { state: 'hidden' });

    // Colours.
    await cell(page, 3).click();
    await page.click('#palette .color-2');
    assert.equal(await cell(page, 3).evaluate((c) => c.classList.contains('color-2')), true);
    // The colour shows while another cell of its row is selected too.
    await cell(page, 5).click();
    const swatch = await page.$eval('#palette .color-2', (b) => getComputedStyle(b).backgroundColor);
    assert.equal(await cell(page, 3).evaluate((c) => getComputedStyle(c).backgroundColor), swatch);
    await cell(page, 3).click();
    await page.click('#palette .color-0');
    assert.equal(await cell(page, 3).evaluate((c) => c.classList.contains('color-2')), false);

    // Mistakes as I type (off by default).
    const solution = dlx.solve_sudoku(INKALA);
    const wrong = solution[4] === '1' ? '2' : '1';
    await cell(page, 4).click();
    await page.keyboard.press(wrong);
    assert.equal(await cell(page, 4).evaluate((c) => c.classList.contains('wrong')), false);
    await page.check('#opt-mistakes');
    await page.waitForSelector('#grid .cell[data-cell="4"].wrong');
    await cell(page, 4).click();
    await page.keyboard.press(solution[4]);
    await page.waitForFunction(() => !document.querySelector('#grid .cell[data-cell="4"]').classList.contains('wrong'));
    await clean(tab);
  });

  test('dark mode follows the system; the print view shows the grid alone', { timeout: 60_000 }, async () => {
    const tab = await open('', { width: 1280, height: 900 }, { colorScheme: 'dark' });
    const { page } = tab;
    const background = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    const dark = await background();
    await page.emulateMedia({ colorScheme: 'light' });
    const light = await background();
    assert.notEqual(dark, light);
    const luminance = (rgb) => rgb.match(/\d+/g).slice(0, 3).reduce((sum, c) => sum + Number(c), 0);
    assert.ok(luminance(dark) < 150 && luminance(light) > 600, `${dark} / ${light}`);
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.isVisible('#grid'), true);
    for (const hidden of ['.controls', '#pad', '.play-row', '#message', '.modes']) {
      assert.equal(await page.isHidden(hidden), true, hidden);
    }
    await page.screenshot({ path: join(ARTIFACTS, 'sudoku-print.png') });
    assert.equal(await page.isVisible('#print'), false);
    await page.emulateMedia({ media: 'screen' });
    assert.equal(await page.isVisible('#print'), true);
    await clean(tab);
  });
});

describe('the sudoku page: hints that show the step, and the whole path (issue 16)', () => {
  /** Entries for `puzzle` from the engine's hints (in Node) up to its first step that only removes candidates. */
  function toFirstElimination(puzzle) {
    const entries = [...'.'.repeat(81)];
    for (;;) {
      const step = dlx.sudoku_hint(puzzle, entries.join(''));
      if (!step.placement) return { entries: entries.join(''), step };
      entries[step.placement.cell] = step.placement.symbol;
    }
  }
  const struck = (page) =>
    page.$$eval('#grid .cell', (all) =>
      all.flatMap((c) => [...c.querySelectorAll('.note-struck')].map((n) => `${c.dataset.cell}:${n.textContent}`)),
    );
  const noteText = (page, k) => page.locator(`#grid .cell[data-cell="${k}"] .notes`).textContent();
  const shot = (page, name) => page.screenshot({ path: join(ARTIFACTS, `sudoku-16-${name}.png`) });

  test('#16 a hint that removes candidates: pattern highlighted, eliminations struck, Apply removes them, Undo brings them back', { timeout: 90_000 }, async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const { entries, step } = toFirstElimination(XWING);
    assert.ok(step.eliminations.length > 0);
    for (const [viewport, colorScheme] of [
      [{ width: 1280, height: 800 }, 'light'],
      [{ width: 375, height: 740 }, 'light'],
      [{ width: 375, height: 740 }, 'dark'],
    ]) {
      const tab = await open(hash(XWING, entries), viewport, { colorScheme });
      const { page } = tab;
      await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('Reopened'));
      await fullHint(page);
      assert.equal(await page.getAttribute('#step', 'data-technique'), step.technique);
      assert.match(await page.textContent('#step-title'), /^Hint: /);
      assert.equal(await page.textContent('#step-reason'), step.reason.replace(/`([^`]*)`/g, '“$1”'));
      // The pattern's cells and candidates are highlighted, the eliminations struck.
      const pattern = await page.$$eval('#grid .cell.step-cell', (all) => all.map((c) => Number(c.dataset.cell)));
      assert.deepEqual(pattern.sort((a, b) => a - b), [...step.cells].sort((a, b) => a - b));
      const want = step.eliminations.map((c) => `${c.cell}:${c.symbol}`).sort();
      assert.deepEqual((await struck(page)).sort(), want);
      assert.ok((await page.locator('#grid .note-pattern').count()) > 0, 'the pattern’s candidates stand out');
      const e = step.eliminations[0];
      assert.match(await cell(page, e.cell).getAttribute('aria-label'), new RegExp(`the step removes .*${e.symbol}`));
      const name = `${viewport.width}-${colorScheme}`;
      if (viewport.width === 375) await page.locator('#grid').scrollIntoViewIfNeeded();
      await shot(page, `hint-elimination-${name}`);
      if (viewport.width !== 1280) {
        await clean(tab);
        continue;
      }
      // Apply: the player had no pencil marks, so every empty cell gets its candidates,
      // without the ones the step removes.
      await page.click('#step-apply');
      await page.waitForSelector('#step', { state: 'hidden' });
      assert.match(await message(page), /^Applied: .*candidates? removed/);
      const candidates = dlx.sudoku_candidates(await cells(page));
      for (const c of step.eliminations) assert.doesNotMatch(await noteText(page, c.cell), new RegExp(c.symbol));
      const other = candidates.findIndex((list, k) => list && !step.eliminations.some((c) => c.cell === k));
      assert.equal(await noteText(page, other), candidates[other].join(''));
      assert.equal(await struck(page).then((l) => l.length), 0);
      // Undo takes the whole step back.
      await page.click('#undo');
      await page.waitForFunction(() => ![...document.querySelectorAll('#grid .notes')].some((n) => n.textContent));
      // With the player's own marks, the hint works from them: the next hint goes on.
      await fullHint(page);
      await page.click('#step-apply');
      await page.waitForSelector('#step', { state: 'hidden' });
      await fullHint(page);
      const next = await struck(page);
      assert.ok(!next.some((x) => want.includes(x)), 'the next hint does not repeat the step applied');
      await clean(tab);
    }
  });

  test('#16 with pencil marks in some cells only, repeated hints walk forward', { timeout: 60_000 }, async () => {
    const { entries, step } = toFirstElimination(XWING);
    const line = [...XWING].map((ch, k) => (ch !== '.' ? ch : entries[k])).join('');
    const candidates = dlx.sudoku_candidates(line);
    // Marks (all its candidates) in one empty cell the step does not touch.
    const k = candidates.findIndex((list, c) => list && !step.cells.includes(c) && !step.eliminations.some((e) => e.cell === c));
    const notes = candidates.map(() => 0);
    for (const s of candidates[k]) notes[k] |= 1 << (Number(s) - 1);
    const tab = await open(hash(XWING, entries, notes));
    const { page } = tab;
    await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('Reopened'));
    await fullHint(page);
    const first = (await struck(page)).sort();
    assert.deepEqual(first, step.eliminations.map((c) => `${c.cell}:${c.symbol}`).sort());
    await fullHint(page);
    await page.waitForFunction((f) => {
      const now = [...document.querySelectorAll('#grid .cell')].flatMap((c) =>
        [...c.querySelectorAll('.note-struck')].map((n) => `${c.dataset.cell}:${n.textContent}`),
      );
      return now.sort().join() !== f.join();
    }, first);
    await clean(tab);
  });

  test('#16 a hint that places a symbol: previewed on the grid; Apply fills it; Undo empties it', { timeout: 60_000 }, async () => {
    // An easy puzzle, whose first hint places (Inkala's start puzzle begins with a
    // contradiction net, which removes candidates).
    const easy = dlx.generate_sudoku({ size: 9, difficulty: 'easy', seed: 1 }).puzzle;
    const solution = dlx.solve_sudoku(easy);
    for (const [viewport, colorScheme] of [
      [{ width: 1280, height: 800 }, 'light'],
      [{ width: 375, height: 740 }, 'dark'],
    ]) {
      const tab = await open('', viewport, { colorScheme });
      const { page } = tab;
      await importPuzzle(page, easy);
      await page.waitForFunction(() => /^Imported/.test(document.querySelector('#message').textContent));
      await fullHint(page);
      const k = await page.$eval('#grid .cell.step-place', (c) => Number(c.dataset.cell));
      assert.equal(await cell(page, k).getAttribute('data-preview'), solution[k]);
      assert.equal((await cells(page))[k], '.', 'not placed before Apply');
      if (viewport.width === 375) await page.locator('#grid').scrollIntoViewIfNeeded();
      await shot(page, `hint-placement-${viewport.width}-${colorScheme}`);
      await page.click('#step-apply');
      await page.waitForFunction((k) => document.querySelectorAll('#grid .cell')[k].querySelector('.value').textContent !== '', k);
      assert.equal((await cells(page))[k], solution[k]);
      await page.click('#undo');
      await page.waitForFunction((k) => document.querySelectorAll('#grid .cell')[k].querySelector('.value').textContent === '', k);
      await clean(tab);
    }
  });

  test('#16 a pencil mark that leaves out the true symbol is reported; Apply puts it back', { timeout: 60_000 }, async () => {
    const solution = dlx.solve_sudoku(XWING);
    const candidates = dlx.sudoku_candidates(XWING);
    const k = candidates.findIndex((list) => list && list.length >= 3);
    const right = solution[k];
    // Marks in cell k: every candidate but the right one.
    const notes = candidates.map(() => 0);
    for (const s of candidates[k]) if (s !== right) notes[k] |= 1 << (Number(s) - 1);
    const tab = await open(hash(XWING, '', notes));
    const { page } = tab;
    await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('Reopened'));
    await fullHint(page);
    assert.equal(await page.textContent('#step-title'), 'Hint: Missing pencil mark');
    assert.match(await page.textContent('#step-reason'), new RegExp(`leave out ${right}`));
    assert.equal(await page.getAttribute('#step-reason', 'data-kind'), 'bad');
    assert.equal(await cell(page, k).evaluate((c) => c.classList.contains('step-missing')), true);
    await page.click('#step-apply');
    await page.waitForSelector('#step', { state: 'hidden' });
    assert.match(await noteText(page, k), new RegExp(right));
    await clean(tab);
  });

  test('#16 Solve step by step walks the whole path to the solution; every placement is right', { timeout: 120_000 }, async () => {
    const solution = dlx.solve_sudoku(XWING);
    const path = dlx.sudoku_solve_path(XWING);
    assert.ok(path.solved);
    for (const [viewport, colorScheme] of [
      [{ width: 1280, height: 800 }, 'light'],
      [{ width: 375, height: 740 }, 'light'],
      [{ width: 1280, height: 800 }, 'dark'],
    ]) {
      const tab = await open(hash(XWING), viewport, { colorScheme });
      const { page } = tab;
      await page.waitForFunction(() => document.querySelector('#message').textContent.startsWith('Reopened'));
      await page.click('#walk');
      await page.waitForSelector('#step[data-mode="walk"]:not([hidden])');
      assert.equal(await page.locator('#step-list button').count(), path.steps.length);
      assert.match(await page.textContent('#step-title'), new RegExp(`^Step 1 of ${path.steps.length}: `));
      assert.equal(await page.isDisabled('#step-prev'), true);
      const line = await cells(page);
      if (viewport.width === 1280 && colorScheme === 'light') {
        // Walk with the keyboard (focus is on Next), checking each step on the grid.
        for (let k = 0; k < path.steps.length; k++) {
          const step = path.steps[k];
          await page.waitForFunction((k) => document.querySelector('#step-title').textContent.startsWith(`Step ${k + 1} `), k);
          if (step.placement) {
            const c = step.placement.cell;
            assert.equal(await cell(page, c).getAttribute('data-preview'), solution[c], `step ${k + 1}`);
            assert.equal(step.placement.symbol, solution[c]);
          } else {
            const want = step.eliminations.map((e) => `${e.cell}:${e.symbol}`).sort();
            assert.deepEqual((await struck(page)).sort(), want, `step ${k + 1}`);
            for (const e of step.eliminations) assert.notEqual(solution[e.cell], e.symbol);
          }
          if (step.technique === 'x_wing') await shot(page, 'walk-xwing-1280-light');
          await page.keyboard.press('ArrowRight');
        }
        await page.waitForFunction(() => /^Solved in/.test(document.querySelector('#step-title').textContent));
        assert.equal(await cells(page), solution, 'the grid at the end of the path is the solution');
        await shot(page, 'walk-end-1280-light');
        // Back a step, Home, and a click in the list.
        await page.keyboard.press('ArrowLeft');
        await page.waitForFunction((n) => document.querySelector('#step-title').textContent.startsWith(`Step ${n} `), path.steps.length);
        await page.keyboard.press('Home');
        await page.waitForFunction(() => document.querySelector('#step-title').textContent.startsWith('Step 1 '));
      } else {
        const k = path.steps.findIndex((s) => s.technique === 'x_wing');
        await page.click(`#step-list button[data-k="${k}"]`);
        await page.waitForFunction((k) => document.querySelector('#step-title').textContent.startsWith(`Step ${k + 1} `), k);
        if (viewport.width === 375) await page.locator('#grid').scrollIntoViewIfNeeded();
        await shot(page, `walk-xwing-${viewport.width}-${colorScheme}`);
      }
      // Close (Escape) returns to the game as it was.
      await page.keyboard.press('Escape');
      await page.waitForSelector('#step', { state: 'hidden' });
      assert.equal(await cells(page), line);
      await clean(tab);
    }
  });
});

describe('the sudoku page as a learner’s coach', () => {

  test('#7 a coloured given keeps its colour in the selected cell’s row, column and box', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    await cell(page, 0).click(); // r1c1: a given 8
    await page.click('#palette .color-2');
    await cell(page, 1).click(); // r1c2: same row and box
    assert.equal(await cell(page, 0).evaluate((c) => c.classList.contains('peer')), true);
    const swatch = await page.$eval('#palette .color-2', (b) => getComputedStyle(b).backgroundColor);
    assert.equal(await cell(page, 0).evaluate((c) => getComputedStyle(c).backgroundColor), swatch);
    await clean(tab);
  });

  test('#4 the conflict message goes when the clash is erased', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    await cell(page, 1).click();
    await page.keyboard.press('8');
    await waitMessage(page, /8 appears twice/);
    await page.keyboard.press('Backspace');
    await page.waitForFunction(() => !document.querySelector('#grid .cell.conflict'));
    await page.waitForFunction(() => !/appears twice/.test(document.querySelector('#message').textContent));
    await clean(tab);
  });

  test('#3 Undo on a shared link starts at the link’s game; with a kept game, Undo returns to it', { timeout: 60_000 }, async () => {
    const tab = await open(hash(XWING));
    const { page } = tab;
    await waitMessage(page, /^Reopened/);
    assert.equal(await page.isDisabled('#undo'), true, 'nothing before the first game shown');
    const empty = XWING.indexOf('.');
    await cell(page, empty).click();
    await page.keyboard.press('5');
    await page.click('#undo');
    assert.equal(await givens(page), XWING);
    assert.equal(await page.isDisabled('#undo'), true);
    await page.close();
    // A link opened where a game is kept: Undo brings the kept game back.
    const other = await open(hash(INKALA), undefined, { keep: true });
    await waitMessage(other.page, /^Reopened/);
    assert.equal(await givens(other.page), INKALA);
    await other.page.click('#undo');
    assert.equal(await givens(other.page), XWING);
    await clean(other);
  });

  test('#2 a link opens its game once: a reload keeps the time played and the colours', { timeout: 60_000 }, async () => {
    const tab = await open(hash(XWING));
    const { page } = tab;
    await waitMessage(page, /^Reopened/);
    const given = [...XWING].findIndex((ch) => ch !== '.');
    const empty = XWING.indexOf('.');
    await cell(page, given).click();
    await page.click('#palette .color-2');
    await cell(page, empty).click();
    await page.keyboard.press('Shift+Digit5');
    await page.click('#palette .color-4');
    await page.waitForFunction(() => document.querySelector('#timer').textContent !== '0:00');
    const time = await page.textContent('#timer');
    assert.match(new URL(page.url()).hash, /^#p=/, 'the address holds the game');
    await page.reload();
    await page.waitForSelector('#engine-status[data-state="ready"]');
    await waitMessage(page, /^Welcome back/);
    assert.equal(await givens(page), XWING);
    assert.equal(await cell(page, given).evaluate((c) => c.classList.contains('color-2')), true);
    assert.equal(await cell(page, empty).evaluate((c) => c.classList.contains('color-4')), true);
    assert.match(await cell(page, empty).getAttribute('aria-label'), /notes 5/);
    assert.ok((await page.textContent('#timer')) >= time, 'the time played is kept');
    assert.match(new URL(page.url()).hash, /^#p=/);
    await clean(tab);
  });

  test('#9 an address that holds no readable game is replaced by the game shown', { timeout: 60_000 }, async () => {
    const tab = await open('#p=not-a-sudoku');
    const { page } = tab;
    await waitMessage(page, /holds no readable game/);
    await page.waitForFunction((line) => location.hash === `#p=${line}`, INKALA);
    await page.evaluate(() => {
      location.hash = '#p=still-not-one';
    });
    await waitMessage(page, /holds no readable game/);
    await page.waitForFunction((line) => location.hash === `#p=${line}`, INKALA);
    assert.equal(await givens(page), INKALA);
    await clean(tab);
  });

  test('#5 a 16 x 16 grid written 0-F is read as 0-F; one that reads two ways is refused, and says why', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    const HEX = '0123456789ABCDEF';
    let full = '';
    for (let r = 0; r < 16; r++) for (let c = 0; c < 16; c++) full += HEX[(4 * (r % 4) + Math.floor(r / 4) + c) % 16];
    const puzzle = [...full].map((ch, k) => (k % 3 ? '.' : ch)).join('');
    await importPuzzle(page, puzzle);
    await waitMessage(page, /^Imported a 16 × 16 puzzle/);
    // The page draws 1-G: 0 is the first symbol, F the last.
    const want = [...puzzle].map((ch) => (ch === '.' ? '.' : '123456789ABCDEFG'[HEX.indexOf(ch)])).join('');
    assert.equal(await givens(page), want);
    assert.ok(want.includes('1') && want.includes('G'));
    // With no dots, 0 may be an empty cell or a symbol: the page says both, and keeps the game.
    await importPuzzle(page, full);
    await page.waitForSelector('#import-error:not([hidden])');
    assert.match(
      await page.textContent('#import-error'),
      /^Not imported: this 16 × 16 grid reads two ways, with 0 as a symbol \(0-9A-F\) or with 0 as an empty cell \(1-9A-G\)\. Write its empty cells as dots/,
    );
    assert.equal(await givens(page), want);
    await clean(tab);
  });

  test('#6 notes pruned by a mistyped digit come back when it is erased; the next hint finds no missing mark', { timeout: 60_000 }, async () => {
    const solution = dlx.solve_sudoku(XWING);
    const candidates = dlx.sudoku_candidates(XWING);
    // p: an empty cell; k: another empty cell of its row, where p's symbol is wrong.
    const p = XWING.indexOf('.');
    const k = [...XWING].findIndex((ch, c) => ch === '.' && c !== p && Math.floor(c / 9) === Math.floor(p / 9));
    const d = solution[p];
    const tab = await open(hash(XWING, '', masks(candidates)));
    const { page } = tab;
    await waitMessage(page, /^Reopened/);
    const notes = (c) => page.locator(`#grid .cell[data-cell="${c}"] .notes`).textContent();
    assert.match(await notes(p), new RegExp(d));
    await cell(page, k).click();
    await page.keyboard.press(d);
    assert.doesNotMatch(await notes(p), new RegExp(d), 'pruned');
    await page.keyboard.press('Backspace');
    assert.equal(await notes(p), candidates[p].join(''), 'back after the erase');
    assert.equal(await notes(k), candidates[k].join(''), 'the cell’s own notes too');
    await fullHint(page);
    assert.notEqual(await page.textContent('#step-title'), 'Hint: Missing pencil mark');
    await clean(tab);
  });

  test('#8 Apply after several hints counts every candidate it removes', { timeout: 60_000 }, async () => {
    // Entries up to the first step that only removes candidates, then the next such step.
    const entries = [...'.'.repeat(81)];
    let first;
    for (;;) {
      first = dlx.sudoku_hint(XWING, entries.join(''));
      if (!first.placement) break;
      entries[first.placement.cell] = first.placement.symbol;
    }
    const line = [...XWING].map((ch, c) => (ch === '.' ? entries[c] : ch)).join('');
    const base = masks(dlx.sudoku_candidates(line));
    for (const { cell: c, symbol } of first.eliminations) base[c] &= ~(1 << (Number(symbol) - 1));
    const second = dlx.sudoku_hint(XWING, entries.join(''), base);
    assert.ok(!second.placement && second.eliminations.length, 'two elimination steps in a row');
    const removed = first.eliminations.length + second.eliminations.length;
    const tab = await open(hash(XWING, entries.join('')));
    const { page } = tab;
    await waitMessage(page, /^Reopened/);
    await fullHint(page);
    // The second hint on show: its eliminations struck out.
    await fullHint(page);
    const want = second.eliminations.map((e) => `${e.cell}:${e.symbol}`).sort().join();
    await page.waitForFunction(
      (want) =>
        [...document.querySelectorAll('#grid .cell')]
          .flatMap((c) => [...c.querySelectorAll('.note-struck')].map((n) => `${c.dataset.cell}:${n.textContent}`))
          .sort()
          .join() === want,
      want,
    );
    await page.click('#step-apply');
    await waitMessage(page, /^Applied: /);
    assert.equal(await message(page), `Applied: ${removed} candidates removed from the pencil marks. Undo takes it back.`);
    await clean(tab);
  });
});

describe('the sudoku page without a mouse or a screen (issue 35)', () => {
  test('the skip link lands in the grid, on its selected cell, and keeps the game’s address', { timeout: 60_000 }, async () => {
    const tab = await open();
    const { page } = tab;
    const address = await page.evaluate(() => location.hash);
    await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement.id), 'skip');
    await page.keyboard.press('Enter');
    assert.equal(await page.evaluate(() => document.activeElement.closest('#grid') !== null), true);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.cell), '0');
    assert.equal(await page.evaluate(() => location.hash), address, 'the address still holds the game');
    // Typing goes to that cell.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('1');
    assert.equal((await cells(page))[1], '1');
    await clean(tab);
  });

  test('a whole hinted game played with keys alone: arrows, digits, H for a hint, Enter to apply; the reason is announced', { timeout: 120_000 }, async () => {
    // An easy puzzle: singles solve it, so every hint places a symbol.
    const { puzzle, solution } = dlx.generate_sudoku({ difficulty: 'easy', seed: 35 });
    const tab = await open(hash(puzzle));
    const { page } = tab;
    await page.waitForFunction(() => /^Reopened/.test(document.querySelector('#message').textContent));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter'); // the skip link: into the grid, at r1c1
    // The arrows to the first empty cell, and its digit typed.
    const empty = puzzle.indexOf('.');
    for (let k = 0; k < Math.floor(empty / 9); k++) await page.keyboard.press('ArrowDown');
    for (let k = 0; k < empty % 9; k++) await page.keyboard.press('ArrowRight');
    await page.keyboard.press(solution[empty]);
    assert.equal((await cells(page))[empty], solution[empty]);
    let hints = 0;
    while ((await cells(page)).includes('.')) {
      // H three times: where to look, the technique, what it places; each level is announced.
      const heard = [];
      for (let level = 1; level <= 3; level++) {
        await page.keyboard.press('h');
        await page.waitForSelector(`#step[data-level="${level}"]:not([hidden])`);
        // What a screen reader hears: the level's title and text, in a polite live region.
        const said = await page.$eval('#step-said', (e) => ({ text: e.textContent, live: e.getAttribute('aria-live'), role: e.getAttribute('role') }));
        const reason = await page.textContent('#step-reason');
        const title = await page.textContent('#step-title');
        assert.equal(said.live, 'polite');
        assert.equal(said.role, 'status');
        assert.equal(said.text, `${title}. ${reason}`);
        assert.ok(reason.length > 10, reason);
        heard.push(said.text);
        // Before the last level: no Apply (Enter applies nothing), no symbol previewed.
        if (level < 3) {
          assert.equal(await page.isHidden('#step-apply'), true);
          assert.equal(await page.locator('#grid .cell[data-preview]').count(), 0);
        }
      }
      assert.equal(new Set(heard).size, 3, `three different things said: ${heard.join(' | ')}`);
      const before = (await cells(page)).split('.').length;
      await page.keyboard.press('Enter');
      await page.waitForFunction((n) => /^Applied: |^Solved in/.test(document.querySelector('#message').textContent)
        && [...document.querySelectorAll('#grid .cell .value')].filter((v) => !v.textContent).length === n - 2, before);
      hints++;
      assert.ok(hints <= 81, 'the hints end');
      // The focus stays in the grid, on the cell the hint filled.
      assert.equal(await page.evaluate(() => document.activeElement.closest('#grid') !== null), true);
    }
    assert.equal(await cells(page), solution);
    assert.ok(hints >= 20, `${hints} hints`);
    await page.waitForFunction(() => /^Solved in .*Well done!$/.test(document.querySelector('#message').textContent));
    // The finish counts the help: every hint went to its third level; nothing was revealed.
    assert.match(await message(page), new RegExp(`with ${hints} hints \\(${hints} nudges, ${hints} patterns and ${hints} effects shown\\) and 0 reveals:`));
    // The keys are written down on the page.
    assert.match(await page.textContent('#keys-help'), /H hint · Enter applies it/);
    await clean(tab);
  });

  test('the step-by-step view by keys: arrows pressed in a row each walk one step', { timeout: 60_000 }, async () => {
    const tab = await open(hash(XWING));
    const { page } = tab;
    await page.waitForFunction(() => /^Reopened/.test(document.querySelector('#message').textContent));
    await page.click('#walk');
    await page.waitForFunction(() => /^Step 1 of/.test(document.querySelector('#step-title').textContent));
    // Faster than the engine answers for each step's candidates.
    for (let k = 0; k < 12; k++) await page.keyboard.press('ArrowRight');
    await page.waitForFunction(() => /^Step 13 of/.test(document.querySelector('#step-title').textContent));
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => /^Step 11 of/.test(document.querySelector('#step-title').textContent));
    assert.equal(await page.getAttribute('#step-list [aria-current="step"]', 'data-k'), '10');
    await page.keyboard.press('Escape');
    await page.waitForSelector('#step', { state: 'hidden' });
    await clean(tab);
  });

  test('the accessibility tree: a grid of rows of named grid cells, read through the DevTools protocol', { timeout: 60_000 }, async () => {
    const tab = await open(hash(INKALA, `.1${'.'.repeat(79)}`));
    const { page } = tab;
    await page.waitForFunction(() => /^Reopened/.test(document.querySelector('#message').textContent));
    const cdp = await page.context().newCDPSession(page);
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    await cdp.detach();
    const byId = new Map(nodes.map((n) => [n.nodeId, n]));
    const role = (n) => n.role?.value;
    const name = (n) => n.name?.value;
    const grids = nodes.filter((n) => role(n) === 'grid');
    assert.equal(grids.length, 1);
    const [grid] = grids;
    assert.equal(name(grid), 'Sudoku grid, 9 by 9');
    // Its children are the nine rows (ignored wrappers skipped), each of nine cells.
    const kids = (n) => (n.childIds ?? []).map((id) => byId.get(id)).filter(Boolean)
      .flatMap((c) => (c.ignored || role(c) === 'generic' || role(c) === 'none' ? kids(c) : [c]));
    const rows = kids(grid);
    assert.deepEqual(rows.map(role), Array(9).fill('row'));
    const gridCells = rows.flatMap(kids);
    assert.equal(gridCells.length, 81);
    for (const c of gridCells) assert.match(role(c), /^grid ?cell$/i);
    const names = gridCells.map(name);
    assert.equal(names[0], 'Row 1, column 1: 8, given');
    assert.equal(names[1], 'Row 1, column 2: 1');
    assert.equal(names[2], 'Row 1, column 3: empty');
    assert.match(names[80], /^Row 9, column 9: /);
    // The selected cell says so.
    const selected = gridCells.filter((c) => c.properties?.some((p) => p.name === 'selected' && p.value.value === true));
    assert.equal(selected.length, 1);
    await clean(tab);
  });
});

describe('the sudoku page as a learner’s coach: graded hints, the import verdict, big grids on phones (issue 35)', () => {
  const struck = (page) =>
    page.$$eval('#grid .cell', (all) =>
      all.flatMap((c) => [...c.querySelectorAll('.note-struck')].map((n) => `${c.dataset.cell}:${n.textContent}`)),
    );
  test('#10 Hint walks: where to look, then the technique and its pattern, then what it removes; Apply at the last level only', { timeout: 90_000 }, async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    // The first step of XWING's hints that removes candidates (the player has no marks).
    const entries = [...'.'.repeat(81)];
    let step;
    for (;;) {
      step = dlx.sudoku_hint(XWING, entries.join(''));
      if (!step.placement) break;
      entries[step.placement.cell] = step.placement.symbol;
    }
    for (const [name, viewport] of SCREENS) {
      for (const colorScheme of ['light', 'dark']) {
        const tab = await open(hash(XWING, entries.join('')), viewport, { colorScheme });
        const { page } = tab;
        await waitMessage(page, /^Reopened/);
        const selected = await page.$eval('#grid .cell.selected', (c) => c.dataset.cell);
        // 1: the nudge. Where to look, in words; nothing on the grid; no Apply, Enter does nothing.
        await page.click('#hint');
        await page.waitForSelector('#step[data-level="1"]:not([hidden])');
        assert.equal(await page.textContent('#step-title'), 'Hint: where to look');
        assert.equal(await page.textContent('#step-reason'), `Look at ${step.regions.length > 1 ? `${step.regions.slice(0, -1).join(', ')} and ${step.regions.at(-1)}` : step.regions[0]}: candidates can be ruled out there.`);
        assert.equal(await page.getAttribute('#step', 'data-technique'), '', 'the technique is not named yet');
        assert.equal(await page.locator('#grid .step-cell, #grid .note-struck, #grid .note-pattern').count(), 0);
        // The regions to look at are tinted: their cells, from the package's layout.
        const region = dlx.sudoku_layout(9).regions.filter((r) => step.regions.includes(r.name)).flatMap((r) => r.cells);
        assert.ok(region.length >= 9, `${step.regions}: ${region.length} cells`);
        const tinted = await page.$$eval('#grid .cell.step-region', (all) => all.map((c) => Number(c.dataset.cell)));
        assert.deepEqual(tinted.sort((x, y) => x - y), [...new Set(region)].sort((x, y) => x - y));
        assert.equal(await page.$eval('#grid .cell.selected', (c) => c.dataset.cell), selected, 'the selection does not give it away');
        assert.equal(await page.isHidden('#step-apply'), true);
        assert.equal(await page.isVisible('#step-more'), true);
        assert.equal(await page.textContent('#step-said'), `Hint: where to look. ${await page.textContent('#step-reason')}`);
        if (name === '375') await page.locator('#step').scrollIntoViewIfNeeded();
        await shot(page, `nudge-${name}-${colorScheme}`);
        if (name !== '1280' || colorScheme !== 'light') {
          await clean(tab);
          continue;
        }
        // (From the grid: on the focused Hint button, Enter presses Hint.)
        await page.focus('#grid .cell.selected');
        await page.keyboard.press('Enter');
        assert.equal(await page.getAttribute('#step', 'data-level'), '1', 'Enter applies nothing yet');
        assert.equal((await cells(page)).replaceAll('.', '').length, [...XWING].filter((ch) => ch !== '.').length + entries.filter((ch) => ch !== '.').length);
        // 2: More (or H): the technique, its pattern on the grid, not yet what it removes.
        await page.click('#step-more');
        await page.waitForSelector('#step[data-level="2"]');
        assert.equal(await page.textContent('#step-title'), `Hint: ${step.title}`);
        assert.equal(await page.getAttribute('#step', 'data-technique'), step.technique);
        const pattern = await page.$$eval('#grid .cell.step-cell', (all) => all.map((c) => Number(c.dataset.cell)));
        assert.deepEqual(pattern.sort((a, b) => a - b), [...step.cells].sort((a, b) => a - b));
        assert.ok((await page.locator('#grid .note-pattern').count()) > 0);
        assert.deepEqual(await struck(page), []);
        assert.equal(await page.isHidden('#step-apply'), true);
        // 3: H: what it removes, struck out, with the reason; Apply (Enter) carries it out.
        await page.keyboard.press('h');
        await page.waitForSelector('#step[data-level="3"]');
        assert.equal(await page.textContent('#step-reason'), step.reason.replace(/`([^`]*)`/g, '“$1”'));
        assert.deepEqual((await struck(page)).sort(), step.eliminations.map((c) => `${c.cell}:${c.symbol}`).sort());
        assert.equal(await page.isVisible('#step-apply'), true);
        assert.equal(await page.isHidden('#step-more'), true);
        await page.keyboard.press('Enter');
        await waitMessage(page, /^Applied: .*candidates? removed/);
        await clean(tab);
      }
    }
  });

  test('#10 a wrong entry is pointed out without its right symbol; Reveal hands one over; the finish counts hints and reveals', { timeout: 90_000 }, async () => {
    const solution = dlx.solve_sudoku(XWING);
    // A wrong entry that clashes with no given: a candidate of the cell that is not its solution.
    const k = [...XWING].findIndex((ch, c) => ch === '.' && dlx.sudoku_candidates(XWING)[c].length > 1);
    const wrongSymbol = dlx.sudoku_candidates(XWING)[k].find((s) => s !== solution[k]);
    const [row, column] = [Math.floor(k / 9) + 1, (k % 9) + 1];
    let tab = await open(hash(XWING));
    let page = tab.page;
    await waitMessage(page, /^Reopened/);
    await cell(page, k).click();
    await page.keyboard.press(wrongSymbol);
    const said = [];
    for (let level = 1; level <= 3; level++) {
      await page.click('#hint');
      await page.waitForSelector(`#step[data-level="${level}"]:not([hidden])`);
      said.push(`${await page.textContent('#step-title')} ${await page.textContent('#step-reason')}`);
      // Its right symbol shows nowhere: not in words, not previewed on the grid.
      assert.equal(await page.locator('#grid .cell[data-preview]').count(), 0);
    }
    assert.equal(said[0], `Hint: a mistake One of your entries does not match the solution: look at row ${row}.`);
    assert.equal(said[1], `Hint: Wrong entry The ${wrongSymbol} in r${row}c${column} is wrong.`);
    assert.match(said[2], new RegExp(`^Hint: Wrong entry The ${wrongSymbol} in r${row}c${column} is wrong: Apply erases it\\.`));
    for (const text of said) assert.doesNotMatch(text, /solution has/);
    // Apply erases it; Reveal (R) hands over the right symbol.
    await page.click('#step-apply');
    await waitMessage(page, /^Applied: the wrong entry in r\d+c\d+ erased/);
    assert.equal((await cells(page))[k], '.');
    await cell(page, k).click();
    await page.keyboard.press('r');
    await waitMessage(page, new RegExp(`^Revealed: ${solution[k]} in row ${row}, column ${column}\\.`));
    assert.equal((await cells(page))[k], solution[k]);
    // Reveal on a given says so and changes nothing.
    const given = XWING.search(/[1-9]/);
    await cell(page, given).click();
    await page.click('#reveal');
    await waitMessage(page, /is a given/);
    await clean(tab);

    // Two cells to go: one by a hint (three levels, then Enter), the other revealed.
    const [a, b] = [XWING.indexOf('.'), XWING.lastIndexOf('.')];
    const entries = [...XWING].map((ch, c) => (ch !== '.' || c === a || c === b ? '.' : solution[c])).join('');
    tab = await open(hash(XWING, entries));
    page = tab.page;
    await waitMessage(page, /^Reopened/);
    await fullHint(page);
    const place = Number(await page.$eval('#grid .cell.step-place', (c) => c.dataset.cell));
    await page.click('#step-apply');
    await waitMessage(page, /^Applied: /);
    // A reload keeps the count with the game.
    await page.reload();
    await page.waitForSelector('#engine-status[data-state="ready"]');
    await waitMessage(page, /^Welcome back/);
    await cell(page, place === a ? b : a).click();
    await page.click('#reveal');
    await waitMessage(page, /^Solved in /);
    assert.match(await message(page), /^Solved in \d+:\d\d with 1 hint \(1 nudge, 1 pattern and 1 effect shown\) and 1 reveal: every row, column and box is complete\. Well done!$/);
    assert.equal(await cells(page), solution);
    await clean(tab);
  });

  test('#10 screenshots of a fish hint and a chain hint at their last level', { timeout: 120_000 }, async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const [kind, puzzle, techniques] of [['fish', XWING, ['x_wing', 'swordfish', 'jellyfish']], ['chain', CHAIN, ['x_chain', 'xy_chain', 'aic']]]) {
      const { entries, marks, step } = toTechnique(puzzle, techniques);
      for (const [name, viewport] of SCREENS) {
        for (const colorScheme of ['light', 'dark']) {
          const tab = await open(hash(puzzle, entries, marks), viewport, { colorScheme });
          const { page } = tab;
          await waitMessage(page, /^Reopened/);
          await fullHint(page);
          assert.equal(await page.getAttribute('#step', 'data-technique'), step.technique);
          assert.deepEqual((await struck(page)).sort(), step.eliminations.map((c) => `${c.cell}:${c.symbol}`).sort());
          if (name === '375') await page.locator('#grid').scrollIntoViewIfNeeded();
          await shot(page, `${kind}-${name}-${colorScheme}`);
          await clean(tab);
        }
      }
    }
  });

  test('#11 the why on the grid: a chain’s links, a fish’s houses, the roles and the step’s candidates, from the package', { timeout: 180_000 }, async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const regions = dlx.sudoku_layout(9).regions;
    const cellsOf = (step, role) =>
      [...new Set(step.houses.filter((h) => h.role === role).flatMap((h) => regions.find((r) => r.name === h.region).cells))].sort((a, b) => a - b);
    const classed = (page, name) => page.$$eval(`#grid .cell.${name}`, (all) => all.map((c) => Number(c.dataset.cell)).sort((a, b) => a - b));
    /** The links drawn: `{ strong, x1, y1, x2, y2 }` each, relative to the grid. */
    const drawn = (page) =>
      page.$$eval('svg.links:not([hidden]) line.link', (lines) =>
        lines.map((l) => ({ strong: l.classList.contains('strong'), weak: l.classList.contains('weak'), ...Object.fromEntries(['x1', 'y1', 'x2', 'y2'].map((a) => [a, Number(l.getAttribute(a))])) })),
      );
    /** The centre of candidate `symbol` of `cell`'s note slot, relative to the grid. */
    const slot = (page, { cell: k, symbol: s }) =>
      page.$eval(`#grid .cell[data-cell="${k}"] .notes > span:nth-child(${Number(s)})`, (span) => {
        const g = document.getElementById('grid').getBoundingClientRect();
        const r = span.getBoundingClientRect();
        return { x: r.left + r.width / 2 - g.left, y: r.top + r.height / 2 - g.top, size: Math.max(r.width, r.height) };
      });
    const legend = (page) => page.$$eval('#step-legend li', (all) => all.map((li) => li.textContent));
    const toLevel = async (page, level) => {
      for (let k = 1; k <= level; k++) {
        await page.click('#hint');
        await page.waitForSelector(`#step[data-level="${k}"]:not([hidden])`);
      }
    };
    const checkRoles = async (page, step) => {
      for (const { cell: k, symbol: s, role } of step.roles) {
        const classes = await page.$eval(`#grid .cell[data-cell="${k}"] .notes > span:nth-child(${Number(s)})`, (span) => [...span.classList]);
        assert.ok(classes.includes(`role-${role}`), `${k}:${s} ${role}: ${classes}`);
      }
    };

    // A chain: at level 2 (level 3 for one that places: its candidates would name the
    // symbol), exactly its links, strong solid and weak dashed, each from candidate to candidate.
    const chain = toTechnique(CHAIN, ['x_chain', 'xy_chain', 'aic', 'w_wing']);
    assert.ok(chain.step.links.length >= 2, chain.step.technique);
    const strong = chain.step.links.filter((l) => l.strong).length;
    assert.ok(strong > 0 && strong < chain.step.links.length);
    for (const [name, viewport] of SCREENS) {
      for (const colorScheme of ['light', 'dark']) {
        const tab = await open(hash(CHAIN, chain.entries, chain.marks), viewport, { colorScheme });
        const { page } = tab;
        await waitMessage(page, /^Reopened/);
        await toLevel(page, chain.step.placement ? 3 : 2);
        assert.equal(await page.getAttribute('#step', 'data-technique'), chain.step.technique);
        for (let level = chain.step.placement ? 3 : 2; level <= 3; level++) {
          if (level === 3 && !chain.step.placement) {
            await page.click('#hint');
            await page.waitForSelector('#step[data-level="3"]');
          }
          const lines = await drawn(page);
          assert.equal(lines.length, chain.step.links.length, `level ${level}`);
          assert.deepEqual(lines.map((l) => l.strong), chain.step.links.map((l) => l.strong));
          assert.deepEqual(lines.map((l) => l.weak), chain.step.links.map((l) => !l.strong));
          for (const [k, { from, to }] of chain.step.links.entries()) {
            const [a, b] = [await slot(page, from), await slot(page, to)];
            assert.ok(Math.hypot(lines[k].x1 - a.x, lines[k].y1 - a.y) <= a.size, `link ${k} starts at ${from.cell}:${from.symbol}`);
            assert.ok(Math.hypot(lines[k].x2 - b.x, lines[k].y2 - b.y) <= b.size, `link ${k} ends at ${to.cell}:${to.symbol}`);
          }
          assert.match(await page.getAttribute('svg.links', 'aria-label'), new RegExp(`${strong} strong links? and ${chain.step.links.length - strong} weak links?`));
          const words = await legend(page);
          assert.ok(words.includes('strong link') && words.includes('weak link'), String(words));
          await checkRoles(page, chain.step);
        }
        if (name === '375') await page.locator('#grid').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(ARTIFACTS, `why-chain-${name}-${colorScheme}.png`) });
        // Closing the hint clears the drawing; so does a change to a cell.
        if (name === '1280' && colorScheme === 'light') {
          const free = [...CHAIN].findIndex((ch, k) => ch === '.' && chain.entries[k] === '.' && !chain.step.cells.includes(k));
          await cell(page, free).click();
          await page.keyboard.press(dlx.solve_sudoku(CHAIN)[free]);
        } else await page.keyboard.press('Escape');
        await page.waitForSelector('#step', { state: 'hidden' });
        assert.equal((await drawn(page)).length, 0);
        assert.ok(await page.$eval('svg.links', (svg) => svg.hasAttribute('hidden') && getComputedStyle(svg).display === 'none'));
        assert.deepEqual(await page.$$('#grid .note-pattern, #grid [class*="role-"], #grid .cell[class*="house-"]'), []);
        await clean(tab);
      }
    }

    // A big grid, zoomed on a phone, in the step-by-step view: the links follow the
    // candidates into the zoomed cells.
    {
      // (An expert one has none since finned fish: they come before X-chains of three links.)
      const { puzzle: big } = dlx.generate_sudoku({ size: 16, difficulty: 'diabolical', seed: 1 });
      const path = dlx.sudoku_solve_path(big);
      const k = path.steps.findIndex((s) => s.links.length > 0);
      assert.ok(k >= 0, 'a chain on the path');
      const step = path.steps[k];
      const tab = await open('', { width: 375, height: 812 });
      const { page } = tab;
      await importPuzzle(page, big);
      await waitMessage(page, /^Imported/);
      await page.click('#walk');
      await page.waitForSelector('#step[data-mode="walk"]:not([hidden])');
      await page.click(`#step-list button[data-k="${k}"]`);
      await page.waitForFunction((k) => document.querySelector('#step-title').textContent.startsWith(`Step ${k + 1} `), k);
      for (const zoom of [false, true]) {
        if (zoom) {
          await page.click('#zoom');
          await page.waitForSelector('.grid-box.zoomed');
        }
        await page.waitForFunction((n) => document.querySelectorAll('svg.links line.link').length === n, step.links.length);
        const lines = await drawn(page);
        assert.deepEqual(lines.map((l) => l.strong), step.links.map((l) => l.strong));
        for (const [j, { from, to }] of step.links.entries()) {
          const [a, b] = [await slot(page, from), await slot(page, to)];
          assert.ok(Math.hypot(lines[j].x1 - a.x, lines[j].y1 - a.y) <= a.size, `zoom ${zoom}: link ${j} starts at ${from.cell}:${from.symbol}`);
          assert.ok(Math.hypot(lines[j].x2 - b.x, lines[j].y2 - b.y) <= b.size, `zoom ${zoom}: link ${j} ends at ${to.cell}:${to.symbol}`);
        }
      }
      await page.locator(`#grid .cell[data-cell="${step.links[0].from.cell}"]`).scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTIFACTS, 'why-chain-16-zoom-375.png') });
      await clean(tab);
    }

    // Wings and contradiction chains in the step-by-step view: every role in its class, the
    // houses of the step, and where a contradiction breaks the grid outlined (its cell, or
    // its house's cells).
    const kinds = [
      [1, 'w_wing'],
      [2, 'als_wing'],
      // (the seeds move as techniques come in. Since SE's classes, a contradiction chain is
      // Nishio's, one symbol's hidden singles, which empties a house rather than a cell: the
      // cell's is a dynamic chain's, SE's 8.5, `contradiction_net`)
      [48, 'contradiction_net', 'cell'],
      [29, 'contradiction_chain', 'house'],
    ];
    for (const [index, [seed, technique, broken]] of kinds.entries()) {
      const { puzzle: p } = dlx.generate_sudoku({ size: 9, difficulty: 'diabolical', seed });
      const path = dlx.sudoku_solve_path(p);
      const k = path.steps.findIndex((s) => s.technique === technique && (!broken || s.contradiction.kind === broken));
      assert.ok(k >= 0, `${technique} ${broken ?? ''} on the path of seed ${seed}`);
      const step = path.steps[k];
      const [name, viewport] = SCREENS[index % 2];
      const colorScheme = index < 2 ? 'light' : 'dark';
      const tab = await open('', viewport, { colorScheme });
      const { page } = tab;
      await importPuzzle(page, p);
      await waitMessage(page, /^Imported/);
      await page.click('#walk');
      await page.waitForSelector('#step[data-mode="walk"]:not([hidden])');
      await page.click(`#step-list button[data-k="${k}"]`);
      await page.waitForFunction((k) => document.querySelector('#step-title').textContent.startsWith(`Step ${k + 1} `), k);
      await checkRoles(page, step);
      for (const role of ['base', 'cover', 'target', 'link']) assert.deepEqual(await classed(page, `house-${role}`), cellsOf(step, role), role);
      const words = await legend(page);
      for (const { role } of step.roles) assert.ok(words.includes(ROLE_WORDS[role]), `${role}: ${words}`);
      const outlined = await classed(page, 'contradiction');
      if (broken === 'cell') assert.deepEqual(outlined, [step.contradiction.cell]);
      else if (broken === 'house') assert.deepEqual(outlined, regions.find((r) => r.name === step.contradiction.region).cells);
      else assert.deepEqual(outlined, []);
      assert.equal(words.includes('contradiction'), !!broken);
      if (name === '375') await page.locator('#grid').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(ARTIFACTS, `why-${technique}${broken ? `-${broken}` : ''}-${name}-${colorScheme}.png`) });
      await clean(tab);
    }

    // A fish: its base houses tinted and its cover houses striped, its candidates in the
    // fish's colour, a legend naming them; no links.
    // (Inkala's hints no longer reach a fish since SE's chaining classes: a puzzle whose do.)
    const fish = toTechnique(XWING, ['x_wing', 'swordfish', 'jellyfish']);
    const [base, cover] = [cellsOf(fish.step, 'base'), cellsOf(fish.step, 'cover')];
    assert.ok(base.length > 0 && cover.length > 0 && base.join() !== cover.join());
    for (const [name, viewport] of SCREENS) {
      for (const colorScheme of ['light', 'dark']) {
        const tab = await open(hash(XWING, fish.entries, fish.marks), viewport, { colorScheme });
        const { page } = tab;
        await waitMessage(page, /^Reopened/);
        await toLevel(page, 2);
        assert.deepEqual(await classed(page, 'house-base'), base);
        assert.deepEqual(await classed(page, 'house-cover'), cover);
        await checkRoles(page, fish.step);
        assert.ok(fish.step.roles.every((r) => r.role === 'fish'));
        assert.deepEqual(await legend(page), ['base house', 'cover house', 'fish']);
        // In words too, for a screen reader.
        const { cell: k0, symbol: s0 } = fish.step.roles[0];
        assert.match(await cell(page, k0).getAttribute('aria-label'), new RegExp(`, fish ${s0}.*, in a base house, in a cover house`));
        assert.equal((await drawn(page)).length, 0);
        await page.click('#hint');
        await page.waitForSelector('#step[data-level="3"]');
        assert.deepEqual(await classed(page, 'house-base'), base);
        if (name === '375') await page.locator('#grid').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(ARTIFACTS, `why-fish-${name}-${colorScheme}.png`) });
        await page.keyboard.press('Escape');
        await page.waitForSelector('#step', { state: 'hidden' });
        assert.deepEqual(await classed(page, 'house-base'), []);
        assert.deepEqual(await classed(page, 'house-cover'), []);
        await clean(tab);
      }
    }

    // With no notes at all, the step's candidates still show, as the step's marks (not the
    // player's: none are left once the hint closes).
    const tab = await open(hash(XWING, fish.entries));
    const { page } = tab;
    await waitMessage(page, /^Reopened/);
    assert.equal(await page.$$eval('#grid .notes > span', (all) => all.filter((s) => s.textContent).length), 0);
    const candidates = masks(dlx.sudoku_candidates([...XWING].map((ch, k) => (ch === '.' ? fish.entries[k] : ch)).join('')));
    const step = dlx.sudoku_hint(XWING, fish.entries, candidates);
    assert.equal(step.placement, null, step.technique);
    await toLevel(page, 2);
    assert.equal(await page.getAttribute('#step', 'data-technique'), step.technique);
    const shown = await page.$$eval('#grid .cell', (all) =>
      all.flatMap((c) => [...c.querySelectorAll('.notes > span')].filter((n) => n.textContent).map((n) => `${c.dataset.cell}:${n.textContent}`)),
    );
    const needed = [...new Set([...step.candidates, ...step.roles].map((c) => `${c.cell}:${c.symbol}`))];
    assert.deepEqual(shown.sort(), needed.sort());
    assert.ok(await page.$$eval('#grid .notes > .note-pattern', (all) => all.length === all.filter((n) => n.textContent).length));
    await page.keyboard.press('Escape');
    await page.waitForSelector('#step', { state: 'hidden' });
    assert.equal(await page.$$eval('#grid .notes > span', (all) => all.filter((s) => s.textContent).length), 0);
    await clean(tab);
  });

  test('#11 a single’s why: the givens that rule its other places out, ringed at the last level', { timeout: 60_000 }, async () => {
    const step = dlx.sudoku_hint(XWING, '.'.repeat(81));
    assert.ok(step.placement, 'the first step places a symbol');
    const blockers = step.roles.filter((r) => r.role === 'blocker');
    assert.ok(blockers.length > 0, `${step.technique} names what rules its other places out`);
    // Each is a given holding the symbol it says.
    for (const b of blockers) assert.equal(XWING[b.cell], b.symbol);
    const want = blockers.map((b) => b.cell).sort((a, b) => a - b);
    const tab = await open(hash(XWING));
    const { page } = tab;
    await waitMessage(page, /^Reopened/);
    const ringed = () => page.$$eval('#grid .cell.role-blocker', (all) => all.map((c) => Number(c.dataset.cell)).sort((a, b) => a - b));
    for (let level = 1; level <= 2; level++) {
      await page.click('#hint');
      await page.waitForSelector(`#step[data-level="${level}"]:not([hidden])`);
      assert.deepEqual(await ringed(), [], `none at level ${level}: they would give the symbol away`);
    }
    await page.click('#hint');
    await page.waitForSelector('#step[data-level="3"]:not([hidden])');
    assert.deepEqual(await ringed(), want);
    assert.match(await page.textContent('#step-legend'), /rules it out/);
    assert.match(await cell(page, want[0]).getAttribute('aria-label'), /rules it out/);
    await clean(tab);
  });

  test('#11 a finned fish’s fins: at level 2 each fin of the step marked in the fin colour, named in the legend, in light and dark', { timeout: 120_000 }, async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const finned = ['finned_x_wing', 'sashimi_x_wing', 'finned_swordfish', 'sashimi_swordfish', 'finned_jellyfish', 'sashimi_jellyfish'];
    const { entries, marks, step } = toTechnique(XWING, finned);
    const key = ({ cell: k, symbol: s }) => `${k}:${s}`;
    const fins = step.roles.filter((r) => r.role === 'fin').map(key).sort();
    const fish = step.roles.filter((r) => r.role === 'fish').map(key).sort();
    assert.ok(fins.length > 0 && fish.length > 0, `${step.technique}: ${step.reason}`);
    const regions = dlx.sudoku_layout(9).regions;
    const cellsOf = (role) =>
      [...new Set(step.houses.filter((h) => h.role === role).flatMap((h) => regions.find((r) => r.name === h.region).cells))].sort((a, b) => a - b);
    const classed = (page, name) => page.$$eval(`#grid .cell.${name}`, (all) => all.map((c) => Number(c.dataset.cell)).sort((a, b) => a - b));
    /** The marks of a role on the grid, as "cell:symbol", with their colours. */
    const marked = (page, role) =>
      page.$$eval(`#grid .notes > span.role-${role}`, (all) =>
        all.map((s) => ({ at: `${s.closest('.cell').dataset.cell}:${s.textContent}`, colour: getComputedStyle(s).backgroundColor })),
      );
    for (const [name, viewport] of SCREENS) {
      for (const colorScheme of ['light', 'dark']) {
        const tab = await open(hash(XWING, entries, marks), viewport, { colorScheme });
        const { page } = tab;
        await waitMessage(page, /^Reopened/);
        for (let level = 1; level <= 2; level++) {
          await page.click('#hint');
          await page.waitForSelector(`#step[data-level="${level}"]:not([hidden])`);
          if (level === 1) assert.deepEqual(await marked(page, 'fin'), [], 'no fins in a nudge');
        }
        assert.equal(await page.getAttribute('#step', 'data-technique'), step.technique);
        const [finMarks, fishMarks] = [await marked(page, 'fin'), await marked(page, 'fish')];
        assert.deepEqual(finMarks.map((m) => m.at).sort(), fins);
        assert.deepEqual(fishMarks.map((m) => m.at).sort(), fish);
        // The fins in a colour of their own, one for all of them, not the fish's.
        const colours = new Set(finMarks.map((m) => m.colour));
        assert.equal(colours.size, 1, [...colours].join());
        assert.ok(!fishMarks.some((m) => colours.has(m.colour)), `${[...colours]} is also the fish's colour`);
        assert.deepEqual(await classed(page, 'house-base'), cellsOf('base'));
        assert.deepEqual(await classed(page, 'house-cover'), cellsOf('cover'));
        const legend = await page.$$eval('#step-legend li', (all) => all.map((li) => ({ text: li.textContent, colour: getComputedStyle(li.querySelector('.key')).backgroundColor })));
        assert.deepEqual(legend.map((l) => l.text), ['base house', 'cover house', ROLE_WORDS.fish, ROLE_WORDS.fin]);
        assert.equal(legend.find((l) => l.text === ROLE_WORDS.fin).colour, [...colours][0], 'the legend’s key is the fins’ colour');
        // In words too, for a screen reader.
        const [k0, s0] = fins[0].split(':');
        assert.match(await cell(page, Number(k0)).getAttribute('aria-label'), new RegExp(`, ${ROLE_WORDS.fin} ${s0}\\b`));
        if (name === '375') await page.locator('#grid').scrollIntoViewIfNeeded();
        await page.screenshot({ path: join(ARTIFACTS, `why-finned-fish-${name}-${colorScheme}.png`) });
        await clean(tab);
      }
    }
  });

  test('#12 Import says what the player is about to play: one solution and its grade, or a warning with the count', { timeout: 120_000 }, async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const grade = dlx.rate_sudoku(XWING);
    const givens = (line) => [...line].filter((ch) => ch !== '.').length;
    // Givens taken out of XWING until it has several solutions (but fewer than 100).
    let several = XWING;
    let count = 1;
    for (let k = 0; count < 2; k++) {
      if (several[k] === '.') continue;
      several = several.slice(0, k) + '.' + several.slice(k + 1);
      count = dlx.count_sudoku_solutions(several, { limit: 100 }).count;
    }
    assert.ok(count > 1 && count < 100, `${count} solutions`);
    const NONE = `123456...${'......78.'}${'.'.repeat(63)}`;
    assert.equal(dlx.count_sudoku_solutions(NONE).count, 0);
    for (const [name, viewport] of SCREENS) {
      for (const colorScheme of ['light', 'dark']) {
        const tab = await open('', viewport, { colorScheme });
        const { page } = tab;
        await importPuzzle(page, XWING);
        await waitMessage(page, /One solution/);
        assert.equal(await message(page),
          `Imported a 9 × 9 puzzle with ${givens(XWING)} givens. One solution, rated ${grade.score.toFixed(1)} (Sudoku Explainer’s scale): ${grade.level}.`);
        assert.equal(await page.getAttribute('#message', 'data-kind'), 'good');
        if (name === '375') await page.locator('#message').scrollIntoViewIfNeeded();
        await shot(page, `verdict-${name}-${colorScheme}`);
        await importPuzzle(page, several);
        await waitMessage(page, /Warning/);
        assert.equal(await message(page),
          `Imported a 9 × 9 puzzle with ${givens(several)} givens. Warning: it has ${count} solutions, not one, so hints and Check cannot help.`);
        assert.equal(await page.getAttribute('#message', 'data-kind'), 'bad');
        if (name === '375') await page.locator('#message').scrollIntoViewIfNeeded();
        await shot(page, `verdict-several-${name}-${colorScheme}`);
        if (name !== '1280' || colorScheme !== 'light') {
          await clean(tab);
          continue;
        }
        await importPuzzle(page, NONE);
        await waitMessage(page, /Warning: it has no solution,/);
        await importPuzzle(page, '.'.repeat(81));
        await waitMessage(page, /Warning: it has at least 100 solutions, not one,/);
        // A 16 x 16 puzzle is judged too.
        const { puzzle } = dlx.generate_sudoku({ size: 16, difficulty: 'easy', seed: 5 });
        const sixteen = dlx.rate_sudoku(puzzle);
        await importPuzzle(page, puzzle);
        await waitMessage(page, /One solution/);
        assert.match(await message(page), new RegExp(`rated ${sixteen.score.toFixed(1)} \\(Sudoku Explainer’s scale\\): ${sixteen.level}\\.`));
        await clean(tab);
        // A link to another puzzle is judged as an import is.
        const linked = await open(hash(several));
        await linked.page.waitForFunction(() => /Warning/.test(document.querySelector('#message').textContent));
        assert.equal(await message(linked.page), `Reopened the shared game. Warning: it has ${count} solutions, not one, so hints and Check cannot help.`);
        await clean(linked);
      }
    }
  });

  test('#13 Zoom on a phone: 25 x 25 cells of 32 px and more, notes whole, taps land in the right cell', { timeout: 120_000 }, async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const { puzzle } = dlx.generate_sudoku({ size: 25, difficulty: 'easy', seed: 13 });
    const solution = dlx.solve_sudoku(puzzle);
    const candidates = dlx.sudoku_candidates(puzzle);
    // Far from the corner the page shows first: an empty cell with many candidates, bottom right.
    const empties = [...puzzle].flatMap((ch, k) => (ch === '.' && k % 25 > 15 && k > 400 ? [k] : []));
    const k = empties.reduce((best, c) => (candidates[c].length > candidates[best].length ? c : best));
    const other = empties.find((c) => c !== k);
    for (const colorScheme of ['light', 'dark']) {
      const tab = await open('', { width: 375, height: 812 }, { colorScheme });
      const { page } = tab;
      const cdp = await browser.context.newCDPSession(page);
      await cdp.send('Emulation.setTouchEmulationEnabled', { enabled: true, maxTouchPoints: 5 });
      /** A finger's tap on the middle of `locator` (brought into view first). */
      const tap = async (locator) => {
        await locator.scrollIntoViewIfNeeded();
        const box = await locator.boundingBox();
        const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
        await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
      };
      await importPuzzle(page, puzzle);
      await waitMessage(page, /^Imported a 25 × 25/);
      const small = await cell(page, k).boundingBox();
      assert.ok(small.width < 32, `without zoom a cell is ${small.width} px`);
      await tap(page.locator('#zoom'));
      await page.waitForSelector('.grid-box.zoomed');
      assert.equal(await page.getAttribute('#zoom', 'aria-pressed'), 'true');
      const sizes = await page.$$eval('#grid .cell', (all) => all.map((c) => c.getBoundingClientRect()).map((r) => Math.min(r.width, r.height)));
      assert.ok(Math.min(...sizes) >= 32, `zoomed cells of ${Math.min(...sizes)} px at least`);
      // The page itself does not scroll sideways: the grid pans in its box.
      assert.ok(await page.evaluate(() => document.documentElement.scrollWidth) <= 375);
      // A filled cell shows its symbol alone, in its middle (the zoomed notes' slots took
      // half the cell and pushed the symbol to its left edge).
      const filled = await page.$$eval('#grid .cell', (all) => all.filter((c) => c.querySelector('.value')?.textContent).map((c) => {
        const box = c.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(c.querySelector('.value'));
        const text = range.getBoundingClientRect();
        // (A cell gets its notes at its first note.)
        const notes = c.querySelector('.notes');
        return { notes: notes ? getComputedStyle(notes).display : 'none', off: Math.abs((text.left + text.right) / 2 - (box.left + box.right) / 2) };
      }));
      assert.ok(filled.length > 0);
      for (const { notes, off } of filled) {
        assert.equal(notes, 'none');
        assert.ok(off <= 2, `a filled cell's symbol ${off.toFixed(1)} px off its middle`);
      }
      // Notes on, then every candidate of cell k tapped on the pad.
      await tap(page.locator('#mode-pencil'));
      await tap(cell(page, k));
      for (const s of candidates[k]) await tap(page.locator(`#pad [data-symbol="${s}"]`));
      await cell(page, k).scrollIntoViewIfNeeded();
      assert.equal(await page.locator(`#grid .cell[data-cell="${k}"] .notes`).textContent(), candidates[k].join(''));
      // Every note whole: its text inside the cell and inside the box the grid pans in, at 9 px or more.
      const notes = await page.$eval(`#grid .cell[data-cell="${k}"]`, (c) => {
        const inside = (r, o) => r.left >= o.left - 0.5 && r.right <= o.right + 0.5 && r.top >= o.top - 0.5 && r.bottom <= o.bottom + 0.5;
        const cellBox = c.getBoundingClientRect();
        const view = c.closest('.grid-box').getBoundingClientRect();
        return [...c.querySelectorAll('.notes > span:not(:empty)')].map((span) => {
          const range = document.createRange();
          range.selectNodeContents(span);
          const text = range.getBoundingClientRect();
          return { symbol: span.textContent, whole: inside(text, cellBox) && inside(text, view), size: parseFloat(getComputedStyle(span).fontSize) };
        });
      });
      assert.equal(notes.length, candidates[k].length);
      for (const note of notes) {
        assert.ok(note.whole, `note ${note.symbol} cut`);
        assert.ok(note.size >= 9, `note ${note.symbol} at ${note.size} px`);
      }
      await shot(page, `zoom-25-375-${colorScheme}`);
      // Notes off: a tap on another cell and on the pad enters the symbol there, and only there.
      await tap(page.locator('#mode-pencil'));
      await tap(cell(page, other));
      await tap(page.locator(`#pad [data-symbol="${solution[other]}"]`));
      const now = await cells(page);
      assert.equal(now[other], solution[other]);
      assert.equal([...now].filter((ch, c) => ch !== puzzle[c]).length, 1, 'one cell changed');
      assert.match(await cell(page, other).getAttribute('aria-label'), new RegExp(`^Row ${Math.floor(other / 25) + 1}, column ${(other % 25) + 1}: ${solution[other]}$`));
      await cdp.detach();
      await clean(tab);
    }
    // 16 x 16 on a phone and 25 x 25 on a desktop, zoomed, for the eye.
    for (const [name, viewport, n, colorScheme] of [
      ['16-375', { width: 375, height: 812 }, 16, 'light'],
      ['25-1280-light', { width: 1280, height: 800 }, 25, 'light'],
      ['25-1280-dark', { width: 1280, height: 800 }, 25, 'dark'],
    ]) {
      const tab = await open('', viewport, { colorScheme });
      const { page } = tab;
      const { puzzle: p } = dlx.generate_sudoku({ size: n, difficulty: 'easy', seed: 3 });
      await importPuzzle(page, p);
      await waitMessage(page, /^Imported/);
      await page.click('#auto-notes');
      await waitMessage(page, /^Candidates/);
      await page.click('#zoom');
      await page.waitForSelector('.grid-box.zoomed');
      const cut = await page.$$eval('#grid .cell', (all) => all.filter((c) => (c.querySelector('.notes')?.scrollHeight ?? 0) > c.clientHeight + 1).length);
      assert.equal(cut, 0, 'no cell’s notes overflow it');
      await page.locator('#grid').scrollIntoViewIfNeeded();
      await shot(page, `zoom-${name}`);
      // Printed, a zoomed grid is whole: no box to pan, no wider than the page.
      await page.emulateMedia({ media: 'print' });
      const printed = await page.$eval('.grid-box', (box) => ({
        width: box.querySelector('#grid').getBoundingClientRect().width,
        page: document.documentElement.clientWidth,
        panned: box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1,
      }));
      assert.ok(printed.width <= printed.page && !printed.panned, JSON.stringify(printed));
      await page.emulateMedia({ media: 'screen' });
      await clean(tab);
    }
  });
});

describe('the sudoku page: a hint is a long job, a grouped chain’s groups, the pictures (issue 35)', () => {
  /** A puzzle of the SE-rated sample (tests/data/sudoku/se), by its line there, with '.' for empty cells. */
  function sePuzzle(k) {
    const lines = readFileSync(join(ROOT, 'tests', 'data', 'sudoku', 'se', 'diabolical.sample.txt'), 'utf8')
      .split('\n')
      .filter((line) => line.trim() && !line.startsWith('#'));
    return lines[k].split(/\s+/)[1].replace(/0/g, '.');
  }
  /** Screenshots of the page as it is, at both widths and in both themes (one page load). */
  async function shots(page, name, scroll = '#grid') {
    for (const [width, viewport] of SCREENS) {
      for (const colorScheme of ['light', 'dark']) {
        await page.setViewportSize(viewport);
        await page.emulateMedia({ colorScheme });
        if (width === '375') await page.locator(scroll).scrollIntoViewIfNeeded();
        // Two frames: the links follow the grid's new size (a ResizeObserver).
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        await page.screenshot({ path: join(ARTIFACTS, `${name}-${width}-${colorScheme}.png`) });
      }
    }
    await page.setViewportSize(SCREENS[0][1]);
    await page.emulateMedia({ colorScheme: 'light' });
  }

  /**
   * Run in the page before its scripts: every worker's calls recorded (`calls`: its number
   * and the export's name), its end recorded (`ended`), and while `holdHints` is on, a call
   * of `sudoku_hint` held back (`held`: what posts it) — a hint that takes as long as the
   * test wants, on any machine.
   */
  function watchWorkers() {
    const Native = window.Worker;
    let made = 0;
    Object.assign(window, { calls: [], ended: [], held: [], holdHints: false });
    window.Worker = class extends Native {
      constructor(...args) {
        super(...args);
        this.number = made++;
      }
      postMessage(message, ...rest) {
        const name = message?.name;
        if (name) window.calls.push({ worker: this.number, name });
        if (name === 'sudoku_hint' && window.holdHints) window.held.push(() => super.postMessage(message, ...rest));
        else super.postMessage(message, ...rest);
      }
      terminate() {
        window.ended.push(this.number);
        super.terminate();
      }
    };
  }

  test('#35 a hint is a job on the job pool: no panel when quick; a long one shows “Finding a hint…” with Cancel while the quick worker answers; Cancel ends it; one at a time', { timeout: 60_000 }, async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    const tab = await open(hash(XWING), undefined, { init: watchWorkers });
    const { page } = tab;
    // The link's verdict (a count and a grade on the job pool): its worker started and idle.
    await waitMessage(page, /^Reopened the shared game\. One solution/);
    const calls = (name) => page.evaluate((n) => window.calls.filter((c) => c.name === n).map((c) => c.worker), name);
    // A quick hint: shown, the job panel never.
    await page.evaluate(() => {
      window.panelShown = 0;
      const job = document.getElementById('job');
      new MutationObserver(() => (window.panelShown += job.hidden ? 0 : 1)).observe(job, { attributes: true });
    });
    await page.click('#hint');
    await page.waitForSelector('#step[data-level="1"]:not([hidden])');
    assert.equal(await page.evaluate(() => window.panelShown), 0, 'a quick hint flashes no panel');
    // On a worker of the job pool: not the one that answers the conflict checks.
    const quick = new Set(await calls('sudoku_conflicts'));
    assert.equal(quick.size, 1, 'one quick worker');
    const [first] = await calls('sudoku_hint');
    assert.ok(first !== undefined && !quick.has(first), `the hint went to worker ${first}, the quick one is ${[...quick]}`);
    await page.keyboard.press('Escape');
    await page.waitForSelector('#step', { state: 'hidden' });

    // A hint that takes long (held back): the panel, after its delay, with Cancel.
    await page.evaluate(() => (window.holdHints = true));
    await page.click('#hint');
    await page.waitForSelector('#job:not([hidden])');
    assert.ok((await page.textContent('#job-text')).startsWith(HINT_FINDING), await page.textContent('#job-text'));
    assert.equal(await page.isDisabled('#hint'), true);
    assert.equal(await page.isVisible('#cancel'), true);
    await shots(page, 'coach-hint-job', '#job');
    // The quick worker answers meanwhile: r1c1 takes the 7 of r1c2, a conflict, erased.
    await cell(page, 0).click();
    await page.keyboard.press('7');
    await page.waitForSelector('#grid .cell[data-cell="0"].conflict');
    await page.keyboard.press('Backspace');
    await page.waitForFunction(() => !document.querySelector('#grid .cell.conflict'));
    assert.equal(await page.textContent('#job-note'), HINT_STALE_NOTE);
    // H again while it runs starts no second search (counted at the end).
    await page.keyboard.press('h');
    // The search ends after the grid changed: its hint is not shown, and the page says so.
    await page.evaluate(() => window.held.shift()());
    await waitMessage(page, new RegExp(`^${HINT_STALE}$`));
    await page.waitForSelector('#job', { state: 'hidden' });
    assert.equal(await page.isVisible('#step'), false);

    // Held again, then cancelled: its worker is ended, the page says so and stays playable.
    await page.click('#hint');
    await page.waitForSelector('#job:not([hidden])');
    const [, , held] = await calls('sudoku_hint');
    await page.click('#cancel');
    await page.waitForSelector('#job', { state: 'hidden' });
    assert.equal(await message(page), HINT_CANCELLED);
    assert.ok((await page.evaluate(() => window.ended)).includes(held), 'the hint’s worker was ended');
    assert.equal(await page.isDisabled('#hint'), false);
    // A later hint works, on a new worker.
    await page.evaluate(() => (window.holdHints = false));
    await page.click('#hint');
    await page.waitForSelector('#step[data-level="1"]:not([hidden])');
    const hints = await calls('sudoku_hint');
    assert.equal(hints.length, 4, 'one search per hint asked: the quick one, two held, the last');
    assert.ok(hints[3] !== held && !quick.has(hints[3]));
    await clean(tab);
  });

  test('#35 a grouped chain: each group outlined around exactly its candidates, its links ending at the outline', { timeout: 60_000 }, async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    // SE's sample, line 45 (rated 8.4): a grouped X-chain ten steps in.
    const puzzle = sePuzzle(44);
    const { entries, marks, step } = toTechnique(puzzle, ['grouped_x_chain', 'grouped_aic']);
    const key = (group) => group.map((c) => `${c.cell}:${c.symbol}`).sort().join(' ');
    const groups = new Map();
    for (const { fromGroup, toGroup } of step.links) for (const g of [fromGroup, toGroup]) if (g.length) groups.set(key(g), g);
    assert.ok(groups.size > 0, `${step.technique} without groups`);
    const tab = await open(hash(puzzle, entries, marks));
    const { page } = tab;
    await waitMessage(page, /^Reopened/);
    for (let level = 1; level <= 2; level++) {
      await page.click('#hint');
      await page.waitForSelector(`#step[data-level="${level}"]:not([hidden])`);
    }
    assert.equal(await page.getAttribute('#step', 'data-technique'), step.technique);
    // Where each candidate's note slot is, relative to the grid.
    const slots = await page.$$eval('#grid .cell', (all) => {
      const g = document.getElementById('grid').getBoundingClientRect();
      return all.map((c) => [...c.querySelectorAll('.notes > span')].map((span) => {
        const r = span.getBoundingClientRect();
        return { left: r.left - g.left, top: r.top - g.top, right: r.right - g.left, bottom: r.bottom - g.top };
      }));
    });
    const outlines = await page.$$eval('svg.links:not([hidden]) rect.group', (all) =>
      all.map((r) => ({ key: r.dataset.candidates, ...Object.fromEntries(['x', 'y', 'width', 'height'].map((a) => [a, Number(r.getAttribute(a))])) })),
    );
    assert.deepEqual(outlines.map((o) => o.key).sort(), [...groups.keys()].sort());
    const within = (o, s) => s.left >= o.x && s.right <= o.x + o.width && s.top >= o.y && s.bottom <= o.y + o.height;
    for (const o of outlines) {
      const group = groups.get(o.key);
      // Every candidate of the group inside its outline, and no other place of its symbol.
      const symbol = Number(group[0].symbol);
      // (A cell that never held a note has no slots.)
      const inside = slots.flatMap((cellSlots, k) => (cellSlots[symbol - 1] && within(o, cellSlots[symbol - 1]) ? [`${k}:${symbol}`] : []));
      assert.deepEqual(inside.sort().join(' '), o.key);
    }
    // Each link leaves or reaches a group at its outline, else at its candidate.
    const lines = await page.$$eval('svg.links line.link', (all) => all.map((l) => Object.fromEntries(['x1', 'y1', 'x2', 'y2'].map((a) => [a, Number(l.getAttribute(a))]))));
    assert.equal(lines.length, step.links.length);
    const onEdge = (o, x, y) =>
      x >= o.x - 1 && x <= o.x + o.width + 1 && y >= o.y - 1 && y <= o.y + o.height + 1 &&
      Math.min(Math.abs(x - o.x), Math.abs(x - o.x - o.width), Math.abs(y - o.y), Math.abs(y - o.y - o.height)) <= 1;
    const near = (c, x, y) => {
      const s = slots[c.cell][Number(c.symbol) - 1];
      return Math.hypot((s.left + s.right) / 2 - x, (s.top + s.bottom) / 2 - y) <= Math.max(s.right - s.left, s.bottom - s.top);
    };
    for (const [k, { from, to, fromGroup, toGroup }] of step.links.entries()) {
      const { x1, y1, x2, y2 } = lines[k];
      if (fromGroup.length) assert.ok(onEdge(outlines.find((o) => o.key === key(fromGroup)), x1, y1), `link ${k} starts at its group`);
      else assert.ok(near(from, x1, y1), `link ${k} starts at ${from.cell}:${from.symbol}`);
      if (toGroup.length) assert.ok(onEdge(outlines.find((o) => o.key === key(toGroup)), x2, y2), `link ${k} ends at its group`);
      else assert.ok(near(to, x2, y2), `link ${k} ends at ${to.cell}:${to.symbol}`);
    }
    assert.ok((await page.$$eval('#step-legend li', (all) => all.map((li) => li.textContent))).includes(GROUP_WORDS));
    const strong = step.links.filter((l) => l.strong).length;
    assert.equal(
      await page.getAttribute('svg.links', 'aria-label'),
      `The chain: ${strong} strong link${strong === 1 ? '' : 's'}, ${step.links.length - strong} weak link${step.links.length - strong === 1 ? '' : 's'} and ${groups.size} group${groups.size === 1 ? '' : 's'} of candidates`,
    );
    await page.click('#hint');
    await page.waitForSelector('#step[data-level="3"]:not([hidden])');
    await shots(page, 'coach-grouped-chain');
    await clean(tab);
  });

  test('#35 a 3D Medusa hint: its two colours told apart, in pictures', { timeout: 60_000 }, async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    // SE's sample, line 5: 3D Medusa with eight links, 25 steps in.
    const puzzle = sePuzzle(4);
    const { entries, marks, step } = toTechnique(puzzle, ['medusa']);
    const tab = await open(hash(puzzle, entries, marks));
    const { page } = tab;
    await waitMessage(page, /^Reopened/);
    for (let level = 1; level <= 3; level++) {
      await page.click('#hint');
      await page.waitForSelector(`#step[data-level="${level}"]:not([hidden])`);
    }
    assert.equal(await page.getAttribute('#step', 'data-technique'), 'medusa');
    const colours = (role) =>
      page.$$eval(`#grid .notes > span.role-${role}`, (all) => all.map((s) => `${s.closest('.cell').dataset.cell}:${s.textContent} ${getComputedStyle(s).backgroundColor}`));
    for (const [theme, scheme] of [['light', 'light'], ['dark', 'dark']]) {
      await page.emulateMedia({ colorScheme: scheme });
      const [a, b] = [await colours('colour_a'), await colours('colour_b')];
      const of = (role) => step.roles.filter((r) => r.role === role).map((r) => `${r.cell}:${r.symbol}`).sort();
      assert.deepEqual(a.map((m) => m.split(' ')[0]).sort(), of('colour_a'));
      assert.deepEqual(b.map((m) => m.split(' ')[0]).sort(), of('colour_b'));
      const [ca, cb] = [new Set(a.map((m) => m.split(' ').slice(1).join(' '))), new Set(b.map((m) => m.split(' ').slice(1).join(' ')))];
      assert.ok(ca.size === 1 && cb.size === 1 && [...ca][0] !== [...cb][0], `${theme}: ${[...ca]} / ${[...cb]}`);
    }
    await shots(page, 'coach-medusa');
    await clean(tab);
  });
});
