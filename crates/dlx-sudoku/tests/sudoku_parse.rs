//! Reading and writing puzzles: round trips for every size and input style, and every
//! error code with the position it reports.

use std::sync::Arc;

use dlx_sudoku::{
    Alphabet, CellPos, Constraint, JigsawProblem, Layout, Options, Sudoku, SudokuError, Variant,
    MAX_INPUT_BYTES,
};

/// A partly filled grid of size `n`: a solution of the empty puzzle with about half the
/// cells emptied, chosen by `seed`.
fn sample(n: usize, options: &Options, seed: u64) -> Sudoku {
    let layout = Layout::new(n, options).unwrap();
    let solved = Sudoku::empty(Arc::clone(&layout))
        .some_solution()
        .unwrap()
        .expect("an empty grid has a solution");
    let mut rng = fastrand::Rng::with_seed(seed);
    let values = solved
        .values()
        .iter()
        .map(|&v| if rng.bool() { v } else { 0 })
        .collect();
    Sudoku::new(layout, values).unwrap()
}

fn parse(text: &str, options: &Options) -> Sudoku {
    Sudoku::parse(text, options).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn error(text: &str, options: &Options) -> SudokuError {
    match Sudoku::parse(text, options).and_then(|p| p.validate().map(|()| p)) {
        Ok(p) => panic!("expected an error, got {p}"),
        Err(e) => e,
    }
}

#[test]
fn every_size_round_trips_in_every_style() {
    for n in 4..=25 {
        let options = Options::default();
        let puzzle = sample(n, &options, n as u64);
        let same = |text: &str, options: &Options| {
            let read = parse(text, options);
            assert_eq!(read.values(), puzzle.values(), "n = {n}:\n{text}");
            read
        };
        // The compact line and the decorated grid.
        let line = puzzle.to_line();
        assert_eq!(line.chars().count(), n * n);
        assert_eq!(same(&line, &options).to_line(), line);
        let grid = puzzle.to_grid();
        assert_eq!(same(&grid, &options).to_line(), line);
        // Lower-case letters come back in lower case.
        if n > 9 {
            let lower = line.to_lowercase();
            assert_eq!(same(&lower, &options).to_line(), lower);
        }
        // Empty cells written as 0, - or _ come back that way.
        for mark in ['0', '-', '_'] {
            let marked = line.replace('.', &mark.to_string());
            assert_eq!(same(&marked, &options).to_line(), marked);
        }
        // Whole numbers, separated by spaces, commas, or laid out as a grid: read back as
        // the compact line (answers are compact whatever the input's separators).
        if n > 9 {
            let numbers = puzzle.clone().with_alphabet(Alphabet::numbers()).unwrap();
            let text = numbers.to_line();
            assert_eq!(same(&text, &options).to_line(), line);
            let commas = text.replace(' ', ",");
            assert_eq!(same(&commas, &options).to_line(), line);
            assert_eq!(same(&numbers.to_grid(), &options).to_line(), line);
        }
        // A custom alphabet where 0 is a symbol.
        let symbols: String = "0123456789ABCDEFGHIJKLMNOPQ".chars().take(n).collect();
        let custom = Options {
            alphabet: Some(symbols.clone()),
            ..Options::default()
        };
        let written = puzzle
            .clone()
            .with_alphabet(Alphabet::custom(&symbols).unwrap())
            .unwrap();
        let text = written.to_line();
        assert!(text.chars().all(|c| c == '.' || symbols.contains(c)));
        assert_eq!(same(&text, &custom).to_line(), text);
        assert_eq!(same(&written.to_grid(), &custom).to_line(), text);
    }
}

#[test]
fn explicit_box_shapes_round_trip() {
    for (n, rows, cols) in [(6, 3, 2), (8, 4, 2), (12, 2, 6), (12, 4, 3), (10, 5, 2)] {
        let options = Options {
            box_rows: Some(rows),
            box_cols: Some(cols),
            ..Options::default()
        };
        let puzzle = sample(n, &options, 7);
        let shape = puzzle.layout().box_shape().unwrap();
        assert_eq!((shape.rows, shape.cols), (rows, cols));
        let read = parse(&puzzle.to_grid(), &options);
        assert_eq!(read.values(), puzzle.values());
        // Only one dimension given: the other follows.
        let half = Options {
            box_rows: Some(rows),
            ..Options::default()
        };
        let read = parse(&puzzle.to_line(), &half);
        assert_eq!(read.layout().box_shape(), Some(shape));
    }
}

#[test]
fn a_jigsaw_map_of_no_size_is_a_map_that_does_not_fit_the_grid() {
    let options = Options {
        regions: Some("AABB".into()),
        ..Options::variant(Variant::Jigsaw)
    };
    let error = Sudoku::parse(&".".repeat(16), &options).unwrap_err();
    assert_eq!(error.code(), "bad_jigsaw_map", "{error}");
}

#[test]
fn variants_round_trip() {
    let map: String = "AAABBBCCC".repeat(3) + &"DDDEEEFFF".repeat(3) + &"GGGHHHIII".repeat(3);
    let cases = [
        Options::variant(Variant::X),
        Options::variant(Variant::Windoku),
        Options {
            regions: Some(map),
            ..Options::variant(Variant::Jigsaw)
        },
        Options::variant(Variant::Samurai),
    ];
    for options in cases {
        let puzzle = sample(9, &options, 3);
        for text in [puzzle.to_line(), puzzle.to_grid()] {
            let read = parse(&text, &options);
            assert_eq!(
                read.values(),
                puzzle.values(),
                "{:?}\n{text}",
                options.variant
            );
            assert_eq!(read.layout().variant(), options.variant);
        }
    }
}

#[test]
fn samurai_layout_is_positional_and_trailing_spaces_are_optional() {
    let options = Options::variant(Variant::Samurai);
    let puzzle = sample(9, &options, 11);
    let grid = puzzle.to_grid();
    let lines: Vec<&str> = grid.lines().collect();
    assert_eq!(lines.len(), 21);
    assert!(lines.iter().all(|l| l.chars().count() <= 21));
    assert_eq!(lines[0].chars().count(), 21);
    assert_eq!(
        lines[9].chars().count(),
        15,
        "the middle rows end after the middle grid"
    );
    let padded: String = lines.iter().map(|l| format!("{l:<21}\n")).collect();
    assert_eq!(parse(&padded, &options).values(), puzzle.values());
    assert_eq!(parse(&puzzle.to_line(), &options).values(), puzzle.values());
    assert_eq!(puzzle.to_line().len(), 369);
}

#[test]
fn decorated_grids_in_common_styles() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let expected = parse(line, &Options::default());
    let rows: Vec<&str> = (0..9).map(|r| &line[r * 9..r * 9 + 9]).collect();
    let boxed = |sep: &str, bar: &str| {
        let mut text = String::new();
        for (r, row) in rows.iter().enumerate() {
            if r > 0 && r % 3 == 0 {
                text.push_str(sep);
                text.push('\n');
            }
            let cells: Vec<String> = row.chars().map(|c| c.to_string()).collect();
            text.push_str(&format!(
                "{bar}{}{bar}{}{bar}{}{bar}\n",
                cells[0..3].join(" "),
                cells[3..6].join(" "),
                cells[6..9].join(" ")
            ));
        }
        text
    };
    let styles = [
        rows.join("\n"),
        boxed("------+-------+------", " | "),
        boxed("=====================", "|"),
        boxed("---+---+---", "|"),
        // Dashes for empty cells, dash-only separator lines.
        boxed("---------------------", " | ").replace('.', "-"),
        format!("\n\n{}\n\n", rows.join("\r\n")),
    ];
    for text in styles {
        assert_eq!(
            parse(&text, &Options::default()).values(),
            expected.values(),
            "{text}"
        );
    }
    // A line of dashes as wide as a row is a row of empty cells.
    let first_empty = format!("---------\n{}", rows[1..].join("\n"));
    let read = parse(&first_empty, &Options::default());
    assert_eq!(read.values()[..9], [0; 9]);
}

