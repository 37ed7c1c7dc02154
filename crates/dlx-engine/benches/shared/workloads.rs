//! The exact-cover benchmark workloads: the one list that the criterion benches
//! (`crates/dlx-engine/benches/exact_cover.rs`) and the workload writer (`crates/dlx-engine/examples/bench_workloads.rs`, which
//! hands the same problems to the Node and Chromium benchmarks as Knuth-format files) share.
//! Both include this file with `#[path]`; each uses only part of it.
#![allow(dead_code)]

use dlx_engine::puzzles::{langford, pentominoes, polyomino_tiling, queens};
use dlx_engine::Problem;

/// What a workload measures.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    /// Count every solution.
    Count,
    /// Find the first solution.
    First,
}

impl Mode {
    /// The name the JS side reads from the manifest.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Count => "count",
            Mode::First => "first",
        }
    }
}

/// One benchmark: a problem, what to do with it, and the answer every solver must give.
#[derive(Debug, Clone, Copy)]
pub struct Workload {
    /// Short id: the criterion group and the key in every result file.
    pub name: &'static str,
    /// What it is, for the table.
    pub title: &'static str,
    /// The problem file (in `target/bench-data/`) that holds its options; two workloads
    /// may share one.
    pub file: &'static str,
    /// The problem.
    pub build: fn() -> Problem,
    pub mode: Mode,
    /// Solutions to count ([`Mode::Count`]), or 1 ([`Mode::First`]).
    pub expected: u64,
    /// Takes seconds per run: skipped when `DLX_BENCH_QUICK` is set, and never run in
    /// the browser.
    pub slow: bool,
}

fn queens12() -> Problem {
    queens(12).expect("12 queens fits the size budget")
}

fn langford11() -> Problem {
    langford(11).expect("Langford n = 11 fits the size budget")
}

fn pentominoes6x10() -> Problem {
    polyomino_tiling(&pentominoes(), 6, 10).expect("6x10 pentominoes fit the size budget")
}

/// Every workload, in table order.
pub const WORKLOADS: &[Workload] = &[
    Workload {
        name: "queens12",
        title: "12 queens, all (diagonals secondary)",
        file: "queens12.dlx",
        build: queens12,
        mode: Mode::Count,
        expected: 14_200,
        slow: false,
    },
    Workload {
        name: "langford11",
        title: "Langford pairs n=11, all",
        file: "langford11.dlx",
        build: langford11,
        mode: Mode::Count,
        expected: 35_584,
        slow: false,
    },
    Workload {
        name: "pentominoes6x10_first",
        title: "6x10 pentominoes, first solution",
        file: "pentominoes6x10.dlx",
        build: pentominoes6x10,
        mode: Mode::First,
        expected: 1,
        slow: false,
    },
    Workload {
        name: "pentominoes6x10",
        title: "6x10 pentominoes, all",
        file: "pentominoes6x10.dlx",
        build: pentominoes6x10,
        mode: Mode::Count,
        expected: 9_356,
        slow: true,
    },
];

/// Domino tilings of a `rows` x `cols` board: one primary item per cell, one option per pair
/// of neighbouring cells (8x8: 12,988,816 tilings). The memo benchmarks' example of a count
/// whose subproblems recur (issue #17).
pub fn domino_tiling(rows: usize, cols: usize) -> Problem {
    let names: Vec<String> = (0..rows * cols).map(|k| format!("c{k}")).collect();
    let mut b =
        dlx_engine::ProblemBuilder::with_names::<String>(&names, &[]).expect("distinct cell names");
    for r in 0..rows {
        for c in 0..cols {
            let k = r * cols + c;
            if c + 1 < cols {
                b.add_option(&[k, k + 1]).expect("cells exist");
            }
            if r + 1 < rows {
                b.add_option(&[k, k + cols]).expect("cells exist");
            }
        }
    }
    b.build()
}

/// `problem` with its primary items listed in `order` (each primary item once, by index),
/// its secondary items and its options as they were: for the memo's in-order branching
/// (`MemoBranching::InOrder`, issue #17), which branches on the items in the order listed.
pub fn with_primary_order(problem: &Problem, order: &[usize]) -> Problem {
    let names = |items: &mut dyn Iterator<Item = usize>| -> Vec<String> {
        items.map(|i| problem.item_name(i).into_owned()).collect()
    };
    let primary = names(&mut order.iter().copied());
    let secondary = names(&mut (problem.primary_count()..problem.item_count()));
    assert_eq!(
        primary.len(),
        problem.primary_count(),
        "every primary item once"
    );
    let mut b = dlx_engine::ProblemBuilder::with_names(&primary, &secondary).expect("same names");
    for (k, &item) in order.iter().enumerate() {
        let (min, max) = problem.bounds(item);
        b.set_bounds(k, min, max).expect("the same bounds");
    }
    for option in 0..problem.option_count() {
        let line = problem.option_line(option);
        let tokens: Vec<&str> = line.split(' ').collect();
        b.add_named_option(&tokens).expect("the same options");
    }
    b.build()
}

/// A pentomino tiling listed for in-order branching: the cells row by row along the short
/// side (a board wider than high is turned a quarter, which keeps its tilings), then the
/// pieces, which every tiling covers anyway.
pub fn pentominoes_in_order(rows: usize, cols: usize, holes: &[(usize, usize)]) -> Problem {
    let turned: Vec<(usize, usize)> = holes.iter().map(|&(r, c)| (c, r)).collect();
    let (rows, cols, holes) = if cols > rows {
        (cols, rows, &turned[..])
    } else {
        (rows, cols, holes)
    };
    let pieces = pentominoes();
    let problem = dlx_engine::puzzles::polyomino_tiling_with_holes(&pieces, rows, cols, holes)
        .expect("the board fits the size budget");
    let order: Vec<usize> = (pieces.len()..problem.primary_count())
        .chain(0..pieces.len())
        .collect();
    with_primary_order(&problem, &order)
}

/// Langford pairs listed for in-order branching: the slots left to right, then the numbers.
pub fn langford_in_order(n: usize) -> Problem {
    let problem = langford(n).expect("n fits the size budget");
    let order: Vec<usize> = (n..3 * n).chain(0..n).collect();
    with_primary_order(&problem, &order)
}

/// The n queens listed for in-order branching: the rows top to bottom, then the columns.
pub fn queens_in_order(n: usize) -> Problem {
    let problem = queens(n).expect("n fits the size budget");
    let mut order: Vec<usize> = (0..problem.primary_count()).collect();
    // Items `r<k>` and `c<k>` (k in base 36): rows first, each kind by k.
    order.sort_by_key(|&item| {
        let name = problem.item_name(item);
        let k = usize::from_str_radix(&name[1..], 36).expect("a base-36 index");
        (name.starts_with('c'), k)
    });
    with_primary_order(&problem, &order)
}
