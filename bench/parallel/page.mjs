// The Chromium side of run.mjs: the package's browser entry (module Web Workers), measured by
// the same code as in Node (common.mjs).
import init, * as api from '/pkg/index.js';
import { countOnce } from '/bench/common.mjs';

const ready = init().then(() => api.create_worker_pool(2));
const texts = new Map();

/** One timed count of the workload `name` (served at /workloads/NAME.dlx) in `mode`. */
window.benchCount = async (name, mode, expected) => {
  const pool = await ready;
  if (!texts.has(name)) texts.set(name, await (await fetch(`/workloads/${name}.dlx`)).text());
  return countOnce(api, pool, texts.get(name), mode, expected, () => performance.now());
};
window.benchReady = ready.then(() => navigator.hardwareConcurrency);
