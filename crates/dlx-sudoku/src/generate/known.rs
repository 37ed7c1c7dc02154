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

use super::Symmetry;
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

/// The known puzzles whose givens are symmetric under a half turn ([`Packed`], easiest
/// first), for [`Symmetry::Rotate180`]. Of the forum's lists, 7 puzzles of the 2011 database
/// and 87 of the 2019 list have givens that a band-and-stack isomorphism makes symmetric
/// under a half turn (2 and 21 of them as listed), and none a mirror symmetry (left to
/// right, or any isomorph of it); of top1465, 20 have the half turn's, graded 9.4 and less.
/// Each is stored in its symmetric form ([`TURNED_SOURCES`] gives the listed puzzle's rows
/// and columns it takes). Graded: the 2011 ones 10.8 to 11.9, the first 80 of the 2019 ones
/// 10.8 to 11.9 (1 at 10.8, 2 at 10.9, 3 at 11.0, 44 at 11.1 to 11.4, 30 from 11.5). Chosen
/// by grade and by how fast they grade (0.8 to 5.3 s natively): five graded 10.8 to 10.9,
/// five 11.1 to 11.4, three 11.5 to 11.6.
///
/// Their symmetric neighbours ([`neighbour`](super::neighbour) with the half turn's orbits:
/// an orbit of givens swapped for an empty one) grade far lower: of 6 drawn around each of
/// the five from 10.8, none reached 10.0 (9.9 at best; most 1.5 to 9.0); of 6 around each of
/// 15 of the 2019 list graded 11.0 to 11.4, none reached 11.0, and 5 of the 90 graded 10.0
/// to 10.4, all around Nos. 21943 and 724 (11.1; [`TURNED_DOWNHILL`]). So [`draw`] returns
/// them unwalked (the walk would grade its 12 neighbours for nothing, 5 to 30 s), but for a
/// range from below [`DOWNHILL_BELOW`], which it meets by walking down from those two.
const TURNED: [Packed; 13] = [
    // 2011 list No. 69, graded 10.8.
    &[
        108, 129, 4, 50, 65, 65, 5, 5, 153, 64, 2, 1, 33, 98, 67, 133, 133, 147, 73, 53, 100, 119,
        1,
    ],
    // 2019 list No. 3915, graded 10.8.
    &[
        108, 140, 34, 10, 73, 33, 9, 37, 161, 136, 98, 0, 67, 146, 133, 84, 151, 104, 135, 86, 39,
        97, 41, 33, 3,
    ],
    // 2011 list No. 304, graded 10.9.
    &[
        109, 32, 24, 69, 52, 8, 33, 88, 68, 49, 8, 0, 104, 129, 71, 67, 87, 85, 35, 115, 20, 150, 9,
    ],
    // 2019 list No. 490, graded 10.9.
    &[
        109, 36, 36, 37, 12, 69, 69, 97, 72, 73, 72, 0, 33, 67, 69, 101, 49, 39, 87, 71, 152, 84,
        129, 100, 9,
    ],
    // 2019 list No. 12008, graded 10.9.
    &[
        109, 130, 2, 146, 129, 131, 130, 3, 147, 128, 130, 0, 71, 41, 56, 17, 53, 35, 133, 22, 134,
        116, 146,
    ],
    // 2019 list No. 21943, graded 11.1.
    &[
        111, 10, 66, 98, 34, 20, 81, 136, 140, 132, 160, 0, 115, 38, 103, 88, 147, 39, 84, 145,
        134, 40, 70, 1,
    ],
    // 2019 list No. 724, graded 11.1.
    &[
        111, 12, 34, 10, 73, 5, 65, 37, 161, 136, 96, 0, 67, 133, 39, 113, 137, 102, 118, 149, 33,
        150, 53, 4,
    ],
    // 2019 list No. 24673, graded 11.2.
    &[
        112, 138, 34, 18, 73, 1, 1, 37, 145, 136, 162, 0, 132, 83, 103, 18, 151, 88, 103, 57, 130,
        57, 49, 4,
    ],
    // 2019 list No. 19863, graded 11.3.
    &[
        113, 137, 168, 128, 24, 18, 145, 48, 2, 42, 34, 1, 36, 131, 89, 147, 120, 118, 121, 86,
        145, 101, 65, 2,
    ],
    // 2019 list No. 1231, graded 11.4.
    &[
        114, 9, 68, 80, 25, 18, 145, 48, 21, 68, 32, 1, 52, 18, 89, 150, 120, 118, 121, 101, 152,
        37, 65, 3,
    ],
    // 2019 list No. 23947, graded 11.5.
    &[
        115, 137, 168, 128, 24, 18, 145, 48, 2, 42, 34, 1, 36, 131, 105, 147, 120, 118, 121, 101,
        145, 86, 65, 2,
    ],
    // 2019 list No. 20670, graded 11.6.
    &[
        116, 138, 130, 16, 76, 33, 9, 101, 16, 130, 162, 0, 88, 70, 35, 113, 137, 86, 120, 150, 18,
        67, 89, 7,
    ],
    // 2019 list No. 731, graded 11.6.
    &[
        116, 74, 34, 18, 74, 1, 1, 165, 144, 136, 164, 0, 100, 131, 89, 18, 151, 88, 103, 24, 68,
        103, 67, 2,
    ],
];

