//! Exact cover, natively: dlx-wasm against the Rust crates `dlx` 0.8.5 and `dancing-links`
//! 0.3.1 on the workloads of `crates/dlx-engine/benches/shared/workloads.rs`, every solver given the same
//! options in the same order (the solvers are called as `crates/dlx-engine/benches/shared/solvers.rs` says).
//!
//! Each measured iteration is the search alone: building a solver's structure from the
//! option list is setup, left out of the time for every solver alike (for `dancing-links`
//! that setup asks `satisfies` for every option x item pair). Every iteration checks its
//! answer (the solution count, or that a first solution exists), and before timing each
//! solver's first solution is checked to be an exact cover.
//!
//! Results go to `target/criterion/<workload>/<solver>/new/estimates.json`; `scripts/bench.sh`
//! collects them into the table. `DLX_BENCH_QUICK=1` skips the slow workloads (counting every
//! 6x10 pentomino tiling takes seconds per run). Criterion's usual filter works too:
//! `cargo bench --bench exact_cover -- queens12`.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, SamplingMode};

#[path = "shared/workloads.rs"]
mod workloads;

#[path = "shared/solvers.rs"]
mod solvers;

use solvers::{Found, Grid, DANCING_LINKS, DLX, OURS};
use workloads::{Mode, Workload, WORKLOADS};

fn bench_workload(c: &mut Criterion, w: &Workload) {
    let problem = (w.build)();
    let check = |solver: &str, (count, first): Found| {
        assert_eq!(count, w.expected, "{solver} on {}", w.name);
        if w.mode == Mode::First {
            solvers::check_exact_cover(&problem, &first, solver);
        }
    };
    let dlx_options = solvers::dlx_options(&problem);
    let grid = Grid::new(&problem);

    // Before any timing: every solver's answer, and its first solution's validity. For the
    // slow workloads the check in every iteration below does this on the first run instead.
    if !w.slow {
        for solver in solvers::RUST_SOLVERS {
            check(solver, solvers::time_once(solver, &problem, w.mode).0);
        }
    }

    let mut group = c.benchmark_group(w.name);
    if w.slow {
        // One iteration per sample, the fewest samples criterion takes, no separate warm-up.
        group
            .sampling_mode(SamplingMode::Flat)
            .sample_size(10)
            .warm_up_time(Duration::from_millis(1))
            .measurement_time(Duration::from_secs(1));
    }
    let checked = |solver: &str, (count, _): Found| {
        assert_eq!(count, w.expected, "{solver} on {}", w.name);
    };
    group.bench_function(OURS, |b| {
        b.iter_batched_ref(
            || solvers::ours_setup(&problem),
            |s| checked(OURS, solvers::ours_run(s, w.mode)),
            BatchSize::PerIteration,
        );
    });
    group.bench_function(DLX, |b| {
        b.iter_batched_ref(
            || solvers::dlx_setup(&problem, &dlx_options),
            |p| checked(DLX, solvers::dlx_run(p, w.mode)),
            BatchSize::PerIteration,
        );
    });
    group.bench_function(DANCING_LINKS, |b| {
        b.iter_batched_ref(
            || solvers::dancing_links_setup(&grid),
            |s| checked(DANCING_LINKS, solvers::dancing_links_run(s, w.mode)),
            BatchSize::PerIteration,
        );
    });
    group.finish();
}

/// Whether `DLX_BENCH_QUICK` asks to skip the slow workloads.
fn quick() -> bool {
    std::env::var_os("DLX_BENCH_QUICK").is_some_and(|v| !v.is_empty() && v != "0")
}

fn exact_cover(c: &mut Criterion) {
    let quick = quick();
    for w in WORKLOADS.iter().filter(|w| !(quick && w.slow)) {
        bench_workload(c, w);
    }
}

criterion_group!(benches, exact_cover);
criterion_main!(benches);
