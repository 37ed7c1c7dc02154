//! The engine on known problems: Knuth's example, the shared data files (with DLX1's own
//! statistics), n queens, and the search controls (limits, resuming, forced options, seeds).

use crate::common::{data, is_solution, queens, run_dlx, KNUTH};
use dlx_engine::{Problem, Solver, SolverOptions, Status, Step};

#[test]
fn knuths_example_has_its_unique_solution() {
    let problem = Problem::parse(KNUTH).unwrap();
    assert_eq!(problem.primary_count(), 5);
    assert_eq!(problem.secondary_count(), 2);
    assert_eq!(problem.option_count(), 6);
    let mut solver = Solver::new(&problem);
    let all: Vec<_> = solver.by_ref().collect();
    assert_eq!(all, vec![vec![0, 3, 4]]);
    assert!(solver.is_complete());
    assert_eq!(problem.solution_text(&all[0]), "C E\nA D F\nB G\n");
}

#[test]
fn the_bar_against_the_first_secondary_name_is_the_bar() {
    // Knuth's programs skip the spaces after the item line's `|`: `A B |x y` is `A B | x y`.
    for text in ["A B |x y\nA x\nB y\nA B\n", "A B | x y\nA x\nB y\nA B\n"] {
        let problem = Problem::parse(text).unwrap();
        assert_eq!((problem.primary_count(), problem.secondary_count()), (2, 2));
        assert_eq!(problem.item_name(2), "x");
        assert_eq!(Solver::new(&problem).count_solutions(), 2, "{text}");
    }
}

#[test]
fn eight_queens_file_matches_knuths_dlx1_statistics() {
    // DLX1 on the same file (organ-pipe item order): 92 solutions, 1,049 nodes, 16,680 updates.
    let problem = Problem::parse(&data("q8.dlx")).unwrap();
    let mut solver = Solver::new(&problem);
    assert_eq!(solver.count_solutions(), 92);
    let stats = solver.stats();
    assert_eq!((stats.nodes, stats.updates), (1049, 16680));
}

#[test]
fn inkala_sudoku_file_has_one_solution() {
    let problem = Problem::parse(&data("sudoku_inkala.dlx")).unwrap();
    let solutions: Vec<_> = Solver::new(&problem).collect();
    assert_eq!(solutions.len(), 1);
    assert!(is_solution(&problem, &solutions[0]));
    // Every empty cell is filled exactly once.
    let cells = (0..problem.primary_count())
        .filter(|&i| problem.item_name(i).starts_with('p'))
        .count();
    assert_eq!(solutions[0].len(), cells);
}

#[test]
fn n_queens_counts_for_n_1_to_12() {
    let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724, 2680, 14200];
    for (n, &count) in (1..).zip(&expected) {
        let problem = queens(n);
        let mut solver = Solver::new(&problem);
        let mut found = 0u64;
        while solver.find_next() {
            assert!(is_solution(&problem, &solver.solution()), "n = {n}");
            found += 1;
        }
        assert_eq!(found, count, "n = {n}");
        assert_eq!(solver.stats().solutions, count);
    }
}

#[test]
fn solution_limit_stops_and_is_not_complete() {
    let problem = queens(8);
    let options = SolverOptions {
        max_solutions: Some(5),
        ..Default::default()
    };
    let mut solver = Solver::with_options(&problem, &options).unwrap();
    assert_eq!(solver.count_solutions(), 5);
    assert_eq!(solver.status(), Status::SolutionLimit);
    assert!(!solver.is_complete());
}

#[test]
fn node_limit_stops_the_search() {
    let problem = queens(10);
    let options = SolverOptions {
        max_nodes: Some(100),
        ..Default::default()
    };
    let mut solver = Solver::with_options(&problem, &options).unwrap();
    let found = solver.count_solutions();
    assert!(found < 724);
    assert_eq!(solver.status(), Status::NodeLimit);
    assert_eq!(solver.stats().nodes, 100);
}

