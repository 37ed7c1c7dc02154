//! Property tests: on random small problems with secondary items and colors, and with
//! multiplicities (Algorithm M), the solver finds exactly the solutions a brute-force search
//! over all subsets of options finds.

use crate::common::is_solution;
use crate::common::random::{problems, Bounds, Shape};
use dlx_engine::{Problem, ProblemBuilder, Solver, SolverOptions};
use proptest::prelude::*;

/// Random problems small enough to search all their subsets of options.
fn shape(bounds: Bounds) -> Shape {
    Shape {
        primary: 5,
        secondary: 3,
        colors: 2,
        options: 10,
        bounds,
    }
}

fn problem() -> impl Strategy<Value = Problem> {
    problems(shape(Bounds::Never))
}

/// A random problem whose primary items all have bounds (Knuth's multiplicities).
fn bounded_problem() -> impl Strategy<Value = Problem> {
    problems(shape(Bounds::Always))
}

/// Every subset of options that is a solution, each as sorted indices, in sorted order.
fn brute_force(problem: &Problem) -> Vec<Vec<usize>> {
    let m = problem.option_count();
    let mut solutions: Vec<Vec<usize>> = (0u32..1 << m)
        .map(|mask| (0..m).filter(|&k| mask >> k & 1 == 1).collect::<Vec<_>>())
        .filter(|subset| is_solution(problem, subset))
        .collect();
    solutions.sort();
    solutions
}

