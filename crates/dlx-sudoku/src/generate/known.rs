//! Known hard 9x9 puzzles, the starts of [`generate`](super::generate) for the ranges of the
//! Sudoku Explainer scale that its random climb does not reach (from [`KNOWN_FROM`]), and
//! the random isomorphisms that disguise them.
//!
//! The table holds a few puzzles of the Enjoy Sudoku forum's hardest lists (the 2011
//! database and the 2019 list of puzzles rated 11 and more, as `tests/data/sudoku/` vendors
//! them), chosen by measurement: ones whose neighbours ({-1+1} moves) grade in the range
//! most often (the module's tests hold each to its grade). The forum found its hardest
//! puzzles the same way: neighbourhood searches around known hard ones.

use fastrand::Rng;

use crate::encode::shuffle;

/// The lowest start of an SE range for which [`generate`](super::generate) starts from a
/// known puzzle: below it the random climb meets the ranges (9.0-10.0 on 8 seeds of 8), at
/// 10.0-11.0 it met none of 8 in 2,000 grades.
pub(super) const KNOWN_FROM: f64 = 10.0;

/// A known puzzle, packed: its grade in tenths of a point, then 11 bytes of the cells with a
/// given (cell `c` is bit `c % 8` of byte `c / 8`, cells row by row), then the givens' digits
/// in cell order, two to a byte (the first in the low four bits; a last odd digit alone).
type Packed = &'static [u8];

/// The known puzzles ([`Packed`]), easiest first, each from a list of the forum vendored in
/// `tests/data/sudoku/` ([`SOURCES`] names it and the puzzle's number in it, from 1).
///
/// The grades below (and in the table) are those of the grader since contradictions count
/// what both their sides rest on (2026-11-28), which raised each by 0.1 to 0.2; the choices
/// were measured just before, with the grades in parentheses.
///
/// The five graded 10.3 to 11.1 (10.2 to 10.9) are of `puzzles6_forum_hardest_1106` (the
/// 2011 database), chosen among 16 of the list (15 graded 10.0 to 11.0, one 11.8) by their
/// neighbours ([`neighbour`](super::neighbour)): each had at least 2 of 6 drawn in 10.0-11.0
/// (No. 33 also 3 of 4 of a neighbour's neighbours, the others 0 or 1 of 4); of the others,
/// two had no neighbour at all, one a single one, six 1 or none of 6 in the range; the 11.8
/// one had 2 of 6 (but its own grade takes minutes), and one seen after the table was set 2
/// of 6 (0 of 4 of its neighbours' neighbours).
///
/// The five from 11.2 (11.1) are of the sample of the 2019 list
/// (`puzzles5_forum_hardest_1905_11+`, every 128th), chosen the same way
/// (`known_neighbourhoods` in the tests): of its 80 puzzles Nos. 1, 9, ... 377 and 5, 13,
/// ... 253, 67 graded 11.0 to 11.7; of 342 neighbours drawn from 62 of those (4 or 6 each),
/// 5 graded 11.0 or more, around four puzzles: No. 81 (now 11.2; then 11.1: 1 of 6, then 2
/// of 12 graded 11.4), No. 89 (11.5; 11.4: 1 of 6, then 2 of 12 graded 11.1), No. 221 (11.3;
/// 11.2: 1 of 6) and No. 125 (2 of 6, but graded 11.0 itself, the end of 10.0-11.0, so left
/// out). None of the 17 graded 11.5 or more had a neighbour graded 11.0 or more (10.7 at
/// best): Nos. 73 and 377 (11.8; 11.7, from [`BARREN_FROM`]) start the ranges from 11.5
/// ([`UNWALKED_FROM`]), and are not walked from: the generator returns them, disguised.
const TABLE: [Packed; 10] = [
    // 1106 No. 1, graded 10.3.
    &[
        103, 0, 137, 72, 130, 1, 71, 21, 17, 65, 5, 1, 56, 148, 98, 151, 22, 98, 37, 135, 21, 66,
        53,
    ],
    // 1106 No. 3, graded 10.3.
    &[
        103, 68, 4, 5, 134, 1, 131, 13, 21, 65, 1, 1, 114, 97, 21, 56, 71, 73, 33, 51, 146, 88, 38,
    ],
    // 1106 No. 33, graded 10.6.
    &[
        106, 32, 40, 40, 36, 229, 48, 128, 48, 68, 20, 1, 36, 83, 151, 36, 152, 88, 54, 120, 137,
        86, 129,
    ],
    // 1106 No. 46, graded 10.6.
    &[
        106, 0, 137, 72, 2, 69, 69, 133, 36, 34, 33, 0, 18, 55, 149, 70, 67, 72, 149, 105, 35, 113,
        3,
    ],
    // 1106 No. 6, graded 11.1.
    &[
        111, 36, 36, 36, 36, 36, 33, 97, 48, 36, 36, 1, 22, 53, 73, 23, 50, 73, 21, 99, 56, 34, 56,
    ],
    // 1905 sample No. 81, graded 11.2.
    &[
        112, 97, 20, 82, 18, 66, 49, 17, 152, 68, 16, 0, 97, 87, 97, 121, 49, 68, 130, 105, 135,
        82, 151, 3,
    ],
    // 1905 sample No. 221, graded 11.3.
    &[
        113, 75, 146, 80, 200, 66, 2, 84, 32, 135, 66, 0, 137, 103, 151, 85, 88, 100, 67, 18, 52,
        118, 105, 83, 7,
    ],
    // 1905 sample No. 89, graded 11.5.
    &[
        115, 0, 73, 104, 2, 197, 84, 140, 35, 69, 17, 0, 17, 50, 65, 69, 102, 87, 83, 118, 84, 118,
        70, 131, 9,
    ],
    // 1905 sample No. 73, graded 11.8.
    &[
        118, 32, 33, 49, 97, 34, 104, 4, 37, 33, 9, 1, 33, 50, 84, 86, 118, 152, 145, 131, 100,
        135, 133, 7,
    ],
    // 1905 sample No. 377, graded 11.8.
    &[
        118, 75, 38, 144, 8, 68, 5, 160, 8, 58, 92, 0, 137, 103, 87, 102, 89, 132, 89, 35, 113, 37,
        88, 116, 9,
    ],
];