#[test]
fn resuming_in_small_steps_finds_the_same_solutions() {
    let problem = queens(8);
    let all: Vec<_> = Solver::new(&problem).collect();
    let mut solver = Solver::new(&problem);
    let mut stepped = Vec::new();
    let mut last_progress = 0.0;
    loop {
        match solver.run(7) {
            Step::Solution => stepped.push(solver.solution()),
            Step::Paused => {
                let progress = solver.progress();
                assert!((0.0..=1.0).contains(&progress));
                assert!(progress >= last_progress, "progress went back");
                last_progress = progress;
            }
            Step::Done => break,
        }
    }
    assert_eq!(stepped, all);
    assert_eq!(solver.progress(), 1.0);
    assert_eq!(solver.stats(), {
        let mut whole = Solver::new(&problem);
        whole.count_solutions();
        whole.stats()
    });
}

#[test]
fn forced_options_are_in_every_solution() {
    let problem = queens(8);
    // Queen at row 0, column 0 (option 0): 4 of the 92 solutions.
    let options = SolverOptions {
        forced: vec![0, 0],
        ..Default::default()
    };
    let solutions: Vec<_> = Solver::with_options(&problem, &options).unwrap().collect();
    assert_eq!(solutions.len(), 4);
    assert!(solutions.iter().all(|s| s.contains(&0) && s.len() == 8));
    let all: Vec<_> = Solver::new(&problem).filter(|s| s.contains(&0)).collect();
    assert_eq!(solutions, all);
}

#[test]
fn forced_options_sharing_a_color_are_compatible() {
    let problem = Problem::parse("a b | x\na x:red\nb x:red\nb x:blue\n").unwrap();
    let options = SolverOptions {
        forced: vec![1, 0],
        ..Default::default()
    };
    let solutions: Vec<_> = Solver::with_options(&problem, &options).unwrap().collect();
    assert_eq!(solutions, vec![vec![0, 1]]);
}

#[test]
fn seeded_tie_breaking_is_reproducible_and_finds_everything() {
    let problem = queens(8);
    let run = |seed| {
        let options = SolverOptions {
            seed: Some(seed),
            ..Default::default()
        };
        let mut solver = Solver::with_options(&problem, &options).unwrap();
        let mut solutions: Vec<_> = solver.by_ref().collect();
        let stats = solver.stats();
        solutions.sort();
        (solutions, stats)
    };
    let (a, stats_a) = run(1);
    let (b, stats_b) = run(1);
    assert_eq!((&a, stats_a), (&b, stats_b));
    assert_eq!(a.len(), 92);
    let mut plain: Vec<_> = Solver::new(&problem).collect();
    plain.sort();
    assert_eq!(a, plain);
    // Some seed orders the search differently from leftmost tie-breaking.
    let leftmost = {
        let mut s = Solver::new(&problem);
        s.count_solutions();
        s.stats()
    };
    assert!((2..20).any(|seed| run(seed).1.updates != leftmost.updates));
}

#[test]
fn colors_let_options_share_a_secondary_item() {
    // Both `a x:red` and `b x:red` may be chosen together; `b x:blue` may not join `a x:red`.
    let problem = Problem::parse("a b | x\na x:red\nb x:red\nb x:blue\nb x\n").unwrap();
    let solutions: Vec<_> = Solver::new(&problem).collect();
    assert_eq!(solutions, vec![vec![0, 1]]);
}

#[test]
fn an_empty_problem_has_the_empty_solution() {
    let problem = Problem::parse("| nothing to cover\n").err();
    assert!(problem.is_some(), "no item line is an error");
    let problem = Problem::parse("| only secondary\n| x\n").err();
    assert!(problem.is_some());
    let problem = Problem::parse("a\na\n").unwrap();
    assert_eq!(Solver::new(&problem).collect::<Vec<_>>(), vec![vec![0]]);
}

#[test]
fn text_round_trips() {
    for text in [KNUTH.to_owned(), data("q8.dlx"), data("sudoku_inkala.dlx")] {
        let problem = Problem::parse(&text).unwrap();
        let again = Problem::parse(&problem.to_text()).unwrap();
        assert_eq!(again, problem);
    }
    let problem = Problem::parse("a b | x y\na x:1\nb y x:1\n").unwrap();
    assert_eq!(problem.option_line(1), "b y x:1");
    assert_eq!(problem.to_text(), "a b | x y\na x:1\nb y x:1\n");
}

