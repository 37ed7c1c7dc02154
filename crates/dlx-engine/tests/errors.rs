//! Every error variant, triggered from the input that causes it, with its code and position.

use dlx_engine::{
    Error, Problem, ProblemBuilder, SizeBudget, Solver, SolverOptions, Warning, WarningKind,
};

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
fn empty_option_when_strict() {
    let mut b = ProblemBuilder::new(1, 0).unwrap();
    b.set_strict(true);
    let e = b.add_option(&[]).unwrap_err();
    assert_eq!(e, Error::EmptyOption { option: 0 });
    assert_eq!(e.code(), "empty_option");
    assert_eq!(b.option_count(), 0, "a refused option is not added");
}

#[test]
fn option_without_a_primary_item_when_strict() {
    let e = Problem::parse_strict("A | x y\nA x\nx y\n").unwrap_err();
    assert_eq!(e.code(), "no_primary_item");
    assert_eq!((e.line(), e.option()), (Some(3), Some(1)));
    let mut b = ProblemBuilder::new(1, 2).unwrap();
    b.set_strict(true);
    b.add_option(&[0, 1]).unwrap();
    assert_eq!(
        b.add_option(&[1, 2]).unwrap_err(),
        Error::NoPrimaryItem { option: 1 }
    );
    assert_eq!(b.option_count(), 1, "a refused option is not added");
}

#[test]
fn without_strict_such_options_are_warnings_not_errors() {
    let problem = Problem::parse("A | x y\nA x\nx y\n").unwrap();
    assert_eq!(
        problem.warnings(),
        [Warning {
            option: 1,
            line: Some(3),
            kind: WarningKind::NoPrimaryItem
        }]
    );
    assert_eq!(problem.warnings()[0].code(), "no_primary_item");
    assert_eq!(
        problem.warnings()[0].to_string(),
        "Option ignored (no primary items): option 1, line 3"
    );
    let mut b = ProblemBuilder::new(1, 0).unwrap();
    assert_eq!(b.add_option(&[]).unwrap(), 0);
    let problem = b.build();
    assert_eq!(problem.warnings()[0].code(), "empty_option");
    assert_eq!(
        problem.warnings()[0].to_string(),
        "Option ignored (no items): option 0"
    );
}

#[test]
fn forcing_an_ignored_option() {
    let problem = Problem::parse("A | x\nA\nx\n").unwrap();
    let options = SolverOptions {
        forced: vec![1],
        ..Default::default()
    };
    let e = Solver::with_options(&problem, &options).unwrap_err();
    assert_eq!(e, Error::ForcedIgnored { option: 1 });
    assert_eq!((e.code(), e.option()), ("forced_ignored", Some(1)));
    let memo = dlx_engine::MemoOptions::default();
    let e = Solver::count_memo(&problem, &options, &memo).unwrap_err();
    assert_eq!(e.code(), "forced_ignored");
    assert_eq!(
        dlx_engine::split(&problem, &options, 4).unwrap_err().code(),
        "forced_ignored"
    );
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
    let e = parse_err("A | x\nA x:\n");
    assert_eq!(e.code(), "invalid_name");
    let said = e.to_string();
    assert!(
        said.ends_with("invalid name `x:`: the color after `:` is empty"),
        "{said}"
    );
    // A color with no item before it.
    assert_eq!(parse_err("A | x\nA :red\n").code(), "invalid_name");
    // A byte-order mark before the item line is not part of the first name, and no name
    // holds one (a text beginning with it would not read back as written; found by
    // fuzzing).
    assert_eq!(
        parse_err("| a comment\n\u{feff} B\nB\n").code(),
        "invalid_name"
    );
    assert_eq!(parse_err("A\u{feff} B\nB\n").code(), "invalid_name");
    assert_eq!(
        Problem::parse("\u{feff}A B\nA B\n").unwrap().item_count(),
        2
    );
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
    let e = parse_err("A | x |y\nA\n");
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
    // A budget past what the 32-bit links index is held to their limit.
    let unbounded = SizeBudget {
        max_items: usize::MAX,
        max_options: usize::MAX,
        max_nodes: usize::MAX,
    };
    let e = ProblemBuilder::new_with_budget(SizeBudget::LAYOUT_LIMIT, 1, unbounded).unwrap_err();
    assert_eq!(
        e,
        Error::TooLarge {
            what: "items",
            actual: SizeBudget::LAYOUT_LIMIT + 1,
            limit: SizeBudget::LAYOUT_LIMIT
        }
    );
    // The default budget, without allocating for the refused size.
    let e = ProblemBuilder::new(usize::MAX, 1).unwrap_err();
    assert_eq!(e.code(), "too_large");
    let text = "A".repeat(dlx_engine::MAX_TEXT_BYTES + 1);
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
        "forced_ignored",
        "forced_conflict",
    ];
    let set: std::collections::HashSet<_> = codes.iter().collect();
    assert_eq!(set.len(), codes.len());
    assert!(codes
        .iter()
        .all(|c| c.chars().all(|ch| ch.is_ascii_lowercase() || ch == '_')));
}

