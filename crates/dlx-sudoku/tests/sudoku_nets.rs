//! Forcing nets (Sudoku Explainer's dynamic chains) on the hardest puzzles: Arto Inkala's
//! "world's hardest" puzzle and samples of the forum's hardest lists get a logical path to
//! the end, every step checked against the solution; the hint takes the path's first step;
//! and every contradiction or forcing chain or net carries each branch's implications as
//! links that hold in the grid it was found on.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::common::sees;

use dlx_sudoku::{
    Candidate, Contradiction, Grade, Layout, Role, SolvePath, Step, Sudoku, Technique,
};

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn parse(line: &str) -> Sudoku {
    line.parse().expect("a valid puzzle")
}

/// The candidate grid a path's steps are taken on: the puzzle's candidates, then each
/// step's eliminations and placement.
struct Replay {
    values: Vec<u8>,
    cand: Vec<u32>,
}

impl Replay {
    fn new(puzzle: &Sudoku) -> Replay {
        let candidates = puzzle.candidates().expect("valid");
        Replay {
            values: puzzle.values().to_vec(),
            cand: (0..puzzle.values().len())
                .map(|c| candidates.mask(c))
                .collect(),
        }
    }

    fn has(&self, cell: usize, v: u8) -> bool {
        self.cand[cell] & (1 << (v - 1)) != 0
    }

    fn apply(&mut self, layout: &Layout, step: &Step) {
        for e in &step.eliminations {
            self.cand[e.cell] &= !(1 << (e.value - 1));
        }
        if let Some(p) = step.placement {
            self.values[p.cell] = p.value;
            self.cand[p.cell] = 0;
            for peer in 0..self.values.len() {
                if sees(layout, p.cell, peer) {
                    self.cand[peer] &= !(1 << (p.value - 1));
                }
            }
        }
    }
}

/// Checks a path step by step against the solution (what `sudoku_se.rs`'s `grade` checks:
/// no true candidate removed, no wrong placement), that each step does something, that the
/// path solves the puzzle, and the links of every contradiction or forcing chain or net
/// (see [`check_links`]).
fn check_path(puzzle: &Sudoku, path: &SolvePath) {
    let solution = puzzle.unique_solution().unwrap().expect("unique");
    let solution = solution.values();
    let layout = puzzle.layout();
    let mut replay = Replay::new(puzzle);
    for step in &path.steps {
        for e in &step.eliminations {
            assert_ne!(
                solution[e.cell], e.value,
                "{puzzle}: {} removes a true candidate: {}",
                step.technique, step.reason
            );
        }
        if let Some(p) = step.placement {
            assert_eq!(
                solution[p.cell], p.value,
                "{puzzle}: {} places wrongly: {}",
                step.technique, step.reason
            );
        }
        assert!(step.placement.is_some() || !step.eliminations.is_empty());
        if matches!(
            step.technique,
            Technique::ContradictionChain
                | Technique::ForcingChain
                | Technique::ContradictionNet
                | Technique::ForcingNet
        ) {
            check_links(layout, &replay, step);
        }
        replay.apply(layout, step);
    }
    assert!(
        path.solved,
        "{puzzle}: the path stops after {} steps",
        path.steps.len()
    );
    assert_eq!(path.grid.values(), solution);
}

