//! The split into tasks and the parallel search: every solution in exactly one task, the
//! serial counts on the benchmark workloads and on random problems (secondary items, colors,
//! multiplicities), the serial order when ordered, the same answers for any number of
//! threads, and the limits.

use crate::common::random::{problems, Bounds, Shape};
use crate::common::{data, is_solution, run_dlx};
use dlx_engine::puzzles::{langford, pentominoes, polyomino_tiling, queens};
use dlx_engine::{
    split, ParallelOptions, ParallelSolver, Problem, ProblemBuilder, Solver, SolverOptions, Status,
    Task,
};
use proptest::prelude::*;

/// The serial solutions, in order.
fn serial(problem: &Problem, options: &SolverOptions) -> Vec<Vec<usize>> {
    Solver::with_options(problem, options).unwrap().collect()
}

/// The tasks' solutions, task after task, each task run on its own.
fn by_tasks(problem: &Problem, options: &SolverOptions, tasks: &[Task]) -> Vec<Vec<usize>> {
    tasks
        .iter()
        .flat_map(|task| Solver::for_task(problem, options, task).unwrap())
        .collect()
}

fn parallel(threads: usize, tasks: usize, ordered: bool) -> ParallelOptions {
    ParallelOptions {
        threads,
        tasks,
        ordered,
    }
}

fn count(problem: &Problem, threads: usize, tasks: usize) -> u64 {
    let solver = ParallelSolver::new(
        problem,
        &SolverOptions::default(),
        &parallel(threads, tasks, false),
    )
    .unwrap();
    let outcome = solver.count().unwrap();
    assert_eq!(outcome.status, Status::Exhausted);
    outcome.stats.solutions
}

/// A sudoku as exact cover: cell, row-digit, column-digit and box-digit items; the givens
/// leave only their own options.
fn sudoku(puzzle: &str) -> Problem {
    let mut b = ProblemBuilder::new(324, 0).unwrap();
    for (cell, ch) in puzzle.chars().enumerate() {
        let (r, c) = (cell / 9, cell % 9);
        for d in 0..9 {
            if ch.to_digit(10).is_some_and(|g| g as usize != d + 1) {
                continue;
            }
            let bx = r / 3 * 3 + c / 3;
            b.add_option(&[cell, 81 + r * 9 + d, 162 + c * 9 + d, 243 + bx * 9 + d])
                .unwrap();
        }
    }
    b.build()
}

#[test]
fn queens_counts_are_the_serial_counts_on_any_number_of_threads() {
    let problem = queens(10).unwrap();
    for threads in [1, 2, 3, 8] {
        for tasks in [1, 7, 64, 500] {
            assert_eq!(
                count(&problem, threads, tasks),
                724,
                "{threads} threads, {tasks} tasks"
            );
        }
    }
    assert_eq!(count(&queens(12).unwrap(), 0, 256), 14_200);
}

#[test]
fn langford_and_sudoku_counts_are_the_serial_counts() {
    // Langford pairs: n = 8 has 150 solutions counting reversals, n = 9 none.
    assert_eq!(count(&langford(8).unwrap(), 2, 100), 300);
    assert_eq!(count(&langford(9).unwrap(), 2, 100), 0);
    // A sudoku with many solutions: the first counted puzzle with its first 4 rows erased.
    let line = data("sudoku/counted_puzzles.txt");
    let puzzle: String = line
        .lines()
        .next()
        .unwrap()
        .split(':')
        .next()
        .unwrap()
        .into();
    let open: String = puzzle
        .chars()
        .enumerate()
        .map(|(k, ch)| if k < 36 { '.' } else { ch })
        .collect();
    let problem = sudoku(&open);
    let expected = Solver::new(&problem).count_solutions();
    assert!(expected > 1000, "{expected}");
    for threads in [1, 2, 4] {
        assert_eq!(count(&problem, threads, 200), expected);
    }
    assert_eq!(count(&sudoku(&puzzle), 2, 50), 1);
}

