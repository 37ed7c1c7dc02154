// End to end: the page in www/, served as scripts/serve.sh serves it, in headless Chromium.
// It must show the puzzle while the solver loads, then a valid solved grid, with no console
// errors, failed requests or CSP violations. Leaves a screenshot in artifacts/www.png.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { ROOT, checkSudoku, launchChromium, requireBuild, serve, watch } from './helpers.mjs';

const WWW = join(ROOT, 'www');

test('www/index.html solves its puzzle and shows a valid grid', { timeout: 120_000 }, async () => {
  requireBuild(join(WWW, 'pkg', 'dlx_wasm.js'), join(WWW, 'pkg', 'dlx_wasm_bg.wasm'));
  const server = await serve(WWW);
  const browser = await launchChromium();
  try {
    const page = await browser.context.newPage();
    const problems = watch(page);
    await page.addInitScript(() => {
      window.cspViolations = [];
      document.addEventListener('securitypolicyviolation', (event) =>
        window.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });

    // Hold the .wasm download back to see the loading state.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await page.route('**/*.wasm', async (route) => {
      await held;
      await route.continue();
    });

    await page.goto(server.url);
    const cells = () => page.$$eval('#grid .cell', (all) => all.map((c) => c.textContent || '.'));
    await page.waitForSelector('#grid .cell');
    assert.equal(await page.getAttribute('#status', 'data-state'), 'loading');
    assert.match(await page.textContent('#status'), /loading/i);
    const puzzle = (await cells()).join('');
    assert.equal(puzzle.length, 81);
    assert.equal(puzzle.replaceAll('.', '').length, 21, "Inkala's puzzle has 21 givens");

    release();
    await page.waitForSelector('#status[data-state="solved"]');
    assert.match(await page.textContent('#status'), /^Solved in [\d.]+ ms\.$/);
    checkSudoku(assert, puzzle, (await cells()).join(''));
    const givens = await page.$$eval('#grid .cell', (all) => all.map((c) => c.classList.contains('given')));
    assert.deepEqual(givens, [...puzzle].map((ch) => ch !== '.'));

    mkdirSync(join(ROOT, 'artifacts'), { recursive: true });
    await page.screenshot({ path: join(ROOT, 'artifacts', 'www.png'), fullPage: true });

    assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
    assert.deepEqual(problems, []);
  } finally {
    await browser.close();
    await server.close();
  }
});