/// The links of a contradiction or forcing chain or net, on the grid `before` it: each
/// link joins two candidates of that grid that a single or a rule connects (one cell, or
/// one symbol in two cells that share a region); each source starts some link; and the
/// links reach the conclusion: every candidate of the cell, or every place of the symbol,
/// that the contradiction leaves empty, or the placement, or each elimination, is the end
/// of a link (strong to a candidate turned on, weak to one turned off), or the start of a
/// nested chain that refutes it.
fn check_links(layout: &Layout, before: &Replay, step: &Step) {
    let why = &step.reason;
    assert!(!step.links.is_empty(), "no links: {why}");
    for link in &step.links {
        let (a, b) = (link.from, link.to);
        assert!(
            before.has(a.cell, a.value),
            "{a:?} is not a candidate: {why}"
        );
        assert!(
            before.has(b.cell, b.value),
            "{b:?} is not a candidate: {why}"
        );
        let same_cell = a.cell == b.cell && a.value != b.value;
        let same_symbol = a.value == b.value && sees(layout, a.cell, b.cell);
        assert!(same_cell || same_symbol, "{link:?} joins nothing: {why}");
    }
    for source in step.roles.iter().filter(|p| p.role == Role::Source) {
        assert!(
            step.links.iter().any(|l| l.from == source.candidate),
            "{source:?} starts no link: {why}"
        );
    }
    let reached = |c: Candidate, on: bool| {
        step.links
            .iter()
            .any(|l| (l.to == c && l.strong == on) || (!on && l.from == c))
    };
    match (step.contradiction, step.placement) {
        (Some(Contradiction::Cell(x)), _) => {
            for v in 1..=9 {
                let c = Candidate { cell: x, value: v };
                assert!(
                    !before.has(x, v) || reached(c, false),
                    "{c:?} not reached: {why}"
                );
            }
        }
        (Some(Contradiction::House(region, v)), _) => {
            let r = (0..layout.region_count())
                .find(|&r| layout.region_name(r) == region)
                .expect("the region");
            for &cell in layout.region_cells(r) {
                let c = Candidate {
                    cell: cell as usize,
                    value: v,
                };
                assert!(
                    !before.has(c.cell, v) || reached(c, false),
                    "{c:?} not reached: {why}"
                );
            }
        }
        (None, Some(p)) => assert!(reached(p, true), "{p:?} not reached: {why}"),
        (None, None) => {
            for &e in &step.eliminations {
                assert!(reached(e, false), "{e:?} not reached: {why}");
            }
        }
    }
}

/// The step a hint gives on the bare puzzle: `sudoku_hint` with no entries and no marks.
fn first_hint(puzzle: &Sudoku) -> Step {
    hint_with(puzzle, None)
}

/// The hint on `puzzle` with no entries and the candidates `marks` (a bit per symbol, per
/// cell) or, without, those the givens leave.
fn hint_with(puzzle: &Sudoku, marks: Option<&[u32]>) -> Step {
    let empty = Sudoku::new(
        Arc::clone(puzzle.shared_layout()),
        vec![0; puzzle.values().len()],
    )
    .expect("empty entries");
    puzzle
        .next_step(&empty, marks)
        .expect("unique")
        .expect("not full")
}

/// [`check_links`] of `step`, a hint on `puzzle` with no entries and the candidates `marks`
/// ([`hint_with`]).
fn check_links_on_marks(puzzle: &Sudoku, marks: &[u32], step: &Step) {
    let before = Replay {
        values: puzzle.values().to_vec(),
        cand: marks.to_vec(),
    };
    check_links(puzzle.layout(), &before, step);
}

/// Each technique of a path with its number of steps.
fn counts(path: &SolvePath) -> BTreeMap<&'static str, usize> {
    let mut counts = BTreeMap::new();
    for step in &path.steps {
        *counts.entry(step.technique.name()).or_default() += 1;
    }
    counts
}

/// Inkala's puzzle, which no technique below forcing nets touches, gets a logical path to
/// the end; the first hint is its first step, a forcing net, not a revealed cell; the grade
/// agrees with the path; its nets score as Sudoku Explainer's rules give (see
/// [`check_net_scores`]).
#[test]
fn inkalas_puzzle_gets_a_logical_path() {
    let puzzle = parse(INKALA);
    let path = puzzle.solve_path().unwrap();
    check_path(&puzzle, &path);
    check_net_scores(&puzzle, &path);
    let grade = Grade::of_path(&path);
    println!(
        "Inkala: {} steps, hardest {:.1} ({:?}): {:?}",
        path.steps.len(),
        grade.score,
        grade.hardest,
        counts(&path)
    );
    let first = &path.steps[0];
    assert!(
        matches!(
            first.technique,
            Technique::ContradictionNet | Technique::ForcingNet
        ),
        "{}",
        first.reason
    );
    assert!(first.score >= 9.0, "{}", first.score);
    assert_eq!(&first_hint(&puzzle), first);
    assert_eq!(puzzle.grade().unwrap(), grade);
    assert!(grade.solved && grade.score >= 9.0 && grade.score < dlx_sudoku::UNSOLVED_SCORE);
}

/// The hardest puzzles known: every `every`-th puzzle of a vendored sample of the forum's
/// lists.
fn hardest(file: &str, every: usize) -> Vec<Sudoku> {
    crate::common::fixture_lines(file)
        .iter()
        .step_by(every)
        .map(|l| parse(l))
        .collect()
}

