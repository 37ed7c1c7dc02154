//! The published puzzle sets: exact solution counts, every 17-clue puzzle solved and unique,
//! every hard puzzle solved, every serg puzzle ambiguous.
//!
//! Two layers, neither of which can pass by skipping:
//! - samples vendored in `tests/data/sudoku/*.sample` (a few hundred puzzles of each set, every
//!   k-th puzzle, as each file's header says), compiled into the tests: always run;
//! - the full sets in `../shared/data/sudoku/`: `#[ignore]` tests that fail when their file is
//!   missing. `scripts/test.sh` runs them (`cargo test -p dlx-sudoku --test sudoku_tests -- --ignored
//!   sudoku_data::`) where that folder exists, and says so where it does not.

use std::path::PathBuf;

use dlx_sudoku::{Singles, Sudoku, SudokuSolver};

/// A vendored sample: its file's text and the puzzles it must hold.
struct Sample {
    set: &'static str,
    text: &'static str,
    puzzles: usize,
    /// The sample is every `step`-th puzzle of the full set, from the first.
    step: usize,
}

const SAMPLE_17_CLUE: Sample = Sample {
    set: "puzzles2_17_clue",
    text: include_str!("../../../tests/data/sudoku/puzzles2_17_clue.sample"),
    puzzles: 385,
    step: 128,
};
const SAMPLE_TOP1465: Sample = Sample {
    set: "puzzles3_magictour_top1465",
    text: include_str!("../../../tests/data/sudoku/puzzles3_magictour_top1465.sample"),
    puzzles: 367,
    step: 4,
};
const SAMPLE_HARDEST_1905: Sample = Sample {
    set: "puzzles5_forum_hardest_1905_11+",
    text: include_str!("../../../tests/data/sudoku/puzzles5_forum_hardest_1905_11+.sample"),
    puzzles: 381,
    step: 128,
};
const SAMPLE_HARDEST_1106: Sample = Sample {
    set: "puzzles6_forum_hardest_1106",
    text: include_str!("../../../tests/data/sudoku/puzzles6_forum_hardest_1106.sample"),
    puzzles: 375,
    step: 1,
};
const SAMPLE_SERG: Sample = Sample {
    set: "puzzles7_serg_benchmark",
    text: include_str!("../../../tests/data/sudoku/puzzles7_serg_benchmark.sample"),
    puzzles: 313,
    step: 32,
};

const SAMPLES: [&Sample; 5] = [
    &SAMPLE_17_CLUE,
    &SAMPLE_TOP1465,
    &SAMPLE_HARDEST_1905,
    &SAMPLE_HARDEST_1106,
    &SAMPLE_SERG,
];

impl Sample {
    /// The sample's puzzles, after checking there are exactly as many as it should hold.
    fn lines(&self) -> Vec<String> {
        let lines = puzzle_lines(self.text);
        assert_eq!(lines.len(), self.puzzles, "puzzles in {}.sample", self.set);
        lines
    }
}

/// The puzzles of a full set in `../shared/data/sudoku/`; panics when the file is unreadable.
fn shared_set(name: &str) -> Vec<String> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/sudoku")
        .join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => puzzle_lines(&text),
        Err(error) => panic!("{} is not readable ({error})", path.display()),
    }
}

fn puzzle_lines(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(str::to_owned)
        .collect()
}

/// Checks that `solution` is a valid grid that keeps every given of `puzzle`.
fn assert_solves(puzzle: &Sudoku, solution: &[u8]) {
    assert!(puzzle.layout().is_solution(solution), "{puzzle}");
    for (given, value) in puzzle.values().iter().zip(solution) {
        assert!(*given == 0 || given == value, "{puzzle}: a given changed");
    }
}

/// Solves every puzzle, checks each grid, and returns how many there were.
fn assert_all_solve(lines: &[String]) -> usize {
    let mut solver = SudokuSolver::new();
    let mut grid = Vec::new();
    for line in lines {
        let puzzle: Sudoku = line.parse().expect("the puzzle parses");
        assert!(solver.solve_into(&puzzle, &mut grid).unwrap(), "{line}");
        assert_solves(&puzzle, &grid);
    }
    lines.len()
}

/// Checks that every puzzle has at least two solutions: two distinct valid grids that keep
/// the givens.
fn assert_all_ambiguous(lines: &[String]) {
    let mut solver = SudokuSolver::new();
    for line in lines {
        let puzzle: Sudoku = line.parse().expect("the puzzle parses");
        let mut solutions = Vec::new();
        let found = solver
            .for_each_solution(&puzzle, 2, |grid| {
                solutions.push(grid.to_vec());
                true
            })
            .unwrap();
        assert_eq!(found, 2, "{line}");
        assert_ne!(solutions[0], solutions[1], "{line}");
        for solution in &solutions {
            assert_solves(&puzzle, solution);
        }
        assert_eq!(solver.count(&puzzle, 2).unwrap(), 2, "{line}");
    }
}

