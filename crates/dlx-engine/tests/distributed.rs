//! The README's recipe for a count beyond one machine, run as written: `dlx --tasks N` splits
//! Langford's problem for n = 11 into tasks, GNU `parallel` runs each line as its own `dlx`
//! process (two at a time, here on this machine; `--sshlogin`, a Slurm job array or a
//! Kubernetes Indexed Job run the same lines elsewhere), and the counts printed add up to the
//! published 35,584 (17,792 sequences and their reversals) and to the serial count.
//!
//! Needs GNU parallel (Debian's `parallel`, which `scripts/setup.sh` installs): without it
//! the test fails, it does not skip.

use std::path::{Path, PathBuf};
use std::process::Command;

use dlx_engine::puzzles::langford;

/// The README's two lines, run in a folder holding `p.dlx`, with the `dlx` under test first
/// on `PATH`.
const SPLIT: &str = "dlx --tasks 66 < p.dlx > tasks.txt";
const RUN: &str =
    "parallel --will-cite -j 2 'dlx -t 1 --task {} < p.dlx' :::: tasks.txt | awk '{ n += $1 } END { print n }'";

/// Langford pairs for n = 11, both a sequence and its reversal (OEIS A014552: 17,792).
const LANGFORD_11: u64 = 35_584;

/// A fresh folder for this test's files under cargo's temporary folder for tests.
fn workdir() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("distributed");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs `script` in bash (`set -euo pipefail`) in `dir`, with the `dlx` under test first on
/// `PATH`; returns its standard output, failing the test on a non-zero exit.
fn bash(dir: &Path, script: &str) -> String {
    let bin = Path::new(env!("CARGO_BIN_EXE_dlx")).parent().unwrap();
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .unwrap();
    let out = Command::new("bash")
        .args(["-c", &format!("set -euo pipefail\n{script}")])
        .current_dir(dir)
        .env("PATH", path)
        .output()
        .expect("bash runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{script}\n{stderr}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_readme_recipe_with_gnu_parallel_adds_up_to_the_serial_count() {
    let version = Command::new("parallel").arg("--version").output();
    let version = version.map(|out| String::from_utf8_lossy(&out.stdout).into_owned());
    assert!(
        version
            .as_deref()
            .is_ok_and(|v| v.starts_with("GNU parallel")),
        "GNU parallel is missing (Debian's `parallel`: scripts/setup.sh installs it): {version:?}"
    );
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
    let readme = readme.unwrap();
    for line in [SPLIT, RUN] {
        assert!(readme.contains(line), "README.md shows `{line}`");
    }

    let dir = workdir();
    std::fs::write(dir.join("p.dlx"), langford(11).unwrap().to_text()).unwrap();
    let serial = bash(&dir, "dlx -t 1 < p.dlx");
    assert!(
        serial.starts_with(&format!("{LANGFORD_11} solutions")),
        "{serial}"
    );

    bash(&dir, SPLIT);
    let tasks = std::fs::read_to_string(dir.join("tasks.txt")).unwrap();
    let tasks = tasks.lines().count();
    assert!((66..2 * 66).contains(&tasks), "{tasks} tasks");
    let sum = bash(&dir, RUN);
    assert_eq!(
        sum.trim(),
        LANGFORD_11.to_string(),
        "the sum over {tasks} tasks"
    );
}