/// The vendored list (in `tests/data/sudoku/`) and number (from 1) of each puzzle of
/// [`TABLE`], in its order: what the tests check the table against.
#[cfg(test)]
const SOURCES: [(&str, usize); 10] = [
    (HARDEST_2011, 1),
    (HARDEST_2011, 3),
    (HARDEST_2011, 33),
    (HARDEST_2011, 46),
    (HARDEST_2011, 6),
    (HARDEST_2019, 81),
    (HARDEST_2019, 221),
    (HARDEST_2019, 89),
    (HARDEST_2019, 73),
    (HARDEST_2019, 377),
];

/// The forum's 2011 hardest list, as vendored.
#[cfg(test)]
const HARDEST_2011: &str = "puzzles6_forum_hardest_1106.sample";

/// The sample of the forum's 2019 hardest list (rated 11 and more by SE) vendored.
#[cfg(test)]
const HARDEST_2019: &str = "puzzles5_forum_hardest_1905_11+.sample";

/// The bytes of the cell mask in a [`Packed`] puzzle.
const MASK_BYTES: usize = 11;

/// The cells of a 9x9 grid.
const CELLS: usize = 81;

/// The grade of the known puzzle `packed`, in tenths of a point.
fn tenths(packed: Packed) -> u32 {
    u32::from(packed[0])
}

/// The puzzle packed in `packed`, row by row, 0 for an empty cell.
fn unpack(packed: Packed) -> Vec<u8> {
    let (mask, digits) = packed[1..].split_at(MASK_BYTES);
    let mut k = 0;
    (0..CELLS)
        .map(|cell| {
            if mask[cell / 8] >> (cell % 8) & 1 == 0 {
                return 0;
            }
            k += 1;
            digits[(k - 1) / 2] >> (4 * ((k - 1) % 2)) & 0xF
        })
        .collect()
}

/// The lowest grade, in tenths, of the known puzzles none of whose neighbours drawn graded
/// 11.0 or more ([`TABLE`]): [`draw`] takes them only for a range from [`UNWALKED_FROM`], or
/// one no other puzzle lies in.
const BARREN_FROM: u32 = 116;

