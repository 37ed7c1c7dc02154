//! [`Schedule`]: the one scheduler of a split search, a state machine with no threads, no
//! messages and no clock. Its drivers (the native threads of [`super::ParallelSolver`], the
//! package's worker pool through `src/wasm/parallel.rs`) carry its decisions to the workers
//! and their answers back to it, and nothing else.
//!
//! Events in: a worker is ready for a task ([`Schedule::ready`]), a run found a solution
//! ([`Schedule::found`]), reported its progress ([`Schedule::progress`]), searched its lease
//! of nodes ([`Schedule::need`]), ended ([`Schedule::finished`]) or was lost with its worker
//! ([`Schedule::lost`]); the search is aborted ([`Schedule::abort`]). Decisions out, in the
//! order they are taken ([`Schedule::next_decision`]): run task `t` on worker `w` with a lease,
//! grant a run more nodes, hand a solution on, drop one, stop every run, done.
//!
//! What it decides:
//! - **Task order**: the tasks go out in the split's order (the order of the serial search),
//!   a task lost with its worker first, up to [`RETRIES`] more times.
//! - **Limits**: a solution limit keeps the first `n` solutions (with [`Collect::Ordered`]
//!   the first `n` of the serial order: each task's solutions are held until every task
//!   before it is done, then handed on; one that the solutions found before it in the
//!   serial order push past the first `n` is dropped, and a task with `n` found before it
//!   does not start, so that at most `n` are held: `ranks.rs`; under a node limit a run's
//!   count is known only at its end, so more may be held while runs are under way); a node
//!   limit is one budget lent out in leases of at most [`LEASE`] nodes, what a run did not
//!   search coming back when it ends, so the runs together search at most the limit. A
//!   worker that finds the budget empty waits while another run holds a lease (it may give
//!   nodes back); when none does, the budget is spent: every waiting run is granted 0 nodes
//!   and no task starts. So a budget of at least the whole tree's nodes finds everything, as
//!   if there were none.
//! - **Progress**: the shares of the tasks done, plus each running task's share times its
//!   own progress.
//!
//! Counts are the serial counts whatever the number of workers: every solution lies in
//! exactly one task, and a task run again after its worker died starts afresh.

use std::collections::VecDeque;

use super::ranks::Ranks;
use super::{Stats, Status};

/// The most nodes a run is lent at a time under a node limit: it asks for more when they are
/// searched ([`Schedule::need`]), and what it did not search comes back when it ends. Large
/// enough that asking costs nothing next to searching (a message each way per 16,384 nodes),
/// small enough that little of the budget sits unused in leases.
pub const LEASE: u64 = 1 << 14;

/// How many more times a task lost with its worker ([`Schedule::lost`]) is run.
pub const RETRIES: u32 = 2;

/// About how many tasks a search on `workers` workers (or threads) is split into, unless
/// its caller says: the one default of the native threads and the package's worker pool.
///
/// Many more tasks than workers, so that the load balances (a worker takes the next task
/// when it is done), but no more than that needs, since each task costs its setup (in the
/// pool about 50-80 µs of messages and layout: one worker on 256 tasks took 3-8% more than
/// the serial search, on 16 tasks 0-1.5%). So 64 per worker, from 64 to 1,024 (on 16 ideal
/// cores the 6x10 pentominoes balance to 15.5x with 1,024 tasks, 12.4x with 256).
///
/// Under a seed, 256 whatever the number of workers: the ties a task breaks depend on where
/// the tasks begin, and the same split on any number of workers gives the same answers on
/// any number of them (and on any machine).
pub fn default_tasks(workers: usize, seeded: bool) -> usize {
    if seeded {
        256
    } else {
        workers.clamp(1, 16) * 64
    }
}

/// What the schedule does with the solutions the runs find.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Collect {
    /// Hands them on in the order of the serial search: each task's held until every task
    /// before it is done. A solution limit keeps the first `n` of the serial order.
    Ordered,
    /// Hands them on as they are found. A solution limit keeps the first `n` found.
    AsFound,
    /// None are reported: the runs count their own, and report the count as they go
    /// ([`Schedule::progress`]) and when they end ([`Schedule::finished`]).
    Count,
}

