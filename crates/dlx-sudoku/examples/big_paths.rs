//! Times the logical solver on puzzles of any size, and carves hard large puzzles.
//!
//! ```text
//! cargo run --profile ci -p dlx-sudoku --example big_paths -- rate FILE...
//! cargo run --profile ci -p dlx-sudoku --example big_paths -- carve N SEED COUNT
//! cargo run --profile ci -p dlx-sudoku --example big_paths -- generate N LEVEL SEED COUNT [VARIANT]
//! ```
//!
//! * `rate`: for each puzzle of each file (one a line, `#` lines are comments; the line's
//!   longest field is the puzzle, the field after it a jigsaw map if any, a first field
//!   naming a variant the variant), the time of its
//!   grade (the whole path), its steps and score, then the time of each of its steps taken
//!   alone, as a hint takes it (`Sudoku::next_step` on the grid before the step: the
//!   slowest is printed), and every step checked against the solution; per file, the
//!   median and largest grade times and the largest step time; per technique, the steps.
//!   With `BIG_PATHS_SCORES` set, only each puzzle's score and step count (to compare the
//!   grades of two builds line by line, as for the 320 SE-rated puzzles).
//! * `carve`: `COUNT` puzzles of size `N` from seeds `SEED..`: the generator's easy puzzle
//!   (the only level it makes above 16x16), then its givens taken away in a random order
//!   while the solution stays unique (a minimal puzzle, which usually needs far more than
//!   singles); prints each puzzle with its grade. Slow at 25x25 (the uniqueness checks of
//!   a sparse grid: minutes a puzzle).
//! * `generate`: `COUNT` puzzles of size `N` at `LEVEL` from seeds `SEED..`, as
//!   [`generate`] makes them, each with its grade (above `MAX_GRADED_SIZE` only easy, unless
//!   that limit is raised for the run, as for `tests/data/sudoku/big_25x25_diabolical.txt`).
//!
//! Times are this thread's CPU time where Linux gives it (a grade's, a whole path's), so
//! that a loaded machine does not inflate them; a step alone is near the clock's tick (4 ms
//! here), so its figure is coarse.

use std::collections::BTreeMap;

use dlx_sudoku::{
    generate, GenerateOptions, Level, Options, Sudoku, SudokuSolver, Symmetry, Technique, Variant,
};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("rate") => rate(&args[1..]),
        Some("carve") => {
            let num = |i: usize| -> u64 { args[i].parse().expect("a whole number") };
            carve(num(1) as usize, num(2), num(3));
        }
        Some("generate") => {
            let num = |i: usize| -> u64 { args[i].parse().expect("a whole number") };
            let level: Level = args[2].parse().expect("a level");
            let variant: Variant = args
                .get(5)
                .map_or(Variant::Classic, |v| v.parse().expect("a variant"));
            for seed in num(3)..num(3) + num(4) {
                let options = GenerateOptions {
                    puzzle: Options {
                        size: Some(num(1) as usize),
                        ..Options::variant(variant)
                    },
                    seed,
                    level,
                    symmetry: Symmetry::None,
                    se: None,
                };
                let start = Instant::now();
                let g = generate(&options).unwrap();
                println!(
                    "# seed {seed}: {level} in {:.0} ms: {:.1} {} solved {} {:?}",
                    ms(start),
                    g.grade.score,
                    g.grade.steps,
                    g.grade.solved,
                    g.grade.techniques
                );
                let map = g.puzzle.layout().jigsaw_map().unwrap_or_default();
                println!("{variant} {} {map}", g.puzzle.to_line());
            }
        }
        _ => eprintln!(
            "usage: big_paths rate FILE... | carve N SEED COUNT | generate N LEVEL SEED COUNT"
        ),
    }
}

/// A puzzle line: the longest field is the puzzle; a first field naming a variant (as the
/// `generate` mode writes) sets it; a field after the puzzle as long as it is a jigsaw map.
fn parse(line: &str) -> Sudoku {
    let fields: Vec<&str> = line.split_whitespace().collect();
    // The first longest field (a jigsaw map after it is as long).
    let (i, text) = fields
        .iter()
        .enumerate()
        .rev()
        .max_by_key(|(_, f)| f.len())
        .expect("a field");
    let variant = fields[0].parse().unwrap_or(Variant::Classic);
    let options = match fields.get(i + 1).filter(|m| m.len() == text.len()) {
        Some(map) => Options {
            regions: Some(map.to_string()),
            ..Options::variant(Variant::Jigsaw)
        },
        None => Options::variant(variant),
    };
    Sudoku::parse(text, &options).expect("a valid puzzle")
}

/// A clock of this thread's CPU time where Linux gives one (`/proc/thread-self/schedstat`:
/// on a loaded machine, wall time counts the other processes' turns), else of wall time.
#[derive(Clone, Copy)]
struct Instant(std::time::Instant, Option<u64>);

impl Instant {
    fn now() -> Instant {
        Instant(std::time::Instant::now(), cpu_ns())
    }
}

