//! The batch call (`solve_batch`, and `solve_batch_bytes` on bytes) against one puzzle at
//! a time: lines of 81 digits take a
//! path of their own (read straight into the search, solutions written straight out), so
//! every line must come out exactly as `Sudoku::parse`, `SudokuSolver::solve_into` and the
//! puzzle's own line writer give it, errors included (the same error, for the same
//! puzzle).

use crate::common;
use dlx_sudoku::{solve_batch, solve_batch_bytes, Options, Sudoku, Variant};

/// The batch's answer for `lines` computed one puzzle at a time through the general
/// reader: the expected output text, or the index, line (from 1) and error of the first
/// bad puzzle with the output before it. Blank lines and `#` comments are not puzzles.
fn one_by_one(lines: &[&str], options: &Options) -> (String, Option<(usize, usize, String)>) {
    let mut out = String::new();
    let puzzles = lines.iter().enumerate().filter(|(_, line)| {
        let line = line.trim_start();
        !line.is_empty() && !line.starts_with('#')
    });
    for (k, (index, line)) in puzzles.enumerate() {
        let line = line.strip_suffix('\r').unwrap_or(line);
        // The single call's path (`solve_sudoku` in JS): parse, first solution, its line
        // in the puzzle's alphabet.
        let solution = Sudoku::parse(line, options).and_then(|puzzle| puzzle.some_solution());
        match solution {
            Ok(Some(solution)) => out.push_str(&solution.to_line()),
            Ok(None) => {}
            Err(e) => return (out, Some((k, index + 1, e.to_string()))),
        }
        out.push('\n');
    }
    (out, None)
}

/// Runs the batch on `lines` joined with `\n` and checks it against [`one_by_one`].
fn same_as_one_by_one(lines: &[&str], options: &Options) -> usize {
    let text = lines.join("\n");
    let mut out = String::new();
    let got = solve_batch(&text, options, &mut out);
    let (expected, error) = one_by_one(lines, options);
    match (got, error) {
        (Ok(n), None) => {
            assert_eq!(n, expected.lines().count());
            assert_eq!(out, expected);
        }
        (Err(e), Some((k, line, message))) => {
            assert_eq!((e.puzzle, e.line), (k, line));
            assert_eq!(e.error.to_string(), message);
            assert_eq!(out, expected, "the lines before the bad puzzle");
        }
        (got, error) => panic!("batch {got:?}, one by one {error:?}"),
    }
    out.lines().filter(|l| !l.is_empty()).count()
}

fn sample(name: &str) -> Vec<String> {
    common::fixture_lines(name)
        .into_iter()
        .map(|l| l[..81].to_owned())
        .collect()
}

/// Every vendored sample, as one batch: each line the same as one puzzle at a time, and
/// every puzzle solved.
#[test]
fn samples_come_out_as_one_by_one() {
    for name in [
        "puzzles2_17_clue.sample",
        "puzzles3_magictour_top1465.sample",
        "puzzles5_forum_hardest_1905_11+.sample",
        "puzzles6_forum_hardest_1106.sample",
    ] {
        let lines = sample(name);
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        assert!(refs.len() >= 100, "{name}");
        assert_eq!(
            same_as_one_by_one(&refs, &Options::default()),
            refs.len(),
            "{name}"
        );
    }
}

/// Lines the digit path takes, and lines it must leave to the general reader, mixed: `0`
/// and `.` for empty, surrounding blanks, `\r\n`, no solution, a 4x4, letters, a decorated
/// line that is not 81 characters; and options that make digits mean something else.
#[test]
fn mixed_lines_and_options_come_out_as_one_by_one() {
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let zeros = hard.replace('.', "0");
    // r1c9 needs a 9 (the rest of row 1 is 1 to 8), and column 9 has one: no solution,
    // though no two givens conflict.
    let none = format!("12345678.........9{}", ".".repeat(63));
    let lines = [
        hard,
        &zeros,
        &format!("  {hard}\t"),
        &format!("{hard}\r"),
        &none,
        "1...........4...",
        "ABCD............",
        &hard.replace('4', "A"),
    ];
    for options in [
        Options::default(),
        Options {
            size: Some(9),
            box_rows: Some(3),
            box_cols: Some(3),
            ..Options::default()
        },
        Options::variant(Variant::Windoku),
        Options::variant(Variant::X),
        Options {
            alphabet: Some("123456789".into()),
            ..Options::default()
        },
    ] {
        same_as_one_by_one(&lines[..5], &options);
        for extra in &lines[5..] {
            let mut some = lines[..5].to_vec();
            some.push(extra);
            some.push(hard);
            same_as_one_by_one(&some, &options);
        }
    }
}

/// Conflicting givens on the digit path: the error names the puzzle and the conflict as
/// the general reader does, after the lines before it.
#[test]
fn conflicting_givens_are_reported_like_one_by_one() {
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let clash = format!("44{}", &hard[2..]);
    let lines = [hard, hard, &clash, hard];
    let text = lines.join("\n");
    let mut out = String::new();
    let e = solve_batch(&text, &Options::default(), &mut out).unwrap_err();
    assert_eq!(e.puzzle, 2);
    assert_eq!(e.error.code(), "conflicting_givens");
    same_as_one_by_one(&lines, &Options::default());
}

