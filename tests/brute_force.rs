//! Property tests: on random small problems with secondary items and colors, the solver finds
//! exactly the solutions a brute-force search over all subsets of options finds.
#![cfg(not(target_arch = "wasm32"))]

mod common;

use common::is_solution;
use dlx_wasm::{Problem, ProblemBuilder, Solver, SolverOptions};
use proptest::prelude::*;

/// A random option: some items, each secondary one maybe with one of two colors.
fn option(primary: usize, secondary: usize) -> impl Strategy<Value = Vec<(usize, Option<u8>)>> {
    let items = primary + secondary;
    prop::collection::btree_set(0..items, 1..=items.min(4)).prop_flat_map(move |set| {
        let set: Vec<usize> = set.into_iter().collect();
        let n = set.len();
        prop::collection::vec(prop::option::of(0u8..2), n).prop_map(move |colors| {
            set.iter()
                .zip(colors)
                .map(|(&item, color)| (item, color.filter(|_| item >= primary)))
                .collect()
        })
    })
}

fn problem() -> impl Strategy<Value = Problem> {
    (1usize..=5, 0usize..=3).prop_flat_map(|(primary, secondary)| {
        prop::collection::vec(option(primary, secondary), 0..=10).prop_map(move |options| {
            let mut b = ProblemBuilder::new(primary, secondary).unwrap();
            for option in options {
                let colored: Vec<(usize, Option<&str>)> = option
                    .iter()
                    .map(|&(item, color)| (item, color.map(|c| ["red", "blue"][c as usize])))
                    .collect();
                // Options with no primary item are refused; that is tested elsewhere.
                let _ = b.add_colored_option(&colored);
            }
            b.build()
        })
    })
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
    fn forcing_an_option_keeps_exactly_the_solutions_that_contain_it(problem in problem(), pick in any::<prop::sample::Index>()) {
        prop_assume!(problem.option_count() > 0);
        let forced = pick.index(problem.option_count());
        let expected: Vec<Vec<usize>> = brute_force(&problem).into_iter().filter(|s| s.contains(&forced)).collect();
        let options = SolverOptions { forced: vec![forced], ..Default::default() };
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
}
