//! The search trace replays consistently: every unlink and relink is legal on a simulated
//! matrix, MRV's lengths are the real lengths, and counting events gives the solver's stats.

use crate::common;

use std::collections::{HashMap, HashSet};

use crate::common::KNUTH;
use dlx_engine::puzzles::queens;
use dlx_engine::{trace, Problem, Solver, SolverOptions, TraceEvent};

/// Replays `events` on a model of the matrix, asserting each step is possible there.
/// Returns (nodes, updates) counted from the events.
fn replay(problem: &Problem, events: &[TraceEvent], complete: bool) -> (u64, u64) {
    let mut linked: HashSet<(u32, u32)> = HashSet::new();
    for option in 0..problem.option_count() {
        for entry in problem.option(option) {
            linked.insert((option as u32, entry.item));
        }
    }
    let all = linked.clone();
    let mut active: HashSet<u32> = (0..problem.item_count() as u32).collect();
    let len = |linked: &HashSet<(u32, u32)>, item: u32| {
        linked.iter().filter(|&&(_, i)| i == item).count() as u32
    };
    let (mut nodes, mut updates) = (0, 0);
    let mut chosen: HashMap<usize, u32> = HashMap::new();
    for event in events {
        match event {
            TraceEvent::Choose {
                level,
                item,
                lengths,
            } => {
                nodes += 1;
                let listed: HashSet<u32> = lengths.iter().map(|&(i, _)| i).collect();
                let expected: HashSet<u32> = active
                    .iter()
                    .copied()
                    .filter(|&i| (i as usize) < problem.primary_count())
                    .collect();
                assert_eq!(listed, expected, "MRV looked at the active primary items");
                for &(i, l) in lengths {
                    assert_eq!(l, len(&linked, i), "length of item {i}");
                }
                let min = lengths.iter().map(|&(_, l)| l).min().unwrap();
                assert_eq!(lengths.iter().find(|&&(_, l)| l == min).unwrap().0, *item);
                chosen.insert(*level, *item);
            }
            TraceEvent::Cover { item } => {
                updates += 1;
                assert!(active.remove(item), "cover of inactive item {item}");
            }
            TraceEvent::Uncover { item } => {
                assert!(active.insert(*item), "uncover of active item {item}");
            }
            TraceEvent::Hide { option, item } => {
                updates += 1;
                assert!(linked.remove(&(*option, *item)), "hide of hidden node");
            }
            TraceEvent::Unhide { option, item } => {
                assert!(linked.insert((*option, *item)), "unhide of linked node");
            }
            TraceEvent::Try { level, option } => {
                let item = chosen[level];
                assert!(
                    problem
                        .option(*option as usize)
                        .iter()
                        .any(|e| e.item == item),
                    "option {option} tried for item {item} does not contain it"
                );
            }
            TraceEvent::Solution { options, .. } => {
                nodes += 1;
                assert!(common::is_solution(
                    problem,
                    &options.iter().map(|&o| o as usize).collect::<Vec<_>>()
                ));
            }
            TraceEvent::Purify { .. }
            | TraceEvent::Unpurify { .. }
            | TraceEvent::Undo { .. }
            | TraceEvent::Backtrack { .. } => {}
        }
    }
    if complete {
        assert_eq!(linked, all, "every node is back at the end");
        assert_eq!(active.len(), problem.item_count(), "every item is back");
    }
    (nodes, updates)
}

