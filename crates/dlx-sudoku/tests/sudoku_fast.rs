//! The fast searches against the engine: `SudokuSolver::new()` searches the classic 9x9 on
//! bands and other layouts of at most 128 cells and 9 symbols on bitboards; every count
//! and every solution must equal the exact-cover engine's (`with_singles(Singles::Off)`),
//! on published puzzles and on random puzzles of every variant that fits, with 0, 1 and
//! many solutions.

use dlx_sudoku::{
    generate, GenerateOptions, Level, Options, Singles, Sudoku, SudokuSolver, Symmetry, Variant,
};

/// Every solution of `puzzle` up to `limit`, sorted, and whether the search ran on the
/// fast path.
fn solutions(solver: &mut SudokuSolver, puzzle: &Sudoku, limit: u64) -> (Vec<Vec<u8>>, bool) {
    let mut all = Vec::new();
    let found = solver
        .for_each_solution(puzzle, limit, |grid| {
            all.push(grid.to_vec());
            true
        })
        .expect("no conflicting givens");
    assert_eq!(found, all.len() as u64);
    all.sort();
    (all, solver.report().bitboards)
}

/// Checks that both searches find the same solutions (all of them, up to `limit`), the
/// same first-solution answer and the same capped counts; returns the count.
fn same_as_engine(puzzle: &Sudoku, limit: u64) -> usize {
    let mut fast = SudokuSolver::new();
    let mut engine = SudokuSolver::with_singles(Singles::Off);
    let (ours, fast_path) = solutions(&mut fast, puzzle, limit);
    let (theirs, engine_path) = solutions(&mut engine, puzzle, limit);
    assert!(fast_path, "{puzzle}: the fast path did not run");
    assert!(!engine_path);
    if (ours.len() as u64) < limit {
        assert_eq!(ours, theirs, "{puzzle}");
    } else {
        assert_eq!(theirs.len() as u64, limit, "{puzzle}");
    }
    for grid in &ours {
        assert!(puzzle.layout().is_solution(grid), "{puzzle}");
        for (given, value) in puzzle.values().iter().zip(grid) {
            assert!(*given == 0 || given == value, "{puzzle}: a given changed");
        }
    }
    let mut grid = Vec::new();
    assert_eq!(
        fast.solve_into(puzzle, &mut grid).unwrap(),
        !ours.is_empty()
    );
    for cap in [1, 2, 3] {
        assert_eq!(
            fast.count(puzzle, cap).unwrap(),
            engine.count(puzzle, cap).unwrap(),
            "{puzzle}"
        );
    }
    ours.len()
}

#[test]
fn counted_puzzles_agree_with_the_engine() {
    let text = include_str!("../../../tests/data/sudoku/counted_puzzles.txt");
    let mut counts = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let (puzzle, rest) = line.split_once(':').unwrap();
        let count: usize = rest.split(':').next().unwrap().parse().unwrap();
        let puzzle: Sudoku = puzzle.parse().unwrap();
        assert_eq!(same_as_engine(&puzzle, 10_000), count, "{line}");
        counts.push(count);
    }
    // The file has puzzles with no solution, one, and many.
    assert!(counts.contains(&0) && counts.contains(&1) && counts.iter().any(|&c| c > 100));
}

/// Random puzzles of `options`' layout: generated ones (one solution), with givens taken
/// away (many), and with a given changed (often none).
fn random_puzzles(options: &Options, seeds: std::ops::Range<u64>) -> Vec<Sudoku> {
    let mut puzzles = Vec::new();
    for seed in seeds {
        let generated = generate(&GenerateOptions {
            puzzle: options.clone(),
            seed,
            level: Level::Easy,
            symmetry: Symmetry::None,
            se: None,
        })
        .expect("the generator succeeds");
        let puzzle = generated.puzzle;
        let layout = puzzle.shared_layout().clone();
        let n = layout.size() as u8;
        let mut rng = fastrand::Rng::with_seed(seed);
        let mut fewer = puzzle.values().to_vec();
        for _ in 0..fewer.len() / 8 {
            let cell = rng.usize(..fewer.len());
            fewer[cell] = 0;
        }
        let mut changed = puzzle.values().to_vec();
        let givens: Vec<usize> = (0..changed.len()).filter(|&c| changed[c] != 0).collect();
        let cell = givens[rng.usize(..givens.len())];
        changed[cell] = changed[cell] % n + 1;
        puzzles.push(puzzle.clone());
        puzzles.push(Sudoku::new(layout.clone(), fewer).unwrap());
        let changed = Sudoku::new(layout, changed).unwrap();
        if changed.validate().is_ok() {
            puzzles.push(changed);
        }
    }
    puzzles
}

#[test]
fn random_puzzles_of_every_fitting_layout_agree_with_the_engine() {
    let mut layouts = vec![
        Options::variant(Variant::Classic),
        Options::variant(Variant::X),
        Options::variant(Variant::Windoku),
        Options::variant(Variant::Jigsaw),
    ];
    for size in [4, 6, 8] {
        layouts.push(Options {
            size: Some(size),
            ..Options::variant(Variant::Classic)
        });
    }
    let (mut none, mut one, mut many) = (0, 0, 0);
    for options in &layouts {
        for puzzle in random_puzzles(options, 0..12) {
            match same_as_engine(&puzzle, 300) {
                0 => none += 1,
                1 => one += 1,
                _ => many += 1,
            }
        }
    }
    assert!(none > 5 && one > 50 && many > 50, "{none} {one} {many}");
}

#[test]
fn conflicting_givens_are_still_named() {
    let puzzle: Sudoku =
        "11..............................................................................."
            .parse()
            .unwrap();
    let error = SudokuSolver::new().count(&puzzle, 2).unwrap_err();
    assert_eq!(error.code(), "conflicting_givens");
    assert!(error.to_string().contains("row 1"), "{error}");
    // Even when asked for no solutions at all.
    let error = SudokuSolver::new().count(&puzzle, 0).unwrap_err();
    assert_eq!(error.code(), "conflicting_givens");
}

#[test]
fn larger_layouts_use_the_engine() {
    let puzzle =
        Sudoku::empty(dlx_sudoku::Layout::new(16, &Options::variant(Variant::Classic)).unwrap());
    let mut solver = SudokuSolver::new();
    let mut grid = Vec::new();
    assert!(solver.solve_into(&puzzle, &mut grid).unwrap());
    assert!(!solver.report().bitboards);
    assert!(puzzle.layout().is_solution(&grid));
}
