//! Iterative, resumable search: Knuth's Algorithm C driven by an explicit stack of levels,
//! so depth is never limited by the call stack and the search can stop and resume anywhere.
//! The links ([`crate::links`]) search every problem; one of at most 128 items and no colors is
//! searched on bit masks instead ([`crate::masks`]), the same search, faster.

use crate::error::{Error, Result};
use crate::links::{Links, ROOT};
use crate::masks::Masks;
use crate::observer::{Observer, Unobserved};
use crate::problem::{Problem, NO_COLOR};

/// How to run a search. The default finds every solution with no limits, breaking ties
/// between items to the leftmost.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SolverOptions {
    /// Stop after this many solutions.
    pub max_solutions: Option<u64>,
    /// Stop after this many search nodes.
    pub max_nodes: Option<u64>,
    /// Break ties between equally short items at random, with this seed, instead of taking
    /// the leftmost. The same seed gives the same search on every platform.
    pub seed: Option<u64>,
    /// Options (by index) that every solution must contain. Listing one twice is the same
    /// as listing it once.
    pub forced: Vec<usize>,
}

/// Search statistics, counted as Knuth's DLX1 counts them so figures compare with his.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", derive(serde::Serialize))]
pub struct Stats {
    /// Search-tree nodes: each level entered, including the ones that complete a solution.
    pub nodes: u64,
    /// Link updates: one per item removed from the active list, one per node unlinked.
    pub updates: u64,
    /// Solutions found so far.
    pub solutions: u64,
}

/// Where a search stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// More solutions may follow.
    Searching,
    /// The whole search space has been explored: every solution has been found.
    Exhausted,
    /// Stopped at [`SolverOptions::max_solutions`].
    SolutionLimit,
    /// Stopped at [`SolverOptions::max_nodes`].
    NodeLimit,
}

/// What one call of [`Solver::run`] ended with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// A solution was found; read it with [`Solver::solution`].
    Solution,
    /// The node budget of this call was spent; call again to go on.
    Paused,
    /// The search is over; [`Solver::status`] says why.
    Done,
}

/// One level of the search tree: the item branched on and the option being tried.
#[derive(Debug, Clone, Copy)]
struct Level {
    item: u32,
    choice: u32,
    /// The item's length when chosen, and the position of `choice` in its list: Knuth's
    /// progress estimate is built from them.
    len: u32,
    pos: u32,
}

/// The step the search takes next (Knuth's labels: forward, advance, backup/recover).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Enter a new level: report a solution, or choose an item and cover it.
    Forward,
    /// Try the current level's current option, or back up if none is left.
    Advance,
    /// Leave a level: undo the option chosen one level up and move to its next option.
    Recover,
    /// Nothing left to search.
    Finished,
}

/// Finds the solutions of a [`Problem`] one at a time.
///
/// Problems of at most 128 items with no colors are searched on bit masks, others with the
/// dancing links; both make exactly the same search (the same choices, solutions in the same
/// order, the same [`Stats`]), so the difference shows only in the time.
///
/// A `Solver` is an [`Iterator`] over solutions (each a sorted list of option indices), so
/// `.next()` gives the first, `.take(n)` the first `n`, and [`Solver::count_solutions`] counts them all
/// without storing any. [`Solver::run`] searches a bounded number of nodes and returns, for
/// callers that report progress or must stay responsive.
///
/// ```
/// use dlx_wasm::{Problem, Solver};
/// # fn main() -> dlx_wasm::Result<()> {
/// let problem = Problem::parse("a b c\na b\nc\na\nb c\n")?;
/// let solutions: Vec<Vec<usize>> = Solver::new(&problem).collect();
/// assert_eq!(solutions, vec![vec![0, 1], vec![2, 3]]);
/// # Ok(()) }
/// ```
#[derive(Debug, Clone)]
pub struct Solver {
    links: Links,
    /// The search on bit masks, for problems that fit it (see [`crate::masks`]); the links
    /// are then left empty.
    masks: Option<Box<Masks>>,
    /// Whether to search with the links even where the masks would do (for the trace).
    linked: bool,
    levels: Vec<Level>,
    phase: Phase,
    status: Status,
    nodes: u64,
    solutions: u64,
    rng: Option<fastrand::Rng>,
    forced: Vec<usize>,
    max_solutions: u64,
    max_nodes: u64,
}

impl Solver {
    /// A solver for every solution of `problem`, with no limits.
    pub fn new(problem: &Problem) -> Solver {
        let mut solver = Solver::blank(false);
        solver.start(problem);
        solver
    }

    /// A solver that holds no problem yet.
    fn blank(linked: bool) -> Solver {
        Solver {
            links: Links::default(),
            masks: None,
            linked,
            levels: Vec::new(),
            phase: Phase::Forward,
            status: Status::Searching,
            nodes: 0,
            solutions: 0,
            rng: None,
            forced: Vec::new(),
            max_solutions: u64::MAX,
            max_nodes: u64::MAX,
        }
    }

