//! Problem generators shared by the engine tests, and the `dlx` command-line tool's runner.
#![allow(dead_code)]

use dlx_engine::{Problem, ProblemBuilder};

pub mod random;

/// Knuth's example from "Dancing Links" and DLX1: primary A-E, secondary F G.
pub const KNUTH: &str = "A B C D E | F G\nC E\nA D G\nB C F\nA D F\nB G\nD E G\n";

/// n queens: rows and columns primary, the 2n - 1 diagonals of each direction secondary.
pub fn queens(n: usize) -> Problem {
    let diagonals = 2 * n - 1;
    let mut b = ProblemBuilder::new(2 * n, 2 * diagonals).expect("within budget");
    for r in 0..n {
        for c in 0..n {
            let a = 2 * n + r + c;
            let d = 2 * n + diagonals + (r + n - 1 - c);
            b.add_option(&[r, n + c, a, d]).expect("valid option");
        }
    }
    b.build()
}

/// Reads a test data file from `tests/data/`.
pub fn data(name: &str) -> String {
    let path = format!("{}/../../tests/data/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// Whether `solution` (option indices) covers every primary item within its bounds (exactly
/// once unless bounded), every secondary item at most once unless the options agree on its
/// color, and takes no option without a primary item (those are left out of the search, as
/// Knuth's DLX programs leave them out; decided here from the option's items alone).
pub fn is_solution(problem: &Problem, solution: &[usize]) -> bool {
    let n1 = problem.primary_count();
    let has_primary = |option: usize| {
        problem
            .option(option)
            .iter()
            .any(|e| (e.item as usize) < n1)
    };
    if !solution.iter().all(|&option| has_primary(option)) {
        return false;
    }
    let mut uses = vec![0u32; n1];
    let mut used: Vec<Option<u32>> = vec![None; problem.item_count()];
    for &option in solution {
        for entry in problem.option(option) {
            let item = entry.item as usize;
            if item < n1 {
                uses[item] += 1;
                continue;
            }
            let slot = &mut used[item];
            match *slot {
                None => *slot = Some(entry.color),
                Some(color) if color != 0 && color == entry.color => {}
                Some(_) => return false,
            }
        }
    }
    uses.iter().enumerate().all(|(item, &n)| {
        let (min, max) = problem.bounds(item);
        min <= n && n <= max
    })
}

/// Runs the `dlx` binary with `args` on `input`: its exit code, standard output and error.
pub fn run_dlx(args: &[&str], input: &str) -> (Option<i32>, String, String) {
    run_dlx_bytes(args, input.as_bytes())
}

/// [`run_dlx`] on bytes, which need not be UTF-8. The process may refuse before it reads
/// them all (a flag it refuses, input over its limit): the broken pipe is then expected.
pub fn run_dlx_bytes(args: &[&str], input: &[u8]) -> (Option<i32>, String, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The pipe closes at the end of the statement.
    let _ = child.stdin.take().unwrap().write_all(input);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}
