//! Hints and the page's analysis functions. Playing hint after hint from the givens to the
//! end, every hint agrees with the solution and its reason is true: a naked single's cell
//! has one candidate, a hidden single's symbol has one place in the region named. Wrong
//! entries are corrected first; conflicts are errors; a grid with no single gets a revealed
//! cell; a puzzle without exactly one solution (an empty grid) gets none. Then `solve_with_report` (uniqueness, statistics) and `exact_cover` (the same
//! solutions as the sudoku solver).

use std::sync::Arc;

use dlx_engine::Solver;
use dlx_sudoku::{Hint, Level, Sudoku, SudokuError, Technique, Variant};

const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

fn parse(line: &str) -> Sudoku {
    line.parse().expect("a valid puzzle")
}

fn entries_of(puzzle: &Sudoku, values: Vec<u8>) -> Sudoku {
    Sudoku::new(Arc::clone(puzzle.shared_layout()), values).expect("entries fit the layout")
}

/// The first few counted puzzles of the data file (all unique).
fn counted(k: usize) -> Vec<Sudoku> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/sudoku/counted_puzzles.txt"
    ))
    .expect("tests/data/sudoku/counted_puzzles.txt");
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.is_empty())
        .filter(|line| line.split(':').nth(1) == Some("1"))
        .take(k)
        .map(|line| parse(line.split(':').next().unwrap_or_default()))
        .collect()
}

fn generated(size: usize, level: Level, seed: u64) -> Sudoku {
    let options = crate::common::generate_options(Variant::Classic, size, level, seed);
    crate::common::generated(&options).puzzle
}

/// Checks that the hint's reason holds in the grid `current` (givens plus entries).
fn check_reason(puzzle: &Sudoku, current: &Sudoku, hint: &Hint) {
    let layout = puzzle.layout();
    let candidates = current.candidates().expect("no conflicts");
    let name = format!("r{}c{}", hint.position.row, hint.position.column);
    assert_eq!(layout.position(hint.cell), hint.position);
    assert_eq!(current.values()[hint.cell], 0, "a hint fills an empty cell");
    match hint.technique {
        Technique::NakedSingle => {
            assert_eq!(
                candidates.symbols(hint.cell),
                vec![hint.value],
                "{}",
                hint.reason
            );
            let word = if layout.size() <= 9 {
                "digit"
            } else {
                "symbol"
            };
            assert!(hint
                .reason
                .starts_with(&format!("Only {word} left in {name}: ")));
            assert!(hint.region.is_none());
        }
        Technique::HiddenSingle => {
            let region = hint.region.expect("a hidden single names its region");
            let r = (0..layout.region_count())
                .find(|&r| layout.region_name(r) == region)
                .expect("the region exists");
            assert!(layout.region_cells(r).contains(&(hint.cell as u32)));
            let bit = 1u32 << (hint.value - 1);
            let places: Vec<usize> = layout
                .region_cells(r)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| current.values()[c] == 0 && candidates.mask(c) & bit != 0)
                .collect();
            assert_eq!(places, vec![hint.cell], "{}", hint.reason);
            assert!(hint.reason.starts_with(&format!(
                "Only place for {} in {region}: {name}",
                hint.symbol
            )));
        }
        Technique::Reveal => {
            assert!(
                hint.reason.starts_with("No single is left"),
                "{}",
                hint.reason
            );
            assert!(hint.reason.contains(&name));
        }
        Technique::WrongEntry => panic!("no wrong entries here"),
        other => panic!("Sudoku::hint gives singles only, not {other}"),
    }
}

