//! [`Solver`], the façade over the engine: it holds the limits, the random source, the forced
//! options and the counters, and delegates the search to one [`Engine`] value (the links or
//! the masks). Every run, observed or not, goes through [`Solver::run_observed`].

use super::memo::{MemoCount, MemoOptions};
use super::observer::{Observer, Unobserved};
use super::search::LinkSearch;
use super::{Engine, Stats, Status, Step, Task};
use crate::error::{Error, Result};
use crate::problem::{Problem, NO_COLOR};
use crate::sort::ascending as sort;

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

/// Finds the solutions of a [`Problem`] one at a time.
///
/// Problems of at most 128 items and 65,536 options, with no colors and no bounds, are
/// searched on bit masks, others with the dancing links; both make exactly the same search (the same choices, solutions in the same
/// order, the same [`Stats`]), so the difference shows only in the time.
///
/// A `Solver` is an [`Iterator`] over solutions (each a sorted list of option indices), so
/// `.next()` gives the first, `.take(n)` the first `n`, and [`Solver::count_solutions`] counts them all
/// without storing any. [`Solver::run`] searches a bounded number of nodes and returns, for
/// callers that report progress or must stay responsive.
///
/// ```
/// use dlx_engine::{Problem, Solver};
/// # fn main() -> dlx_engine::Result<()> {
/// let problem = Problem::parse("a b c\na b\nc\na\nb c\n")?;
/// let solutions: Vec<Vec<usize>> = Solver::new(&problem).collect();
/// assert_eq!(solutions, vec![vec![0, 1], vec![2, 3]]);
/// # Ok(()) }
/// ```
#[derive(Debug, Clone)]
pub struct Solver {
    engine: Engine,
    /// Whether to search with the links even where the masks would do (for the trace).
    linked: bool,
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
            engine: Engine::default(),
            linked,
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
    #[cfg(all(test, not(target_arch = "wasm32"), feature = "masks"))]
    pub(crate) fn uses_masks(&self) -> bool {
        matches!(self.engine, Engine::Masks(_))
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
    /// [`Error::ForcedOutOfRange`] for a forced option that does not exist,
    /// [`Error::ForcedIgnored`] for one left out of the search ([`Problem::warnings`]), and
    /// [`Error::ForcedConflict`] for forced options that cannot be in one solution
    /// (together they cover a primary item more often than its upper bound allows, or give
    /// a secondary item different colors or no color).
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
        self.reset(options);
        self.forced.clear();
        if let Err(error) = check_forced(problem, &options.forced, &mut self.forced) {
            self.refuse();
            return Err(error);
        }
        self.start(problem);
        Ok(())
    }

    /// Sets the counters, the limits and the random source for a new search under `options`.
    fn reset(&mut self, options: &SolverOptions) {
        self.status = Status::Searching;
        self.nodes = 0;
        self.solutions = 0;
        self.rng = options.seed.map(fastrand::Rng::with_seed);
        self.max_solutions = options.max_solutions.unwrap_or(u64::MAX);
        self.max_nodes = options.max_nodes.unwrap_or(u64::MAX);
    }

    /// Holds no problem and finds nothing (after a refused reload).
    fn refuse(&mut self) {
        self.engine.clear();
        self.status = Status::Exhausted;
    }

    /// A solver for the solutions of one task of a [`super::split`]: those in the subtree
    /// below the task's node, in the order the whole search finds them. With a seed, the
    /// task breaks ties with its own random source, a function of the seed and the task
    /// (so a task finds the same solutions on any thread, worker or machine).
    ///
    /// # Errors
    /// As [`Solver::with_options`], and [`Error::InvalidTask`] for a path that is not in the
    /// search tree (or a null move in a problem without multiplicities).
    pub fn for_task(problem: &Problem, options: &SolverOptions, task: &Task) -> Result<Solver> {
        let mut solver = Solver::blank(false);
        solver.reload_task(problem, options, task)?;
        Ok(solver)
    }

    /// [`Solver::for_task`], reusing this solver's memory.
    ///
    /// # Errors
    /// As [`Solver::for_task`]; on error the solver holds no problem and finds nothing.
    pub fn reload_task(
        &mut self,
        problem: &Problem,
        options: &SolverOptions,
        task: &Task,
    ) -> Result<()> {
        self.load_task(problem, options, task, false)
    }

