//! The native side of `bench/calls/node.mjs`: the same calls the wasm build gets from JS, timed
//! natively, so that the per-call cost of the boundary can be read as a ratio in one run.
//!
//! ```text
//! cargo run --release --example per_call -- exact-cover FILE.dlx REPS
//! cargo run --release --example per_call -- sudoku FILE REPS
//! ```
//!
//! `exact-cover` prints, in µs per call (median of 7 batches of REPS calls), the text form
//! parsed and counted (`countText`), parsed and solved to the first solution (`firstText`),
//! and the same from item numbers through the builder (`countArrays`, `firstArrays`) and
//! from item names through it (`countNames`, `firstNames`: what JS's arrays of names are).
//! `sudoku` prints µs per puzzle for `solve_batch` on the whole file (`batch`). JSON on one
//! line. With NAME, only that measurement (for instruction counts under callgrind: the
//! difference between two REPS values over 8 times their difference calls).

use std::time::Instant;

use dlx_wasm::sudoku::{solve_batch, Options};
use dlx_wasm::{Problem, ProblemBuilder, Solver, SolverOptions};

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

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (what, file, reps, only) = match &args[..] {
        [what, file, reps] => (what, file, reps, None),
        [what, file, reps, only] => (what, file, reps, Some(only.as_str())),
        _ => {
            eprintln!("usage: per_call (exact-cover|sudoku) FILE REPS [NAME]");
            std::process::exit(2);
        }
    };
    let text = std::fs::read_to_string(file).expect("the file is readable");
    let reps: u32 = reps.parse().expect("REPS is a number");
    if what == "sudoku" {
        let puzzles: String = text
            .lines()
            .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
            .map(|l| format!("{}\n", l.trim()))
            .collect();
        let n = puzzles.lines().count() as f64;
        let mut out = String::new();
        let batch = time(reps, || {
            out.clear();
            solve_batch(&puzzles, &Options::default(), &mut out).expect("every puzzle parses")
                as u64
        });
        println!("{{\"batch\": {:.4}}}", batch / n);
        return;
    }
    let problem = Problem::parse(&text).expect("the problem parses");
    let options: Vec<Vec<usize>> = (0..problem.option_count())
        .map(|k| problem.option(k).iter().map(|e| e.item as usize).collect())
        .collect();
    let build = || {
        let mut builder =
            ProblemBuilder::new(problem.primary_count(), problem.secondary_count()).unwrap();
        for option in &options {
            builder.add_option(option).unwrap();
        }
        builder.build()
    };
    // The same problem by item names, as JS's `{ primary, secondary, options }` of names.
    let names: Vec<String> = (0..problem.item_count())
        .map(|i| problem.item_name(i).into_owned())
        .collect();
    let (primary, secondary) = names.split_at(problem.primary_count());
    let named: Vec<Vec<&str>> = options
        .iter()
        .map(|o| o.iter().map(|&i| names[i].as_str()).collect())
        .collect();
    let build_named = || {
        let mut builder = ProblemBuilder::with_names(primary, secondary).unwrap();
        for option in &named {
            builder.add_named_option(option).unwrap();
        }
        builder.build()
    };
    let parse = || Problem::parse(&text).unwrap();
    let calls: [(&str, &dyn Fn() -> u64); 6] = [
        ("countText", &|| count(&parse(), None)),
        ("firstText", &|| count(&parse(), Some(1))),
        ("countArrays", &|| count(&build(), None)),
        ("firstArrays", &|| count(&build(), Some(1))),
        ("countNames", &|| count(&build_named(), None)),
        ("firstNames", &|| count(&build_named(), Some(1))),
    ];
    let fields: Vec<String> = calls
        .iter()
        .filter(|(name, _)| only.is_none_or(|only| only == *name))
        .map(|(name, call)| format!("\"{name}\": {:.3}", time(reps, call)))
        .collect();
    println!("{{{}}}", fields.join(", "));
}