#[test]
fn reloading_a_solver_gives_the_same_answers_as_a_fresh_one() {
    let mut solver = Solver::new(&queens(4));
    for n in [6, 5, 8, 1, 7] {
        let problem = queens(n);
        solver.reload(&problem, &SolverOptions::default()).unwrap();
        let mut fresh = Solver::new(&problem);
        assert_eq!(solver.count_solutions(), fresh.count_solutions(), "n = {n}");
        assert_eq!(solver.stats(), fresh.stats(), "n = {n}");
    }
}

#[test]
fn command_line_tool_counts_and_prints() {
    let run = run_dlx;
    // On one thread: DLX1's figures (more threads add up the figures of their tasks).
    let (code, out, _) = run(&["-t", "1"], &data("q8.dlx"));
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("92 solutions, 1049 nodes, 16680 updates"),
        "{out}"
    );
    let (code, out, _) = run(&["-s"], KNUTH);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("C E\nA D F\nB G\n\n1 solutions"), "{out}");
    let (code, out, _) = run(&["--limit", "3"], &data("q8.dlx"));
    assert_eq!(code, Some(0));
    assert!(out.contains("3 solutions") && out.contains("solution limit"));
    let (code, _, err) = run(&[], "A B\nA C\n");
    assert_eq!(code, Some(2));
    assert!(
        err.contains("line 2") && err.contains("unknown item `C`"),
        "{err}"
    );
    let (code, _, err) = run(&["--bogus"], "");
    assert_eq!(code, Some(2));
    assert!(err.contains("unknown argument"));
    // Multiplicities, with DLX3's figures for Knuth's example.
    let (code, out, _) = run(&["-s", "-t", "1"], DLX3_EXAMPLE);
    assert_eq!(code, Some(0));
    assert!(
        out.starts_with("A C X:1 Y:1\nB X:1\nC Y:1\n\n1 solutions, 6 nodes, 14 updates"),
        "{out}"
    );
    let (code, _, err) = run(&[], "A 3:1|B\nA B\n");
    assert_eq!(code, Some(2));
    assert!(err.contains("line 1") && err.contains("exceeds"), "{err}");
}

/// Knuth's example in the documentation of DLX3 (multiplicities and colors).
const DLX3_EXAMPLE: &str = "| A simple example of color controls\nA B 2:3|C | X Y\n\
A B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n";

#[test]
fn knuths_dlx3_example_has_its_unique_solution() {
    let problem = Problem::parse(DLX3_EXAMPLE).unwrap();
    assert_eq!(problem.bounds(2), (2, 3));
    assert!(problem.has_bounds());
    let mut solver = Solver::new(&problem);
    let solutions: Vec<_> = solver.by_ref().collect();
    // "The unique solution consists of options `A C X:1 Y:1`, `B X:1`, `C Y:1`."
    assert_eq!(solutions, vec![vec![1, 3, 4]]);
    assert_eq!(
        problem.solution_text(&solutions[0]),
        "A C X:1 Y:1\nB X:1\nC Y:1\n"
    );
    // DLX3 (built from Knuth's dlx3.w) reports 6 nodes and 14 updates.
    assert_eq!((solver.stats().nodes, solver.stats().updates), (6, 14));
    assert_eq!(problem.to_text().lines().next(), Some("A B 2:3|C | X Y"));
}

#[test]
fn multiplicities_match_knuths_dlx3_statistics() {
    // Solutions, nodes and updates as DLX3 reports them, for 186 problems with bounds.
    let text = data("dlx3_figures.txt");
    let mut problem = String::new();
    let mut checked = 0;
    for line in text.lines() {
        let Some(figures) = line.strip_prefix("= ") else {
            problem.push_str(line);
            problem.push('\n');
            continue;
        };
        let expected: Vec<u64> = figures.split(' ').map(|n| n.parse().unwrap()).collect();
        let parsed = Problem::parse(&problem).unwrap();
        assert!(parsed.has_bounds(), "{problem}");
        let mut solver = Solver::new(&parsed);
        let count = solver.count_solutions();
        let stats = solver.stats();
        assert_eq!(
            vec![count, stats.nodes, stats.updates],
            expected,
            "DLX3's figures for\n{problem}"
        );
        problem.clear();
        checked += 1;
    }
    assert_eq!(checked, 186);
}