    /// [`Solver::reload_task`] for the next task of a split, on a solver that holds this
    /// `problem` under these `options` already (made by [`Solver::for_task`] or reloaded by
    /// [`Solver::reload_task`] or this, with them), for a task of
    /// [`super::split`]`(problem, options, _)`: its options are not checked again, and the
    /// bit masks are kept, so a task on them costs one pass over the options instead of a
    /// new layout (12 queens in 256 tasks on one thread, split included: 1.9% more
    /// instructions than the serial search, against 9.4% with a new layout per task).
    ///
    /// # Errors
    /// As [`Solver::reload_task`].
    pub(crate) fn next_task(
        &mut self,
        problem: &Problem,
        options: &SolverOptions,
        task: &Task,
    ) -> Result<()> {
        self.load_task(problem, options, task, true)
    }

    /// [`Solver::reload_task`]; with `kept`, [`Solver::next_task`].
    fn load_task(
        &mut self,
        problem: &Problem,
        options: &SolverOptions,
        task: &Task,
        kept: bool,
    ) -> Result<()> {
        let replay = problem.has_bounds();
        let result = if replay {
            self.reload(problem, options)
        } else {
            // Exact cover: the task's subtree is the search with its options forced.
            let mut forced = std::mem::take(&mut self.forced);
            forced.clear();
            forced.extend_from_slice(&options.forced);
            for (step, branch) in task.path().iter().enumerate() {
                let Some(option) = *branch else {
                    self.refuse();
                    return Err(Error::InvalidTask {
                        step,
                        reason: "a null move, in a problem without multiplicities",
                    });
                };
                forced.push(option);
            }
            if kept {
                // Checked when the solver was loaded, or found by the split.
                sort(&mut forced);
                forced.dedup();
                self.reset(options);
                self.forced = forced;
                if !self.engine.restart(&self.forced) {
                    self.start(problem);
                }
                Ok(())
            } else {
                // A path from anywhere (text, another process): walked down the tree first,
                // so that options that are not a node of it (which would run as a subproblem
                // of some other split) are refused, as under Algorithm M.
                let mut checked = Vec::new();
                let walked = check_forced(problem, &options.forced, &mut checked).and_then(|()| {
                    let mut links = LinkSearch::default();
                    links.load(problem, &checked);
                    walk(task, |branch| links.descend(branch))
                });
                if let Err(error) = walked {
                    self.refuse();
                    return Err(error);
                }
                let with_path = SolverOptions {
                    forced,
                    ..options.clone()
                };
                self.reload(problem, &with_path)
            }
        };
        result?;
        self.rng = options
            .seed
            .map(|seed| fastrand::Rng::with_seed(task.seed(seed)));
        if replay {
            if let Err(error) = walk(task, |branch| self.engine.descend(branch)) {
                self.refuse();
                return Err(error);
            }
        }
        Ok(())
    }

    /// Lays out `problem` for the search and chooses the forced options.
    fn start(&mut self, problem: &Problem) {
        self.engine.load(problem, &self.forced, self.linked);
    }

    /// The most heap memory, in bytes, this solver holds at any point of its search: its
    /// arrays as laid out, and the stacks they may grow to as the search goes deeper. For a
    /// caller that keeps many solvers within one memory budget (the wasm module keeps the
    /// ones JS holds within one).
    pub fn max_heap_bytes(&self) -> usize {
        self.engine.max_heap_bytes() + crate::problem::bytes_of(&self.forced)
    }

