//! A bounded record of every step of a search, for replaying it: which item MRV chose and
//! the lengths it compared, each cover and uncover, each node unlinked and relinked, each
//! option tried and taken back, each solution and each backtrack.

use crate::error::Result;
use crate::links::{Links, ROOT};
use crate::observer::Observer;
use crate::problem::Problem;
use crate::search::{Solver, SolverOptions, Stats, Step};

/// One step of the search. Items and options are numbered as in the [`Problem`], from 0;
/// `level` is the depth in the search tree, from 0.
#[derive(Debug, Clone, PartialEq, Eq)]
// Serialized only by the JS bindings, which exist only for wasm32.
#[cfg_attr(
    target_arch = "wasm32",
    derive(serde::Serialize),
    serde(tag = "op", rename_all = "snake_case")
)]
pub enum TraceEvent {
    /// MRV chose `item`, comparing the lengths of the active primary items, in list order.
    Choose {
        /// The depth.
        level: usize,
        /// The item chosen.
        item: u32,
        /// Each active primary item and its length when the choice was made.
        lengths: Vec<(u32, u32)>,
    },
    /// `item` leaves the active list; its options are hidden next.
    Cover {
        /// The item.
        item: u32,
    },
    /// `item` is back in the active list; its options were unhidden just before.
    Uncover {
        /// The item.
        item: u32,
    },
    /// The node of `option` in `item`'s list was unlinked.
    Hide {
        /// The option the node belongs to.
        option: u32,
        /// The item whose list it left.
        item: u32,
    },
    /// The node of `option` in `item`'s list was linked back in.
    Unhide {
        /// The option the node belongs to.
        option: u32,
        /// The item whose list it rejoined.
        item: u32,
    },
    /// Secondary `item` was committed to the color it has in `option`.
    Purify {
        /// The option whose color wins.
        option: u32,
        /// The secondary item.
        item: u32,
    },
    /// A purify was undone.
    Unpurify {
        /// The option whose color had won.
        option: u32,
        /// The secondary item.
        item: u32,
    },
    /// `option` is tried at `level`.
    Try {
        /// The depth.
        level: usize,
        /// The option.
        option: u32,
    },
    /// `option` at `level` is taken back.
    Undo {
        /// The depth.
        level: usize,
        /// The option.
        option: u32,
    },
    /// A solution: the options chosen, sorted.
    Solution {
        /// The depth at which every primary item was covered.
        level: usize,
        /// The options, sorted.
        options: Vec<u32>,
    },
    /// Every option of `item` at `level` has been tried (none, for a dead end): back up.
    Backtrack {
        /// The depth.
        level: usize,
        /// The item.
        item: u32,
    },
}

/// A recorded search.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(serde::Serialize))]
pub struct Trace {
    /// Every step, in order.
    pub events: Vec<TraceEvent>,
    /// Whether the search stopped at the step limit before it ended.
    pub truncated: bool,
    /// The solver's statistics at the end of the trace. Counting `choose` and `solution`
    /// events gives `nodes`; counting `cover` and `hide` events gives `updates`.
    pub stats: Stats,
}

/// Records the search of `problem` under `options`, stopping after about `max_events`
/// events (the step that passes the limit is finished, so the trace may run over by the
/// size of one step). The trace ends when the search does or when
/// [`SolverOptions::max_solutions`] or [`SolverOptions::max_nodes`] stops it.
///
/// # Errors
/// The errors of [`Solver::with_options`].
pub fn trace(problem: &Problem, options: &SolverOptions, max_events: usize) -> Result<Trace> {
    let mut solver = Solver::linked(problem, options)?;
    let mut recorder = Recorder::new(solver.links(), max_events);
    let max_solutions = options.max_solutions.unwrap_or(u64::MAX);
    let max_nodes = options.max_nodes.unwrap_or(u64::MAX);
    loop {
        if solver.stats().solutions >= max_solutions {
            break;
        }
        match solver.search(max_nodes, &mut recorder) {
            Step::Solution => {
                let options = solver.solution().into_iter().map(|o| o as u32).collect();
                if let Some(TraceEvent::Solution { options: slot, .. }) = recorder.events.last_mut()
                {
                    *slot = options;
                }
            }
            Step::Paused | Step::Done => break,
        }
    }
    let truncated = recorder.full() && !matches!(solver.run(0), Step::Done);
    Ok(Trace {
        events: recorder.events,
        truncated,
        stats: solver.stats(),
    })
}

/// Records events, translating link indices into problem numbering.
struct Recorder {
    events: Vec<TraceEvent>,
    max_events: usize,
    /// The option of each node (`u32::MAX` for headers and spacers).
    option_of: Vec<u32>,
}

impl Recorder {
    fn new(links: &Links, max_events: usize) -> Recorder {
        let mut option_of = vec![u32::MAX; links.nodes.len()];
        let first = links.items.len() - 1;
        for (node, slot) in option_of.iter_mut().enumerate().skip(first) {
            if links.nodes[node].top != 0 {
                *slot = links.option_of(node as u32) as u32;
            }
        }
        Recorder {
            events: Vec::new(),
            max_events,
            option_of,
        }
    }

    fn push(&mut self, event: TraceEvent) {
        self.events.push(event);
    }
}

impl Observer for Recorder {
    fn choose(&mut self, links: &Links, level: usize, item: u32) {
        let mut lengths = Vec::new();
        let mut k = links.items[ROOT as usize].next;
        while k != ROOT {
            lengths.push((k - 1, links.len(k)));
            k = links.items[k as usize].next;
        }
        self.push(TraceEvent::Choose {
            level,
            item: item - 1,
            lengths,
        });
    }
    fn cover(&mut self, item: u32) {
        self.push(TraceEvent::Cover { item: item - 1 });
    }
    fn uncover(&mut self, item: u32) {
        self.push(TraceEvent::Uncover { item: item - 1 });
    }
    fn unlink(&mut self, node: u32, item: u32) {
        let option = self.option_of[node as usize];
        self.push(TraceEvent::Hide {
            option,
            item: item - 1,
        });
    }
    fn relink(&mut self, node: u32, item: u32) {
        let option = self.option_of[node as usize];
        self.push(TraceEvent::Unhide {
            option,
            item: item - 1,
        });
    }
    fn purify(&mut self, node: u32, item: u32) {
        let option = self.option_of[node as usize];
        self.push(TraceEvent::Purify {
            option,
            item: item - 1,
        });
    }
    fn unpurify(&mut self, node: u32, item: u32) {
        let option = self.option_of[node as usize];
        self.push(TraceEvent::Unpurify {
            option,
            item: item - 1,
        });
    }
    fn try_option(&mut self, level: usize, node: u32) {
        let option = self.option_of[node as usize];
        self.push(TraceEvent::Try { level, option });
    }
    fn undo_option(&mut self, level: usize, node: u32) {
        let option = self.option_of[node as usize];
        self.push(TraceEvent::Undo { level, option });
    }
    fn solution(&mut self, level: usize) {
        // The options are filled in by `trace`, which can read the solver.
        self.push(TraceEvent::Solution {
            level,
            options: Vec::new(),
        });
    }
    fn backtrack(&mut self, level: usize, item: u32) {
        self.push(TraceEvent::Backtrack {
            level,
            item: item - 1,
        });
    }
    fn full(&self) -> bool {
        self.events.len() >= self.max_events
    }
}
