//! The problem generators against published counts and Knuth's own DLX1 statistics.

use crate::common;

use dlx_engine::puzzles::{langford, pentominoes, polyomino_tiling, queens};
use dlx_engine::{Problem, Solver, SolverOptions};

#[test]
fn queens_is_exactly_knuths_queens_dlx_output() {
    let shipped = common::data("q8.dlx");
    let shipped: String = shipped
        .lines()
        .filter(|line| !line.starts_with('|'))
        .map(|line| format!("{line}\n"))
        .collect();
    assert_eq!(queens(8).unwrap().to_text(), shipped);
}

#[test]
fn twelve_queens_matches_dlx1_node_and_update_counts() {
    let mut solver = Solver::new(&queens(12).unwrap());
    assert_eq!(solver.count_solutions(), 14_200);
    let stats = solver.stats();
    assert_eq!((stats.nodes, stats.updates), (211_716, 3_594_752));
}

#[test]
fn queens_counts_for_small_n() {
    let expected = [1, 0, 0, 2, 10, 4, 40, 92, 352, 724];
    for (n, &count) in (1..).zip(&expected) {
        let problem = queens(n).unwrap();
        assert_eq!(Solver::new(&problem).count_solutions(), count, "n = {n}");
    }
}

#[test]
fn langford_pairs_counts() {
    // Each arrangement is counted with its reversal: 2 x (0, 0, 1, 1, 0, 0, 26, 150).
    for (n, count) in [(1, 0), (3, 2), (4, 2), (5, 0), (7, 52), (8, 300)] {
        let problem = langford(n).unwrap();
        assert_eq!(Solver::new(&problem).count_solutions(), count, "n = {n}");
    }
}

#[test]
fn pentominoes_have_63_orientations_and_tile_6x10_in_2056_options() {
    let pieces = pentominoes();
    let orientations: usize = pieces.iter().map(|p| p.orientations().len()).sum();
    assert_eq!(orientations, 63);
    let problem = polyomino_tiling(&pieces, 6, 10).unwrap();
    assert_eq!(problem.option_count(), 2056);
    assert_eq!(problem.primary_count(), 72);
}

#[test]
fn pentomino_boxes_have_their_known_counts() {
    // 3x20: 2 tilings, each in 4 symmetric copies.
    let problem = polyomino_tiling(&pentominoes(), 3, 20).unwrap();
    assert_eq!(Solver::new(&problem).count_solutions(), 8);
    // The first 6x10 tiling is a valid exact cover.
    let problem = polyomino_tiling(&pentominoes(), 6, 10).unwrap();
    let first = Solver::new(&problem).next().unwrap();
    assert!(common::is_solution(&problem, &first));
    assert_eq!(first.len(), 12);
}

#[test]
fn pentomino_6x10_count_is_9356() {
    // About a second natively in release mode.
    let problem = polyomino_tiling(&pentominoes(), 6, 10).unwrap();
    let options = SolverOptions::default();
    let mut solver = Solver::with_options(&problem, &options).unwrap();
    assert_eq!(solver.count_solutions(), 9_356);
    // Knuth's DLX1 on the same options: 3,615,972 nodes and 1,234,494,906 updates; the
    // order of options decides the exact figures, so check only that the search is of the
    // same size.
    let stats = solver.stats();
    assert!((3_000_000..4_500_000).contains(&stats.nodes), "{stats:?}");
}

#[test]
fn generated_problems_round_trip_through_text() {
    for problem in [queens(5).unwrap(), langford(4).unwrap()] {
        assert_eq!(Problem::parse(&problem.to_text()).unwrap(), problem);
    }
}