/// The lowest start, in tenths, of a range no neighbour of a known puzzle was seen in: for
/// such a range [`draw`] takes the barren puzzles alone (No. 89 of the 2019 list, graded
/// 11.5, has neighbours at 11.2, and disguised it grades 11.3 to 11.5: 13 of 16 seeds met
/// 11.5-12.0 when it was drawn too).
const UNWALKED_FROM: u32 = 115;

/// A known puzzle for scores from `min` to `max` (in tenths), drawn from `rng`: one of those
/// graded in the range, from [`BARREN_FROM`] if the range starts at [`UNWALKED_FROM`] or
/// above, else below it; or, if none is, the one nearest the range (the first of equals);
/// and whether it is graded from [`BARREN_FROM`] (no neighbour of it was seen at 11.0 or
/// more: it is not walked from).
pub(super) fn draw(min: u32, max: u32, rng: &mut Rng) -> Option<(Vec<u8>, bool)> {
    let inside: Vec<Packed> = TABLE
        .iter()
        .copied()
        .filter(|&p| {
            (min..=max).contains(&tenths(p)) && (tenths(p) >= BARREN_FROM) == (min >= UNWALKED_FROM)
        })
        .collect();
    let packed = if inside.is_empty() {
        TABLE
            .iter()
            .copied()
            .min_by_key(|&p| tenths(p).abs_diff(min).min(tenths(p).abs_diff(max)))?
    } else {
        inside[rng.u32(..inside.len() as u32) as usize]
    };
    Some((unpack(packed), tenths(packed) >= BARREN_FROM))
}

