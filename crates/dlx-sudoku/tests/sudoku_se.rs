//! Our grade against Sudoku Explainer's: puzzles of the Sudoku Exchange bank with the
//! ratings SukakuExplainer gave them (`tests/data/sudoku/se/`, a vendored sample; the
//! report below reads any file of that format). Every step of every path is checked
//! against the solution on the way.

use std::collections::BTreeMap;

use dlx_sudoku::{Grade, Sudoku, Technique};

use crate::common::checked_path;
use crate::common::rank::spearman;

/// One rated puzzle: the line number in its file (from 0), the puzzle, SE's rating.
struct Rated {
    line: usize,
    puzzle: Sudoku,
    se: f64,
}

fn read(text: &str) -> Vec<Rated> {
    text.lines()
        .enumerate()
        .filter_map(|(line, l)| {
            let fields: Vec<&str> = l.split_whitespace().collect();
            let [_, puzzle, rating] = fields[..] else {
                return None;
            };
            Some(Rated {
                line,
                puzzle: puzzle.parse().expect("a valid puzzle"),
                se: rating.parse().ok()?,
            })
        })
        .collect()
}

/// Grades the puzzle and checks each step against the solution.
fn grade(puzzle: &Sudoku) -> Grade {
    Grade::of_path(&checked_path(puzzle))
}

/// How close our scores are to SE's.
#[derive(Debug, Clone, Copy)]
struct Accuracy {
    count: usize,
    within_01: usize,
    within_02: usize,
    within_05: usize,
    mae: f64,
    spearman: f64,
}

impl Accuracy {
    fn of(pairs: &[(f64, f64)]) -> Accuracy {
        // Scores are tenths: compare in tenths so 0.2 is not 0.20000000000000018.
        let diff = |&(o, s): &(f64, f64)| ((o - s).abs() * 10.0).round() as i64;
        let within = |d: i64| pairs.iter().filter(|p| diff(p) <= d).count();
        let (ours, theirs): (Vec<f64>, Vec<f64>) = pairs.iter().copied().unzip();
        Accuracy {
            count: pairs.len(),
            within_01: within(1),
            within_02: within(2),
            within_05: within(5),
            mae: pairs.iter().map(|(o, s)| (o - s).abs()).sum::<f64>() / pairs.len() as f64,
            spearman: spearman(&ours, &theirs),
        }
    }

    fn row(&self, name: &str) -> String {
        let pct = |k: usize| 100.0 * k as f64 / self.count as f64;
        format!(
            "| {name} | {} | {} ({:.0}%) | {} ({:.0}%) | {} ({:.0}%) | {:.2} | {:.3} |",
            self.count,
            self.within_01,
            pct(self.within_01),
            self.within_02,
            pct(self.within_02),
            self.within_05,
            pct(self.within_05),
            self.mae,
            self.spearman
        )
    }
}

fn band(se: f64) -> &'static str {
    match (se * 10.0).round() as u32 {
        ..=49 => "<5.0",
        50..=54 => "5.0-5.4",
        55..=59 => "5.5-5.9",
        60..=64 => "6.0-6.4",
        65..=69 => "6.5-6.9",
        70..=74 => "7.0-7.4",
        75..=79 => "7.5-7.9",
        80..=84 => "8.0-8.4",
        _ => "8.5+",
    }
}

