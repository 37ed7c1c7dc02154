//! The logical solver's exports as JS sees them: `sudoku_hint` (steps, pencil marks,
//! argument errors), `sudoku_solve_path` and `rate_sudoku`. A module of the Node test binary:
//! `cargo test --target wasm32-unknown-unknown --test wasm_node -- sudoku_logic::`.
#![cfg(feature = "coach")]

use dlx_wasm::{rate_sudoku, sudoku_hint, sudoku_solve_path};
use js_sys::{Array, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

/// Needs an X-Wing after singles, locked candidates and pairs (crates/dlx-sudoku/tests/sudoku_logic.rs).
const XWING: &str =
    ".7..9..4.14.2.8.379...1...8.8.....9.2.1.4.6.34.......1.1.....2....629...7...8...9";

fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).expect("Reflect.get")
}

fn text(s: &str) -> JsValue {
    JsValue::from_str(s)
}

fn hint(puzzle: &str, entries: &str, marks: Option<JsValue>) -> Result<JsValue, JsValue> {
    sudoku_hint(
        text(puzzle).unchecked_ref(),
        text(entries).unchecked_ref(),
        marks.map(JsCast::unchecked_into),
        None,
    )
    .map(JsValue::from)
}

fn expect_error(result: Result<JsValue, JsValue>, code: &str) -> JsValue {
    let error = result.expect_err("an error");
    assert!(error.is_instance_of::<js_sys::Error>());
    assert_eq!(get(&error, "code").as_string().as_deref(), Some(code));
    error
}

#[wasm_bindgen_test]
fn the_path_solves_and_every_step_has_its_fields() {
    let path = JsValue::from(sudoku_solve_path(text(XWING).unchecked_ref(), None).unwrap());
    assert_eq!(get(&path, "solved").as_bool(), Some(true));
    assert_eq!(get(&path, "unique").as_bool(), Some(true));
    assert!(!get(&path, "grid").as_string().unwrap().contains('.'));
    let steps: Array = get(&path, "steps").dyn_into().unwrap();
    let mut techniques = Vec::new();
    for step in steps.iter() {
        techniques.push(get(&step, "technique").as_string().unwrap());
        assert!(!get(&step, "reason").as_string().unwrap().is_empty());
        assert!(get(&step, "score").as_f64().unwrap() >= 1.0);
        // The name a player reads, e.g. "X-Wing" for x_wing.
        let title = get(&step, "title").as_string().unwrap();
        assert!(title.starts_with(char::is_uppercase), "{title}");
        let eliminations: Array = get(&step, "eliminations").dyn_into().unwrap();
        let placement = get(&step, "placement");
        assert!(placement.is_null() != (eliminations.length() == 0));
        for key in ["cells", "candidates", "regions", "links", "houses", "roles"] {
            assert!(Array::is_array(&get(&step, key)), "{key}");
        }
        assert!(get(&step, "contradiction").is_null());
        // Every cell of the pattern has a role.
        let roles: Array = get(&step, "roles").dyn_into().unwrap();
        let role_cells: Vec<f64> = roles
            .iter()
            .map(|r| get(&r, "cell").as_f64().unwrap())
            .collect();
        let cells: Array = get(&step, "cells").dyn_into().unwrap();
        for cell in cells.iter() {
            assert!(role_cells.contains(&cell.as_f64().unwrap()));
        }
        if get(&step, "technique").as_string().as_deref() == Some("x_wing") {
            // Two base rows (or columns), two cover lines, four places of one symbol.
            let houses: Array = get(&step, "houses").dyn_into().unwrap();
            let count = |role: &str| {
                houses
                    .iter()
                    .filter(|h| get(h, "role").as_string().as_deref() == Some(role))
                    .count()
            };
            assert_eq!((count("base"), count("cover")), (2, 2));
            assert!(houses
                .iter()
                .all(|h| get(&h, "region").as_string().is_some()));
            assert_eq!(roles.length(), 4);
            assert!(roles
                .iter()
                .all(|r| get(&r, "role").as_string().as_deref() == Some("fish")));
        }
    }
    assert!(techniques.iter().any(|t| t == "x_wing"), "{techniques:?}");
}