    /// Whether this solver searches on bit masks rather than with the links.
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn uses_masks(&self) -> bool {
        self.masks.is_some()
    }

    /// Like [`Solver::with_options`], always searching with the dancing links, so that an
    /// observer can watch them.
    pub(crate) fn linked(problem: &Problem, options: &SolverOptions) -> Result<Solver> {
        let mut solver = Solver::blank(true);
        solver.reload(problem, options)?;
        Ok(solver)
    }

    /// A solver with limits, forced options or random tie-breaking.
    ///
    /// # Errors
    /// [`Error::ForcedOutOfRange`] for a forced option that does not exist, and
    /// [`Error::ForcedConflict`] for two forced options that cannot be in one solution
    /// (they share a primary item, or give a secondary item different colors or no color).
    pub fn with_options(problem: &Problem, options: &SolverOptions) -> Result<Solver> {
        let mut solver = Solver::blank(false);
        solver.reload(problem, options)?;
        Ok(solver)
    }

    /// Starts a new search on `problem` with `options`, reusing this solver's memory: a
    /// loop that solves many problems with one `Solver` allocates nothing once its buffers
    /// have grown to fit.
    ///
    /// # Errors
    /// As [`Solver::with_options`]; on error the solver holds no problem and finds nothing.
    pub fn reload(&mut self, problem: &Problem, options: &SolverOptions) -> Result<()> {
        self.levels.clear();
        self.phase = Phase::Forward;
        self.status = Status::Searching;
        self.nodes = 0;
        self.solutions = 0;
        self.rng = options.seed.map(fastrand::Rng::with_seed);
        self.max_solutions = options.max_solutions.unwrap_or(u64::MAX);
        self.max_nodes = options.max_nodes.unwrap_or(u64::MAX);
        self.forced.clear();
        if let Err(error) = check_forced(problem, &options.forced, &mut self.forced) {
            self.masks = None;
            self.links.updates = 0;
            self.phase = Phase::Finished;
            self.status = Status::Exhausted;
            return Err(error);
        }
        self.start(problem);
        Ok(())
    }

    /// Lays out `problem` for the search, on bit masks where they fit, and chooses the
    /// forced options.
    fn start(&mut self, problem: &Problem) {
        if !self.linked && Masks::fits(problem) {
            self.masks = Some(Box::new(Masks::new(problem, &self.forced)));
            return;
        }
        self.masks = None;
        self.links.load(problem);
        self.levels.reserve(problem.primary_count().min(1024));
        let n1 = problem.primary_count() as u32;
        for &option in &self.forced {
            let x = self.links.primary_node(option, n1);
            self.links
                .cover(self.links.nodes[x as usize].top, &mut Unobserved);
            self.links.commit_option(x, &mut Unobserved);
        }
    }