#[test]
fn pentomino_tilings_are_the_serial_tilings_in_the_serial_order() {
    // 3x20: 2 tilings, 8 with the symmetries (no symmetry breaking).
    let problem = polyomino_tiling(&pentominoes(), 3, 20).unwrap();
    let options = SolverOptions::default();
    let expected = serial(&problem, &options);
    assert_eq!(expected.len(), 8);
    let tasks = split(&problem, &options, 300).unwrap();
    assert!(tasks.len() >= 300, "{}", tasks.len());
    assert_eq!(by_tasks(&problem, &options, &tasks), expected);
    let solver = ParallelSolver::new(&problem, &options, &parallel(3, 300, true)).unwrap();
    assert_eq!(solver.solutions().unwrap().0, expected);
}

#[test]
fn shares_add_up_to_one_and_tasks_are_deeper_where_the_tree_is_bigger() {
    let problem = queens(8).unwrap();
    let tasks = split(&problem, &SolverOptions::default(), 100).unwrap();
    let total: f64 = tasks.iter().map(Task::share).sum();
    assert!((total - 1.0).abs() < 1e-9, "{total}");
    assert!(tasks.len() >= 100);
    let depths: Vec<usize> = tasks.iter().map(|t| t.path().len()).collect();
    assert!(depths.iter().min() < depths.iter().max(), "{depths:?}");
}

#[test]
fn a_task_is_a_line_of_text() {
    let problem = queens(8).unwrap();
    let options = SolverOptions::default();
    for task in split(&problem, &options, 40).unwrap() {
        let text = task.to_string();
        let read: Task = text.parse().unwrap();
        assert_eq!(read.path(), task.path());
        assert_eq!(
            Solver::for_task(&problem, &options, &read).unwrap().count(),
            Solver::for_task(&problem, &options, &task).unwrap().count()
        );
    }
    let error = "3 x".parse::<Task>().unwrap_err();
    assert_eq!(error.code(), "invalid_task");
    // A null move where there are no multiplicities.
    let error = Solver::for_task(&problem, &options, &"-".parse().unwrap()).unwrap_err();
    assert_eq!(error.code(), "invalid_task");
}

#[test]
fn a_task_that_is_not_in_the_tree_is_refused_under_algorithm_m() {
    let problem = Problem::parse("2|a b\na\na b\nb\n").unwrap();
    let options = SolverOptions::default();
    assert_eq!(serial(&problem, &options), [[0, 1]]);
    for text in ["7", "2 2", "- 0"] {
        let task: Task = text.parse().unwrap();
        let error = Solver::for_task(&problem, &options, &task).unwrap_err();
        assert_eq!(error.code(), "invalid_task", "{text}");
    }
}

#[test]
fn limits_hold_across_threads() {
    let problem = queens(8).unwrap();
    let all = serial(&problem, &SolverOptions::default());
    let limited = SolverOptions {
        max_solutions: Some(10),
        ..Default::default()
    };
    for threads in [1, 2, 4] {
        // Ordered: the first ten of the serial search.
        let solver = ParallelSolver::new(&problem, &limited, &parallel(threads, 50, true)).unwrap();
        let (solutions, outcome) = solver.solutions().unwrap();
        assert_eq!(solutions, all[..10]);
        assert_eq!(outcome.status, Status::SolutionLimit);
        // As found: ten different solutions.
        let solver =
            ParallelSolver::new(&problem, &limited, &parallel(threads, 50, false)).unwrap();
        let (mut solutions, outcome) = solver.solutions().unwrap();
        assert_eq!((solutions.len(), outcome.stats.solutions), (10, 10));
        solutions.sort();
        solutions.dedup();
        assert_eq!(solutions.len(), 10);
        assert!(solutions.iter().all(|s| all.contains(s)));
        // A node limit is never exceeded.
        let budget = SolverOptions {
            max_nodes: Some(300),
            ..Default::default()
        };
        let solver = ParallelSolver::new(&problem, &budget, &parallel(threads, 50, false)).unwrap();
        let outcome = solver.count().unwrap();
        assert!(outcome.stats.nodes <= 300, "{outcome:?}");
        assert_eq!(outcome.status, Status::NodeLimit);
    }
}

