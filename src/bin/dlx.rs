//! `dlx`: reads an exact-cover problem in Knuth's format on standard input and prints the
//! number of solutions and the search statistics, and optionally the solutions, so the
//! engine can be run beside other DLX programs on the same files.

use std::io::{Read, Write};
use std::process::ExitCode;

use dlx_wasm::{Problem, Solver, SolverOptions, Status};

const USAGE: &str = "\
usage: dlx [options] < problem.dlx

Reads an exact-cover problem in Knuth's format (primary items | secondary items on the first
line, one option per line, `|` comment lines) and counts its solutions. As in his DLX3, a
primary item written `u:v|name` (or `v|name`) must be covered between u and v times.

options:
  -s, --solutions      print each solution as option lines, a blank line after each
  -n, --limit N        stop after N solutions
  -m, --max-nodes N    stop after N search nodes
  -r, --seed N         break ties between items at random, with seed N
  -f, --force K        require option K (0-based, input order) in every solution; repeatable
  -h, --help           this text";

fn main() -> ExitCode {
    match run() {
        Ok(code) => code,
        Err(message) => {
            eprintln!("dlx: {message}");
            ExitCode::from(2)
        }
    }
}

fn run() -> Result<ExitCode, String> {
    let mut print = false;
    let mut options = SolverOptions::default();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |what: &str| -> Result<u64, String> {
            let value = args.next().ok_or(format!("{arg} needs {what}"))?;
            value
                .parse()
                .map_err(|_| format!("{arg}: `{value}` is not a whole number"))
        };
        match arg.as_str() {
            "-s" | "--solutions" => print = true,
            "-n" | "--limit" => options.max_solutions = Some(number("a count")?),
            "-m" | "--max-nodes" => options.max_nodes = Some(number("a count")?),
            "-r" | "--seed" => options.seed = Some(number("a seed")?),
            "-f" | "--force" => options.forced.push(number("an option index")? as usize),
            "-h" | "--help" => {
                println!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            _ => return Err(format!("unknown argument `{arg}`\n{USAGE}")),
        }
    }
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| format!("reading standard input: {e}"))?;
    let problem = Problem::parse(&text).map_err(|e| e.to_string())?;
    let mut solver = Solver::with_options(&problem, &options).map_err(|e| e.to_string())?;

    let started = std::time::Instant::now();
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut count = 0u64;
    while solver.find_next() {
        count += 1;
        if print {
            let solution = solver.solution();
            writeln!(out, "{}", problem.solution_text(&solution)).map_err(|e| e.to_string())?;
        }
    }
    let stats = solver.stats();
    let ended = match solver.status() {
        Status::Exhausted => "complete",
        Status::SolutionLimit => "stopped at the solution limit",
        Status::NodeLimit => "stopped at the node limit",
        Status::Searching => "stopped",
    };
    writeln!(
        out,
        "{count} solutions, {} nodes, {} updates, {:.3} s ({ended})",
        stats.nodes,
        stats.updates,
        started.elapsed().as_secs_f64()
    )
    .map_err(|e| e.to_string())?;
    Ok(ExitCode::SUCCESS)
}
