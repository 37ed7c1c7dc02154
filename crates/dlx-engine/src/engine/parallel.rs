//! [`ParallelSolver`]: the tasks of a [`split`] run on threads, with the answers of the
//! serial search.
//!
//! The threads take tasks in the split's order from one shared counter (so a thread that
//! drew small tasks takes more of them), each running its task with a [`Solver`] of its own
//! and sending what it finds to the calling thread, which hands it on, reports progress and
//! enforces the limits. Counts are the serial counts whatever the number of threads; the
//! solutions are the serial solutions, in the serial order with
//! [`ParallelOptions::ordered`] (held back until every earlier task is done), else as found.
//! A solution limit keeps the first `n` found (the first `n` in the serial order when
//! ordered); a node limit is shared by all threads, taken in chunks so that the tasks never
//! search more than the limit together. The split, which searches the top of the tree before
//! any task runs (a few nodes per task), is not counted in it, nor in the statistics, which
//! are the tasks' own: `dlx` searches on one thread when given a node limit.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use super::split::{split, Task};
use super::{Solver, SolverOptions, Stats, Status, Step};
use crate::error::{Error, Result};
use crate::problem::Problem;

/// The number of nodes a thread searches between two looks at the limits and the progress.
const CHUNK: u64 = 1 << 14;

/// How often the calling thread reports progress.
const TICK: Duration = Duration::from_millis(50);

/// How to spread a search over threads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParallelOptions {
    /// The number of threads; 0 for one per core ([`std::thread::available_parallelism`]).
    pub threads: usize,
    /// About how many tasks to split the search into ([`split`]): many more than threads,
    /// so that the load balances, and the same for every number of threads, so that a seed
    /// gives the same solutions on any machine.
    pub tasks: usize,
    /// Hand the solutions on in the order of the serial search (else as they are found).
    /// A count hands none on, so it ignores this.
    pub ordered: bool,
}

impl Default for ParallelOptions {
    fn default() -> ParallelOptions {
        ParallelOptions {
            threads: 0,
            tasks: 256,
            ordered: false,
        }
    }
}

impl ParallelOptions {
    /// The number of threads to run: [`ParallelOptions::threads`], or one per core.
    pub fn thread_count(&self) -> usize {
        if self.threads > 0 {
            self.threads
        } else {
            std::thread::available_parallelism().map_or(1, |n| n.get())
        }
    }
}

/// What a parallel search ended with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ParallelOutcome {
    /// The statistics of all the tasks' searches added up (`solutions`: the solutions
    /// reported, within the solution limit).
    pub stats: Stats,
    /// [`Status::Exhausted`] when every task was searched to its end, else the limit that
    /// stopped the search.
    pub status: Status,
    /// The number of tasks the search was split into.
    pub tasks: usize,
}

/// The search of one problem split into tasks, run on threads.
///
/// ```
/// use dlx_engine::{ParallelOptions, ParallelSolver, Problem, Solver, SolverOptions};
/// # fn main() -> dlx_engine::Result<()> {
/// let problem = Problem::parse("a b c\na b\nc\na\nb c\nb\n")?;
/// let parallel = ParallelOptions { threads: 2, ordered: true, ..Default::default() };
/// let solver = ParallelSolver::new(&problem, &SolverOptions::default(), &parallel)?;
/// let (solutions, outcome) = solver.solutions()?;
/// assert_eq!(solutions, Solver::new(&problem).collect::<Vec<_>>());
/// assert_eq!(outcome.stats.solutions, 3);
/// # Ok(()) }
/// ```
#[derive(Debug, Clone)]
pub struct ParallelSolver<'a> {
    problem: &'a Problem,
    options: SolverOptions,
    parallel: ParallelOptions,
    tasks: Vec<Task>,
}

/// What is called with each solution.
type OnSolution<'f> = dyn FnMut(&[usize]) + 'f;

