//! Writes the exact-cover benchmark workloads (`crates/dlx-engine/benches/shared/workloads.rs`) for the JS
//! benchmarks: one Knuth-format `.dlx` file per problem and `workloads.json`, the manifest
//! they read (the workloads, and the names of the Rust solvers for `--time`), so Node and
//! Chromium solve exactly the options the criterion benches solve, in the same order.
//!
//! ```text
//! cargo run --release --example bench_workloads [-- OUT_DIR]     (default: target/bench-data)
//! ```
//!
//! With `--time FILE SOLVER MODE WARMUPS` it instead times one Rust solver (`ours`, `dlx`
//! or `dancing-links`, called as `crates/dlx-engine/benches/shared/solvers.rs` says) on one workload file
//! (`MODE`: `count` or `first`): one search after `WARMUPS` untimed ones, each with a fresh
//! setup (untimed), and prints `{"found": N, "ms": TIME}`. The Node benchmark runs it in its
//! interleaved rounds, so that native and wasm times are measured under the same load.

use std::fmt::Write as _;
use std::path::PathBuf;

use dlx_engine::Problem;

#[path = "../benches/shared/workloads.rs"]
mod workloads;

#[path = "../benches/shared/solvers.rs"]
mod solvers;

use workloads::{Mode, WORKLOADS};

/// `s` as a JSON string (the names and titles here need no escapes beyond these).
fn json_string(s: &str) -> String {
    format!("\"{}\"", s.replace('\\', "\\\\").replace('"', "\\\""))
}

/// Panics unless `text` reads back as `problem`: same items, same options, same order.
fn check_round_trip(problem: &Problem, text: &str, file: &str) {
    let back = Problem::parse(text).unwrap_or_else(|e| panic!("{file} does not parse: {e}"));
    let same = back.primary_count() == problem.primary_count()
        && back.secondary_count() == problem.secondary_count()
        && back.option_count() == problem.option_count()
        && (0..problem.option_count()).all(|k| back.option(k) == problem.option(k));
    assert!(
        same,
        "{file} does not read back as the problem it was written from"
    );
}

/// `--time FILE SOLVER MODE WARMUPS`: see the module docs.
fn time(args: &[String]) -> Result<(), Box<dyn std::error::Error>> {
    let [file, solver, mode, warmups] = args else {
        return Err("usage: bench_workloads --time FILE SOLVER count|first WARMUPS".into());
    };
    let problem = Problem::parse(&std::fs::read_to_string(file)?)?;
    if !solvers::RUST_SOLVERS.contains(&solver.as_str()) {
        return Err(format!("solver {solver:?}: one of {:?}", solvers::RUST_SOLVERS).into());
    }
    let mode = match mode.as_str() {
        "count" => Mode::Count,
        "first" => Mode::First,
        _ => return Err(format!("mode {mode:?}: count or first").into()),
    };
    for _ in 0..warmups.parse::<usize>()? {
        solvers::time_once(solver, &problem, mode);
    }
    let ((found, first), ms) = solvers::time_once(solver, &problem, mode);
    if mode == Mode::First {
        solvers::check_exact_cover(&problem, &first, solver);
    }
    println!("{{\"found\": {found}, \"ms\": {ms}}}");
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.first().is_some_and(|a| a == "--time") {
        return time(&args[1..]);
    }
    let dir = PathBuf::from(args.first().map_or("target/bench-data", String::as_str));
    std::fs::create_dir_all(&dir)?;

    let rust_solvers: Vec<String> = solvers::RUST_SOLVERS
        .iter()
        .map(|s| json_string(s))
        .collect();
    let mut manifest = format!(
        "{{\n\"rust_solvers\": [{}],\n\"workloads\": [\n",
        rust_solvers.join(", ")
    );
    for (k, w) in WORKLOADS.iter().enumerate() {
        let problem = (w.build)();
        let text = problem.to_text();
        check_round_trip(&problem, &text, w.file);
        std::fs::write(dir.join(w.file), &text)?;
        let _ = writeln!(
            manifest,
            "    {{\"name\": {}, \"title\": {}, \"file\": {}, \"mode\": {}, \"expected\": {}, \
             \"slow\": {}, \"options\": {}, \"primary\": {}, \"secondary\": {}}}{}",
            json_string(w.name),
            json_string(w.title),
            json_string(w.file),
            json_string(w.mode.name()),
            w.expected,
            w.slow,
            problem.option_count(),
            problem.primary_count(),
            problem.secondary_count(),
            if k + 1 < WORKLOADS.len() { "," } else { "" },
        );
        println!(
            "{}: {} options, {} primary + {} secondary items -> {}",
            w.name,
            problem.option_count(),
            problem.primary_count(),
            problem.secondary_count(),
            dir.join(w.file).display()
        );
    }
    manifest.push_str("]\n}\n");
    std::fs::write(dir.join("workloads.json"), manifest)?;
    println!("manifest -> {}", dir.join("workloads.json").display());
    Ok(())
}