/// Plays hints from the givens to the full grid, checking each; returns the techniques.
fn play(puzzle: &Sudoku) -> Vec<Technique> {
    let solution = puzzle.unique_solution().expect("valid").expect("unique");
    let mut values = vec![0u8; puzzle.layout().cell_count()];
    let mut techniques = Vec::new();
    loop {
        let entries = entries_of(puzzle, values.clone());
        let Some(hint) = puzzle.hint(&entries).expect("no conflicts") else {
            break;
        };
        assert_eq!(hint.value, solution.values()[hint.cell], "{}", hint.reason);
        let current = puzzle
            .values()
            .iter()
            .zip(&values)
            .map(|(&g, &e)| if g != 0 { g } else { e })
            .collect();
        check_reason(puzzle, &entries_of(puzzle, current), &hint);
        values[hint.cell] = hint.value;
        techniques.push(hint.technique);
    }
    let full: Vec<u8> = puzzle
        .values()
        .iter()
        .zip(&values)
        .map(|(&g, &e)| if g != 0 { g } else { e })
        .collect();
    assert_eq!(full, solution.values(), "hints lead to the solution");
    techniques
}

#[test]
fn hints_lead_to_the_solution_with_true_reasons() {
    let mut puzzles = counted(6);
    puzzles.push(parse(INKALA));
    let mut seen = Vec::new();
    for puzzle in &puzzles {
        seen.extend(play(puzzle));
    }
    for technique in [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Reveal,
    ] {
        assert!(seen.contains(&technique), "{technique} was used");
    }
}

#[test]
fn hints_work_for_every_page_size() {
    for (size, seed) in [(4, 1), (6, 2), (9, 3), (16, 4)] {
        let puzzle = generated(size, Level::Medium, seed);
        let techniques = play(&puzzle);
        assert!(!techniques.is_empty());
        if size == 16 {
            // Symbols above 9 are letters and are called symbols.
            let entries = entries_of(&puzzle, vec![0; 256]);
            let hint = puzzle.hint(&entries).expect("valid").expect("a hint");
            assert!(!hint.reason.contains("digit"), "{}", hint.reason);
        }
    }
}

#[test]
fn a_wrong_entry_is_corrected_first() {
    let puzzle = parse(INKALA);
    let solution = puzzle.some_solution().expect("valid").expect("solvable");
    // An entry that breaks no region but is not the solution's.
    let cell = (0..81)
        .find(|&c| puzzle.values()[c] == 0)
        .expect("an empty cell");
    let candidates = puzzle.candidates().expect("valid");
    let wrong = candidates
        .symbols(cell)
        .into_iter()
        .find(|&v| v != solution.values()[cell])
        .expect("another candidate");
    let mut values = vec![0; 81];
    values[cell] = wrong;
    let hint = puzzle
        .hint(&entries_of(&puzzle, values))
        .expect("no conflict")
        .expect("a hint");
    assert_eq!(hint.technique, Technique::WrongEntry);
    assert_eq!(hint.cell, cell);
    assert_eq!(hint.value, solution.values()[cell]);
    assert!(hint.reason.contains("is wrong"), "{}", hint.reason);
}

#[test]
fn conflicting_entries_are_an_error_with_the_pair() {
    let puzzle = parse(INKALA);
    // Row 1 has an 8 given at r1c1: an 8 at r1c2 repeats it.
    let mut values = vec![0; 81];
    values[1] = 8;
    let error = puzzle.hint(&entries_of(&puzzle, values)).unwrap_err();
    assert_eq!(error.code(), "conflicting_givens");
    let conflicts = entries_of(&puzzle, {
        let mut v = puzzle.values().to_vec();
        v[1] = 8;
        v
    })
    .conflicts();
    assert_eq!(conflicts.len(), 1);
    assert_eq!((conflicts[0].first.row, conflicts[0].first.column), (1, 1));
    assert_eq!(
        (conflicts[0].second.row, conflicts[0].second.column),
        (1, 2)
    );
}

#[test]
fn entries_over_givens_are_ignored_and_full_grids_get_no_hint() {
    let puzzle = parse(INKALA);
    let solution = puzzle.some_solution().expect("valid").expect("solvable");
    assert_eq!(puzzle.hint(&solution).expect("valid"), None);
    let mut values = solution.values().to_vec();
    values[0] = 1; // over the given 8: ignored
    values[80] = 0;
    let hint = puzzle
        .hint(&entries_of(&puzzle, values))
        .expect("valid")
        .expect("one cell left");
    assert_eq!(hint.cell, 80);
    assert_eq!(hint.value, solution.values()[80]);
}

