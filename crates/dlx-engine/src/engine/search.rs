//! The search on the dancing links: Knuth's Algorithm C (DLX2) for exact cover with
//! secondary items and colors, and his Algorithm M (DLX3) where primary items carry bounds,
//! driven by an explicit stack of levels so that depth is never limited by the call stack
//! and the search can stop and resume anywhere.
//!
//! One loop serves both algorithms: `MULTI` is a const parameter, so exact cover runs the
//! loop of Algorithm C with nothing of M in it, and Algorithm M adds its steps where they
//! differ (Knuth's step names in brackets). That is for the unobserved search, the hot
//! path; an observer that is not ([`Observer::PER_ALGORITHM`]: the trace and the memo) gets
//! one copy of the loop that reads which algorithm runs at each of these steps:
//!
//! * [M3] the item chosen minimises the branch degree (not just the length), and a degree
//!   of 0 ends the level at once (a node, no update);
//! * [M4] choosing an item lowers its bound, and covers it only when the bound reaches 0;
//! * [M5] otherwise each option tried is first *tweaked* out of the item's list, so the next
//!   level may choose the item again for a later option, and when the item's lower bound
//!   is met the last branch is the "null move", which takes no option and deactivates it;
//! * [M8] backing up untweaks the item's list in one pass.
//!
//! Node and update counts are Knuth's: DLX1's for exact cover (a dead end is covered, so
//! 8 queens counts 1,049 nodes and 16,680 updates), DLX3's for problems with bounds.

use super::links::{Links, ROOT};
use super::observer::Observer;
use super::{estimate, Phase, Step};
use crate::problem::Problem;

/// One level of the search tree: the item branched on and the option being tried.
#[derive(Debug, Clone, Copy)]
struct Level {
    item: u32,
    /// The option node being tried; the item itself for Algorithm M's null move.
    choice: u32,
    /// Algorithm M: the first node of the item's list when the level began, where
    /// untweaking starts.
    first: u32,
    /// The item's branch degree when chosen (its length, for Algorithm C), and the position
    /// of `choice` among the branches: Knuth's progress estimate is built from them.
    len: u32,
    pos: u32,
}

/// The links of one problem and the state of their search.
#[derive(Debug, Clone)]
pub(crate) struct LinkSearch {
    links: Links,
    levels: Vec<Level>,
    phase: Phase,
    /// Whether some item has bounds other than exactly once: Algorithm M.
    multi: bool,
    /// The levels of a task's prefix (see [`super::split`]): the search never backs up
    /// into them, so it explores only the subtree below them. 0 for the whole tree.
    floor: usize,
    /// A depth at which the search reports each node it reaches as if it were a solution
    /// instead of going deeper (to list the subtrees at that depth); `usize::MAX` for none.
    cutoff: usize,
}

impl Default for LinkSearch {
    fn default() -> LinkSearch {
        LinkSearch {
            links: Links::default(),
            levels: Vec::new(),
            phase: Phase::Finished,
            multi: false,
            floor: 0,
            cutoff: usize::MAX,
        }
    }
}

impl LinkSearch {
    /// Lays out `problem`, reusing this search's memory, with the options `forced` (sorted,
    /// without repeats, compatible) already chosen.
    pub(crate) fn load(&mut self, problem: &Problem, forced: &[usize]) {
        self.links.load(problem);
        self.multi = problem.has_bounds();
        self.levels.clear();
        self.levels.reserve(problem.primary_count().min(1024));
        self.phase = Phase::Forward;
        self.floor = 0;
        self.cutoff = usize::MAX;
        for &option in forced {
            if self.multi {
                self.links
                    .force::<_, true>(option, &mut super::observer::Unobserved);
            } else {
                self.links
                    .force::<_, false>(option, &mut super::observer::Unobserved);
            }
        }
    }

