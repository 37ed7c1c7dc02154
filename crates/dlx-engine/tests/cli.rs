//! The `dlx` command line: its counts, its refusals and its input checks, run as a process.

use crate::common;

/// 8 queens in Knuth's format (rows and columns primary, diagonals secondary): 92 solutions.
fn queens8() -> String {
    dlx_engine::puzzles::queens(8).unwrap().to_text()
}

/// Runs `dlx args` on `input`: (exit code, standard output, standard error).
fn dlx(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let (code, out, err) = common::run_dlx_bytes(args, input);
    (code.unwrap_or(-1), out, err)
}

/// The count at the start of a summary line.
fn count(summary: &str) -> u64 {
    let last = summary.lines().last().unwrap_or_default();
    last.split(' ').next().unwrap().parse().unwrap()
}

#[test]
fn counts_on_one_thread_on_two_and_with_the_memo() {
    let q8 = queens8();
    let (code, out, _) = dlx(&["-t", "1"], q8.as_bytes());
    assert_eq!(code, 0);
    // Knuth's DLX1 figures for 8 queens in this item order.
    assert!(
        out.starts_with("92 solutions, 1049 nodes, 16680 updates"),
        "{out}"
    );
    let (_, out, _) = dlx(&["-t", "2"], q8.as_bytes());
    assert_eq!(count(&out), 92);
    assert!(out.contains("2 threads"), "{out}");
    let (_, out, _) = dlx(&["--memo"], q8.as_bytes());
    assert_eq!(count(&out), 92);
}

#[test]
fn the_tasks_of_a_split_add_up_and_a_path_off_the_tree_is_refused() {
    let q8 = queens8();
    let (code, tasks, _) = dlx(&["--tasks", "20"], q8.as_bytes());
    assert_eq!(code, 0);
    let total: u64 = tasks
        .lines()
        .map(|task| count(&dlx(&["-t", "1", "--task", task], q8.as_bytes()).1))
        .sum();
    assert_eq!(total, 92);
    // Option 7 puts a queen in row 1: not a branch at the root, whose first item is row 0
    // (or a column); two options of one row are never on one path.
    let first = tasks.lines().next().unwrap().split(' ').next().unwrap();
    for path in ["200", &format!("{first} {first}")] {
        let (code, _, err) = dlx(&["--task", path], q8.as_bytes());
        assert_eq!(code, 2, "{path}: {err}");
        assert!(
            err.contains("not a branch of the search tree"),
            "{path}: {err}"
        );
    }
}

#[test]
fn a_task_of_another_split_is_refused_by_its_mark() {
    // The 8 queens split with option 3 forced: its tasks count the 8 solutions with a queen
    // there. Run without `-f 3` (or on another problem) a path names another subtree, and its
    // count would be added up without a sign: the line's mark refuses it.
    let q8 = queens8();
    let (code, tasks, _) = dlx(&["--tasks", "6", "-f", "3"], q8.as_bytes());
    assert_eq!(code, 0);
    let forced: u64 = tasks
        .lines()
        .map(|task| count(&dlx(&["-f", "3", "--task", task], q8.as_bytes()).1))
        .sum();
    let (_, all, _) = dlx(&["-f", "3"], q8.as_bytes());
    assert_eq!(forced, count(&all));
    let line = tasks.lines().next().unwrap();
    let (path, mark) = line
        .split_once(" @")
        .expect("a path, then the split's mark");
    assert_eq!(mark.len(), 16, "{line}");
    let six = "A B C D E | F G\nC E\nA D G\nB C F\nA D F\nB G\nD E G\n";
    for (args, input) in [
        (&["--task", line][..], q8.as_bytes()),
        (&["-f", "4", "--task", line], q8.as_bytes()),
        (&["-f", "3", "-r", "7", "--task", line], q8.as_bytes()),
        (&["-f", "3", "--task", line], six.as_bytes()),
    ] {
        let (code, out, err) = dlx(args, input);
        assert_eq!((code, out.as_str()), (2, ""), "{args:?}: {err}");
        assert!(
            err.contains(&format!("this task is from another split (@{mark})")),
            "{args:?}: {err}"
        );
    }
    // Each field of the mark counts: `-f 0` is not `-r 0` (they hashed the same bytes).
    let (_, zero, _) = dlx(&["--tasks", "6", "-f", "0"], q8.as_bytes());
    for line in zero.lines() {
        let (code, _, err) = dlx(&["-r", "0", "--task", line], q8.as_bytes());
        assert_eq!(code, 2, "{line}: {err}");
        assert!(err.contains("this task is from another split"), "{err}");
    }
    // The forced options are a set: their order does not matter. A bare path (as the
    // package's tasks give it) is run as it is; a root task's line cut to its mark too.
    let (code, _, err) = dlx(&["-f", "3", "-f", "3", "--task", line], q8.as_bytes());
    assert_eq!(code, 0, "{err}");
    let (_, marked, _) = dlx(&["-f", "3", "--task", line], q8.as_bytes());
    let (code, out, err) = dlx(&["-f", "3", "--task", path], q8.as_bytes());
    assert_eq!((code, count(&out)), (0, count(&marked)), "{err}");
    let (_, root, _) = dlx(&["--tasks", "1"], q8.as_bytes());
    let (code, out, err) = dlx(&["--task", root.trim()], q8.as_bytes());
    assert_eq!((code, count(&out)), (0, 92), "{root}: {err}");
}

