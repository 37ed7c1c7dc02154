//! The native side of `bench/calls/node.mjs`: the same calls the wasm build gets from JS, timed
//! natively, so that the per-call cost of the boundary can be read as a ratio in one run.
//!
//! ```text
//! cargo run --release --example per_call -- exact-cover FILE.dlx REPS [NAME]
//! cargo run --release --example per_call -- sudoku FILE REPS
//! cargo run --release --example per_call -- serve FILE.dlx SUDOKU_FILE
//! ```
//!
//! `exact-cover` prints, in µs per call (median of 7 batches of REPS calls), the text form
//! parsed and counted (`countText`), parsed and solved to the first solution (`firstText`),
//! and the same from item numbers through the builder (`countArrays`, `firstArrays`) and
//! from item names through it (`countNames`, `firstNames`: what JS's arrays of names are).
//! `sudoku` prints µs per puzzle for `solve_batch` on the whole file (`batch`). JSON on one
//! line. With NAME, only that measurement (for instruction counts under callgrind: the
//! difference between two REPS values over 8 times their difference calls).
//!
//! `serve` answers requests on stdin, one per line, `NAME REPS` (a name above, or `batch`):
//! one call of warm-up, then the mean µs per call (per puzzle for `batch`) over REPS calls,
//! on a line of its own. The benchmark keeps it running and asks for one measurement right
//! before taking the same one in wasm, so that both see the machine in the same state (its
//! speed shifts by up to 1.8x for seconds at a time).

use std::io::{BufRead, Write};
use std::time::Instant;

use dlx_engine::{Problem, ProblemBuilder, Solver, SolverOptions};
use dlx_sudoku::{solve_batch, Options};

/// Median µs per call of `f` over 7 batches of `reps` calls, after one batch of warm-up.
fn time(reps: u32, mut f: impl FnMut() -> u64) -> f64 {
    let mut check = 0;
    for _ in 0..reps {
        check += f();
    }
    let mut samples: Vec<f64> = (0..7)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..reps {
                check += f();
            }
            start.elapsed().as_secs_f64() * 1e6 / f64::from(reps)
        })
        .collect();
    assert!(check > 0);
    samples.sort_by(f64::total_cmp);
    samples[3]
}

fn count(problem: &Problem, limit: Option<u64>) -> u64 {
    let options = SolverOptions {
        max_solutions: limit,
        ..SolverOptions::default()
    };
    let mut solver = Solver::with_options(problem, &options).expect("no forced options");
    let mut found = 0;
    while solver.find_next() {
        found += 1;
    }
    found
}

/// A timed call: its name and what it does (returning something that depends on the work).
type Call<'a> = (&'static str, Box<dyn Fn() -> u64 + 'a>);

/// The exact-cover calls on the problem `text` (Knuth's format), in every form.
fn exact_cover_calls(text: &str) -> Vec<Call<'_>> {
    let problem = Problem::parse(text).expect("the problem parses");
    let options: Vec<Vec<usize>> = (0..problem.option_count())
        .map(|k| problem.option(k).iter().map(|e| e.item as usize).collect())
        .collect();
    // The same problem by item names, as JS's `{ primary, secondary, options }` of names.
    let names: Vec<String> = (0..problem.item_count())
        .map(|i| problem.item_name(i).into_owned())
        .collect();
    let named: Vec<Vec<String>> = options
        .iter()
        .map(|o| o.iter().map(|&i| names[i].clone()).collect())
        .collect();
    let (n1, n2) = (problem.primary_count(), problem.secondary_count());
    let build = move || {
        let mut builder = ProblemBuilder::new(n1, n2).unwrap();
        for option in &options {
            builder.add_option(option).unwrap();
        }
        builder.build()
    };
    let build_named = move || {
        let (primary, secondary) = names.split_at(n1);
        let mut builder = ProblemBuilder::with_names(primary, secondary).unwrap();
        for option in &named {
            builder.add_named_option(option).unwrap();
        }
        builder.build()
    };
    let parse = move || Problem::parse(text).unwrap();
    let (build, build_named) = (std::rc::Rc::new(build), std::rc::Rc::new(build_named));
    let (b1, b2) = (build.clone(), build_named.clone());
    vec![
        ("countText", Box::new(move || count(&parse(), None))),
        ("firstText", Box::new(move || count(&parse(), Some(1)))),
        ("countArrays", Box::new(move || count(&build(), None))),
        ("firstArrays", Box::new(move || count(&b1(), Some(1)))),
        ("countNames", Box::new(move || count(&build_named(), None))),
        ("firstNames", Box::new(move || count(&b2(), Some(1)))),
    ]
}

