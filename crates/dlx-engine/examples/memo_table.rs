//! The same-run comparison of memoised counting (`Solver::count_memo`) with the plain
//! search on the counting workloads of issue #17: each workload counted by the plain search,
//! by the memo under MRV (`MemoBranching::Mrv`), by the memo branching in the order the items
//! are listed (`MemoBranching::InOrder`, on the same problem with its items listed for it:
//! board cells row by row along the short side, Langford slots left to right, queens row by
//! row), and by the best Rust peer of `perf-anchors.md` (`dancing-links` 0.3.1, or `dlx`
//! 0.8.5 on the queens, its setup untimed), one after the other, `DLX_MEMO_RUNS` times
//! (default 3, the median kept), printed as a Markdown table with the cache's figures.
//!
//! `cargo run --release --example memo_table [-- NAME...]` (names as in the table's first
//! column; none for all but the opt-in ones, `langford15` and `langford16`, which take
//! minutes).

use std::time::Instant;

use dlx_engine::puzzles::{
    langford, pentominoes, polyomino_tiling, polyomino_tiling_with_holes, queens,
};
use dlx_engine::{MemoBranching, MemoCount, MemoOptions, Problem, Solver, SolverOptions};

#[path = "../benches/shared/workloads.rs"]
mod workloads;

#[path = "../benches/shared/solvers.rs"]
mod solvers;

use solvers::{DANCING_LINKS, DLX};
use workloads::Mode;

/// A workload: its name, its count, the problem, and the same problem listed for in-order
/// branching.
type Row = (&'static str, u128, Problem, Problem);

fn workloads(names: &[String]) -> Vec<Row> {
    let scott = [(3, 3), (3, 4), (4, 3), (4, 4)];
    let pent = |rows, cols, holes: &[(usize, usize)]| {
        polyomino_tiling_with_holes(&pentominoes(), rows, cols, holes).unwrap()
    };
    let mut rows = vec![
        (
            "pent6x10",
            9_356,
            polyomino_tiling(&pentominoes(), 6, 10).unwrap(),
            workloads::pentominoes_in_order(6, 10, &[]),
        ),
        (
            "pent5x12",
            4_040,
            pent(5, 12, &[]),
            workloads::pentominoes_in_order(5, 12, &[]),
        ),
        (
            "scott8x8",
            520,
            pent(8, 8, &scott),
            workloads::pentominoes_in_order(8, 8, &scott),
        ),
        (
            "langford11",
            35_584,
            langford(11).unwrap(),
            workloads::langford_in_order(11),
        ),
        (
            "langford12",
            216_288,
            langford(12).unwrap(),
            workloads::langford_in_order(12),
        ),
        (
            "queens12",
            14_200,
            queens(12).unwrap(),
            workloads::queens_in_order(12),
        ),
        (
            "queens14",
            365_596,
            queens(14).unwrap(),
            workloads::queens_in_order(14),
        ),
        (
            "dominoes6x8",
            167_089,
            workloads::domino_tiling(6, 8),
            workloads::domino_tiling(8, 6),
        ),
        (
            "dominoes8x8",
            12_988_816,
            workloads::domino_tiling(8, 8),
            workloads::domino_tiling(8, 8),
        ),
    ];
    // Opt-in: Langford pairs past a minute of plain search (OEIS A014552, times 2).
    for (n, pairs, name) in [
        (15, 39_809_640u128, "langford15"),
        (16, 326_721_800, "langford16"),
    ] {
        if names.iter().any(|k| k == name) {
            rows.push((
                name,
                pairs * 2,
                langford(n).unwrap(),
                workloads::langford_in_order(n),
            ));
        }
    }
    rows
}

fn median(mut times: Vec<f64>) -> f64 {
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

/// Counts `problem` with the memo under `branching`: the result and the milliseconds.
fn memo(problem: &Problem, branching: MemoBranching) -> (MemoCount, f64) {
    let started = Instant::now();
    let options = MemoOptions {
        branching,
        ..MemoOptions::default()
    };
    let result = Solver::count_memo(problem, &SolverOptions::default(), &options).unwrap();
    (result, started.elapsed().as_secs_f64() * 1e3)
}

/// The cache's figures: hits / lookups (the hit rate), entries, and whether it gave up.
fn cache(result: &MemoCount) -> String {
    let m = result.memo;
    format!(
        "{} / {} ({:.0}%) | {}{}",
        m.hits,
        m.hits + m.misses,
        m.hit_rate() * 100.0,
        m.entries,
        if m.abandoned { ", gave up" } else { "" },
    )
}

fn main() {
    let names: Vec<String> = std::env::args().skip(1).collect();
    let runs: usize = std::env::var("DLX_MEMO_RUNS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(3)
        .max(1);
    println!(
        "| workload | count | peer | peer ms | plain ms | memo ms | memo vs plain \
         | hits / lookups | entries | in-order memo ms | in-order vs plain | hits / lookups \
         | entries | plain nodes | memo nodes | in-order nodes |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
    for (name, expected, problem, ordered) in workloads(&names) {
        if !names.is_empty() && !names.iter().any(|n| n == name) {
            continue;
        }
        let peer = if name.starts_with("queens") {
            DLX
        } else {
            DANCING_LINKS
        };
        let mut times = [Vec::new(), Vec::new(), Vec::new(), Vec::new()];
        let (mut plain_nodes, mut last) = (0, None);
        for _ in 0..runs {
            let started = Instant::now();
            let mut solver = Solver::new(&problem);
            let count = solver.count_solutions();
            times[0].push(started.elapsed().as_secs_f64() * 1e3);
            assert_eq!(u128::from(count), expected, "plain {name}");
            plain_nodes = solver.stats().nodes;

            let (mrv, ms) = memo(&problem, MemoBranching::Mrv);
            times[1].push(ms);
            assert_eq!(mrv.count, expected, "memo {name}");
            let (in_order, ms) = memo(&ordered, MemoBranching::InOrder);
            times[2].push(ms);
            assert_eq!(in_order.count, expected, "in-order memo {name}");
            last = Some((mrv, in_order));

            let ((count, _), ms) = solvers::time_once(peer, &problem, Mode::Count);
            assert_eq!(u128::from(count), expected, "{peer} {name}");
            times[3].push(ms);
        }
        let (mrv, in_order) = last.expect("at least one run");
        let [plain, memo, ordered, peer_ms] = times.map(median);
        println!(
            "| {name} | {expected} | {peer} | {peer_ms:.1} | {plain:.1} | {memo:.1} | {:.2}x | {} \
             | {ordered:.1} | {:.2}x | {} | {plain_nodes} | {} | {} |",
            plain / memo,
            cache(&mrv),
            plain / ordered,
            cache(&in_order),
            mrv.stats.nodes,
            in_order.stats.nodes,
        );
    }
}