/// How a [`Schedule`] runs its tasks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScheduleOptions {
    /// The most solutions to hand on (or count); `None` for all.
    pub limit: Option<u64>,
    /// The most nodes all the runs together may search; `None` for no limit.
    pub max_nodes: Option<u64>,
    /// How many workers take tasks (the lease of nodes shrinks to a fair part of what is
    /// left as the budget runs out).
    pub workers: usize,
    /// What to do with the solutions.
    pub collect: Collect,
}

/// A decision of the schedule, for its driver to carry out ([`Schedule::next_decision`]).
#[derive(Debug, Clone, PartialEq)]
pub enum Decision<S> {
    /// Run task `task` (an index into the split) on worker `worker`, as run `run` (the name
    /// of its events), each of its tasks stopping at the [`ScheduleOptions::limit`] solutions.
    /// Under a node limit it may search `lease` nodes, then asks for more.
    Run {
        /// The worker that said it was ready ([`Schedule::ready`]).
        worker: usize,
        /// The run's number, new for each run.
        run: usize,
        /// The task, an index into the split.
        task: usize,
        /// The nodes it may search before it asks for more; `None` without a node limit.
        lease: Option<u64>,
    },
    /// Run `run` may search `nodes` more nodes; 0: the budget is spent, it ends with
    /// [`Status::NodeLimit`].
    Grant {
        /// The run that asked ([`Schedule::need`]).
        run: usize,
        /// The nodes lent, or 0.
        nodes: u64,
    },
    /// Hand this solution on (in the serial order with [`Collect::Ordered`]).
    Emit(S),
    /// Forget this solution ([`Collect::Ordered`] under a limit): it is not among the first
    /// `limit` of the serial order (or its run was no longer under way).
    Drop(S),
    /// Stop every run under way: the search needs no more of them (a limit was reached, or
    /// [`Schedule::abort`]). Their later events count for the statistics only.
    StopAll,
    /// The search is over: read [`Schedule::outcome`]. Nothing follows but the
    /// [`Decision::Drop`]s of the solutions that runs stopped ([`Decision::StopAll`]) send.
    Done,
}

/// What a [`Schedule::lost`] run comes to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lost {
    /// Its task goes back to the front of the queue: give a new worker to the schedule
    /// ([`Schedule::ready`]) to run it.
    Retried,
    /// It was already stopped or ended: nothing changes.
    Ignored,
    /// Its task was lost [`RETRIES`] + 1 times: the search fails (every run is stopped).
    Failed,
}

/// Where the search stands: [`Schedule::progress_now`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScheduleProgress {
    /// From 0 to 1: the shares of the tasks done, and of the runs under way as far as they went.
    pub fraction: f64,
    /// The solutions found so far, by the runs done and under way (within the limit).
    pub solutions: u64,
}

/// What a search ended with ([`Schedule::outcome`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScheduleOutcome {
    /// The runs' statistics added up; `solutions`: the solutions handed on (or counted),
    /// within the limit.
    pub stats: Stats,
    /// [`Status::Exhausted`] when every task was searched to its end, else the limit that
    /// stopped the search; [`Status::Searching`] when it was aborted or failed.
    pub status: Status,
}

/// Where one run stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Live,
    /// Told to stop ([`Decision::StopAll`]): its end is awaited for its statistics only.
    Stopping,
    Ended,
}

/// One run of a task on a worker.
#[derive(Debug, Clone)]
struct Run {
    task: usize,
    state: State,
    /// The nodes lent to it in all.
    lent: u64,
    /// Whether it holds a lease not yet searched (which may come back).
    holding: bool,
    /// Its task's share times its progress.
    share: f64,
    /// The solutions it found so far.
    count: u64,
}

/// What one task came to, as far as its runs went.
#[derive(Debug, Clone)]
struct Outcome<S> {
    /// Searched to its end, or to the limit's solutions.
    done: bool,
    /// The solutions its last run found.
    count: u64,
    /// Held to be handed on in order ([`Collect::Ordered`]).
    solutions: Vec<S>,
}

/// Who waits for a lease of nodes.
#[derive(Debug, Clone, Copy)]
enum Waiter {
    /// A worker ready for a task: the first lease comes with it.
    Start(usize),
    /// A run that searched its lease.
    More(usize),
}

