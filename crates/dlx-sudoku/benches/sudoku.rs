//! Sudoku benchmarks: the first solution of the first 1,000 puzzles of the 17-clue, top1465
//! and forum-hardest-1106 sets (from `../shared/data/sudoku/`; where a set is missing, its
//! vendored sample `tests/data/sudoku/*.sample`, marked in the table), by dlx-wasm's sudoku
//! layer and by the `dlx` crate 0.8.5 with the full 324-item encoding a typical user writes, in
//! the same run.
//!
//! `cargo bench --bench sudoku` runs criterion, then prints a table of microseconds per
//! puzzle (best of several passes over each sample, the solvers taking turns) with the
//! engine's nodes and updates per puzzle and how the time splits between building the
//! problem and searching it.
//! `SUDOKU_TABLE_ONLY=1 cargo bench --bench sudoku` prints only the table.

use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use dlx_sudoku::{Singles, Sudoku, SudokuSolver};

/// Puzzles taken from each set.
const SAMPLE: usize = 1000;

/// A named sample of puzzles.
struct Set {
    name: String,
    puzzles: Vec<Sudoku>,
    /// The same puzzles as 81 values (0 for empty), for the peer.
    grids: Vec<[u8; 81]>,
}

/// The first [`SAMPLE`] puzzles of a set; where the full set is missing, the puzzles of its
/// vendored sample (every k-th puzzle of the set, not its first 1,000: figures from it do not
/// compare with the README's), with a note and " (sample)" in the name.
fn load(name: &'static str, file: &str) -> Set {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let path = root.join("../../../shared/data/sudoku").join(file);
    let (name, text) = match std::fs::read_to_string(&path) {
        Ok(text) => (name.to_owned(), text),
        Err(_) => {
            let sample = root
                .join("../../tests/data/sudoku")
                .join(format!("{file}.sample"));
            println!(
                "{name}: {} not found; using the vendored sample {}",
                path.display(),
                sample.display()
            );
            let text = std::fs::read_to_string(&sample)
                .unwrap_or_else(|e| panic!("{} is not readable ({e})", sample.display()));
            (format!("{name} (sample)"), text)
        }
    };
    let lines: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .take(SAMPLE)
        .collect();
    let puzzles: Vec<Sudoku> = lines
        .iter()
        .map(|l| l.parse().expect("the data sets parse"))
        .collect();
    let grids = puzzles
        .iter()
        .map(|p| {
            let mut grid = [0u8; 81];
            grid.copy_from_slice(p.values());
            grid
        })
        .collect();
    Set {
        name,
        puzzles,
        grids,
    }
}

/// The `dlx` crate 0.8.5 as a typical user drives it: items for every cell, row-digit,
/// column-digit and box-digit (324), an option per cell and digit, but only the given
/// digit's option for a given cell; MRV without tie-breaking; the first solution.
mod peer {
    use dlx::choose::{mrv_chooser, no_tiebreak, prefer_any};
    use dlx::x::make_problem;
    use dlx::{OptOrder, Solver, Uint};

    pub fn solve(givens: &[u8; 81], out: &mut [u8; 81]) -> bool {
        let mut options: Vec<Vec<Uint>> = Vec::with_capacity(729);
        let mut meaning = Vec::with_capacity(729);
        for (cell, &given) in givens.iter().enumerate() {
            let (r, c) = (cell / 9, cell % 9);
            let b = r / 3 * 3 + c / 3;
            for d in 0..9 {
                if given != 0 && usize::from(given) != d + 1 {
                    continue;
                }
                options.push(vec![
                    cell as Uint,
                    (81 + r * 9 + d) as Uint,
                    (162 + c * 9 + d) as Uint,
                    (243 + b * 9 + d) as Uint,
                ]);
                meaning.push((cell, d as u8 + 1));
            }
        }
        let mut problem = make_problem(324, 0, &options, OptOrder::Seq);
        let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
        let mut solver = Solver::new(&mut problem);
        if !solver.next_solution(&mut chooser) {
            return false;
        }
        for &option in solver.fmt_solution() {
            let (cell, d) = meaning[option as usize];
            out[cell] = d;
        }
        true
    }
}

/// Solves every puzzle of a set with dlx-wasm and checks the grids.
fn check(set: &Set) {
    let mut solver = SudokuSolver::new();
    let mut grid = Vec::new();
    let mut peer_grid = [0u8; 81];
    for (puzzle, givens) in set.puzzles.iter().zip(&set.grids) {
        assert!(solver.solve_into(puzzle, &mut grid).unwrap(), "{puzzle}");
        assert!(puzzle.layout().is_solution(&grid));
        assert!(peer::solve(givens, &mut peer_grid));
        assert!(puzzle.layout().is_solution(&peer_grid));
        for (k, &v) in givens.iter().enumerate() {
            assert!(v == 0 || (grid[k] == v && peer_grid[k] == v));
        }
    }
}