#[test]
fn a_node_limit_holds_the_serial_search_to_it() {
    let q8 = queens8();
    for threads in ["1", "2"] {
        let (_, out, _) = dlx(&["-t", threads, "-m", "100"], q8.as_bytes());
        assert!(out.contains(", 100 nodes,"), "{out}");
        assert!(out.contains("stopped at the node limit"), "{out}");
    }
}

#[test]
fn flags_that_clash_are_refused_before_the_input_is_read() {
    for args in [
        &["--memo", "--task", "3"][..],
        &["--memo", "--tasks", "4"],
        &["--memo", "-t", "2"],
        &["-s", "-c"],
        &["--tasks", "4", "--task", "3"],
        &["--tasks", "4", "-s"],
        &["--tasks", "4", "-n", "1"],
        &["--task", "3", "-t", "2"],
    ] {
        let (code, out, err) = dlx(args, b"");
        assert_eq!(code, 2, "{args:?}");
        assert!(out.is_empty(), "{args:?}: {out}");
        assert!(err.contains("cannot combine"), "{args:?}: {err}");
    }
    let (code, _, err) = dlx(&["-f", "99999999999999999999"], b"");
    assert_eq!(code, 2);
    assert!(err.contains("too large"), "{err}");
}

#[test]
fn input_that_is_not_utf8_is_placed_and_oversized_input_is_not_held() {
    let (code, _, err) = dlx(&[], b"A B\nA B\nA\xff\n");
    assert_eq!(code, 2);
    assert!(err.contains("line 3, column 2"), "{err}");
    let mut big = b"A\n".to_vec();
    big.resize(dlx_engine::MAX_TEXT_BYTES + 10, b'A');
    let (code, _, err) = dlx(&[], &big);
    assert_eq!(code, 2);
    assert!(err.contains("the most dlx reads"), "{err}");
}

#[test]
fn an_option_with_no_primary_item_is_ignored_with_knuths_warning_or_refused_when_strict() {
    let text = common::data("dlx2_example.dlx");
    let (code, out, err) = dlx(&["-s", "-t", "1"], text.as_bytes());
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("A C X:1 Y:1\nB X:1\n\n1 solutions"),
        "{out}"
    );
    assert_eq!(
        err,
        "dlx: Option ignored (no primary items): option 2, line 4: X:0 Y:1\n"
    );
    // Forced options are the caller's numbers: option 3 is `B X:1`, option 2 the ignored one.
    let (code, out, _) = dlx(&["-f", "3"], text.as_bytes());
    assert_eq!((code, count(&out)), (0, 1));
    let (code, _, err) = dlx(&["-f", "2"], text.as_bytes());
    assert_eq!(code, 2);
    assert!(err.contains("forced option 2 was left out"), "{err}");
    let (code, out, err) = dlx(&["--strict"], text.as_bytes());
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err, "dlx: line 4: option 2 has no primary item\n");
}

/// Runs `dlx args` on `input` with standard output on `/dev/full` (every write fails: a
/// full disk): (exit code, standard error).
#[cfg(target_os = "linux")]
fn dlx_to_a_full_disk(args: &[&str], input: &[u8]) -> (Option<i32>, String) {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    let mut child = Command::new(env!("CARGO_BIN_EXE_dlx"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(full)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let _ = child.stdin.take().unwrap().write_all(input);
    let out = child.wait_with_output().unwrap();
    (out.status.code(), String::from_utf8(out.stderr).unwrap())
}

#[test]
#[cfg(target_os = "linux")]
fn output_that_cannot_be_written_is_an_error_never_lost_nor_a_panic() {
    let q8 = queens8();
    // A list of tasks cut short by a full disk would add up to a wrong count with no sign.
    for args in [
        &["--tasks", "100"][..],
        &["-t", "1"],
        &["-t", "2"],
        &["-s", "-t", "1"],
        &["--memo"],
        &["--help"],
    ] {
        let (code, err) = dlx_to_a_full_disk(args, q8.as_bytes());
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            err.starts_with("dlx: writing standard output: No space left on device"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn the_usage_text_gives_the_memo_budget_it_uses() {
    let (code, out, _) = dlx(&["--help"], b"");
    assert_eq!(code, 0);
    let budget = format!("(default {})", dlx_engine::DEFAULT_MEMO_BYTES);
    assert!(out.contains(&budget), "{out}");
}

#[test]
fn the_tasks_asked_for_are_bounded() {
    let q8 = queens8();
    let most = dlx_engine::MAX_TASKS.to_string();
    let over = (dlx_engine::MAX_TASKS + 1).to_string();
    let (code, _, err) = dlx(&["--tasks", &over], q8.as_bytes());
    assert_eq!(code, 2);
    assert_eq!(
        err.trim_end(),
        format!("dlx: --tasks: at most {most} tasks")
    );
    // As many as the tree has (8 queens: fewer than the bound).
    let (code, out, _) = dlx(&["--tasks", &most], q8.as_bytes());
    assert_eq!(code, 0);
    assert!(out.lines().count() <= dlx_engine::MAX_TASKS);
    let (_, usage, _) = dlx(&["--help"], b"");
    assert!(
        usage.contains(&format!("(N at most\n                       {most})")),
        "{usage}"
    );
}