#[test]
fn progress_rises_to_one() {
    let problem = queens(11).unwrap();
    let solver = ParallelSolver::new(
        &problem,
        &SolverOptions::default(),
        &parallel(2, 256, false),
    )
    .unwrap();
    let mut seen = Vec::new();
    let outcome = solver.count_with_progress(|p| seen.push(p)).unwrap();
    assert_eq!(outcome.stats.solutions, 2680);
    assert_eq!(seen.last(), Some(&1.0));
    assert!(seen.iter().all(|p| (0.0..=1.0).contains(p)));
}

/// Random problems with secondary items, colors and, half the time, multiplicities.
fn problem() -> impl Strategy<Value = Problem> {
    problems(Shape {
        primary: 6,
        secondary: 3,
        colors: 2,
        options: 16,
        bounds: Bounds::Sometimes,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn tasks_partition_the_search_in_its_order(
        problem in problem(), tasks in 1usize..40, threads in 1usize..=8, forced in 0usize..3,
    ) {
        let forced: Vec<usize> = (0..problem.option_count().min(forced)).collect();
        let options = SolverOptions { forced, ..Default::default() };
        let Ok(expected) = Solver::with_options(&problem, &options).map(|s| s.collect::<Vec<_>>())
        else {
            return Ok(()); // conflicting forced options
        };
        for solution in &expected {
            prop_assert!(is_solution(&problem, solution));
        }
        let split = split(&problem, &options, tasks).unwrap();
        prop_assert_eq!(&by_tasks(&problem, &options, &split), &expected);
        let solver = ParallelSolver::new(&problem, &options, &parallel(threads, tasks, true)).unwrap();
        let (solutions, outcome) = solver.solutions().unwrap();
        prop_assert_eq!(&solutions, &expected);
        prop_assert_eq!(outcome.status, Status::Exhausted);
        let solver = ParallelSolver::new(&problem, &options, &parallel(threads, tasks, false)).unwrap();
        prop_assert_eq!(solver.count().unwrap().stats.solutions, expected.len() as u64);
    }

    #[test]
    fn with_a_seed_the_answers_do_not_depend_on_the_threads(
        problem in problem(), seed in any::<u64>(), threads in 2usize..=8,
    ) {
        let options = SolverOptions { seed: Some(seed), ..Default::default() };
        let mut expected = serial(&problem, &options);
        let one = ParallelSolver::new(&problem, &options, &parallel(1, 20, true)).unwrap();
        let many = ParallelSolver::new(&problem, &options, &parallel(threads, 20, true)).unwrap();
        let (first, _) = one.solutions().unwrap();
        prop_assert_eq!(&first, &many.solutions().unwrap().0);
        let mut sorted = first.clone();
        sorted.sort();
        expected.sort();
        prop_assert_eq!(sorted, expected);
    }
}

/// Runs the `dlx` binary with `args` on `input`; its standard output.
fn dlx(args: &[&str], input: &str) -> String {
    let (code, out, err) = run_dlx(args, input);
    assert_eq!(code, Some(0), "dlx {args:?}: {err}");
    out
}

#[test]
fn the_command_line_prints_tasks_runs_one_and_searches_on_threads() {
    let q8 = data("q8.dlx");
    let count = |out: &str| -> u64 {
        let last = out.lines().last().unwrap();
        last.split(' ').next().unwrap().parse().unwrap()
    };
    let tasks = dlx(&["--tasks", "30"], &q8);
    assert!(tasks.lines().count() >= 30, "{tasks}");
    let total: u64 = tasks
        .lines()
        .map(|task| count(&dlx(&["--task", task], &q8)))
        .sum();
    assert_eq!(total, 92);
    // The solutions printed on 3 threads are those on 1, in the same order.
    let serial = dlx(&["-s", "-t", "1"], &q8);
    let threads = dlx(&["-s", "-t", "3"], &q8);
    let solutions = |out: &str| out.rsplit_once("\n\n").map(|(s, _)| s.to_owned());
    assert_eq!(solutions(&threads), solutions(&serial));
    assert_eq!(count(&threads), 92);
    // With multiplicities and forced options too.
    let problem = "A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\nC\nA C\n";
    let whole = count(&dlx(&["-t", "1"], problem));
    let tasks = dlx(&["--tasks", "5", "-f", "6"], problem);
    let forced = count(&dlx(&["-t", "1", "-f", "6"], problem));
    let total: u64 = tasks
        .lines()
        .map(|task| count(&dlx(&["--task", task, "-f", "6"], problem)))
        .sum();
    assert_eq!(total, forced);
    assert!(whole >= forced);
    assert_eq!(count(&dlx(&["-t", "2"], problem)), whole);
}

#[test]
fn a_thread_that_keeps_its_solver_across_tasks_counts_as_fresh_solvers_do() {
    // A thread restarts one solver for each task (on the bit masks: the masks kept, the
    // tasks' options forced in one pass); its nodes and updates must be those of a fresh
    // solver per task, with forced options or not, on the masks and on the links.
    let pentominoes = polyomino_tiling(&pentominoes(), 3, 20).unwrap();
    let colored =
        Problem::parse("a b c | x y\na x:1\nb x:1 y:2\nc y:2\na b x:1\nc y:1\nb\nc\na y:2\n")
            .unwrap();
    for (problem, forced) in [
        (queens(8).unwrap(), vec![]),
        (queens(8).unwrap(), vec![3]),
        (pentominoes, vec![]),
        (langford(7).unwrap(), vec![0]),
        (colored, vec![]),
    ] {
        let options = SolverOptions {
            forced,
            ..Default::default()
        };
        let tasks = split(&problem, &options, 40).unwrap();
        let (mut nodes, mut updates, mut solutions) = (0, 0, 0);
        for task in &tasks {
            let mut solver = Solver::for_task(&problem, &options, task).unwrap();
            solutions += solver.count_solutions();
            nodes += solver.stats().nodes;
            updates += solver.stats().updates;
        }
        let solver = ParallelSolver::new(&problem, &options, &parallel(1, 40, false)).unwrap();
        let stats = solver.count().unwrap().stats;
        assert_eq!(
            (stats.nodes, stats.updates, stats.solutions),
            (nodes, updates, solutions),
            "{} tasks",
            tasks.len()
        );
        assert_eq!(solutions, serial(&problem, &options).len() as u64);
    }
}

#[test]
fn a_caller_that_breaks_stops_the_search_and_is_called_no_more() {
    // 10 queens: 724 solutions; the caller takes the first 5 (in the serial order) and stops.
    let problem = queens(10).unwrap();
    let options = SolverOptions::default();
    let first: Vec<Vec<usize>> = serial(&problem, &options).into_iter().take(5).collect();
    for ordered in [true, false] {
        let solver = ParallelSolver::new(&problem, &options, &parallel(2, 64, ordered)).unwrap();
        let mut seen = Vec::new();
        let outcome = solver
            .try_for_each_solution(
                |solution| {
                    seen.push(solution.to_vec());
                    match seen.len() {
                        5 => std::ops::ControlFlow::Break(()),
                        _ => std::ops::ControlFlow::Continue(()),
                    }
                },
                |_| {},
            )
            .unwrap();
        assert_eq!(seen.len(), 5, "called no more after the break");
        assert_eq!(outcome.status, Status::Searching);
        if ordered {
            assert_eq!(seen, first);
        }
    }
}