    /// The most heap memory this search holds at any point, in bytes: the links, and its
    /// stack of levels grown to the deepest a search can go (a level per primary item, or
    /// with multiplicities a level per option chosen or item passed over), at most twice
    /// what it needs as a `Vec` grows.
    pub(crate) fn max_heap_bytes(&self) -> usize {
        let mut deepest = self.links.primary_count() as usize + 1;
        if self.multi {
            deepest += self.links.option_count();
        }
        let levels = self.levels.capacity().max(2 * deepest);
        self.links.heap_bytes() + levels * std::mem::size_of::<Level>()
    }

    /// Finds nothing more, and counts no updates (after a refused reload).
    pub(crate) fn clear(&mut self) {
        self.levels.clear();
        self.phase = Phase::Finished;
        self.links.reset_updates();
    }

    /// The links, for observers that read them.
    pub(crate) fn links(&self) -> &Links {
        &self.links
    }

    /// Knuth's update count so far.
    pub(crate) fn updates(&self) -> u64 {
        self.links.updates()
    }

    /// Knuth's progress estimate.
    pub(crate) fn progress(&self) -> f64 {
        if self.phase == Phase::Finished {
            return 1.0;
        }
        let below = self.levels.get(self.floor..).unwrap_or_default();
        estimate(below.iter().map(|level| (level.len, level.pos)))
    }

    /// Whether nothing is left to search: the next step would end it without an event.
    pub(crate) fn finished(&self) -> bool {
        self.phase == Phase::Finished
            || (self.levels.len() <= self.floor && self.phase != Phase::Forward)
    }

