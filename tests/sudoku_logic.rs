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

/// Average ranks (ties share the mean of their positions).
fn ranks(values: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..values.len()).collect();
    order.sort_by(|&a, &b| values[a].total_cmp(&values[b]));
    let mut ranks = vec![0.0; values.len()];
    let mut i = 0;
    while i < order.len() {
        let mut j = i;
        while j + 1 < order.len() && values[order[j + 1]] == values[order[i]] {
            j += 1;
        }
        for &k in &order[i..=j] {
            ranks[k] = (i + j) as f64 / 2.0;
        }
        i = j + 1;
    }
    ranks
}

/// Spearman's rank correlation.
fn spearman(a: &[f64], b: &[f64]) -> f64 {
    let (ra, rb) = (ranks(a), ranks(b));
    let n = ra.len() as f64;
    let (ma, mb) = (ra.iter().sum::<f64>() / n, rb.iter().sum::<f64>() / n);
    let cov: f64 = ra.iter().zip(&rb).map(|(x, y)| (x - ma) * (y - mb)).sum();
    let va: f64 = ra.iter().map(|x| (x - ma).powi(2)).sum();
    let vb: f64 = rb.iter().map(|y| (y - mb).powi(2)).sum();
    cov / (va * vb).sqrt()
}

#[test]
fn spearman_of_equal_orders_is_one() {
    assert!((spearman(&[1.0, 2.0, 3.0], &[10.0, 20.0, 30.0]) - 1.0).abs() < 1e-9);
    assert!((spearman(&[1.0, 2.0, 3.0], &[3.0, 2.0, 1.0]) + 1.0).abs() < 1e-9);
}

/// Calibration against published Sudoku Explainer ratings: the Sudoku Exchange puzzle bank
/// (public domain; `grantm/sudoku-exchange-puzzle-bank`), one puzzle a line as
/// `hash puzzle rating`. Not vendored here: point `SE_BANK` at a copy of its
/// `diabolical.txt` (or any file of that format) and run
/// `cargo test --profile ci --test sudoku_logic se_calibration -- --ignored --nocapture`.
/// Prints the rank correlation of our score with SE's and, per SE band, how many puzzles
/// logic alone solves; every step is checked against the solution on the way.
#[test]
#[ignore]
fn se_calibration() {
    let Ok(path) = std::env::var("SE_BANK") else {
        println!("SE_BANK is not set: nothing to calibrate against");
        return;
    };
    let text = std::fs::read_to_string(&path).expect("SE_BANK file");
    let limit: usize = std::env::var("SE_COUNT")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let (mut ours, mut theirs) = (Vec::new(), Vec::new());
    let mut bands: std::collections::BTreeMap<u32, (usize, usize, Vec<f64>)> = Default::default();
    let start = std::time::Instant::now();
    for line in text.lines().take(limit) {
        let fields: Vec<&str> = line.split_whitespace().collect();
        let [_, puzzle, rating] = fields[..] else {
            continue;
        };
        let Ok(se) = rating.parse::<f64>() else {
            continue;
        };
        let puzzle = parse(puzzle);
        let path = check_path(&puzzle);
        let grade = dlx_wasm::sudoku::Grade::of_path(&path);
        ours.push(grade.score);
        theirs.push(se);
        let band = bands.entry(se.floor() as u32).or_default();
        band.0 += 1;
        band.1 += usize::from(grade.solved);
        band.2.push(grade.score);
        if std::env::var("SE_VERBOSE").is_ok() {
            println!("SE {se}: ours {:.1} {:?}", grade.score, grade.hardest);
        }
    }
    println!(
        "{} puzzles in {:.1} s; Spearman rank correlation with SE: {:.3}",
        ours.len(),
        start.elapsed().as_secs_f64(),
        spearman(&ours, &theirs)
    );
    for (band, (count, solved, mut scores)) in bands {
        scores.sort_by(f64::total_cmp);
        println!(
            "SE {band}.x: {solved}/{count} solved by logic alone; our median score {:.1}",
            scores[scores.len() / 2]
        );
    }
}
