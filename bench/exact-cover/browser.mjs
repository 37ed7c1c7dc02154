// dlx-wasm's wasm build and npm dancing-links 4.3.10 in one page of headless Chromium (Debian's
// /usr/bin/chromium through playwright-core), measured by the same code as in Node. Serves the
// page, the wasm build, npm dancing-links and the workload files from 127.0.0.1 on a free port
// (chromium.mjs), and stops the server and the browser at the end. Writes medians for
// report.mjs.
//
//   node bench/exact-cover/browser.mjs [--data DIR] [--pkg DIR] [--out FILE] [WORKLOAD...]
//
// Runs every workload that is not slow (counting all 6x10 pentomino tilings is left to
// native and Node), or the ones named.
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openBenchPage } from './chromium.mjs';
import { loadWorkloads, parseArgs } from './args.mjs';

const { options, only } = parseArgs(process.argv.slice(2), {
  data: 'target/bench-data',
  pkg: 'pkg',
  out: 'target/bench-results/chromium.json',
});

const workloads = loadWorkloads(options.data, only, (w) => only.length > 0 || !w.slow);
const { page, runtime, problems, close } = await openBenchPage(options);
try {
  const results = {};
  for (const workload of workloads) {
    results[workload.name] = await page.evaluate((name) => window.benchWorkload(name), workload.name);
  }
  if (problems.length) throw new Error(`the page reported errors:\n${problems.join('\n')}`);
  mkdirSync(dirname(options.out), { recursive: true });
  writeFileSync(options.out, JSON.stringify({ runtime, results }, null, 2) + '\n');
  console.log(`chromium: results -> ${options.out}`);
} finally {
  await close();
}
