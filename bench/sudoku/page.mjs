// The Chromium side of browser.mjs: dlx-wasm's module and npm dancing-links in one page,
// measured by the same code as in Node (solvers.mjs). The module comes through the package's
// browser entry, whose `init` loads the build a user's page gets (load.js).
import init, * as wasm from './pkg/index.js';
import { wasmUrl } from './pkg/load.js';
import { DancingLinks } from 'dancing-links';
import { measure, ours, theirs } from './solvers.mjs';

const ready = init();

/** Times every set of samples.json: resolves to `[{ name, puzzles, ours, theirs }]` (µs). */
window.benchSudoku = async () => {
  await ready;
  const sets = await (await fetch('./samples.json')).json();
  const solvers = [ours(wasm), theirs(DancingLinks)];
  return sets.map(({ name, puzzles }) => {
    const [a, b] = measure(solvers, puzzles, () => performance.now());
    return { name, puzzles: puzzles.length, ours: a, theirs: b };
  });
};
window.benchReady = ready.then(() => true);
/** Which of the package's two builds `init` loaded. */
window.benchBuild = wasmUrl().pathname.split('/').pop();
