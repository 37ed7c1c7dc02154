//! [`ParallelSolver`]: the tasks of a [`split`] run on threads, with the answers of the
//! serial search.
//!
//! The calling thread runs the search's [`Schedule`] (the one scheduler, which the package's
//! worker pool runs too): it carries the schedule's decisions to the threads (run this task,
//! more nodes, stop) and their events back to it (a solution, progress, a lease searched,
//! the end of a task), hands the solutions on and reports progress. Each thread runs the
//! tasks it is given with a [`Solver`] of its own. Counts are the serial counts whatever the
//! number of threads; the solutions are the serial solutions, in the serial order with
//! [`ParallelOptions::ordered`] (held back until every earlier task is done), else as found.
//! A solution limit keeps the first `n` found (the first `n` in the serial order when
//! ordered); a node limit is shared by all threads, lent in leases so that the tasks never
//! search more than the limit together. The split, which searches the top of the tree before
//! any task runs (a few nodes per task), is not counted in it, nor in the statistics, which
//! are the tasks' own: `dlx` searches on one thread when given a node limit.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use super::schedule::{default_tasks, Collect, Decision, Schedule, ScheduleOptions};
use super::split::{split, Task};
use super::{Solver, SolverOptions, Stats, Status, Step};
use crate::error::{Error, Result};
use crate::problem::Problem;

/// The number of nodes a thread searches between two looks at the stop flag and the clock.
const CHUNK: u64 = 1 << 14;

/// How often the calling thread reports progress, and a thread its run's.
const TICK: Duration = Duration::from_millis(50);