/// The schedule of a split search: see the module's documentation. `S` is a solution as the
/// driver holds it.
#[derive(Debug, Clone)]
pub struct Schedule<S> {
    shares: Vec<f64>,
    options: ScheduleOptions,
    limit: u64,
    outcomes: Vec<Outcome<S>>,
    runs: Vec<Run>,
    /// The runs under way (a few per worker): each event looks at them, not at every run.
    live: Vec<usize>,
    /// The next task of the split to hand out; the tasks to run again, first.
    next: usize,
    retry: Vec<usize>,
    tries: Vec<u32>,
    /// The node budget not lent, the runs holding a lease, who waits for one.
    budget: u64,
    holders: usize,
    waiters: VecDeque<Waiter>,
    /// The tasks done, the first task not yet handed on in order, and how many of its
    /// solutions were handed on already (they come next in the serial order: at once).
    done_tasks: usize,
    flushed: usize,
    early: u64,
    /// Where the solutions of each task fall in the serial order ([`Collect::Ordered`] under
    /// a limit), and one past the last task that may hold some: every task from it holds none.
    ranks: Option<Ranks>,
    held_end: usize,
    /// The solutions handed on (ordered, as found) or counted (by the runs done, or as far
    /// as the runs under way went when they passed the limit).
    total: u64,
    /// The solutions of the runs that ended (not lost).
    counted: u64,
    done_share: f64,
    stats: Stats,
    out_of_nodes: bool,
    /// The limit's solutions are in.
    stopped: bool,
    aborted: bool,
    finished: bool,
    decisions: VecDeque<Decision<S>>,
}

impl<S> Schedule<S> {
    /// The schedule of the tasks whose shares are `shares` (in the split's order).
    pub fn new(shares: Vec<f64>, options: ScheduleOptions) -> Schedule<S> {
        let tasks = shares.len();
        let mut schedule = Schedule {
            outcomes: (0..tasks)
                .map(|_| Outcome {
                    done: false,
                    count: 0,
                    solutions: Vec::new(),
                })
                .collect(),
            tries: vec![0; tasks],
            shares,
            limit: options.limit.unwrap_or(u64::MAX),
            budget: options.max_nodes.unwrap_or(u64::MAX),
            options,
            runs: Vec::new(),
            live: Vec::new(),
            next: 0,
            retry: Vec::new(),
            holders: 0,
            waiters: VecDeque::new(),
            done_tasks: 0,
            flushed: 0,
            early: 0,
            ranks: (options.collect == Collect::Ordered && options.limit.is_some())
                .then(|| Ranks::new(tasks, options.limit.unwrap_or(u64::MAX))),
            held_end: 0,
            total: 0,
            counted: 0,
            done_share: 0.0,
            stats: Stats::default(),
            out_of_nodes: false,
            stopped: false,
            aborted: false,
            finished: false,
            decisions: VecDeque::new(),
        };
        if schedule.limit == 0 {
            schedule.stopped = true;
        }
        schedule.check_done();
        schedule
    }

    /// The next decision to carry out, in the order they were taken; `None` until an event
    /// brings more.
    pub fn next_decision(&mut self) -> Option<Decision<S>> {
        self.decisions.pop_front()
    }

    /// Worker `worker` can take one more task (a driver may call this more than once for a
    /// worker that queues tasks). It gets one ([`Decision::Run`]) at once, or, under a node
    /// limit, once nodes are there; or none, when no task is left.
    pub fn ready(&mut self, worker: usize) {
        if self.over() {
            self.check_done();
        } else if self.options.max_nodes.is_some() {
            self.waiters.push_back(Waiter::Start(worker));
            self.pump();
        } else {
            self.dispatch(worker, None);
        }
    }

    /// Run `run` found `solution` ([`Collect::Ordered`] and [`Collect::AsFound`]). A solution
    /// of a run stopped or ended is ignored: [`Decision::Drop`] with [`Collect::Ordered`].
    pub fn found(&mut self, run: usize, solution: S) {
        let Some(r) = self.runs.get_mut(run).filter(|r| r.state == State::Live) else {
            if self.options.collect == Collect::Ordered {
                self.decisions.push_back(Decision::Drop(solution));
            }
            return;
        };
        r.count += 1;
        let (task, count) = (r.task, r.count);
        match self.options.collect {
            Collect::Ordered => self.hold(task, count, solution),
            Collect::AsFound if self.total < self.limit => {
                self.total += 1;
                self.decisions.push_back(Decision::Emit(solution));
                if self.total == self.limit {
                    self.stop();
                }
            }
            Collect::AsFound | Collect::Count => {}
        }
    }

