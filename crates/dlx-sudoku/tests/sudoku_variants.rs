//! Every variant solves a published puzzle to its published solution and rejects a grid
//! its extra regions forbid; a brute-force count checks the encoder on small puzzles.

use std::sync::Arc;

use crate::common::sees;

use dlx_sudoku::{
    Constraint, Layout, Options, RegionKind, Singles, Sudoku, SudokuError, SudokuSolver, Variant,
};

/// The sections of a data file, split at `--` lines, comments dropped.
fn sections(name: &str) -> Vec<String> {
    let path = format!(
        "{}/../../tests/data/sudoku/variants/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let body: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    body.split(|l| *l == "--").map(|s| s.join("\n")).collect()
}

/// Solves the puzzle and checks it has exactly the published solution.
fn check_published(puzzle: &Sudoku, solution: &Sudoku) {
    assert!(puzzle.layout().is_solution(solution.values()));
    let found = puzzle
        .unique_solution()
        .unwrap()
        .expect("a unique solution");
    assert_eq!(found.values(), solution.values());
    for singles in [Singles::All, Singles::Off] {
        let mut solver = SudokuSolver::with_singles(singles);
        assert_eq!(solver.count(puzzle, 5).unwrap(), 1);
    }
}

/// The conflicts a full grid has under `options`, as region kinds.
fn rejected_by(grid: &[u8], layout: &Arc<Layout>) -> Vec<RegionKind> {
    let puzzle = Sudoku::new(Arc::clone(layout), grid.to_vec()).unwrap();
    assert!(!layout.is_solution(grid));
    match puzzle.validate() {
        Err(SudokuError::ConflictingGivens { conflicts }) => conflicts
            .iter()
            .flat_map(|c| c.regions.iter().map(|r| r.kind))
            .collect(),
        other => panic!("expected conflicts, got {other:?}"),
    }
}

/// `grid` (9x9) with rows `a` and `b` swapped: still a classic solution when both rows are
/// in one band.
fn swap_rows(
    grid: &[u8],
    a: usize,
    b: usize,
    width: usize,
    cols: std::ops::Range<usize>,
) -> Vec<u8> {
    let mut out = grid.to_vec();
    for c in cols {
        out.swap(a * width + c, b * width + c);
    }
    out
}

#[test]
fn x_sudoku() {
    let parts = sections("x.txt");
    let options = Options::variant(Variant::X);
    let puzzle = Sudoku::parse(&parts[0], &options).unwrap();
    let solution = Sudoku::parse(&parts[1], &options).unwrap();
    check_published(&puzzle, &solution);
    // Under classic rules alone the puzzle has more solutions.
    let classic = Sudoku::parse(&parts[0], &Options::default()).unwrap();
    assert!(classic.count_solutions(2).unwrap() == 2);
    // Swapping two rows of a band keeps rows, columns and boxes, and breaks a diagonal.
    let swapped = swap_rows(solution.values(), 0, 1, 9, 0..9);
    assert!(classic.layout().is_solution(&swapped));
    let kinds = rejected_by(&swapped, solution.shared_layout());
    assert!(kinds
        .iter()
        .all(|k| matches!(k, RegionKind::Diagonal | RegionKind::AntiDiagonal)));
    assert!(!kinds.is_empty());
}

#[test]
fn windoku() {
    let parts = sections("windoku.txt");
    let options = Options::variant(Variant::Windoku);
    let puzzle = Sudoku::parse(&parts[0], &options).unwrap();
    let solution = Sudoku::parse(&parts[1], &options).unwrap();
    check_published(&puzzle, &solution);
    let classic = Sudoku::parse(&parts[0], &Options::default()).unwrap();
    assert_eq!(classic.count_solutions(2).unwrap(), 2);
    let swapped = swap_rows(solution.values(), 0, 1, 9, 0..9);
    assert!(classic.layout().is_solution(&swapped));
    let kinds = rejected_by(&swapped, solution.shared_layout());
    assert!(!kinds.is_empty() && kinds.iter().all(|k| *k == RegionKind::Window));
}

#[test]
fn jigsaw() {
    let parts = sections("jigsaw.txt");
    let options = Options {
        regions: Some(parts[1].clone()),
        ..Options::variant(Variant::Jigsaw)
    };
    let puzzle = Sudoku::parse(&parts[0], &options).unwrap();
    let solution = Sudoku::parse(&parts[2], &options).unwrap();
    assert_eq!(puzzle.layout().jigsaw_map().unwrap().len(), 81);
    check_published(&puzzle, &solution);
    // Rows and columns alone (a Latin square) allow a grid the jigsaw regions reject: swap
    // two columns.
    let mut swapped = solution.values().to_vec();
    for r in 0..9 {
        swapped.swap(r * 9, r * 9 + 8);
    }
    let kinds = rejected_by(&swapped, solution.shared_layout());
    assert!(!kinds.is_empty() && kinds.iter().all(|k| *k == RegionKind::Jigsaw));
}

#[test]
fn samurai() {
    let parts = sections("samurai.txt");
    let options = Options::variant(Variant::Samurai);
    let puzzle = Sudoku::parse(&parts[0], &options).unwrap();
    let solution = Sudoku::parse(&parts[1], &options).unwrap();
    assert_eq!(puzzle.layout().cell_count(), 369);
    check_published(&puzzle, &solution);
    assert_eq!(solution.to_grid().trim_end(), parts[1].trim_end());
    // Swap rows 7 and 8 of the top-left grid: that grid stays valid on its own, but the
    // box it shares with the middle grid no longer fits the middle grid's rows.
    let swapped = swap_rows(solution.values_at_positions().as_slice(), 6, 7, 21, 0..9);
    let layout = solution.shared_layout();
    let grid: Vec<u8> = (0..369)
        .map(|cell| {
            let p = layout.position(cell);
            swapped[(p.row - 1) * 21 + p.column - 1]
        })
        .collect();
    let kinds = rejected_by(&grid, layout);
    assert!(kinds.contains(&RegionKind::Row));
}

/// Samurai grids as 21 x 21 positions.
trait Positions {
    fn values_at_positions(&self) -> Vec<u8>;
}

impl Positions for Sudoku {
    fn values_at_positions(&self) -> Vec<u8> {
        let mut out = vec![0; 21 * 21];
        for (cell, &v) in self.values().iter().enumerate() {
            let p = self.layout().position(cell);
            out[(p.row - 1) * 21 + p.column - 1] = v;
        }
        out
    }
}

/// Every 4x4 grid with the constraints of `check`, by plain backtracking (no engine).
fn brute_force_grids(check: &dyn Fn(&[u8]) -> bool) -> Vec<Vec<u8>> {
    fn fill(grid: &mut Vec<u8>, out: &mut Vec<Vec<u8>>, check: &dyn Fn(&[u8]) -> bool) {
        let Some(cell) = grid.iter().position(|&v| v == 0) else {
            if check(grid) {
                out.push(grid.clone());
            }
            return;
        };
        for v in 1..=4 {
            let (r, c) = (cell / 4, cell % 4);
            let clash = (0..16).any(|o| {
                grid[o] == v && (o / 4 == r || o % 4 == c || (o / 8 == r / 2 && o % 4 / 2 == c / 2))
            });
            if !clash {
                grid[cell] = v;
                fill(grid, out, check);
                grid[cell] = 0;
            }
        }
    }
    let mut out = Vec::new();
    fill(&mut vec![0; 16], &mut out, check);
    out
}

fn distinct(values: impl Iterator<Item = u8>) -> bool {
    let mut seen = 0u32;
    values.into_iter().all(|v| {
        let fresh = seen & (1 << v) == 0;
        seen |= 1 << v;
        fresh
    })
}

#[test]
fn brute_force_agrees_on_small_puzzles() {
    let all = brute_force_grids(&|_| true);
    assert_eq!(all.len(), 288, "the number of 4x4 sudoku grids");
    let diagonals =
        |g: &[u8]| distinct((0..4).map(|i| g[i * 5])) && distinct((0..4).map(|i| g[i * 4 + 3 - i]));
    // An at-most-once region of three cells that no row, column or box holds together.
    let extra = [1usize, 4, 14];
    let extra_ok = |g: &[u8]| distinct(extra.iter().map(|&c| g[c]));
    let classic = Layout::new(4, &Options::default()).unwrap();
    let with_extra = Arc::new(classic.with_region(Constraint::AtMostOnce, &extra).unwrap());
    let cases: [(Arc<Layout>, Vec<Vec<u8>>); 3] = [
        (Arc::clone(&classic), all.clone()),
        (
            Layout::new(4, &Options::variant(Variant::X)).unwrap(),
            brute_force_grids(&diagonals),
        ),
        (with_extra, brute_force_grids(&extra_ok)),
    ];
    let mut rng = fastrand::Rng::with_seed(4);
    let mut solvers = [
        SudokuSolver::with_singles(Singles::All),
        SudokuSolver::with_singles(Singles::Off),
    ];
    for (layout, grids) in &cases {
        let mut seen = [0u32; 3];
        for _ in 0..400 {
            // Givens copied from a random grid, or (one time in four) random symbols.
            let source = &all[rng.usize(..all.len())];
            let givens: Vec<u8> = (0..16)
                .map(|c| match rng.u32(..8) {
                    0 => rng.u8(1..=4),
                    1 | 2 => source[c],
                    _ => 0,
                })
                .collect();
            let puzzle = Sudoku::new(Arc::clone(layout), givens.clone()).unwrap();
            let expected = grids
                .iter()
                .filter(|g| {
                    g.iter()
                        .zip(&givens)
                        .all(|(v, given)| *given == 0 || v == given)
                })
                .count() as u64;
            seen[expected.min(2) as usize] += 1;
            if puzzle.validate().is_err() {
                assert_eq!(expected, 0);
                continue;
            }
            for solver in &mut solvers {
                assert_eq!(solver.count(&puzzle, 1000).unwrap(), expected, "{puzzle}");
                let mut listed = Vec::new();
                solver
                    .for_each_solution(&puzzle, 1000, |g| {
                        listed.push(g.to_vec());
                        true
                    })
                    .unwrap();
                listed.sort();
                let mut wanted: Vec<Vec<u8>> = grids
                    .iter()
                    .filter(|g| {
                        g.iter()
                            .zip(&givens)
                            .all(|(v, given)| *given == 0 || v == given)
                    })
                    .cloned()
                    .collect();
                wanted.sort();
                assert_eq!(listed, wanted);
            }
        }
        // The sample covers puzzles with none, one and several solutions.
        assert!(seen.iter().all(|&k| k >= 20), "{seen:?}");
    }
}

#[test]
fn an_at_most_once_region_removes_solutions_that_repeat_in_it() {
    // A published puzzle with one solution (tests/data/sudoku/counted_puzzles.txt).
    let line = ".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4";
    let puzzle: Sudoku = line.parse().unwrap();
    let solution = puzzle.unique_solution().unwrap().unwrap();
    // Two cells in different rows, columns and boxes that hold the same digit.
    let (a, b) = (0..81)
        .flat_map(|a| (a + 1..81).map(move |b| (a, b)))
        .find(|&(a, b)| {
            solution.values()[a] == solution.values()[b] && !sees(puzzle.layout(), a, b)
        })
        .unwrap();
    let layout = Arc::new(
        puzzle
            .layout()
            .with_region(Constraint::AtMostOnce, &[a, b])
            .unwrap(),
    );
    assert_eq!(layout.region_count(), 28);
    let constrained = Sudoku::new(layout, puzzle.values().to_vec()).unwrap();
    assert_eq!(constrained.count_solutions(2).unwrap(), 0);
    // A region of two cells that differ in the solution keeps it.
    let c = (0..81)
        .find(|&c| solution.values()[c] != solution.values()[a] && c != a)
        .unwrap();
    let layout = Arc::new(
        puzzle
            .layout()
            .with_region(Constraint::AtMostOnce, &[a, c])
            .unwrap(),
    );
    let kept = Sudoku::new(layout, puzzle.values().to_vec()).unwrap();
    assert_eq!(kept.count_solutions(2).unwrap(), 1);
}

/// A layout's peers are the other cells of the cell's regions: 20 in a classic 9x9, 26 on
/// an X-Sudoku's diagonal corner, and symmetric (what the sudoku page prunes notes with).
#[test]
fn peers_are_the_cells_that_share_a_region() {
    let classic = Layout::new(9, &Options::default()).expect("classic 9x9");
    for cell in 0..81 {
        let peers = classic.peers(cell);
        assert_eq!(peers.len(), 20, "cell {cell}");
        assert!(!peers.contains(&cell));
        assert!(peers.windows(2).all(|w| w[0] < w[1]), "ascending");
        for &p in &peers {
            assert!(classic.peers(p).contains(&cell), "{p} and {cell}");
            let (a, b) = (classic.position(cell), classic.position(p));
            let same_box =
                (a.row - 1) / 3 == (b.row - 1) / 3 && (a.column - 1) / 3 == (b.column - 1) / 3;
            assert!(a.row == b.row || a.column == b.column || same_box);
        }
    }
    let x = Layout::new(9, &Options::variant(Variant::X)).expect("X 9x9");
    assert_eq!(x.peers(0).len(), 26);
    assert_eq!(x.peers(40).len(), 32, "the centre is on both diagonals");
    assert_eq!(x.peers(1).len(), 20);
}