/// The puzzles of [`TURNED`] walked from, down into a range from below [`DOWNHILL_BELOW`]:
/// Nos. 21943 (4 of 6 symmetric neighbours drawn graded 10.0 to 10.4) and 724 (1 of 6).
const TURNED_DOWNHILL: [usize; 2] = [5, 6];

/// The start, in tenths, of the ranges [`draw`] meets with [`Symmetry::Rotate180`] by
/// walking down from [`TURNED_DOWNHILL`]: those from 10.0 to below it, where their
/// neighbours were seen (10.0 to 10.4).
const DOWNHILL_BELOW: u32 = 105;

/// The list (the whole list, in `../shared/data/sudoku/`), number (from 1) and puzzle as
/// listed of each puzzle of [`TURNED`], in its order, with the rows and then the columns of
/// the listed puzzle that the table's rows and columns are: what the tests check the table
/// against.
#[cfg(test)]
#[allow(clippy::type_complexity)]
const TURNED_SOURCES: [(&str, usize, &str, [usize; 9], [usize; 9]); 13] = [
    (
        HARDEST_2011_ALL,
        69,
        "1.......2.2.....6...34..5.....8.5.....8.3.9.....9.4.....5..34...7.....1.6.......7",
        [0, 1, 2, 3, 4, 5, 6, 8, 7],
        [0, 1, 2, 3, 4, 5, 6, 8, 7],
    ),
    (
        HARDEST_2019_ALL,
        3915,
        "98.7.....65....7....7.6..8.4....3.2...59..8......4...5.2..1...3..96..2.......2.1.",
        [3, 4, 5, 0, 2, 1, 8, 7, 6],
        [3, 4, 5, 0, 2, 1, 8, 7, 6],
    ),
    (
        HARDEST_2011_ALL,
        304,
        ".......8...6.8.1..7....3..4.47..5...5..32............53....4..7......9...1.9...6.",
        [0, 1, 2, 3, 5, 4, 6, 8, 7],
        [0, 1, 2, 6, 8, 7, 3, 4, 5],
    ),
    (
        HARDEST_2019_ALL,
        490,
        "..1..2....3..4..5.4..5....61....3.7...2.7.5...7.4....89....4..5.1..8..4....6..9..",
        [0, 1, 2, 3, 4, 5, 6, 7, 8],
        [0, 1, 2, 3, 4, 5, 6, 7, 8],
    ),
    (
        HARDEST_2019_ALL,
        12008,
        ".7......49......2...8..31......153.....3.2.....586......16..8...2......94......7.",
        [0, 1, 2, 3, 4, 5, 6, 8, 7],
        [0, 1, 2, 3, 4, 5, 6, 8, 7],
    ),
    (
        HARDEST_2019_ALL,
        21943,
        "..3.....9.5....1..7..2...4..3..7....6....2.7....86...5.9.6.8........4..18...2..6.",
        [3, 4, 5, 0, 2, 1, 6, 8, 7],
        [0, 1, 2, 4, 3, 5, 6, 8, 7],
    ),
    (
        HARDEST_2019_ALL,
        724,
        "98.7..6..75..6..9...6......4....3.....85...7.....2...1.3......4..96...5......12..",
        [3, 4, 5, 0, 2, 1, 8, 7, 6],
        [3, 4, 5, 0, 2, 1, 8, 6, 7],
    ),
    (
        HARDEST_2019_ALL,
        24673,
        "98.7.....76....9....5......8...4..3...75..6.......2..1.3..1..4...98..3.......3..2",
        [3, 4, 5, 0, 2, 1, 8, 7, 6],
        [3, 4, 5, 0, 2, 1, 8, 7, 6],
    ),
    (
        HARDEST_2019_ALL,
        19863,
        "98.7.....6...9.7....7.56...4....3.2...85..9..........3.1..2...4..96..5.........1.",
        [3, 4, 5, 0, 1, 2, 8, 7, 6],
        [0, 1, 2, 7, 6, 8, 3, 5, 4],
    ),
    (
        HARDEST_2019_ALL,
        1231,
        "98.7.....6...9.7....7.65...4......3..2......1..96..5....85..9......3...4.....1.2.",
        [3, 4, 5, 0, 1, 2, 6, 8, 7],
        [0, 1, 2, 7, 6, 8, 3, 5, 4],
    ),
    (
        HARDEST_2019_ALL,
        23947,
        "98.7.....6...9.7....7.65...4....3.2...86..9..........3.1..2...4..95..6.........1.",
        [3, 4, 5, 0, 1, 2, 8, 7, 6],
        [0, 1, 2, 7, 6, 8, 3, 5, 4],
    ),
    (
        HARDEST_2019_ALL,
        20670,
        "98.7.....76....9....5.6..8.5...8..6....4....3.....21...5..9..7....2....1.....34..",
        [3, 4, 5, 0, 2, 1, 7, 8, 6],
        [3, 4, 5, 0, 2, 1, 8, 7, 6],
    ),
    (
        HARDEST_2019_ALL,
        731,
        "98.7.....76....8....5......6...4..3...98..5.......2..1.4...3..2..74..6......1..4.",
        [3, 4, 5, 0, 2, 1, 8, 7, 6],
        [3, 4, 5, 0, 2, 1, 7, 8, 6],
    ),
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

/// The forum's 2011 hardest list, whole.
#[cfg(test)]
const HARDEST_2011_ALL: &str = "puzzles6_forum_hardest_1106";

/// The forum's 2019 list of puzzles rated 11 and more by SE, whole.
#[cfg(test)]
const HARDEST_2019_ALL: &str = "puzzles5_forum_hardest_1905_11+";

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

/// A known puzzle for scores from `min` to `max` (in tenths) with `symmetry`, drawn from
/// `rng`, and whether it is barren (not walked from). Without symmetry, of [`TABLE`]: one of
/// those graded in the range, from [`BARREN_FROM`] (barren) if the range starts at
/// [`UNWALKED_FROM`] or above, else below it; or, if none is, the one nearest the range (the
/// first of equals). With [`Symmetry::Rotate180`], of [`TURNED`]: for a range starting
/// below [`DOWNHILL_BELOW`], one of [`TURNED_DOWNHILL`], walked from; otherwise one graded in
/// the range, or the nearest, barren. With [`Symmetry::Mirror`], none.
pub(super) fn draw(
    min: u32,
    max: u32,
    symmetry: Symmetry,
    rng: &mut Rng,
) -> Option<(Vec<u8>, bool)> {
    let (table, barren_from, unwalked_from): (&[Packed], u32, u32) = match symmetry {
        Symmetry::None => (&TABLE, BARREN_FROM, UNWALKED_FROM),
        Symmetry::Rotate180 if min < DOWNHILL_BELOW => {
            let k = TURNED_DOWNHILL[rng.u32(..TURNED_DOWNHILL.len() as u32) as usize];
            return Some((unpack(TURNED[k]), false));
        }
        // Every one barren, drawn for any range.
        Symmetry::Rotate180 => (&TURNED, 0, 0),
        Symmetry::Mirror => return None,
    };
    let barren = |p: Packed| tenths(p) >= barren_from;
    let inside: Vec<Packed> = table
        .iter()
        .copied()
        .filter(|&p| (min..=max).contains(&tenths(p)) && barren(p) == (min >= unwalked_from))
        .collect();
    let packed = if inside.is_empty() {
        table
            .iter()
            .copied()
            .min_by_key(|&p| tenths(p).abs_diff(min).min(tenths(p).abs_diff(max)))?
    } else {
        inside[rng.u32(..inside.len() as u32) as usize]
    };
    Some((unpack(packed), barren(packed)))
}

/// `puzzle` (9x9, row by row) under a random isomorphism drawn from `rng`: the digits
/// relabelled, the bands and stacks permuted, the rows within each band and the columns
/// within each stack permuted, and the grid transposed or not. Each maps a puzzle to one
/// with as many solutions and the same logical difficulty (up to the order in which the
/// logical solver meets equal steps: a tenth either way, measured).
///
/// With `symmetry` [`Symmetry::Rotate180`], only the isomorphisms that commute with the half
/// turn, so that givens symmetric under it stay so: the rows reordered so that rows `k` and
/// `8 - k` stay opposite ([`turned_lines`]), the columns alike, the grid transposed or not,
/// the digits relabelled. These hold the rotations
/// and reflections of the grid (a reflection reverses the lines one way, a quarter turn is
/// a transposition and a reflection). [`Symmetry::Mirror`] is disguised as
/// [`Symmetry::None`] (no known puzzle has it).
pub(super) fn disguise(puzzle: &[u8], symmetry: Symmetry, rng: &mut Rng) -> Vec<u8> {
    let mut digits: Vec<usize> = (0..10).collect();
    shuffle(rng, &mut digits[1..]);
    let lines = |rng: &mut Rng| {
        if symmetry == Symmetry::Rotate180 {
            return turned_lines(rng);
        }
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

/// A random order of the 9 lines (rows or columns) of a band-and-stack isomorphism that
/// commutes with the half turn (`order[8 - k] == 8 - order[k]`): the first and last bands
/// kept or swapped, the first one's lines permuted and the last one's alike, the middle
/// band's outer lines kept or swapped; 24 orders in all, each as likely.
fn turned_lines(rng: &mut Rng) -> Vec<usize> {
    let outer = 6 * rng.u32(..2) as usize;
    let mut within: Vec<usize> = (0..3).collect();
    shuffle(rng, &mut within);
    let middle = 3 + 2 * rng.u32(..2) as usize;
    let mut order = vec![4; 9];
    for k in 0..3 {
        order[k] = outer + within[k];
        order[8 - k] = 8 - order[k];
    }
    order[3] = middle;
    order[5] = 8 - middle;
    order
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
        read_list(&format!(
            "{}/../../tests/data/sudoku/{name}",
            env!("CARGO_MANIFEST_DIR")
        ))
    }

    /// The puzzles of the file at `path`: the first 81 characters of each line not a
    /// comment, a digit given, anything else empty.
    fn read_list(path: &str) -> Vec<Vec<u8>> {
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
            let image = disguise(&puzzle, Symmetry::None, &mut Rng::with_seed(seed));
            let solution_image = disguise(&solution, Symmetry::None, &mut Rng::with_seed(seed));
            assert_eq!(
                image,
                disguise(&puzzle, Symmetry::None, &mut Rng::with_seed(seed))
            );
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
                let (drawn, barren) = draw(min, max, Symmetry::None, &mut rng).unwrap();
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

    /// Whether the givens of `puzzle` (9x9) are symmetric under a half turn.
    fn turned(puzzle: &[u8]) -> bool {
        (0..CELLS).all(|c| (puzzle[c] == 0) == (puzzle[CELLS - 1 - c] == 0))
    }

    /// Each puzzle of [`TURNED`] is the listed puzzle [`TURNED_SOURCES`] names, its rows and
    /// columns reordered as it says (a band-and-stack isomorphism: bands and stacks kept
    /// whole), packed back into the same bytes; its givens are symmetric under a half turn;
    /// it has one solution and is minimal under the symmetry (taking away any orbit of
    /// givens, a cell and its image, leaves two or more solutions), as the walk makes its
    /// puzzles; the table is in order of grade.
    #[test]
    fn the_turned_puzzles_are_the_lists_symmetric_unique_and_minimal() {
        let layout = Layout::new(9, &Options::default()).unwrap();
        let orbits = super::super::orbits(&layout, Symmetry::Rotate180);
        for (packed, (list, number, line, rows, columns)) in TURNED.iter().zip(TURNED_SOURCES) {
            let listed: Vec<u8> = line.bytes().map(|b| b.saturating_sub(b'0') % 10).collect();
            for order in [rows, columns] {
                let mut bands: Vec<usize> = order.iter().map(|&k| k / 3).collect();
                bands.dedup();
                let mut sorted = order;
                sorted.sort_unstable();
                assert!(bands.len() == 3 && sorted == [0, 1, 2, 3, 4, 5, 6, 7, 8]);
            }
            let puzzle = unpack(packed);
            let image: Vec<u8> = (0..CELLS)
                .map(|cell| listed[9 * rows[cell / 9] + columns[cell % 9]])
                .collect();
            assert_eq!(puzzle, image, "{list} No. {number}");
            assert_eq!(pack(&puzzle, packed[0]), packed.to_vec(), "No. {number}");
            assert!(turned(&puzzle), "{list} No. {number}");
            assert_eq!(classic(&puzzle).count_solutions(2).unwrap(), 1);
            for &(a, b) in orbits.iter().filter(|&&(a, _)| puzzle[a as usize] != 0) {
                let mut fewer = puzzle.clone();
                fewer[a as usize] = 0;
                fewer[b as usize] = 0;
                let count = classic(&fewer).count_solutions(2).unwrap();
                assert_eq!(count, 2, "{list} No. {number} without {a} and {b}");
            }
        }
        assert!(TURNED.windows(2).all(|w| tenths(w[0]) <= tenths(w[1])));
    }

    /// Each puzzle of [`TURNED`] grades what the table says (0.8 to 5.3 s each natively).
    #[test]
    fn the_turned_puzzles_grade_as_the_table_says() {
        let (mut graded, mut table) = (Vec::new(), Vec::new());
        for (packed, (_, number, ..)) in TURNED.iter().zip(TURNED_SOURCES) {
            let score = classic(&unpack(packed)).grade().unwrap().score;
            graded.push((number, (score * 10.0).round() as u32));
            table.push((number, tenths(packed)));
        }
        assert_eq!(
            graded, table,
            "(No., grade in tenths) of the turned puzzles"
        );
    }

    /// The half turn's disguise keeps the givens symmetric under it and is an isomorphism
    /// (the puzzle's image has the solution's image as its one solution), drawn from the
    /// seed; its line orders are the 24 that commute with the half turn, all drawn; the
    /// disguise without symmetry mostly breaks the symmetry.
    #[test]
    fn the_turned_disguise_keeps_the_half_turn() {
        let puzzle = unpack(TURNED[0]);
        let solution = classic(&puzzle).some_solution().unwrap().unwrap();
        let solution = solution.values().to_vec();
        let (mut images, mut broken) = (Vec::new(), 0);
        for seed in 0..64 {
            let image = disguise(&puzzle, Symmetry::Rotate180, &mut Rng::with_seed(seed));
            let solution_image =
                disguise(&solution, Symmetry::Rotate180, &mut Rng::with_seed(seed));
            assert!(turned(&image), "seed {seed}");
            let disguised = classic(&image);
            assert_eq!(disguised.count_solutions(2).unwrap(), 1);
            let one = disguised.some_solution().unwrap().unwrap();
            assert_eq!(one.values(), &solution_image[..], "seed {seed}");
            images.push(image);
            let plain = disguise(&puzzle, Symmetry::None, &mut Rng::with_seed(seed));
            broken += usize::from(!turned(&plain));
        }
        images.sort();
        images.dedup();
        assert_eq!(images.len(), 64);
        assert!(broken > 32, "{broken} of 64");
        let mut orders = Vec::new();
        let mut rng = Rng::with_seed(0);
        for _ in 0..1_000 {
            let order = turned_lines(&mut rng);
            assert!((0..9).all(|k| order[8 - k] == 8 - order[k]), "{order:?}");
            let mut sorted = order.clone();
            sorted.sort_unstable();
            assert_eq!(sorted, (0..9).collect::<Vec<_>>());
            assert!(
                (0..9).all(|k| order[k] / 3 == order[3 * (k / 3)] / 3),
                "{order:?}"
            );
            orders.push(order);
        }
        orders.sort();
        orders.dedup();
        assert_eq!(orders.len(), 24);
    }

    /// With the half turn the draw takes, for a range from below [`DOWNHILL_BELOW`], one of
    /// [`TURNED_DOWNHILL`] to walk from, else a puzzle of [`TURNED`] in the range (or the
    /// nearest) not to walk from; both drawn; with a mirror none.
    #[test]
    fn the_turned_draw_takes_a_symmetric_puzzle_in_the_range() {
        let mut rng = Rng::with_seed(5);
        for (min, max) in [(100, 110), (104, 120), (105, 110), (110, 115), (115, 120)] {
            let mut drawn_ones = Vec::new();
            for _ in 0..16 {
                let (drawn, barren) = draw(min, max, Symmetry::Rotate180, &mut rng).unwrap();
                let k = TURNED.iter().position(|p| unpack(p) == drawn).unwrap();
                let grade = tenths(TURNED[k]);
                if min < DOWNHILL_BELOW {
                    assert!(!barren && TURNED_DOWNHILL.contains(&k), "{min}-{max}: {k}");
                } else {
                    assert!(
                        barren && (min..=max).contains(&grade),
                        "{min}-{max}: {grade}"
                    );
                }
                drawn_ones.push(k);
            }
            drawn_ones.sort_unstable();
            drawn_ones.dedup();
            assert!(drawn_ones.len() >= 2, "{min}-{max}: {drawn_ones:?}");
            assert!(draw(min, max, Symmetry::Mirror, &mut rng).is_none());
        }
        // Above every grade: the nearest (the first of equals).
        let (drawn, barren) = draw(121, 125, Symmetry::Rotate180, &mut rng).unwrap();
        assert!(barren && drawn == unpack(TURNED[TURNED.len() - 2]));
        for k in TURNED_DOWNHILL {
            assert_eq!(tenths(TURNED[k]), 111, "{:?}", TURNED_SOURCES[k]);
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
        // `KNOWN_PATH`: a list of puzzles elsewhere (one a line, its first 81 characters).
        let list = match std::env::var("KNOWN_PATH") {
            Ok(path) => read_list(&path),
            Err(_) => hardest_list(&file),
        };
        // `KNOWN_SYMMETRY`: the orbits the neighbours move (none unless given).
        let symmetry: Symmetry =
            std::env::var("KNOWN_SYMMETRY").map_or(Symmetry::None, |s| s.parse().unwrap());
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
        let orbits = orbits(&layout, symmetry);
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
