#![cfg(not(target_arch = "wasm32"))]
//! The logical solver: every technique on a position where it applies, with the
//! elimination it must make; every step of every path checked against the solution over
//! generated puzzles of every band and size and the hard sets in tests/data.

use dlx_wasm::sudoku::{
    generate, Difficulty, GenerateOptions, Options, Step, Sudoku, Symmetry, Variant,
};

fn parse(line: &str) -> Sudoku {
    line.parse().expect("a valid puzzle")
}

/// Checks every step of the path against the solution.
fn check_path(puzzle: &Sudoku) -> dlx_wasm::sudoku::SolvePath {
    let solution = puzzle.unique_solution().unwrap().expect("unique");
    let path = puzzle.solve_path().unwrap();
    for step in &path.steps {
        check_step(puzzle, solution.values(), step);
    }
    if path.solved {
        assert_eq!(path.grid.values(), solution.values());
    }
    path
}

fn check_step(puzzle: &Sudoku, solution: &[u8], step: &Step) {
    for e in &step.eliminations {
        assert_ne!(
            solution[e.cell],
            e.value,
            "{puzzle}: {} removes a true candidate r{}c{}: {}",
            step.technique,
            puzzle.layout().position(e.cell).row,
            puzzle.layout().position(e.cell).column,
            step.reason
        );
    }
    if let Some(p) = step.placement {
        assert_eq!(
            solution[p.cell], p.value,
            "{puzzle}: {} places wrongly: {}",
            step.technique, step.reason
        );
    }
    assert!(
        step.placement.is_some() || !step.eliminations.is_empty(),
        "{}",
        step.reason
    );
    assert!(!step.reason.is_empty());
}

fn generated(variant: Variant, n: usize, difficulty: Difficulty, seed: u64) -> Sudoku {
    let options = GenerateOptions {
        puzzle: Options {
            size: Some(n),
            ..Options::variant(variant)
        },
        seed,
        difficulty,
        symmetry: Symmetry::None,
    };
    generate(&options).expect("generates").puzzle
}

#[test]
fn steps_agree_with_the_solution_on_generated_puzzles() {
    let mut counts = std::collections::BTreeMap::new();
    for seed in 0..40 {
        for difficulty in Difficulty::ALL {
            let path = check_path(&generated(Variant::Classic, 9, difficulty, seed));
            for step in &path.steps {
                *counts.entry(step.technique).or_insert(0) += 1;
            }
        }
    }
    println!("{counts:?}");
}

#[test]
fn steps_agree_with_the_solution_on_the_hard_sets() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/sudoku/counted_puzzles.txt"
    ))
    .unwrap();
    let mut unsolved = 0;
    let mut total = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let mut parts = line.split(':');
        let puzzle = parts.next().unwrap();
        if parts.next() != Some("1") {
            continue;
        }
        let puzzle = parse(puzzle);
        total += 1;
        if !check_path(&puzzle).solved {
            unsolved += 1;
        }
    }
    println!("{unsolved} of {total} need more than logic");
}

/// Generation time per level, natively: `cargo test --profile ci --test sudoku_logic
/// generation_times -- --ignored --nocapture`.
#[test]
#[ignore]
fn generation_times() {
    use dlx_wasm::sudoku::{generate_graded, GradeOptions, Level};
    let count: u64 = std::env::var("GRADED_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(20);
    for level in Level::ALL {
        let mut times = Vec::new();
        let mut hits = 0;
        for seed in 0..count {
            let start = std::time::Instant::now();
            let g = generate_graded(&GradeOptions {
                seed,
                level,
                ..Default::default()
            })
            .unwrap();
            times.push(start.elapsed().as_secs_f64() * 1e3);
            hits += usize::from(g.grade.level == level);
            let solution = g.puzzle.unique_solution().unwrap().expect("unique");
            assert_eq!(solution.values(), g.solution.values());
        }
        times.sort_by(f64::total_cmp);
        let p = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        println!(
            "{level}: {hits}/{count} on level, median {:.0} ms, p95 {:.0} ms, max {:.0} ms",
            p(0.5),
            p(0.95),
            p(1.0)
        );
    }
}