/// The full report on a file of SE-rated puzzles: accuracy on all of them, on the even
/// lines (what the scores were calibrated on) and on the odd lines (held out), the
/// confusion of our hardest technique with SE's band, and the worst ten. Run with
/// `SE_BANK=../shared/data/sudoku/se/diabolical.sample.txt cargo test --profile ci --test
/// native -- sudoku_se::se_report --ignored --nocapture` (without `SE_BANK`, the vendored
/// sample).
#[test]
#[ignore]
fn se_report() {
    let path = std::env::var("SE_BANK").unwrap_or_else(|_| vendored_path());
    let rated = read(&std::fs::read_to_string(&path).expect("SE_BANK file"));
    let mut rows = Vec::new();
    let mut micros = Vec::new();
    for r in &rated {
        let start = std::time::Instant::now();
        let g = grade(&r.puzzle);
        micros.push(start.elapsed().as_secs_f64() * 1e6);
        rows.push((r, g));
    }
    let pairs = |keep: &dyn Fn(&Rated) -> bool| -> Vec<(f64, f64)> {
        rows.iter()
            .filter(|(r, _)| keep(r))
            .map(|(r, g)| (g.score, r.se))
            .collect()
    };
    println!("{path}");
    println!("| puzzles | count | within 0.1 | within 0.2 | within 0.5 | MAE | Spearman |");
    println!("|---|---|---|---|---|---|---|");
    println!("{}", Accuracy::of(&pairs(&|_| true)).row("all"));
    println!(
        "{}",
        Accuracy::of(&pairs(&|r| r.line % 2 == 0)).row("even lines (calibration)")
    );
    println!(
        "{}",
        Accuracy::of(&pairs(&|r| r.line % 2 == 1)).row("odd lines (held out)")
    );
    // Confusion: our hardest technique against SE's band, with the mean signed error.
    let mut confusion: BTreeMap<String, (BTreeMap<&str, usize>, f64, usize)> = BTreeMap::new();
    for (r, g) in &rows {
        let name = match (g.solved, g.hardest) {
            (false, _) => "(unsolved)".to_string(),
            (true, Some(t)) => t.name().to_string(),
            (true, None) => "(none)".to_string(),
        };
        let entry = confusion.entry(name).or_default();
        *entry.0.entry(band(r.se)).or_default() += 1;
        entry.1 += g.score - r.se;
        entry.2 += 1;
    }
    let bands = [
        "<5.0", "5.0-5.4", "5.5-5.9", "6.0-6.4", "6.5-6.9", "7.0-7.4", "7.5-7.9", "8.0-8.4", "8.5+",
    ];
    println!(
        "\n| our hardest | {} | mean (ours - SE) |",
        bands.join(" | ")
    );
    println!("|---|{}---|", "---|".repeat(bands.len()));
    for (name, (cells, err, count)) in &confusion {
        let cols: Vec<String> = bands
            .iter()
            .map(|b| cells.get(b).map_or(String::new(), |c| c.to_string()))
            .collect();
        println!(
            "| {name} | {} | {:+.2} |",
            cols.join(" | "),
            err / *count as f64
        );
    }
    let mut worst: Vec<&(&Rated, Grade)> = rows.iter().collect();
    worst.sort_by(|a, b| {
        (b.1.score - b.0.se)
            .abs()
            .total_cmp(&(a.1.score - a.0.se).abs())
    });
    println!("\n| line | puzzle | SE | ours | our hardest |");
    println!("|---|---|---|---|---|");
    for (r, g) in worst.iter().take(10) {
        println!(
            "| {} | {} | {:.1} | {:.1} | {} |",
            r.line + 1,
            r.puzzle.to_line(),
            r.se,
            g.score,
            g.hardest.map_or("-", Technique::name)
        );
    }
    // Steps by technique over every path.
    let mut used: BTreeMap<Technique, usize> = BTreeMap::new();
    for (_, g) in &rows {
        for &(t, k) in &g.techniques {
            *used.entry(t).or_default() += k;
        }
    }
    let used: Vec<String> = used.iter().map(|(t, k)| format!("{t} {k}")).collect();
    println!("\nsteps by technique: {}", used.join(", "));
    micros.sort_by(f64::total_cmp);
    let at = |q: f64| micros[((micros.len() - 1) as f64 * q).round() as usize];
    println!(
        "\ngrade + check per puzzle: median {:.0} µs, p99 {:.0} µs, max {:.0} µs",
        at(0.5),
        at(0.99),
        at(1.0)
    );
    if std::env::var_os("SE_VERBOSE").is_some() {
        for (r, g) in &rows {
            println!(
                "{} SE {:.1} ours {:.1} {}",
                r.line + 1,
                r.se,
                g.score,
                g.hardest.map_or("-", Technique::name)
            );
        }
    }
}

fn vendored_path() -> String {
    format!(
        "{}/../../tests/data/sudoku/se/diabolical.sample.txt",
        env!("CARGO_MANIFEST_DIR")
    )
}

/// The bar on the vendored sample: how close our grade is to SE's. The figures reached
/// when it was set: 76 of 80 within 0.2, 78 within 0.5, Spearman 0.938 (MAE 0.04); the bar
/// is a little below, so a change that makes the grade worse fails here.
#[test]
fn grades_stay_close_to_sudoku_explainer() {
    let rated = read(&std::fs::read_to_string(vendored_path()).unwrap());
    assert_eq!(rated.len(), 80);
    let pairs: Vec<(f64, f64)> = rated
        .iter()
        .map(|r| (grade(&r.puzzle).score, r.se))
        .collect();
    let a = Accuracy::of(&pairs);
    println!("{}", a.row("vendored sample"));
    assert!(a.within_02 >= BAR_WITHIN_02, "{a:?}");
    assert!(a.within_05 >= BAR_WITHIN_05, "{a:?}");
    assert!(a.spearman >= BAR_SPEARMAN, "{a:?}");
}

