//! Techniques on constructed candidate grids, for patterns too rare to meet in the
//! generated puzzles of the integration tests (crates/dlx-sudoku/tests/sudoku_logic.rs).

use crate::alphabet::Alphabet;
use crate::layout::Layout;
use crate::puzzle::Sudoku;
use crate::shape::BoxShape;

use super::grid::{Context, Grid};
use super::net::Rules;
use super::step::{Candidate, Step, Technique};
use super::{forcing, subsets};

fn classic() -> Layout {
    Layout::classic(9, BoxShape { rows: 3, cols: 3 }).expect("9x9")
}

#[test]
fn hidden_quad_in_a_row() {
    let layout = classic();
    let alphabet = Alphabet::builtin();
    let ctx = Context::new(&layout, &alphabet);
    let mut g = Grid::new(&ctx, &[0; 81]).expect("empty grid");
    // Row 1: 1, 2, 3 and 4 only in r1c1..r1c4.
    for cell in 4..9 {
        g.cand[cell] &= !0b1111;
    }
    let step = subsets::hidden(&ctx, &g, 4).expect("a hidden quad");
    assert_eq!(step.technique, Technique::HiddenQuad);
    assert_eq!(step.cells, vec![0, 1, 2, 3]);
    let expected: Vec<Candidate> = (0..4)
        .flat_map(|cell| (5..=9).map(move |value| Candidate { cell, value }))
        .collect();
    assert_eq!(step.eliminations, expected);
    assert!(
        step.reason
            .starts_with("In row 1, 1, 2, 3 and 4 can only go in r1c1"),
        "{}",
        step.reason
    );
}

#[test]
fn forcing_chain_places_what_both_branches_place() {
    // A solved grid with a swappable rectangle r1c1/r1c2/r2c1/r2c2... found by search, then
    // those four cells and one more emptied: both values of the rectangle's first cell lead
    // by singles to the same value in the other cell.
    let solution: Sudoku =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
            .parse()
            .expect("a solved grid");
    let layout = solution.layout();
    let values = solution.values();
    let (height, width) = layout.dimensions();
    let mut rectangle = None;
    'search: for r1 in 0..height {
        for r2 in r1 + 1..height {
            for c1 in 0..width {
                for c2 in c1 + 1..width {
                    let cells = [r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2];
                    let same_band = r1 / 3 == r2 / 3;
                    let same_stack = c1 / 3 == c2 / 3;
                    if same_band != same_stack
                        && values[cells[0]] == values[cells[3]]
                        && values[cells[1]] == values[cells[2]]
                    {
                        rectangle = Some(cells);
                        break 'search;
                    }
                }
            }
        }
    }
    let cells = rectangle.expect("a grid has a swappable rectangle");
    let other = (0..81)
        .find(|c| !cells.contains(c) && !cells.iter().any(|&x| x / 9 == c / 9 || x % 9 == c % 9))
        .expect("another cell");
    let mut grid = values.to_vec();
    for &c in cells.iter().chain([&other]) {
        grid[c] = 0;
    }
    let alphabet = Alphabet::builtin();
    let ctx = Context::new(layout, &alphabet);
    let g = Grid::new(&ctx, &grid).expect("no conflict");
    assert!(
        forcing::contradiction(&ctx, &g, Rules::Singles).is_none(),
        "both values of each cell are consistent"
    );
    let step = forcing::forcing(&ctx, &g, Rules::Singles).expect("a forcing chain");
    assert_eq!(step.technique, Technique::ForcingChain);
    assert_eq!(
        step.placement,
        Some(Candidate {
            cell: other,
            value: values[other]
        }),
        "{}",
        step.reason
    );
    assert!(step
        .reason
        .contains("each choice leads by singles to the same result"));
}

/// The SE-rated sample's puzzles (`tests/data/sudoku/se/`).
fn se_sample() -> Vec<Sudoku> {
    include_str!("../../../../tests/data/sudoku/se/diabolical.sample.txt")
        .lines()
        .filter_map(|l| l.split_whitespace().nth(1))
        .map(|p| p.parse().expect("a valid puzzle"))
        .collect()
}

/// Every 8th puzzle of the vendored hardest-1106 sample, where the slow techniques are.
fn hardest_sample() -> Vec<Sudoku> {
    include_str!("../../../../tests/data/sudoku/puzzles6_forum_hardest_1106.sample")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .step_by(8)
        .map(|p| p.trim().parse().expect("a valid puzzle"))
        .collect()
}

/// A limit on base scores below the forcing nets'.
const BELOW_NETS: f64 = 8.9;

/// "The simplest first, among chains the shortest": at each step of every path of the
/// SE-rated sample, every technique is tried (not only those `next_step` reaches) and none
/// finds a step of lower score; and a chain step's chain is one of the fewest links of its
/// kind: no chain of that kind with one link less proves anything. The paths stop below the
/// forcing nets (base 9.0), which take seconds a step on the hardest puzzles and are
/// checked by `crates/dlx-sudoku/tests/sudoku_nets.rs`.
#[test]
fn each_step_is_the_lowest_scored_and_each_chain_the_shortest() {
    use super::chains::{shortest, Kind};
    let (mut steps, mut chains) = (0, 0);
    for puzzle in se_sample().into_iter().chain(hardest_sample()) {
        let ctx = Context::new(puzzle.layout(), puzzle.alphabet());
        let mut g = Grid::new(&ctx, puzzle.values()).expect("valid givens");
        while !g.solved() {
            let Some(step) = super::next_step(&ctx, &g, true, BELOW_NETS) else {
                break;
            };
            let mut lowest: Option<Step> = None;
            super::each_finder(&ctx, &g, true, BELOW_NETS, |_, find| {
                if let Some(s) = find() {
                    if lowest.as_ref().is_none_or(|l| s.score < l.score) {
                        lowest = Some(s);
                    }
                }
                false
            });
            let lowest = lowest.expect("the step's own finder");
            assert!(
                step.score <= lowest.score + 1e-9,
                "{puzzle}: {} ({:.1}) chosen over {} ({:.1})",
                step.technique,
                step.score,
                lowest.technique,
                lowest.score
            );
            let kind = match step.technique {
                Technique::XChain => Some(Kind::X),
                Technique::XyChain | Technique::Aic => Some(Kind::Aic),
                _ => None,
            };
            if let Some(kind) = kind {
                let links = step.links.len() as u32;
                assert!(links >= 1);
                assert!(
                    shortest(&ctx, &g, kind, links - 1).is_none(),
                    "{puzzle}: a shorter chain than {}",
                    step.reason
                );
                chains += 1;
            }
            super::apply(&ctx, &mut g, &step);
            steps += 1;
        }
    }
    assert!(
        steps > 1000 && chains > 10,
        "{steps} steps, {chains} chains"
    );
}
