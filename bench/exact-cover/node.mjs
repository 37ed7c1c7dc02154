// dlx-wasm's wasm build against npm dancing-links 4.3.10 in Node, on the workloads written
// by `cargo run --release --example bench_workloads`. Writes medians to a JSON file that
// report.mjs turns into the table.
//
//   node bench/exact-cover/node.mjs [--data DIR] [--pkg DIR] [--native EXE] [--out FILE] [WORKLOAD...]
//
// --data: the workload files (target/bench-data); --pkg: the wasm-bindgen `--target web`
// output (pkg, as scripts/build.sh makes it); --out: target/bench-results/node.json.
// --native: the workload writer built in release (target/release/examples/bench_workloads);
// when it exists, the Rust solvers (dlx-wasm, dlx, dancing-links) run natively in the same
// interleaved rounds (its `--time` mode, timed inside that process), so native and wasm
// times, and the native ratios, are measured under the same load.
// DLX_BENCH_QUICK=1 skips the slow workloads.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { DancingLinks } from 'dancing-links';
import { makeSolvers, measure } from './common.mjs';
import { nativeSolver } from './native.mjs';
import { loadManifest, loadWorkloads, parseArgs, quick } from './args.mjs';

const { options, only } = parseArgs(process.argv.slice(2), {
  data: 'target/bench-data',
  pkg: 'pkg',
  native: 'target/release/examples/bench_workloads',
  out: 'target/bench-results/node.json',
});

const wasm = await import(pathToFileURL(join(options.pkg, 'dlx_wasm.js')));
wasm.initSync({ module: readFileSync(join(options.pkg, 'dlx_wasm_bg.wasm')) });

const natives = {};
if (existsSync(options.native)) {
  for (const id of loadManifest(options.data).rust_solvers) natives[`native:${id}`] = nativeSolver(options.native, options.data, id);
} else {
  console.log(`node: no ${options.native}, so no native runs in the same rounds`);
}
const solvers = makeSolvers(wasm, DancingLinks, natives);

const workloads = loadWorkloads(options.data, only, (w) => !(quick() && w.slow));
const results = {};
for (const workload of workloads) {
  const text = readFileSync(join(options.data, workload.file), 'utf8');
  results[workload.name] = await measure(workload, text, solvers, {
    now: () => performance.now(),
    log: (line) => console.log(line),
  });
}

mkdirSync(dirname(options.out), { recursive: true });
writeFileSync(options.out, JSON.stringify({ runtime: `Node ${process.version}`, results }, null, 2) + '\n');
console.log(`node: results -> ${options.out}`);