/// Puzzles of the vendored 80 that must be within 0.2 of SE.
const BAR_WITHIN_02: usize = 73;
/// Puzzles of the vendored 80 that must be within 0.5 of SE.
const BAR_WITHIN_05: usize = 76;
/// The rank correlation with SE the vendored sample must keep.
const BAR_SPEARMAN: f64 = 0.9;

// The easy end (SE 1.0 to 2.3). No SE-rated easy puzzles are vendored, so the expected
// ratings come from SE's rules themselves, checked by the small independent oracle below
// (it shares no code with the logical solver).

/// Units of the 9x9 grid: (kind, cells), kind 0 a box, 1 a row, 2 a column.
fn units() -> Vec<(u8, Vec<usize>)> {
    let mut units = Vec::new();
    for b in 0..9 {
        let (r0, c0) = (b / 3 * 3, b % 3 * 3);
        units.push((0, (0..9).map(|i| (r0 + i / 3) * 9 + c0 + i % 3).collect()));
    }
    for r in 0..9 {
        units.push((1, (0..9).map(|c| r * 9 + c).collect()));
    }
    for c in 0..9 {
        units.push((2, (0..9).map(|r| r * 9 + c).collect()));
    }
    units
}

/// The candidates of each cell that no placed peer rules out (0 for a filled cell).
fn candidates(units: &[(u8, Vec<usize>)], values: &[u8]) -> Vec<u16> {
    let mut cand = vec![0u16; 81];
    for (cell, m) in cand.iter_mut().enumerate() {
        if values[cell] == 0 {
            *m = 0x3fe;
            for (_, u) in units.iter().filter(|(_, u)| u.contains(&cell)) {
                for &p in u {
                    *m &= !(1 << values[p]);
                }
            }
        }
    }
    cand
}

/// The cells of `unit` where `v` is a candidate.
fn places(cand: &[u16], unit: &[usize], v: u8) -> Vec<usize> {
    unit.iter()
        .copied()
        .filter(|&c| cand[c] & (1 << v) != 0)
        .collect()
}

/// Which singles the oracle may place.
#[derive(Clone, Copy)]
struct Rules {
    box_singles: bool,
    line_singles: bool,
    naked_singles: bool,
}

/// Places singles allowed by `rules` (full houses always) until none is left: the fixpoint,
/// the same whatever the order, since placing a true value only removes candidates.
fn close(units: &[(u8, Vec<usize>)], values: &mut [u8], rules: Rules) {
    loop {
        let cand = candidates(units, values);
        let mut placed = None;
        for (kind, u) in units {
            let empty: Vec<usize> = u.iter().copied().filter(|&c| values[c] == 0).collect();
            let allowed = empty.len() == 1
                || if *kind == 0 {
                    rules.box_singles
                } else {
                    rules.line_singles
                };
            if !allowed {
                continue;
            }
            for v in 1..=9 {
                if let [cell] = places(&cand, u, v)[..] {
                    placed = Some((cell, v));
                }
            }
        }
        if placed.is_none() && rules.naked_singles {
            placed = (0..81)
                .find(|&c| values[c] == 0 && cand[c].count_ones() == 1)
                .map(|c| (c, cand[c].trailing_zeros() as u8));
        }
        match placed {
            Some((cell, v)) => values[cell] = v,
            None => return,
        }
    }
}

