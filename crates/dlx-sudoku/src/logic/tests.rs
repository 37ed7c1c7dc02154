//! Techniques on constructed candidate grids, for patterns too rare to meet in the
//! generated puzzles of the integration tests (crates/dlx-sudoku/tests/sudoku_logic.rs).

use crate::alphabet::Alphabet;
use crate::layout::Layout;
use crate::puzzle::Sudoku;
use crate::shape::BoxShape;

use super::grid::{Context, Grid};
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

/// A candidate grid: `values` (81 characters, `.` empty) and, for each cell, its
/// candidates (`.` for a filled cell), separated by spaces; with the puzzle's solution.
fn marked(values: &str, marks: &str) -> (Grid, Vec<u8>) {
    let puzzle: Sudoku = values.parse().expect("a valid grid");
    let solution = puzzle
        .unique_solution()
        .expect("valid")
        .expect("one solution");
    let cand = marks
        .split_whitespace()
        .map(|m| {
            m.bytes()
                .filter(u8::is_ascii_digit)
                .fold(0u32, |acc, d| acc | 1 << (d - b'1'))
        })
        .collect::<Vec<u32>>();
    assert_eq!(cand.len(), 81);
    let g = Grid {
        values: puzzle.values().to_vec(),
        cand,
    };
    (g, solution.values().to_vec())
}

/// Each elimination is false in the solution, and a step's every link holds there.
fn check_against(step: &Step, solution: &[u8]) {
    for e in &step.eliminations {
        assert_ne!(solution[e.cell], e.value, "{e:?}: {}", step.reason);
    }
}

// The grids below are of puzzles of the public Sudoku Exchange bank (the SE-rated sample,
// `tests/data/sudoku/se/diabolical.sample.txt`, lines 1 and 15), part way along their
// paths; the rules are SudokuWiki's (https://www.sudokuwiki.org/3D_Medusa,
// https://www.sudokuwiki.org/Grouped_X_Cycles).

#[test]
fn medusa_colour_twice_in_a_region_is_false_and_what_sees_both_colours_goes() {
    // SudokuWiki's rule 2: 3 in r5c3 and 3 in r6c2 (box 4) have one colour, so it is
    // false; and rule 5: 6 in r5c3 shares a cell with one colour (3 in r5c3) and sees the
    // other (6 in r6c2).
    let (g, solution) = marked(
        ".2..514...51.2..9..74..6.5.24....3.51...45..75.7....84.1.5...4..95.6.8....231.5..",
        "3689 . 3689 789 . . . 367 368 368 . . 478 . 3478 67 . 368 389 . . 89 389 . 12 . 1238 \
         . . 689 16789 789 789 . 16 . . 368 3689 2689 . . 269 26 . . 36 . 1269 39 239 1269 . \
         . 3678 . 368 . 789 2789 2679 . 2369 347 . . 247 . 247 . 1237 123 4678 68 . . . 4789 \
         . 67 69",
    );
    let layout = classic();
    let alphabet = Alphabet::builtin();
    let ctx = Context::new(&layout, &alphabet);
    let graph = super::chains::aic_graph(&ctx, &g);
    let step = super::medusa::find(&ctx, &g, &graph.strong, &graph.weak).expect("3D Medusa");
    assert_eq!(step.technique, Technique::Medusa);
    let got: Vec<(usize, u8)> = step
        .eliminations
        .iter()
        .map(|e| (e.cell, e.value))
        .collect();
    assert_eq!(got, vec![(38, 3), (38, 6), (46, 3)], "{}", step.reason);
    assert!((step.score - 7.0).abs() < 1e-9, "{}", step.score);
    assert!(step
        .reason
        .contains("3 in r5c3 and 3 in r6c2, which see each other, so colour B is false"));
    check_against(&step, &solution);
    // Two colours, each candidate one, linked by strong links across colours.
    assert_eq!(step.roles.len(), step.candidates.len());
    assert_eq!(step.links.len() + 1, step.candidates.len());
    assert!(step.links.iter().all(|l| l.strong && l.house.is_some()));
}

#[test]
fn medusa_removes_a_candidate_that_sees_both_colours() {
    // SudokuWiki's rule 4: 8 in r8c1 sees 8 in r9c1 (one colour) and 8 in r9c3 (the
    // other), in a cluster joined through a cell's two candidates.
    let (g, solution) = marked(
        ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.",
        "14567 . . 1456 . 147 46 . 4567 4567 456 457 . 567 479 . 2357 234567 14567 . . . 1567 \
         147 46 57 . 1245 345 145 1256 . . . 1235 12345 124589 . 1458 125 15 123 2348 . 123459 \
         12589 359 . . . 123 238 1235 12359 . 45 457 124 17 . . . 127 46789 469 . 149 178 . 36 \
         137 1367 6789 . 78 29 . 279 . . 267",
    );
    let layout = classic();
    let alphabet = Alphabet::builtin();
    let ctx = Context::new(&layout, &alphabet);
    let graph = super::chains::aic_graph(&ctx, &g);
    let step = super::medusa::find(&ctx, &g, &graph.strong, &graph.weak).expect("3D Medusa");
    assert_eq!(
        step.eliminations,
        vec![Candidate { cell: 63, value: 8 }],
        "{}",
        step.reason
    );
    assert!(step
        .reason
        .contains("8 in r8c1 cannot be true with 8 in r9c1"));
    check_against(&step, &solution);
    let symbols: std::collections::BTreeSet<u8> = step.candidates.iter().map(|c| c.value).collect();
    assert!(symbols.len() >= 2, "a cluster across symbols");
}

