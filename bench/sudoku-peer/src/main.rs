//! dlx-wasm's sudoku solver side by side with the `sudoku` crate 0.8.0 (Emerentius' port of
//! JCZSolve, AGPL-3.0, called here and nowhere else) on the same puzzles, in interleaved
//! rounds: µs per puzzle for each, and the ratio.
//!
//! ```text
//! sudoku-peer [--rounds N] [--sample N] [--mode first|count2|line]... [SET]...
//! sudoku-peer --only ours|sudoku --mode MODE --passes N SET     (one solver, for callgrind)
//! ```
//!
//! Sets: `17-clue`, `top1465`, `hardest_1106`, `hardest_1905` (default: all four), the first
//! `--sample` (1,000) puzzles of each file in `../shared/data/sudoku/` (or `$SUDOKU_DATA`);
//! where a file is missing, its vendored sample `tests/data/sudoku/*.sample` (every k-th
//! puzzle of the set, marked "(sample)").
//!
//! Modes (default: all three):
//! - `first`: the first solution of each parsed puzzle (`SudokuSolver::solve_into` against
//!   `Sudoku::some_solution`).
//! - `count2`: solutions counted up to 2, the uniqueness check (`SudokuSolver::count(p, 2)`
//!   against `Sudoku::solutions_count_up_to(2)`).
//! - `line`: text in, text out: the whole sample as one string of lines through
//!   `solve_batch` against, for each line, `Sudoku::from_str_line`, `some_solution` and
//!   `to_str_line` appended to one string.
//!
//! Before timing, every answer of both is checked: each solution solves its puzzle and keeps
//! its givens, the two agree on every count and on the solution of every puzzle with one.
//! Each round times one pass over the sample per solver, the order alternating from round to
//! round so that load from other processes hits both alike; the table gives the median of
//! the rounds and its ratio.

use std::path::{Path, PathBuf};
use std::time::Instant;

use dlx_wasm::sudoku::{solve_batch, Options, Sudoku, SudokuSolver};

/// A named sample of puzzles.
struct Set {
    name: String,
    /// The puzzles as lines of 81 characters, `.` or `0` for empty.
    lines: Vec<String>,
    /// The same, parsed by dlx-wasm.
    ours: Vec<Sudoku>,
    /// The same, parsed by the `sudoku` crate.
    theirs: Vec<sudoku::Sudoku>,
    /// The lines joined with `\n`, for the batch call.
    text: String,
}

const SETS: [(&str, &str); 4] = [
    ("17-clue", "puzzles2_17_clue"),
    ("top1465", "puzzles3_magictour_top1465"),
    ("hardest_1106", "puzzles6_forum_hardest_1106"),
    ("hardest_1905", "puzzles5_forum_hardest_1905_11+"),
];

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Mode {
    First,
    Count2,
    Line,
}

impl Mode {
    fn parse(s: &str) -> Mode {
        match s {
            "first" => Mode::First,
            "count2" => Mode::Count2,
            "line" => Mode::Line,
            _ => fail(&format!("unknown mode {s} (first, count2, line)")),
        }
    }

    fn describe(self) -> &'static str {
        match self {
            Mode::First => "first solution, parsed puzzles",
            Mode::Count2 => "count up to 2 (uniqueness), parsed puzzles",
            Mode::Line => "first solution, text in and text out",
        }
    }
}

fn fail(message: &str) -> ! {
    eprintln!("sudoku-peer: {message}");
    std::process::exit(2)
}

fn load(name: &str, file: &str, sample: usize) -> Set {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let data = std::env::var_os("SUDOKU_DATA")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("../shared/data/sudoku"));
    let (name, text) = match std::fs::read_to_string(data.join(file)) {
        Ok(text) => (name.to_owned(), text),
        Err(_) => {
            let path = root
                .join("tests/data/sudoku")
                .join(format!("{file}.sample"));
            let text = std::fs::read_to_string(&path)
                .unwrap_or_else(|e| fail(&format!("{} is not readable ({e})", path.display())));
            (format!("{name} (sample)"), text)
        }
    };
    let lines: Vec<String> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with('#') && l.len() >= 81)
        .take(sample)
        .map(|l| l[..81].to_owned())
        .collect();
    let ours = lines
        .iter()
        .map(|l| l.parse().expect("dlx-wasm reads the set"))
        .collect();
    let theirs = lines
        .iter()
        .map(|l| sudoku::Sudoku::from_str_line(l).expect("the sudoku crate reads the set"))
        .collect();
    let mut text = lines.join("\n");
    text.push('\n');
    Set {
        name,
        lines,
        ours,
        theirs,
        text,
    }
}