    /// Run `run` went `fraction` (0 to 1) of the way through its task and found `count`
    /// solutions so far. Counting ([`Collect::Count`]), the search stops as soon as the
    /// runs done and under way found the limit's solutions. Returns whether `run` is under
    /// way (a report of another is ignored).
    pub fn progress(&mut self, run: usize, fraction: f64, count: u64) -> bool {
        let Some(r) = self.runs.get_mut(run).filter(|r| r.state == State::Live) else {
            return false;
        };
        r.share = self.shares[r.task] * fraction.clamp(0.0, 1.0);
        r.count = count;
        if self.options.collect == Collect::Count && self.found_so_far() >= self.limit {
            self.total = self.found_so_far();
            self.stop();
        }
        true
    }

    /// Run `run` searched its lease and asks for more: a [`Decision::Grant`] follows, at
    /// once, once another run gives nodes back, or of 0 nodes when none will.
    pub fn need(&mut self, run: usize) {
        let Some(r) = self.runs.get_mut(run).filter(|r| r.state != State::Ended) else {
            return;
        };
        if std::mem::take(&mut r.holding) {
            self.holders -= 1;
        }
        if r.state == State::Stopping {
            self.decisions.push_back(Decision::Grant { run, nodes: 0 });
            return;
        }
        self.waiters.push_back(Waiter::More(run));
        self.pump();
    }

    /// Run `run` ended with its `stats` (`stats.solutions`: the solutions it found) and
    /// `status`: [`Status::Exhausted`] (its task searched to its end),
    /// [`Status::SolutionLimit`] (the limit's solutions in its task: done as far as
    /// `progress`, 0 to 1, of its task), [`Status::NodeLimit`] (granted 0 nodes) or
    /// [`Status::Searching`] (it stopped on [`Decision::StopAll`]).
    pub fn finished(&mut self, run: usize, stats: Stats, status: Status, progress: f64) {
        let Some(r) = self.runs.get_mut(run).filter(|r| r.state != State::Ended) else {
            return;
        };
        let was_live = r.state == State::Live;
        r.state = State::Ended;
        let task = r.task;
        let unsearched = r.lent.saturating_sub(stats.nodes);
        let held = std::mem::take(&mut r.holding);
        if was_live {
            self.unlive(run);
        }
        // Saturating: a caller of the wasm build's TaskSchedule may report any counts.
        self.stats.nodes = self.stats.nodes.saturating_add(stats.nodes);
        self.stats.updates = self.stats.updates.saturating_add(stats.updates);
        if self.options.max_nodes.is_some() {
            // What the run did not search goes back to the budget.
            self.holders -= usize::from(held);
            self.budget += unsearched;
        }
        if was_live {
            if let Some(ranks) = self.ranks.as_mut() {
                ranks.at_least(task, stats.solutions);
            }
            let outcome = &mut self.outcomes[task];
            outcome.count = stats.solutions;
            self.counted = self.counted.saturating_add(stats.solutions);
            match status {
                Status::NodeLimit => self.out_of_nodes = true,
                Status::Searching => {}
                Status::Exhausted | Status::SolutionLimit => {
                    outcome.done = true;
                    self.done_tasks += 1;
                    let went = if status == Status::Exhausted {
                        1.0
                    } else {
                        progress.clamp(0.0, 1.0)
                    };
                    self.done_share += self.shares[task] * went;
                }
            }
            match self.options.collect {
                Collect::Ordered => {
                    self.trim();
                    self.flush();
                }
                Collect::AsFound => {}
                Collect::Count => {
                    self.total = self.counted;
                    if self.total >= self.limit {
                        self.stop();
                    }
                }
            }
        }
        self.pump();
        self.check_done();
    }