#[test]
fn bounds_with_the_lower_above_the_upper() {
    let e = parse_err("| bounds\nA 3:2|B\nA B\n");
    assert_eq!(e.code(), "bounds_reversed");
    assert_eq!(e.line(), Some(2));
    assert_eq!(
        e.to_string(),
        "line 2: item `B`: the lower bound 3 exceeds the upper bound 2"
    );
    let mut b = ProblemBuilder::new(2, 0).unwrap();
    assert_eq!(
        b.set_bounds(1, 3, 2).unwrap_err(),
        Error::BoundsReversed {
            name: "1".into(),
            min: 3,
            max: 2
        }
    );
    assert!(!b.problem().has_bounds(), "a refused bound changes nothing");
}

#[test]
fn an_upper_bound_of_zero() {
    for text in ["0|A\nA\n", "0:0|A\nA\n"] {
        let e = parse_err(text);
        assert_eq!((e.code(), e.line()), ("zero_upper_bound", Some(1)));
    }
    let mut b = ProblemBuilder::with_names(&["a"], &[]).unwrap();
    assert_eq!(
        b.set_bounds(0, 0, 0).unwrap_err(),
        Error::ZeroUpperBound { name: "a".into() }
    );
}

#[test]
fn bounds_on_a_secondary_item() {
    let e = parse_err("\n\nA | 2|x\nA x\n");
    assert_eq!((e.code(), e.line()), ("bounds_on_secondary", Some(3)));
    assert_eq!(
        e.to_string(),
        "line 3: `x` is a secondary item and cannot have bounds"
    );
    let mut b = ProblemBuilder::new(1, 1).unwrap();
    assert_eq!(
        b.set_bounds(1, 0, 1).unwrap_err(),
        Error::BoundsOnSecondary { name: "1".into() }
    );
}

#[test]
fn malformed_bounds() {
    for (text, reason) in [
        ("A :2|B\nA B\n", "a bound is missing"),
        ("A 1:|B\nA B\n", "a bound is missing"),
        ("A x|B\nA B\n", "bounds are decimal numbers"),
        ("A 1:2:3|B\nA B\n", "bounds are decimal numbers"),
        ("A -1|B\nA B\n", "bounds are decimal numbers"),
        (
            "A 99999999999|B\nA B\n",
            "a bound is too large (at most 4294967295)",
        ),
    ] {
        let e = parse_err(text);
        assert_eq!(
            (e.code(), e.line()),
            ("malformed_bounds", Some(1)),
            "{text}"
        );
        let Error::AtLine { source, .. } = &e else {
            panic!("{e:?}")
        };
        assert!(
            matches!(&**source, Error::MalformedBounds { reason: r, .. } if *r == reason),
            "{text}: {e}"
        );
    }
    // A bound without a name is an invalid name.
    assert_eq!(parse_err("A 2|\nA\n").code(), "invalid_name");
}

#[test]
fn bounds_for_an_item_that_does_not_exist() {
    let mut b = ProblemBuilder::new(2, 1).unwrap();
    let e = b.set_bounds(3, 0, 1).unwrap_err();
    assert_eq!(e, Error::ItemIndexOutOfRange { index: 3, items: 3 });
    assert_eq!(
        (e.code(), e.option(), e.line()),
        ("item_out_of_range", None, None)
    );
}

#[test]
fn forced_options_past_an_upper_bound() {
    let problem = Problem::parse("2|A B\nA\nA B\nA\n").unwrap();
    let forced = |forced: Vec<usize>| {
        Solver::with_options(
            &problem,
            &SolverOptions {
                forced,
                ..Default::default()
            },
        )
    };
    // Two of A's options may be forced together, not three.
    assert_eq!(forced(vec![0, 2]).unwrap().count_solutions(), 0);
    assert_eq!(forced(vec![0, 1]).unwrap().count_solutions(), 1);
    let e = forced(vec![2, 0, 1]).unwrap_err();
    assert_eq!(
        e,
        Error::ForcedConflict {
            first: 2,
            second: 1,
            item: "A".into()
        }
    );
}

#[test]
fn a_refused_option_leaves_no_color_behind() {
    // Found by the builder fuzz target: the color of a refused option stayed interned.
    // (Strict: else an option with no primary item is kept, left out of the search.)
    let mut b = ProblemBuilder::new(1, 1).unwrap();
    b.set_strict(true);
    let before = b.problem().clone();
    assert!(b.add_colored_option(&[(1, Some("red"))]).is_err());
    assert!(b.add_named_option(&["1:red", "1"]).is_err());
    assert_eq!(b.problem(), &before);
    b.add_colored_option(&[(0, None), (1, Some("blue"))])
        .unwrap();
    assert_eq!(b.problem().color_name(1), Some("blue"));
}