/// Checks both solvers' answers on every puzzle of the set.
fn check(set: &Set) {
    let mut solver = SudokuSolver::new();
    let mut grid = Vec::new();
    let mut batch = String::new();
    solve_batch(&set.text, &Options::default(), &mut batch).expect("the batch reads the set");
    let batch: Vec<&str> = batch.lines().collect();
    assert_eq!(batch.len(), set.lines.len());
    for (k, ((line, ours), theirs)) in set.lines.iter().zip(&set.ours).zip(&set.theirs).enumerate()
    {
        let count = solver.count(ours, 2).expect("no conflicting givens");
        assert_eq!(
            count as usize,
            theirs.solutions_count_up_to(2),
            "{} #{k}: the counts differ",
            set.name
        );
        let found = solver
            .solve_into(ours, &mut grid)
            .expect("no conflicting givens");
        assert_eq!(found, count > 0);
        let peer = theirs.some_solution();
        assert_eq!(peer.is_some(), found, "{} #{k}", set.name);
        if !found {
            assert_eq!(batch[k], "");
            continue;
        }
        assert!(ours.layout().is_solution(&grid), "{} #{k}", set.name);
        for (given, value) in ours.values().iter().zip(&grid) {
            assert!(
                *given == 0 || given == value,
                "{} #{k}: a given changed",
                set.name
            );
        }
        let digits: String = grid.iter().map(|&v| char::from(b'0' + v)).collect();
        assert_eq!(batch[k], digits, "{} #{k}: the batch line", set.name);
        if count == 1 {
            let peer = peer.expect("checked above").to_bytes();
            assert_eq!(&peer[..], &grid[..], "{} #{k}: {line}", set.name);
        }
    }
}

/// One pass of one solver over the set in one mode; returns a checksum the optimiser must
/// keep.
fn pass(
    ours: bool,
    mode: Mode,
    set: &Set,
    solver: &mut SudokuSolver,
    scratch: &mut Scratch,
) -> usize {
    let mut sum = 0;
    match (ours, mode) {
        (true, Mode::First) => {
            for p in &set.ours {
                sum += usize::from(solver.solve_into(p, &mut scratch.grid).unwrap_or(false));
                sum += usize::from(scratch.grid[80]);
                scratch.branches += solver.report().branches;
            }
        }
        (false, Mode::First) => {
            for p in &set.theirs {
                if let Some(s) = p.some_solution() {
                    sum += 1 + usize::from(s.to_bytes()[80]);
                }
            }
        }
        (true, Mode::Count2) => {
            for p in &set.ours {
                sum += solver.count(p, 2).unwrap_or(0) as usize;
            }
        }
        (false, Mode::Count2) => {
            for p in &set.theirs {
                sum += p.solutions_count_up_to(2);
            }
        }
        (true, Mode::Line) => {
            scratch.text.clear();
            sum += solve_batch(&set.text, &Options::default(), &mut scratch.text).unwrap_or(0);
            sum += scratch.text.len();
        }
        (false, Mode::Line) => {
            scratch.text.clear();
            for line in set.text.lines() {
                if let Ok(p) = sudoku::Sudoku::from_str_line(line) {
                    if let Some(s) = p.some_solution() {
                        scratch.text.push_str(&s.to_str_line());
                    }
                }
                scratch.text.push('\n');
            }
            sum += scratch.text.len();
        }
    }
    sum
}

#[derive(Default)]
struct Scratch {
    grid: Vec<u8>,
    /// dlx-wasm's branching nodes in `first` passes.
    branches: u64,
    text: String,
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    if n % 2 == 1 {
        v[n / 2]
    } else {
        (v[n / 2 - 1] + v[n / 2]) / 2.0
    }
}

