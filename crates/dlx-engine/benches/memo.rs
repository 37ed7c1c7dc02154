//! Memoised counting (`Solver::count_memo`, issue #17) against our plain search and the best
//! Rust peer of `/work/shared/notes/perf-anchors.md` for each workload (`dancing-links` 0.3.1
//! on the tilings and Langford pairs, `dlx` 0.8.5 on the queens), counting every solution.
//!
//! Each measured iteration is the search alone (the peers' structures are built in setup;
//! ours are built inside, the memo's cache too, since it is part of the count). Every
//! iteration checks the count. `DLX_BENCH_QUICK=1` keeps the workloads under a second.
//! `cargo bench --bench memo -- langford12` filters as usual. For one table of the same run
//! with the cache's figures: `cargo run --release --example memo_table`.

use std::time::Duration;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, SamplingMode};
use dlx_engine::puzzles::{
    langford, pentominoes, polyomino_tiling, polyomino_tiling_with_holes, queens,
};
use dlx_engine::{MemoOptions, Problem, Solver, SolverOptions};

#[path = "shared/workloads.rs"]
mod workloads;

#[path = "shared/solvers.rs"]
mod solvers;

use solvers::{Grid, DANCING_LINKS, DLX};
use workloads::Mode;

/// A counting workload: name, problem, count, best peer, and whether it takes seconds.
type Counting = (&'static str, fn() -> Problem, u64, &'static str, bool);

const COUNTING: &[Counting] = &[
    (
        "memo-pent6x10",
        || polyomino_tiling(&pentominoes(), 6, 10).unwrap(),
        9_356,
        DANCING_LINKS,
        true,
    ),
    (
        "memo-pent5x12",
        || polyomino_tiling(&pentominoes(), 5, 12).unwrap(),
        4_040,
        DANCING_LINKS,
        true,
    ),
    (
        "memo-scott8x8",
        || {
            polyomino_tiling_with_holes(&pentominoes(), 8, 8, &[(3, 3), (3, 4), (4, 3), (4, 4)])
                .unwrap()
        },
        520,
        DANCING_LINKS,
        false,
    ),
    (
        "memo-langford12",
        || langford(12).unwrap(),
        216_288,
        DANCING_LINKS,
        true,
    ),
    ("memo-queens12", || queens(12).unwrap(), 14_200, DLX, false),
    ("memo-queens14", || queens(14).unwrap(), 365_596, DLX, true),
    (
        "memo-dominoes6x8",
        || workloads::domino_tiling(6, 8),
        167_089,
        DANCING_LINKS,
        false,
    ),
    (
        "memo-dominoes8x8",
        || workloads::domino_tiling(8, 8),
        12_988_816,
        DANCING_LINKS,
        true,
    ),
];

fn bench_counting(c: &mut Criterion, &(name, build, expected, peer, slow): &Counting) {
    let problem = build();
    let mut group = c.benchmark_group(name);
    group
        .sampling_mode(SamplingMode::Flat)
        .sample_size(10)
        .warm_up_time(Duration::from_millis(1))
        .measurement_time(Duration::from_secs(if slow { 1 } else { 3 }));
    group.bench_function("memo", |b| {
        b.iter(|| {
            let counted =
                Solver::count_memo(&problem, &SolverOptions::default(), &MemoOptions::default())
                    .unwrap();
            assert_eq!(counted.count, u128::from(expected));
        });
    });
    group.bench_function("plain", |b| {
        b.iter(|| assert_eq!(Solver::new(&problem).count_solutions(), expected));
    });
    if peer == DLX {
        let options = solvers::dlx_options(&problem);
        group.bench_function(DLX, |b| {
            b.iter_batched_ref(
                || solvers::dlx_setup(&problem, &options),
                |p| assert_eq!(solvers::dlx_run(p, Mode::Count).0, expected),
                BatchSize::PerIteration,
            );
        });
    } else {
        let grid = Grid::new(&problem);
        group.bench_function(DANCING_LINKS, |b| {
            b.iter_batched_ref(
                || solvers::dancing_links_setup(&grid),
                |s| assert_eq!(solvers::dancing_links_run(s, Mode::Count).0, expected),
                BatchSize::PerIteration,
            );
        });
    }
    group.finish();
}

fn memo(c: &mut Criterion) {
    let quick = std::env::var_os("DLX_BENCH_QUICK").is_some_and(|v| !v.is_empty() && v != "0");
    for w in COUNTING.iter().filter(|w| !(quick && w.4)) {
        bench_counting(c, w);
    }
}

criterion_group!(benches, memo);
criterion_main!(benches);