/// How to spread a search over threads. The default: one thread per core, the default
/// number of tasks, solutions as found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ParallelOptions {
    /// The number of threads; 0 for one per core ([`std::thread::available_parallelism`]).
    pub threads: usize,
    /// About how many tasks to split the search into ([`split`]); 0 for
    /// [`default_tasks`] of the threads (and of whether the search has a seed), the
    /// package's worker pool's default too.
    pub tasks: usize,
    /// Hand the solutions on in the order of the serial search (else as they are found).
    /// A count hands none on, so it ignores this.
    pub ordered: bool,
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

    /// The number of tasks to split a search under `options` into:
    /// [`ParallelOptions::tasks`], or [`default_tasks`].
    pub fn task_count(&self, options: &SolverOptions) -> usize {
        if self.tasks > 0 {
            self.tasks
        } else {
            default_tasks(self.thread_count(), options.seed.is_some())
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
    /// The threads it ran on: those asked for, no more than the tasks.
    pub threads: usize,
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
type OnSolution<'f> = dyn FnMut(&[usize]) -> ControlFlow<()> + 'f;

/// What a thread tells the calling thread, which feeds it to the [`Schedule`].
enum Event {
    /// Run `run` found a solution.
    Found(usize, Vec<usize>),
    /// Run `run` went `fraction` of the way through its task and found `count` solutions.
    Progress {
        run: usize,
        fraction: f64,
        count: u64,
    },
    /// Run `run` searched its lease of nodes and waits for a grant.
    Need(usize),
    /// Run `run` ended (`status`: [`Status::Searching`] when stopped).
    Finished {
        run: usize,
        stats: Stats,
        status: Status,
        progress: f64,
    },
    /// A task could not start.
    Failed(Error),
}

/// What the calling thread tells a thread.
enum Command {
    /// Run task `task` as run `run`, on `lease` nodes (`None`: no node limit).
    Run {
        run: usize,
        task: usize,
        lease: Option<u64>,
    },
    /// More nodes for the run under way (0: none are left).
    Grant(u64),
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
        let tasks = split(problem, options, parallel.task_count(options))?;
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
        progress: impl FnMut(f64),
    ) -> Result<ParallelOutcome> {
        self.try_for_each_solution(
            |solution| {
                on_solution(solution);
                ControlFlow::Continue(())
            },
            progress,
        )
    }

    /// [`ParallelSolver::for_each_solution`], where `on_solution` may stop the search (a
    /// reader that went away, an output that failed): after a `Break` it is called no more,
    /// the threads end their tasks at their next look at the stop flag, and the outcome's
    /// status is [`Status::Searching`] (stopped before its end).
    ///
    /// # Errors
    /// As [`ParallelSolver::count`].
    pub fn try_for_each_solution(
        &self,
        mut on_solution: impl FnMut(&[usize]) -> ControlFlow<()>,
        mut progress: impl FnMut(f64),
    ) -> Result<ParallelOutcome> {
        self.drive(Some(&mut on_solution), &mut progress)
    }

    /// Runs the tasks on the threads: the calling thread carries the decisions of a
    /// [`Schedule`] to them and their events back to it.
    fn drive(
        &self,
        mut on_solution: Option<&mut OnSolution<'_>>,
        progress: &mut dyn FnMut(f64),
    ) -> Result<ParallelOutcome> {
        let threads = self.parallel.thread_count().min(self.tasks.len()).max(1);
        // The order matters only to whoever sees the solutions: a count (even within a
        // solution limit: it is the least of the limit and the total) gathers none, so each
        // thread counts its own instead of sending every solution.
        let collect = match (on_solution.is_some(), self.parallel.ordered) {
            (false, _) => Collect::Count,
            (true, true) => Collect::Ordered,
            (true, false) => Collect::AsFound,
        };
        let mut schedule: Schedule<Vec<usize>> = Schedule::new(
            self.tasks.iter().map(Task::share).collect(),
            ScheduleOptions {
                limit: self.options.max_solutions,
                max_nodes: self.options.max_nodes,
                workers: threads,
                collect,
            },
        );
        let stop = AtomicBool::new(false);
        let mut failure = None;
        std::thread::scope(|scope| {
            let (events, received) = mpsc::channel();
            let mut commands = Vec::with_capacity(threads);
            for _ in 0..threads {
                let (command, receiver) = mpsc::channel();
                commands.push(command);
                let events = events.clone();
                let stop = &stop;
                scope.spawn(move || self.work(&receiver, &events, stop, collect));
            }
            drop(events);
            // The thread of each run.
            let mut owner = Vec::new();
            for thread in 0..threads {
                schedule.ready(thread);
            }
            let mut last_tick = Instant::now();
            'search: loop {
                while let Some(decision) = schedule.next_decision() {
                    match decision {
                        Decision::Run {
                            worker,
                            run,
                            task,
                            lease,
                        } => {
                            owner.push(worker);
                            debug_assert_eq!(owner.len(), run + 1);
                            let _ = commands[worker].send(Command::Run { run, task, lease });
                        }
                        Decision::Grant { run, nodes } => {
                            let _ = commands[owner[run]].send(Command::Grant(nodes));
                        }
                        Decision::Emit(solution) => {
                            let Some(f) = on_solution.as_deref_mut() else {
                                continue;
                            };
                            if f(&solution).is_break() {
                                schedule.abort();
                                stop.store(true, Ordering::Relaxed);
                                break 'search;
                            }
                        }
                        // Not among the first solutions: freed here.
                        Decision::Drop(_) => {}
                        Decision::StopAll => stop.store(true, Ordering::Relaxed),
                        Decision::Done => break 'search,
                    }
                }
                let event = match received.recv_timeout(TICK) {
                    Ok(event) => event,
                    Err(mpsc::RecvTimeoutError::Timeout) => {
                        progress(schedule.progress_now().fraction);
                        last_tick = Instant::now();
                        continue;
                    }
                    Err(mpsc::RecvTimeoutError::Disconnected) => break,
                };
                if last_tick.elapsed() >= TICK {
                    progress(schedule.progress_now().fraction);
                    last_tick = Instant::now();
                }
                match event {
                    Event::Found(run, solution) => schedule.found(run, solution),
                    Event::Progress {
                        run,
                        fraction,
                        count,
                    } => {
                        schedule.progress(run, fraction, count);
                    }
                    Event::Need(run) => schedule.need(run),
                    Event::Finished {
                        run,
                        stats,
                        status,
                        progress,
                    } => {
                        schedule.finished(run, stats, status, progress);
                        schedule.ready(owner[run]);
                    }
                    Event::Failed(error) => {
                        failure.get_or_insert(error);
                        schedule.abort();
                        stop.store(true, Ordering::Relaxed);
                        break;
                    }
                }
            }
            // The threads end: they take no more tasks (one waiting for nodes gets none),
            // and the runs stopped late add their statistics.
            drop(commands);
            for event in received {
                match event {
                    Event::Finished {
                        run,
                        stats,
                        status,
                        progress,
                    } => schedule.finished(run, stats, status, progress),
                    Event::Failed(error) => {
                        failure.get_or_insert(error);
                    }
                    _ => {}
                }
            }
        });
        if let Some(error) = failure {
            return Err(error);
        }
        let outcome = schedule.outcome();
        if outcome.status == Status::Exhausted {
            progress(1.0);
        }
        Ok(ParallelOutcome {
            stats: outcome.stats,
            status: outcome.status,
            tasks: self.tasks.len(),
            threads,
        })
    }

    /// One thread: runs the tasks it is told to until it is told no more. It keeps one
    /// [`Solver`] for all its tasks ([`Solver::next_task`]: the layout of the problem is
    /// kept where it can be), looks at the stop flag and the clock once per [`CHUNK`]
    /// nodes, and reports its progress about every [`TICK`]. Counting, it sends no
    /// solutions: so that one thread costs little more than the serial search.
    fn work(
        &self,
        commands: &mpsc::Receiver<Command>,
        events: &mpsc::Sender<Event>,
        stop: &AtomicBool,
        collect: Collect,
    ) {
        // Each task stops at the limit on its own: the schedule keeps the first ones.
        let options = SolverOptions {
            max_nodes: None,
            ..self.options.clone()
        };
        let mut solver: Option<Solver> = None;
        let mut solution = Vec::new();
        while let Ok(command) = commands.recv() {
            let Command::Run { run, task, lease } = command else {
                continue;
            };
            let task = &self.tasks[task];
            let loaded = match solver.as_mut() {
                Some(solver) => solver.next_task(self.problem, &options, task),
                None => Solver::for_task(self.problem, &options, task).map(|new| {
                    solver = Some(new);
                }),
            };
            if let Err(error) = loaded {
                let _ = events.send(Event::Failed(error));
                return;
            }
            let Some(solver) = solver.as_mut() else {
                return;
            };
            // The nodes it may still search (without a node limit, any).
            let mut left = lease.unwrap_or(u64::MAX);
            let mut last = Instant::now();
            let status = loop {
                if stop.load(Ordering::Relaxed) {
                    break Status::Searching;
                }
                if left == 0 {
                    // Its lease is searched: done if no node is left, else more nodes.
                    if solver.run(0) == Step::Done {
                        break solver.status();
                    }
                    let _ = events.send(Event::Need(run));
                    match commands.recv() {
                        Ok(Command::Grant(nodes)) if nodes > 0 => left = nodes,
                        _ => break Status::NodeLimit,
                    }
                }
                let before = solver.stats().nodes;
                let step = solver.run(left.min(CHUNK));
                if lease.is_some() {
                    left -= solver.stats().nodes - before;
                }
                match step {
                    Step::Solution if collect != Collect::Count => {
                        solver.solution_into(&mut solution);
                        let _ = events.send(Event::Found(run, solution.clone()));
                    }
                    Step::Solution => {}
                    Step::Paused => {
                        if last.elapsed() >= TICK {
                            last = Instant::now();
                            let _ = events.send(Event::Progress {
                                run,
                                fraction: solver.progress(),
                                count: solver.stats().solutions,
                            });
                        }
                    }
                    Step::Done => break solver.status(),
                }
            };
            let _ = events.send(Event::Finished {
                run,
                stats: solver.stats(),
                status,
                progress: solver.progress(),
            });
        }
    }
}