    /// Statistics so far.
    pub fn stats(&self) -> Stats {
        Stats {
            nodes: self.nodes,
            updates: self.engine.updates(),
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
    /// each level contributes the share of its branches already tried, weighted by the
    /// branches above it, as if every subtree were the same size. It never decreases.
    pub fn progress(&self) -> f64 {
        if self.status == Status::Exhausted {
            return 1.0;
        }
        self.engine.progress()
    }

    /// The solution just found: the forced options and the options chosen, as sorted
    /// option indices. Meaningful right after [`Solver::run`] returned [`Step::Solution`].
    pub fn solution(&self) -> Vec<usize> {
        let mut options = Vec::new();
        self.solution_into(&mut options);
        options
    }

    /// Like [`Solver::solution`], writing into `out` (cleared first) to avoid allocating.
    pub fn solution_into(&self, out: &mut Vec<usize>) {
        out.clear();
        out.extend_from_slice(&self.forced);
        self.engine.chosen_into(out);
        sort(out);
    }

    /// Searches until the next solution, the end, a limit, or `node_budget` more search
    /// nodes, whichever comes first.
    pub fn run(&mut self, node_budget: u64) -> Step {
        self.run_observed(node_budget, &mut Unobserved)
    }

    /// [`Solver::run`], telling `obs` of every step (the links only: an observed solver is
    /// made by [`Solver::linked`]). It also pauses as soon as `obs` is full.
    #[inline]
    pub(crate) fn run_observed<O: Observer>(&mut self, node_budget: u64, obs: &mut O) -> Step {
        if self.status != Status::Searching {
            return Step::Done;
        }
        if self.solutions >= self.max_solutions {
            self.status = Status::SolutionLimit;
            return Step::Done;
        }
        let stop = self.nodes.saturating_add(node_budget).min(self.max_nodes);
        let step = self
            .engine
            .run(&mut self.nodes, stop, self.rng.as_mut(), obs);
        match step {
            Step::Solution => {
                self.solutions += 1;
                Step::Solution
            }
            Step::Paused if self.nodes >= self.max_nodes && !obs.full() => {
                self.status = Status::NodeLimit;
                Step::Done
            }
            Step::Done => {
                self.status = Status::Exhausted;
                Step::Done
            }
            Step::Paused => Step::Paused,
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

    /// Counts the solutions of `problem` under `options` without searching a subproblem
    /// twice: the count of each subproblem met is cached, keyed by the items left to cover
    /// and the state of the secondary items (and, with multiplicities, the bounds left),
    /// within `memo.max_bytes`. The count is exact whatever the budget; a small budget only
    /// makes it slower. See [`MemoCount`] for what it reports.
    ///
    /// ```
    /// use dlx_engine::{puzzles::queens, MemoOptions, Solver, SolverOptions};
    /// # fn main() -> dlx_engine::Result<()> {
    /// let counted = Solver::count_memo(&queens(8)?, &SolverOptions::default(), &MemoOptions::default())?;
    /// assert_eq!(counted.count, 92);
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// As [`Solver::with_options`]: [`Error::ForcedOutOfRange`], [`Error::ForcedIgnored`] or
    /// [`Error::ForcedConflict`].
    pub fn count_memo(
        problem: &Problem,
        options: &SolverOptions,
        memo: &MemoOptions,
    ) -> Result<MemoCount> {
        super::memo::count(problem, options, memo)
    }

    /// The engine, for observers that need to read it.
    pub(crate) fn engine(&self) -> &Engine {
        &self.engine
    }

    /// Whether the search has nothing left to do (a limit stopped it, or it is over, or its
    /// next step would end it).
    pub(crate) fn finished(&self) -> bool {
        self.status != Status::Searching || self.engine.finished()
    }
}

impl Iterator for Solver {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        self.find_next().then(|| self.solution())
    }
}

/// Takes the branches of `task`'s path one after another with `descend`, from the root:
/// [`Error::InvalidTask`] at the first that is not a branch of the search tree there.
fn walk(task: &Task, mut descend: impl FnMut(Option<usize>) -> bool) -> Result<()> {
    for (step, &branch) in task.path().iter().enumerate() {
        if !descend(branch) {
            return Err(Error::InvalidTask {
                step,
                reason: "not a branch of the search tree at this node",
            });
        }
    }
    Ok(())
}

/// Checks forced options pairwise and puts them into `sorted`, in order, without repeats.
pub(super) fn check_forced(
    problem: &Problem,
    forced: &[usize],
    sorted: &mut Vec<usize>,
) -> Result<()> {
    let options = problem.option_count();
    for &option in forced {
        if option >= options {
            return Err(Error::ForcedOutOfRange { option, options });
        }
        if problem.is_ignored(option) {
            return Err(Error::ForcedIgnored { option });
        }
        sorted.push(option);
    }
    sort(sorted);
    sorted.dedup();
    if sorted.len() < 2 {
        return Ok(());
    }
    // Conflicts are reported against the earlier option in the caller's order. A primary
    // item conflicts when it is used more often than its upper bound allows.
    let mut owner: std::collections::HashMap<u32, (usize, u32, u32)> = Default::default();
    let mut seen = std::collections::HashSet::new();
    for &option in forced {
        if !seen.insert(option) {
            continue;
        }
        for entry in problem.option(option) {
            let item = entry.item as usize;
            let clash = match owner.get_mut(&entry.item) {
                None => {
                    owner.insert(entry.item, (option, entry.color, 1));
                    None
                }
                Some((first, color, uses)) => {
                    *uses += 1;
                    let clash = if item < problem.primary_count() {
                        *uses > problem.bounds(item).1
                    } else {
                        *color == NO_COLOR || *color != entry.color
                    };
                    clash.then_some(*first)
                }
            };
            if let Some(first) = clash {
                return Err(Error::ForcedConflict {
                    first,
                    second: option,
                    item: problem.item_name(item).into_owned(),
                });
            }
        }
    }
    Ok(())
}
