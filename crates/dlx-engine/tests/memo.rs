//! Memoised counting (`Solver::count_memo`): the published counts of the benchmark
//! workloads, and on random problems with secondary items, colors, multiplicities and forced
//! options, exactly the plain search's count under any memory budget.

use dlx_engine::puzzles::{
    langford, pentominoes, polyomino_tiling, polyomino_tiling_with_holes, queens,
};
use dlx_engine::{MemoBranching, MemoOptions, Problem, Solver, SolverOptions, Status};
use proptest::prelude::*;

#[path = "../benches/shared/workloads.rs"]
mod workloads;

use crate::common::random::{problems, Bounds, Shape};
use crate::common::run_dlx;

fn memo(problem: &Problem) -> dlx_engine::MemoCount {
    Solver::count_memo(problem, &SolverOptions::default(), &MemoOptions::default()).unwrap()
}

fn in_order(problem: &Problem) -> dlx_engine::MemoCount {
    let options = MemoOptions {
        branching: MemoBranching::InOrder,
        ..MemoOptions::default()
    };
    let result = Solver::count_memo(problem, &SolverOptions::default(), &options).unwrap();
    assert_eq!(result.status, Status::Exhausted);
    assert!(!result.memo.full);
    result
}

/// The memo's count, checked complete.
fn memo_count(problem: &Problem) -> u128 {
    let result = memo(problem);
    assert_eq!(result.status, Status::Exhausted);
    assert!(!result.memo.full);
    result.count
}

fn scott() -> Problem {
    polyomino_tiling_with_holes(&pentominoes(), 8, 8, &[(3, 3), (3, 4), (4, 3), (4, 4)]).unwrap()
}

#[test]
fn pentomino_tilings_match_the_published_counts() {
    // Without symmetry breaking: 2,339 x 4, 1,010 x 4 and Scott's 65 x 8.
    assert_eq!(
        memo_count(&polyomino_tiling(&pentominoes(), 6, 10).unwrap()),
        9_356
    );
    assert_eq!(
        memo_count(&polyomino_tiling(&pentominoes(), 5, 12).unwrap()),
        4_040
    );
    assert_eq!(memo_count(&scott()), 520);
    // 3x20: 2 x 4.
    assert_eq!(
        memo_count(&polyomino_tiling(&pentominoes(), 3, 20).unwrap()),
        8
    );
}

#[test]
fn scotts_board_has_520_tilings_by_the_plain_search_too() {
    assert_eq!(Solver::new(&scott()).count_solutions(), 520);
}

#[test]
fn langford_and_queens_match_the_published_counts() {
    // Langford pairs, each solution and its reversal (OEIS A014552 x 2).
    for (n, pairs) in [(7u128, 26), (8, 150), (11, 17_792), (12, 108_144)] {
        assert_eq!(
            memo_count(&langford(n as usize).unwrap()),
            pairs * 2,
            "n = {n}"
        );
    }
    for (n, count) in [(8, 92), (10, 724), (12, 14_200)] {
        assert_eq!(memo_count(&queens(n).unwrap()), count, "{n} queens");
    }
}

#[test]
fn in_order_branching_matches_the_published_counts() {
    // The workloads listed for it: board cells row by row along the short side, pieces
    // last; Langford slots left to right, numbers last; queens row by row.
    assert_eq!(
        in_order(&workloads::pentominoes_in_order(3, 20, &[])).count,
        8
    );
    // 4x15: 368 x 4.
    assert_eq!(
        in_order(&workloads::pentominoes_in_order(4, 15, &[])).count,
        1_472
    );
    for (n, pairs) in [(7u128, 26), (8, 150), (11, 17_792)] {
        let problem = workloads::langford_in_order(n as usize);
        assert_eq!(in_order(&problem).count, pairs * 2, "n = {n}");
    }
    for (n, count) in [(8, 92), (10, 724), (12, 14_200)] {
        assert_eq!(
            in_order(&workloads::queens_in_order(n)).count,
            count,
            "{n} queens"
        );
    }
    assert_eq!(in_order(&workloads::domino_tiling(8, 8)).count, 12_988_816);
    // Listed for in-order branching, the problems keep their counts under MRV too.
    assert_eq!(
        Solver::new(&workloads::pentominoes_in_order(5, 12, &[])).count_solutions(),
        4_040
    );
    assert_eq!(
        Solver::new(&workloads::queens_in_order(9)).count_solutions(),
        352
    );
}