/// `puzzle` (9x9, row by row) under a random isomorphism drawn from `rng`: the digits
/// relabelled, the bands and stacks permuted, the rows within each band and the columns
/// within each stack permuted, and the grid transposed or not. Each maps a puzzle to one
/// with as many solutions and the same logical difficulty (up to the order in which the
/// logical solver meets equal steps: a tenth either way, measured).
pub(super) fn disguise(puzzle: &[u8], rng: &mut Rng) -> Vec<u8> {
    let mut digits: Vec<usize> = (0..10).collect();
    shuffle(rng, &mut digits[1..]);
    let lines = |rng: &mut Rng| {
        let mut groups: Vec<usize> = (0..3).collect();
        shuffle(rng, &mut groups);
        let mut order = Vec::with_capacity(9);
        for group in groups {
            let mut within: Vec<usize> = (0..3).collect();
            shuffle(rng, &mut within);
            order.extend(within.into_iter().map(|line| 3 * group + line));
        }
        order
    };
    let rows = lines(rng);
    let columns = lines(rng);
    let transpose = rng.u32(..2) == 1;
    (0..puzzle.len())
        .map(|cell| {
            let (r, c) = (cell / 9, cell % 9);
            let (r, c) = if transpose { (c, r) } else { (r, c) };
            digits[usize::from(puzzle[9 * rows[r] + columns[c]])] as u8
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::Layout;
    use crate::puzzle::Sudoku;
    use crate::variant::Options;

    /// `values` as a classic 9x9 puzzle.
    fn classic(values: &[u8]) -> Sudoku {
        Sudoku::new(
            Layout::new(9, &Options::default()).unwrap(),
            values.to_vec(),
        )
        .unwrap()
    }

    /// `puzzle` (81 cells, 0 empty) as [`TABLE`] packs it, graded `tenths`.
    fn pack(puzzle: &[u8], tenths: u8) -> Vec<u8> {
        let mut mask = [0u8; MASK_BYTES];
        let mut digits = Vec::new();
        for (cell, &v) in puzzle.iter().enumerate() {
            if v != 0 {
                mask[cell / 8] |= 1 << (cell % 8);
                digits.push(v);
            }
        }
        let mut out = vec![tenths];
        out.extend(mask);
        out.extend(
            digits
                .chunks(2)
                .map(|d| d[0] | d.get(1).map_or(0, |h| h << 4)),
        );
        out
    }

    /// The puzzles of the vendored list `name` (in `tests/data/sudoku/`).
    fn hardest_list(name: &str) -> Vec<Vec<u8>> {
        let path = format!(
            "{}/../../tests/data/sudoku/{name}",
            env!("CARGO_MANIFEST_DIR")
        );
        std::fs::read_to_string(path)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| {
                l.bytes()
                    .take(CELLS)
                    .map(|b| if b.is_ascii_digit() { b - b'0' } else { 0 })
                    .collect()
            })
            .collect()
    }

    /// Each known puzzle unpacks to a puzzle of the forum's list (the one and the number
    /// [`SOURCES`] gives, checked by packing that line back into the same bytes), with one
    /// solution.
    #[test]
    fn the_known_puzzles_are_the_lists_with_one_solution() {
        for (packed, (name, number)) in TABLE.iter().zip(SOURCES) {
            let puzzle = unpack(packed);
            assert_eq!(
                puzzle,
                hardest_list(name)[number - 1],
                "{name} No. {number}"
            );
            assert_eq!(pack(&puzzle, packed[0]), packed.to_vec(), "No. {number}");
            let sudoku = classic(&puzzle);
            assert_eq!(sudoku.count_solutions(2).unwrap(), 1, "No. {number}");
        }
    }

    /// Each known puzzle of `list` grades what the table says: the walk draws its start by
    /// these grades, which a change to the grader may move.
    fn grades_as_the_table_says(list: &str) {
        // Every grade, then one assertion: a change to the grader shows all it moved.
        let (mut graded, mut table) = (Vec::new(), Vec::new());
        for (packed, (_, number)) in TABLE.iter().zip(SOURCES).filter(|(_, (l, _))| *l == list) {
            let sudoku = classic(&unpack(packed));
            let score = sudoku.grade().unwrap().score;
            graded.push((number, (score * 10.0).round() as u32));
            table.push((number, tenths(packed)));
        }
        assert_eq!(graded, table, "(No., grade in tenths) of {list}");
    }

    /// [`grades_as_the_table_says`] for the puzzles of the 2011 list, 10.2 to 10.9 (about a
    /// second each natively).
    #[test]
    fn the_known_puzzles_of_2011_grade_as_the_table_says() {
        grades_as_the_table_says(HARDEST_2011);
    }

    /// [`grades_as_the_table_says`] for the puzzles of the 2019 list, 11.2 to 11.8 (2 to 6 s
    /// each natively; a test of its own, so that the two run side by side).
    #[test]
    fn the_known_puzzles_of_2019_grade_as_the_table_says() {
        grades_as_the_table_says(HARDEST_2019);
    }

    /// A disguise is an isomorphism: the same draws map the puzzle and its solution alike,
    /// the image's one solution is the solution's image, with as many givens; the same
    /// seed gives the same image, and other seeds other images.
    #[test]
    fn a_disguise_is_an_isomorphism_drawn_from_the_seed() {
        let puzzle = unpack(TABLE[0]);
        let sudoku = classic(&puzzle);
        let solved = sudoku.some_solution().unwrap().unwrap();
        let solution = solved.values().to_vec();
        let mut images = Vec::new();
        for seed in 0..8 {
            let image = disguise(&puzzle, &mut Rng::with_seed(seed));
            let solution_image = disguise(&solution, &mut Rng::with_seed(seed));
            assert_eq!(image, disguise(&puzzle, &mut Rng::with_seed(seed)));
            let disguised = classic(&image);
            assert_eq!(disguised.given_count(), sudoku.given_count());
            let one = disguised.some_solution().unwrap().unwrap();
            assert_eq!(one.values(), &solution_image[..]);
            assert_eq!(disguised.count_solutions(2).unwrap(), 1);
            images.push(image);
        }
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 8);
    }

    /// The draw takes a puzzle graded in the range (not a barren one where another is), or
    /// the nearest.
    #[test]
    fn the_draw_takes_a_puzzle_in_the_range_or_the_nearest() {
        let mut rng = Rng::with_seed(3);
        for (min, max, wanted) in [
            (100, 110, None),
            (109, 109, Some(4)),
            (110, 110, Some(4)),
            (111, 120, None),
            (110, 114, None),
            (115, 120, None),
            (119, 120, Some(8)),
            (80, 90, Some(0)),
        ] {
            for _ in 0..4 {
                let (drawn, barren) = draw(min, max, &mut rng).unwrap();
                let k = TABLE.iter().position(|p| unpack(p) == drawn).unwrap();
                assert_eq!(barren, tenths(TABLE[k]) >= BARREN_FROM);
                match wanted {
                    Some(w) => assert_eq!(k, w, "{min}-{max}"),
                    None => assert!((min..=max).contains(&tenths(TABLE[k]))),
                }
                // A barren puzzle for a range from UNWALKED_FROM (and only a barren one
                // there, if one is in the range), elsewhere only where no other one is.
                let fertile = |p: Packed| tenths(p) < BARREN_FROM;
                let in_range = |p: &&Packed| (min..=max).contains(&tenths(p));
                if min >= UNWALKED_FROM {
                    assert!(
                        barren || !TABLE.iter().filter(in_range).any(|&p| !fertile(p)),
                        "{min}-{max}"
                    );
                } else {
                    assert!(
                        !barren || !TABLE.iter().filter(in_range).any(|&p| fertile(p)),
                        "{min}-{max}"
                    );
                }
            }
        }
    }

    // A number from the environment, or a default: the generator's tests' own.
    use super::super::tests::env;

    /// How the table's puzzles were chosen: puzzles of a vendored hardest list
    /// (`KNOWN_FILE`, every `KNOWN_EVERY`th from `KNOWN_FIRST`, or the 0-based lines
    /// `KNOWN_LINES`), graded; for those graded from `KNOWN_MIN` to `KNOWN_MAX` tenths,
    /// `KNOWN_NEIGHBOURS` neighbours (the walk's {-1+1} moves) graded too.
    /// `KNOWN_FILE=puzzles5_forum_hardest_1905_11+.sample KNOWN_EVERY=8 cargo test --profile ci
    /// -p dlx-sudoku --lib known_neighbourhoods -- --ignored --nocapture`
    #[test]
    #[ignore]
    fn known_neighbourhoods() {
        use crate::generate::{neighbour, orbits, Attempt, GenerateOptions, Symmetry, Target};
        use crate::grade::ScoreRange;
        use crate::solver::SudokuSolver;
        use std::time::Instant;
        let file = std::env::var("KNOWN_FILE")
            .unwrap_or_else(|_| "puzzles5_forum_hardest_1905_11+.sample".into());
        let list = hardest_list(&file);
        let lines: Vec<usize> = match std::env::var("KNOWN_LINES") {
            Ok(l) => l.split(',').map(|k| k.trim().parse().unwrap()).collect(),
            Err(_) => (env("KNOWN_FIRST", 0) as usize..list.len())
                .step_by(env("KNOWN_EVERY", 8) as usize)
                .collect(),
        };
        let (min, max) = (env("KNOWN_MIN", 110), env("KNOWN_MAX", 119));
        let options = GenerateOptions {
            se: Some(ScoreRange::new(min as f64 / 10.0, max as f64 / 10.0).unwrap()),
            ..Default::default()
        };
        let target = Target::of(&options, 9).unwrap();
        let layout = Layout::new(9, &Options::default()).unwrap();
        let orbits = orbits(&layout, Symmetry::None);
        let mut solver = SudokuSolver::new();
        let mut rng = Rng::with_seed(env("KNOWN_SEED", 0));
        for k in lines {
            let puzzle = list[k].clone();
            let sudoku = classic(&puzzle);
            let solution = sudoku.some_solution().unwrap().unwrap().values().to_vec();
            let start = Instant::now();
            let known = Attempt::graded(&layout, puzzle, solution, &target).unwrap();
            let score = (known.grade.score * 10.0).round() as u64;
            print!(
                "line {k}: {:.1} ({:.1} s, {} givens)",
                known.grade.score,
                start.elapsed().as_secs_f64(),
                sudoku.given_count()
            );
            if !(min..=max).contains(&score) {
                println!();
                continue;
            }
            print!("; neighbours:");
            for _ in 0..env("KNOWN_NEIGHBOURS", 4) {
                let moved = neighbour(&mut solver, &layout, &known, &orbits, &mut rng).unwrap();
                if moved == known.puzzle {
                    print!(" none");
                    break;
                }
                let t = Instant::now();
                let next = Attempt::graded(&layout, moved, known.solution.clone(), &target);
                let next = next.unwrap();
                print!(
                    " {:.1} ({:.1} s)",
                    next.grade.score,
                    t.elapsed().as_secs_f64()
                );
            }
            println!();
        }
    }
}
