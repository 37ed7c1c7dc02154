// The sudoku benchmark in headless Chromium (Debian's /usr/bin/chromium through
// playwright-core, as the tests launch it): dlx-wasm's main module, through the package's
// browser entry (so the build load.js picks, as a user's page gets), and npm dancing-links
// 4.3.10 in one page, on the same samples as run.mjs, timed by the same code.
//
//   npm ci && node browser.mjs
//
// DLX_PKG, SUDOKU_DATA and SUDOKU_SAMPLE as for run.mjs. The page, the module, npm
// dancing-links and the samples are served from a temporary folder on 127.0.0.1.
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launchChromium, serve, tempDir } from '../../tests/js/helpers.mjs';
import { SETS, puzzleLines } from './solvers.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const root = resolve(here, '..', '..');
const pkgDir = resolve(process.env.DLX_PKG ?? join(root, 'pkg'));
const dataDir = resolve(process.env.SUDOKU_DATA ?? join(root, '..', 'shared', 'data', 'sudoku'));
const SAMPLE = Number(process.env.SUDOKU_SAMPLE ?? 1000);

if (!existsSync(join(pkgDir, 'dlx_wasm.js'))) {
  throw new Error(`${pkgDir} has no dlx_wasm.js: run scripts/build.sh first`);
}
const sets = SETS.filter(([, file]) => existsSync(join(dataDir, file))).map(([name, file]) => ({
  name,
  puzzles: puzzleLines(readFileSync(join(dataDir, file), 'utf8'), SAMPLE),
}));

const site = tempDir('sudoku-bench');
for (const file of ['page.html', 'page.mjs', 'solvers.mjs']) {
  symlinkSync(join(here, file), join(site.path, file));
}
symlinkSync(pkgDir, join(site.path, 'pkg'));
symlinkSync(join(here, 'node_modules/dancing-links/built/lib'), join(site.path, 'dancing-links'));
writeFileSync(join(site.path, 'samples.json'), JSON.stringify(sets));

const server = await serve(site.path);
const browser = await launchChromium();
try {
  const page = await browser.context.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(`${server.url}page.html`);
  await page.evaluate(() => window.benchReady);
  const version = await page.evaluate(() => navigator.userAgent.match(/Chrome\/[\d.]+/)?.[0]);
  const rows = await page.evaluate(() => window.benchSudoku());
  const build = await page.evaluate(() => window.benchBuild);
  console.log(`dlx-wasm from ${pkgDir}/${build}; headless ${version}; npm dancing-links 4.3.10`);
  console.log('');
  console.log('| set | puzzles | dlx-wasm (wasm) µs | npm dancing-links µs | npm / ours |');
  console.log('|---|---|---|---|---|');
  for (const r of rows) {
    const ratio = (r.theirs / r.ours).toFixed(2);
    console.log(`| ${r.name} | ${r.puzzles} | ${r.ours.toFixed(1)} | ${r.theirs.toFixed(1)} | ${ratio}x |`);
  }
} finally {
  await browser.close();
  await server.close();
  site.remove();
}