#[test]
fn in_order_branching_meets_its_subproblems_again_more_often_than_mrv() {
    // Langford pairs n = 11, slots left to right: the subproblem is the set of numbers left
    // and which of the next slots are taken, a profile that recurs (41% of lookups hit);
    // MRV's scattered choices recur about a quarter of the time (24%).
    let ordered = in_order(&workloads::langford_in_order(11));
    let mrv = memo(&langford(11).unwrap());
    assert_eq!(ordered.count, mrv.count);
    assert!(
        ordered.memo.hit_rate() > 1.5 * mrv.memo.hit_rate(),
        "{:?} against {:?}",
        ordered.memo,
        mrv.memo
    );
    assert!(ordered.memo.hit_rate() > 0.4, "{:?}", ordered.memo);
}

#[test]
fn domino_tilings_take_thousands_of_times_fewer_nodes() {
    // 8x8: 12,988,816 tilings (OEIS A004003), in a few thousand nodes instead of 50 million.
    let result = memo(&workloads::domino_tiling(8, 8));
    assert_eq!(result.count, 12_988_816);
    assert!(result.stats.nodes < 10_000, "{:?}", result.stats);
    assert!(!result.memo.abandoned && result.memo.saved_nodes > 1_000_000);
    // A hit skips exactly the subtree the plain search takes there (same choices) below its
    // own node.
    let problem = workloads::domino_tiling(6, 8);
    let result = memo(&problem);
    assert_eq!(result.count, 167_089);
    let mut plain = Solver::new(&problem);
    assert_eq!(plain.count_solutions(), 167_089);
    assert_eq!(
        result.stats.nodes + result.memo.saved_nodes,
        plain.stats().nodes
    );
    // Past u64: the count is a u128 (a 2 x 100 strip has Fibonacci(101) tilings).
    let strip = memo(&workloads::domino_tiling(2, 100));
    assert_eq!(strip.count, 573_147_844_013_817_084_101);
}

#[test]
fn the_memo_gives_up_where_its_hits_save_too_little_and_counts_on() {
    // Langford pairs n = 12 under MRV: the hits save fewer than 4 nodes per lookup.
    let result = memo(&langford(12).unwrap());
    assert!(result.memo.abandoned, "{:?}", result.memo);
    assert_eq!(result.count, 216_288);
    assert_eq!(result.status, Status::Exhausted);
}

#[test]
fn the_memo_searches_fewer_nodes() {
    let problem = langford(11).unwrap();
    let mut plain = Solver::new(&problem);
    assert_eq!(plain.count_solutions(), 35_584);
    let result = memo(&problem);
    assert_eq!(result.count, 35_584);
    assert!(result.memo.hits > 0 && result.memo.entries > 0);
    // A hit skips a whole subtree: fewer nodes (on Langford pairs, about a third fewer).
    assert!(
        result.stats.nodes * 4 < plain.stats().nodes * 3,
        "{} memo nodes against {} plain",
        result.stats.nodes,
        plain.stats().nodes
    );
}

#[test]
fn forced_options_and_limits_mean_what_they_mean_for_the_plain_search() {
    let problem = langford(8).unwrap();
    for forced in [vec![0], vec![3, 40], vec![5], vec![0, 1]] {
        let options = SolverOptions {
            forced: forced.clone(),
            ..SolverOptions::default()
        };
        let Ok(mut plain) = Solver::with_options(&problem, &options) else {
            assert!(Solver::count_memo(&problem, &options, &MemoOptions::default()).is_err());
            continue;
        };
        let result = Solver::count_memo(&problem, &options, &MemoOptions::default()).unwrap();
        assert_eq!(
            result.count,
            u128::from(plain.count_solutions()),
            "{forced:?}"
        );
    }
    let options = SolverOptions {
        max_nodes: Some(50),
        ..SolverOptions::default()
    };
    let result = Solver::count_memo(&problem, &options, &MemoOptions::default()).unwrap();
    assert_eq!(result.status, Status::NodeLimit);
    assert!(result.stats.nodes <= 50);
}