#[test]
fn published_counts_with_multiplicities() {
    // MDANCE's example in dlx3.w: 2 of 4 options and 3 of 5, independently: C(4,2) C(5,3).
    let mdance = Problem::parse("2|x 3|y\nx\nx\nx\nx\ny\ny\ny\ny\ny\n").unwrap();
    assert_eq!(Solver::new(&mdance).count_solutions(), 60);
    // 8 queens with every row optional: still the 92 solutions (8 columns need 8 queens).
    let mut text = data("q8.dlx");
    let header = text
        .lines()
        .find(|l| !l.starts_with('|'))
        .unwrap()
        .to_owned();
    let bounded: Vec<String> = header
        .split_whitespace()
        .map(|t| {
            if t.starts_with('r') {
                format!("0:1|{t}")
            } else {
                t.to_owned()
            }
        })
        .collect();
    text = text.replacen(&header, &bounded.join(" "), 1);
    let problem = Problem::parse(&text).unwrap();
    assert!(problem.has_bounds());
    assert_eq!(Solver::new(&problem).count_solutions(), 92);
    // Choosing k of n independent options: C(n, k); `0:n` is every subset, 2^n.
    for (min, max, n, count) in [(3, 3, 7, 35), (0, 7, 7, 128), (2, 4, 6, 15 + 20 + 15)] {
        let mut b = dlx_engine::ProblemBuilder::new(1, 0).unwrap();
        b.set_bounds(0, min, max).unwrap();
        for _ in 0..n {
            b.add_option(&[0]).unwrap();
        }
        assert_eq!(Solver::new(&b.build()).count_solutions(), count);
    }
}

#[test]
fn multiplicities_respect_limits_seeds_and_reloads() {
    let problem = Problem::parse("2|x 3|y\nx\nx\nx\nx\ny\ny\ny\ny\ny\n").unwrap();
    let limited = SolverOptions {
        max_solutions: Some(7),
        ..Default::default()
    };
    let mut solver = Solver::with_options(&problem, &limited).unwrap();
    assert_eq!(solver.count_solutions(), 7);
    assert_eq!(solver.status(), Status::SolutionLimit);
    let capped = SolverOptions {
        max_nodes: Some(10),
        ..Default::default()
    };
    let mut solver = Solver::with_options(&problem, &capped).unwrap();
    solver.count_solutions();
    assert_eq!(solver.status(), Status::NodeLimit);
    assert_eq!(solver.stats().nodes, 10);
    // Seeds and reloads find the same 60 solutions.
    let all: std::collections::BTreeSet<Vec<usize>> = Solver::new(&problem).collect();
    assert_eq!(all.len(), 60);
    for seed in 0..5 {
        let seeded = SolverOptions {
            seed: Some(seed),
            ..Default::default()
        };
        solver.reload(&problem, &seeded).unwrap();
        let found: std::collections::BTreeSet<Vec<usize>> = solver.by_ref().collect();
        assert_eq!(found, all);
        assert!(solver.is_complete());
    }
}

/// `Solver::max_heap_bytes` bounds what a solver holds through its whole search: taken
/// before, it is the same after (it is the larger of the arrays' capacities and the most
/// their stacks can grow to, so any growth past the bound would show). Deep searches grow
/// the stacks past their first reserve: 3,000 levels on the links, 1,500 of Algorithm M.
#[test]
fn max_heap_bytes_holds_through_the_search() {
    use dlx_engine::ProblemBuilder;
    let mut problems = vec![queens(8), queens(11), Problem::parse(KNUTH).unwrap()];
    problems.push(Problem::parse(&data("q8.dlx")).unwrap());
    let mut deep = ProblemBuilder::new(3000, 0).unwrap();
    for item in 0..3000 {
        deep.add_option(&[item]).unwrap();
    }
    problems.push(deep.build());
    let mut multi = ProblemBuilder::new(1, 0).unwrap();
    multi.set_bounds(0, 1500, 1500).unwrap();
    for _ in 0..1500 {
        multi.add_option(&[0]).unwrap();
    }
    problems.push(multi.build());
    for problem in &problems {
        let mut solver = Solver::new(problem);
        let before = solver.max_heap_bytes();
        assert!(before >= problem.option_count() * 4, "counts the arrays");
        let count = solver.count_solutions();
        assert!(count >= 1);
        assert_eq!(
            solver.max_heap_bytes(),
            before,
            "{} options",
            problem.option_count()
        );
    }
}