#[test]
fn knuths_example_traces_to_its_solution() {
    let problem = Problem::parse(KNUTH).unwrap();
    let t = trace(&problem, &SolverOptions::default(), 10_000).unwrap();
    assert!(!t.truncated);
    let solutions: Vec<_> = t
        .events
        .iter()
        .filter_map(|e| match e {
            TraceEvent::Solution { options, .. } => Some(options.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(solutions, vec![vec![0, 3, 4]]);
    let (nodes, updates) = replay(&problem, &t.events, true);
    let mut solver = Solver::new(&problem);
    solver.count_solutions();
    assert_eq!(
        (nodes, updates),
        (solver.stats().nodes, solver.stats().updates)
    );
    assert_eq!(t.stats, solver.stats());
    // The first step chooses an item by MRV and covers it.
    assert!(matches!(t.events[0], TraceEvent::Choose { level: 0, .. }));
    assert!(matches!(t.events[1], TraceEvent::Cover { .. }));
}

#[test]
fn eight_queens_trace_agrees_with_dlx1_counts() {
    let problem = queens(8).unwrap();
    let t = trace(&problem, &SolverOptions::default(), 1_000_000).unwrap();
    assert!(!t.truncated);
    assert_eq!(replay(&problem, &t.events, true), (1049, 16680));
}

#[test]
fn colored_problems_trace_purify_and_unpurify() {
    let problem = Problem::parse("a b c | x\na x:red\nb x:red\nb x:blue\nc\nc x:blue\n").unwrap();
    let t = trace(&problem, &SolverOptions::default(), 10_000).unwrap();
    let purifies = t
        .events
        .iter()
        .filter(|e| matches!(e, TraceEvent::Purify { .. }))
        .count();
    let unpurifies = t
        .events
        .iter()
        .filter(|e| matches!(e, TraceEvent::Unpurify { .. }))
        .count();
    assert!(purifies > 0);
    assert_eq!(purifies, unpurifies);
    let (nodes, updates) = replay(&problem, &t.events, true);
    assert_eq!((nodes, updates), (t.stats.nodes, t.stats.updates));
}

#[test]
fn the_trace_is_bounded() {
    let problem = queens(10).unwrap();
    let t = trace(&problem, &SolverOptions::default(), 500).unwrap();
    assert!(t.truncated);
    // One step past the limit at most: a cover of 10 queens hides at most ~40 nodes.
    assert!(t.events.len() < 600, "{}", t.events.len());
    replay(&problem, &t.events, false);
}

#[test]
fn limits_end_the_trace_early() {
    let problem = queens(6).unwrap();
    let options = SolverOptions {
        max_solutions: Some(1),
        ..Default::default()
    };
    let t = trace(&problem, &options, 1_000_000).unwrap();
    assert!(!t.truncated);
    assert_eq!(t.stats.solutions, 1);
    assert!(matches!(t.events.last(), Some(TraceEvent::Solution { .. })));
}

#[test]
fn many_item_problems_choose_as_mrv_does() {
    // 240 primary items: MRV keeps counts of items per length here; every choice must still
    // be the leftmost item of minimum length, with the lengths the replay sees.
    let problem = Problem::parse(&common::data("sudoku_inkala.dlx")).unwrap();
    assert!(problem.primary_count() > 128);
    let t = trace(&problem, &SolverOptions::default(), 2_000_000).unwrap();
    assert!(!t.truncated);
    let (nodes, updates) = replay(&problem, &t.events, true);
    assert_eq!((nodes, updates), (t.stats.nodes, t.stats.updates));
    // Seeded tie-breaking explores other trees to the same unique solution.
    for seed in 0..20 {
        let options = SolverOptions {
            seed: Some(seed),
            ..Default::default()
        };
        let solutions: Vec<_> = Solver::with_options(&problem, &options).unwrap().collect();
        assert_eq!(solutions, Solver::new(&problem).collect::<Vec<_>>());
    }
}

/// (nodes, updates, solutions) as the events count them.
fn counted(events: &[TraceEvent]) -> (u64, u64, u64) {
    let (mut nodes, mut updates, mut solutions) = (0, 0, 0);
    for event in events {
        match event {
            TraceEvent::Choose { .. } => nodes += 1,
            TraceEvent::Solution { .. } => {
                nodes += 1;
                solutions += 1;
            }
            TraceEvent::Cover { .. } | TraceEvent::Hide { .. } => updates += 1,
            _ => {}
        }
    }
    (nodes, updates, solutions)
}

#[test]
fn the_event_limit_is_exact_and_the_stats_count_the_events() {
    // The shared 8-queens file, at the limits the demo page used to overrun.
    let problem = Problem::parse(&common::data("q8.dlx")).unwrap();
    for max in [50, 5000] {
        let t = trace(&problem, &SolverOptions::default(), max).unwrap();
        assert!(t.truncated);
        assert_eq!(t.events.len(), max);
        let stats = (t.stats.nodes, t.stats.updates, t.stats.solutions);
        assert_eq!(counted(&t.events), stats, "limit {max}");
        replay(&problem, &t.events, false);
    }
}

#[test]
fn every_truncation_point_is_a_prefix_with_its_own_stats() {
    let colored = Problem::parse("a b c | x\na x:red\nb x:red\nb x:blue\nc\nc x:blue\n").unwrap();
    for (problem, forced) in [
        (queens(5).unwrap(), vec![]),
        (colored, vec![]),
        (queens(5).unwrap(), vec![2]),
    ] {
        let options = SolverOptions {
            forced,
            ..Default::default()
        };
        let full = trace(&problem, &options, usize::MAX).unwrap();
        assert!(!full.truncated);
        let before = Solver::with_options(&problem, &options).unwrap().stats();
        for max in 0..=full.events.len() {
            let t = trace(&problem, &options, max).unwrap();
            assert_eq!(t.events[..], full.events[..max]);
            assert_eq!(t.truncated, max < full.events.len(), "limit {max}");
            let (nodes, updates, solutions) = counted(&t.events);
            assert_eq!(
                (nodes, before.updates + updates, solutions),
                (t.stats.nodes, t.stats.updates, t.stats.solutions),
                "limit {max}"
            );
        }
        let mut solver = Solver::with_options(&problem, &options).unwrap();
        solver.count_solutions();
        assert_eq!(full.stats, solver.stats());
    }
}

#[test]
fn multiplicities_trace_with_counts_that_add_up() {
    // Knuth's DLX3 example: tweaks show as hides (the tried option's own node included) and
    // untweaks as unhides, so the events count DLX3's statistics.
    let problem =
        Problem::parse("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n").unwrap();
    let full = trace(&problem, &SolverOptions::default(), usize::MAX).unwrap();
    assert!(!full.truncated);
    assert_eq!((full.stats.nodes, full.stats.updates), (6, 14));
    assert_eq!(counted(&full.events), (6, 14, 1));
    let solutions: Vec<_> = full
        .events
        .iter()
        .filter_map(|e| match e {
            TraceEvent::Solution { options, .. } => Some(options.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(solutions, vec![vec![1, 3, 4]]);
    let hides = |e: &&TraceEvent| matches!(e, TraceEvent::Hide { .. });
    let unhides = |e: &&TraceEvent| matches!(e, TraceEvent::Unhide { .. });
    assert_eq!(
        full.events.iter().filter(hides).count(),
        full.events.iter().filter(unhides).count()
    );
    for max in 0..=full.events.len() {
        let t = trace(&problem, &SolverOptions::default(), max).unwrap();
        assert_eq!(t.events[..], full.events[..max]);
        let (nodes, updates, solutions) = counted(&t.events);
        assert_eq!(
            (nodes, updates, solutions),
            (t.stats.nodes, t.stats.updates, t.stats.solutions)
        );
    }
}
