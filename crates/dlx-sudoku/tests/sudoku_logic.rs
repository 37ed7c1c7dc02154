//! The logical solver: every technique on a position where it applies, with the
//! elimination it must make; every step of every path checked against the solution over
//! generated puzzles of every level and size and the hard sets in tests/data.

use dlx_sudoku::{generate, GenerateOptions, Level, Options, Sudoku, Technique, Variant};

use crate::common;
use crate::common::checked_path as check_path;
use crate::common::rank::spearman;

fn parse(line: &str) -> Sudoku {
    line.parse().expect("a valid puzzle")
}

fn generated(variant: Variant, n: usize, level: Level, seed: u64) -> Sudoku {
    common::generated(&common::generate_options(variant, n, level, seed)).puzzle
}

/// Seeds per case: `LOGIC_SEEDS` (default `default`), for runs over thousands of puzzles.
fn seeds(default: u64) -> u64 {
    std::env::var("LOGIC_SEEDS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(default)
}

#[test]
fn steps_agree_with_the_solution_on_generated_puzzles() {
    let mut counts = std::collections::BTreeMap::new();
    let mut puzzles = 0;
    // Each case's levels up to its hardest (at 4x4 every puzzle is easy; harder ones at
    // 16x16 and in Samurai take seconds each to make); expert puzzles, ten times slower to
    // make than the others (a minimal puzzle, then givens back), from a fifth of the seeds.
    let cases: &[(Variant, usize, u64, Level)] = &[
        (Variant::Classic, 9, seeds(20), Level::Diabolical),
        (Variant::Classic, 4, seeds(160), Level::Easy),
        (Variant::Classic, 6, seeds(15), Level::Diabolical),
        (Variant::Classic, 8, seeds(4), Level::Diabolical),
        (Variant::Classic, 12, seeds(1).min(10), Level::Diabolical),
        (Variant::Classic, 16, seeds(1).min(3), Level::Hard),
        (Variant::X, 9, seeds(6), Level::Diabolical),
        (Variant::Windoku, 9, seeds(6), Level::Diabolical),
        (Variant::Jigsaw, 9, seeds(6), Level::Diabolical),
        (Variant::X, 6, seeds(15), Level::Diabolical),
        (Variant::Jigsaw, 6, seeds(15), Level::Diabolical),
        (Variant::Samurai, 9, seeds(1).min(2), Level::Hard),
    ];
    for &(variant, n, count, hardest) in cases {
        let (mut solved, mut made, start) = (0, 0, std::time::Instant::now());
        for level in Level::ALL.into_iter().filter(|&l| l <= hardest) {
            let count = if level == Level::Expert {
                count.div_ceil(5)
            } else {
                count
            };
            for seed in 0..count {
                let path = check_path(&generated(variant, n, level, seed));
                puzzles += 1;
                made += 1;
                solved += usize::from(path.solved);
                for step in &path.steps {
                    *counts.entry(step.technique).or_insert(0) += 1;
                }
            }
        }
        println!(
            "{variant} {n}x{n}: {solved} of {made} solved by logic alone ({:.1} s)",
            start.elapsed().as_secs_f64()
        );
    }
    println!("{puzzles} puzzles: {counts:?}");
}

#[test]
fn graded_puzzles_have_their_level_and_are_reproducible() {
    for level in Level::ALL {
        let mut solved = 0;
        let count = seeds(8);
        for seed in 0..count {
            let g = common::generated(&common::generate_options(Variant::Classic, 9, level, seed));
            assert_eq!(g.grade.level, level, "seed {seed}: {:?}", g.grade);
            assert_eq!(g.puzzle.grade().unwrap(), g.grade);
            if seed == 0 {
                // Made again, from the default options (the classic 9x9): the same puzzle.
                let options = GenerateOptions {
                    seed,
                    level,
                    ..Default::default()
                };
                assert_eq!(generate(&options).unwrap().puzzle, g.puzzle);
            }
            let path = check_path(&g.puzzle);
            solved += usize::from(path.solved);
        }
        println!("{level}: {solved} of {count} solved by logic alone");
    }
    // Other layouts by level too.
    for (variant, n) in [(Variant::X, 9), (Variant::Jigsaw, 9), (Variant::Classic, 6)] {
        let g = common::generated(&common::generate_options(variant, n, Level::Medium, 3));
        check_path(&g.puzzle);
        assert!(g.grade.level <= Level::Medium, "{variant}: {:?}", g.grade);
    }
}

#[test]
fn steps_agree_with_the_solution_on_the_hard_sets() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/sudoku/counted_puzzles.txt"
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

/// Chains and forcing chains above 16x16: a 20x20 puzzle whose path needs them (its file
/// says how it was made) is solved by logic, every step checked against the solution. Its
/// contradictions and forcing chains are of whichever of Sudoku Explainer's classes
/// (Nishio and static chains, or dynamic ones: nets of singles) finds them first.
#[test]
fn chains_and_forcing_chains_solve_a_20x20_puzzle() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/sudoku/big_20x20_diabolical.txt"
    ))
    .unwrap();
    let line = text.lines().find(|l| !l.starts_with('#')).unwrap();
    let puzzle = parse(line);
    assert_eq!(puzzle.layout().dimensions(), (20, 20));
    let path = check_path(&puzzle);
    assert!(path.solved, "logic alone solves it");
    let uses = |t: Technique| path.steps.iter().filter(|s| s.technique == t).count();
    assert!(uses(Technique::ContradictionChain) + uses(Technique::ContradictionNet) > 0);
    assert!(uses(Technique::ForcingChain) + uses(Technique::ForcingNet) > 0);
    assert!(uses(Technique::Aic) + uses(Technique::XChain) + uses(Technique::XyChain) > 0);
}