/// Whether SE's direct pointing or claiming (a box's or line's places for a symbol all in
/// one line or box, whose removal elsewhere leaves a hidden single in another unit of the
/// first one's kind) or direct hidden pair (two symbols with the same two places in a unit
/// of more than two empty cells, leaving a third symbol one place there) applies.
fn has_direct(units: &[(u8, Vec<usize>)], values: &[u8]) -> bool {
    let cand = candidates(units, values);
    for (ka, a) in units {
        for v in 1..=9 {
            let pa = places(&cand, a, v);
            if pa.len() < 2 {
                continue;
            }
            for (kb, b) in units {
                if (*ka == 0) == (*kb == 0) || !pa.iter().all(|c| b.contains(c)) {
                    continue;
                }
                let removed: Vec<usize> = places(&cand, b, v)
                    .into_iter()
                    .filter(|c| !a.contains(c))
                    .collect();
                if removed.is_empty() {
                    continue;
                }
                for (kc, c) in units {
                    let pc = places(&cand, c, v);
                    if kc == ka
                        && c != a
                        && pc.len() > 1
                        && pc.iter().filter(|p| !removed.contains(p)).count() == 1
                    {
                        return true;
                    }
                }
            }
        }
    }
    for (_, u) in units {
        if u.iter().filter(|&&c| values[c] == 0).count() <= 2 {
            continue;
        }
        for v in 1..=9 {
            for w in v + 1..=9 {
                let pv = places(&cand, u, v);
                if pv.len() != 2 || places(&cand, u, w) != pv {
                    continue;
                }
                let third = (1..=9).filter(|&x| x != v && x != w).any(|x| {
                    let px = places(&cand, u, x);
                    px.len() > 1 && px.iter().filter(|p| !pv.contains(p)).count() == 1
                });
                if third {
                    return true;
                }
            }
        }
    }
    false
}

/// SE's rating when simple rules settle it, `None` otherwise. Why each value follows from
/// SE's rules (at each step SE takes the first technique of its list that applies: hidden
/// singles, which are full houses 1.0, then boxes 1.2, then columns and rows 1.5; direct
/// pointing 1.7, direct claiming 1.9, direct hidden pair 2.0, naked single 2.3, ...; the
/// rating is the hardest step):
///
/// * Singles only place true values, and placing a value only removes candidates, so a
///   single that applies stays applicable until its cell is filled: the cells that a set
///   of singles fills is a fixpoint whatever the order, and SE, which takes full houses
///   while there are any, then box singles, reaches it.
/// * Full houses alone solve it: every step is 1.0. Full houses and box singles solve it
///   but full houses alone do not: SE gets stuck on full houses once, takes a box single
///   there, and never needs more than 1.2. With line singles too, likewise 1.5.
/// * Hidden singles get stuck at the state S (their fixpoint): SE's next step is at least
///   1.7. If no direct pointing, claiming or hidden pair applies at S and naked singles
///   finish the job, SE's next step is a naked single (2.3) and every later state is one
///   of placed true values (direct steps only place), where a single still applies, so no
///   step is harder: 2.3.
/// * If a direct step does apply at S and singles finish the job, SE's rating lies in
///   1.7..=2.3 (by the same argument) but depends on its path: that range.
/// * Otherwise the rules here do not settle it: `None`.
fn se_by_rules(puzzle: &Sudoku) -> Option<(f64, f64)> {
    let units = units();
    let givens = puzzle.values();
    let rules = |b, l, n| Rules {
        box_singles: b,
        line_singles: l,
        naked_singles: n,
    };
    let solves = |r: Rules| {
        let mut v = givens.to_vec();
        close(&units, &mut v, r);
        v.iter().all(|&x| x != 0)
    };
    if solves(rules(false, false, false)) {
        return Some((1.0, 1.0));
    }
    if solves(rules(true, false, false)) {
        return Some((1.2, 1.2));
    }
    if solves(rules(true, true, false)) {
        return Some((1.5, 1.5));
    }
    let mut stuck = givens.to_vec();
    close(&units, &mut stuck, rules(true, true, false));
    if !solves(rules(true, true, true)) {
        return None;
    }
    if has_direct(&units, &stuck) {
        Some((1.7, 2.3))
    } else {
        Some((2.3, 2.3))
    }
}