/// Rated 7.3 by Sudoku Explainer (tests/data/sudoku/se/diabolical.sample.txt, line 6): its
/// path takes five AICs and a W-Wing.
const CHAINS: &str =
    "300600005029700060000093040007000054006030700280000600060310000090005120500009006";

#[wasm_bindgen_test]
fn a_chain_step_has_its_links_strong_and_weak_in_turn() {
    let path = JsValue::from(sudoku_solve_path(text(CHAINS).unchecked_ref(), None).unwrap());
    let steps: Array = get(&path, "steps").dyn_into().unwrap();
    let mut chains = 0;
    for step in steps.iter() {
        let links: Array = get(&step, "links").dyn_into().unwrap();
        // Chains alternate; other steps with links (ALS sets' restricted commons, 3D Medusa's
        // colouring, forcing chains' branches) are drawn otherwise.
        let technique = get(&step, "technique").as_string().unwrap();
        let chain = [
            "x_chain",
            "xy_chain",
            "aic",
            "w_wing",
            "grouped_x_chain",
            "grouped_aic",
        ];
        if !chain.contains(&technique.as_str()) {
            continue;
        }
        assert!(links.length() > 0, "{technique}");
        chains += 1;
        let mut previous: Option<JsValue> = None;
        for (i, link) in links.iter().enumerate() {
            assert_eq!(get(&link, "strong").as_bool(), Some(i % 2 == 0));
            let from = get(&link, "from");
            for key in ["cell", "row", "column"] {
                assert!(get(&from, key).as_f64().is_some(), "{key}");
            }
            assert!(get(&from, "symbol").as_string().is_some());
            if let Some(to) = previous {
                assert_eq!(get(&to, "cell").as_f64(), get(&from, "cell").as_f64());
                assert_eq!(
                    get(&to, "symbol").as_string(),
                    get(&from, "symbol").as_string()
                );
            }
            previous = Some(get(&link, "to"));
        }
        assert_eq!(links.length() % 2, 1);
    }
    assert!(chains > 0, "no chain step");
}

#[wasm_bindgen_test]
fn the_grade_names_its_level_and_techniques() {
    let grade = JsValue::from(rate_sudoku(text(XWING).unchecked_ref(), None).unwrap());
    assert_eq!(get(&grade, "solved").as_bool(), Some(true));
    let level = get(&grade, "level").as_string().unwrap();
    assert!(
        ["hard", "expert", "diabolical"].contains(&level.as_str()),
        "{level}"
    );
    let techniques: Array = get(&grade, "techniques").dyn_into().unwrap();
    assert!(techniques
        .iter()
        .any(|t| get(&t, "technique").as_string().as_deref() == Some("x_wing")));
    let e = expect_error(
        rate_sudoku(text("12").unchecked_ref(), None).map(JsValue::from),
        "wrong_cell_count",
    );
    assert!(get(&e, "message").as_string().is_some());
}

#[wasm_bindgen_test]
fn a_hint_is_the_first_step_and_keeps_the_placement_fields() {
    let hint = hint(XWING, XWING, None).unwrap();
    assert_eq!(
        get(&hint, "technique").as_string().as_deref(),
        Some("hidden_single")
    );
    let placement = get(&hint, "placement");
    assert_eq!(
        get(&hint, "cell").as_f64(),
        get(&placement, "cell").as_f64()
    );
    assert_eq!(
        get(&hint, "symbol").as_string(),
        get(&placement, "symbol").as_string()
    );
    assert!(get(&hint, "unit").as_string().is_some());
}

#[wasm_bindgen_test]
fn pencil_marks_that_leave_out_the_solution_are_pointed_out() {
    // r1c3 of the X-Wing puzzle is not 1 in the solution, so marks of only 1 leave it out.
    let mut marks = vec![0u32; 81];
    marks[2] = 1;
    let list: Array = marks.iter().map(|&m| JsValue::from(m)).collect();
    let hint = hint(XWING, XWING, Some(list.into())).unwrap();
    assert_eq!(
        get(&hint, "technique").as_string().as_deref(),
        Some("missing_candidate")
    );
    let candidates: Array = get(&hint, "candidates").dyn_into().unwrap();
    assert_eq!(get(&candidates.get(0), "cell").as_f64(), Some(2.0));
}