/// Generation time per level, natively: `cargo test --profile ci -p dlx-sudoku --test sudoku_tests --
/// sudoku_logic::generation_times --ignored --nocapture`. `GRADED_COUNT` seeds per level (20),
/// `GRADED_SIZES` the sizes (`9`; e.g. `6,9,12,16`), `GRADED_LEVELS` the levels (all).
#[test]
#[ignore]
fn generation_times() {
    let env = |key: &str, default: &str| std::env::var(key).unwrap_or_else(|_| default.into());
    let count: u64 = env("GRADED_COUNT", "20").parse().unwrap();
    let sizes: Vec<usize> = env("GRADED_SIZES", "9")
        .split(',')
        .map(|s| s.trim().parse().unwrap())
        .collect();
    let levels: Vec<Level> = match std::env::var("GRADED_LEVELS") {
        Ok(list) => list.split(',').map(|s| s.trim().parse().unwrap()).collect(),
        Err(_) => Level::ALL.to_vec(),
    };
    for &n in &sizes {
        for &level in &levels {
            let mut times = Vec::new();
            let mut hits = 0;
            for seed in 0..count {
                let start = std::time::Instant::now();
                let g = generate(&GenerateOptions {
                    puzzle: Options {
                        size: Some(n),
                        ..Options::default()
                    },
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
                "{n}x{n} {level}: {hits}/{count} on level, median {:.0} ms, p95 {:.0} ms, max {:.0} ms",
                p(0.5),
                p(0.95),
                p(1.0)
            );
        }
    }
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
/// `cargo test --profile ci -p dlx-sudoku --test sudoku_tests -- se_calibration --ignored --nocapture`.
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
        let grade = dlx_sudoku::Grade::of_path(&path);
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

/// What grading costs: `Sudoku::grade` (what `rate_sudoku` runs) timed on each puzzle of a
/// file in the Sudoku Exchange bank's format (see `se_calibration`; `SE_BANK`), median and
/// 99th percentile, and the verdict alone (the check that the puzzle has exactly one
/// solution, which grading starts from). Run with
/// `SE_BANK=../shared/data/sudoku/se/diabolical.sample.txt cargo test --profile ci --test
/// native -- sudoku_logic::grade_times --ignored --nocapture`.
#[test]
#[ignore]
fn grade_times() {
    let Ok(path) = std::env::var("SE_BANK") else {
        println!("SE_BANK is not set: nothing to time");
        return;
    };
    let text = std::fs::read_to_string(&path).expect("SE_BANK file");
    let puzzles: Vec<Sudoku> = text
        .lines()
        .filter_map(|line| line.split_whitespace().nth(1))
        .map(parse)
        .collect();
    let time = |f: &dyn Fn(&Sudoku)| {
        let mut micros: Vec<f64> = puzzles
            .iter()
            .map(|puzzle| {
                let start = std::time::Instant::now();
                f(puzzle);
                start.elapsed().as_secs_f64() * 1e6
            })
            .collect();
        micros.sort_by(f64::total_cmp);
        let at = |q: f64| micros[((micros.len() - 1) as f64 * q).round() as usize];
        (
            at(0.5),
            at(0.99),
            micros.iter().sum::<f64>() / micros.len() as f64,
        )
    };
    for round in 1..=3 {
        let (median, p99, mean) = time(&|p| {
            p.grade().expect("graded");
        });
        println!(
            "round {round}: grade of {} puzzles: median {median:.0} µs, p99 {p99:.0} µs, mean {mean:.0} µs",
            puzzles.len()
        );
        let (median, p99, mean) = time(&|p| {
            assert!(dlx_sudoku::Verdict::of(p).expect("valid").is_unique());
        });
        println!("round {round}: the verdict alone: median {median:.1} µs, p99 {p99:.1} µs, mean {mean:.1} µs");
    }
}

/// Prints, for each technique, the first generated puzzle whose path uses it and that
/// step: how the table of `each_technique_on_a_known_puzzle` was made.
#[test]
#[ignore]
fn find_examples() {
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..400 {
        for level in [Level::Hard, Level::Expert, Level::Diabolical] {
            let g = generate(&GenerateOptions {
                seed,
                level,
                ..Default::default()
            })
            .unwrap();
            let path = g.puzzle.solve_path().unwrap();
            for (k, step) in path.steps.iter().enumerate() {
                if step.technique != Technique::HiddenSingle && seen.insert(step.technique) {
                    println!(
                        "({:?}, \"{}\", {k}, {:?}, {:?}),",
                        step.technique,
                        g.puzzle.to_line(),
                        step.eliminations
                            .iter()
                            .map(|e| (e.cell, e.value))
                            .collect::<Vec<_>>(),
                        step.placement.map(|p| (p.cell, p.value))
                    );
                }
            }
        }
        if seen.len() >= 22 {
            break;
        }
    }
    let counted = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/sudoku/counted_puzzles.txt"
    ))
    .unwrap();
    let mut lines: Vec<String> = counted
        .lines()
        .filter(|l| l.split(':').nth(1) == Some("1"))
        .filter_map(|l| l.split(':').next())
        .map(String::from)
        .collect();
    if let Ok(path) = std::env::var("SE_BANK") {
        let text = std::fs::read_to_string(path).unwrap();
        lines.extend(
            text.lines()
                .filter_map(|l| l.split_whitespace().nth(1))
                .map(String::from),
        );
    }
    for line in lines {
        let puzzle = parse(&line);
        let path = puzzle.solve_path().unwrap();
        for (k, step) in path.steps.iter().enumerate() {
            if seen.insert(step.technique) {
                println!(
                    "({:?}, \"{}\", {k}, {:?}, {:?}),",
                    step.technique,
                    puzzle.to_line(),
                    step.eliminations
                        .iter()
                        .map(|e| (e.cell, e.value))
                        .collect::<Vec<_>>(),
                    step.placement.map(|p| (p.cell, p.value))
                );
            }
        }
    }
}

type Example = (
    Technique,
    &'static str,
    usize,
    &'static [(usize, u8)],
    Option<(usize, u8)>,
);

/// For each technique, a puzzle whose solving path uses it at step `k`, with the
/// eliminations (cell, value) or placement that step must make. Found by `find_examples`
/// among generated puzzles and the repo's own data; each is checked against the solution.
/// Hidden quads and forcing chains, rarer, have constructed positions in the unit tests of
/// `crates/dlx-sudoku/src/logic/tests.rs`.
const EXAMPLES: &[Example] = &[
    (
        Technique::NakedSingle,
        "..2.9...5...5..4.83..7.......32...8.....6.2...1687..5...............59.794...1...",
        27,
        &[],
        Some((11, 9)),
    ),
    (
        Technique::LockedCandidates,
        "..2.9...5...5..4.83..7.......32...8.....6.2...1687..5...............59.794...1...",
        13,
        &[(61, 3), (70, 3), (79, 3)],
        None,
    ),
    (
        Technique::NakedPair,
        "..2.9...5...5..4.83..7.......32...8.....6.2...1687..5...............59.794...1...",
        20,
        &[(0, 6), (0, 8), (7, 6)],
        None,
    ),
    (
        Technique::HiddenPair,
        "..2.9...5...5..4.83..7.......32...8.....6.2...1687..5...............59.794...1...",
        22,
        &[(55, 5), (55, 6), (64, 6), (64, 8)],
        None,
    ),
    (
        Technique::NakedTriple,
        "..2.9...5...5..4.83..7.......32...8.....6.2...1687..5...............59.794...1...",
        25,
        &[(36, 4), (63, 1)],
        None,
    ),
    (
        Technique::XyWing,
        "..2.9...5...5..4.83..7.......32...8.....6.2...1687..5...............59.794...1...",
        29,
        &[(9, 1)],
        None,
    ),
    (
        Technique::WWing,
        "7....58.1..2.84...6......9.12.3.8....8..5..7....4.1.82.6......8...14.3..2.78....5",
        32,
        &[(7, 6)],
        None,
    ),
    (
        Technique::AlsWing,
        "....4.....2.6.9.1...63.87...5..9..2...8...3..93.....74.8.5.2.4..43...26.5.......3",
        28,
        &[(40, 1), (75, 1)],
        None,
    ),
    (
        Technique::UniqueRectangle1,
        "9....2..6.48......2......5.....7...9.6........1236........154..8.4..6...5..9.7.6.",
        26,
        &[(21, 1), (21, 4)],
        None,
    ),
    (
        Technique::XChain,
        "...5.6.......1....18.473.65...1.7...8...6...23...8...4.........69.7.1.83..59487..",
        23,
        &[(10, 2), (11, 2)],
        None,
    ),
    (
        Technique::XyChain,
        ".3.7..1...6..9..744.78..3......7.4.2.2.9.1.5.7.3.2......6..82.934..5..8...2..7.4.",
        26,
        &[(27, 1)],
        None,
    ),
    (
        Technique::XyzWing,
        "....67....9......8.51...3.6...9.1..35.7......4....5.6...61........849.5.........9",
        36,
        &[(78, 8)],
        None,
    ),
    (
        Technique::UniqueRectangle2,
        "....67....9......8.51...3.6...9.1..35.7......4....5.6...61........849.5.........9",
        37,
        &[(40, 8), (51, 8)],
        None,
    ),
    (
        Technique::XWing,
        ".7..9..4.14.2.8.379...1...8.8.....9.2.1.4.6.34.......1.1.....2....629...7...8...9",
        15,
        &[(2, 6), (5, 6)],
        None,
    ),
    (
        Technique::Aic,
        ".7..9..4.14.2.8.379...1...8.8.....9.2.1.4.6.34.......1.1.....2....629...7...8...9",
        14,
        &[(27, 6)],
        None,
    ),
    (
        // 3D Medusa at the AIC's rating, ahead of it: 8 in r6c1 is one colour, and 9 in
        // r6c1 and 8 in r9c1 each see both colours.
        Technique::Medusa,
        ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.",
        27,
        &[(45, 9), (72, 8)],
        None,
    ),
    (
        Technique::UniqueRectangle4,
        "........9.8.17.3.4.7...9.2....5.1...52.......6..83.9..3....8.71...........9...482",
        38,
        &[(41, 4), (68, 4)],
        None,
    ),
    (
        Technique::HiddenTriple,
        ".....3...6.....1..2981.....76.2....8....4..7......524..2..3.5...136....7.....4...",
        19,
        &[
            (76, 5),
            (76, 8),
            (76, 9),
            (79, 6),
            (79, 8),
            (79, 9),
            (80, 6),
            (80, 9),
        ],
        None,
    ),
    (
        Technique::BugPlusOne,
        ".3.2....4.....45....1.5..9.6....59..92...7..8..7.3.6...1.4.2.5...6.98............",
        40,
        &[],
        Some((7, 1)),
    ),
    (
        Technique::Swordfish,
        "37...6....96.1.8.5.............5....98....1.6...48...........24.1..3.96.8...7..3.",
        32,
        &[(18, 4)],
        None,
    ),
    (
        // Sudoku Explainer's Nishio (7.5 and its length bonus): 9 in r5c7 leaves column 5
        // no place for 9 by 9's hidden singles alone. (Puzzles of the SE-rated sample.)
        Technique::ContradictionChain,
        "250010046800005002000900000040030600600501004008060010000002000400300007320070065",
        8,
        &[(42, 9)],
        None,
    ),
    (
        // SE's static multiple forcing chain (8.0 and its bonus): each of r7c6's three
        // candidates rules out 6 in r9c6 along links the grid has before the assumption.
        Technique::ForcingChain,
        "700040006000759000900801003000524000030000020400000007501000208080000010209000304",
        26,
        &[(77, 6)],
        None,
    ),
    (
        // SE's dynamic forcing chain (8.5 and its bonus): 9 in r3c2 leaves box 6 no place
        // for 1, by singles on the grid as the assumption changes it.
        Technique::ContradictionNet,
        "006401500300509001000030000205000703030040020670000058060907080000050000002304900",
        9,
        &[(19, 9)],
        None,
    ),
    (
        // r1c3 is 9, or r1c7 is, so 9 is in neither r8c7 nor r9c7 (box 9's places in column
        // 7), so in r7c8 or r7c9 (a group in row 7), so not in r7c1, so in r4c1 or r6c1 (a
        // group in column 1): r4c3 sees both ends (r5c3's 9 went to a Nishio at step 9).
        Technique::GroupedXChain,
        "25..1..468....5..2...9......4..3.6..6..5.1..4..8.6..1......2...4..3....732..7..65",
        17,
        &[(29, 9)],
        None,
    ),
    (
        Technique::AlsXz,
        "...2.4...3..869..1.........564...123..2...8..7...4...58..1.5..9.5.....8.....2....",
        21,
        &[(15, 7)],
        None,
    ),
    (
        Technique::UniqueRectangle3,
        "5.3.........4...9.28.59....31...64....6.7.3.......9.7....7..64..7.6....8........1",
        38,
        &[(74, 5)],
        None,
    ),
    (
        Technique::NakedQuad,
        "......39.8.54...7....2...41.24....3..........7638.......675.2.9.....6....1..9....",
        21,
        &[(40, 6), (40, 7), (41, 5), (41, 7), (50, 5)],
        None,
    ),
    (
        Technique::Jellyfish,
        "..1.352.8.95.21...7.......524.8....6.3...48.2....9......4.......8..4...33.....1..",
        32,
        &[(59, 7)],
        None,
    ),
    (
        // The elimination an X-chain made here before finned fish (X-chains come at 6.6).
        Technique::FinnedXWing,
        "..3..1...984........1.6........2..68...38..74...........7.1.5...6..37..2..5..96..",
        29,
        &[(21, 2)],
        None,
    ),
    (
        Technique::SashimiXWing,
        "....67....9......8.51...3.6...9.1..35.7......4....5.6...61........849.5.........9",
        33,
        &[(55, 2)],
        None,
    ),
    (
        Technique::FinnedSwordfish,
        ".7..9..4.14.2.8.379...1...8.8.....9.2.1.4.6.34.......1.1.....2....629...7...8...9",
        13,
        &[(31, 6)],
        None,
    ),
    (
        Technique::FinnedJellyfish,
        ".7..9..4.14.2.8.379...1...8.8.....9.2.1.4.6.34.......1.1.....2....629...7...8...9",
        27,
        &[(49, 5)],
        None,
    ),
];

#[test]
fn each_technique_on_a_known_puzzle() {
    for &(technique, line, k, eliminations, placement) in EXAMPLES {
        let puzzle = parse(line);
        let path = check_path(&puzzle);
        let step = &path.steps[k];
        assert_eq!(
            step.technique, technique,
            "{line} step {k}: {}",
            step.reason
        );
        let got: Vec<(usize, u8)> = step
            .eliminations
            .iter()
            .map(|e| (e.cell, e.value))
            .collect();
        assert_eq!(got, eliminations, "{technique}: {}", step.reason);
        assert_eq!(
            step.placement.map(|p| (p.cell, p.value)),
            placement,
            "{technique}"
        );
        assert!(!step.cells.is_empty() && !step.reason.is_empty());
        println!("{technique} ({:.1}): {}", step.score, step.reason);
    }
}

#[test]
fn next_step_follows_entries_and_pencil_marks() {
    let (_, line, ..) = EXAMPLES[12]; // a path well past singles (the unique-rectangle example)
    let puzzle = parse(line);
    let solution = puzzle.unique_solution().unwrap().unwrap();
    let path = puzzle.solve_path().unwrap();
    // From the givens alone, the hint is the path's first step.
    assert_eq!(
        puzzle.next_step(&puzzle, None).unwrap().as_ref(),
        Some(&path.steps[0])
    );
    // A wrong entry is corrected first.
    let cell = puzzle.values().iter().position(|&v| v == 0).unwrap();
    let mut entries = puzzle.values().to_vec();
    entries[cell] = solution.values()[cell] % 9 + 1;
    let entries = Sudoku::new(std::sync::Arc::clone(puzzle.shared_layout()), entries).unwrap();
    if entries.validate().is_ok() {
        let step = puzzle.next_step(&entries, None).unwrap().unwrap();
        assert_eq!(step.technique, Technique::WrongEntry);
        assert_eq!(
            step.placement.map(|p| (p.cell, p.value)),
            Some((cell, solution.values()[cell]))
        );
    }
    // Marks that leave out the true value are pointed out.
    let mut marks = vec![0u32; 81];
    marks[cell] = 0x1FF & !(1 << (solution.values()[cell] - 1));
    let step = puzzle.next_step(&puzzle, Some(&marks)).unwrap().unwrap();
    assert_eq!(step.technique, Technique::MissingCandidate);
    assert_eq!(step.candidates[0].cell, cell);
    // Marks of the solution's value alone make that cell a naked single at once.
    marks[cell] = 1 << (solution.values()[cell] - 1);
    let step = puzzle.next_step(&puzzle, Some(&marks)).unwrap().unwrap();
    assert!(step.placement.is_some(), "{}", step.reason);
    // Bad marks are errors, not panics.
    assert_eq!(
        puzzle.next_step(&puzzle, Some(&[0; 3])).unwrap_err().code(),
        "invalid_argument"
    );
    assert_eq!(
        puzzle
            .next_step(&puzzle, Some(&[1 << 9; 81]))
            .unwrap_err()
            .code(),
        "invalid_argument"
    );
    // Playing hint after hint from the givens reaches the solution.
    let mut grid = puzzle.clone();
    let mut marks: Vec<u32> = vec![0; 81];
    let candidates = puzzle.candidates().unwrap();
    for (c, m) in marks.iter_mut().enumerate() {
        *m = candidates.mask(c);
    }
    while let Some(step) = puzzle.next_step(&grid, Some(&marks)).unwrap() {
        assert!(!matches!(
            step.technique,
            Technique::WrongEntry | Technique::MissingCandidate | Technique::Reveal
        ));
        for e in &step.eliminations {
            marks[e.cell] &= !(1 << (e.value - 1));
        }
        if let Some(p) = step.placement {
            let mut values = grid.values().to_vec();
            values[p.cell] = p.value;
            grid = Sudoku::new(std::sync::Arc::clone(puzzle.shared_layout()), values).unwrap();
            let same = |a: usize, b: usize| {
                a / 9 == b / 9 || a % 9 == b % 9 || (a / 27 == b / 27 && a % 9 / 3 == b % 9 / 3)
            };
            for (peer, mark) in marks.iter_mut().enumerate() {
                if same(peer, p.cell) {
                    *mark &= !(1 << (p.value - 1));
                }
            }
        }
    }
    assert_eq!(grid.values(), solution.values());
}

/// Puzzles without exactly one solution, with their counts: `tests/data/sudoku/not_unique.txt`
/// (one with none, one with exactly two), the lines of `counted_puzzles.txt` with none or
/// several, and the empty grid.
fn not_unique() -> Vec<(Sudoku, u64)> {
    let mut puzzles = Vec::new();
    for text in [
        include_str!("../../../tests/data/sudoku/not_unique.txt"),
        include_str!("../../../tests/data/sudoku/counted_puzzles.txt"),
    ] {
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let mut fields = line.split(':');
            let (Some(puzzle), Some(count)) = (fields.next(), fields.next()) else {
                panic!("not `puzzle:count`: {line}");
            };
            let count: u64 = count.parse().expect("a count");
            if count != 1 {
                puzzles.push((parse(puzzle), count));
            }
        }
    }
    puzzles.push((parse(&".".repeat(81)), u64::MAX));
    puzzles
}

