//! The Rust solvers of the exact-cover benchmarks behind one shape: setup (building the
//! solver's structure from the option list, not timed) and run (the search, timed). Shared by
//! the criterion benches and the workload writer's `--time` mode (which the Node benchmark
//! runs in its interleaved rounds); both include this file with `#[path]`, after
//! `workloads.rs`.
#![allow(dead_code)]

use dlx_engine::{Problem, Solver};

use crate::workloads::Mode;

/// The ids of the Rust solvers, in table order: criterion ids and `--time` names.
pub const OURS: &str = "ours";
pub const DLX: &str = "dlx";
pub const DANCING_LINKS: &str = "dancing-links";
pub const RUST_SOLVERS: [&str; 3] = [OURS, DLX, DANCING_LINKS];

/// What a run found: how many solutions (with [`Mode::First`], 1 if there is one), and the
/// first solution's option indices ([`Mode::First`] only).
pub type Found = (u64, Vec<usize>);

/// Panics unless `chosen` covers every primary item exactly once and every secondary item
/// at most once.
pub fn check_exact_cover(problem: &Problem, chosen: &[usize], solver: &str) {
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

// ---- dlx-wasm ----

pub fn ours_setup(problem: &Problem) -> Solver {
    Solver::new(problem)
}

pub fn ours_run(solver: &mut Solver, mode: Mode) -> Found {
    match mode {
        Mode::Count => (solver.count_solutions(), Vec::new()),
        Mode::First => {
            let found = solver.find_next();
            (u64::from(found), solver.solution())
        }
    }
}

// ---- dlx 0.8.5 ----

/// The options as `dlx` takes them: 0-based item numbers, in the problem's order.
pub fn dlx_options(problem: &Problem) -> Vec<Vec<dlx::Uint>> {
    (0..problem.option_count())
        .map(|k| {
            problem
                .option(k)
                .iter()
                .map(|entry| entry.item as dlx::Uint)
                .collect()
        })
        .collect()
}

pub fn dlx_setup(problem: &Problem, options: &[Vec<dlx::Uint>]) -> dlx::x::Problem {
    dlx::x::make_problem(
        problem.primary_count() as dlx::Uint,
        problem.secondary_count() as dlx::Uint,
        options,
        dlx::OptOrder::Seq,
    )
}

/// Knuth's MRV, ties to the leftmost item, as dlx-wasm chooses.
pub fn dlx_run(problem: &mut dlx::x::Problem, mode: Mode) -> Found {
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
pub struct Grid {
    options: Vec<usize>,
    items: Vec<usize>,
    primary: usize,
    /// `member[option * items + item]`.
    member: Vec<bool>,
}

impl Grid {
    pub fn new(problem: &Problem) -> Grid {
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

/// Builds the links: it asks `satisfies` for every option x item pair.
pub fn dancing_links_setup(grid: &Grid) -> dancing_links::Solver<'_, Grid> {
    dancing_links::ExactCover::solver(grid)
}

pub fn dancing_links_run(solver: &mut dancing_links::Solver<'_, Grid>, mode: Mode) -> Found {
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

/// Runs `solver` (one of [`RUST_SOLVERS`]) on `problem`: setup untimed, then the search,
/// timed. Returns what it found and the search's time in milliseconds.
///
/// # Panics
/// On an unknown solver name.
pub fn time_once(solver: &str, problem: &Problem, mode: Mode) -> (Found, f64) {
    fn timed<T>(f: impl FnOnce() -> T) -> (T, f64) {
        let start = std::time::Instant::now();
        let value = f();
        (value, start.elapsed().as_secs_f64() * 1e3)
    }
    match solver {
        OURS => {
            let mut s = ours_setup(problem);
            timed(|| ours_run(&mut s, mode))
        }
        DLX => {
            let mut p = dlx_setup(problem, &dlx_options(problem));
            timed(|| dlx_run(&mut p, mode))
        }
        DANCING_LINKS => {
            let grid = Grid::new(problem);
            let mut s = dancing_links_setup(&grid);
            timed(|| dancing_links_run(&mut s, mode))
        }
        _ => panic!("unknown solver {solver}: one of {RUST_SOLVERS:?}"),
    }
}
