//! What both targets check of every problem the crate accepts, and of every error it returns.

use dlx_engine::{Error, Problem, Solver, SolverOptions, Step};

/// Every error is typed: it has a code, a message, and a line only where it came from text.
pub fn check_error(error: &Error, from_text: bool) {
    assert!(!error.code().is_empty());
    assert!(!error.to_string().is_empty());
    if !from_text {
        assert_eq!(error.line(), None, "{error}");
    }
}

/// `problem.to_text()` parses back to the same problem: the same items, bounds, options
/// and colors (by name), and it writes the same text again. A problem without primary items
/// has no text form (Knuth's format needs an item line, and a line that starts with `|` is a
/// comment): its text is refused with a syntax error.
pub fn check_round_trip(problem: &Problem) {
    let text = problem.to_text();
    if problem.primary_count() == 0 {
        let error = Problem::parse(&text).expect_err("no item line");
        assert_eq!(error.code(), "syntax");
        return;
    }
    let again = Problem::parse(&text).unwrap_or_else(|e| panic!("{e} in\n{text}"));
    assert_eq!(again.to_text(), text);
    assert_eq!(again.primary_count(), problem.primary_count());
    assert_eq!(again.secondary_count(), problem.secondary_count());
    // An empty option (left out of the search, with a warning) has no line: the text holds
    // the others, in order.
    let written: Vec<usize> = (0..problem.option_count())
        .filter(|&k| !problem.option(k).is_empty())
        .collect();
    assert_eq!(again.option_count(), written.len());
    assert_eq!(again.has_bounds(), problem.has_bounds());
    for item in 0..problem.item_count() {
        assert_eq!(again.item_name(item), problem.item_name(item));
        if item < problem.primary_count() {
            assert_eq!(again.bounds(item), problem.bounds(item));
        }
    }
    for (read, &option) in written.iter().enumerate() {
        let (a, b) = (again.option(read), problem.option(option));
        assert_eq!(a.len(), b.len());
        for (x, y) in a.iter().zip(b) {
            assert_eq!(x.item, y.item);
            assert_eq!(again.color_name(x.color), problem.color_name(y.color));
        }
    }
}

/// A short search: every solution found covers each primary item within its bounds and
/// each secondary item once or with one color, and the statistics add up.
pub fn check_search(problem: &Problem, seed: Option<u64>) {
    let options = SolverOptions {
        max_nodes: Some(500),
        seed,
        ..Default::default()
    };
    let Ok(mut solver) = Solver::with_options(problem, &options) else {
        panic!("no forced options, so nothing to refuse");
    };
    let mut found = 0;
    loop {
        match solver.run(97) {
            Step::Solution => {
                found += 1;
                check_solution(problem, &solver.solution());
            }
            Step::Paused => {}
            Step::Done => break,
        }
    }
    assert_eq!(solver.stats().solutions, found);
    assert!(solver.stats().nodes <= 500);
    assert!((0.0..=1.0).contains(&solver.progress()));
}

fn check_solution(problem: &Problem, solution: &[usize]) {
    let n1 = problem.primary_count();
    let mut uses = vec![0u32; problem.item_count()];
    let mut colors = vec![0u32; problem.item_count()];
    for &option in solution {
        for entry in problem.option(option) {
            let item = entry.item as usize;
            uses[item] += 1;
            if item >= n1 && uses[item] > 1 {
                assert!(entry.color != 0 && entry.color == colors[item]);
            }
            colors[item] = entry.color;
        }
    }
    for (item, &n) in uses.iter().enumerate().take(n1) {
        let (min, max) = problem.bounds(item);
        assert!(min <= n && n <= max);
    }
}