fn ours(solver: &mut SudokuSolver, grid: &mut Vec<u8>, set: &Set) {
    for puzzle in &set.puzzles {
        black_box(solver.solve_into(black_box(puzzle), grid).ok());
    }
}

fn theirs(out: &mut [u8; 81], set: &Set) {
    for givens in &set.grids {
        black_box(peer::solve(black_box(givens), out));
    }
}

fn criterion_runs(sets: &[Set]) {
    let mut c = Criterion::default()
        .configure_from_args()
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(4));
    for set in sets {
        let mut group = c.benchmark_group(format!("sudoku/{}", set.name));
        group.throughput(Throughput::Elements(set.puzzles.len() as u64));
        for (label, singles) in [
            ("dlx-wasm", Singles::All),
            ("dlx-wasm, no singles", Singles::Off),
        ] {
            let mut solver = SudokuSolver::with_singles(singles);
            let mut grid = Vec::new();
            group.bench_function(label, |b| b.iter(|| ours(&mut solver, &mut grid, set)));
        }
        let mut out = [0u8; 81];
        group.bench_function("dlx 0.8.5", |b| b.iter(|| theirs(&mut out, set)));
        group.finish();
    }
    c.final_summary();
}

/// Microseconds per puzzle for each of `runs`: the best of `passes` passes over the set,
/// the runs taking turns pass by pass so that load from other processes hits them alike.
fn per_puzzle(passes: usize, count: usize, runs: &mut [&mut dyn FnMut()]) -> Vec<f64> {
    for run in runs.iter_mut() {
        run();
    }
    let mut best = vec![f64::INFINITY; runs.len()];
    for _ in 0..passes {
        for (k, run) in runs.iter_mut().enumerate() {
            let start = Instant::now();
            run();
            best[k] = best[k].min(start.elapsed().as_secs_f64());
        }
    }
    best.iter().map(|t| t * 1e6 / count as f64).collect()
}

fn table(sets: &[Set]) {
    println!();
    println!("| set | puzzles | dlx-wasm µs | engine µs | engine, no singles µs | dlx 0.8.5 µs | dlx / dlx-wasm | dlx / engine | branches | engine nodes | engine updates |");
    println!("|---|---|---|---|---|---|---|---|---|---|---|");
    for set in sets {
        let n = set.puzzles.len();
        let mut solver = SudokuSolver::new();
        let mut engine = SudokuSolver::with_singles(Singles::All);
        let mut plain = SudokuSolver::with_singles(Singles::Off);
        let (mut grid, mut engine_grid, mut plain_grid) = (Vec::new(), Vec::new(), Vec::new());
        let mut out = [0u8; 81];
        let times = per_puzzle(
            9,
            n,
            &mut [
                &mut || ours(&mut solver, &mut grid, set),
                &mut || ours(&mut engine, &mut engine_grid, set),
                &mut || ours(&mut plain, &mut plain_grid, set),
                &mut || theirs(&mut out, set),
            ],
        );
        let (ours_us, engine_us, plain_us, theirs_us) = (times[0], times[1], times[2], times[3]);
        let (mut branches, mut nodes, mut updates) = (0, 0, 0);
        for puzzle in &set.puzzles {
            solver.solve_into(puzzle, &mut grid).unwrap();
            assert!(solver.report().bitboards);
            branches += solver.report().branches;
            engine.solve_into(puzzle, &mut grid).unwrap();
            nodes += engine.report().stats.nodes;
            updates += engine.report().stats.updates;
        }
        let per = |total: u64| total as f64 / n as f64;
        println!(
            "| {} | {n} | {ours_us:.2} | {engine_us:.1} | {plain_us:.1} | {theirs_us:.1} | {:.2}x | {:.2}x | {:.1} | {:.0} | {:.0} |",
            set.name,
            theirs_us / ours_us,
            theirs_us / engine_us,
            per(branches),
            per(nodes),
            per(updates),
        );
    }
    println!();
    println!(
        "Best of 9 passes over each sample, the solvers taking turns pass by pass; first solution."
    );
    println!("dlx-wasm: SudokuSolver::new(), the bitboard search (branches: its branching nodes per puzzle).");
    println!("engine: SudokuSolver::with_singles(Singles::All), singles then the linked engine (nodes and");
    println!("updates: Knuth's counters per puzzle); no singles: the engine on everything the givens leave open.");
}

fn main() {
    let sets: Vec<Set> = [
        ("17-clue", "puzzles2_17_clue"),
        ("top1465", "puzzles3_magictour_top1465"),
        ("hardest_1106", "puzzles6_forum_hardest_1106"),
    ]
    .into_iter()
    .map(|(name, file)| load(name, file))
    .collect();
    for set in &sets {
        check(set);
    }
    if std::env::var_os("SUDOKU_TABLE_ONLY").is_none() {
        criterion_runs(&sets);
    }
    table(&sets);
}