    /// Statistics so far.
    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            updates: self
                .masks
                .as_ref()
                .map_or(self.links.updates, |m| m.updates()),
            solutions: self.solutions,
        }
    }

    /// Where the search stands.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Whether the whole search space has been explored.
    pub fn is_complete(&self) -> bool {
        self.status == Status::Exhausted
    }

    /// Knuth's estimate of the fraction of the search tree explored so far, from 0 to 1:
    /// each level contributes the share of its options already tried, weighted by the
    /// options above it, as if every subtree were the same size. It never decreases.
    pub fn progress(&self) -> f64 {
        if let Some(masks) = &self.masks {
            return masks.progress();
        }
        if self.phase == Phase::Finished {
            return 1.0;
        }
        estimate(self.levels.iter().map(|level| (level.len, level.pos)))
    }

    /// The solution just found: the forced options and the options chosen, as sorted
    /// option indices. Meaningful right after [`Solver::run`] returned [`Step::Solution`].
    pub fn solution(&self) -> Vec<usize> {
        let mut options = Vec::with_capacity(self.forced.len() + self.levels.len());
        self.solution_into(&mut options);
        options
    }

    /// Like [`Solver::solution`], writing into `out` (cleared first) to avoid allocating.
    pub fn solution_into(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend_from_slice(&self.forced);
        if let Some(masks) = &self.masks {
            masks.chosen_into(out);
            out.sort_unstable();
            return;
        }
        out.extend(
            self.levels
                .iter()
                .map(|level| self.links.option_of(level.choice)),
        );
        out.sort_unstable();
    }

    /// Searches until the next solution, the end, a limit, or `node_budget` more search
    /// nodes, whichever comes first.
    pub fn run(&mut self, node_budget: u64) -> Step {
        if self.status != Status::Searching {
            return Step::Done;
        }
        if self.solutions >= self.max_solutions {
            self.status = Status::SolutionLimit;
            return Step::Done;
        }
        let stop = self.nodes.saturating_add(node_budget).min(self.max_nodes);
        let step = match self.masks.as_deref_mut() {
            Some(masks) => {
                let step = masks.search(&mut self.nodes, stop, self.rng.as_mut());
                if step == Step::Solution {
                    self.solutions += 1;
                }
                step
            }
            None => self.search(stop, &mut Unobserved),
        };
        match step {
            Step::Paused if self.nodes >= self.max_nodes => {
                self.status = Status::NodeLimit;
                Step::Done
            }
            Step::Done => {
                self.status = Status::Exhausted;
                Step::Done
            }
            step => step,
        }
    }

    /// Finds the next solution; `false` when there is none (see [`Solver::status`]).
    pub fn find_next(&mut self) -> bool {
        loop {
            match self.run(u64::MAX) {
                Step::Solution => return true,
                Step::Done => return false,
                Step::Paused => {}
            }
        }
    }

    /// Counts the remaining solutions, within the limits, without storing them.
    pub fn count_solutions(&mut self) -> u64 {
        let mut count = 0;
        while self.find_next() {
            count += 1;
        }
        count
    }

    /// The search loop. Returns at a solution, at the end, when `stop` nodes are reached, or
    /// when the observer is full.
    pub(crate) fn search<O: Observer>(&mut self, stop: u64, obs: &mut O) -> Step {
        debug_assert!(
            self.masks.is_none(),
            "the links search a problem laid out on masks"
        );
        loop {
            if obs.full() {
                return Step::Paused;
            }
            match self.phase {
                Phase::Forward => {
                    if self.nodes >= stop {
                        return Step::Paused;
                    }
                    // Like DLX1, count every level entered, solutions included.
                    self.nodes += 1;
                    if self.links.items[ROOT as usize].next == ROOT {
                        // Every primary item is covered.
                        obs.solution(self.levels.len());
                        self.phase = Phase::Recover;
                        self.solutions += 1;
                        return Step::Solution;
                    }
                    let item = self.links.choose_item(self.rng.as_mut());
                    obs.choose(&self.links, self.levels.len(), item);
                    let len = self.links.len(item);
                    self.links.cover(item, obs);
                    self.levels.push(Level {
                        item,
                        choice: self.links.nodes[item as usize].down,
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
                    if level.choice == level.item {
                        // Every option of this item has been tried: back up.
                        obs.backtrack(depth, level.item);
                        self.links.uncover(level.item, obs);
                        self.levels.pop();
                        self.phase = Phase::Recover;
                    } else {
                        obs.try_option(depth, level.choice);
                        self.links.commit_option(level.choice, obs);
                        self.phase = Phase::Forward;
                    }
                }
                Phase::Recover => {
                    let depth = self.levels.len().wrapping_sub(1);
                    let Some(level) = self.levels.last_mut() else {
                        self.phase = Phase::Finished;
                        continue;
                    };
                    self.links.uncommit_option(level.choice, obs);
                    obs.undo_option(depth, level.choice);
                    level.choice = self.links.nodes[level.choice as usize].down;
                    level.pos += 1;
                    self.phase = Phase::Advance;
                }
                Phase::Finished => return Step::Done,
            }
        }
    }

    /// The links, for observers that need to read them.
    pub(crate) fn links(&self) -> &Links {
        &self.links
    }
}

impl Iterator for Solver {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.find_next().then(|| self.solution())
    }
}

/// Knuth's progress estimate from the levels' `(len, pos)`: the number of options the
/// level's item had and the position of the one being tried. Advancing a level adds
/// 1 / (t1 ... tk), at least what the levels below it held.
pub(crate) fn estimate(levels: impl Iterator<Item = (u32, u32)>) -> f64 {
    let mut done = 0.0;
    let mut scale = 1.0;
    for (len, pos) in levels {
        if len == 0 {
            break;
        }
        scale /= f64::from(len);
        done += f64::from(pos) * scale;
    }
    done.min(1.0)
}

/// Checks forced options pairwise and puts them into `sorted`, in order, without repeats.
fn check_forced(problem: &Problem, forced: &[usize], sorted: &mut Vec<usize>) -> Result<()> {
    let options = problem.option_count();
    for &option in forced {
        if option >= options {
            return Err(Error::ForcedOutOfRange { option, options });
        }
        sorted.push(option);
    }
    sorted.sort_unstable();
    sorted.dedup();
    if sorted.len() < 2 {
        return Ok(());
    }
    // Conflicts are reported against the earlier option in the caller's order.
    let mut owner: std::collections::HashMap<u32, (usize, u32)> = Default::default();
    let mut seen = std::collections::HashSet::new();
    for &option in forced {
        if !seen.insert(option) {
            continue;
        }
        for entry in problem.option(option) {
            match owner.get(&entry.item) {
                Some(&(first, color)) if color == NO_COLOR || color != entry.color => {
                    return Err(Error::ForcedConflict {
                        first,
                        second: option,
                        item: problem.item_name(entry.item as usize).into_owned(),
                    });
                }
                Some(_) => {}
                None => {
                    owner.insert(entry.item, (option, entry.color));
                }
            }
        }
    }
    Ok(())
}
