//! Splitting a search into disjoint subproblems, *tasks*, so that they can run anywhere: on
//! threads ([`super::parallel`]), in Web Workers, or as separate processes (`dlx --tasks`).
//!
//! A task is a node of the search tree, named by its path from the root: the branch taken at
//! each level on the way down (an option, or Algorithm M's null move). Its subproblem is the
//! subtree below that node, so every solution lies in exactly one task of a split, the
//! tasks' counts add up to the whole count, and listing the tasks' solutions in the split's
//! order gives them in the order of the search of the whole tree (without a seed).
//!
//! The split is adaptive: it starts from the root and keeps splitting the task with the
//! largest *share* into its children until there are enough tasks. A task's share is
//! Knuth's estimate of the fraction of the tree below it, the product of 1/degree along its
//! path, as if every subtree were the same size; [`crate::Solver::progress`] is built the
//! same way, and `share × progress` summed over the tasks is the progress of the whole.
//!
//! For exact cover (no multiplicities) a path is a set of options that every solution of
//! the task contains, and running the task is running the problem with them forced: the
//! search below is the very search of the subtree. Under Algorithm M a branch also rules out
//! the options tried before it, so a task runs by replaying its path on the links.

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::fmt;
use std::str::FromStr;

use super::search::LinkSearch;
use super::solver::check_forced;
use super::{SolverOptions, Stats, Step};
use crate::error::{Error, Result};
use crate::problem::Problem;

/// A subproblem of a search: the node of the search tree reached by taking, level by level,
/// the branches of [`Task::path`]. Made by [`split`]; its text form (option indices separated
/// by spaces, `-` for a null move) is what `dlx --task` reads.
#[derive(Debug, Clone, PartialEq)]
pub struct Task {
    path: Vec<Option<usize>>,
    share: f64,
}

impl Task {
    /// The whole search: the root of the tree.
    pub fn root() -> Task {
        Task {
            path: Vec::new(),
            share: 1.0,
        }
    }

    /// The branch taken at each level: the option chosen, or `None` for Algorithm M's null
    /// move (the item chosen at that level takes no more options).
    pub fn path(&self) -> &[Option<usize>] {
        &self.path
    }

    /// Knuth's estimate of the fraction of the whole search tree below this task (the
    /// shares of a split add up to 1). 1 for a task read from text, which does not say.
    pub fn share(&self) -> f64 {
        self.share
    }

    /// The seed of this task's random tie-breaks under the search's `seed`: a function of
    /// the path alone, so that a task finds the same solutions wherever it runs.
    pub(crate) fn seed(&self, seed: u64) -> u64 {
        let mut h = seed ^ 0x9e37_79b9_7f4a_7c15;
        for branch in &self.path {
            let word = branch.map_or(u64::MAX, |option| option as u64);
            // SplitMix64's finaliser over the running hash and each branch.
            h = (h ^ word).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            h ^= h >> 31;
            h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
            h ^= h >> 29;
        }
        h
    }
}

impl fmt::Display for Task {
    /// The path, option indices separated by spaces, `-` for a null move; empty for the root.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (k, branch) in self.path.iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            match branch {
                Some(option) => write!(f, "{option}")?,
                None => f.write_str("-")?,
            }
        }
        Ok(())
    }
}

impl FromStr for Task {
    type Err = Error;

    /// Reads the text form of [`Task`]'s `Display`.
    ///
    /// # Errors
    /// [`Error::InvalidTask`] for a word that is neither an option index nor `-`.
    fn from_str(text: &str) -> Result<Task> {
        let path = text
            .split_whitespace()
            .enumerate()
            .map(|(step, word)| match word {
                "-" => Ok(None),
                _ => word.parse().map(Some).map_err(|_| Error::InvalidTask {
                    step,
                    reason: "not an option index or `-`",
                }),
            })
            .collect::<Result<_>>()?;
        Ok(Task { path, share: 1.0 })
    }
}

/// A task waiting to be split, ordered by share (then by tree order, to be deterministic).
struct Pending {
    task: Task,
    /// The position of each branch among its siblings: the tree order of tasks.
    positions: Vec<u32>,
}