#[test]
fn output_uses_the_input_alphabet() {
    let hex = "0-9A-F";
    let options = Options {
        alphabet: Some(hex.into()),
        ..Options::default()
    };
    let puzzle = sample(16, &options, 5)
        .with_alphabet(Alphabet::custom(hex).unwrap())
        .unwrap();
    let solution = parse(&puzzle.to_line(), &options)
        .some_solution()
        .unwrap()
        .unwrap();
    let line = solution.to_line();
    assert!(line.chars().all(|c| c.is_ascii_hexdigit()), "{line}");
    assert!(line.contains('0'));
}

fn code(e: &SudokuError) -> &'static str {
    e.code()
}

#[test]
fn wrong_cell_counts_say_which_sizes_fit() {
    let e = error(&"1".repeat(80), &Options::default());
    assert_eq!(code(&e), "wrong_cell_count");
    assert!(
        matches!(&e, SudokuError::WrongCellCount { found: 80, expected: None, fits } if fits == &vec![8, 9])
    );
    assert!(
        e.to_string()
            .ends_with("found 80 cells (8x8 has 64, 9x9 has 81)"),
        "{e}"
    );
    let boxes = Options {
        box_rows: Some(2),
        box_cols: Some(3),
        ..Options::default()
    };
    let e = error(&".".repeat(81), &boxes);
    assert!(matches!(
        e,
        SudokuError::WrongCellCount {
            found: 81,
            expected: Some(36),
            ..
        }
    ));
    let e = error("", &Options::default());
    assert_eq!(code(&e), "wrong_cell_count");
    let e = error(&".".repeat(300), &Options::variant(Variant::Samurai));
    assert!(matches!(
        e,
        SudokuError::WrongCellCount {
            found: 300,
            expected: Some(369),
            ..
        }
    ));
}

