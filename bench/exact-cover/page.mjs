// The Chromium side of browser.mjs: dlx-wasm's wasm build and npm dancing-links in one page,
// measured by the same code as in Node (common.mjs).
import init, * as wasm from '/pkg/dlx_wasm.js';
import { DancingLinks } from 'dancing-links';
import { makeSolvers, measure } from '/bench/common.mjs';

const ready = (async () => {
  await init();
  const manifest = await (await fetch('/data/workloads.json')).json();
  return { manifest, solvers: makeSolvers(wasm, DancingLinks) };
})();

/** Measures one workload of the manifest; resolves to `{ [solver]: { medianMs, ... } }`. */
window.benchWorkload = async (name) => {
  const { manifest, solvers } = await ready;
  const workload = manifest.workloads.find((w) => w.name === name);
  if (!workload) throw new Error(`no workload ${name}`);
  const text = await (await fetch(`/data/${workload.file}`)).text();
  return measure(workload, text, solvers, { now: () => performance.now(), log: (line) => console.log(line) });
};
window.benchReady = ready.then(() => true);