#[test]
fn counted_puzzles_have_their_published_counts() {
    let text = include_str!("../../../tests/data/sudoku/counted_puzzles.txt");
    let mut checked = 0;
    for line in puzzle_lines(text) {
        let fields: Vec<&str> = line.split(':').collect();
        let puzzle: Sudoku = fields[0].parse().expect("the puzzle parses");
        let count: u64 = fields[1].parse().expect("the count is a number");
        // Without singles, the engine alone must agree.
        for singles in [Singles::All, Singles::Off] {
            let mut solver = SudokuSolver::with_singles(singles);
            let mut solutions = Vec::new();
            let found = solver
                .for_each_solution(&puzzle, 10_000, |grid| {
                    solutions.push(grid.to_vec());
                    true
                })
                .expect("no conflicting givens");
            assert_eq!(found, count, "{line}");
            assert_eq!(puzzle.count_solutions(count + 1).unwrap(), count);
            solutions.sort();
            solutions.dedup();
            assert_eq!(solutions.len() as u64, count, "solutions are distinct");
            for solution in &solutions {
                assert_solves(&puzzle, solution);
            }
            // The published first solution is one of ours.
            if let Some(published) = fields.get(2).filter(|s| !s.is_empty()) {
                let published: Sudoku = published.parse().unwrap();
                assert!(solutions.iter().any(|s| s == published.values()), "{line}");
            }
        }
        assert_eq!(puzzle.is_unique().unwrap(), count == 1);
        assert_eq!(puzzle.unique_solution().unwrap().is_some(), count == 1);
        assert_eq!(puzzle.some_solution().unwrap().is_some(), count > 0);
        checked += 1;
    }
    assert_eq!(checked, 43);
}

// The vendored samples: always run.

#[test]
fn sampled_17_clue_puzzles_solve_and_are_unique() {
    let lines = SAMPLE_17_CLUE.lines();
    let mut solver = SudokuSolver::new();
    for line in &lines {
        let puzzle: Sudoku = line.parse().expect("the puzzle parses");
        assert_eq!(puzzle.given_count(), 17, "{line}");
        assert_eq!(solver.count(&puzzle, 2).unwrap(), 1, "{line}");
    }
    assert_eq!(assert_all_solve(&lines), 385);
}

#[test]
fn sampled_hard_puzzles_solve_and_are_unique() {
    for sample in [&SAMPLE_TOP1465, &SAMPLE_HARDEST_1905, &SAMPLE_HARDEST_1106] {
        let lines = sample.lines();
        assert_eq!(assert_all_solve(&lines), sample.puzzles);
        let mut solver = SudokuSolver::new();
        for line in &lines {
            let puzzle: Sudoku = line.parse().unwrap();
            assert_eq!(
                solver.count(&puzzle, 2).unwrap(),
                1,
                "{}: {line}",
                sample.set
            );
        }
    }
}

#[test]
fn sampled_serg_puzzles_have_several_solutions() {
    let lines = SAMPLE_SERG.lines();
    assert_all_ambiguous(&lines);
}

#[test]
fn samples_are_distinct_puzzles() {
    for sample in SAMPLES {
        let mut lines = sample.lines();
        lines.sort();
        lines.dedup();
        assert_eq!(lines.len(), sample.puzzles, "{}", sample.set);
    }
}

// The full sets: ignored by default, failing when their file is missing.

#[test]
#[ignore = "reads a full set from ../shared/data/sudoku/; scripts/test.sh runs it there"]
fn samples_are_every_kth_puzzle_of_their_full_set() {
    for sample in SAMPLES {
        let full = shared_set(sample.set);
        let taken: Vec<String> = full.iter().step_by(sample.step).cloned().collect();
        assert_eq!(sample.lines(), taken, "{}.sample", sample.set);
    }
}

#[test]
#[ignore = "reads a full set from ../shared/data/sudoku/; scripts/test.sh runs it there"]
fn every_17_clue_puzzle_solves() {
    let lines = shared_set("puzzles2_17_clue");
    assert_eq!(lines.len(), 49_158);
    for line in &lines {
        let puzzle: Sudoku = line.parse().expect("the puzzle parses");
        assert_eq!(puzzle.given_count(), 17, "{line}");
    }
    assert_eq!(assert_all_solve(&lines), 49_158);
}

#[test]
#[ignore = "reads a full set from ../shared/data/sudoku/; scripts/test.sh runs it there"]
fn every_25th_17_clue_puzzle_is_unique() {
    let lines = shared_set("puzzles2_17_clue");
    let mut solver = SudokuSolver::new();
    let mut checked = 0;
    for line in lines.iter().step_by(25) {
        let puzzle: Sudoku = line.parse().unwrap();
        assert_eq!(solver.count(&puzzle, 2).unwrap(), 1, "{line}");
        checked += 1;
    }
    assert_eq!(checked, 1_967);
}

#[test]
#[ignore = "reads a full set from ../shared/data/sudoku/; scripts/test.sh runs it there"]
fn every_serg_puzzle_has_several_solutions() {
    let lines = shared_set("puzzles7_serg_benchmark");
    assert_eq!(lines.len(), 10_000);
    assert_all_ambiguous(&lines);
}

#[test]
#[ignore = "reads a full set from ../shared/data/sudoku/; scripts/test.sh runs it there"]
fn hard_sets_solve() {
    for (name, puzzles) in [
        ("puzzles3_magictour_top1465", 1_465),
        ("puzzles5_forum_hardest_1905_11+", 48_766),
        ("puzzles6_forum_hardest_1106", 375),
    ] {
        assert_eq!(assert_all_solve(&shared_set(name)), puzzles, "{name}");
    }
}