/// Where the digit path takes the next 81 bytes as a line (a line break or the end after
/// them), the lines must still be the text's own: a short line whose break falls inside
/// those 81 bytes, empty lines, a last line of 81 with and without its break, a line of
/// 82, and `\r\n`.
#[test]
fn lines_are_split_as_the_text_splits_them() {
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    // 16 characters, a break, 64 characters: 81 bytes with a break after them.
    let four = "1...........4...";
    let sixty_four = ".".repeat(64);
    for text in [
        format!("{hard}\n{hard}"),
        format!("{hard}\n{hard}\n"),
        format!("{four}\n{sixty_four}\n{hard}\n"),
        format!("{hard}\n\n{hard}\n"),
        format!("{hard}\n{hard}\n\n"),
        format!("{hard}.\n{hard}\n"),
        format!("{hard}\r\n{hard}\r\n"),
        format!("{hard}\n{four}"),
        hard.to_owned(),
    ] {
        let lines: Vec<&str> = text
            .strip_suffix('\n')
            .unwrap_or(&text)
            .split('\n')
            .collect();
        let mut out = String::new();
        let got = solve_batch(&text, &Options::default(), &mut out);
        let (expected, error) = one_by_one(&lines, &Options::default());
        assert_eq!(out, expected, "{text:?}");
        match (got, error) {
            (Ok(n), None) => assert_eq!(n, expected.lines().count(), "{text:?}"),
            (Err(e), Some((k, line, message))) => {
                assert_eq!(
                    (e.puzzle, e.line, e.error.to_string()),
                    (k, line, message),
                    "{text:?}"
                );
            }
            (got, error) => panic!("{text:?}: batch {got:?}, one by one {error:?}"),
        }
    }
}

/// On bytes: the same answer as on text, and a line that is not UTF-8 (a stray byte, a
/// sequence cut short, an encoded surrogate) read as if U+FFFD stood in the bad bytes'
/// place: the same error at the same place, after the lines before it.
#[test]
fn bytes_read_as_text_and_bad_utf8_as_the_replacement() {
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let circled = "①②③④⑤⑥⑦⑧⑨";
    let written: String = hard
        .chars()
        .map(|c| match c.to_digit(10) {
            Some(d) => circled.chars().nth(d as usize - 1).expect("1 to 9"),
            None => c,
        })
        .collect();
    let options = Options {
        alphabet: Some(circled.to_owned()),
        ..Options::default()
    };
    for (text, options) in [
        (
            format!("{hard}\n{hard}\r\n{}\n", &hard[..80]),
            Options::default(),
        ),
        (format!("{written}\n{written}"), options),
    ] {
        let (mut from_text, mut from_bytes) = (String::new(), Vec::new());
        let got = solve_batch(&text, &options, &mut from_text);
        let bytes = solve_batch_bytes(text.as_bytes(), &options, &mut from_bytes);
        assert_eq!(got, bytes, "{text:?}");
        assert_eq!(from_text.as_bytes(), from_bytes, "{text:?}");
    }
    for bad in [&b"\xff"[..], b"\xe2\x91", b"\xed\xa0\x80"] {
        let mut line = hard.as_bytes()[..10].to_vec();
        line.extend_from_slice(bad);
        line.extend_from_slice(&hard.as_bytes()[11..]);
        let text = [hard.as_bytes(), b"\n", &line, b"\n"].concat();
        let mut out = Vec::new();
        let e = solve_batch_bytes(&text, &Options::default(), &mut out).unwrap_err();
        let read_as = String::from_utf8_lossy(&line);
        let single = Sudoku::parse(&read_as, &Options::default()).unwrap_err();
        assert_eq!((e.puzzle, e.error), (1, single), "{bad:?}");
        let (expected, _) = one_by_one(&[hard], &Options::default());
        assert_eq!(out, expected.as_bytes(), "{bad:?}");
    }
}

/// Blank lines and `#` comments are not puzzles: no line of their own in the answer (one
/// line per puzzle), and an error names the bad puzzle's index among the puzzles and its
/// line in the text. A byte-order mark before the text, lines with a rating after the
/// puzzle and puzzles in other alphabets and formats of one line are read as one at a
/// time.
#[test]
fn blank_and_comment_lines_are_skipped_and_errors_name_the_line() {
    let hard = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let solved = Sudoku::parse(hard, &Options::default())
        .unwrap()
        .some_solution()
        .unwrap()
        .unwrap()
        .to_line();
    let text =
        format!("\u{FEFF}# hardest, with ratings\n\n{hard}\t9.9\n   \n  # another\r\n{hard}\r\n\n");
    let mut out = String::new();
    assert_eq!(solve_batch(&text, &Options::default(), &mut out), Ok(2));
    assert_eq!(out, format!("{solved}\n{solved}\n"));
    // The third puzzle, on line 7, is bad.
    let bad = format!("{}x", &hard[..80]);
    let lines = ["# set 1", hard, "", hard, "# set 2", "", &bad, hard];
    let mut out = String::new();
    let e = solve_batch(&lines.join("\n"), &Options::default(), &mut out).unwrap_err();
    assert_eq!((e.puzzle, e.line), (2, 7));
    assert_eq!(e.error.code(), "invalid_character");
    assert_eq!(out, format!("{solved}\n{solved}\n"));
    same_as_one_by_one(&lines, &Options::default());
    // Only comments: no puzzles, no lines.
    let mut out = String::new();
    assert_eq!(
        solve_batch("# nothing\n\n", &Options::default(), &mut out),
        Ok(0)
    );
    assert_eq!(out, "");
    // A 16x16 of whole numbers separated by commas, among compact lines: answered as a
    // compact line.
    let sixteen = Sudoku::parse(&".".repeat(256), &Options::default()).unwrap();
    let commas = vec!["0"; 256].join(",");
    let mut out = String::new();
    let text = format!("{hard}\n{commas}\n");
    assert_eq!(solve_batch(&text, &Options::default(), &mut out), Ok(2));
    let answers: Vec<&str> = out.lines().collect();
    assert_eq!(
        answers[1],
        sixteen.some_solution().unwrap().unwrap().to_line()
    );
    assert_eq!(answers[1].len(), 256);
}
