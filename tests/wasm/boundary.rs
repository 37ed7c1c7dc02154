//! The JS boundary tests shared by the test binaries `wasm_node` (run in Node) and
//! `wasm_browser` (run in headless Chromium): they call the exported functions with values
//! built as JS would pass them and read the results and errors back as JS sees them. The
//! sudoku tests need the `sudoku-toolkit` feature (on by default); without it, as the npm
//! package's core is built (`--no-default-features --features exact-cover,talc`), the rest still run.

#[cfg(feature = "trace-memo")]
use dlx_wasm::exact_cover_trace;
#[cfg(feature = "sudoku-toolkit")]
use dlx_wasm::solve_sudoku;
use dlx_wasm::{exact_cover, ExactCoverSolver};
use js_sys::{Array, Reflect, JSON};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::wasm_bindgen_test;

const KNUTH: &str = "A B C D E | F G\nC E\nA D G\nB C F\nA D F\nB G\nD E G";
const QUEENS8: &str = include_str!("../data/q8.dlx");
/// Knuth's DLX2 documentation example: its third option (line 4) has no primary item.
const DLX2_EXAMPLE: &str = include_str!("../data/dlx2_example.dlx");
#[cfg(feature = "sudoku-toolkit")]
const PUZZLE: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";

/// A JS value from JSON text, for objects and arrays.
fn js(json: &str) -> JsValue {
    JSON::parse(json).expect("test JSON parses")
}

/// `exact_cover(problem, options)` as JS calls it.
fn solve(problem: &JsValue, options: Option<JsValue>) -> Result<JsValue, JsValue> {
    let options = options.unwrap_or(JsValue::UNDEFINED);
    exact_cover(problem.unchecked_ref(), options).map(JsValue::from)
}

fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &JsValue::from_str(key)).expect("Reflect.get on an object")
}

fn number(object: &JsValue, key: &str) -> f64 {
    get(object, key)
        .as_f64()
        .unwrap_or_else(|| panic!("`{key}` is a number"))
}

/// The solutions of a result as Rust vectors.
fn solutions(result: &JsValue) -> Vec<Vec<u32>> {
    Array::from(&get(result, "solutions"))
        .iter()
        .map(|s| {
            Array::from(&s)
                .iter()
                .map(|i| i.as_f64().unwrap() as u32)
                .collect()
        })
        .collect()
}

/// Asserts that `result` is a thrown JS `Error` with `code`, and returns it.
fn expect_error(result: Result<JsValue, JsValue>, code: &str) -> JsValue {
    let error = match result {
        Ok(value) => panic!("expected an error `{code}`, got {value:?}"),
        Err(error) => error,
    };
    assert!(
        error.is_instance_of::<js_sys::Error>(),
        "not an Error: {error:?}"
    );
    assert_eq!(
        get(&error, "code").as_string().as_deref(),
        Some(code),
        "{error:?}"
    );
    let message = get(&error, "message").as_string().unwrap_or_default();
    assert!(!message.is_empty(), "an error without a message: {error:?}");
    error
}

fn assert_knuth_example_solves() {
    let result = solve(&JsValue::from_str(KNUTH), None).unwrap();
    assert_eq!(solutions(&result), vec![vec![0, 3, 4]]);
    assert_eq!(number(&result, "count"), 1.0);
    assert_eq!(get(&result, "complete").as_bool(), Some(true));
}

// ---- results ----

#[wasm_bindgen_test]
fn knuth_example_from_text() {
    assert_knuth_example_solves();
}

#[wasm_bindgen_test]
fn knuth_example_from_data_with_names_and_numbers() {
    let problem = js(r#"{
        "primary": ["A", "B", "C", "D", "E"], "secondary": ["F", "G"],
        "options": [["C", "E"], [0, 3, 6], ["B", "C", "F"], ["A", "D", "F"], [1, 6], ["D", "E", "G"]]
    }"#);
    let result = solve(&problem, None).unwrap();
    assert_eq!(solutions(&result), vec![vec![0, 3, 4]]);
}

