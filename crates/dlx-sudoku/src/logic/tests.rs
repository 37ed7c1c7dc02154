//! Techniques on constructed candidate grids, for patterns too rare to meet in the
//! generated puzzles of the integration tests (crates/dlx-sudoku/tests/sudoku_logic.rs).

use crate::alphabet::Alphabet;
use crate::layout::Layout;
use crate::puzzle::Sudoku;
use crate::shape::BoxShape;

use super::grid::{Context, Grid};
use super::pattern::{HouseRole, Role};
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
        forcing::contradiction(&ctx, &g).is_none(),
        "both values of each cell are consistent"
    );
    let step = forcing::forcing(&ctx, &g).expect("a forcing chain");
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

/// "The simplest first, among chains the shortest": at each step of every path of the
/// SE-rated sample, every technique is tried (not only those `next_step` reaches) and none
/// finds a step of lower score; and a chain step's chain is one of the fewest links of its
/// kind: no chain of that kind with one link less proves anything.
#[test]
fn each_step_is_the_lowest_scored_and_each_chain_the_shortest() {
    use super::chains::{shortest, Kind};
    let (mut steps, mut chains) = (0, 0);
    for puzzle in se_sample().into_iter().chain(hardest_sample()) {
        let ctx = Context::new(puzzle.layout(), puzzle.alphabet());
        let mut g = Grid::new(&ctx, puzzle.values()).expect("valid givens");
        while !g.solved() {
            let Some(step) = super::next_step(&ctx, &g, true, f64::INFINITY) else {
                break;
            };
            let mut lowest: Option<Step> = None;
            super::each_finder(&ctx, &g, true, f64::INFINITY, |_, find| {
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

/// A candidate grid written as 81 cells of candidates, one token per cell ("289", "3"):
/// a single symbol is a filled cell.
fn pencil_marks(ctx: &Context, text: &str) -> Grid {
    let cells: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(cells.len(), 81);
    let digits = |s: &str| -> Vec<u8> { s.bytes().map(|b| b - b'0').collect() };
    let values: Vec<u8> = cells
        .iter()
        .map(|s| if s.len() == 1 { digits(s)[0] } else { 0 })
        .collect();
    let mut g = Grid::new(ctx, &values).expect("no conflict");
    for (cell, s) in cells.iter().enumerate() {
        if s.len() > 1 {
            g.cand[cell] = digits(s).iter().fold(0, |m, &v| m | super::grid::bit(v));
        }
    }
    g
}

/// Leren's finned X-Wing, as posted in "Finned XWings" on the Enjoy Sudoku forum
/// (forum.enjoysudoku.com, t33214, 2016): "a finned XWing in 1's in r58/c29 with a fin at
/// r8c1, which removes the 1 from r9c2".
#[test]
fn finned_x_wing_of_the_enjoy_sudoku_forum() {
    let layout = classic();
    let alphabet = Alphabet::builtin();
    let ctx = Context::new(&layout, &alphabet);
    let g = pencil_marks(
        &ctx,
        "289 3 28 5 1 4 279 27 6
         569 7 56 69 3 2 14 14 8
         269 4 1 69 7 8 259 3 259
         12578 1258 2578 4 6 19 12579 1257 3
         4 15 9 3 2 7 8 6 15
         3 6 27 8 5 19 12479 1247 1249
         2568 9 3 1 48 56 2456 245 7
         1256 125 4 7 9 56 3 8 125
         15678 158 5678 2 48 3 1456 9 145",
    );
    assert!(super::fish::find(&ctx, &g, 2).is_none(), "no basic X-Wing");
    let step = super::finned::find(&ctx, &g, 2).expect("a finned X-Wing");
    assert_eq!(step.technique, Technique::FinnedXWing, "{}", step.reason);
    let at = |row: usize, column: usize| (row - 1) * 9 + column - 1;
    assert_eq!(
        step.eliminations,
        vec![Candidate {
            cell: at(9, 2),
            value: 1
        }]
    );
    let fins: Vec<usize> = step
        .roles
        .iter()
        .filter(|p| p.role == Role::Fin)
        .map(|p| p.candidate.cell)
        .collect();
    assert_eq!(fins, vec![at(8, 1)]);
    let fish: Vec<usize> = step
        .roles
        .iter()
        .filter(|p| p.role == Role::Fish)
        .map(|p| p.candidate.cell)
        .collect();
    assert_eq!(fish, vec![at(5, 2), at(5, 9), at(8, 2), at(8, 9)]);
    let houses: Vec<String> = step
        .houses
        .iter()
        .map(|h| format!("{} {}", h.role.name(), h.region))
        .collect();
    assert_eq!(
        houses,
        [
            "base row 5",
            "base row 8",
            "cover column 2",
            "cover column 9"
        ]
    );
    assert_eq!(step.score, 3.4);
    assert!(
        step.reason.starts_with(
            "In row 5 and row 8, 1 can only go in column 2 and column 9 or in the fin r8c1 of box 7."
        ),
        "{}",
        step.reason
    );
}

/// Sudopedia's sashimi Swordfish in the rows ("Sashimi Swordfish", sudopedia.org): a
/// symbol in rows 3, 5 and 7 only in columns 1, 6 and 9 but for a fin in box 8, where the
/// corner r7c6 lacks it; built here on an otherwise open grid. Only column 6's cells of
/// box 8 outside the rows (r8c6, r9c6) see the fin.
#[test]
fn sashimi_swordfish_of_sudopedia() {
    let layout = classic();
    let alphabet = Alphabet::builtin();
    let ctx = Context::new(&layout, &alphabet);
    let mut g = Grid::new(&ctx, &[0; 81]).expect("empty grid");
    let at = |row: usize, column: usize| (row - 1) * 9 + column - 1;
    let three = super::grid::bit(3);
    let keep = [
        (3, vec![1, 6, 9]),
        (5, vec![6, 9]),
        (7, vec![1, 9, 5]), // r7c5: the fin; r7c6: the missing corner
    ];
    for (row, columns) in &keep {
        for column in 1..=9 {
            if !columns.contains(&column) {
                g.cand[at(*row, column)] &= !three;
            }
        }
    }
    assert!(
        super::fish::find(&ctx, &g, 3).is_none(),
        "no basic Swordfish"
    );
    let step = super::finned::find(&ctx, &g, 3).expect("a sashimi Swordfish");
    assert_eq!(
        step.technique,
        Technique::SashimiSwordfish,
        "{}",
        step.reason
    );
    assert_eq!(step.score, 4.1);
    let removed: Vec<usize> = step.eliminations.iter().map(|e| e.cell).collect();
    assert_eq!(removed, vec![at(8, 6), at(9, 6)]);
    assert!(step.eliminations.iter().all(|e| e.value == 3));
    let fins: Vec<usize> = step
        .roles
        .iter()
        .filter(|p| p.role == Role::Fin)
        .map(|p| p.candidate.cell)
        .collect();
    assert_eq!(fins, vec![at(7, 5)]);
    let covers: Vec<String> = step
        .houses
        .iter()
        .filter(|h| h.role == HouseRole::Cover)
        .map(|h| h.region.to_string())
        .collect();
    assert_eq!(covers, ["column 1", "column 6", "column 9"]);
    // Without the fin it is a basic Swordfish, for the basic finder only.
    g.cand[at(7, 5)] &= !three;
    assert!(super::finned::find(&ctx, &g, 3).is_none());
    assert!(super::fish::find(&ctx, &g, 3).is_some());
}