/// A random problem: up to 8 primary items (all bounded when `bounded`), up to 4 secondary
/// items with three colors, up to 30 options: big enough that subproblems repeat.
fn problem(bounded: bool) -> impl Strategy<Value = Problem> {
    problems(Shape {
        primary: 8,
        secondary: 4,
        colors: 3,
        options: 30,
        bounds: if bounded {
            Bounds::Always
        } else {
            Bounds::Never
        },
    })
}

fn check(
    problem: &Problem,
    forced: Vec<usize>,
    bytes: usize,
    branching: MemoBranching,
) -> Result<(), TestCaseError> {
    let options = SolverOptions {
        forced,
        ..SolverOptions::default()
    };
    let memo_options = MemoOptions {
        max_bytes: bytes,
        branching,
    };
    match Solver::with_options(problem, &options) {
        Err(error) => {
            let refused = Solver::count_memo(problem, &options, &memo_options).unwrap_err();
            prop_assert_eq!(refused, error);
        }
        Ok(mut plain) => {
            let expected = plain.count_solutions();
            let result = Solver::count_memo(problem, &options, &memo_options).unwrap();
            prop_assert_eq!(result.count, u128::from(expected));
            prop_assert_eq!(result.status, Status::Exhausted);
            // In order, the search branches on other items than the plain one's MRV.
            let same_tree = branching == MemoBranching::Mrv || problem.has_bounds();
            if same_tree {
                prop_assert!(result.stats.nodes <= plain.stats().nodes.max(1));
            }
            if same_tree && !problem.has_bounds() {
                // Every node the plain search takes is searched or skipped by a hit.
                prop_assert_eq!(
                    result.stats.nodes + result.memo.saved_nodes,
                    plain.stats().nodes
                );
            }
            prop_assert!(result.memo.bytes as usize <= bytes);
        }
    }
    Ok(())
}

proptest! {
    // As many cases as the two tests (without, with multiplicities) this one replaces.
    #![proptest_config(ProptestConfig::with_cases(1200))]

    /// With and without multiplicities, the MRV and in-order rules, small and large budgets,
    /// with and without a forced option.
    #[test]
    fn memo_counts_equal_the_plain_counts(
        problem in any::<bool>().prop_flat_map(problem),
        pick in any::<prop::sample::Index>(),
        bytes in prop_oneof![Just(256usize << 20), 0usize..40_000],
        ordered in any::<bool>(),
    ) {
        let branching = if ordered { MemoBranching::InOrder } else { MemoBranching::Mrv };
        check(&problem, Vec::new(), bytes, branching)?;
        if problem.option_count() > 0 {
            check(&problem, vec![pick.index(problem.option_count())], bytes, branching)?;
        }
    }
}

#[test]
fn command_line_tool_counts_with_the_memo() {
    let run = run_dlx;
    let text = langford(8).unwrap().to_text();
    let (code, out, _) = run(&["--count", "--memo"], &text);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("300 solutions, "), "{out}");
    assert!(out.contains("(complete); memo: "), "{out}");
    let (code, out, _) = run(&["--memo", "--memo-bytes", "2000"], &text);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("300 solutions, "), "{out}");
    assert!(out.contains("budget reached"), "{out}");
    let (code, _, err) = run(&["--memo-bytes", "2000"], &text);
    assert_eq!(code, Some(2));
    assert!(err.contains("--memo-bytes needs --memo"), "{err}");
    let (code, out, _) = run(&["--memo", "--memo-order"], &text);
    assert_eq!(code, Some(0));
    assert!(out.starts_with("300 solutions, "), "{out}");
    let (code, _, err) = run(&["--memo-order"], &text);
    assert_eq!(code, Some(2));
    assert!(err.contains("--memo-order needs --memo"), "{err}");
    let (code, _, err) = run(&["--memo", "-s"], &text);
    assert_eq!(code, Some(2));
    assert!(err.contains("counts only"), "{err}");
}
