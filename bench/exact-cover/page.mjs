// The Chromium side of browser.mjs and ratio.mjs: dlx-wasm's wasm build and npm dancing-links
// in one page, measured by the same code as in Node (common.mjs).
import init, * as wasm from '/pkg/dlx_wasm.js';
import { DancingLinks } from 'dancing-links';
import { makeSolvers, measure, timeOnce } from '/bench/common.mjs';

const ready = (async () => {
  await init();
  const manifest = await (await fetch('/data/workloads.json')).json();
  return { manifest, solvers: makeSolvers(wasm, DancingLinks) };
})();

/** The manifest's workload `name` and its file's text. */
async function workloadAndText(name) {
  const { manifest } = await ready;
  const workload = manifest.workloads.find((w) => w.name === name);
  if (!workload) throw new Error(`no workload ${name}`);
  return { workload, text: await (await fetch(`/data/${workload.file}`)).text() };
}

/** Measures one workload of the manifest; resolves to `{ [solver]: { medianMs, ... } }`. */
window.benchWorkload = async (name) => {
  const { solvers } = await ready;
  const { workload, text } = await workloadAndText(name);
  return measure(workload, text, solvers, { now: () => performance.now(), log: (line) => console.log(line) });
};

/**
 * dlx-wasm's solver on each build of the package's main module: `plain`
 * (dlx_wasm_bg.wasm, the one `init()` loads) and `simd` (dlx_wasm_simd_bg.wasm, the one the
 * package loads where the engine has SIMD), a second instance of the same bindings.
 */
const builds = {
  plain: ready.then(({ solvers }) => solvers.ours),
  simd: (async () => {
    const simd = await import('/pkg/dlx_wasm.js?simd');
    await simd.default({ module_or_path: '/pkg/dlx_wasm_simd_bg.wasm' });
    return makeSolvers(simd, DancingLinks).ours;
  })(),
};

/** Prepares dlx-wasm's solver of build `build` on workload `name` (cached). */
const preparedFor = new Map();
async function prepare(name, build) {
  const key = `${name}/${build}`;
  if (!preparedFor.has(key)) {
    const { workload, text } = await workloadAndText(name);
    preparedFor.set(key, { workload, prepared: (await builds[build]).prepare(workload, text) });
  }
  return preparedFor.get(key);
}

/** One timed search of dlx-wasm (build `plain` or `simd`) on workload `name`: `{ found, ms }`. */
window.benchOnce = async (name, build) => {
  const { workload, prepared } = await prepare(name, build);
  const ms = timeOnce(prepared, workload, `chromium:${build}`, () => performance.now());
  return { found: workload.expected, ms };
};

/** The first solution of dlx-wasm (build `build`) on workload `name`, as option indices. */
window.benchFirst = async (name, build) => {
  const { prepared } = await prepare(name, build);
  const state = prepared.setup();
  const first = prepared.first(state);
  prepared.teardown(state);
  return first;
};
window.benchReady = ready.then(() => true);