/// What a thread tells the calling thread.
enum Message {
    /// Task `task` found a solution.
    Solution(usize, Vec<usize>),
    /// Task `task` ended: searched to its end (`complete`) or abandoned.
    Finished {
        task: usize,
        stats: Stats,
        complete: bool,
    },
    /// Task `task` could not start.
    Failed(Error),
}

/// What the threads share.
struct Shared {
    /// The next task to take.
    next: AtomicUsize,
    /// Set to make every thread stop.
    stop: AtomicBool,
    /// Whether there is a node limit.
    limited: bool,
    /// The nodes left to search under the node limit.
    budget: AtomicU64,
    /// Set when the node budget ran out.
    out_of_nodes: AtomicBool,
    /// Solutions found (when not ordered: the solution limit is counted here).
    found: AtomicU64,
    /// The sum of the shares of the tasks done, an `f64` in bits.
    done: AtomicU64,
    /// Each thread's running task's share times its progress, `f64`s in bits.
    running: Vec<AtomicU64>,
}

impl Shared {
    /// Takes up to [`CHUNK`] nodes of the budget: 0 when it is spent.
    fn reserve(&self) -> u64 {
        if !self.limited {
            return CHUNK;
        }
        let mut left = self.budget.load(Ordering::Relaxed);
        loop {
            let take = left.min(CHUNK);
            if take == 0 {
                return 0;
            }
            match self.budget.compare_exchange_weak(
                left,
                left - take,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => return take,
                Err(now) => left = now,
            }
        }
    }

    /// The progress of the whole search, from 0 to 1.
    fn progress(&self) -> f64 {
        let running: f64 = self
            .running
            .iter()
            .map(|r| f64::from_bits(r.load(Ordering::Relaxed)))
            .sum();
        (f64::from_bits(self.done.load(Ordering::Relaxed)) + running).min(1.0)
    }

    /// Adds `share` to the shares done.
    fn add_done(&self, share: f64) {
        let _ = self
            .done
            .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |bits| {
                Some((f64::from_bits(bits) + share).to_bits())
            });
    }
}

