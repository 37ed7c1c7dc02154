//! Known hard 9x9 puzzles, the starts of [`generate`](super::generate) for the ranges of the
//! Sudoku Explainer scale that its random climb does not reach (from [`KNOWN_FROM`]), and
//! the random isomorphisms that disguise them.
//!
//! The table holds a few puzzles of the Enjoy Sudoku forum's hardest lists (the 2011
//! database, `puzzles6_forum_hardest_1106` in `tests/data/sudoku/`), chosen by measurement:
//! ones whose neighbours ({-1+1} moves) grade in 10.0-11.0 most often (the module's tests
//! hold each to its grade). The forum found its hardest puzzles the same way: neighbourhood
//! searches around known hard ones.

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

/// The known puzzles ([`Packed`]), from `puzzles6_forum_hardest_1106` (the puzzle's number
/// in the list, from 1), easiest first. Chosen among 16 of the list (15 graded 10.0 to
/// 11.0, one 11.8) by their neighbours ([`neighbour`](super::neighbour)): each had at least
/// 2 of 6 drawn in 10.0-11.0 (No. 33 also 3 of 4 of a neighbour's neighbours, the others 0
/// or 1 of 4); of the others, two had no neighbour at all, one a single one, six 1 or
/// none of 6 in the range; the 11.8 one had 2 of 6 (but its own grade takes minutes), and
/// one seen after the table was set 2 of 6 (0 of 4 of its neighbours' neighbours).
const TABLE: [Packed; 5] = [
    // No. 1, graded 10.3.
    &[
        103, 0, 137, 72, 130, 1, 71, 21, 17, 65, 5, 1, 56, 148, 98, 151, 22, 98, 37, 135, 21, 66,
        53,
    ],
    // No. 3, graded 10.3.
    &[
        103, 68, 4, 5, 134, 1, 131, 13, 21, 65, 1, 1, 114, 97, 21, 56, 71, 73, 33, 51, 146, 88, 38,
    ],
    // No. 33, graded 10.6.
    &[
        106, 32, 40, 40, 36, 229, 48, 128, 48, 68, 20, 1, 36, 83, 151, 36, 152, 88, 54, 120, 137,
        86, 129,
    ],
    // No. 46, graded 10.6.
    &[
        106, 0, 137, 72, 2, 69, 69, 133, 36, 34, 33, 0, 18, 55, 149, 70, 67, 72, 149, 105, 35, 113,
        3,
    ],
    // No. 6, graded 11.1.
    &[
        111, 36, 36, 36, 36, 36, 33, 97, 48, 36, 36, 1, 22, 53, 73, 23, 50, 73, 21, 99, 56, 34, 56,
    ],
];

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

/// A known puzzle for scores from `min` to `max` (in tenths), drawn from `rng`: one of those
/// graded in the range, or, if none is, the one nearest it (the first of equals).
pub(super) fn draw(min: u32, max: u32, rng: &mut Rng) -> Option<Vec<u8>> {
    let inside: Vec<Packed> = TABLE
        .iter()
        .copied()
        .filter(|&p| (min..=max).contains(&tenths(p)))
        .collect();
    let packed = if inside.is_empty() {
        TABLE
            .iter()
            .copied()
            .min_by_key(|&p| tenths(p).abs_diff(min).min(tenths(p).abs_diff(max)))?
    } else {
        inside[rng.u32(..inside.len() as u32) as usize]
    };
    Some(unpack(packed))
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

    /// The puzzles of the list the table's come from, as the repository vendors it whole.
    fn hardest_list() -> Vec<Vec<u8>> {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../tests/data/sudoku/puzzles6_forum_hardest_1106.sample"
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

    /// Each known puzzle unpacks to a puzzle of the forum's list (the number its comment
    /// gives, checked by packing that line back into the same bytes), with one solution.
    #[test]
    fn the_known_puzzles_are_the_lists_with_one_solution() {
        let list = hardest_list();
        let numbers = [1, 3, 33, 46, 6];
        assert_eq!(numbers.len(), TABLE.len());
        for (packed, number) in TABLE.iter().zip(numbers) {
            let puzzle = unpack(packed);
            assert_eq!(puzzle, list[number - 1], "No. {number}");
            assert_eq!(pack(&puzzle, packed[0]), packed.to_vec(), "No. {number}");
            let sudoku = classic(&puzzle);
            assert_eq!(sudoku.count_solutions(2).unwrap(), 1, "No. {number}");
        }
    }

    /// Each known puzzle grades what the table says (about a second each natively): the
    /// walk draws its start by these grades, which a change to the grader may move.
    #[test]
    fn the_known_puzzles_grade_as_the_table_says() {
        for packed in TABLE {
            let sudoku = classic(&unpack(packed));
            let score = sudoku.grade().unwrap().score;
            assert_eq!((score * 10.0).round() as u32, tenths(packed), "{sudoku}");
        }
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

    /// The draw takes a puzzle graded in the range, or the nearest.
    #[test]
    fn the_draw_takes_a_puzzle_in_the_range_or_the_nearest() {
        let mut rng = Rng::with_seed(3);
        for (min, max, wanted) in [
            (100, 110, None),
            (109, 109, Some(4)),
            (111, 120, Some(4)),
            (80, 90, Some(0)),
        ] {
            for _ in 0..4 {
                let drawn = draw(min, max, &mut rng).unwrap();
                let k = TABLE.iter().position(|p| unpack(p) == drawn).unwrap();
                match wanted {
                    Some(w) => assert_eq!(k, w, "{min}-{max}"),
                    None => assert!((min..=max).contains(&tenths(TABLE[k]))),
                }
            }
        }
    }
}