    /// The branch taken at each level so far, with the level's branch degree: the option
    /// tried, or `None` for Algorithm M's null move.
    pub(crate) fn branches(&self) -> impl Iterator<Item = (Option<usize>, u32)> + '_ {
        self.levels.iter().map(|level| {
            let option = (level.choice != level.item).then(|| self.links.option_of(level.choice));
            (option, level.len)
        })
    }

    /// The number of levels.
    pub(crate) fn depth(&self) -> usize {
        self.levels.len()
    }

    /// Reports every node at depth `cutoff` as a solution instead of searching below it;
    /// `usize::MAX` for none.
    pub(crate) fn set_cutoff(&mut self, cutoff: usize) {
        self.cutoff = cutoff;
    }

    /// Moves one level down the search tree along the branch `target` (an option, or `None`
    /// for the null move) of the item the search chooses next, without random tie-breaks,
    /// and makes that node the root of what is left to search: the search will explore only
    /// its subtree. Call it before any other step, or after another descent. Returns `false`
    /// (and leaves nothing to search) if the node has no such branch.
    pub(crate) fn descend(&mut self, target: Option<usize>) -> bool {
        let depth = self.levels.len();
        if self.phase != Phase::Forward || depth != self.floor {
            return false;
        }
        self.cutoff = depth + 1;
        let mut nodes = 0;
        let found = loop {
            match self.step_unobserved(&mut nodes) {
                Step::Solution if self.levels.len() > depth => {
                    if self.branches().last().map(|(option, _)| option) == Some(target) {
                        break true;
                    }
                }
                Step::Solution | Step::Paused => {}
                Step::Done => break false,
            }
        };
        self.cutoff = usize::MAX;
        if found {
            self.floor = depth + 1;
            self.phase = Phase::Forward;
        } else {
            self.phase = Phase::Finished;
        }
        found
    }

    /// Appends the options chosen at the levels (forced ones not included).
    pub(crate) fn chosen_into(&self, out: &mut Vec<usize>) {
        out.extend(
            self.levels
                .iter()
                .filter(|level| level.choice != level.item)
                .map(|level| self.links.option_of(level.choice)),
        );
    }

    /// Searches, unobserved and without random tie-breaks, until a solution or the end: for
    /// the descents and the split, one copy of the search loop for both (not inlined, so
    /// that they do not add copies of it to the wasm module).
    #[inline(never)]
    pub(crate) fn step_unobserved(&mut self, nodes: &mut u64) -> Step {
        self.run(nodes, u64::MAX, None, &mut super::observer::Unobserved)
    }

    /// Searches until a solution, the end, `nodes` reaching `stop`, or `obs` being full.
    #[inline]
    pub(crate) fn run<O: Observer>(
        &mut self,
        nodes: &mut u64,
        stop: u64,
        rng: Option<&mut fastrand::Rng>,
        obs: &mut O,
    ) -> Step {
        // (Without multiplicities in this build, `multi` is false: see `COLORS_BOUNDS`.)
        if !super::COLORS_BOUNDS || (O::PER_ALGORITHM && !self.multi) {
            self.search::<O, false>(nodes, stop, rng, obs)
        } else {
            self.search::<O, true>(nodes, stop, rng, obs)
        }
    }

    /// The search loop, Algorithm C or (with `MULTI`) Algorithm M. `nodes` counts every
    /// level entered, solutions included, as Knuth's programs do.
    fn search<O: Observer, const MULTI: bool>(
        &mut self,
        nodes: &mut u64,
        stop: u64,
        mut rng: Option<&mut fastrand::Rng>,
        obs: &mut O,
    ) -> Step {
        // Algorithm M's steps, or C's: fixed for the copy (`MULTI`) where the observer has a
        // copy per algorithm, read from the problem at each step where it has one for both.
        let multi = super::COLORS_BOUNDS && if O::PER_ALGORITHM { MULTI } else { self.multi };
        loop {
            if obs.full() {
                return Step::Paused;
            }
            match self.phase {
                Phase::Forward => {
                    if *nodes >= stop {
                        return Step::Paused;
                    }
                    *nodes += 1;
                    let depth = self.levels.len();
                    if depth >= self.cutoff {
                        // A node at the cutoff depth: reported, not searched.
                        self.phase = Phase::Recover;
                        return Step::Solution;
                    }
                    // [C3/M3] Choose an item, or report a solution.
                    let (item, len) = if multi {
                        self.links.choose_bounded(rng.as_deref_mut())
                    } else if self.links.first_active() == ROOT {
                        (ROOT, 0)
                    } else {
                        let item = match obs.branch_item(&self.links) {
                            Some(item) => item,
                            None => self.links.choose_item(rng.as_deref_mut()),
                        };
                        (item, self.links.len(item))
                    };
                    if item == ROOT {
                        obs.solution(depth);
                        self.phase = Phase::Recover;
                        return Step::Solution;
                    }
                    obs.choose(&self.links, depth, item);
                    if multi && len == 0 {
                        // Too few options left to satisfy the item: a dead end, found
                        // before anything is updated.
                        obs.backtrack(depth, item);
                        self.phase = Phase::Recover;
                        continue;
                    }
                    if obs.known(&self.links, depth, len) {
                        // The subtree is counted already (memoised counting): back up.
                        self.phase = Phase::Recover;
                        continue;
                    }
                    // [C4/M4] Cover it (Algorithm M: once its bound reaches 0).
                    if !multi || self.links.take(item) == 0 {
                        self.links.cover(item, obs);
                    }
                    let first = self.links.down(item);
                    self.levels.push(Level {
                        item,
                        choice: first,
                        first,
                        len,
                        pos: 0,
                    });
                    self.phase = Phase::Advance;
                }
                Phase::Advance => {
                    let Some(&level) = self.levels.last() else {
                        self.phase = Phase::Finished;
                        continue;
                    };
                    let depth = self.levels.len() - 1;
                    let (item, choice) = (level.item, level.choice);
                    // [C5/M5] Try the level's next option, or back up if none is left.
                    let tried = if !multi {
                        choice != item
                    } else {
                        let (bound, slack) = self.links.bound_slack(item);
                        if bound == 0 && slack == 0 {
                            // Covered, as in Algorithm C: every option in turn.
                            choice != item
                        } else if u64::from(self.links.len(item)) + u64::from(slack)
                            <= u64::from(bound)
                        {
                            // Too few options left to reach the lower bound.
                            false
                        } else if choice != item {
                            self.links.tweak(choice, bound != 0, obs);
                            true
                        } else {
                            // The null move: the item takes no more options.
                            if bound != 0 {
                                self.links.deactivate(item);
                            }
                            self.phase = Phase::Forward;
                            continue;
                        }
                    };
                    if tried {
                        obs.try_option(depth, choice);
                        if multi {
                            self.links.commit_option::<O, true>(choice, obs);
                        } else {
                            self.links.commit_option::<O, false>(choice, obs);
                        }
                        self.phase = Phase::Forward;
                    } else {
                        obs.backtrack(depth, item);
                        if multi {
                            self.restore::<O, true>(level, obs);
                        } else {
                            self.restore::<O, false>(level, obs);
                        }
                        self.levels.pop();
                        self.phase = Phase::Recover;
                    }
                }
                Phase::Recover => {
                    if self.levels.len() <= self.floor {
                        // Back at the root of the subtree searched (a task's, or the tree's).
                        self.phase = Phase::Finished;
                        continue;
                    }
                    let depth = self.levels.len().wrapping_sub(1);
                    let Some(level) = self.levels.last_mut() else {
                        self.phase = Phase::Finished;
                        continue;
                    };
                    if multi && level.choice == level.item {
                        // [M9] Back from the null move: the item's last branch.
                        let level = *level;
                        if self.links.bound_slack(level.item).0 != 0 {
                            self.links.reactivate(level.item);
                        }
                        obs.backtrack(depth, level.item);
                        if multi {
                            self.restore::<O, true>(level, obs);
                        } else {
                            self.restore::<O, false>(level, obs);
                        }
                        self.levels.pop();
                        continue;
                    }
                    // [C6/M7] Undo the option tried, and move to the next.
                    if multi {
                        self.links.uncommit_option::<O, true>(level.choice, obs);
                    } else {
                        self.links.uncommit_option::<O, false>(level.choice, obs);
                    }
                    obs.undo_option(depth, level.choice);
                    level.choice = self.links.down(level.choice);
                    level.pos += 1;
                    self.phase = Phase::Advance;
                }
                Phase::Finished => return Step::Done,
            }
        }
    }

    /// [C7/M8] Restores the item of `level` as it was before the level: uncovers it, or
    /// untweaks its list (and uncovers it if its bound had reached 0), and gives back the
    /// bound it took.
    #[inline]
    fn restore<O: Observer, const MULTI: bool>(&mut self, level: Level, obs: &mut O) {
        let item = level.item;
        if !MULTI {
            self.links.uncover(item, obs);
            return;
        }
        let (bound, slack) = self.links.bound_slack(item);
        if bound == 0 && slack == 0 {
            self.links.uncover(item, obs);
        } else {
            self.links.untweak(item, level.first, bound != 0, obs);
            if bound == 0 {
                self.links.uncover(item, obs);
            }
        }
        self.links.give(item);
    }

    /// Checks every link (see [`Links::sanity`]).
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn sanity(&self) -> Result<(), String> {
        self.links.sanity()
    }
}

/// The integration tests' random problems, for the tests below.
#[cfg(all(test, not(target_arch = "wasm32")))]
#[allow(dead_code)]
#[path = "../../tests/common/random.rs"]
mod random;

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    //! The search keeps every link sane at every step, and restores them all at the end.
    use super::random::{problems, Bounds, Shape};
    use super::LinkSearch;
    use crate::engine::observer::Unobserved;
    use crate::engine::Step;
    use proptest::prelude::*;

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]

        #[test]
        fn every_step_keeps_the_links_sane(problem in problems(Shape {
            primary: 5,
            secondary: 3,
            colors: 1,
            options: 12,
            bounds: Bounds::Sometimes,
        })) {
            let mut search = LinkSearch::default();
            search.load(&problem, &[]);
            let fresh = search.links().clone();
            let mut nodes = 0;
            loop {
                let stop = nodes + 1;
                let step = search.run(&mut nodes, stop, None, &mut Unobserved);
                prop_assert_eq!(search.sanity(), Ok(()));
                if step == Step::Done {
                    break;
                }
            }
            prop_assert!(search.links().same_links(&fresh));
        }
    }
}