#[test]
fn only_a_puzzle_with_one_solution_is_graded_hinted_or_given_a_path() {
    use dlx_sudoku::{SudokuError, Verdict};
    let puzzles = not_unique();
    assert!(puzzles.iter().any(|&(_, count)| count == 0));
    assert!(puzzles.iter().any(|&(_, count)| count == 2));
    for (puzzle, count) in &puzzles {
        // The counts the file says, by the engine.
        assert_eq!(
            puzzle.count_solutions(1_000).unwrap(),
            (*count).min(1_000),
            "{puzzle}"
        );
        let (verdict, expected) = if *count == 0 {
            (Verdict::NoSolution, SudokuError::NoSolution)
        } else {
            (
                Verdict::Several { found: 2 },
                SudokuError::MultipleSolutions { found: 2 },
            )
        };
        assert_eq!(Verdict::of(puzzle).unwrap(), verdict, "{puzzle}");
        assert_eq!(puzzle.unique_solution().unwrap(), None);
        assert!(!puzzle.is_unique().unwrap());
        // The logical grade (rate_sudoku), the path and both hints: the same error.
        assert_eq!(puzzle.grade().unwrap_err(), expected, "{puzzle}");
        assert_eq!(puzzle.solve_path().unwrap_err(), expected, "{puzzle}");
        assert_eq!(puzzle.next_step(puzzle, None).unwrap_err(), expected);
        assert_eq!(puzzle.hint(puzzle).unwrap_err(), expected);
        let marks = vec![0x1FF; 81];
        assert_eq!(
            puzzle.next_step(puzzle, Some(&marks)).unwrap_err(),
            expected
        );
    }
    let error = SudokuError::MultipleSolutions { found: 2 };
    assert_eq!(error.code(), "multiple_solutions");
    assert_eq!(
        error.to_string(),
        "this puzzle has more than one solution (at least 2): a logical grade needs a unique one"
    );
    assert_eq!(SudokuError::NoSolution.code(), "no_solution");

    // The puzzle with no solution is the one whose path used to place wrong symbols: no
    // path, and no "logical" step.
    let (none, _) = &puzzles[0];
    assert_eq!(
        none.to_line(),
        format!("123456...{}{}", "......78.", ".".repeat(63))
    );
    // Conflicting givens are still named as such, before any verdict.
    let conflicting = parse(&format!("11{}", ".".repeat(79)));
    for error in [
        conflicting.grade().unwrap_err(),
        conflicting.solve_path().unwrap_err(),
        conflicting.next_step(&conflicting, None).unwrap_err(),
        Verdict::of(&conflicting).unwrap_err(),
    ] {
        let SudokuError::ConflictingGivens { conflicts } = error else {
            panic!("conflicting givens: {error}");
        };
        assert_eq!(conflicts.len(), 1);
    }
    // A unique puzzle: its verdict holds its solution, which the path reaches.
    let (_, line, ..) = EXAMPLES[12];
    let puzzle = parse(line);
    let Verdict::Unique(solution) = Verdict::of(&puzzle).unwrap() else {
        panic!("one solution");
    };
    assert_eq!(Some(&solution), puzzle.unique_solution().unwrap().as_ref());
    let path = puzzle.solve_path().unwrap();
    assert!(path.solved && path.unique);
    assert_eq!(path.grid, solution);
}

/// Every technique has a title a player reads, each its own.
#[test]
fn every_technique_has_its_own_title() {
    let titles: std::collections::HashSet<&str> =
        Technique::ALL.iter().map(|t| t.title()).collect();
    assert_eq!(titles.len(), Technique::ALL.len());
    // Capitalised, or a name that starts with a figure ("3D Medusa").
    assert!(titles
        .iter()
        .all(|t| t.starts_with(|c: char| c.is_uppercase() || c.is_ascii_digit())));
    assert_eq!(Technique::XWing.title(), "X-Wing");
}