/// Easy puzzles: the 9x9 puzzles of `generated.txt` and `counted_puzzles.txt` (those with
/// one solution), the 385 puzzles of the 17-clue sample, three of the examples of
/// `crates/dlx-sudoku/tests/sudoku_logic.rs`, the docs' example and a puzzle of the former
/// generator, each also made easier by giving it the first `k` of its empty cells' solution
/// values (in reading order), for `k` in steps of a twelfth of its empty cells: still one
/// solution each.
fn easy_puzzles() -> Vec<Sudoku> {
    let mut lines: Vec<String> = vec![
        ".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4".into(),
        "..2.9...5...5..4.83..7.......32...8.....6.2...1687..5...............59.794...1...".into(),
        ".7..9..4.14.2.8.379...1...8.8.....9.2.1.4.6.34.......1.1.....2....629...7...8...9".into(),
        ".....3...6.....1..2981.....76.2....8....4..7......524..2..3.5...136....7.....4...".into(),
        // Made by the generator's effort-based bands before the one grade: among the
        // easier puzzles drawn from it is the one whose SE grade is a plain naked single.
        "5.1.2.9...63.........75......7...4.93..5.......9.8.7.6...273....3.......7....1.8.".into(),
    ];
    let path = format!(
        "{}/../../tests/data/sudoku/generated.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    for l in std::fs::read_to_string(path).unwrap().lines() {
        let f: Vec<&str> = l.split_whitespace().collect();
        if f.len() >= 7 && f[0] == "classic" && f[1] == "9" {
            lines.push(f[6].to_string());
        }
    }
    let data = |file: &str| {
        let path = format!(
            "{}/../../tests/data/sudoku/{file}",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read_to_string(path).unwrap()
    };
    for l in data("counted_puzzles.txt").lines() {
        if let [puzzle, "1", ..] = l.split(':').collect::<Vec<_>>()[..] {
            if puzzle.len() == 81 {
                lines.push(puzzle.to_string());
            }
        }
    }
    let seventeen = data("puzzles2_17_clue.sample");
    let clues = seventeen.lines().filter(|l| !l.starts_with('#'));
    lines.extend(clues.map(|l| l.trim().to_string()));
    let mut out = Vec::new();
    for line in lines {
        let puzzle: Sudoku = line.parse().unwrap();
        let solution = puzzle.unique_solution().unwrap().expect("unique");
        let empty: Vec<usize> = (0..81).filter(|&c| puzzle.values()[c] == 0).collect();
        for twelfth in 0..12 {
            let k = empty.len() * twelfth / 12;
            let mut chars: Vec<char> = line.chars().collect();
            for &c in &empty[..k] {
                chars[c] = char::from(b'0' + solution.values()[c]);
            }
            out.push(chars.into_iter().collect::<String>().parse().unwrap());
        }
    }
    out
}

/// Our grade on the easy puzzles equals SE's wherever SE's rules settle it (see
/// [`se_by_rules`]: 1.0 full houses only, 1.2 box singles, 1.5 line singles, 2.3 a naked
/// single with no direct step available), and lies in SE's range 1.7..=2.3 where only
/// singles and direct steps are needed but the rules leave the exact value to the path.
/// Every settled value, and some direct step, must occur, so the check cannot pass
/// vacuously.
#[test]
fn easy_grades_follow_sudoku_explainers_rules() {
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for puzzle in easy_puzzles() {
        let ours = grade(&puzzle).score;
        match se_by_rules(&puzzle) {
            Some((lo, hi)) if lo == hi => {
                assert_eq!(ours, lo, "{puzzle}: SE's rules give {lo}, we give {ours}");
                *seen.entry(format!("{lo:.1}")).or_default() += 1;
            }
            Some((lo, hi)) => {
                assert!(
                    (lo..=hi).contains(&ours),
                    "{puzzle}: SE's rules give {lo}..={hi}, we give {ours}"
                );
                *seen.entry(format!("{ours:.1} (direct)")).or_default() += 1;
            }
            None => *seen.entry("unsettled".into()).or_default() += 1,
        }
    }
    println!("{seen:?}");
    for se in ["1.0", "1.2", "1.5", "2.3"] {
        assert!(seen.contains_key(se), "no puzzle rated {se}: {seen:?}");
    }
    assert!(
        seen.keys().any(|k| k.ends_with("(direct)")),
        "no direct step: {seen:?}"
    );
}

/// A direct hidden pair (SE 2.0): in row 6 of this puzzle, 4 and 9 can only go in r6c6 and
/// r6c9, which leaves r6c7 the only place for 3; the step places it and removes nothing.
#[test]
fn a_direct_hidden_pair_places_its_single() {
    let puzzle: Sudoku =
        "..2.9...5...5..4.83..7.......32...8.....6.2...1687..5...............59.794...1..."
            .parse()
            .unwrap();
    let path = puzzle.solve_path().unwrap();
    let step = &path.steps[9];
    assert_eq!(step.technique, Technique::HiddenPair, "{}", step.reason);
    assert_eq!(step.score, 2.0);
    assert!(step.eliminations.is_empty());
    assert_eq!(step.placement.map(|p| (p.cell, p.value)), Some((51, 3)));
}