#[test]
fn invalid_characters_and_symbols_out_of_range_give_their_cell() {
    let mut line: Vec<char> = ".".repeat(81).chars().collect();
    line[40] = '#';
    let e = error(&line.iter().collect::<String>(), &Options::default());
    assert_eq!(code(&e), "invalid_character");
    assert_eq!(e.position(), Some(CellPos { row: 5, column: 5 }));
    line[40] = 'A';
    let e = error(&line.iter().collect::<String>(), &Options::default());
    assert_eq!(code(&e), "symbol_out_of_range");
    assert_eq!(e.position(), Some(CellPos { row: 5, column: 5 }));
    // Q is past the last symbol of the largest size.
    line[40] = 'Q';
    let e = error(&line.iter().collect::<String>(), &Options::default());
    assert_eq!(code(&e), "invalid_character");
    // In a grid, positions count cells, not characters.
    let e = error(
        "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 x\n4 3 | 2 1",
        &Options::default(),
    );
    assert_eq!(e.position(), Some(CellPos { row: 3, column: 4 }));
    // Numbers above the size.
    let mut numbers = vec!["0"; 256];
    numbers[17] = "17";
    numbers[3] = "12";
    let e = error(&numbers.join(" "), &Options::default());
    assert_eq!(code(&e), "symbol_out_of_range");
    assert_eq!(e.position(), Some(CellPos { row: 2, column: 2 }));
    numbers[17] = "x";
    let e = error(&numbers.join(","), &Options::default());
    assert_eq!(code(&e), "invalid_character");
    // A custom alphabet: anything else is invalid.
    let e = error(
        &format!("G{}", ".".repeat(255)),
        &Options {
            alphabet: Some("0-9A-F".into()),
            ..Options::default()
        },
    );
    assert_eq!(code(&e), "invalid_character");
}

#[test]
fn conflicting_givens_list_every_pair_with_the_regions_they_share() {
    // Row 1: 5 at columns 1 and 3 (same row, same box). Column 9: 7 at rows 2 and 9.
    let mut line: Vec<char> = ".".repeat(81).chars().collect();
    line[0] = '5';
    line[2] = '5';
    line[9 + 8] = '7';
    line[72 + 8] = '7';
    let puzzle = parse(&line.iter().collect::<String>(), &Options::default());
    let e = puzzle.validate().unwrap_err();
    let SudokuError::ConflictingGivens { conflicts } = &e else {
        panic!("{e}");
    };
    assert_eq!(conflicts.len(), 2);
    let first = &conflicts[0];
    assert_eq!(
        (first.first, first.second),
        (CellPos { row: 1, column: 1 }, CellPos { row: 1, column: 3 })
    );
    let names: Vec<String> = first.regions.iter().map(ToString::to_string).collect();
    assert_eq!(names, ["row 1", "box 1"]);
    assert_eq!(conflicts[1].regions.len(), 1);
    assert_eq!(conflicts[1].regions[0].to_string(), "column 9");
    assert_eq!(conflicts[1].symbol, "7");
    // Solving, counting and candidates refuse them too.
    assert_eq!(
        code(&puzzle.some_solution().unwrap_err()),
        "conflicting_givens"
    );
    assert_eq!(
        code(&puzzle.count_solutions(5).unwrap_err()),
        "conflicting_givens"
    );
    assert_eq!(
        code(&puzzle.candidates().unwrap_err()),
        "conflicting_givens"
    );
    assert!(e.to_string().contains("row 1, column 3"), "{e}");
}

#[test]
fn bad_jigsaw_maps() {
    let jigsaw = |map: Option<&str>| Options {
        regions: map.map(str::to_owned),
        ..Options::variant(Variant::Jigsaw)
    };
    let grid = ".".repeat(16);
    let problem = |map| match error(&grid, &jigsaw(map)) {
        SudokuError::BadJigsawMap { problem } => problem,
        e => panic!("{e}"),
    };
    assert_eq!(problem(None), JigsawProblem::Missing);
    assert_eq!(
        problem(Some("AABB AABB CCDD CCD")),
        JigsawProblem::CellCount {
            found: 15,
            expected: 16
        }
    );
    assert_eq!(
        problem(Some("AABB AABB CCDD CCDE")),
        JigsawProblem::RegionCount {
            found: 5,
            expected: 4
        }
    );
    assert_eq!(
        problem(Some("AABB AABB CCDD CCCD")),
        JigsawProblem::RegionSize {
            region: 'C',
            size: 5,
            expected: 4,
            first: CellPos { row: 3, column: 1 }
        }
    );
    // A map that is fine.
    let read = parse(&grid, &jigsaw(Some("AABB\nAABB\nCCDD\nCCDD")));
    assert_eq!(
        read.layout().jigsaw_map().as_deref(),
        Some("AABBAABBCCDDCCDD")
    );
}