    /// Run `run` was lost with its worker (it died): its task goes back to the queue to run
    /// afresh on another worker ([`Lost::Retried`]: a worker must be made ready for it),
    /// unless it was lost too often ([`Lost::Failed`]). The nodes lent to it count as
    /// searched.
    pub fn lost(&mut self, run: usize) -> Lost {
        let Some(r) = self.runs.get_mut(run).filter(|r| r.state != State::Ended) else {
            return Lost::Ignored;
        };
        let was_live = r.state == State::Live;
        r.state = State::Ended;
        let task = r.task;
        let held = std::mem::take(&mut r.holding);
        if was_live {
            self.unlive(run);
        }
        self.holders -= usize::from(held);
        let verdict = if !was_live || self.stopped || self.aborted || self.out_of_nodes {
            Lost::Ignored
        } else if !self.needed(task) {
            // The solutions known before it fill the limit: it need not run again.
            Lost::Ignored
        } else if self.tries[task] >= RETRIES {
            self.aborted = true;
            self.stop();
            Lost::Failed
        } else {
            self.tries[task] += 1;
            self.retry.push(task);
            Lost::Retried
        };
        if was_live {
            // Found again by the task's next run, or never handed on (its count is 0).
            for solution in std::mem::take(&mut self.outcomes[task].solutions) {
                self.decisions.push_back(Decision::Drop(solution));
            }
        }
        self.stop_if_full();
        self.pump();
        self.check_done();
        verdict
    }

    /// Stops the search: every run under way is stopped ([`Decision::StopAll`]), no task
    /// starts, and no [`Decision::Done`] follows.
    pub fn abort(&mut self) {
        if !self.aborted {
            self.aborted = true;
            self.stop();
        }
    }

    /// The progress of the whole search, and the solutions found so far.
    pub fn progress_now(&self) -> ScheduleProgress {
        if self.complete() {
            return ScheduleProgress {
                fraction: 1.0,
                solutions: self.total,
            };
        }
        let running: f64 = self.live_runs().map(|r| r.share).sum();
        // Stopped at the limit, the runs stopped no longer count among those under way: the
        // count they reached is the total.
        let solutions = match self.options.collect {
            Collect::AsFound => self.total,
            _ => self.found_so_far().max(self.total),
        };
        ScheduleProgress {
            fraction: (self.done_share + running).min(1.0),
            solutions: solutions.min(self.limit),
        }
    }

    /// The runs' statistics so far (`solutions`: as [`Schedule::outcome`]'s).
    pub fn stats(&self) -> Stats {
        Stats {
            solutions: self.total.min(self.limit),
            ..self.stats
        }
    }

    /// What the search came to, as far as it went.
    pub fn outcome(&self) -> ScheduleOutcome {
        let status = if self.aborted {
            Status::Searching
        } else if self.complete() {
            Status::Exhausted
        } else if self.out_of_nodes && !self.stopped {
            // The budget ran out before the first `limit` were in: what was found, with gaps
            // where tasks were not finished, even if that makes `limit` solutions.
            Status::NodeLimit
        } else if self.total >= self.limit {
            Status::SolutionLimit
        } else {
            Status::Searching
        };
        ScheduleOutcome {
            stats: self.stats(),
            status,
        }
    }

    /// Whether every task was searched to its end within the limit.
    fn complete(&self) -> bool {
        self.done_tasks == self.shares.len() && self.total < self.limit && !self.aborted
    }

    /// Run `run` is no longer under way.
    #[inline(never)]
    fn unlive(&mut self, run: usize) {
        if let Some(k) = self.live.iter().position(|&other| other == run) {
            self.live.swap_remove(k);
        }
    }

    fn live_runs(&self) -> impl Iterator<Item = &Run> {
        self.live.iter().map(|&run| &self.runs[run])
    }

    /// The solutions of the tasks done and of the runs under way.
    fn found_so_far(&self) -> u64 {
        self.live_runs()
            .fold(self.counted, |sum, r| sum.saturating_add(r.count))
    }

    /// No task is to start: a limit was reached, the search was aborted, or none is left
    /// that may hold one of the first `limit` solutions.
    fn over(&self) -> bool {
        self.stopped
            || self.total >= self.limit
            || self.aborted
            || self.out_of_nodes
            || !(self.next < self.shares.len() && self.needed(self.next)
                || self.retry.iter().any(|&task| self.needed(task)))
    }

    /// Whether task `task` may hold one of the first `limit` solutions: fewer are known
    /// before it ([`Collect::Ordered`]; any task otherwise). The counts known only grow: a
    /// task not needed is never needed again (one waiting to be retried is left in the
    /// queue, and passed over).
    #[inline(never)]
    fn needed(&self, task: usize) -> bool {
        self.ranks
            .as_ref()
            .is_none_or(|ranks| ranks.before(task) < self.limit)
    }

