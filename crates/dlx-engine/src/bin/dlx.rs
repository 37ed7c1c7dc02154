//! `dlx`: reads an exact-cover problem in Knuth's format on standard input and prints the
//! number of solutions and the search statistics, and optionally the solutions, so the
//! engine can be run beside other DLX programs on the same files.

use std::io::{Read, Write};
use std::ops::ControlFlow;
use std::process::ExitCode;

use dlx_engine::{
    split, MemoBranching, MemoOptions, ParallelOptions, ParallelSolver, Problem, Solver,
    SolverOptions, Stats, Status, DEFAULT_MEMO_BYTES, MAX_TASKS, MAX_TEXT_BYTES,
};

const USAGE: &str = r#"usage: dlx [options] < problem.dlx

Reads an exact-cover problem in Knuth's format (primary items | secondary items on the first
line, one option per line, `|` comment lines) and counts its solutions. As in his DLX3, a
primary item written `u:v|name` (or `v|name`) must be covered between u and v times. As in
his DLX2, an option with no primary item is ignored, with a warning on standard error;
options keep their numbers (0-based, counting the ignored ones).

options:
  -s, --solutions      print each solution as option lines, a blank line after each
  -n, --limit N        stop after N solutions
  -m, --max-nodes N    stop after N search nodes (of the serial search: one thread)
  -r, --seed N         break ties between items at random, with seed N
  -f, --force K        require option K (0-based, input order) in every solution; repeatable
  -t, --threads N      search on N threads (default, or 0: one per core); the counts, and
                       the solutions printed (in the order of a search on one thread), are
                       the same; the nodes and updates are the tasks' (-t 1 for Knuth's
                       figures); with -r each task breaks ties with a seed of its own, so
                       the count is the same but the solutions come in another order
                       (-t 1 for the serial seeded search's)
      --tasks N        print a split of the search into about N disjoint tasks (N at most
                       MAX_TASKS), one per line (its path: option indices, `-` for a null
                       move; then `@` and the split's mark, a hash of the problem, the -f
                       and -r options and this dlx's split), in the order of the search;
                       their counts add up to the whole count
      --task LINE      search only the task of LINE (a line printed by --tasks, given the
                       same -f and -r options: a line whose mark is not this problem's with
                       them is refused; a bare path is searched as it is)
  -c, --count          count only (what dlx does unless --solutions is given)
      --strict         refuse an option with no primary item instead of ignoring it
      --memo           count with the memo cache: each subproblem is counted once (one
                       thread)
      --memo-bytes N   the memo cache's budget in bytes (default DEFAULT_MEMO_BYTES); past it the
                       cache stops growing and the count stays exact
      --memo-order     with --memo, branch on the first item in the order listed (after
                       any with at most one option left) instead of MRV: list a board's
                       cells row by row along its short side, pieces last, and the
                       subproblems recur as in a profile dynamic program
  -h, --help           this text

To spread a long count over machines: `dlx --tasks 10000 < p.dlx > tasks.txt`, run
`dlx --threads 1 --task "$line" < p.dlx` for each line with any batch runner, and add up
the counts printed."#;

/// The usage text, with the memo's default budget and the most tasks.
fn usage() -> String {
    USAGE
        .replace("DEFAULT_MEMO_BYTES", &DEFAULT_MEMO_BYTES.to_string())
        .replace("MAX_TASKS", &MAX_TASKS.to_string())
}

fn main() -> ExitCode {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    // What was written is flushed, and a failed write (a full disk) is an error, not lost.
    match run(&mut out).and_then(|()| out.flush().map_err(written)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            say(&message);
            ExitCode::from(2)
        }
    }
}

/// `message` on standard error, after `dlx: ` (where standard error fails, nothing more can
/// be said).
fn say(message: &str) {
    let _ = writeln!(std::io::stderr(), "dlx: {message}");
}

/// Why standard output could not be written.
fn written(error: std::io::Error) -> String {
    format!("writing standard output: {error}")
}

/// The summary line's start: the count, the statistics, the time and how the search ended.
fn summary(count: impl std::fmt::Display, stats: &Stats, seconds: f64, ended: &str) -> String {
    let (nodes, updates) = (stats.nodes, stats.updates);
    format!("{count} solutions, {nodes} nodes, {updates} updates, {seconds:.3} s ({ended})")
}

fn run(out: &mut impl Write) -> Result<(), String> {
    let mut print = false;
    let mut count_only = false;
    let mut memo = false;
    let mut memo_bytes = None;
    let mut memo_order = false;
    let mut options = SolverOptions::default();
    let mut threads = None;
    let mut list_tasks = None;
    let mut task = None;
    let mut strict = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut number = |what: &str| -> Result<u64, String> {
            let value = args.next().ok_or(format!("{arg} needs {what}"))?;
            value
                .parse()
                .map_err(|e: std::num::ParseIntError| match e.kind() {
                    std::num::IntErrorKind::PosOverflow => {
                        format!("{arg}: `{value}` is too large (at most {})", u64::MAX)
                    }
                    _ => format!("{arg}: `{value}` is not a whole number"),
                })
        };
        match arg.as_str() {
            "-s" | "--solutions" => print = true,
            "-n" | "--limit" => options.max_solutions = Some(number("a count")?),
            "-m" | "--max-nodes" => options.max_nodes = Some(number("a count")?),
            "-r" | "--seed" => options.seed = Some(number("a seed")?),
            "-f" | "--force" => options.forced.push(whole(number("an option index")?)?),
            "-t" | "--threads" => threads = Some(whole(number("a count")?)?),
            "--tasks" => match whole(number("a count")?)? {
                0 => return Err("--tasks needs a count of at least 1".into()),
                n if n > MAX_TASKS => return Err(format!("--tasks: at most {MAX_TASKS} tasks")),
                n => list_tasks = Some(n),
            },
            "--task" => {
                let text = args.next().ok_or("--task needs a task")?;
                // A line of --tasks: the path, then the split's mark (none: a bare path).
                let (path, mark) = match text.rsplit_once('@') {
                    Some((path, mark)) => (path.trim(), Some(mark.trim().to_ascii_lowercase())),
                    None => (text.as_str(), None),
                };
                let path = path
                    .parse::<dlx_engine::Task>()
                    .map_err(|e| e.to_string())?;
                task = Some((path, mark));
            }
            "-c" | "--count" => count_only = true,
            "--strict" => strict = true,
            "--memo" => memo = true,
            "--memo-bytes" => memo_bytes = Some(number("a size in bytes")?),
            "--memo-order" => memo_order = true,
            "-h" | "--help" => {
                return writeln!(out, "{}", usage()).map_err(written);
            }
            _ => return Err(format!("unknown argument `{arg}`\n{}", usage())),
        }
    }
    // Flags that cannot go together, refused before any input is read.
    let threads_given = threads.is_some_and(|n| n != 1);
    let clashes = [
        (print && count_only, "cannot combine --count and --solutions"),
        (
            memo && print,
            "--memo counts only: it cannot print the solutions (--solutions)",
        ),
        (
            memo && task.is_some(),
            "cannot combine --memo and --task (the memo counts the whole problem)",
        ),
        (memo && list_tasks.is_some(), "cannot combine --memo and --tasks"),
        (
            memo && threads_given,
            "cannot combine --memo (it counts on one thread) and --threads",
        ),
        (memo_bytes.is_some() && !memo, "--memo-bytes needs --memo"),
        (memo_order && !memo, "--memo-order needs --memo"),
        (
            list_tasks.is_some() && task.is_some(),
            "cannot combine --tasks and --task",
        ),
        (
            list_tasks.is_some() && print,
            "cannot combine --tasks (it prints the tasks) and --solutions",
        ),
        (
            list_tasks.is_some() && (options.max_solutions.is_some() || options.max_nodes.is_some()),
            "cannot combine --tasks (it splits the whole search) and a limit (give it to each --task)",
        ),
        (
            task.is_some() && threads_given,
            "cannot combine --task (it runs on one thread) and --threads",
        ),
    ];
    if let Some((_, message)) = clashes.iter().find(|(clash, _)| *clash) {
        return Err((*message).to_owned());
    }
    let text = read_input()?;
    let problem = match strict {
        true => Problem::parse_strict(&text),
        false => Problem::parse(&text),
    }
    .map_err(|e| e.to_string())?;
    // Knuth's DLX2 words, with where: "Option ignored (no primary items): option 2, line 4: x y".
    for warning in problem.warnings() {
        say(&format!(
            "{warning}: {}",
            problem.option_line(warning.option)
        ));
    }
    if memo {
        let mut memo = MemoOptions::default();
        if let Some(bytes) = memo_bytes {
            memo.max_bytes = usize::try_from(bytes).unwrap_or(usize::MAX);
        }
        if memo_order {
            memo.branching = MemoBranching::InOrder;
        }
        return count_memo(out, &problem, &options, &memo);
    }
    if let Some(tasks) = list_tasks {
        let mark = split_mark(&problem, &options);
        for task in split(&problem, &options, tasks).map_err(|e| e.to_string())? {
            writeln!(out, "{task} @{mark}").map_err(written)?;
        }
        return Ok(());
    }
    if let Some(mark) = task.as_ref().and_then(|(_, mark)| mark.as_deref()) {
        let here = split_mark(&problem, &options);
        if mark != here {
            return Err(format!(
                "--task: this task is from another split (@{mark}): this problem, with these \
                 -f and -r options, splits as @{here}; run each task on the problem and with \
                 the -f and -r options of the --tasks that printed it"
            ));
        }
    }
    let started = std::time::Instant::now();
    let mut count = 0u64;
    // Counts a solution, and prints it if asked to (then `solution` gives it).
    let mut write = |solution: &dyn Fn() -> Vec<usize>| -> Result<(), String> {
        count += 1;
        if print {
            writeln!(out, "{}", problem.solution_text(&solution())).map_err(written)?;
        }
        Ok(())
    };
    // Set when the search ran as a split on threads: (threads, tasks).
    let mut spread = None;
    let (stats, status) = if let Some((task, _)) = task {
        let mut solver = Solver::for_task(&problem, &options, &task).map_err(|e| e.to_string())?;
        while solver.find_next() {
            write(&|| solver.solution())?;
        }
        (solver.stats(), solver.status())
    } else {
        let parallel = ParallelOptions {
            // A node limit counts the nodes of the serial search, in its order.
            threads: if options.max_nodes.is_some() {
                1
            } else {
                threads.unwrap_or(0)
            },
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
            // A write that fails (a reader gone, a full disk) stops the search.
            let mut failed = Ok(());
            let outcome = if print {
                solver.try_for_each_solution(
                    |solution| {
                        failed = write(&|| solution.to_vec());
                        match failed {
                            Ok(()) => ControlFlow::Continue(()),
                            Err(_) => ControlFlow::Break(()),
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
            spread = Some((outcome.threads, outcome.tasks));
            (outcome.stats, outcome.status)
        }
    };
    let ended = ended(status);
    // On threads, the nodes and updates are the tasks' own: the split's search above them is
    // not in them, and each task lays out its forced options afresh.
    let on = match spread {
        Some((threads, tasks)) => format!(
            "; {threads} threads, {tasks} tasks: their nodes and updates (-t 1 for the serial search's)"
        ),
        None => String::new(),
    };
    let seconds = started.elapsed().as_secs_f64();
    writeln!(out, "{}{on}", summary(count, &stats, seconds, ended)).map_err(written)
}

/// The mark of a split that `--tasks` writes after each task's path, and that `--task`
/// checks: FNV-1a (64 bits) of the problem as Knuth's text, then of the version of the
/// split, the text's length, the forced options (a set, after their number) and the seed
/// (after whether there is one), which decide the search tree and so what a path names. A
/// task run on another problem, with other `-f` or `-r` options, or by a `dlx` that splits
/// otherwise would count another subtree without a sign.
fn split_mark(problem: &Problem, options: &SolverOptions) -> String {
    /// Raised when a change of the search (its branching, its ties, its random source)
    /// changes the tree a path walks: the lines of an older split are then refused.
    const SPLIT_VERSION: u64 = 1;
    let mut forced = options.forced.clone();
    forced.sort_unstable();
    forced.dedup();
    let text = problem.to_text();
    let mut words = vec![SPLIT_VERSION, text.len() as u64, forced.len() as u64];
    words.extend(forced.iter().map(|&option| option as u64));
    words.extend(match options.seed {
        Some(seed) => vec![1, seed],
        None => vec![0],
    });
    let bytes = words.iter().flat_map(|word| word.to_le_bytes());
    let hash = text
        .bytes()
        .chain(bytes)
        .fold(0xcbf2_9ce4_8422_2325_u64, |hash, byte| {
            (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
        });
    format!("{hash:016x}")
}

/// An index or a count as a `usize`.
fn whole(n: u64) -> Result<usize, String> {
    usize::try_from(n).map_err(|_| format!("{n} is too large for this machine"))
}

/// Standard input as text: at most [`MAX_TEXT_BYTES`] bytes are read (more is refused, not
/// held), and bytes that are not UTF-8 are reported by line and column.
fn read_input() -> Result<String, String> {
    let mut bytes = Vec::new();
    std::io::stdin()
        .take(MAX_TEXT_BYTES as u64 + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("reading standard input: {e}"))?;
    if bytes.len() > MAX_TEXT_BYTES {
        return Err(format!(
            "the input is over {MAX_TEXT_BYTES} bytes, the most dlx reads"
        ));
    }
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let before = &e.as_bytes()[..at];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = at
            - before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1)
            + 1;
        format!("line {line}, column {column} (byte {at}): the input is not UTF-8")
    })
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
    out: &mut impl Write,
    problem: &Problem,
    options: &SolverOptions,
    memo: &MemoOptions,
) -> Result<(), String> {
    let started = std::time::Instant::now();
    let result = Solver::count_memo(problem, options, memo).map_err(|e| e.to_string())?;
    let seconds = started.elapsed().as_secs_f64();
    let cache = result.memo;
    writeln!(
        out,
        "{}; memo: {} entries, {} hits, {} misses ({:.1}% hits), {} bytes{}",
        summary(result.count, &result.stats, seconds, ended(result.status)),
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
    )
    .map_err(written)
}