#[test]
fn bad_samurai_layouts() {
    let options = Options::variant(Variant::Samurai);
    let grid = sample(9, &options, 2).to_grid();
    let lines: Vec<String> = grid.lines().map(str::to_owned).collect();
    let layout_error = |lines: &[String]| match error(&lines.join("\n"), &options) {
        SudokuError::BadSamuraiLayout { line, column, .. } => (line, column),
        e => panic!("{e}"),
    };
    assert_eq!(layout_error(&lines[..20]), (0, 0));
    let mut outside = lines.clone();
    outside[0].replace_range(9..10, "x");
    assert_eq!(layout_error(&outside), (1, 10));
    let mut missing = lines.clone();
    missing[10].replace_range(7..8, " ");
    assert_eq!(layout_error(&missing), (11, 8));
    let mut long = lines.clone();
    long[3].push_str("  5");
    assert_eq!(layout_error(&long), (4, 22));
    let mut short = lines;
    short[20].truncate(5);
    assert_eq!(layout_error(&short), (21, 6));
}

#[test]
fn option_errors() {
    let line = ".".repeat(81);
    let with = |f: &dyn Fn(&mut Options)| {
        let mut o = Options::default();
        f(&mut o);
        o
    };
    let cases: [(Options, &str, &str); 8] = [
        (with(&|o| o.box_rows = Some(2)), &line, "bad_box_shape"),
        (with(&|o| o.size = Some(30)), &line, "unsupported_size"),
        (with(&|o| o.size = Some(3)), &line, "unsupported_size"),
        (
            with(&|o| {
                o.variant = Variant::Windoku;
                o.size = Some(16);
            }),
            &".".repeat(256),
            "unsupported_variant",
        ),
        (
            with(&|o| o.alphabet = Some("0-9A-F".into())),
            &line,
            "bad_alphabet",
        ),
        (
            with(&|o| o.alphabet = Some("1123456789".into())),
            &line,
            "bad_alphabet",
        ),
        (
            with(&|o| o.alphabet = Some(".0-_12345".into())),
            &line,
            "bad_alphabet",
        ),
        (
            Options::default(),
            &"1".repeat(MAX_INPUT_BYTES + 1),
            "too_large",
        ),
    ];
    for (options, text, expected) in cases {
        assert_eq!(code(&error(text, &options)), expected, "{options:?}");
    }
    assert_eq!(
        code(&"hexagon".parse::<Variant>().unwrap_err()),
        "invalid_argument"
    );
    let layout = Layout::new(4, &Options::default()).unwrap();
    assert_eq!(
        code(&Sudoku::new(Arc::clone(&layout), vec![0; 15]).unwrap_err()),
        "invalid_argument"
    );
    assert_eq!(
        code(&Sudoku::new(Arc::clone(&layout), vec![5; 16]).unwrap_err()),
        "invalid_argument"
    );
    for (constraint, cells) in [
        (Constraint::ExactlyOnce, vec![0, 1, 2]),
        (Constraint::AtMostOnce, vec![0, 0]),
        (Constraint::AtMostOnce, vec![0, 16]),
        (Constraint::AtMostOnce, vec![0]),
        (Constraint::AtMostOnce, vec![0, 1, 2, 3, 4]),
    ] {
        let e = layout.with_region(constraint, &cells).unwrap_err();
        assert_eq!(code(&e), "bad_region", "{cells:?}");
    }
}

#[test]
fn candidates_are_the_symbols_no_given_rules_out() {
    let puzzle = parse(
        "1 . | . .\n. . | 2 .\n----+----\n. 3 | . .\n. . | . 4",
        &Options::default(),
    );
    let candidates = puzzle.candidates().unwrap();
    assert_eq!(candidates.len(), 16);
    // Given cells have none.
    assert_eq!(candidates.mask(0), 0);
    // Row 1, column 2: not 1 (row), not 3 (column), not 1 (box).
    assert_eq!(candidates.symbols(1), vec![2, 4]);
    // Every candidate is consistent with the givens, and every other symbol is not.
    let layout = puzzle.layout();
    for cell in 0..16 {
        if puzzle.values()[cell] != 0 {
            continue;
        }
        for v in 1..=4u8 {
            let clash = layout.cell_regions(cell).iter().any(|&r| {
                layout
                    .region_cells(r as usize)
                    .iter()
                    .any(|&o| puzzle.values()[o as usize] == v)
            });
            assert_eq!(
                candidates.symbols(cell).contains(&v),
                !clash,
                "cell {cell}, {v}"
            );
        }
    }
}

mod never_panics {
    use super::*;
    use proptest::prelude::*;

    fn text() -> impl Strategy<Value = String> {
        let pieces = prop::sample::select(vec![
            ".", "0", "1", "2", "3", "4", "5", "9", "A", "g", "Z", "-", "_", "|", "+", "=", " ",
            "\n", ",", "12", "17", "#", "é", "\t", "\r\n",
        ]);
        prop::collection::vec(pieces, 0..700).prop_map(|v| v.concat())
    }

    fn options() -> impl Strategy<Value = Options> {
        (
            prop::sample::select(Variant::ALL.to_vec()),
            prop::option::of(0usize..30),
            prop::option::of(0usize..30),
            prop::option::of("[A-D\\n ]{0,40}"),
            prop::option::of("[0-9A-Z.\\-_]{0,30}"),
            prop::option::of(0usize..30),
        )
            .prop_map(
                |(variant, box_rows, box_cols, regions, alphabet, size)| Options {
                    variant,
                    box_rows,
                    box_cols,
                    regions,
                    alphabet,
                    size,
                },
            )
    }