/// `problem` with an empty option before option `k` for each `k` of `at` (an index into
/// the options, or after the last), as a caller giving options as lists might.
fn with_empty_options(problem: &Problem, at: &[prop::sample::Index]) -> Problem {
    let m = problem.option_count();
    let mut before: Vec<usize> = at.iter().map(|k| k.index(m + 1)).collect();
    before.sort_unstable();
    let mut b = ProblemBuilder::new(problem.primary_count(), problem.secondary_count()).unwrap();
    for item in 0..problem.primary_count() {
        let (min, max) = problem.bounds(item);
        b.set_bounds(item, min, max).unwrap();
    }
    let mut empties = before.iter().peekable();
    for k in 0..=m {
        while empties.next_if(|&&e| e == k).is_some() {
            b.add_option(&[]).unwrap();
        }
        if k < m {
            let entries: Vec<(usize, Option<&str>)> = problem
                .option(k)
                .iter()
                .map(|e| (e.item as usize, problem.color_name(e.color)))
                .collect();
            b.add_colored_option(&entries).unwrap();
        }
    }
    b.build()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn solver_finds_exactly_the_brute_force_solutions(problem in problem(), seed in any::<u64>()) {
        let expected = brute_force(&problem);
        let mut found: Vec<Vec<usize>> = Solver::new(&problem).collect();
        found.sort();
        prop_assert_eq!(&found, &expected);

        // Random tie-breaking explores a different tree with the same leaves.
        let options = SolverOptions { seed: Some(seed), ..Default::default() };
        let mut seeded: Vec<Vec<usize>> = Solver::with_options(&problem, &options).unwrap().collect();
        seeded.sort();
        prop_assert_eq!(&seeded, &expected);
    }

    #[test]
    fn options_without_primary_items_are_left_out_in_the_callers_numbering(
        problem in problem(),
        empties in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
        pick in any::<prop::sample::Index>(),
    ) {
        // Options with only secondary items come from the random problems; empty ones
        // (possible only when options are given as lists) are put in here.
        let problem = with_empty_options(&problem, &empties);
        let n1 = problem.primary_count();
        let mut ignored = Vec::new();
        for k in 0..problem.option_count() {
            let kept = problem.option(k).iter().any(|e| (e.item as usize) < n1);
            prop_assert_eq!(problem.is_ignored(k), !kept);
            if !kept {
                ignored.push(k);
            }
        }
        let warned: Vec<usize> = problem.warnings().iter().map(|w| w.option).collect();
        prop_assert_eq!(&warned, &ignored);
        for w in problem.warnings() {
            let empty = problem.option(w.option).is_empty();
            prop_assert_eq!(w.code(), if empty { "empty_option" } else { "no_primary_item" });
        }

        // The brute force leaves such options out by their items alone.
        let expected = brute_force(&problem);
        let mut found: Vec<Vec<usize>> = Solver::new(&problem).collect();
        found.sort();
        prop_assert_eq!(&found, &expected);
        let memo = Solver::count_memo(&problem, &SolverOptions::default(), &Default::default()).unwrap();
        prop_assert_eq!(memo.count, expected.len() as u128);

        // Forcing a kept option keeps the solutions with it; an ignored one is refused.
        prop_assume!(problem.option_count() > 0);
        let forced = pick.index(problem.option_count());
        let options = SolverOptions { forced: vec![forced], ..Default::default() };
        match Solver::with_options(&problem, &options) {
            Ok(solver) => {
                prop_assert!(!problem.is_ignored(forced));
                let mut found: Vec<Vec<usize>> = solver.collect();
                found.sort();
                let with: Vec<Vec<usize>> = expected.into_iter().filter(|s| s.contains(&forced)).collect();
                prop_assert_eq!(found, with);
            }
            Err(error) => {
                prop_assert!(problem.is_ignored(forced));
                prop_assert_eq!(error.code(), "forced_ignored");
            }
        }
    }

    #[test]
    fn forcing_an_option_keeps_exactly_the_solutions_that_contain_it(problem in problem(), pick in any::<prop::sample::Index>()) {
        prop_assume!(problem.option_count() > 0);
        let forced = pick.index(problem.option_count());
        let expected: Vec<Vec<usize>> = brute_force(&problem).into_iter().filter(|s| s.contains(&forced)).collect();
        let options = SolverOptions { forced: vec![forced], ..Default::default() };
        if problem.is_ignored(forced) {
            // Left out of the search (no primary item): no solution can hold it.
            let error = Solver::with_options(&problem, &options).unwrap_err();
            prop_assert_eq!(error.code(), "forced_ignored");
            prop_assert!(expected.is_empty());
            return Ok(());
        }
        let mut found: Vec<Vec<usize>> = Solver::with_options(&problem, &options).unwrap().collect();
        found.sort();
        prop_assert_eq!(found, expected);
    }

    #[test]
    fn text_format_round_trips(problem in problem()) {
        let again = Problem::parse(&problem.to_text()).unwrap();
        prop_assert_eq!(again.to_text(), problem.to_text());
        prop_assert_eq!(brute_force(&again), brute_force(&problem));
    }

    #[test]
    fn parser_never_panics(text in "[a-c |:x\\n]{0,60}") {
        let _ = Problem::parse(&text);
    }

    #[test]
    fn multiplicities_find_exactly_the_brute_force_solutions(problem in bounded_problem(), seed in any::<u64>(), budget in 1u64..5) {
        let expected = brute_force(&problem);
        let mut found: Vec<Vec<usize>> = Solver::new(&problem).collect();
        found.sort();
        prop_assert_eq!(&found, &expected);
        let mut counter = Solver::new(&problem);
        prop_assert_eq!(counter.count_solutions(), expected.len() as u64);
        prop_assert!(counter.is_complete());
        prop_assert_eq!(counter.progress(), 1.0);

        let options = SolverOptions { seed: Some(seed), ..Default::default() };
        let mut seeded: Vec<Vec<usize>> = Solver::with_options(&problem, &options).unwrap().collect();
        seeded.sort();
        prop_assert_eq!(&seeded, &expected);

        // Resumed in slices of `budget` nodes: the same solutions in the same order, the
        // same statistics, and progress that never decreases.
        let mut whole = Solver::new(&problem);
        let in_order: Vec<Vec<usize>> = whole.by_ref().collect();
        let mut sliced = Solver::new(&problem);
        let (mut again, mut progress) = (Vec::new(), 0.0);
        loop {
            match sliced.run(budget) {
                dlx_engine::Step::Solution => again.push(sliced.solution()),
                dlx_engine::Step::Done => break,
                dlx_engine::Step::Paused => {}
            }
            prop_assert!(sliced.progress() >= progress);
            progress = sliced.progress();
        }
        prop_assert_eq!(again, in_order);
        prop_assert_eq!(sliced.stats(), whole.stats());
    }

    #[test]
    fn multiplicities_with_forced_options(problem in bounded_problem(), picks in prop::collection::vec(any::<prop::sample::Index>(), 1..3)) {
        prop_assume!(problem.option_count() > 0);
        let forced: Vec<usize> = picks.iter().map(|p| p.index(problem.option_count())).collect();
        let options = SolverOptions { forced: forced.clone(), ..Default::default() };
        let expected: Vec<Vec<usize>> = brute_force(&problem)
            .into_iter()
            .filter(|s| forced.iter().all(|f| s.contains(f)))
            .collect();
        match Solver::with_options(&problem, &options) {
            Ok(solver) => {
                let mut found: Vec<Vec<usize>> = solver.collect();
                found.sort();
                prop_assert_eq!(found, expected);
            }
            // Refused only when no solution could hold them all: one is left out of the
            // search (no primary item), or they conflict.
            Err(error) => {
                let ignored = forced.iter().any(|&f| problem.is_ignored(f));
                let code = if ignored { "forced_ignored" } else { "forced_conflict" };
                prop_assert_eq!(error.code(), code);
                prop_assert!(expected.is_empty());
            }
        }
    }

    #[test]
    fn bounds_round_trip_through_the_text_format(problem in bounded_problem()) {
        let again = Problem::parse(&problem.to_text()).unwrap();
        prop_assert_eq!(again.to_text(), problem.to_text());
        prop_assert_eq!(again.has_bounds(), problem.has_bounds());
        for item in 0..problem.primary_count() {
            prop_assert_eq!(again.bounds(item), problem.bounds(item));
        }
        prop_assert_eq!(brute_force(&again), brute_force(&problem));
    }
}
