// The native side of the JS benchmarks (node.mjs, ratio.mjs): a Rust solver timed in a
// child process, the workload writer's `--time` mode (crates/dlx-engine/examples/
// bench_workloads.rs), which times its own search after one warm-up run (none for a slow
// workload) and prints the result as JSON.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/**
 * Solver `id` (`ours`, `dlx`, `dancing-links`: the manifest's `rust_solvers`) natively, run
 * by the executable `exe` on the workloads of the folder `data`, as `measure` (common.mjs)
 * takes a solver.
 */
export const nativeSolver = (exe, data, id) => ({
  prepare(workload) {
    const args = ['--time', join(data, workload.file), id, workload.mode, workload.slow ? '0' : '1'];
    return {
      setup: () => undefined,
      run: () => {
        const child = spawnSync(exe, args, { encoding: 'utf8' });
        if (child.status !== 0) throw new Error(`${exe} ${args.join(' ')}: ${child.stderr}`);
        return JSON.parse(child.stdout);
      },
      teardown: () => {},
    };
  },
});
