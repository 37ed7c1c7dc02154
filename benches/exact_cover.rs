//! Exact cover, natively: dlx-wasm against the Rust crates `dlx` 0.8.5 and `dancing-links`
//! 0.3.1 on the workloads of `bench/exact-cover/workloads.rs`, every solver given the same
//! options in the same order.
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
use dlx_wasm::{Problem, Solver};

#[path = "../bench/exact-cover/workloads.rs"]
mod workloads;

use workloads::{Mode, Workload, WORKLOADS};

/// The criterion ids of the solvers, in table order.
const OURS: &str = "ours";
const DLX: &str = "dlx";
const DANCING_LINKS: &str = "dancing-links";

/// The options as lists of 0-based item numbers, in the problem's order.
fn option_lists(problem: &Problem) -> Vec<Vec<usize>> {
    (0..problem.option_count())
        .map(|k| {
            problem
                .option(k)
                .iter()
                .map(|entry| entry.item as usize)
                .collect()
        })
        .collect()
}

/// Panics unless `chosen` covers every primary item exactly once and every secondary item
/// at most once.
fn check_exact_cover(problem: &Problem, chosen: &[usize], solver: &str) {
    let mut uses = vec![0u32; problem.item_count()];
    for &option in chosen {
        for entry in problem.option(option) {
            uses[entry.item as usize] += 1;
        }
    }
    let (primary, secondary) = uses.split_at(problem.primary_count());
    assert!(
        primary.iter().all(|&n| n == 1) && secondary.iter().all(|&n| n <= 1),
        "{solver}: options {chosen:?} are not an exact cover"
    );
}

// ---- dlx 0.8.5 ----

fn dlx_problem(problem: &Problem, options: &[Vec<dlx::Uint>]) -> dlx::x::Problem {
    dlx::x::make_problem(
        problem.primary_count() as dlx::Uint,
        problem.secondary_count() as dlx::Uint,
        options,
        dlx::OptOrder::Seq,
    )
}

/// Runs `dlx` on `problem` in `mode`; returns the solutions found, and the first one.
fn dlx_run(problem: &mut dlx::x::Problem, mode: Mode) -> (u64, Vec<usize>) {
    let mut solver = dlx::Solver::new(problem);
    let mut chooser =
        dlx::choose::mrv_chooser(dlx::choose::prefer_any(), dlx::choose::no_tiebreak());
    let mut count = 0;
    let mut first = Vec::new();
    while solver.next_solution(&mut chooser) {
        count += 1;
        if mode == Mode::First {
            first = solver.fmt_solution().iter().map(|&o| o as usize).collect();
            break;
        }
    }
    (count, first)
}

// ---- dancing-links 0.3.1 ----

/// A problem as `dancing-links` wants it: possibilities are option numbers, constraints
/// item numbers, secondary items optional.
struct Grid {
    options: Vec<usize>,
    items: Vec<usize>,
    primary: usize,
    /// `member[option * items + item]`.
    member: Vec<bool>,
}

impl Grid {
    fn new(problem: &Problem) -> Grid {
        let n = problem.item_count();
        let mut member = vec![false; problem.option_count() * n];
        for option in 0..problem.option_count() {
            for entry in problem.option(option) {
                member[option * n + entry.item as usize] = true;
            }
        }
        Grid {
            options: (0..problem.option_count()).collect(),
            items: (0..n).collect(),
            primary: problem.primary_count(),
            member,
        }
    }
}

impl dancing_links::ExactCover for Grid {
    type Possibility = usize;
    type Constraint = usize;

    fn satisfies(&self, option: &usize, item: &usize) -> bool {
        self.member[option * self.items.len() + item]
    }

    fn is_optional(&self, item: &usize) -> bool {
        *item >= self.primary
    }

    fn possibilities(&self) -> &[usize] {
        &self.options
    }

    fn constraints(&self) -> &[usize] {
        &self.items
    }
}

/// Runs `dancing-links` in `mode`; returns the solutions found, and the first one.
fn dancing_links_run(
    solver: &mut dancing_links::Solver<'_, Grid>,
    mode: Mode,
) -> (u64, Vec<usize>) {
    let mut count = 0;
    let mut first = Vec::new();
    while let Some(solution) = solver.next_solution() {
        count += 1;
        if mode == Mode::First {
            first = solution.into_iter().copied().collect();
            break;
        }
    }
    (count, first)
}

// ---- ours ----

/// Runs dlx-wasm in `mode`; returns the solutions found, and the first one.
fn ours_run(solver: &mut Solver, mode: Mode) -> (u64, Vec<usize>) {
    match mode {
        Mode::Count => (solver.count_solutions(), Vec::new()),
        Mode::First => {
            let found = solver.find_next();
            (u64::from(found), solver.solution())
        }
    }
}

fn bench_workload(c: &mut Criterion, w: &Workload) {
    let problem = (w.build)();
    let check = |solver: &str, (count, first): (u64, Vec<usize>)| {
        assert_eq!(count, w.expected, "{solver} on {}", w.name);
        if w.mode == Mode::First {
            check_exact_cover(&problem, &first, solver);
        }
    };

    let dlx_options: Vec<Vec<dlx::Uint>> = option_lists(&problem)
        .into_iter()
        .map(|o| o.into_iter().map(|i| i as dlx::Uint).collect())
        .collect();
    let grid = Grid::new(&problem);

    // Before any timing: every solver's answer, and its first solution's validity. For the
    // slow workloads the per-iteration check below does this on the warm-up run instead.
    if !w.slow {
        check(OURS, ours_run(&mut Solver::new(&problem), w.mode));
        check(
            DLX,
            dlx_run(&mut dlx_problem(&problem, &dlx_options), w.mode),
        );
        check(
            DANCING_LINKS,
            dancing_links_run(&mut dancing_links::ExactCover::solver(&grid), w.mode),
        );
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
    let expected = w.expected;
    let name = w.name;

    group.bench_function(OURS, |b| {
        b.iter_batched_ref(
            || Solver::new(&problem),
            |solver| {
                let (count, _) = ours_run(solver, w.mode);
                assert_eq!(count, expected, "{OURS} on {name}");
            },
            BatchSize::PerIteration,
        );
    });
    group.bench_function(DLX, |b| {
        b.iter_batched_ref(
            || dlx_problem(&problem, &dlx_options),
            |prob| {
                let (count, _) = dlx_run(prob, w.mode);
                assert_eq!(count, expected, "{DLX} on {name}");
            },
            BatchSize::PerIteration,
        );
    });
    group.bench_function(DANCING_LINKS, |b| {
        b.iter_batched_ref(
            || dancing_links::ExactCover::solver(&grid),
            |solver| {
                let (count, _) = dancing_links_run(solver, w.mode);
                assert_eq!(count, expected, "{DANCING_LINKS} on {name}");
            },
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