impl<'a> ParallelSolver<'a> {
    /// Splits the search of `problem` under `options` into tasks to run on threads.
    ///
    /// # Errors
    /// As [`Solver::with_options`], for bad forced options.
    pub fn new(
        problem: &'a Problem,
        options: &SolverOptions,
        parallel: &ParallelOptions,
    ) -> Result<ParallelSolver<'a>> {
        let tasks = split(problem, options, parallel.tasks)?;
        Ok(ParallelSolver {
            problem,
            options: options.clone(),
            parallel: parallel.clone(),
            tasks,
        })
    }

    /// The tasks, in the order of the search.
    pub fn tasks(&self) -> &[Task] {
        &self.tasks
    }

    /// Counts the solutions (within the limits) without storing them: the count is
    /// `stats.solutions`.
    ///
    /// # Errors
    /// None for a solver made by [`ParallelSolver::new`]: every task is in the tree.
    pub fn count(&self) -> Result<ParallelOutcome> {
        self.drive(None, &mut |_| {})
    }

    /// [`ParallelSolver::count`], calling `progress` with the progress of the whole search,
    /// from 0 to 1, about every 50 ms.
    ///
    /// # Errors
    /// As [`ParallelSolver::count`].
    pub fn count_with_progress(&self, mut progress: impl FnMut(f64)) -> Result<ParallelOutcome> {
        self.drive(None, &mut progress)
    }

    /// Collects the solutions (within the limits), each a sorted list of option indices.
    ///
    /// # Errors
    /// As [`ParallelSolver::count`].
    pub fn solutions(&self) -> Result<(Vec<Vec<usize>>, ParallelOutcome)> {
        let mut solutions = Vec::new();
        let outcome = self.for_each_solution(|s| solutions.push(s.to_vec()), |_| {})?;
        Ok((solutions, outcome))
    }

    /// Calls `on_solution` with each solution (on the calling thread, in the serial order
    /// when ordered) and `progress` about every 50 ms.
    ///
    /// # Errors
    /// As [`ParallelSolver::count`].
    pub fn for_each_solution(
        &self,
        mut on_solution: impl FnMut(&[usize]),
        mut progress: impl FnMut(f64),
    ) -> Result<ParallelOutcome> {
        self.drive(Some(&mut on_solution), &mut progress)
    }

    /// Runs the tasks on the threads and gathers what they find.
    fn drive(
        &self,
        mut on_solution: Option<&mut OnSolution<'_>>,
        progress: &mut dyn FnMut(f64),
    ) -> Result<ParallelOutcome> {
        let threads = self.parallel.thread_count().min(self.tasks.len()).max(1);
        let limit = self.options.max_solutions.unwrap_or(u64::MAX);
        // The order matters only to whoever sees the solutions: a count (even within a
        // solution limit: it is the least of the limit and the total) gathers none, so each
        // thread counts its own instead of sending every solution to be held in order.
        let ordered = self.parallel.ordered && on_solution.is_some();
        let shared = Shared {
            next: AtomicUsize::new(0),
            stop: AtomicBool::new(limit == 0),
            limited: self.options.max_nodes.is_some(),
            budget: AtomicU64::new(self.options.max_nodes.unwrap_or(u64::MAX)),
            out_of_nodes: AtomicBool::new(false),
            found: AtomicU64::new(0),
            done: AtomicU64::new(0f64.to_bits()),
            running: (0..threads).map(|_| AtomicU64::new(0)).collect(),
        };
        let wants = on_solution.is_some();
        let mut stats = Stats::default();
        let mut delivered = 0u64;
        let mut failure = None;
        let mut complete = 0usize;
        std::thread::scope(|scope| {
            let (sender, receiver) = mpsc::channel();
            for thread in 0..threads {
                let sender = sender.clone();
                let shared = &shared;
                scope.spawn(move || self.work(thread, shared, &sender, wants, ordered));
            }
            drop(sender);
            // Ordered: each task's solutions, held until every task before it is done.
            let mut held: BTreeMap<usize, (Vec<Vec<usize>>, bool)> = BTreeMap::new();
            let mut next_out = 0;
            let mut last_tick = std::time::Instant::now();
            loop {
                let message = match receiver.recv_timeout(TICK) {
                    Ok(message) => message,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        progress(shared.progress());
                        last_tick = std::time::Instant::now();
                        continue;
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                };
                if last_tick.elapsed() >= TICK {
                    progress(shared.progress());
                    last_tick = std::time::Instant::now();
                }
                match message {
                    Message::Solution(task, solution) if ordered => {
                        held.entry(task).or_default().0.push(solution);
                    }
                    Message::Solution(_, solution) => {
                        if let Some(f) = on_solution.as_deref_mut() {
                            f(&solution);
                        }
                    }
                    Message::Finished {
                        task,
                        stats: task_stats,
                        complete: done,
                    } => {
                        stats.nodes += task_stats.nodes;
                        stats.updates += task_stats.updates;
                        complete += usize::from(done);
                        if ordered {
                            let entry = held.entry(task).or_default();
                            entry.1 = done;
                            if !done {
                                // Abandoned: nothing after it can be handed on in order.
                                entry.0.clear();
                            }
                            // Hand on the solutions of the tasks now done in order.
                            while held.get(&next_out).is_some_and(|entry| entry.1) {
                                let solutions = held.remove(&next_out).unwrap_or_default().0;
                                next_out += 1;
                                for solution in solutions {
                                    if delivered == limit {
                                        break;
                                    }
                                    delivered += 1;
                                    if let Some(f) = on_solution.as_deref_mut() {
                                        f(&solution);
                                    }
                                }
                                if delivered == limit {
                                    shared.stop.store(true, Ordering::Relaxed);
                                }
                            }
                        }
                    }
                    Message::Failed(error) => {
                        shared.stop.store(true, Ordering::Relaxed);
                        failure.get_or_insert(error);
                    }
                }
            }
        });
        if let Some(error) = failure {
            return Err(error);
        }
        stats.solutions = if ordered {
            delivered
        } else {
            shared.found.load(Ordering::Relaxed).min(limit)
        };
        let status = if complete == self.tasks.len() && stats.solutions < limit {
            Status::Exhausted
        } else if stats.solutions >= limit {
            Status::SolutionLimit
        } else if shared.out_of_nodes.load(Ordering::Relaxed) {
            Status::NodeLimit
        } else {
            Status::Exhausted
        };
        if status == Status::Exhausted {
            progress(1.0);
        }
        Ok(ParallelOutcome {
            stats,
            status,
            tasks: self.tasks.len(),
        })
    }

    /// One thread: takes tasks until none is left or the search stops. It keeps one
    /// [`Solver`] for all its tasks ([`Solver::next_task`]: the layout of the problem is
    /// kept where it can be), looks at the stop flag, reports its progress and takes node
    /// budget once per [`CHUNK`] nodes, and counts solutions on its own unless there is a
    /// solution limit to share: so that one thread costs little more than the serial search.
    fn work(
        &self,
        thread: usize,
        shared: &Shared,
        sender: &mpsc::Sender<Message>,
        wants: bool,
        ordered: bool,
    ) {
        let limit = self.options.max_solutions.unwrap_or(u64::MAX);
        let options = SolverOptions {
            max_solutions: ordered.then_some(limit),
            max_nodes: None,
            ..self.options.clone()
        };
        let mut solver: Option<Solver> = None;
        let mut solution = Vec::new();
        while !shared.stop.load(Ordering::Relaxed) {
            let index = shared.next.fetch_add(1, Ordering::Relaxed);
            let Some(task) = self.tasks.get(index) else {
                break;
            };
            let loaded = match solver.as_mut() {
                Some(solver) => solver.next_task(self.problem, &options, task),
                None => Solver::for_task(self.problem, &options, task).map(|new| {
                    solver = Some(new);
                }),
            };
            if let Err(error) = loaded {
                let _ = sender.send(Message::Failed(error));
                return;
            }
            let Some(solver) = solver.as_mut() else {
                return;
            };
            // The nodes taken from the budget and not searched yet.
            let mut left = 0;
            let done = loop {
                if left == 0 {
                    if shared.stop.load(Ordering::Relaxed) {
                        break false;
                    }
                    shared.running[thread].store(
                        (task.share() * solver.progress()).to_bits(),
                        Ordering::Relaxed,
                    );
                    left = shared.reserve();
                    if left == 0 {
                        shared.out_of_nodes.store(true, Ordering::Relaxed);
                        shared.stop.store(true, Ordering::Relaxed);
                        break false;
                    }
                }
                let before = solver.stats().nodes;
                let step = solver.run(left);
                left -= solver.stats().nodes - before;
                match step {
                    Step::Solution if ordered => {
                        solver.solution_into(&mut solution);
                        let _ = sender.send(Message::Solution(index, solution.clone()));
                    }
                    Step::Solution => {
                        if limit < u64::MAX {
                            let before = shared.found.fetch_add(1, Ordering::Relaxed);
                            if before >= limit {
                                shared.stop.store(true, Ordering::Relaxed);
                                break false;
                            }
                            if before + 1 == limit {
                                shared.stop.store(true, Ordering::Relaxed);
                            }
                        }
                        if wants {
                            solver.solution_into(&mut solution);
                            let _ = sender.send(Message::Solution(index, solution.clone()));
                        }
                    }
                    Step::Paused => {}
                    Step::Done => break solver.status() != Status::NodeLimit,
                }
            };
            if shared.limited && left > 0 {
                shared.budget.fetch_add(left, Ordering::Relaxed);
            }
            if limit == u64::MAX {
                shared
                    .found
                    .fetch_add(solver.stats().solutions, Ordering::Relaxed);
            }
            shared.running[thread].store(0f64.to_bits(), Ordering::Relaxed);
            if done {
                shared.add_done(task.share());
            }
            let _ = sender.send(Message::Finished {
                task: index,
                stats: solver.stats(),
                complete: done,
            });
        }
    }
}