impl PartialEq for Pending {
    fn eq(&self, other: &Pending) -> bool {
        self.cmp(other) == Ordering::Equal
    }
}
impl Eq for Pending {}
impl PartialOrd for Pending {
    fn partial_cmp(&self, other: &Pending) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl Ord for Pending {
    fn cmp(&self, other: &Pending) -> Ordering {
        self.task
            .share
            .total_cmp(&other.task.share)
            .then_with(|| other.positions.cmp(&self.positions))
    }
}

/// The most tasks a split makes (a split of more is one of this many): each is held in
/// memory while the split runs, and a million already takes seconds on a large tree. The
/// `dlx` CLI's `--tasks` and the package's `tasks` option refuse more.
pub const MAX_TASKS: usize = 1_000_000;

/// Splits the search of `problem` under `options` (its forced options; the limits and the
/// seed do not matter) into about `tasks` disjoint tasks (at most [`MAX_TASKS`]), in the order of the search, whose
/// solutions together are the problem's solutions, each in exactly one task. Fewer when the
/// tree is smaller; subtrees that end at once are dropped. Ties between items are broken to
/// the leftmost down the tasks' paths, so the split does not depend on the seed.
///
/// Run a task with [`crate::Solver::for_task`].
///
/// # Errors
/// As [`crate::Solver::with_options`], for bad forced options.
pub fn split(problem: &Problem, options: &SolverOptions, tasks: usize) -> Result<Vec<Task>> {
    split_counted(problem, options, tasks).map(|(tasks, _)| tasks)
}

/// [`split`], with Knuth's statistics of the split's own search: the nodes it entered and
/// the links it updated while it listed the children of the nodes it split (the top of the
/// tree; not the descents that bring it back to each, nor the solutions, which are not
/// counted). Added to its tasks' statistics, they are the work of a split search: a little
/// more than the serial search's, since each task also replays its path.
///
/// # Errors
/// As [`split`].
pub fn split_counted(
    problem: &Problem,
    options: &SolverOptions,
    tasks: usize,
) -> Result<(Vec<Task>, Stats)> {
    let mut stats = Stats::default();
    let mut forced = Vec::new();
    check_forced(problem, &options.forced, &mut forced)?;
    let mut base = LinkSearch::default();
    base.load(problem, &forced);

    let mut queue = BinaryHeap::new();
    let mut leaves = Vec::new();
    let mut count = 1;
    queue.push(Pending {
        task: Task::root(),
        positions: Vec::new(),
    });
    let mut search = base.clone();
    while count < tasks.clamp(1, MAX_TASKS) {
        let Some(pending) = queue.pop() else { break };
        search.clone_from(&base);
        let children = children(&mut search, &pending, &mut stats);
        match children {
            None => leaves.push(pending),
            Some(children) => {
                count = count + children.len() - 1;
                queue.extend(children);
            }
        }
    }
    let mut all: Vec<Pending> = queue.into_vec();
    all.append(&mut leaves);
    // Each task's positions are its own path down the tree: no two are equal, so an
    // unstable sort gives the same order (and the engine's one sort is the smaller code).
    crate::sort::by(&mut all, |a, b| a.positions < b.positions);
    let total: f64 = all.iter().map(|p| p.task.share).sum();
    let tasks = all
        .into_iter()
        .map(|mut p| {
            if total > 0.0 {
                p.task.share /= total;
            }
            p.task
        })
        .collect();
    Ok((tasks, stats))
}

/// The children of `pending` in the search tree, in the order of the search, or `None` if
/// its node is a solution (a leaf). `search` holds the problem, not yet searched. The nodes
/// and updates of listing them are added to `stats`.
fn children(search: &mut LinkSearch, pending: &Pending, stats: &mut Stats) -> Option<Vec<Pending>> {
    for &branch in &pending.task.path {
        // The path was found by this same search: it is in the tree.
        if !search.descend(branch) {
            return None;
        }
    }
    let depth = pending.task.path.len();
    search.set_cutoff(depth + 1);
    let before = search.updates();
    let mut children = Vec::new();
    let mut nodes = 0;
    let listed = loop {
        match search.step_unobserved(&mut nodes) {
            Step::Solution if search.depth() == depth => break false,
            Step::Solution => {
                let Some((branch, degree)) = search.branches().nth(depth) else {
                    break false;
                };
                let mut task = pending.task.clone();
                task.path.push(branch);
                task.share /= f64::from(degree.max(1));
                let mut positions = pending.positions.clone();
                positions.push(children.len() as u32);
                children.push(Pending { task, positions });
            }
            Step::Paused => {}
            Step::Done => break true,
        }
    };
    stats.nodes += nodes;
    stats.updates += search.updates() - before;
    listed.then_some(children)
}
