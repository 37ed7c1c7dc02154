// Command-line and environment handling shared by the Node-side benchmark scripts.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (two levels above this folder). */
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * `--name value` pairs into an object over `defaults` (relative paths resolved against the
 * repository root); other words are workload names to run (none: all).
 */
export function parseArgs(argv, defaults) {
  const options = { ...defaults };
  const only = [];
  for (let k = 0; k < argv.length; k++) {
    const arg = argv[k];
    if (arg.startsWith('--')) {
      const key = arg.slice(2);
      if (!(key in defaults)) throw new Error(`unknown option ${arg}; known: ${Object.keys(defaults).join(', ')}`);
      if (k + 1 >= argv.length) throw new Error(`${arg} needs a value`);
      options[key] = argv[++k];
    } else {
      only.push(arg);
    }
  }
  for (const key of Object.keys(options)) options[key] = resolve(ROOT, options[key]);
  return { options, only };
}

/** Whether `DLX_BENCH_QUICK` asks to skip the slow workloads (as the criterion benches do). */
export const quick = () => !['', '0', undefined].includes(process.env.DLX_BENCH_QUICK);

/** The manifest (`{ rust_solvers, workloads }`) that crates/dlx-engine/examples/bench_workloads.rs wrote. */
export const loadManifest = (dataDir) => JSON.parse(readFileSync(join(dataDir, 'workloads.json'), 'utf8'));

/** The manifest's workloads, filtered by `only` (names) and `keep`. */
export function loadWorkloads(dataDir, only, keep = () => true) {
  const all = loadManifest(dataDir).workloads;
  for (const name of only) {
    if (!all.some((w) => w.name === name)) throw new Error(`no workload ${name} in ${dataDir}/workloads.json`);
  }
  return all.filter((w) => (only.length ? only.includes(w.name) : true) && keep(w));
}
