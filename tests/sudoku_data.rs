#![cfg(not(target_arch = "wasm32"))]
//! The published puzzle sets: exact solution counts, every 17-clue puzzle solved, every serg
//! puzzle ambiguous. The big sets are read from `../shared/data/sudoku/`; a test whose file
//! is absent prints a note and passes.

use std::path::PathBuf;

use dlx_wasm::sudoku::{Singles, Sudoku, SudokuSolver};

/// The lines of a data set that are puzzles (not comments), or `None` with a note.
fn shared_set(name: &str) -> Option<Vec<String>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/data/sudoku")
        .join(name);
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(puzzle_lines(&text)),
        Err(error) => {
            println!("skipping: {} not readable ({error})", path.display());
            None
        }
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

#[test]
fn counted_puzzles_have_their_published_counts() {
    let text = include_str!("data/sudoku/counted_puzzles.txt");
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

#[test]
fn every_17_clue_puzzle_solves() {
    let Some(lines) = shared_set("puzzles2_17_clue") else {
        return;
    };
    assert_eq!(lines.len(), 49_158);
    let mut solver = SudokuSolver::new();
    let mut grid = Vec::new();
    for line in &lines {
        let puzzle: Sudoku = line.parse().expect("the puzzle parses");
        assert_eq!(puzzle.given_count(), 17);
        assert!(solver.solve_into(&puzzle, &mut grid).unwrap(), "{line}");
        assert_solves(&puzzle, &grid);
    }
}

#[test]
fn every_17_clue_puzzle_is_unique_in_a_sample() {
    let Some(lines) = shared_set("puzzles2_17_clue") else {
        return;
    };
    let mut solver = SudokuSolver::new();
    for line in lines.iter().step_by(25) {
        let puzzle: Sudoku = line.parse().unwrap();
        assert_eq!(solver.count(&puzzle, 2).unwrap(), 1, "{line}");
    }
}

#[test]
fn every_serg_puzzle_has_several_solutions() {
    let Some(lines) = shared_set("puzzles7_serg_benchmark") else {
        return;
    };
    assert_eq!(lines.len(), 10_000);
    let mut solver = SudokuSolver::new();
    for line in &lines {
        let puzzle: Sudoku = line.parse().expect("the puzzle parses");
        assert_eq!(solver.count(&puzzle, 2).unwrap(), 2, "{line}");
    }
}

#[test]
fn hard_sets_solve() {
    for name in ["puzzles3_magictour_top1465", "puzzles6_forum_hardest_1106"] {
        let Some(lines) = shared_set(name) else {
            continue;
        };
        let mut solver = SudokuSolver::new();
        let mut grid = Vec::new();
        for line in &lines {
            let puzzle: Sudoku = line.parse().unwrap();
            assert!(solver.solve_into(&puzzle, &mut grid).unwrap(), "{line}");
            assert_solves(&puzzle, &grid);
        }
    }
}