#[test]
fn an_empty_grid_gets_no_hint_it_has_several_solutions() {
    // Not one cell of an arbitrary solution: there is no solution to reveal.
    let puzzle = parse(&".".repeat(81));
    let entries = entries_of(&puzzle, vec![0; 81]);
    let error = puzzle.hint(&entries).unwrap_err();
    assert_eq!(error.code(), "multiple_solutions");
    assert_eq!(error, SudokuError::MultipleSolutions { found: 2 });
    // Entries do not change the verdict: it is about the givens.
    let mut values = vec![0; 81];
    values[0] = 5;
    let error = puzzle.hint(&entries_of(&puzzle, values)).unwrap_err();
    assert_eq!(error.code(), "multiple_solutions");
}

#[test]
fn an_unsolvable_puzzle_gets_no_hint() {
    // No conflicts, but r1c9 can hold nothing: 1-8 in its row, 9 in its column.
    let mut line = String::from("12345678.");
    line.push_str("........9");
    line.push_str(&".".repeat(63));
    let puzzle = parse(&line);
    let entries = entries_of(&puzzle, vec![0; 81]);
    let error = puzzle.hint(&entries).unwrap_err();
    assert_eq!(error, SudokuError::NoSolution);
    assert_eq!(error.code(), "no_solution");
    assert_eq!(error.to_string(), "this puzzle has no solution");
}

#[test]
fn entries_on_another_layout_are_refused() {
    let puzzle = parse(INKALA);
    let small = parse(&".".repeat(16));
    let error = puzzle.hint(&small).unwrap_err();
    assert_eq!(error.code(), "invalid_argument");
}

#[test]
fn solve_with_report_tells_unique_several_and_none() {
    let puzzle = parse(INKALA);
    let report = puzzle.solve_with_report().expect("valid");
    assert!(report.is_unique());
    assert_eq!(report.solutions, 1);
    let solution = report.solution.expect("solved");
    assert!(puzzle.layout().is_solution(solution.values()));
    assert!(report.stats.nodes > 0, "Inkala's puzzle needs search");
    assert!(report.stats.updates > report.stats.nodes);

    let open = parse(&".".repeat(81)).solve_with_report().expect("valid");
    assert_eq!(open.solutions, 2);
    assert!(!open.is_unique());
    assert!(open.solution.is_some());

    let mut line = String::from("12345678.");
    line.push_str("........9");
    line.push_str(&".".repeat(63));
    let none = parse(&line).solve_with_report().expect("valid");
    assert_eq!((none.solutions, none.solution.is_none()), (0, true));

    let conflicting = parse(&format!("11{}", ".".repeat(79)));
    assert_eq!(
        conflicting.solve_with_report().unwrap_err().code(),
        "conflicting_givens"
    );
}

#[test]
fn exact_cover_has_the_same_solutions() {
    let mut puzzles = counted(3);
    // Several solutions: the first counted puzzle with eight givens removed.
    let mut values = puzzles[0].values().to_vec();
    let mut removed = 0;
    for v in values.iter_mut() {
        if *v != 0 && removed < 8 {
            *v = 0;
            removed += 1;
        }
    }
    puzzles.push(entries_of(&puzzles[0], values));
    puzzles.push(generated(6, Level::Easy, 7));
    for puzzle in &puzzles {
        let encoding = puzzle.exact_cover().expect("valid");
        assert_eq!(encoding.placements.len(), encoding.problem.option_count());
        let mut solver = Solver::new(&encoding.problem);
        let mut count = 0u64;
        while solver.find_next() {
            count += 1;
            let mut grid = puzzle.values().to_vec();
            for option in solver.solution() {
                let (cell, value) = encoding.placements[option];
                assert_eq!(grid[cell], 0, "one option per empty cell");
                grid[cell] = value;
            }
            assert!(puzzle.layout().is_solution(&grid));
        }
        assert_eq!(count, puzzle.count_solutions(1_000_000).expect("valid"));
    }
    let conflicting = parse(&format!("11{}", ".".repeat(79)));
    assert_eq!(
        conflicting.exact_cover().unwrap_err().code(),
        "conflicting_givens"
    );
}