#[wasm_bindgen_test]
fn bad_marks_are_coded_errors_with_a_path() {
    let cases: Vec<(JsValue, &str)> = vec![
        (text("123"), "marks"),
        (Array::of1(&JsValue::from(1)).into(), "marks"),
        (
            (0..81)
                .map(|_| JsValue::from_f64(0.5))
                .collect::<Array>()
                .into(),
            "marks[0]",
        ),
        (
            (0..81)
                .map(|_| JsValue::from_f64(512.0))
                .collect::<Array>()
                .into(),
            "marks[0]",
        ),
        (
            (0..81)
                .map(|_| JsValue::from_f64(f64::NAN))
                .collect::<Array>()
                .into(),
            "marks[0]",
        ),
        (
            (0..81).map(|_| text("1")).collect::<Array>().into(),
            "marks[0]",
        ),
    ];
    for (marks, path) in cases {
        let e = expect_error(hint(XWING, XWING, Some(marks)), "invalid_argument");
        assert_eq!(get(&e, "path").as_string().as_deref(), Some(path));
    }
    // null and undefined marks mean none.
    assert!(hint(XWING, XWING, Some(JsValue::NULL)).is_ok());
    assert!(hint(XWING, XWING, Some(JsValue::UNDEFINED)).is_ok());
    expect_error(hint(XWING, "12", None), "wrong_cell_count");
}

/// A puzzle with no solution (row 1 needs 7 and 8 in box 3, which has them in row 2).
const NO_SOLUTION: &str = concat!(
    "123456...",
    "......78.",
    "...............................................................",
);

/// Exactly two solutions (tests/data/sudoku/not_unique.txt).
const TWO_SOLUTIONS: &str =
    ".5..83.17...1..4..3.4...6.8....3...9.9.8245....6....7...9....5...729..861.36.72.4";

#[wasm_bindgen_test]
fn only_a_puzzle_with_one_solution_is_rated_hinted_or_given_a_path() {
    let empty = ".".repeat(81);
    assert_eq!(NO_SOLUTION.len(), 81);
    for (puzzle, code) in [
        (NO_SOLUTION, "no_solution"),
        (TWO_SOLUTIONS, "multiple_solutions"),
        (empty.as_str(), "multiple_solutions"),
    ] {
        let calls = [
            rate_sudoku(text(puzzle).unchecked_ref(), None).map(JsValue::from),
            sudoku_solve_path(text(puzzle).unchecked_ref(), None).map(JsValue::from),
            hint(puzzle, puzzle, None),
            hint(puzzle, &empty, None),
        ];
        for result in calls {
            let e = expect_error(result, code);
            let message = get(&e, "message").as_string().unwrap();
            if code == "no_solution" {
                assert_eq!(message, "this puzzle has no solution");
                assert!(get(&e, "found").is_undefined());
            } else {
                assert_eq!(
                    message,
                    "this puzzle has more than one solution (at least 2): a logical grade needs a unique one"
                );
                assert_eq!(get(&e, "found").as_f64(), Some(2.0));
            }
        }
    }
}

/// Generation time per level in WebAssembly: `cargo test --target wasm32-unknown-unknown
/// --profile ci --test wasm_node -- generation_times_in_wasm --include-ignored --nocapture`.
#[wasm_bindgen_test]
#[ignore]
fn generation_times_in_wasm() {
    use dlx_sudoku::{generate, GenerateOptions, Level};
    for level in Level::ALL {
        let mut times = Vec::new();
        for seed in 0..20 {
            let start = js_sys::Date::now();
            let g = generate(&GenerateOptions {
                seed,
                level,
                ..Default::default()
            })
            .unwrap();
            times.push(js_sys::Date::now() - start);
            assert_eq!(g.grade.level, level);
        }
        times.sort_by(f64::total_cmp);
        let p = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
        web_sys_log(&format!(
            "{level}: median {:.0} ms, p95 {:.0} ms in wasm",
            p(0.5),
            p(0.95)
        ));
    }
}

fn web_sys_log(line: &str) {
    wasm_bindgen_test::console_log!("{line}");
}