    /// Holds `solution`, the `count`th of task `task` ([`Collect::Ordered`]), or drops it
    /// where the solutions known before it in the serial order reach the limit; either way
    /// it comes before the later tasks' solutions: those it pushes past the limit go. A
    /// solution of the first task not handed on comes next in the serial order: it is handed
    /// on at once (a run of it again, after one was lost, finds first those handed on
    /// already: they are dropped).
    #[inline(never)]
    fn hold(&mut self, task: usize, count: u64, solution: S) {
        if let Some(ranks) = self.ranks.as_mut() {
            // Under a node limit a task run again after its run was lost may stop short of
            // what that run found: only a run's end makes its count known (`finished`).
            if self.options.max_nodes.is_none() {
                ranks.at_least(task, count);
            }
        }
        let past = |ranks: &Ranks| ranks.before(task).saturating_add(count - 1) >= self.limit;
        if task == self.flushed {
            // (Past the limit: its run goes on to its end, to answer.)
            if count <= self.early || self.total >= self.limit {
                self.decisions.push_back(Decision::Drop(solution));
            } else {
                self.hand_on(solution);
            }
        } else if self.ranks.as_ref().is_some_and(past) {
            self.decisions.push_back(Decision::Drop(solution));
        } else {
            self.outcomes[task].solutions.push(solution);
            self.held_end = self.held_end.max(task + 1);
        }
        self.trim();
    }

    /// Hands `solution` on, the next of the serial order (a solution of task `flushed`). The
    /// limit reached so, no task starts, and the runs stop at its run's end (`flush`): it
    /// stops at the limit on its own, and a run stopped by its worker's end would not answer.
    #[inline(never)]
    fn hand_on(&mut self, solution: S) {
        self.total += 1;
        self.early += 1;
        self.decisions.push_back(Decision::Emit(solution));
    }

    /// Drops the solutions held that the ones known before them push past the limit, from
    /// the last: it is enough to look at the last task holding some, whose last solution
    /// comes after all the others held.
    #[inline(never)]
    fn trim(&mut self) {
        let Some(ranks) = self.ranks.as_ref() else {
            return;
        };
        while self.held_end > self.flushed {
            let task = self.held_end - 1;
            let held = self.outcomes[task].solutions.len() as u64;
            if held > 0 && ranks.before(task).saturating_add(held - 1) < self.limit {
                break;
            }
            match self.outcomes[task].solutions.pop() {
                Some(solution) => self.decisions.push_back(Decision::Drop(solution)),
                None => self.held_end -= 1,
            }
        }
    }

    /// Starts the next task needed on `worker`.
    // Not inlined: called from most events, it would be copied into each (the wasm
    // module's size).
    #[inline(never)]
    fn dispatch(&mut self, worker: usize, lease: Option<u64>) {
        let retried = self.retry.iter().position(|&task| self.needed(task));
        let task = match retried {
            Some(k) => self.retry.remove(k),
            None => {
                self.next += 1;
                self.next - 1
            }
        };
        let run = self.runs.len();
        self.live.push(run);
        self.runs.push(Run {
            task,
            state: State::Live,
            lent: lease.unwrap_or(0),
            holding: lease.is_some(),
            share: 0.0,
            count: 0,
        });
        self.holders += usize::from(lease.is_some());
        self.decisions.push_back(Decision::Run {
            worker,
            run,
            task,
            lease,
        });
    }