fn main() {
    let mut rounds = 15usize;
    let mut sample = 1000usize;
    let mut modes = Vec::new();
    let mut names = Vec::new();
    let mut only = None;
    let mut passes = 1usize;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |what: &str| {
            args.next()
                .unwrap_or_else(|| fail(&format!("{what} needs a value")))
        };
        match arg.as_str() {
            "--rounds" => {
                rounds = value("--rounds")
                    .parse()
                    .unwrap_or_else(|_| fail("--rounds N"))
            }
            "--sample" => {
                sample = value("--sample")
                    .parse()
                    .unwrap_or_else(|_| fail("--sample N"))
            }
            "--passes" => {
                passes = value("--passes")
                    .parse()
                    .unwrap_or_else(|_| fail("--passes N"))
            }
            "--mode" => modes.push(Mode::parse(&value("--mode"))),
            "--only" => {
                only = Some(match value("--only").as_str() {
                    "ours" => true,
                    "sudoku" => false,
                    other => fail(&format!("--only ours|sudoku, not {other}")),
                })
            }
            "-h" | "--help" => {
                println!("usage: sudoku-peer [--rounds N] [--sample N] [--mode first|count2|line]... [SET]...");
                println!("       sudoku-peer --only ours|sudoku --mode MODE --passes N SET");
                println!("sets: {}", SETS.map(|(n, _)| n).join(", "));
                return;
            }
            _ if arg.starts_with('-') => fail(&format!("unknown option {arg} (see --help)")),
            _ => names.push(arg),
        }
    }
    if modes.is_empty() {
        modes = vec![Mode::First, Mode::Count2, Mode::Line];
    }
    let chosen: Vec<(&str, &str)> = if names.is_empty() {
        SETS.to_vec()
    } else {
        names
            .iter()
            .map(|n| {
                *SETS
                    .iter()
                    .find(|(name, _)| name == n)
                    .unwrap_or_else(|| fail(&format!("unknown set {n}")))
            })
            .collect()
    };
    let sets: Vec<Set> = chosen.iter().map(|&(n, f)| load(n, f, sample)).collect();
    let mut solver = SudokuSolver::new();
    let mut scratch = Scratch::default();

    if let Some(ours) = only {
        // One solver, no checks, no timing table: for instruction counts under callgrind.
        let mut sum = 0;
        for set in &sets {
            for &mode in &modes {
                for _ in 0..passes {
                    sum += pass(ours, mode, set, &mut solver, &mut scratch);
                }
            }
        }
        println!("checksum {sum}");
        if ours && modes.contains(&Mode::First) {
            let puzzles: usize = sets.iter().map(|s| s.lines.len()).sum();
            let per = scratch.branches as f64 / (puzzles * passes) as f64;
            println!("dlx-wasm branching nodes per puzzle (first solution): {per:.2}");
        }
        return;
    }

    for set in &sets {
        check(set);
    }
    println!("dlx-wasm against the sudoku crate 0.8.0: median of {rounds} interleaved rounds, µs per puzzle");
    println!();
    println!("| set | puzzles | mode | dlx-wasm µs | sudoku µs | dlx-wasm / sudoku |");
    println!("|---|---|---|---|---|---|");
    for set in &sets {
        let n = set.lines.len() as f64;
        for &mode in &modes {
            // Warm-up: one pass each.
            let a = pass(true, mode, set, &mut solver, &mut scratch);
            let b = pass(false, mode, set, &mut solver, &mut scratch);
            std::hint::black_box((a, b));
            let (mut ours, mut theirs) = (Vec::new(), Vec::new());
            for round in 0..rounds {
                for k in 0..2 {
                    let who = (round + k) % 2 == 0;
                    let start = Instant::now();
                    std::hint::black_box(pass(who, mode, set, &mut solver, &mut scratch));
                    let us = start.elapsed().as_secs_f64() * 1e6 / n;
                    if who {
                        ours.push(us);
                    } else {
                        theirs.push(us);
                    }
                }
            }
            let (ours, theirs) = (median(ours), median(theirs));
            println!(
                "| {} | {} | {:?} | {ours:.2} | {theirs:.2} | {:.2} |",
                set.name,
                set.lines.len(),
                mode,
                ours / theirs
            );
        }
    }
    println!();
    for mode in &modes {
        println!("{:?}: {}.", mode, mode.describe());
    }
    println!("Below 1 in the last column: dlx-wasm is faster.");
}