    static PARSED: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

    #[test]
    fn most_generated_grids_parse() {
        parsing_grids_never_panics();
        let parsed = PARSED.load(std::sync::atomic::Ordering::Relaxed);
        assert!(parsed > 500, "{parsed}");
    }

    /// Texts of exactly n * n cell characters, with decoration between them.
    fn grid_text() -> impl Strategy<Value = String> {
        (4usize..=9).prop_flat_map(|n| {
            // Mostly valid cells, now and then a doubtful one (a lone dash on a line reads
            // as a separator).
            let digits: Vec<String> = (1..=n.min(9)).map(|d| d.to_string()).collect();
            let cell = prop_oneof![
                40 => prop::sample::select(vec![".".to_owned(), "0".to_owned(), "_".to_owned()]),
                40 => prop::sample::select(digits),
                1 => prop::sample::select(vec!["a".to_owned(), "#".to_owned(), "-".to_owned(), "9".to_owned()]),
            ];
            let gap = prop::sample::select(vec!["", "", "", " ", " | ", "\n", "\n---+---\n"]);
            prop::collection::vec((cell, gap), n * n)
                .prop_map(|v| v.into_iter().map(|(c, g)| format!("{c}{g}")).collect())
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn parsing_grids_never_panics(text in grid_text()) {
            let options = Options::default();
            match Sudoku::parse(&text, &options) {
                Ok(puzzle) => {
                    PARSED.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let again = Sudoku::parse(&puzzle.to_grid(), &options).unwrap();
                    prop_assert_eq!(again.values(), puzzle.values());
                    if puzzle.validate().is_ok() && puzzle.layout().size() <= 6 {
                        prop_assert!(puzzle.count_solutions(3).unwrap() <= 3);
                    }
                }
                Err(e) => prop_assert!(
                    ["invalid_character", "symbol_out_of_range", "wrong_cell_count"].contains(&e.code()),
                    "{}", e
                ),
            }
        }

        #[test]
        fn parsing_any_text_never_panics(text in text(), options in options()) {
            if let Ok(puzzle) = Sudoku::parse(&text, &options) {
                let again = Sudoku::parse(&puzzle.to_line(), &options).unwrap();
                prop_assert_eq!(again.values(), puzzle.values());
                let _ = puzzle.to_grid();
                if puzzle.validate().is_ok() {
                    prop_assert!(puzzle.candidates().is_ok());
                    if puzzle.layout().size() <= 6 {
                        let count = puzzle.count_solutions(3).unwrap();
                        prop_assert!(count <= 3);
                    }
                }
            }
        }
    }
}

/// A compact line of digits takes a one-pass reader; it must read exactly as the general one
/// (here made to run by spreading the same cells over lines with spaces).
#[test]
fn the_compact_line_reader_agrees_with_the_general_one() {
    let classic = Options::variant(Variant::Classic);
    for seed in 0..20 {
        let puzzle = sample(9, &classic, seed);
        for empty in ['.', '0'] {
            let line: String = puzzle
                .to_line()
                .chars()
                .map(|c| if c == '.' { empty } else { c })
                .collect();
            let spread: String = line
                .as_bytes()
                .chunks(9)
                .map(|row| {
                    let cells: Vec<String> =
                        row.iter().map(|&b| char::from(b).to_string()).collect();
                    cells.join(" ") + "\n"
                })
                .collect();
            let fast = parse(&format!("  {line}\n"), &classic);
            let general = parse(&spread, &classic);
            assert_eq!(fast.values(), general.values());
            assert_eq!(fast.to_line(), general.to_line());
            assert_eq!(fast.to_line(), line);
        }
    }
    // Letters, other empty marks and wrong lengths still go to the general reader.
    assert_eq!(error(&"1".repeat(80), &classic).code(), "wrong_cell_count");
    let dashes = "-".repeat(81);
    assert_eq!(parse(&dashes, &classic).given_count(), 0);
}

/// The README's puzzle, as the programs below write it.
const FRAMED: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// Grids in the frames of common programs (written out here in their style): each reads
/// as the compact line.
#[test]
fn frames_of_common_programs_read_as_the_compact_line() {
    let simple_sudoku = "
 *-----------*
 |8..|...|...|
 |..3|6..|...|
 |.7.|.9.|2..|
 |---+---+---|
 |.5.|..7|...|
 |...|.45|7..|
 |...|1..|.3.|
 |---+---+---|
 |..1|...|.68|
 |..8|5..|.1.|
 |.9.|...|4..|
 *-----------*
";
    let hodoku = "
.-------.-------.-------.
| 8 . . | . . . | . . . |
| . . 3 | 6 . . | . . . |
| . 7 . | . 9 . | 2 . . |
:-------+-------+-------:
| . 5 . | . . 7 | . . . |
| . . . | . 4 5 | 7 . . |
| . . . | 1 . . | . 3 . |
:-------+-------+-------:
| . . 1 | . . . | . 6 8 |
| . . 8 | 5 . . | . 1 . |
| . 9 . | . . . | 4 . . |
'-------'-------'-------'
";
    // HoDoKu's wider layout, with `.` corners and `+` crossings between bands.
    let hodoku_wide = "
.---------.---------.---------.
|  8  .  .|  .  .  .|  .  .  .|
|  .  .  3|  6  .  .|  .  .  .|
|  .  7  .|  .  9  .|  2  .  .|
+---------+---------+---------+
|  .  5  .|  .  .  7|  .  .  .|
|  .  .  .|  .  4  5|  7  .  .|
|  .  .  .|  1  .  .|  .  3  .|
+---------+---------+---------+
|  .  .  1|  .  .  .|  .  6  8|
|  .  .  8|  5  .  .|  .  1  .|
|  .  9  .|  .  .  .|  4  .  .|
'---------'---------'---------'
";
    // SudokuWiki's export: `0` for an empty cell, `*` corners, `|` and `-` rules.
    let sudoku_wiki = "
*-----------------------*
| 8 0 0 | 0 0 0 | 0 0 0 |
| 0 0 3 | 6 0 0 | 0 0 0 |
| 0 7 0 | 0 9 0 | 2 0 0 |
|-------+-------+-------|
| 0 5 0 | 0 0 7 | 0 0 0 |
| 0 0 0 | 0 4 5 | 7 0 0 |
| 0 0 0 | 1 0 0 | 0 3 0 |
|-------+-------+-------|
| 0 0 1 | 0 0 0 | 0 6 8 |
| 0 0 8 | 5 0 0 | 0 1 0 |
| 0 9 0 | 0 0 0 | 4 0 0 |
*-----------------------*
";
    let plus_grid = "
+---+---+---+
|8..|...|...|
|..3|6..|...|
|.7.|.9.|2..|
+---+---+---+
|.5.|..7|...|
|...|.45|7..|
|...|1..|.3.|
+---+---+---+
|..1|...|.68|
|..8|5..|.1.|
|.9.|...|4..|
+---+---+---+
";
    let plus_grid_spaced = "
+-------+-------+-------+
| 8 . . | . . . | . . . |
| . . 3 | 6 . . | . . . |
| . 7 . | . 9 . | 2 . . |
+-------+-------+-------+
| . 5 . | . . 7 | . . . |
| . . . | . 4 5 | 7 . . |
| . . . | 1 . . | . 3 . |
+-------+-------+-------+
| . . 1 | . . . | . 6 8 |
| . . 8 | 5 . . | . 1 . |
| . 9 . | . . . | 4 . . |
+-------+-------+-------+
";
    let expected = FRAMED.replace('.', "");
    for (name, text) in [
        ("SimpleSudoku", simple_sudoku),
        ("HoDoKu", hodoku),
        ("HoDoKu, wide", hodoku_wide),
        ("SudokuWiki", sudoku_wiki),
        ("+---+ grid", plus_grid),
        ("+---+ grid with spaces", plus_grid_spaced),
    ] {
        let read = parse(text, &Options::default());
        assert_eq!(
            read.to_line().replace(['.', '0'], ""),
            expected,
            "{name}:\n{text}"
        );
        assert_eq!(read.values(), parse(FRAMED, &Options::default()).values());
        // With a byte-order mark before it, and CRLF line breaks.
        let marked = format!("\u{FEFF}{}", text.replace('\n', "\r\n"));
        assert_eq!(parse(&marked, &Options::default()).values(), read.values());
    }
    // A line of `.` (with bars or not) is a row of empty cells, not the frame; `.` and
    // `-` together are the frame.
    let empty_first_row = simple_sudoku.replace(" |8..|...|...|", " |...|...|...|");
    let read = parse(&empty_first_row, &Options::default());
    assert_eq!(read.values()[..9], [0; 9]);
    assert_eq!(
        read.values()[9..],
        parse(FRAMED, &Options::default()).values()[9..]
    );
    let bare_first_row = plus_grid.replace("|8..|...|...|", ".........");
    let read = parse(&bare_first_row, &Options::default());
    assert_eq!(
        read.given_count() + 1,
        parse(FRAMED, &Options::default()).given_count()
    );
}

/// A line that holds a whole puzzle and then other text (a rating, a comment, a count and
/// a solution) reads as the puzzle; a line that is all cells still reads as a whole.
#[test]
fn text_after_a_complete_line_is_ignored() {
    let expected = parse(FRAMED, &Options::default());
    let solution = expected.some_solution().unwrap().unwrap().to_line();
    for text in [
        format!("{FRAMED}\t5.6"),
        format!("{FRAMED} # comment"),
        format!("{FRAMED} # from the hardest list"),
        format!("{FRAMED};ER 7.1"),
        format!("{FRAMED}:1:{solution}"),
        format!("{FRAMED},{solution}"),
        format!("  {}\t10.0 \n", FRAMED.replace('.', "0")),
        format!("\u{FEFF}{FRAMED}"),
        format!("\u{FEFF}{FRAMED}  ED 2.3"),
    ] {
        assert_eq!(
            parse(&text, &Options::default()).values(),
            expected.values(),
            "{text}"
        );
    }
    // Not a whole puzzle before the other text: the count is wrong, as before.
    let short = &FRAMED[..80];
    let e = error(&format!("{short}\t5.6"), &Options::default());
    assert_eq!(code(&e), "wrong_cell_count", "{e}");
    assert_eq!(
        code(&error(&format!("{FRAMED}x"), &Options::default())),
        "wrong_cell_count"
    );
    // The rows of a 16x16 on one line, separated by spaces: the first row alone would
    // be a 4x4's count, but the line reads whole.
    let puzzle = sample(16, &Options::default(), 9);
    let line = puzzle.to_line();
    let rows: Vec<&str> = (0..16).map(|r| &line[r * 16..r * 16 + 16]).collect();
    assert_eq!(
        parse(&rows.join(" "), &Options::default()).values(),
        puzzle.values()
    );
}

/// Whole numbers separated by commas (or spaces) in, the compact line out: the puzzle's
/// line and its solution's, in `1`-`9`, `A`, ...
#[test]
fn numbers_are_answered_as_the_compact_line() {
    let puzzle = sample(16, &Options::default(), 12);
    let numbers = puzzle.clone().with_alphabet(Alphabet::numbers()).unwrap();
    let commas = numbers.to_line().replace(' ', ",");
    assert!(commas.len() > 256, "{commas}");
    let read = parse(&commas, &Options::default());
    assert_eq!(read.to_line(), puzzle.to_line());
    let solved = read.some_solution().unwrap().unwrap().to_line();
    assert_eq!(solved.chars().count(), 256, "{solved}");
    assert!(
        solved.chars().all(|c| c.is_ascii_alphanumeric()),
        "{solved}"
    );
    assert_eq!(
        solved,
        puzzle.some_solution().unwrap().unwrap().to_line(),
        "the same answer as for the compact line"
    );
}

/// The generated 16x16 puzzle of `tests/data/sudoku/generated.txt`, in `1`-`9`, `A`-`G`.
fn generated_16x16() -> Sudoku {
    let path = format!(
        "{}/../../tests/data/sudoku/generated.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let line = text
        .lines()
        .find(|l| l.starts_with("classic 16 "))
        .expect("a 16x16 line");
    // variant size level symmetry seed reached puzzle
    let puzzle = line.split_whitespace().nth(6).expect("the puzzle field");
    parse(puzzle, &Options::default())
}

/// `text` with each symbol `1`-`9`, `A`-`G` written one lower, as `0`-`9`, `A`-`F`.
fn zero_based(text: &str) -> String {
    let from = "123456789ABCDEFG";
    let to = "0123456789ABCDEF";
    text.chars()
        .map(|c| from.find(c).map_or(c, |k| to.as_bytes()[k] as char))
        .collect()
}

/// A 16x16 grid written `0`-`F`: read as 16 symbols when that is the only reading, refused
/// as ambiguous when both are, and read either way when the alphabet says which.
#[test]
fn zero_is_a_symbol_when_only_that_reading_is_possible() {
    let puzzle = generated_16x16();
    let givens = puzzle.given_count();
    assert_eq!(givens, 97);
    // `.` for empty cells, and `0`s: `0` is a symbol (97 givens, not the 92 of reading
    // `0` as empty).
    let hex = zero_based(&puzzle.to_line());
    assert!(hex.contains('0') && hex.contains('.') && !hex.contains('G'));
    let read = parse(&hex, &Options::default());
    assert_eq!(read.given_count(), givens);
    assert_eq!(read.values(), puzzle.values());
    assert_eq!(read.to_line(), hex, "written back in 0-F");
    let solved = read.some_solution().unwrap().unwrap().to_line();
    assert_eq!(
        solved,
        zero_based(&puzzle.some_solution().unwrap().unwrap().to_line())
    );
    // In lower case and as a decorated grid, the same.
    assert_eq!(
        parse(&hex.to_lowercase(), &Options::default()).to_line(),
        hex.to_lowercase()
    );
    let grid = puzzle
        .clone()
        .with_alphabet(Alphabet::custom("0-9A-F").unwrap())
        .unwrap()
        .to_grid();
    assert_eq!(parse(&grid, &Options::default()).values(), puzzle.values());
    // `0` for empty cells and symbols 1-G: the `0`s would collide as a symbol.
    let zeros = puzzle.to_line().replace('.', "0");
    let read = parse(&zeros, &Options::default());
    assert_eq!(read.values(), puzzle.values());
    assert_eq!(read.to_line(), zeros);
    // A whole grid in 0-F reads both ways (a 0 in each row, column and box as empty
    // cells, or as a symbol): refused, naming both alphabets; either alphabet reads it.
    let full = puzzle.some_solution().unwrap().unwrap();
    let full_hex = zero_based(&full.to_line());
    let e = error(&full_hex, &Options::default());
    assert_eq!(code(&e), "ambiguous_alphabet", "{e}");
    assert_eq!(
        e,
        SudokuError::AmbiguousAlphabet {
            size: 16,
            zero_symbol: "0-9A-F".into(),
            zero_empty: "1-9A-G".into(),
            givens: [256, 240],
        }
    );
    let message = e.to_string();
    assert!(
        message.contains("`0-9A-F`") && message.contains("`1-9A-G`"),
        "{message}"
    );
    let with = |alphabet: &str| Options {
        alphabet: Some(alphabet.into()),
        ..Options::default()
    };
    assert_eq!(parse(&full_hex, &with("0-9A-F")).values(), full.values());
    assert_eq!(parse(&full_hex, &with("1-9A-G")).given_count(), 240);
    // A `G` rules out 0-F; then `0` is empty, as always.
    let with_g = full.to_line().replacen('1', "0", 1);
    assert_eq!(parse(&with_g, &Options::default()).given_count(), 255);
}

/// At other sizes from 10 to 15 the same rule holds, with `0`-`9`, `A`, ... for the
/// symbols; 9x9 keeps `0` as an empty cell.
#[test]
fn zero_based_symbols_at_other_sizes() {
    for n in 10..=15 {
        let puzzle = sample(n, &Options::default(), n as u64);
        let symbols: String = "0123456789ABCDEF".chars().take(n).collect();
        let written = puzzle
            .clone()
            .with_alphabet(Alphabet::custom(&symbols).unwrap())
            .unwrap()
            .to_line();
        let read = parse(&written, &Options::default());
        assert_eq!(read.values(), puzzle.values(), "{n}: {written}");
        assert_eq!(read.to_line(), written);
        let full = puzzle.some_solution().unwrap().unwrap();
        let written = full
            .with_alphabet(Alphabet::custom(&symbols).unwrap())
            .unwrap()
            .to_line();
        match error(&written, &Options::default()) {
            SudokuError::AmbiguousAlphabet {
                size, zero_symbol, ..
            } => {
                assert_eq!(size, n);
                assert_eq!(
                    Alphabet::custom(&zero_symbol).unwrap().symbol_count(),
                    Some(n)
                );
            }
            e => panic!("{n}: {e}"),
        }
    }
    let nine = "1.3.5.7.9".to_owned() + &"0".repeat(72);
    assert_eq!(parse(&nine, &Options::default()).given_count(), 5);
}

/// `Sudoku::parse_classic_line` reads a classic 9x9 line exactly as `Sudoku::parse` with the
/// default options (the same puzzle, alphabet and layout), and no other text.
#[test]
fn the_classic_line_reader_reads_as_parse_does_and_nothing_else() {
    let nine = Options::default();
    let mut lines: Vec<String> = (0..40)
        .map(|seed| sample(9, &nine, seed).to_line())
        .collect();
    // Written with `0` for empty cells, with blanks around, after a byte-order mark.
    let first = lines[0].clone();
    lines.push(first.replace('.', "0"));
    lines.push(format!("  {first}\n"));
    lines.push(format!("\u{FEFF}{first}"));
    lines.push(".".repeat(81));
    lines.push("1".repeat(81));
    for line in &lines {
        let read = Sudoku::parse_classic_line(line).unwrap_or_else(|| panic!("not read: {line}"));
        assert_eq!(read, parse(line, &nine), "{line}");
        assert_eq!(read.to_line(), parse(line, &nine).to_line());
    }
    // The options it stands for: none, or 3x3 boxes alone.
    let boxes = Options {
        box_rows: Some(3),
        box_cols: Some(3),
        ..Options::default()
    };
    assert!(nine.is_classic_nine() && boxes.is_classic_nine());
    for other in [
        Options::variant(Variant::X),
        Options {
            box_rows: Some(3),
            ..Options::default()
        },
        Options {
            size: Some(9),
            ..Options::default()
        },
    ] {
        assert!(!other.is_classic_nine(), "{other:?}");
    }
    // The same layout, from the same cache.
    assert!(Arc::ptr_eq(
        &Layout::classic_nine().unwrap(),
        &Layout::new(9, &nine).unwrap()
    ));
    // Anything else is left to `Sudoku::parse`, which reads some of it.
    let framed: String = first
        .as_bytes()
        .chunks(9)
        .map(|row| format!("{}\n", std::str::from_utf8(row).unwrap()))
        .collect();
    let sixteen = sample(16, &Options::default(), 1).to_line();
    let long = format!("{}{first}", " ".repeat(MAX_INPUT_BYTES));
    for other in [
        framed.as_str(),
        sixteen.as_str(),
        &first[..80],
        &format!("{first}1"),
        &first.replace('.', "x"),
        &format!("{first} 7.2"),
        long.as_str(),
        "",
    ] {
        assert_eq!(Sudoku::parse_classic_line(other), None, "{other:?}");
    }
    assert!(Sudoku::parse(&framed, &nine).is_ok() && Sudoku::parse(&sixteen, &nine).is_ok());
}
