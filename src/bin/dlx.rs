//! `dlx`: reads an exact-cover problem in Knuth's format on standard input and prints the
//! number of solutions and the search statistics, and optionally the solutions, so the
//! engine can be run beside other DLX programs on the same files.

use std::io::{Read, Write};
use std::process::ExitCode;

use dlx_wasm::{
    split, MemoBranching, MemoOptions, ParallelOptions, ParallelSolver, Problem, Solver,
    SolverOptions, Status,
};

const USAGE: &str = r#"usage: dlx [options] < problem.dlx

Reads an exact-cover problem in Knuth's format (primary items | secondary items on the first
line, one option per line, `|` comment lines) and counts its solutions. As in his DLX3, a
primary item written `u:v|name` (or `v|name`) must be covered between u and v times.

options:
  -s, --solutions      print each solution as option lines, a blank line after each
  -n, --limit N        stop after N solutions
  -m, --max-nodes N    stop after N search nodes
  -r, --seed N         break ties between items at random, with seed N
  -f, --force K        require option K (0-based, input order) in every solution; repeatable
  -t, --threads N      search on N threads (default: one per core); the counts, and the
                       solutions printed (in the order of a search on one thread), are the same
      --tasks N        print a split of the search into about N disjoint tasks, one per line
                       (its path: option indices, `-` for a null move), in the order of
                       the search; their counts add up to the whole count
      --task PATH      search only the task PATH (a line printed by --tasks; with -f, the
                       same forced options as when splitting)
  -c, --count          count only (what dlx does unless --solutions is given)
      --memo           count with the memo cache: each subproblem is counted once (one
                       thread)
      --memo-bytes N   the memo cache's budget in bytes (default 268435456); past it the
                       cache stops growing and the count stays exact
      --memo-order     with --memo, branch on the first item in the order listed (after
                       any with at most one option left) instead of MRV: list a board's
                       cells row by row along its short side, pieces last, and the
                       subproblems recur as in a profile dynamic program
  -h, --help           this text

To spread a long count over machines: `dlx --tasks 10000 < p.dlx > tasks.txt`, run
`dlx --threads 1 --task "$line" < p.dlx` for each line with any batch runner, and add up
the counts printed."#;

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
    let mut memo: Option<MemoOptions> = None;
    let mut memo_bytes = None;
    let mut memo_order = false;
    let mut options = SolverOptions::default();
    let mut threads = 0;
    let mut list_tasks = None;
    let mut task = None;
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
            "-t" | "--threads" => threads = number("a count")? as usize,
            "--tasks" => list_tasks = Some(number("a count")? as usize),
            "--task" => {
                let text = args.next().ok_or("--task needs a task")?;
                task = Some(text.parse::<dlx_wasm::Task>().map_err(|e| e.to_string())?);
            }
            "-c" | "--count" => {}
            "--memo" => memo = Some(MemoOptions::default()),
            "--memo-bytes" => memo_bytes = Some(number("a size in bytes")?),
            "--memo-order" => memo_order = true,
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
    if memo_bytes.is_some() && memo.is_none() {
        return Err("--memo-bytes needs --memo".into());
    }
    if memo_order && memo.is_none() {
        return Err("--memo-order needs --memo".into());
    }
    if let Some(mut memo) = memo {
        if print {
            return Err("--memo counts only: it cannot print the solutions (--solutions)".into());
        }
        if let Some(bytes) = memo_bytes {
            memo.max_bytes = usize::try_from(bytes).unwrap_or(usize::MAX);
        }
        if memo_order {
            memo.branching = MemoBranching::InOrder;
        }
        return count_memo(&problem, &options, &memo);
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    if let Some(tasks) = list_tasks {
        for task in split(&problem, &options, tasks).map_err(|e| e.to_string())? {
            writeln!(out, "{task}").map_err(|e| e.to_string())?;
        }
        return Ok(ExitCode::SUCCESS);
    }
    let started = std::time::Instant::now();
    let mut count = 0u64;
    // Counts a solution, and prints it if asked to (then `solution` gives it).
    let mut write = |solution: &dyn Fn() -> Vec<usize>| -> Result<(), String> {
        count += 1;
        if print {
            writeln!(out, "{}", problem.solution_text(&solution())).map_err(|e| e.to_string())?;
        }
        Ok(())
    };
    let (stats, status) = if let Some(task) = task {
        let mut solver = Solver::for_task(&problem, &options, &task).map_err(|e| e.to_string())?;
        while solver.find_next() {
            write(&|| solver.solution())?;
        }
        (solver.stats(), solver.status())
    } else {
        let parallel = ParallelOptions {
            threads,
            ordered: true,
            ..ParallelOptions::default()
        };
        if parallel.thread_count() == 1 {
            let mut solver = Solver::with_options(&problem, &options).map_err(|e| e.to_string())?;
            while solver.find_next() {
                write(&|| solver.solution())?;
            }
            (solver.stats(), solver.status())
        } else {
            let solver =
                ParallelSolver::new(&problem, &options, &parallel).map_err(|e| e.to_string())?;
            let mut failed = Ok(());
            let outcome = if print {
                solver.for_each_solution(
                    |solution| {
                        if failed.is_ok() {
                            failed = write(&|| solution.to_vec());
                        }
                    },
                    |_| {},
                )
            } else {
                solver.count()
            }
            .map_err(|e| e.to_string())?;
            failed?;
            if !print {
                count = outcome.stats.solutions;
            }
            (outcome.stats, outcome.status)
        }
    };
    let ended = ended(status);
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

/// How a search ended, for the summary line.
fn ended(status: Status) -> &'static str {
    match status {
        Status::Exhausted => "complete",
        Status::SolutionLimit => "stopped at the solution limit",
        Status::NodeLimit => "stopped at the node limit",
        Status::Searching => "stopped",
    }
}

/// `--memo`: counts with the memo cache and prints the count, the statistics and the cache's.
fn count_memo(
    problem: &Problem,
    options: &SolverOptions,
    memo: &MemoOptions,
) -> Result<ExitCode, String> {
    let started = std::time::Instant::now();
    let result = Solver::count_memo(problem, options, memo).map_err(|e| e.to_string())?;
    let seconds = started.elapsed().as_secs_f64();
    let cache = result.memo;
    println!(
        "{} solutions, {} nodes, {} updates, {seconds:.3} s ({}); memo: {} entries, {} hits, \
         {} misses ({:.1}% hits), {} bytes{}",
        result.count,
        result.stats.nodes,
        result.stats.updates,
        ended(result.status),
        cache.entries,
        cache.hits,
        cache.misses,
        cache.hit_rate() * 100.0,
        cache.bytes,
        match (cache.full, cache.abandoned) {
            (_, true) => " (abandoned: the hits saved too few nodes)",
            (true, false) => " (budget reached: stopped caching)",
            (false, false) => "",
        }
    );
    Ok(ExitCode::SUCCESS)
}