    /// Lends nodes to the waiters while there are some; when no run holds any, none will
    /// come back: the budget is spent, and each waiter gets 0.
    #[inline(never)]
    fn pump(&mut self) {
        if self.options.max_nodes.is_none() {
            return;
        }
        let workers = self.options.workers.max(1) as u64;
        while self.budget > 0 && !self.stopped && !self.aborted {
            let Some(waiter) = self.waiters.pop_front() else {
                break;
            };
            let nodes = LEASE.min(self.budget).min(self.budget.div_ceil(workers));
            match waiter {
                Waiter::Start(worker) if !self.over() => {
                    self.budget -= nodes;
                    self.dispatch(worker, Some(nodes));
                }
                Waiter::Start(_) => {}
                Waiter::More(run) => {
                    self.budget -= nodes;
                    self.holders += 1;
                    let r = &mut self.runs[run];
                    r.holding = true;
                    r.lent += nodes;
                    self.decisions.push_back(Decision::Grant { run, nodes });
                }
            }
        }
        if self.over() {
            // Idle workers wait for no task.
            self.waiters.retain(|w| matches!(w, Waiter::More(_)));
        }
        let spent = self.budget == 0 && self.holders == 0;
        if !self.waiters.is_empty() && (spent || self.stopped || self.aborted) {
            self.out_of_nodes |= spent && !self.stopped && !self.aborted;
            for waiter in std::mem::take(&mut self.waiters) {
                if let Waiter::More(run) = waiter {
                    self.decisions.push_back(Decision::Grant { run, nodes: 0 });
                }
            }
        }
        // A budget spent before any run began ends the search here.
        self.check_done();
    }

    /// Hands on, in order, the solutions of the tasks done, to the limit, and those held of
    /// the first task not done: they come next.
    #[inline(never)]
    fn flush(&mut self) {
        while self.flushed < self.shares.len() && self.total < self.limit {
            let done = self.outcomes[self.flushed].done;
            self.emit_held(self.flushed, done);
            if !done {
                break;
            }
            self.flushed += 1;
            self.early = 0;
        }
        self.stop_if_full();
    }

    /// Stops the runs once the limit's solutions are in, but for a run that handed some of
    /// them on as it found them: it stops at the limit on its own and answers (a run stopped
    /// early, its worker ended, would not), and the others stop at its end.
    #[inline(never)]
    fn stop_if_full(&mut self) {
        let flushed = self.flushed;
        let handing = self.early > 0 && self.live_runs().any(|r| r.task == flushed);
        if self.total >= self.limit && !handing {
            self.stop();
        }
    }

    /// Hands on the solutions held for `task`, to the limit and, where its run ended
    /// (`ended`), to its count (less those handed on already); drops the rest (none, unless
    /// its run said it found fewer than it handed over).
    #[inline(never)]
    fn emit_held(&mut self, task: usize, ended: bool) {
        let already = if task == self.flushed { self.early } else { 0 };
        let outcome = &mut self.outcomes[task];
        let count = match ended {
            true => outcome.count.saturating_sub(already),
            false => u64::MAX,
        };
        let take = count.min(self.limit - self.total);
        let mut held = std::mem::take(&mut outcome.solutions).into_iter();
        // (`take` may pass a 32-bit `usize`: the limit is any `u64`.)
        for solution in held
            .by_ref()
            .take(usize::try_from(take).unwrap_or(usize::MAX))
        {
            self.total += 1;
            if task == self.flushed {
                self.early += 1;
            }
            self.decisions.push_back(Decision::Emit(solution));
        }
        self.decisions.extend(held.map(Decision::Drop));
    }

    /// The search needs no more runs (the limit's solutions are in, or it was aborted):
    /// every run under way is stopped, every waiter answered.
    #[inline(never)]
    fn stop(&mut self) {
        self.stopped |= !self.aborted;
        if !self.live.is_empty() {
            for run in std::mem::take(&mut self.live) {
                self.runs[run].state = State::Stopping;
            }
            self.decisions.push_back(Decision::StopAll);
        }
        self.pump();
        self.check_done();
    }

    /// Says [`Decision::Done`] once no run is under way and no task is to start.
    #[inline(never)]
    fn check_done(&mut self) {
        if self.finished || self.aborted || !self.over() || !self.live.is_empty() {
            return;
        }
        self.finished = true;
        self.waiters.clear();
        if self.options.collect == Collect::Ordered && self.out_of_nodes && !self.stopped {
            // Stopped on the node limit: every solution found counts, in the order of the
            // tasks (the serial order, with the gaps the unfinished tasks leave).
            for task in self.flushed..self.shares.len() {
                if self.total >= self.limit {
                    break;
                }
                self.emit_held(task, true);
            }
        }
        // What is still held is not handed on: forgotten before the end.
        for task in self.flushed..self.held_end {
            let held = std::mem::take(&mut self.outcomes[task].solutions);
            self.decisions.extend(held.into_iter().map(Decision::Drop));
        }
        self.decisions.push_back(Decision::Done);
    }
}