/// Knuth's DLX2 documentation example, whose third option has no primary item: DLX1 and
/// DLX2 print "Option ignored (no primary items)" and find one solution.
#[test]
fn knuths_dlx2_example_ignores_the_option_with_no_primary_item() {
    use dlx_engine::{trace, ParallelOptions, ParallelSolver, TraceEvent, Warning, WarningKind};
    let problem = Problem::parse(&data("dlx2_example.dlx")).unwrap();
    assert_eq!(
        problem.option_count(),
        5,
        "the ignored option keeps its index"
    );
    assert_eq!(
        problem.warnings(),
        [Warning {
            option: 2,
            line: Some(4),
            kind: WarningKind::NoPrimaryItem
        }]
    );
    assert!(problem.is_ignored(2) && !problem.is_ignored(3));
    assert_eq!(problem.option_line(2), "X:0 Y:1");
    let mut solver = Solver::new(&problem);
    let all: Vec<_> = solver.by_ref().collect();
    // The caller's numbering: A C X:1 Y:1 is option 1, B X:1 option 3 (not 2).
    assert_eq!(all, vec![vec![1, 3]]);
    assert_eq!(problem.solution_text(&all[0]), "A C X:1 Y:1\nB X:1\n");

    // Ignoring the option is leaving it out: the same search, node for node.
    let without = Problem::parse("A B C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nB X:1\nC Y:1\n").unwrap();
    let mut plain = Solver::new(&without);
    assert_eq!(plain.by_ref().collect::<Vec<_>>(), vec![vec![1, 2]]);
    assert_eq!(solver.stats(), plain.stats());

    // Forced options, the memo, the parallel tasks and the trace all speak the caller's
    // numbering.
    let forced = SolverOptions {
        forced: vec![3],
        ..Default::default()
    };
    let found: Vec<_> = Solver::with_options(&problem, &forced).unwrap().collect();
    assert_eq!(found, vec![vec![1, 3]]);
    let ignored = SolverOptions {
        forced: vec![2],
        ..Default::default()
    };
    let refused = Solver::with_options(&problem, &ignored).unwrap_err();
    assert_eq!(
        (refused.code(), refused.option()),
        ("forced_ignored", Some(2))
    );
    let memo = Solver::count_memo(&problem, &forced, &Default::default()).unwrap();
    assert_eq!(memo.count, 1);
    let parallel = ParallelOptions {
        threads: 2,
        ..Default::default()
    };
    let (solutions, _) = ParallelSolver::new(&problem, &SolverOptions::default(), &parallel)
        .unwrap()
        .solutions()
        .unwrap();
    assert_eq!(solutions, vec![vec![1, 3]]);
    let tasks = dlx_engine::split(&problem, &SolverOptions::default(), 4).unwrap();
    let mut from_tasks = Vec::new();
    for task in &tasks {
        assert!(task.path().iter().all(|&o| o != Some(2)), "{task}");
        let again: dlx_engine::Task = task.to_string().parse().unwrap();
        let solver = Solver::for_task(&problem, &SolverOptions::default(), &again).unwrap();
        from_tasks.extend(solver);
    }
    assert_eq!(from_tasks, vec![vec![1, 3]]);
    let bad: dlx_engine::Task = "2".parse().unwrap();
    let refused = Solver::for_task(&problem, &SolverOptions::default(), &bad).unwrap_err();
    assert_eq!(refused.code(), "invalid_task");
    let recorded = trace(&problem, &SolverOptions::default(), 10_000).unwrap();
    let mut tried = Vec::new();
    for event in &recorded.events {
        match event {
            TraceEvent::Try { option, .. } => tried.push(*option),
            TraceEvent::Hide { option, .. } | TraceEvent::Unhide { option, .. } => {
                assert_ne!(*option, 2, "an ignored option is never hidden")
            }
            TraceEvent::Solution { options, .. } => assert_eq!(options, &[1, 3]),
            _ => {}
        }
    }
    assert!(tried.contains(&3) && !tried.contains(&2), "{tried:?}");

    // Strict, it is refused where Knuth's programs warn.
    let e = Problem::parse_strict(&data("dlx2_example.dlx")).unwrap_err();
    assert_eq!(
        (e.code(), e.line(), e.option()),
        ("no_primary_item", Some(4), Some(2))
    );
    // Read back from its text, the problem is the same, warning and all.
    assert_eq!(Problem::parse(&problem.to_text()).unwrap(), problem);
}
