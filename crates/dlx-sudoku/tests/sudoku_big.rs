//! The techniques beyond singles and subsets on the largest sizes: chains (X-chains, AICs,
//! grouped chains, 3D Medusa, contradiction and forcing chains), almost locked sets (ALS
//! wings, ALS-XZ, ALS-XY-Wing, Sue de Coq) and fish run at every size, and their steps on
//! generated 16x16, 20x20 and 25x25 puzzles (`tests/data/sudoku/big_*.txt`, each file says
//! how it was made) are checked against the solution the way the 9x9 paths are
//! (`sudoku_verify.rs`): no placement other than the solution's, no elimination of it.

use std::collections::BTreeMap;

use dlx_sudoku::{Sudoku, Technique, TechniqueCount};

use crate::common;

/// The puzzles of `tests/data/sudoku/NAME` (one a line, `#` lines are comments).
fn puzzles(name: &str) -> Vec<Sudoku> {
    common::fixture_lines(name)
        .iter()
        .map(|l| l.parse().expect("a valid puzzle"))
        .collect()
}

/// The techniques of the chains family, and of the almost locked sets.
const CHAINS: [Technique; 8] = [
    Technique::XChain,
    Technique::XyChain,
    Technique::Aic,
    Technique::GroupedXChain,
    Technique::GroupedAic,
    Technique::Medusa,
    Technique::ContradictionChain,
    Technique::ForcingChain,
];
const ALS: [Technique; 6] = [
    Technique::AlsWing,
    Technique::AlsXz,
    Technique::AlsXyWing,
    Technique::AlsChain,
    Technique::DeathBlossom,
    Technique::SueDeCoq,
];

/// Every step of each path agrees with the solution (a wrong one fails the test, naming its
/// puzzle: [`common::checked_path`]), logic alone solves each puzzle, and on each size the
/// paths take chain steps and ALS steps, ALS-XZ or ALS-XY-Wing among them: a test that
/// fails if either family were skipped at that size. Prints the verified steps per
/// technique and size.
#[test]
fn chains_and_als_agree_with_the_solution_on_16x16_20x20_and_25x25() {
    for (name, n) in [
        ("big_16x16_diabolical.txt", 16),
        ("big_20x20_diabolical.txt", 20),
        ("big_25x25_diabolical.txt", 25),
    ] {
        let mut tally: BTreeMap<Technique, TechniqueCount> = BTreeMap::new();
        for puzzle in puzzles(name) {
            assert_eq!(puzzle.layout().dimensions(), (n, n), "{name}");
            let path = common::checked_path(&puzzle);
            assert!(path.solved, "{name}: logic alone solves {puzzle}");
            for step in &path.steps {
                let count = tally.entry(step.technique).or_default();
                count.steps += 1;
                count.placements += usize::from(step.placement.is_some());
                count.eliminations += step.eliminations.len();
            }
        }
        let steps = |family: &[Technique]| -> usize {
            family
                .iter()
                .filter_map(|t| tally.get(t))
                .map(|c| c.steps)
                .sum()
        };
        println!(
            "{n}x{n}: {} verified steps, {} of chains, {} of ALS",
            tally.values().map(|c| c.steps).sum::<usize>(),
            steps(&CHAINS),
            steps(&ALS)
        );
        for (technique, count) in &tally {
            println!("  {technique}: {count:?}");
        }
        assert!(steps(&CHAINS) > 0, "{n}x{n}: no chain step");
        assert!(steps(&ALS) > 0, "{n}x{n}: no ALS step");
        assert!(
            steps(&[Technique::AlsXz, Technique::AlsXyWing]) > 0,
            "{n}x{n}: no ALS-XZ or ALS-XY-Wing step"
        );
    }
}