/// Sudoku Explainer's length bonus as its source lists it (SukakuExplainer,
/// `diuf/sudoku/solver/rules/chaining/ChainingHint.java`, the table in
/// `getLengthDifficulty`): a tenth for each of these a chain's complexity exceeds.
const SE_LENGTH_STEPS: [usize; 23] = [
    4, 6, 8, 12, 16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 1536, 2048, 3072,
    4096, 6144, 8192,
];

/// Sudoku Explainer's base for a dynamic chain of the nesting level a net's reason names
/// by the last rule it lists (SukakuExplainer, `Chaining.getDifficulty`: 8.5 + 0.5 x
/// level, level 0 with singles alone, 1 with locked candidates, pairs and X-Wings, 2
/// adding chains, 3 forcing chains, 4 contradiction (dynamic) chains, 5 the nets of level 2).
fn se_net_base(reason: &str) -> f64 {
    if reason.contains("and forcing nets") {
        11.0
    } else if reason.contains("and contradiction chains") {
        10.5
    } else if reason.contains("and forcing chains") {
        10.0
    } else if reason.contains("and chains") {
        9.5
    } else if reason.contains("locked candidates") {
        9.0
    } else {
        8.5
    }
}

/// Every net of `path` scores at least Sudoku Explainer's base for its level plus SE's
/// length bonus for the candidates its links (its own and its nested chains') join, less
/// 2 as SE's bonus takes its complexity: SE's complexity counts each of them at least once
/// (each is an ancestor of a target, or a node of a nested chain, whose complexity SE
/// adds); or, higher, just below `UNSOLVED_SCORE`, where our scores stop.
fn check_net_scores(puzzle: &Sudoku, path: &SolvePath) {
    for step in &path.steps {
        if !matches!(
            step.technique,
            Technique::ContradictionNet | Technique::ForcingNet
        ) {
            continue;
        }
        let mut joined: Vec<Candidate> = step.links.iter().flat_map(|l| [l.from, l.to]).collect();
        joined.sort_by_key(|c| (c.cell, c.value));
        joined.dedup();
        let bonus = SE_LENGTH_STEPS
            .iter()
            .filter(|&&s| joined.len().saturating_sub(2) > s)
            .count() as f64
            * 0.1;
        let least = (se_net_base(&step.reason) + bonus).min(dlx_sudoku::UNSOLVED_SCORE - 0.1);
        assert!(
            step.score >= least - 1e-9,
            "{puzzle}: {} joins {} candidates, scores {} < {least}: {}",
            step.technique,
            joined.len(),
            step.score,
            step.reason
        );
    }
}

/// One verdict on the hardest puzzles: on a sample of each list, the path solves every
/// puzzle with every step checked, the rating is the path's, and the first hint on the
/// bare puzzle is the path's first step. The grades follow Sudoku Explainer's: every net
/// scores at least SE's base and length bonus for the candidates its links join, and the
/// puzzles of the 1905 list, all rated 11.0 or more by SE (the list's criterion), grade
/// 11.0 or more.
#[test]
fn the_hardest_puzzles_get_a_path_and_the_hint_takes_its_first_step() {
    let mut techniques: BTreeMap<&'static str, usize> = BTreeMap::new();
    let mut scores = Vec::new();
    for (file, every, se_least) in [
        ("puzzles6_forum_hardest_1106.sample", 128, 9.0),
        ("puzzles5_forum_hardest_1905_11+.sample", 128, 11.0),
    ] {
        for puzzle in hardest(file, every) {
            let path = crate::common::path(&puzzle);
            check_path(&puzzle, &path);
            assert_eq!(first_hint(&puzzle), path.steps[0], "{puzzle}");
            let grade = Grade::of_path(&path);
            assert_eq!(puzzle.grade().unwrap(), grade, "{puzzle}");
            assert!(
                grade.score >= se_least && grade.score < dlx_sudoku::UNSOLVED_SCORE,
                "{puzzle}: {}",
                grade.score
            );
            check_net_scores(&puzzle, &path);
            scores.push(grade.score);
            for (t, k) in counts(&path) {
                *techniques.entry(t).or_default() += k;
            }
        }
    }
    println!("scores {scores:?}\n{techniques:?}");
    assert!(
        techniques.contains_key("contradiction_net") || techniques.contains_key("forcing_net"),
        "no net in the sample: {techniques:?}"
    );
}