#[wasm_bindgen_test]
fn eight_queens_match_knuths_counts() {
    let result = solve(
        &JsValue::from_str(QUEENS8),
        Some(js(r#"{"countOnly": true}"#)),
    )
    .unwrap();
    assert_eq!(number(&result, "count"), 92.0);
    assert!(solutions(&result).is_empty());
    let stats = get(&result, "stats");
    assert_eq!(number(&stats, "nodes"), 1049.0);
    assert_eq!(number(&stats, "updates"), 16680.0);
}

#[wasm_bindgen_test]
fn limit_stops_early_and_reports_incomplete() {
    let result = solve(&JsValue::from_str(QUEENS8), Some(js(r#"{"limit": 3}"#))).unwrap();
    assert_eq!(number(&result, "count"), 3.0);
    assert_eq!(solutions(&result).len(), 3);
    assert_eq!(get(&result, "complete").as_bool(), Some(false));
}

#[wasm_bindgen_test]
fn colors_on_secondary_items() {
    // Options 0 and 1 agree on x's color, option 2 does not: {0, 1} is the only cover.
    let text = "A B | x\nA x:red\nB x:red\nB x:blue";
    let result = solve(&JsValue::from_str(text), None).unwrap();
    assert_eq!(solutions(&result), vec![vec![0, 1]]);
}

#[cfg(feature = "sudoku-toolkit")]
#[wasm_bindgen_test]
fn sudoku_solves_and_keeps_the_givens() {
    let solved = solve_sudoku(&JsValue::from_str(PUZZLE), None)
        .unwrap()
        .as_string()
        .expect("a solution");
    assert_eq!(solved.len(), 81);
    for (given, digit) in PUZZLE.chars().zip(solved.chars()) {
        assert!(given == '.' || given == digit);
    }
    let digits: Vec<u32> = solved.chars().map(|c| c.to_digit(10).unwrap()).collect();
    for k in 0..9 {
        let row = (0..9).map(|j| digits[k * 9 + j]);
        let col = (0..9).map(|j| digits[j * 9 + k]);
        let boxed = (0..9).map(|j| digits[(k / 3 * 3 + j / 3) * 9 + k % 3 * 3 + j % 3]);
        for group in [row.collect::<Vec<_>>(), col.collect(), boxed.collect()] {
            let mut group = group;
            group.sort_unstable();
            assert_eq!(group, (1..=9).collect::<Vec<_>>());
        }
    }
}

#[cfg(feature = "sudoku-toolkit")]
#[wasm_bindgen_test]
fn unsolvable_sudoku_gives_none() {
    // No two givens clash, but the last cell of row 1 needs a 9 and its column has one.
    let puzzle = format!("12345678.........9{}", ".".repeat(63));
    assert!(solve_sudoku(&JsValue::from_str(&puzzle), None)
        .unwrap()
        .is_null());
}

// ---- errors from the text format, with lines ----

#[wasm_bindgen_test]
fn syntax_errors_carry_the_line() {
    for (text, line) in [
        ("A B | x | y\nA", 1.0),
        ("| a comment\n\nA B\nA | B", 4.0),
        ("| only a comment", 1.0),
    ] {
        let error = expect_error(solve(&JsValue::from_str(text), None), "syntax");
        assert_eq!(number(&error, "line"), line, "{text:?}");
    }
}

#[wasm_bindgen_test]
fn text_errors_carry_code_line_and_option() {
    // Strict: else an option with no primary item is left out, with a warning.
    let strict = || Some(js(r#"{"strict": true}"#));
    for (text, code, line, option) in [
        ("A B\nA C", "unknown_item", 2.0, 0.0),
        ("A B\nA\nB B", "duplicate_item", 3.0, 1.0),
        ("A | x\nA\nx", "no_primary_item", 3.0, 1.0),
        ("A | x\nA:red x", "color_on_primary", 2.0, 0.0),
    ] {
        let error = expect_error(solve(&JsValue::from_str(text), strict()), code);
        assert_eq!(number(&error, "line"), line, "{text:?}");
        assert_eq!(number(&error, "option"), option, "{text:?}");
    }
    expect_error(
        solve(&JsValue::from_str("A A\nA"), None),
        "duplicate_item_name",
    );
}

// ---- errors from problems given as data ----

#[wasm_bindgen_test]
fn data_errors_carry_code_and_option() {
    // Strict: else an empty option, or one with no primary item, is left out with a warning.
    let strict = || Some(js(r#"{"strict": true}"#));
    for (json, code, option) in [
        (
            r#"{"primary": 2, "options": [[0, 1], [0, 5]]}"#,
            "item_out_of_range",
            1.0,
        ),
        (
            r#"{"primary": 2, "options": [[0, 0]]}"#,
            "duplicate_item",
            0.0,
        ),
        (
            r#"{"primary": 2, "options": [[0], []]}"#,
            "empty_option",
            1.0,
        ),
        (
            r#"{"primary": 1, "secondary": 1, "options": [[1]]}"#,
            "no_primary_item",
            0.0,
        ),
        (
            r#"{"primary": ["A"], "secondary": ["x"], "options": [["A:red"]]}"#,
            "color_on_primary",
            0.0,
        ),
        (
            r#"{"primary": ["A"], "options": [["A"], ["B"]]}"#,
            "unknown_item",
            1.0,
        ),
    ] {
        let error = expect_error(solve(&js(json), strict()), code);
        assert_eq!(number(&error, "option"), option, "{json}");
    }
}

/// The `warnings` of a result (or of a solver) as `(code, option, line)`, checking that each
/// has a message.
fn warnings_of(warnings: &JsValue) -> Vec<(String, f64, Option<f64>)> {
    assert!(
        Array::is_array(warnings),
        "warnings is an array: {warnings:?}"
    );
    Array::from(warnings)
        .iter()
        .map(|w| {
            let message = get(&w, "message").as_string().unwrap_or_default();
            assert!(message.starts_with("Option ignored"), "{message}");
            let code = get(&w, "code").as_string().unwrap();
            (code, number(&w, "option"), get(&w, "line").as_f64())
        })
        .collect()
}

#[wasm_bindgen_test]
fn options_with_no_primary_item_are_left_out_with_warnings_or_refused_when_strict() {
    // Knuth's DLX2 example: one solution, in the caller's numbering (option 3, not 2).
    let result = solve(&JsValue::from_str(DLX2_EXAMPLE), None).unwrap();
    assert_eq!(solutions(&result), vec![vec![1, 3]]);
    assert_eq!(
        warnings_of(&get(&result, "warnings")),
        vec![("no_primary_item".to_owned(), 2.0, Some(4.0))]
    );
    // Always present; empty when nothing was left out.
    let plain = solve(&JsValue::from_str(KNUTH), None).unwrap();
    assert!(warnings_of(&get(&plain, "warnings")).is_empty());
    // Counting with the memo carries them too.
    #[cfg(feature = "trace-memo")]
    {
        let memo = js(r#"{"countOnly": true, "memo": true}"#);
        let counted = solve(&JsValue::from_str(DLX2_EXAMPLE), Some(memo)).unwrap();
        assert_eq!(number(&counted, "count"), 1.0);
        assert_eq!(warnings_of(&get(&counted, "warnings")).len(), 1);
    }

    // Arrays, and the compact form: an empty option and one with only secondary items.
    let arrays = js(r#"{"primary": 2, "secondary": 1, "options": [[2], [0, 2], [], [1]]}"#);
    let compact = js(r#"{"primary": 2, "secondary": 1}"#);
    let typed = |list: &[u32]| JsValue::from(js_sys::Uint32Array::from(list));
    Reflect::set(&compact, &"items".into(), &typed(&[2, 0, 2, 1])).unwrap();
    Reflect::set(&compact, &"offsets".into(), &typed(&[0, 1, 3, 3, 4])).unwrap();
    for problem in [arrays, compact] {
        let result = solve(&problem, None).unwrap();
        assert_eq!(solutions(&result), vec![vec![1, 3]]);
        assert_eq!(
            warnings_of(&get(&result, "warnings")),
            vec![
                ("no_primary_item".to_owned(), 0.0, None),
                ("empty_option".to_owned(), 2.0, None)
            ]
        );
        // Forced options are the caller's numbers; a left-out one is refused.
        let forced = solve(&problem, Some(js(r#"{"forced": [3]}"#))).unwrap();
        assert_eq!(solutions(&forced), vec![vec![1, 3]]);
        let error = expect_error(
            solve(&problem, Some(js(r#"{"forced": [1, 2]}"#))),
            "forced_ignored",
        );
        assert_eq!(number(&error, "option"), 2.0);
        assert_eq!(
            get(&error, "path").as_string().as_deref(),
            Some("options.forced[1]")
        );
        let error = expect_error(
            solve(&problem, Some(js(r#"{"strict": true}"#))),
            "no_primary_item",
        );
        assert_eq!(number(&error, "option"), 0.0);
    }

    // The trace: the same warnings; its events name the options as given.
    #[cfg(feature = "trace-memo")]
    {
        let traced = exact_cover_trace(
            JsValue::from_str(DLX2_EXAMPLE).unchecked_ref(),
            JsValue::UNDEFINED,
        )
        .map(JsValue::from)
        .unwrap();
        assert_eq!(
            warnings_of(&get(&traced, "warnings")),
            vec![("no_primary_item".to_owned(), 2.0, Some(4.0))]
        );
        let solution = Array::from(&get(&traced, "events"))
            .iter()
            .find(|e| get(e, "op").as_string().as_deref() == Some("solution"))
            .map(|e| get(&e, "options"))
            .unwrap();
        assert_eq!(
            Array::from(&solution).to_vec(),
            [1.0, 3.0].map(JsValue::from_f64)
        );
    }

    // The streaming solver: the same warnings, the same numbering.
    let mut solver = ExactCoverSolver::new(
        JsValue::from_str(DLX2_EXAMPLE).unchecked_ref(),
        JsValue::NULL,
    )
    .unwrap();
    assert_eq!(
        warnings_of(&solver.warnings()),
        vec![("no_primary_item".to_owned(), 2.0, Some(4.0))]
    );
    // The iterator protocol: `{ value, done }`.
    let first = solver.next_step();
    assert_eq!(get(&first, "done").as_bool(), Some(false));
    assert_eq!(
        Array::from(&get(&first, "value")).to_vec(),
        [1.0, 3.0].map(JsValue::from_f64)
    );
    let last = solver.next_step();
    assert_eq!(get(&last, "done").as_bool(), Some(true));
    assert!(get(&last, "value").is_undefined());

    // Strict refuses, with the line and the option, as before.
    let strict = Some(js(r#"{"strict": true}"#));
    let error = expect_error(
        solve(&JsValue::from_str(DLX2_EXAMPLE), strict),
        "no_primary_item",
    );
    assert_eq!(
        (number(&error, "line"), number(&error, "option")),
        (4.0, 2.0)
    );
    let strict = js(r#"{"strict": true}"#);
    let error = ExactCoverSolver::new(JsValue::from_str(DLX2_EXAMPLE).unchecked_ref(), strict)
        .map(drop)
        .unwrap_err();
    assert_eq!(
        get(&error, "code").as_string().as_deref(),
        Some("no_primary_item")
    );
    // `strict` must be a boolean.
    expect_error(
        solve(&JsValue::from_str(KNUTH), Some(js(r#"{"strict": 1}"#))),
        "invalid_argument",
    );
}

// ---- arguments of the wrong type ----

#[wasm_bindgen_test]
fn wrong_problem_types_are_invalid_arguments() {
    let not_problems = [
        JsValue::from_f64(42.0),
        JsValue::NULL,
        JsValue::UNDEFINED,
        JsValue::TRUE,
        Array::new().into(),
        js(r#"{"options": [[0]]}"#),
        js(r#"{"primary": "A", "options": [[0]]}"#),
        js(r#"{"primary": 2}"#),
        js(r#"{"primary": 2, "options": [0, 1]}"#),
        js(r#"{"primary": 2, "options": [[0.5]]}"#),
        js(r#"{"primary": 2, "options": [[-1]]}"#),
        js(r#"{"primary": 2, "options": [[true]]}"#),
        js(r#"{"primary": [1, 2], "options": []}"#),
    ];
    for problem in &not_problems {
        let error = expect_error(solve(problem, None), "invalid_argument");
        assert!(get(&error, "message")
            .as_string()
            .unwrap()
            .contains("problem"));
    }
}

#[wasm_bindgen_test]
fn bad_options_name_their_path() {
    let with = |key: &str, value: JsValue| {
        let options = js("{}");
        Reflect::set(&options, &JsValue::from_str(key), &value).unwrap();
        options
    };
    let cases = [
        (with("limit", JsValue::from_f64(f64::NAN)), "options.limit"),
        (with("limit", JsValue::from_f64(-1.0)), "options.limit"),
        (with("limit", JsValue::from_f64(1.5)), "options.limit"),
        (
            with("limit", JsValue::from_f64(f64::INFINITY)),
            "options.limit",
        ),
        (with("limit", JsValue::from_str("3")), "options.limit"),
        (
            with("maxNodes", JsValue::from_f64(-5.0)),
            "options.maxNodes",
        ),
        (with("seed", JsValue::from_f64(0.25)), "options.seed"),
        (
            with("countOnly", JsValue::from_str("yes")),
            "options.countOnly",
        ),
        (with("forced", JsValue::from_f64(1.0)), "options.forced"),
        (with("forced", js("[0, -1]")), "options.forced[1]"),
        (JsValue::from_f64(42.0), "options"),
        (Array::new().into(), "options"),
        // A key no export reads is refused, not ignored: `limt` would count every solution.
        (with("limt", JsValue::from_f64(1.0)), "options.limt"),
        (
            js(r#"{"limit": 1, "countonly": true}"#),
            "options.countonly",
        ),
    ];
    for (options, path) in cases {
        let error = expect_error(
            solve(&JsValue::from_str(KNUTH), Some(options)),
            "invalid_argument",
        );
        assert_eq!(get(&error, "path").as_string().as_deref(), Some(path));
    }
    // null and undefined mean "no options".
    for options in [JsValue::NULL, JsValue::UNDEFINED] {
        let result = solve(&JsValue::from_str(KNUTH), Some(options)).unwrap();
        assert_eq!(number(&result, "count"), 1.0);
    }
}

#[wasm_bindgen_test]
fn unknown_keys_are_refused_with_their_path() {
    let problems = [
        // A misspelt `secondary` would make every item primary.
        (
            r#"{"primary": ["a"], "secundary": ["x"], "options": [["a", "x"]]}"#,
            "problem.secundary",
        ),
        (
            r#"{"primary": [{"name": "a", "mn": 0}], "options": [["a"]]}"#,
            "problem.primary[0].mn",
        ),
    ];
    for (problem, path) in problems {
        let error = expect_error(solve(&js(problem), None), "invalid_argument");
        assert_eq!(get(&error, "path").as_string().as_deref(), Some(path));
        let message = get(&error, "message").as_string().unwrap();
        assert!(message.contains("unknown key"), "{message}");
    }
    let error = expect_error(
        solve(&JsValue::from_str(KNUTH), Some(js(r#"{"limt": 1}"#))),
        "invalid_argument",
    );
    let message = get(&error, "message").as_string().unwrap();
    assert!(
        message.contains("limit, maxNodes"),
        "names the keys: {message}"
    );
    // The keys it knows, and bounds given in full, still read.
    let bounded = js(r#"{"primary": [{"name": "a", "min": 1, "max": 2}], "options": [["a"]]}"#);
    assert_eq!(number(&solve(&bounded, None).unwrap(), "count"), 1.0);
}

#[wasm_bindgen_test]
fn forced_options_are_checked() {
    let forced = |list: &str| Some(js(&format!(r#"{{"forced": {list}}}"#)));
    let error = expect_error(
        solve(&JsValue::from_str(KNUTH), forced("[9]")),
        "forced_out_of_range",
    );
    assert_eq!(number(&error, "option"), 9.0);
    expect_error(
        solve(&JsValue::from_str(KNUTH), forced("[0, 2]")),
        "forced_conflict",
    );
    let result = solve(&JsValue::from_str(KNUTH), forced("[3]")).unwrap();
    assert_eq!(solutions(&result), vec![vec![0, 3, 4]]);
}

#[cfg(feature = "sudoku-toolkit")]
#[wasm_bindgen_test]
fn sudoku_errors() {
    let error = expect_error(
        solve_sudoku(&JsValue::from_str("123"), None),
        "wrong_cell_count",
    );
    assert!(get(&error, "message").as_string().unwrap().contains('3'));
    let bad = format!("{}?{}", ".".repeat(10), ".".repeat(70));
    let error = expect_error(
        solve_sudoku(&JsValue::from_str(&bad), None),
        "invalid_character",
    );
    assert_eq!(number(&error, "row"), 2.0);
    assert_eq!(number(&error, "column"), 2.0);
    for not_a_string in [
        JsValue::from_f64(81.0),
        JsValue::NULL,
        JsValue::UNDEFINED,
        Array::new().into(),
    ] {
        expect_error(solve_sudoku(&not_a_string, None), "invalid_argument");
    }
}

// ---- the instance survives every error ----

#[wasm_bindgen_test]
fn instance_still_solves_after_every_error() {
    let bad_problems = [
        JsValue::from_str("A B | x | y"),
        JsValue::from_str("A B\nA C"),
        JsValue::from_str("A B\nA A"),
        JsValue::from_str("A | x\nx"),
        JsValue::from_str("A | x\nA:red"),
        js(r#"{"primary": 2, "options": [[0, 5]]}"#),
        js(r#"{"primary": 2, "options": [[]]}"#),
        JsValue::from_f64(42.0),
        JsValue::NULL,
        Array::new().into(),
    ];
    for problem in &bad_problems {
        // Strict: else the two options with no primary item are left out, with warnings.
        assert!(solve(problem, Some(js(r#"{"strict": true}"#))).is_err());
    }
    for limit in [f64::NAN, -1.0, 0.5] {
        let options = js("{}");
        Reflect::set(&options, &"limit".into(), &JsValue::from_f64(limit)).unwrap();
        assert!(solve(&JsValue::from_str(KNUTH), Some(options)).is_err());
    }
    #[cfg(feature = "sudoku-toolkit")]
    assert!(solve_sudoku(&JsValue::from_str("123"), None).is_err());
    assert_knuth_example_solves();
    #[cfg(feature = "sudoku-toolkit")]
    assert!(solve_sudoku(&JsValue::from_str(PUZZLE), None)
        .unwrap()
        .is_string());
}
