//! The scaling of the parallel search (issue 15): counts every solution of a few workloads
//! with the serial [`Solver`] and with [`ParallelSolver`] on 1, 2, ... threads, interleaved
//! in rounds so that all of them see the same load, and prints the median wall-clock times
//! (`BEST=1`: the least), the speed-ups over the serial search, and the time the split
//! itself takes. `SIMULATE=1` prints the load balance on ideal cores instead, `ONLY=serial`
//! or `ONLY=N` runs one search (for callgrind).
//!
//! ```text
//! cargo run --release --example parallel_scaling [-- ROUNDS [MAX_THREADS [WORKLOAD...]]]
//! ```
//!
//! Workloads: `pentominoes6x10` (9,356), `queens12` (14,200), `queens13` (73,712),
//! `langford11` (35,584), `langford12` (216,288), `sudoku` (855,420: a 9x9 puzzle with its
//! top four rows erased).

use std::time::Instant;

use dlx_engine::puzzles::{langford, pentominoes, polyomino_tiling, queens};
use dlx_engine::{split, ParallelOptions, ParallelSolver, Problem, ProblemBuilder, Solver};
use dlx_engine::{SolverOptions, Status};

/// A sudoku as exact cover (cell, row-digit, column-digit, box-digit items).
fn sudoku(puzzle: &str) -> Problem {
    let mut b = ProblemBuilder::new(324, 0).expect("small");
    for (cell, ch) in puzzle.chars().enumerate() {
        let (r, c) = (cell / 9, cell % 9);
        for d in 0..9 {
            if ch.to_digit(10).is_some_and(|g| g as usize != d + 1) {
                continue;
            }
            let bx = r / 3 * 3 + c / 3;
            b.add_option(&[cell, 81 + r * 9 + d, 162 + c * 9 + d, 243 + bx * 9 + d])
                .expect("valid");
        }
    }
    b.build()
}

fn workload(name: &str) -> Problem {
    match name {
        "pentominoes6x10" => polyomino_tiling(&pentominoes(), 6, 10).expect("small"),
        "queens12" => queens(12).expect("small"),
        "queens13" => queens(13).expect("small"),
        "langford11" => langford(11).expect("small"),
        "langford12" => langford(12).expect("small"),
        // The first counted puzzle of tests/data/sudoku with its top four rows erased.
        "sudoku" => sudoku(concat!(
            "....................................",
            ".9.8245....6....7...9....5...729..861.36.72.4"
        )),
        _ => panic!("unknown workload {name}"),
    }
}

