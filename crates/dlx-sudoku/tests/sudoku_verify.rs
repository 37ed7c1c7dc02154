//! A fast slice of the step-by-step verification that `examples/verify_paths.rs` runs over
//! ten thousand puzzles and more: the same check ([`PathTally`], which checks each path
//! with `SolvePath::wrong_steps`) over every 8th puzzle of each vendored sample of the
//! published sets and generated puzzles of every level.

use dlx_sudoku::{Level, PathTally, Sudoku, Technique, Variant};

use crate::common;

/// The puzzles of a vendored sample (`tests/data/sudoku/NAME`), every `step`th.
fn sample(name: &str, step: usize) -> Vec<Sudoku> {
    common::fixture_lines(name)
        .iter()
        .step_by(step)
        .map(|l| l.parse().expect("a valid puzzle"))
        .collect()
}

/// No wrong step over the slice; every source is checked (puzzles with one solution whose
/// paths have steps), the sets with several solutions are skipped as such, and the slice
/// reaches the chains and forcing chains of the hardest puzzles.
#[test]
fn paths_of_a_slice_of_every_source_agree_with_the_solution() {
    let start = std::time::Instant::now();
    let mut total = PathTally::default();
    // Every 8th puzzle; of the forum's hardest, every 64th: their paths take forcing nets,
    // a second or more each (tests/sudoku_nets.rs checks more of them).
    for (name, every) in [
        ("puzzles2_17_clue.sample", 8),
        ("puzzles3_magictour_top1465.sample", 8),
        ("puzzles5_forum_hardest_1905_11+.sample", 64),
        ("puzzles6_forum_hardest_1106.sample", 64),
        ("puzzles7_serg_benchmark.sample", 8),
    ] {
        let mut tally = PathTally::default();
        for puzzle in sample(name, every) {
            tally.add(&puzzle).unwrap();
        }
        println!(
            "{name}: {} puzzles, {} not unique, {} solved, {} unsolved, {} steps",
            tally.puzzles,
            tally.not_unique,
            tally.solved,
            tally.unsolved,
            tally.steps()
        );
        if name.starts_with("puzzles7") {
            // Every puzzle of the serg benchmark has several solutions: none has a path.
            assert_eq!(tally.not_unique, tally.puzzles, "{name}");
        } else {
            assert_eq!(tally.not_unique, 0, "{name}");
            assert_eq!(tally.solved + tally.unsolved, tally.puzzles, "{name}");
            assert!(tally.steps() > 0, "{name}");
        }
        total.merge(&tally);
    }
    for level in Level::ALL {
        let mut tally = PathTally::default();
        for seed in 0..2 {
            let options = common::generate_options(Variant::Classic, 9, level, seed);
            tally.add(&common::generated(&options).puzzle).unwrap();
        }
        assert_eq!(tally.solved + tally.unsolved, 2, "{level}");
        total.merge(&tally);
    }
    for (technique, count) in &total.techniques {
        println!("{technique}: {count:?}");
    }
    assert!(total.wrong.is_empty(), "{:#?}", total.wrong);
    for technique in [
        Technique::HiddenSingle,
        Technique::NakedSingle,
        Technique::LockedCandidates,
        Technique::XyChain,
        Technique::ForcingChain,
    ] {
        assert!(
            total
                .techniques
                .get(&technique)
                .is_some_and(|c| c.steps > 0),
            "no {technique} step"
        );
    }
    println!("{:.1} s", start.elapsed().as_secs_f64());
}
