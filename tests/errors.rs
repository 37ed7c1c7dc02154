//! Every error variant, triggered from the input that causes it, with its code and position.
#![cfg(not(target_arch = "wasm32"))]

use dlx_wasm::{Error, Problem, ProblemBuilder, SizeBudget, Solver, SolverOptions};

fn parse_err(text: &str) -> Error {
    Problem::parse(text).expect_err(text)
}

#[test]
fn item_out_of_range() {
    let mut b = ProblemBuilder::new(2, 1).unwrap();
    b.add_option(&[0]).unwrap();
    let e = b.add_option(&[1, 3]).unwrap_err();
    assert_eq!(
        e,
        Error::ItemOutOfRange {
            option: 1,
            index: 3,
            items: 3
        }
    );
    assert_eq!((e.code(), e.option()), ("item_out_of_range", Some(1)));
    assert_eq!(b.option_count(), 1, "a refused option is not added");
}

#[test]
fn unknown_item_with_its_line() {
    let e = parse_err("| comment\nA B\nA\nB C\n");
    assert_eq!(e.code(), "unknown_item");
    assert_eq!((e.line(), e.option()), (Some(4), Some(1)));
    assert_eq!(e.to_string(), "line 4: option 1: unknown item `C`");
}

#[test]
fn duplicate_item_in_an_option() {
    let e = parse_err("A B\nA B A\n");
    assert_eq!(e.code(), "duplicate_item");
    assert_eq!(e.line(), Some(2));
    let mut b = ProblemBuilder::new(2, 0).unwrap();
    assert_eq!(
        b.add_option(&[1, 1]).unwrap_err(),
        Error::DuplicateItem {
            option: 0,
            name: "1".into()
        }
    );
}

#[test]
fn empty_option() {
    let mut b = ProblemBuilder::new(1, 0).unwrap();
    let e = b.add_option(&[]).unwrap_err();
    assert_eq!(e, Error::EmptyOption { option: 0 });
    assert_eq!(e.code(), "empty_option");
}

#[test]
fn option_without_a_primary_item() {
    let e = parse_err("A | x y\nA x\nx y\n");
    assert_eq!(e.code(), "no_primary_item");
    assert_eq!((e.line(), e.option()), (Some(3), Some(1)));
}

#[test]
fn color_on_a_primary_item() {
    let e = parse_err("A | x\nA:red x\n");
    assert_eq!(e.code(), "color_on_primary");
    let mut b = ProblemBuilder::new(1, 1).unwrap();
    let e = b.add_colored_option(&[(0, Some("red"))]).unwrap_err();
    assert!(matches!(e, Error::ColorOnPrimary { option: 0, .. }));
}

#[test]
fn duplicate_item_name() {
    let e = parse_err("A B | A\nA\n");
    assert_eq!(e.code(), "duplicate_item_name");
    assert_eq!(e.line(), Some(1));
}

#[test]
fn invalid_names() {
    assert_eq!(parse_err("A | x\nA x:\n").code(), "invalid_name");
    let e = ProblemBuilder::with_names(&["a b"], &[]).unwrap_err();
    assert_eq!(e.code(), "invalid_name");
    assert_eq!(
        ProblemBuilder::with_names(&[""], &[]).unwrap_err().code(),
        "invalid_name"
    );
    assert_eq!(
        ProblemBuilder::with_names(&["a:b"], &[])
            .unwrap_err()
            .code(),
        "invalid_name"
    );
}

#[test]
fn malformed_lines() {
    let e = parse_err("| only comments\n\n");
    assert_eq!(e.code(), "syntax");
    let e = parse_err("A | x | y\nA\n");
    assert_eq!((e.code(), e.line()), ("syntax", Some(1)));
    let e = parse_err("A B\nA\nB | A\n");
    assert_eq!((e.code(), e.line()), ("syntax", Some(3)));
}

#[test]
fn problems_over_the_budget() {
    let small = SizeBudget {
        max_items: 4,
        max_options: 2,
        max_nodes: 5,
    };
    let e = ProblemBuilder::new_with_budget(3, 2, small).unwrap_err();
    assert_eq!(
        e,
        Error::TooLarge {
            what: "items",
            actual: 5,
            limit: 4
        }
    );
    let mut b = ProblemBuilder::new_with_budget(3, 1, small).unwrap();
    b.add_option(&[0, 1, 2]).unwrap();
    assert_eq!(b.add_option(&[0, 1, 3]).unwrap_err().code(), "too_large");
    b.add_option(&[0, 1]).unwrap();
    let e = b.add_option(&[2]).unwrap_err();
    assert!(matches!(
        e,
        Error::TooLarge {
            what: "options",
            ..
        }
    ));
    // The default budget, without allocating for the refused size.
    let e = ProblemBuilder::new(usize::MAX, 1).unwrap_err();
    assert_eq!(e.code(), "too_large");
    let text = "A".repeat(dlx_wasm::MAX_TEXT_BYTES + 1);
    assert_eq!(parse_err(&text).code(), "too_large");
}

#[test]
fn forced_option_out_of_range() {
    let problem = Problem::parse("A B\nA\nB\n").unwrap();
    let options = SolverOptions {
        forced: vec![0, 2],
        ..Default::default()
    };
    let e = Solver::with_options(&problem, &options).unwrap_err();
    assert_eq!(
        e,
        Error::ForcedOutOfRange {
            option: 2,
            options: 2
        }
    );
    assert_eq!(e.code(), "forced_out_of_range");
}

#[test]
fn conflicting_forced_options() {
    let problem = Problem::parse("A B | x\nA x:red\nB x:blue\nA B\n").unwrap();
    let options = SolverOptions {
        forced: vec![1, 0],
        ..Default::default()
    };
    let e = Solver::with_options(&problem, &options).unwrap_err();
    assert_eq!(
        e,
        Error::ForcedConflict {
            first: 1,
            second: 0,
            item: "x".into()
        }
    );
    assert_eq!(e.code(), "forced_conflict");
    let options = SolverOptions {
        forced: vec![2, 0],
        ..Default::default()
    };
    let e = Solver::with_options(&problem, &options).unwrap_err();
    assert!(matches!(e, Error::ForcedConflict { ref item, .. } if item == "A"));
}

#[test]
fn every_code_is_distinct_and_snake_case() {
    let codes = [
        "item_out_of_range",
        "unknown_item",
        "duplicate_item",
        "empty_option",
        "no_primary_item",
        "color_on_primary",
        "duplicate_item_name",
        "invalid_name",
        "syntax",
        "too_large",
        "forced_out_of_range",
        "forced_conflict",
    ];
    let set: std::collections::HashSet<_> = codes.iter().collect();
    assert_eq!(set.len(), codes.len());
    assert!(codes
        .iter()
        .all(|c| c.chars().all(|ch| ch.is_ascii_lowercase() || ch == '_')));
}