/// The median of `times`, or with `BEST=1` in the environment the least (on a machine shared
/// with other work, the least is the time least disturbed by it).
fn median(times: &mut [f64]) -> f64 {
    times.sort_by(f64::total_cmp);
    if std::env::var_os("BEST").is_some() {
        return times[0];
    }
    times[times.len() / 2]
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let rounds: usize = args.first().map_or(3, |a| a.parse().expect("ROUNDS"));
    let max_threads: usize = args.get(1).map_or(2, |a| a.parse().expect("MAX_THREADS"));
    let names: Vec<&str> = if args.len() > 2 {
        args[2..].iter().map(String::as_str).collect()
    } else {
        vec![
            "pentominoes6x10",
            "queens12",
            "queens13",
            "langford11",
            "sudoku",
        ]
    };
    let options = SolverOptions::default();
    if std::env::var_os("SIMULATE").is_some() {
        for name in names {
            simulate(name, &workload(name), &options);
        }
        return;
    }
    println!(
        "| workload | solutions | tasks | split ms | serial ms | {} |",
        {
            (1..=max_threads)
                .map(|t| format!("{t} thread{} ms (speed-up)", if t > 1 { "s" } else { "" }))
                .collect::<Vec<_>>()
                .join(" | ")
        }
    );
    println!("|---|---|---|---|---|{}", "---|".repeat(max_threads));
    for name in names {
        let problem = workload(name);
        let mut serial = Vec::new();
        let mut splits = Vec::new();
        let mut threads: Vec<Vec<f64>> = vec![Vec::new(); max_threads];
        let mut count = 0;
        let mut tasks = 0;
        for _ in 0..rounds {
            if let Ok(mode) = std::env::var("ONLY") {
                // One search only, for `time` or callgrind: `serial` or a thread count.
                count = match mode.parse::<usize>() {
                    Ok(threads) => {
                        let parallel = ParallelOptions {
                            threads,
                            ..Default::default()
                        };
                        let solver = ParallelSolver::new(&problem, &options, &parallel);
                        solver
                            .expect("valid")
                            .count()
                            .expect("valid")
                            .stats
                            .solutions
                    }
                    Err(_) => Solver::new(&problem).count_solutions(),
                };
                println!("{name}: {count}");
                return;
            }
            let started = Instant::now();
            count = Solver::new(&problem).count_solutions();
            serial.push(started.elapsed().as_secs_f64() * 1e3);
            let started = Instant::now();
            tasks = split(
                &problem,
                &options,
                ParallelOptions::default().task_count(&options),
            )
            .expect("no forced options")
            .len();
            splits.push(started.elapsed().as_secs_f64() * 1e3);
            for (t, times) in threads.iter_mut().enumerate() {
                let parallel = ParallelOptions {
                    threads: t + 1,
                    ..Default::default()
                };
                let started = Instant::now();
                let solver = ParallelSolver::new(&problem, &options, &parallel).expect("valid");
                let outcome = solver.count().expect("valid tasks");
                times.push(started.elapsed().as_secs_f64() * 1e3);
                assert_eq!(outcome.stats.solutions, count, "{name}, {} threads", t + 1);
                assert_eq!(outcome.status, Status::Exhausted);
            }
        }
        let serial = median(&mut serial);
        let cells: Vec<String> = threads
            .iter_mut()
            .map(|times| {
                let ms = median(times);
                format!("{ms:.1} ({:.2}x)", serial / ms)
            })
            .collect();
        println!(
            "| {name} | {count} | {tasks} | {:.2} | {serial:.1} | {} |",
            median(&mut splits),
            cells.join(" | ")
        );
    }
}

/// The balance of the load, independent of the machine's load: runs the tasks one after
/// another, takes each task's link updates (plus its nodes) as its work, and replays the
/// threads taking tasks in order from the shared counter, each the next task as soon as it
/// is free, for 2 to 64 threads: the speed-up that perfect cores would give, and the largest
/// task's share of the work.
fn simulate(name: &str, problem: &Problem, options: &SolverOptions) {
    for target in [64, 256, 1024] {
        let tasks = split(problem, options, target).expect("valid");
        let work: Vec<f64> = tasks
            .iter()
            .map(|task| {
                let mut solver = Solver::for_task(problem, options, task).expect("valid");
                solver.count_solutions();
                let stats = solver.stats();
                (stats.updates + stats.nodes) as f64
            })
            .collect();
        let total: f64 = work.iter().sum();
        let largest = work.iter().copied().fold(0.0, f64::max);
        let speedups: Vec<String> = [2usize, 4, 8, 16, 64]
            .iter()
            .map(|&p| {
                let mut free = vec![0.0f64; p];
                for &w in &work {
                    let (k, _) = free
                        .iter()
                        .enumerate()
                        .min_by(|a, b| a.1.total_cmp(b.1))
                        .expect("p > 0");
                    free[k] += w;
                }
                let makespan = free.iter().copied().fold(0.0, f64::max);
                format!("{p}: {:.2}x", total / makespan)
            })
            .collect();
        println!(
            "{name}: {} tasks, largest {:.2}% of the work; speed-up with {}",
            tasks.len(),
            100.0 * largest / total,
            speedups.join(", ")
        );
    }
}