#[test]
fn grouped_x_chain_through_a_box_line_group() {
    // r1c6 is 4, or r3c6 is (column 6), so r3c7 is not, so 4 is in r1c7 or r1c9 (box 3's
    // other places, a group in row 1): 4 in r1c1 sees both ends.
    let (g, solution) = marked(
        ".83.2..9....8.9123.293....82..6987...7...3.6...674....3....698...2.853...1..3.54.",
        "14567 . . 15 . 147 46 . 457 4567 456 457 . 567 . . . . 14567 . . . 1567 147 46 57 . . \
         345 145 . . . . 135 145 489 . 148 125 15 . 248 . 149 589 359 . . . 12 28 135 159 . 45 \
         457 124 17 . . . 127 4679 469 . 149 . . . 17 167 6789 . 78 29 . 27 . . 267",
    );
    let layout = classic();
    let alphabet = Alphabet::builtin();
    let ctx = Context::new(&layout, &alphabet);
    assert!(
        super::chains::shortest(&ctx, &g, super::chains::Kind::X, u32::MAX)
            .is_none_or(|(links, _)| links > 3),
        "no plain X-chain as short"
    );
    let step = super::chains::grouped(&ctx, &g, super::chains::Kind::X).expect("a grouped chain");
    assert_eq!(step.technique, Technique::GroupedXChain);
    assert_eq!(step.eliminations, vec![Candidate { cell: 0, value: 4 }]);
    check_against(&step, &solution);
    assert!((step.score - 7.5).abs() < 1e-9, "{}", step.score);
    assert_eq!(step.links.len(), 3);
    let group = [
        Candidate { cell: 6, value: 4 },
        Candidate { cell: 8, value: 4 },
    ];
    assert_eq!(step.links[2].to_group, group);
    assert_eq!(step.links[2].to, group[0]);
    assert!(
        matches!(step.links[2].house, Some(super::pattern::LinkHouse::Region(r)) if r.to_string() == "box 3"),
        "{:?}",
        step.links[2].house
    );
    assert!(
        step.reason.contains("4 is in r1c7 or r1c9"),
        "{}",
        step.reason
    );
    // Every candidate of the group has its role.
    for c in group {
        assert!(step.roles.iter().any(|p| p.candidate == c));
    }
}

/// Issue #34 item 6, every size: along the paths of the generated 16x16 puzzle and of an
/// X-sudoku (diagonals as regions), 3D Medusa and grouped chains are tried at every step
/// (not only where they are the easiest) and each step they find is checked against the
/// solution; each finds some on the 16x16.
#[test]
fn medusa_and_grouped_chains_hold_at_16x16_and_on_x_sudoku() {
    use super::chains::{grouped, Kind};
    let sixteen = include_str!("../../../../tests/data/sudoku/generated.txt")
        .lines()
        .find(|l| l.starts_with("classic 16 "))
        .and_then(|l| l.split_whitespace().nth(6))
        .expect("the generated 16x16");
    let x = include_str!("../../../../tests/data/sudoku/variants/x.txt")
        .lines()
        .find(|l| !l.starts_with('#') && !l.trim().is_empty())
        .expect("an X-sudoku");
    let puzzles = [
        (sixteen, crate::Options::default()),
        (x, crate::Options::variant(crate::Variant::X)),
    ];
    for (k, (line, options)) in puzzles.into_iter().enumerate() {
        let puzzle = Sudoku::parse(line, &options).expect("a valid puzzle");
        let solution = puzzle.unique_solution().expect("valid").expect("unique");
        let ctx = Context::new(puzzle.layout(), puzzle.alphabet());
        let mut g = Grid::new(&ctx, puzzle.values()).expect("valid givens");
        let mut found = [0usize; 3];
        while !g.solved() {
            let graph = super::chains::aic_graph(&ctx, &g);
            let steps = [
                super::medusa::find(&ctx, &g, &graph.strong, &graph.weak),
                grouped(&ctx, &g, Kind::X),
                grouped(&ctx, &g, Kind::Aic),
            ];
            for (i, step) in steps.iter().enumerate() {
                if let Some(step) = step {
                    check_against(step, solution.values());
                    found[i] += 1;
                }
            }
            let Some(step) = super::next_step(&ctx, &g, true, f64::INFINITY) else {
                break;
            };
            super::apply(&ctx, &mut g, &step);
        }
        assert!(g.solved(), "{line}");
        if k == 0 {
            assert!(found[0] > 0 && found[1] + found[2] > 0, "{found:?}");
        }
    }
}