/// Nets run only where nothing cheaper applies: none in the paths of the SE-rated
/// diabolical sample (SE 5.4 to 9.1), whose hardest steps are chains.
#[test]
fn no_net_where_cheaper_techniques_do() {
    let text = std::fs::read_to_string(format!(
        "{}/../../tests/data/sudoku/se/diabolical.sample.txt",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let mut forcing = 0;
    for line in text.lines() {
        let Some(puzzle) = line.split_whitespace().nth(1) else {
            continue;
        };
        let path = crate::common::path(&parse(puzzle));
        for step in &path.steps {
            assert!(
                !matches!(
                    step.technique,
                    Technique::ContradictionNet | Technique::ForcingNet
                ),
                "{puzzle}: {}",
                step.reason
            );
            forcing += usize::from(matches!(
                step.technique,
                Technique::ContradictionChain | Technique::ForcingChain
            ));
        }
    }
    // The sample does reach the chains just below the nets.
    assert!(forcing > 0);
}

/// What the paths of the hardest puzzles cost and how they grade: `Sudoku::grade` (the
/// path, what `rate_sudoku` runs) on every `NETS_EVERY`-th puzzle (default 8) of each
/// vendored sample of the forum's hardest lists, and on Inkala's puzzle; the time's median,
/// 99th percentile and maximum, the scores' minimum, quartiles and maximum, and how many
/// reach 11.0 (every puzzle of the 1905 list does on Sudoku Explainer's scale), with the
/// 1905 list's puzzles that do not (`NETS_ONLY=1905` or `=1106`: that list alone). Run with
/// `cargo test --profile ci -p dlx-sudoku --test sudoku_tests -- sudoku_nets::hardest_times
/// --ignored --nocapture`.
#[test]
#[ignore]
fn hardest_times() {
    let every = std::env::var("NETS_EVERY")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(8);
    let inkala = parse(INKALA).grade().unwrap();
    println!("Inkala: score {:.1} ({:?})", inkala.score, inkala.hardest);
    let only = std::env::var("NETS_ONLY").unwrap_or_default();
    for file in [
        "puzzles6_forum_hardest_1106.sample",
        "puzzles5_forum_hardest_1905_11+.sample",
    ] {
        if !file.contains(&only) {
            continue;
        }
        let mut millis = Vec::new();
        let mut solved = 0;
        let mut scores = Vec::new();
        for puzzle in hardest(file, every) {
            let start = std::time::Instant::now();
            let grade = puzzle.grade().unwrap();
            millis.push(start.elapsed().as_secs_f64() * 1e3);
            solved += usize::from(grade.solved);
            scores.push(grade.score);
            if file.contains("1905") && grade.score < 11.0 - 1e-9 {
                println!(
                    "  below SE's 11.0: {puzzle} {:.1} ({:?})",
                    grade.score, grade.hardest
                );
            }
        }
        millis.sort_by(f64::total_cmp);
        scores.sort_by(f64::total_cmp);
        let at = |v: &[f64], q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
        println!(
            "{file}, every {every}th: {} puzzles, {solved} solved by logic; grade: median {:.0} ms, p99 {:.0} ms, max {:.0} ms",
            millis.len(),
            at(&millis, 0.5),
            at(&millis, 0.99),
            at(&millis, 1.0),
        );
        println!(
            "  scores: min {:.1}, q1 {:.1}, median {:.1}, q3 {:.1}, max {:.1}; {} of {} at 11.0 or more",
            at(&scores, 0.0),
            at(&scores, 0.25),
            at(&scores, 0.5),
            at(&scores, 0.75),
            at(&scores, 1.0),
            scores.iter().filter(|&&s| s >= 11.0 - 1e-9).count(),
            scores.len(),
        );
    }
}

/// Puzzles above 9.0 whose Sudoku Explainer rating was published, with it and where: what
/// [`se_rated_hardest`] compares our grades with.
const SE_RATED_HARDEST: [(&str, f64, &str); 3] = [
    (
        "98.7.....6...5.8....4....3.7..9..5....3....4......2..1.6...1..2..9.........89.6..",
        11.8,
        "forum.enjoysudoku.com, The hardest sudokus (new thread), hendrik_monard, 2021-04-19, confirmed by mith",
    ),
    (
        "..3......4...8..36..8...1...4..6..73...9..........2..5..4.7..686........7..6..5..",
        11.0,
        "forum.enjoysudoku.com, The hardest sudokus (new thread), p. 225, \"Coloin\"",
    ),
    (
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..",
        10.8,
        "english.log-it-ex.com/6.html, AI Escargot (Arto Inkala, 2006)",
    ),
];

/// Our grades of the puzzles of [`SE_RATED_HARDEST`] beside their Sudoku Explainer
/// ratings. Run with `cargo test --profile ci -p dlx-sudoku --test sudoku_tests --
/// sudoku_nets::se_rated_hardest --ignored --nocapture`.
#[test]
#[ignore]
fn se_rated_hardest() {
    for (line, se, source) in SE_RATED_HARDEST {
        let grade = parse(line).grade().unwrap();
        println!(
            "{line}: SE {se:.1}, ours {:.1} ({:?}); {source}",
            grade.score, grade.hardest
        );
    }
}

/// The grades of the puzzles of a file (`NETS_SCAN`, one puzzle a line, `#` comments; every
/// `NETS_EVERY`-th, default 1), each step checked against the solution (no true candidate removed,
/// no wrong placement) and each chain's and net's links by [`check_path`]: per puzzle the time of
/// its path, its grade, whether logic solves it, and how many steps take SE's fifth nesting level
/// (11.0, a net whose assumptions search forcing nets). Run with `NETS_SCAN=FILE cargo test
/// --profile ci -p dlx-sudoku --test sudoku_tests -- sudoku_nets::scan --ignored --nocapture`.
#[test]
#[ignore]
fn scan() {
    let Ok(file) = std::env::var("NETS_SCAN") else {
        return;
    };
    let every = std::env::var("NETS_EVERY")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let text = std::fs::read_to_string(&file).unwrap();
    let lines = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'));
    let mut failed = 0;
    for line in lines.step_by(every) {
        let puzzle = parse(line);
        let start = std::time::Instant::now();
        let path = puzzle.solve_path().unwrap();
        let millis = start.elapsed().as_secs_f64() * 1e3;
        let grade = Grade::of_path(&path);
        let fifth = path
            .steps
            .iter()
            .filter(|s| s.reason.contains("and forcing nets"))
            .count();
        let solution = puzzle.unique_solution().unwrap().expect("unique");
        let wrong = path.wrong_steps(solution.values());
        assert!(wrong.is_empty(), "{puzzle}: {wrong:?}");
        // The links of every chain and net (see `check_links`): a failure is reported, and
        // the scan goes on.
        let checked = std::panic::catch_unwind(|| check_path(&puzzle, &path)).is_ok();
        failed += usize::from(!checked);
        println!(
            "{line} {millis:.0} ms, grade {:.1}, solved {}, {} steps, {fifth} at 11.0{}",
            grade.score,
            path.solved,
            path.steps.len(),
            if checked { "" } else { ", CHECK FAILED" }
        );
    }
    assert_eq!(failed, 0, "paths or links that fail check_path");
}

const EASTER_MONSTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

/// Easter Monster's path (about 30 s in the ci profile), every step and every net's links
/// checked. Run with `cargo test --profile ci -p dlx-sudoku --test sudoku_tests --
/// sudoku_nets::easter_monster --ignored`.
#[test]
#[ignore]
fn easter_monster_gets_a_checked_path() {
    let puzzle = parse(EASTER_MONSTER);
    let start = std::time::Instant::now();
    let path = puzzle.solve_path().unwrap();
    println!("path {:?}", start.elapsed());
    check_path(&puzzle, &path);
}

/// Easter Monster's candidates at the second net of its path (no placement yet): the
/// grid where a region forcing net of 10.5 drew no link from one of its sources.
#[rustfmt::skip]
const EASTER_MONSTER_AT_TEN_FIVE: [u32; 81] = [0, 200, 220, 116, 420, 240, 396, 292, 0, 134, 0, 196, 0, 167, 227, 133, 0, 164, 158, 138, 0, 23, 391, 147, 0, 261, 396, 170, 0, 201, 0, 43, 0, 131, 99, 224, 430, 171, 397, 35, 0, 43, 407, 295, 404, 294, 99, 325, 0, 0, 35, 263, 0, 356, 0, 137, 409, 23, 143, 155, 0, 262, 284, 56, 0, 25, 115, 43, 0, 26, 0, 88, 440, 168, 0, 116, 172, 248, 284, 324, 0];

/// The hint on Easter Monster's grid part-way along its path (the marks of
/// [`EASTER_MONSTER_AT_TEN_FIVE`]) is a net whose links hold (see [`check_links`]): every
/// source starts a link, every conclusion is reached.
#[test]
fn a_nested_region_net_draws_a_link_from_each_source() {
    let puzzle = parse(EASTER_MONSTER);
    let step = hint_with(&puzzle, Some(&EASTER_MONSTER_AT_TEN_FIVE));
    assert!(
        matches!(
            step.technique,
            Technique::ContradictionNet | Technique::ForcingNet
        ),
        "{}",
        step.reason
    );
    check_links_on_marks(&puzzle, &EASTER_MONSTER_AT_TEN_FIVE, &step);
}

/// A puzzle of the forum's hardest list of 2019 (every puzzle of which Sudoku Explainer rates
/// 11.0 or more): one of the six of every 8th of the vendored sample that graded 10.9.
const HARDEST_1905_FIRST: &str =
    "98.7..6..7......5...4.3...75......8..6.2..9....7..3..6..13....2....4.1.......1.6.";

/// Its candidates where its path takes its hardest step (four nets in, no placement yet).
#[rustfmt::skip]
const HARDEST_1905_FIRST_AT_ELEVEN: [u32; 81] = [0, 0, 22, 0, 19, 26, 0, 15, 13, 0, 7, 38, 425, 419, 426, 142, 0, 393, 35, 19, 0, 433, 0, 434, 130, 259, 0, 0, 271, 262, 297, 353, 360, 78, 0, 13, 141, 0, 132, 0, 209, 216, 0, 77, 29, 139, 267, 0, 409, 401, 0, 26, 11, 0, 168, 344, 0, 0, 496, 496, 216, 328, 0, 166, 338, 438, 432, 0, 498, 0, 324, 404, 142, 350, 402, 400, 466, 0, 92, 0, 412];

/// That step reaches Sudoku Explainer's 11.0: a contradiction of the third nesting level
/// (forcing chains inside the assumption, 10.0) whose length bonus, counted as SE counts a
/// contradiction's (what both sides of the contradiction rest on, twice), is a full point.
/// Counting each candidate once, it graded 10.9, and so did the puzzle. Its links hold
/// ([`check_links`]) and it is true in the solution.
#[test]
fn a_hardest_puzzle_reaches_eleven_by_a_nested_contradiction() {
    let puzzle = parse(HARDEST_1905_FIRST);
    let step = hint_with(&puzzle, Some(&HARDEST_1905_FIRST_AT_ELEVEN));
    assert_eq!(
        step.technique,
        Technique::ContradictionNet,
        "{}",
        step.reason
    );
    // r2c9's 8 goes.
    assert_eq!(step.eliminations.len(), 1);
    assert_eq!(
        (step.eliminations[0].cell, step.eliminations[0].value),
        (17, 8)
    );
    assert!(step.placement.is_none());
    assert!(
        step.reason.contains("chains and forcing chains would lead"),
        "{}",
        step.reason
    );
    assert!((step.score - 11.0).abs() < 1e-9, "{}", step.score);
    let solution = puzzle.unique_solution().unwrap().expect("unique");
    assert_ne!(solution.values()[17], 8);
    check_links_on_marks(&puzzle, &HARDEST_1905_FIRST_AT_ELEVEN, &step);
}

/// The steps of 9.5 and more on the path of the puzzle `NETS_PATH` (one line): each one's
/// number, score and reason, to see which step sets a grade. Run with `NETS_PATH=PUZZLE
/// cargo test --profile ci -p dlx-sudoku --test sudoku_tests -- sudoku_nets::path_report
/// --ignored --nocapture`.
#[test]
#[ignore]
fn path_report() {
    let Ok(line) = std::env::var("NETS_PATH") else {
        return;
    };
    let path = parse(&line).solve_path().unwrap();
    for (k, step) in path.steps.iter().enumerate() {
        if step.score >= 9.5 - 1e-9 {
            println!(
                "{k:3} {:.1} {:?}: {}",
                step.score, step.technique, step.reason
            );
        }
    }
    println!(
        "{} steps, grade {:.1}",
        path.steps.len(),
        Grade::of_path(&path).score
    );
}
