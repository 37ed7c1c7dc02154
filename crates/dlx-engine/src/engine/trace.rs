//! A bounded record of every step of a search, for replaying it: which item MRV chose and
//! the lengths it compared, each cover and uncover, each node unlinked and relinked, each
//! option tried and taken back, each solution and each backtrack.

use super::links::{Links, ROOT};
use super::observer::{Observer, Watched};
use super::{Solver, SolverOptions, Stats, Step};
use crate::error::Result;
use crate::problem::Problem;

/// One step of the search. Items and options are numbered as in the [`Problem`], from 0;
/// `level` is the depth in the search tree, from 0.
#[derive(Debug, Clone, PartialEq, Eq)]
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
pub struct Trace {
    /// Every step, in order.
    pub events: Vec<TraceEvent>,
    /// Whether the search stopped at the event limit before it ended.
    pub truncated: bool,
    /// The solver's statistics as of the last event: counting `choose` and `solution`
    /// events gives `nodes`; counting `cover` and `hide` events, plus the updates of the
    /// forced options (made before the first event), gives `updates`; counting `solution`
    /// events gives `solutions`. They agree at every truncation point.
    pub stats: Stats,
}

/// Records the search of `problem` under `options`, at most `max_events` events. The trace
/// ends when the search does, when [`SolverOptions::max_solutions`] or
/// [`SolverOptions::max_nodes`] stops it, or at the event limit, where it is cut exactly:
/// its last event is the last one counted in its `stats`.
///
/// It is one observed run of the [`Solver`] (always on the dancing links, which it shows
/// dancing): the same search, step for step, as [`Solver::run`] makes.
///
/// # Errors
/// The errors of [`Solver::with_options`].
pub fn trace(problem: &Problem, options: &SolverOptions, max_events: usize) -> Result<Trace> {
    let mut solver = Solver::linked(problem, options)?;
    let Some(search) = solver.engine().on_links() else {
        unreachable!("a linked solver searches on the links");
    };
    let mut recorder = Recorder::new(search.links(), max_events, solver.stats());
    loop {
        match solver.run_observed(u64::MAX, &mut Watched::Trace(&mut recorder)) {
            Step::Solution => {
                let options = solver.solution().into_iter().map(|o| o as u32).collect();
                if let Some(TraceEvent::Solution { options: slot, .. }) = recorder.events.last_mut()
                {
                    *slot = options;
                }
            }
            Step::Done => break,
            Step::Paused => {
                if recorder.full() {
                    break;
                }
            }
        }
    }
    let truncated = recorder.dropped || !solver.finished();
    let stats = if truncated {
        recorder.stats
    } else {
        debug_assert_eq!(recorder.stats, solver.stats(), "the events count the stats");
        solver.stats()
    };
    Ok(Trace {
        events: recorder.events,
        truncated,
        stats,
    })
}

/// Records events, translating link indices into problem numbering, and counts them as the
/// solver counts its statistics.
pub(crate) struct Recorder {
    events: Vec<TraceEvent>,
    max_events: usize,
    /// Whether an event came after the limit (and was left out).
    dropped: bool,
    /// The statistics the recorded events account for.
    stats: Stats,
    /// The option of each node (`u32::MAX` for headers and spacers).
    option_of: Vec<u32>,
}

impl Recorder {
    /// A recorder for the search of `links`, whose forced options made the updates of
    /// `start`.
    fn new(links: &Links, max_events: usize, start: Stats) -> Recorder {
        let option_of = (0..links.node_count() as u32)
            .map(|node| {
                if links.is_option_node(node) {
                    links.option_of(node) as u32
                } else {
                    u32::MAX
                }
            })
            .collect();
        Recorder {
            events: Vec::new(),
            max_events,
            dropped: false,
            stats: start,
            option_of,
        }
    }

    /// Records `event` unless the trace is full, and counts it.
    fn push(&mut self, event: TraceEvent) {
        if self.events.len() >= self.max_events {
            self.dropped = true;
            return;
        }
        match event {
            TraceEvent::Choose { .. } => self.stats.nodes += 1,
            TraceEvent::Solution { .. } => {
                self.stats.nodes += 1;
                self.stats.solutions += 1;
            }
            TraceEvent::Cover { .. } | TraceEvent::Hide { .. } => self.stats.updates += 1,
            _ => {}
        }
        self.events.push(event);
    }
}

// Each hook out of line: the recorded search is the links loop with a call at each step,
// not with a copy of each recording inlined at each of its call sites (it is for showing a
// search, not for speed).
impl Observer for Recorder {
    #[inline(never)]
    fn choose(&mut self, links: &Links, level: usize, item: u32) {
        let mut lengths = Vec::new();
        let mut k = links.first_active();
        while k != ROOT {
            lengths.push((k - 1, links.len(k)));
            k = links.next_active(k);
        }
        self.push(TraceEvent::Choose {
            level,
            item: item - 1,
            lengths,
        });
    }
    #[inline(never)]
    fn cover(&mut self, item: u32) {
        self.push(TraceEvent::Cover { item: item - 1 });
    }
    #[inline(never)]
    fn uncover(&mut self, item: u32) {
        self.push(TraceEvent::Uncover { item: item - 1 });
    }
    #[inline(never)]
    fn unlink(&mut self, node: u32, item: u32) {
        let option = self.option_of[node as usize];
        self.push(TraceEvent::Hide {
            option,
            item: item - 1,
        });
    }
    #[inline(never)]
    fn relink(&mut self, node: u32, item: u32) {
        let option = self.option_of[node as usize];
        self.push(TraceEvent::Unhide {
            option,
            item: item - 1,
        });
    }
    #[inline(never)]
    fn purify(&mut self, node: u32, item: u32) {
        let option = self.option_of[node as usize];
        self.push(TraceEvent::Purify {
            option,
            item: item - 1,
        });
    }
    #[inline(never)]
    fn unpurify(&mut self, node: u32, item: u32) {
        let option = self.option_of[node as usize];
        self.push(TraceEvent::Unpurify {
            option,
            item: item - 1,
        });
    }
    #[inline(never)]
    fn try_option(&mut self, level: usize, node: u32) {
        let option = self.option_of[node as usize];
        self.push(TraceEvent::Try { level, option });
    }
    #[inline(never)]
    fn undo_option(&mut self, level: usize, node: u32) {
        let option = self.option_of[node as usize];
        self.push(TraceEvent::Undo { level, option });
    }
    #[inline(never)]
    fn solution(&mut self, level: usize) {
        // The options are filled in by `trace`, which can read the solver.
        self.push(TraceEvent::Solution {
            level,
            options: Vec::new(),
        });
    }
    #[inline(never)]
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