fn cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

/// Milliseconds since `start`.
fn ms(start: Instant) -> f64 {
    match (start.1, cpu_ns()) {
        (Some(a), Some(b)) => (b - a) as f64 / 1e6,
        _ => start.0.elapsed().as_secs_f64() * 1e3,
    }
}

fn rate(files: &[String]) {
    for file in files {
        let text = std::fs::read_to_string(file).expect("a readable file");
        let mut times = Vec::new();
        let mut slowest_step = (0.0, Technique::HiddenSingle);
        let mut tally: BTreeMap<Technique, usize> = BTreeMap::new();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let puzzle = parse(line);
            let solution = puzzle.unique_solution().unwrap().expect("one solution");
            let start = Instant::now();
            puzzle.verdict().unwrap();
            let verdict = ms(start);
            let start = Instant::now();
            let grade = puzzle.grade().unwrap();
            let t = ms(start);
            times.push(t);
            let path = puzzle.solve_path().unwrap();
            let wrong = path.wrong_steps(solution.values());
            assert!(wrong.is_empty(), "{puzzle}: {wrong:#?}");
            // Each step alone, as a hint takes it: the grid before it, with its candidates.
            let mut step_max = (0.0, Technique::HiddenSingle);
            let n = puzzle.layout().size();
            let mut values = puzzle.values().to_vec();
            let entries_of = |values: &[u8]| {
                Sudoku::new(puzzle.shared_layout().clone(), values.to_vec()).unwrap()
            };
            // The candidates the path starts from: no filled peer's symbol.
            let fresh = puzzle.candidates().unwrap();
            let mut marks: Vec<u32> = (0..values.len()).map(|c| fresh.mask(c)).collect();
            for step in &path.steps {
                let entries = entries_of(&values);
                let start = Instant::now();
                let got = puzzle.next_step(&entries, Some(&marks)).unwrap();
                let t = ms(start);
                assert_eq!(got.map(|s| s.technique), Some(step.technique));
                if t > step_max.0 {
                    step_max = (t, step.technique);
                }
                *tally.entry(step.technique).or_default() += 1;
                for e in &step.eliminations {
                    marks[e.cell] &= !(1 << (e.value - 1));
                }
                if let Some(p) = step.placement {
                    values[p.cell] = p.value;
                    marks[p.cell] = 0;
                    for peer in puzzle.layout().peers(p.cell) {
                        marks[peer] &= !(1 << (p.value - 1));
                    }
                }
            }
            if step_max.0 > slowest_step.0 {
                slowest_step = step_max;
            }
            if std::env::var("BIG_PATHS_SCORES").is_ok() {
                println!("{:.2} {}", grade.score, grade.steps);
                continue;
            }
            println!(
                "{n}x{n}: {:.1} ms, {} steps, score {:.1}, solved {}, slowest step {:.1} ms ({}; the verdict, in each: {verdict:.1} ms)",
                t, grade.steps, grade.score, grade.solved, step_max.0, step_max.1
            );
        }
        times.sort_by(f64::total_cmp);
        if let (Some(&max), false) = (times.last(), times.is_empty()) {
            println!(
                "{file}: {} puzzles, grade median {:.1} ms, max {:.1} ms; slowest step {:.1} ms ({})",
                times.len(),
                times[times.len() / 2],
                max,
                slowest_step.0,
                slowest_step.1
            );
        }
        for (t, c) in &tally {
            println!("  {t}: {c}");
        }
    }
}

fn carve(n: usize, seed: u64, count: u64) {
    let mut solver = SudokuSolver::new();
    for seed in seed..seed + count {
        let options = GenerateOptions {
            puzzle: Options {
                size: Some(n),
                ..Options::variant(Variant::Classic)
            },
            seed,
            level: Level::Easy,
            symmetry: Symmetry::None,
            se: None,
        };
        let start = Instant::now();
        let generated = generate(&options).unwrap();
        let mut values = generated.puzzle.values().to_vec();
        let layout = generated.puzzle.shared_layout().clone();
        let mut order: Vec<usize> = (0..values.len()).filter(|&c| values[c] != 0).collect();
        let mut rng = fastrand::Rng::with_seed(seed);
        rng.shuffle(&mut order);
        for c in order {
            let v = values[c];
            values[c] = 0;
            let p = Sudoku::new(layout.clone(), values.clone()).unwrap();
            if solver.count(&p, 2).unwrap() != 1 {
                values[c] = v;
            }
        }
        let puzzle = Sudoku::new(layout, values).unwrap();
        let carved = ms(start);
        let start = Instant::now();
        let grade = puzzle.grade().unwrap();
        println!(
            "# seed {seed}: carved in {carved:.0} ms, graded in {:.0} ms: {:.1} {} solved {} {:?}",
            ms(start),
            grade.score,
            grade.steps,
            grade.solved,
            grade.techniques
        );
        println!("{}", puzzle.to_line());
    }
}
