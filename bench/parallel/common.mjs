// What Node (run.mjs) and the Chromium page (page.mjs) both do: one timed count of a workload
// in one way, checked against the count it must give. No Node or DOM APIs here.

/** The ways a count runs in JS: serial on the calling thread, or on the pool's workers. */
export const JS_MODES = ['serial', '1 worker', '2 workers'];

/**
 * Counts `text` in `mode` and resolves to `{ ms, count, nodes }`; throws unless the count is
 * `expected`. `api` is the package (exact_cover, and a pool of 2 workers in `pool`).
 */
export async function countOnce(api, pool, text, mode, expected, now) {
  const started = now();
  let result;
  if (mode === 'serial') {
    result = api.exact_cover(text, { countOnly: true });
  } else {
    result = await pool.exactCover(text, { countOnly: true, workers: mode === '1 worker' ? 1 : 2 });
  }
  const ms = now() - started;
  if (result.count !== expected || !result.complete) {
    throw new Error(`${mode}: counted ${result.count} (complete: ${result.complete}), expected ${expected}`);
  }
  // On the pool, the nodes of the split's own search of the top of the tree and of its tasks.
  return { ms, count: result.count, nodes: result.stats.nodes };
}