/// The puzzles of a file, one per line, blank lines and `#` comments left out.
fn puzzle_lines(text: &str) -> String {
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| format!("{}\n", l.trim()))
        .collect()
}

/// One `solve_batch` call on `puzzles`, counting the answers.
fn batch(puzzles: &str, out: &mut String) -> u64 {
    out.clear();
    solve_batch(puzzles, &Options::default(), out).expect("every puzzle parses") as u64
}

fn read(file: &str) -> String {
    std::fs::read_to_string(file).expect("the file is readable")
}

/// `serve`: answers `NAME REPS` lines until stdin ends.
fn serve(dlx: &str, sudoku: &str) {
    let text = read(dlx);
    let calls = exact_cover_calls(&text);
    let puzzles = puzzle_lines(&read(sudoku));
    let n = puzzles.lines().count() as f64;
    let mut out = String::new();
    let mut check = 0;
    let stdout = std::io::stdout();
    for line in std::io::stdin().lock().lines() {
        let line = line.expect("stdin is readable");
        let (name, reps) = line.split_once(' ').expect("NAME REPS");
        let reps: u32 = reps.trim().parse().expect("REPS is a number");
        let (per, started) = if name == "batch" {
            check += batch(&puzzles, &mut out);
            let started = Instant::now();
            for _ in 0..reps {
                check += batch(&puzzles, &mut out);
            }
            (n, started)
        } else {
            let (_, call) = calls
                .iter()
                .find(|(c, _)| *c == name)
                .expect("a known call");
            check += call();
            let started = Instant::now();
            for _ in 0..reps {
                check += call();
            }
            (1.0, started)
        };
        let micros = started.elapsed().as_secs_f64() * 1e6 / f64::from(reps) / per;
        writeln!(stdout.lock(), "{micros:.4}").expect("stdout is writable");
    }
    assert!(check > 0);
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [what, dlx, sudoku] = &args[..] {
        if what == "serve" {
            serve(dlx, sudoku);
            return;
        }
    }
    let (what, file, reps, only) = match &args[..] {
        [what, file, reps] => (what, file, reps, None),
        [what, file, reps, only] => (what, file, reps, Some(only.as_str())),
        _ => {
            eprintln!("usage: per_call (exact-cover|sudoku) FILE REPS [NAME] | serve FILE.dlx SUDOKU_FILE");
            std::process::exit(2);
        }
    };
    let text = read(file);
    let reps: u32 = reps.parse().expect("REPS is a number");
    if what == "sudoku" {
        let puzzles = puzzle_lines(&text);
        let n = puzzles.lines().count() as f64;
        let mut out = String::new();
        let per_puzzle = time(reps, || batch(&puzzles, &mut out)) / n;
        println!("{{\"batch\": {per_puzzle:.4}}}");
        return;
    }
    let fields: Vec<String> = exact_cover_calls(&text)
        .iter()
        .filter(|(name, _)| only.is_none_or(|only| only == *name))
        .map(|(name, call)| format!("\"{name}\": {:.3}", time(reps, call)))
        .collect();
    println!("{{{}}}", fields.join(", "));
}
