//! The same-run comparison of memoised counting (`Solver::count_memo`) with the plain
//! search on the counting workloads of issue #17: each workload counted by both, one after
//! the other, `DLX_MEMO_RUNS` times (default 3, the median kept), printed as a Markdown table
//! with the cache's figures, and the best Rust peer of `perf-anchors.md` for the workload
//! (`dancing-links` 0.3.1, or `dlx` 0.8.5 on the queens), timed the same way (its setup
//! untimed) in the same rounds.
//!
//! `cargo run --release --example memo_table [-- NAME...]` (names as in the table's first
//! column; none for all).

use std::time::Instant;

use dlx_wasm::puzzles::{
    langford, pentominoes, polyomino_tiling, polyomino_tiling_with_holes, queens,
};
use dlx_wasm::{MemoOptions, Problem, Solver, SolverOptions};

#[path = "../bench/exact-cover/workloads.rs"]
mod workloads;

#[path = "../bench/exact-cover/solvers.rs"]
mod solvers;

use solvers::{DANCING_LINKS, DLX};
use workloads::Mode;

fn workloads() -> Vec<(&'static str, u128, Problem)> {
    let scott = [(3, 3), (3, 4), (4, 3), (4, 4)];
    vec![
        (
            "pent6x10",
            9_356,
            polyomino_tiling(&pentominoes(), 6, 10).unwrap(),
        ),
        (
            "pent5x12",
            4_040,
            polyomino_tiling(&pentominoes(), 5, 12).unwrap(),
        ),
        (
            "scott8x8",
            520,
            polyomino_tiling_with_holes(&pentominoes(), 8, 8, &scott).unwrap(),
        ),
        ("langford11", 35_584, langford(11).unwrap()),
        ("langford12", 216_288, langford(12).unwrap()),
        ("queens12", 14_200, queens(12).unwrap()),
        ("queens14", 365_596, queens(14).unwrap()),
        ("dominoes6x8", 167_089, workloads::domino_tiling(6, 8)),
        ("dominoes8x8", 12_988_816, workloads::domino_tiling(8, 8)),
    ]
}

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn main() {
    let names: Vec<String> = std::env::args().skip(1).collect();
    let runs: usize = std::env::var("DLX_MEMO_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
        .max(1);
    println!(
        "| workload | count | peer | peer ms | plain ms | memo ms | memo vs plain | plain nodes \
         | memo nodes | hit rate | entries | cache MB | gave up |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (name, expected, problem) in workloads() {
        if !names.is_empty() && !names.iter().any(|n| n == name) {
            continue;
        }
        let peer = if name.starts_with("queens") {
            DLX
        } else {
            DANCING_LINKS
        };
        let (mut plain_times, mut memo_times, mut peer_times) =
            (Vec::new(), Vec::new(), Vec::new());
        let (mut plain_nodes, mut last) = (0, None);
        for _ in 0..runs {
            let started = Instant::now();
            let mut solver = Solver::new(&problem);
            let count = solver.count_solutions();
            plain_times.push(started.elapsed().as_secs_f64() * 1e3);
            assert_eq!(u128::from(count), expected, "plain {name}");
            plain_nodes = solver.stats().nodes;

            let started = Instant::now();
            let result =
                Solver::count_memo(&problem, &SolverOptions::default(), &MemoOptions::default())
                    .unwrap();
            memo_times.push(started.elapsed().as_secs_f64() * 1e3);
            assert_eq!(result.count, expected, "memo {name}");
            last = Some(result);

            let ((count, _), ms) = solvers::time_once(peer, &problem, Mode::Count);
            assert_eq!(u128::from(count), expected, "{peer} {name}");
            peer_times.push(ms);
        }
        let result = last.expect("at least one run");
        let (plain, memo) = (median(plain_times), median(memo_times));
        println!(
            "| {name} | {expected} | {peer} | {:.1} | {plain:.1} | {memo:.1} | {:.1}x | {plain_nodes} | {} | {:.1}% | {} | {:.1} | {} |",
            median(peer_times),
            plain / memo,
            result.stats.nodes,
            result.memo.hit_rate() * 100.0,
            result.memo.entries,
            result.memo.bytes as f64 / (1 << 20) as f64,
            if result.memo.abandoned { "yes" } else { "no" },
        );
    }
}
