//! The scheduler of a split search (`Schedule`, crates/dlx-engine/src/engine/schedule.rs) on simulated runs: no
//! threads, no workers, no clock. A simulated task has a number of nodes and of solutions
//! (spread evenly over its nodes); simulated workers search their runs at their own speeds,
//! and tell the schedule what a real worker would (solutions, progress, leases searched, the
//! end). Each solution is `(task, k)`, so the serial order is their sorted order.

use std::collections::VecDeque;

use dlx_engine::{
    default_tasks, Collect, Decision, Lost, Schedule, ScheduleOptions, Stats, Status, LEASE,
    RETRIES,
};

/// A solution: the `k`th of task `task`.
type Sol = (usize, u64);

/// One run as a simulated worker searches it.
struct SimRun {
    run: usize,
    task: usize,
    searched: u64,
    found: u64,
    /// The nodes of its lease left (`None`: no node limit).
    left: Option<u64>,
    waiting: bool,
    stopped: bool,
    /// Granted 0 nodes: it ends on the node limit.
    out: bool,
    /// The solutions it found.
    solutions: Vec<Sol>,
}

/// A simulated search: the schedule, the tasks (nodes, solutions) and the workers.
struct Sim {
    schedule: Schedule<Sol>,
    tasks: Vec<(u64, u64)>,
    limit: u64,
    collect: Collect,
    /// Each worker's runs, the first under way; `None` once it died.
    workers: Vec<Option<VecDeque<SimRun>>>,
    /// How many nodes each worker searches per turn.
    speeds: Vec<u64>,
    /// The solutions of the runs that ended neither stopped nor lost, and of those lost.
    finished: Vec<Sol>,
    lost: Vec<Sol>,
    emitted: Vec<Sol>,
    /// The solutions dropped, and the most held at once (found, neither handed on nor
    /// dropped).
    dropped: Vec<Sol>,
    most_held: u64,
    sent: u64,
    stops: usize,
    grants: Vec<u64>,
    done: bool,
    /// The nodes all the runs searched.
    nodes: u64,
    fractions: Vec<f64>,
}

impl Sim {
    /// `tasks` as (nodes, solutions), their shares in proportion to their nodes, on workers
    /// of `speeds`, each made ready `depth` times.
    fn new(
        tasks: &[(u64, u64)],
        speeds: &[u64],
        collect: Collect,
        limit: Option<u64>,
        max_nodes: Option<u64>,
    ) -> Sim {
        let total: u64 = tasks.iter().map(|t| t.0).sum();
        let shares = tasks.iter().map(|t| t.0 as f64 / total as f64).collect();
        let schedule = Schedule::new(
            shares,
            ScheduleOptions {
                limit,
                max_nodes,
                workers: speeds.len(),
                collect,
            },
        );
        let mut sim = Sim {
            schedule,
            tasks: tasks.to_vec(),
            limit: limit.unwrap_or(u64::MAX),
            collect,
            workers: speeds.iter().map(|_| Some(VecDeque::new())).collect(),
            speeds: speeds.to_vec(),
            finished: Vec::new(),
            lost: Vec::new(),
            emitted: Vec::new(),
            dropped: Vec::new(),
            most_held: 0,
            sent: 0,
            stops: 0,
            grants: Vec::new(),
            done: false,
            nodes: 0,
            fractions: Vec::new(),
        };
        for worker in 0..speeds.len() {
            sim.schedule.ready(worker);
        }
        sim.decide();
        sim
    }

    /// Carries out the schedule's decisions.
    fn decide(&mut self) {
        while let Some(decision) = self.schedule.next_decision() {
            // After done, only the solutions of runs stopped are dropped.
            let dropped = matches!(decision, Decision::Drop(_));
            assert!(!self.done || dropped, "a decision after done: {decision:?}");
            match decision {
                Decision::Run {
                    worker,
                    run,
                    task,
                    lease,
                } => {
                    if let Some(nodes) = lease {
                        assert!((1..=LEASE).contains(&nodes), "a lease of {nodes}");
                    }
                    let queue = self.workers[worker].as_mut().expect("a live worker");
                    queue.push_back(SimRun {
                        run,
                        task,
                        searched: 0,
                        found: 0,
                        left: lease,
                        waiting: false,
                        stopped: false,
                        out: false,
                        solutions: Vec::new(),
                    });
                }
                Decision::Grant { run, nodes } => {
                    assert!(nodes <= LEASE);
                    self.grants.push(nodes);
                    let r = self.find(run).expect("a grant to a run under way");
                    assert!(r.waiting, "a grant to a run that did not ask");
                    r.waiting = false;
                    r.left = Some(nodes);
                    r.out = nodes == 0;
                }
                Decision::Emit(solution) => self.emitted.push(solution),
                Decision::Drop(solution) => self.dropped.push(solution),
                Decision::StopAll => {
                    self.stops += 1;
                    for queue in self.workers.iter_mut().flatten() {
                        for r in queue.iter_mut() {
                            r.stopped = true;
                        }
                    }
                }
                Decision::Done => self.done = true,
            }
        }
        self.fractions.push(self.schedule.progress_now().fraction);
        if self.collect == Collect::Ordered {
            let held = self.sent - (self.emitted.len() + self.dropped.len()) as u64;
            self.most_held = self.most_held.max(held);
        }
    }

    fn find(&mut self, run: usize) -> Option<&mut SimRun> {
        self.workers
            .iter_mut()
            .flatten()
            .flat_map(|q| q.iter_mut())
            .find(|r| r.run == run)
    }

    /// Worker `worker`'s turn: its run under way searches up to its speed of nodes.
    fn turn(&mut self, worker: usize) {
        let speed = self.speeds[worker];
        let Some(Some(queue)) = self.workers.get_mut(worker) else {
            return;
        };
        let Some(r) = queue.front_mut() else {
            return;
        };
        if r.waiting {
            return;
        }
        let (nodes, solutions) = self.tasks[r.task];
        let (run, task) = (r.run, r.task);
        let mut end = None;
        let mut found = Vec::new();
        if r.stopped {
            end = Some(Status::Searching);
        } else if r.out {
            end = Some(Status::NodeLimit);
        } else if r.left == Some(0) {
            r.waiting = true;
            self.schedule.need(run);
            return self.decide();
        }
        for _ in 0..speed {
            if end.is_some() || r.left == Some(0) {
                break;
            }
            r.searched += 1;
            self.nodes += 1;
            if let Some(left) = r.left.as_mut() {
                *left -= 1;
            }
            // Solution k at node (k + 1) * nodes / (solutions + 1).
            if r.found < solutions && r.searched == (r.found + 1) * nodes / (solutions + 1) {
                r.found += 1;
                found.push((task, r.found - 1));
                if r.found == self.limit {
                    end = Some(Status::SolutionLimit);
                }
            }
            if r.searched == nodes {
                end.get_or_insert(Status::Exhausted);
            }
        }
        r.solutions.extend(&found);
        let (searched, count) = (r.searched, r.found);
        let fraction = searched as f64 / nodes as f64;
        for solution in found {
            if self.collect != Collect::Count {
                self.sent += u64::from(self.collect == Collect::Ordered);
                self.schedule.found(run, solution);
            }
        }
        match end {
            None => {
                self.schedule.progress(run, fraction, count);
            }
            Some(status) => {
                let r = self.workers[worker].as_mut().unwrap().pop_front().unwrap();
                if !r.stopped {
                    self.finished.extend(r.solutions);
                }
                let stats = Stats {
                    nodes: searched,
                    updates: 2 * searched,
                    solutions: count,
                };
                self.schedule.finished(run, stats, status, fraction);
                self.schedule.ready(worker);
            }
        }
        self.decide();
    }

    /// Worker `worker` dies: its runs are lost, and a new worker takes its place if the
    /// schedule retries them.
    fn kill(&mut self, worker: usize) -> Vec<Lost> {
        let runs = self.workers[worker].take().unwrap_or_default();
        let verdicts: Vec<Lost> = runs.iter().map(|r| self.schedule.lost(r.run)).collect();
        self.lost
            .extend(runs.iter().flat_map(|r| r.solutions.iter().copied()));
        if verdicts.contains(&Lost::Retried) {
            self.workers.push(Some(VecDeque::new()));
            self.speeds.push(self.speeds[worker]);
            let fresh = self.workers.len() - 1;
            for _ in verdicts.iter().filter(|v| **v == Lost::Retried) {
                self.schedule.ready(fresh);
            }
        }
        self.decide();
        verdicts
    }

    /// Turns, worker after worker, until the schedule says done.
    fn run(&mut self) {
        self.run_until(|_| false);
    }

    /// Turns until done or `stop(self)`.
    fn run_until(&mut self, stop: impl Fn(&Sim) -> bool) {
        for _ in 0..1_000_000 {
            if self.done || stop(self) {
                return;
            }
            for worker in 0..self.workers.len() {
                if !self.done {
                    self.turn(worker);
                }
            }
        }
        panic!("the simulated search never ended");
    }

    /// The serial solutions: every task's, in order.
    fn serial(&self) -> Vec<Sol> {
        (0..self.tasks.len())
            .flat_map(|t| (0..self.tasks[t].1).map(move |k| (t, k)))
            .collect()
    }
}

/// Tasks of very different sizes: 40 tasks, (nodes, solutions).
fn uneven() -> Vec<(u64, u64)> {
    (0..40u64)
        .map(|t| {
            let nodes = 20 + (t * 37 % 11) * (t * 13 % 7) * 30 + if t == 3 { 3000 } else { 0 };
            (nodes, (t * 7) % 5 + u64::from(t == 3) * 40)
        })
        .collect()
}

#[test]
fn uneven_tasks_give_the_serial_solutions_in_order_on_any_workers() {
    for speeds in [&[50][..], &[50, 50], &[7, 300], &[1, 40, 90, 500]] {
        let mut sim = Sim::new(&uneven(), speeds, Collect::Ordered, None, None);
        sim.run();
        assert_eq!(sim.emitted, sim.serial(), "{speeds:?}");
        let outcome = sim.schedule.outcome();
        assert_eq!(outcome.status, Status::Exhausted);
        assert_eq!(outcome.stats.solutions, sim.serial().len() as u64);
        let nodes: u64 = uneven().iter().map(|t| t.0).sum();
        assert_eq!(
            (outcome.stats.nodes, outcome.stats.updates),
            (nodes, 2 * nodes)
        );
        assert_eq!(sim.stops, 0);
    }
}

#[test]
fn as_found_hands_on_in_the_order_found_and_a_count_counts_the_same() {
    // Task 0 is slow on worker 0, the others fly by on worker 1: found order is not serial.
    let tasks = [(5000, 3), (10, 2), (10, 2), (10, 2)];
    let mut sim = Sim::new(&tasks, &[1, 100], Collect::AsFound, None, None);
    sim.run();
    let serial = sim.serial();
    assert_ne!(sim.emitted, serial, "as found, task 0's come last");
    assert_eq!(sim.emitted[..2], [(1, 0), (1, 1)]);
    let mut sorted = sim.emitted.clone();
    sorted.sort();
    assert_eq!(sorted, serial);
    // Ordered: the same run hands them on in the serial order.
    let mut ordered = Sim::new(&tasks, &[1, 100], Collect::Ordered, None, None);
    ordered.run();
    assert_eq!(ordered.emitted, serial);
    // Counting: none handed on, the same count.
    let mut count = Sim::new(&uneven(), &[3, 80], Collect::Count, None, None);
    count.run();
    assert!(count.emitted.is_empty());
    let outcome = count.schedule.outcome();
    assert_eq!(outcome.stats.solutions, count.serial().len() as u64);
    assert_eq!(outcome.status, Status::Exhausted);
}

#[test]
fn a_solution_limit_keeps_the_first_in_the_serial_order_even_mid_flush() {
    // Task 0 ends last; tasks 1-3 are done and held by then: the flush passes task 0's three
    // and stops in the middle of task 2's. Task 4 never starts: tasks 1-3 found more than 7
    // before it.
    let tasks = [(3000, 3), (10, 2), (10, 4), (10, 4), (400_000, 5)];
    let mut sim = Sim::new(&tasks, &[2, 100], Collect::Ordered, Some(7), None);
    sim.run();
    let serial = sim.serial();
    assert_eq!(sim.emitted, serial[..7]);
    assert_eq!(sim.emitted.last(), Some(&(2, 1)));
    assert_eq!(sim.stops, 0, "no run was under way at the end");
    assert_eq!(sim.nodes, 3000 + 3 * 10, "task 4 never started");
    // Task 3's last three at once (7 found before them), then task 2's last two and task
    // 3's first as task 0's three came in: never more than 7 held.
    let mut dropped = sim.dropped.clone();
    dropped.sort();
    assert_eq!(dropped, serial[7..13]);
    assert!(sim.most_held <= 7, "{} held", sim.most_held);
    let outcome = sim.schedule.outcome();
    assert_eq!(
        (outcome.status, outcome.stats.solutions),
        (Status::SolutionLimit, 7)
    );
    // With a limit of 12, tasks 1-3 find 10 before task 4: it starts, and holds its first
    // two until task 0's three push them out; it is then stopped.
    let mut sim = Sim::new(&tasks, &[2, 100], Collect::Ordered, Some(12), None);
    sim.run();
    assert_eq!(sim.emitted, serial[..12]);
    assert_eq!(sim.stops, 1, "the run of task 4 was stopped");
    let mut dropped = sim.dropped.clone();
    dropped.sort();
    assert_eq!(dropped, [(3, 3), (4, 0), (4, 1)]);
    // What a stopped run says later is counted in the statistics only, its solutions dropped.
    let before = sim.schedule.outcome().stats.nodes;
    let stopped = Stats {
        nodes: 11,
        updates: 22,
        solutions: 3,
    };
    sim.schedule.found(4, (4, 2));
    sim.schedule.finished(4, stopped, Status::Searching, 0.1);
    assert_eq!(sim.schedule.next_decision(), Some(Decision::Drop((4, 2))));
    assert_eq!(sim.schedule.next_decision(), None);
    let after = sim.schedule.outcome();
    assert_eq!(after.stats.solutions, 12);
    assert_eq!(after.stats.nodes, before + 11);
    // As found: the first seven found, all different.
    let mut found = Sim::new(&tasks, &[2, 100], Collect::AsFound, Some(7), None);
    found.run();
    assert_eq!(found.emitted.len(), 7);
    assert_eq!(found.schedule.outcome().status, Status::SolutionLimit);
}

#[test]
fn a_limited_count_stops_once_the_runs_found_the_limit() {
    // One huge task full of solutions: its progress reports pass the limit long before it ends.
    let tasks = [(100_000, 1000), (10, 1)];
    let mut sim = Sim::new(&tasks, &[100, 100], Collect::Count, Some(50), None);
    sim.run();
    assert!(
        sim.nodes < 100_000 / 2,
        "stopped early: {} nodes",
        sim.nodes
    );
    assert_eq!(sim.stops, 1);
    let outcome = sim.schedule.outcome();
    assert_eq!(
        (outcome.status, outcome.stats.solutions),
        (Status::SolutionLimit, 50)
    );
    // A limit of none: done at once, no task runs.
    let mut none = Sim::new(&tasks, &[10], Collect::Ordered, Some(0), None);
    none.run();
    assert!(none.emitted.is_empty() && none.nodes == 0);
    assert_eq!(none.schedule.outcome().status, Status::SolutionLimit);
}

#[test]
fn node_leases_share_the_budget_and_come_back() {
    let tasks = uneven();
    let total: u64 = tasks.iter().map(|t| t.0).sum();
    // Enough for the whole tree, to the node: everything is found, whatever the leases held.
    for speeds in [&[13, 200][..], &[1, 2, 3]] {
        let mut sim = Sim::new(&tasks, speeds, Collect::Ordered, None, Some(total));
        sim.run();
        assert_eq!(sim.emitted, sim.serial(), "{speeds:?}");
        assert_eq!(sim.schedule.outcome().status, Status::Exhausted);
        assert!(!sim.grants.is_empty(), "runs asked for more nodes");
    }
    // Less: the runs together search exactly the budget, and the search ends on it.
    for budget in [0, 1, 999, total / 2, total - 1] {
        let mut sim = Sim::new(&tasks, &[13, 200], Collect::Count, None, Some(budget));
        sim.run();
        assert_eq!(sim.nodes, budget);
        let outcome = sim.schedule.outcome();
        assert_eq!(outcome.status, Status::NodeLimit, "{budget}");
        assert_eq!(outcome.stats.nodes, budget);
        // No run starts on no nodes; the last to ask for more got none.
        let last = if budget == 0 { None } else { Some(&0) };
        assert_eq!(sim.grants.last(), last, "{budget}");
    }
    // The leases are at most LEASE and shrink to a fair part of what is left.
    let big = [(200_000, 0), (200_000, 0)];
    let mut sim = Sim::new(&big, &[5000, 5000], Collect::Count, None, Some(3 * LEASE));
    sim.run();
    assert_eq!(sim.nodes, 3 * LEASE);
    assert!(
        sim.grants.iter().any(|&g| g > 0 && g < LEASE),
        "{:?}",
        sim.grants
    );
}

#[test]
fn a_worker_that_dies_has_its_task_run_again_then_the_search_fails() {
    let tasks = [(400, 4), (400, 4), (400, 4), (400, 4)];
    let mut sim = Sim::new(&tasks, &[10, 10], Collect::Ordered, None, None);
    // Worker 0 dies half-way through task 0, after two of its solutions.
    sim.run_until(|sim| sim.nodes >= 400);
    assert_eq!(sim.kill(0), [Lost::Retried]);
    sim.run();
    assert_eq!(sim.emitted, sim.serial(), "no solution twice, none missing");
    assert_eq!(sim.schedule.outcome().status, Status::Exhausted);
    // A task lost RETRIES + 1 times fails the search: every run is stopped, no done.
    let mut sim = Sim::new(&tasks, &[10], Collect::Count, None, None);
    for attempt in 0..=RETRIES {
        sim.run_until(|sim| {
            sim.workers
                .last()
                .unwrap()
                .as_ref()
                .unwrap()
                .front()
                .is_some()
        });
        let worker = sim.workers.len() - 1;
        let expected = if attempt < RETRIES {
            Lost::Retried
        } else {
            Lost::Failed
        };
        assert_eq!(sim.kill(worker), [expected], "attempt {attempt}");
    }
    assert!(!sim.done);
    assert_eq!(sim.schedule.outcome().status, Status::Searching);
    // A run lost after it was stopped changes nothing.
    assert_eq!(sim.schedule.lost(0), Lost::Ignored);
}

#[test]
fn abort_stops_every_run_and_no_task_starts() {
    let mut sim = Sim::new(&uneven(), &[10, 10], Collect::Ordered, None, None);
    sim.run_until(|sim| sim.nodes >= 500);
    sim.schedule.abort();
    sim.decide();
    assert_eq!(sim.stops, 1);
    // The workers end their runs and are ready again: nothing starts, no done.
    for _ in 0..10 {
        for worker in 0..2 {
            sim.turn(worker);
        }
    }
    assert!(sim.workers.iter().flatten().all(VecDeque::is_empty));
    assert!(!sim.done);
    assert_eq!(sim.schedule.outcome().status, Status::Searching);
}

#[test]
fn progress_is_the_shares_done_and_the_runs_under_way() {
    // Shares 1/4, 1/4, 1/2: the fraction rises with each turn and ends at 1.
    let tasks = [(100, 1), (100, 1), (200, 1)];
    let mut sim = Sim::new(&tasks, &[50], Collect::Ordered, None, None);
    sim.turn(0);
    // Half of task 0: an eighth.
    assert_eq!(sim.schedule.progress_now().fraction, 0.125);
    sim.turn(0);
    assert_eq!(sim.schedule.progress_now().fraction, 0.25);
    assert_eq!(sim.schedule.progress_now().solutions, 1);
    sim.run();
    assert!(
        sim.fractions.windows(2).all(|w| w[0] <= w[1]),
        "{:?}",
        sim.fractions
    );
    assert_eq!(sim.schedule.progress_now().fraction, 1.0);
}

#[test]
fn no_task_is_done_at_once() {
    let mut schedule: Schedule<Sol> = Schedule::new(
        Vec::new(),
        ScheduleOptions {
            limit: None,
            max_nodes: None,
            workers: 2,
            collect: Collect::Ordered,
        },
    );
    assert_eq!(schedule.next_decision(), Some(Decision::Done));
    schedule.ready(0);
    assert_eq!(schedule.next_decision(), None);
    assert_eq!(schedule.outcome().status, Status::Exhausted);
}

#[test]
fn the_default_number_of_tasks_is_64_per_worker_and_256_under_a_seed() {
    let cases = [
        (1, 64),
        (2, 128),
        (8, 512),
        (16, 1024),
        (128, 1024),
        (0, 64),
    ];
    for (workers, tasks) in cases {
        assert_eq!(default_tasks(workers, false), tasks, "{workers} workers");
        assert_eq!(
            default_tasks(workers, true),
            256,
            "{workers} workers, seeded"
        );
    }
}

/// Numbers below a bound from a small linear congruential generator seeded with `seed`: the
/// same cases every run.
fn numbers(seed: u64) -> impl FnMut(u64) -> u64 {
    let mut state = seed;
    move |below| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        (state >> 33) % below
    }
}

#[test]
fn an_ordered_limit_on_random_tasks_hands_on_the_serial_prefix_and_holds_at_most_the_limit() {
    let mut next = numbers(0x2545_f491_4f6c_dd1d);
    for case in 0..400 {
        let tasks: Vec<(u64, u64)> = (0..1 + next(30))
            .map(|_| {
                let big = next(4) == 0;
                let nodes = 1 + next(if big { 3000 } else { 60 });
                // At most one a node after the first (the simulation's spread).
                (nodes, next(nodes.min(12)))
            })
            .collect();
        let speeds: Vec<u64> = (0..1 + next(4)).map(|_| 1 + next(80)).collect();
        let total: u64 = tasks.iter().map(|t| t.1).sum();
        let limit = next(total + 3);
        let mut sim = Sim::new(&tasks, &speeds, Collect::Ordered, Some(limit), None);
        // In every fourth case a worker dies after a few turns: its tasks run again.
        if case % 4 == 0 {
            let nodes = next(200);
            sim.run_until(|sim| sim.nodes >= nodes);
            if !sim.done {
                sim.kill(0);
            }
        }
        sim.run();
        let serial = sim.serial();
        let kept = (limit as usize).min(serial.len());
        let case = format!("case {case}: {tasks:?} on {speeds:?}, limit {limit}");
        assert_eq!(sim.emitted, serial[..kept], "{case}");
        assert!(sim.most_held <= limit, "{} held, {case}", sim.most_held);
        let out = sim.emitted.len() + sim.dropped.len();
        assert_eq!(sim.sent, out as u64, "{case}: none is held at the end");
        // (A run lost drops what it held: its task's next run finds them again.)
        let lost = sim.workers.len() > speeds.len();
        assert!(
            lost || sim.dropped.iter().all(|s| !sim.emitted.contains(s)),
            "{case}"
        );
        let status = if (limit as usize) <= serial.len() {
            Status::SolutionLimit
        } else {
            Status::Exhausted
        };
        assert_eq!(sim.schedule.outcome().status, status, "{case}");
    }
}

#[test]
fn an_ordered_limit_under_a_node_limit_hands_on_what_it_counts_in_task_order() {
    // As above, with a node budget that runs out (or not) and a worker that dies: a task run
    // again may then stop short of what its lost run found, so that count cannot push later
    // tasks' solutions out (it did: 5 counted, 3 handed on).
    let mut next = numbers(0x9e37_79b9_7f4a_7c15);
    for case in 0..600 {
        let tasks: Vec<(u64, u64)> = (0..1 + next(12))
            .map(|_| {
                let nodes = 2 + next(200);
                (nodes, next(nodes.min(12)))
            })
            .collect();
        let speeds: Vec<u64> = (0..1 + next(3)).map(|_| 1 + next(30)).collect();
        let total: u64 = tasks.iter().map(|t| t.1).sum();
        let nodes: u64 = tasks.iter().map(|t| t.0).sum();
        let limit = 1 + next(total + 2);
        let budget = 1 + next(nodes + 50);
        let mut sim = Sim::new(&tasks, &speeds, Collect::Ordered, Some(limit), Some(budget));
        if case % 2 == 0 {
            let at = next(nodes.min(budget) + 1);
            sim.run_until(|sim| sim.nodes >= at);
            if !sim.done {
                sim.kill(0);
            }
        }
        sim.run();
        let case = format!("case {case}: {tasks:?} on {speeds:?}, limit {limit}, budget {budget}");
        let outcome = sim.schedule.outcome();
        assert_eq!(outcome.stats.solutions, sim.emitted.len() as u64, "{case}");
        // Every solution handed over was handed on or dropped: none is held at the end.
        let out = sim.emitted.len() + sim.dropped.len();
        assert_eq!(sim.sent, out as u64, "{case}");
        assert!(sim.emitted.len() as u64 <= limit, "{case}");
        assert!(
            sim.emitted.windows(2).all(|w| w[0] < w[1]),
            "{case}: {:?}",
            sim.emitted
        );
        let serial = sim.serial();
        assert!(sim.emitted.iter().all(|s| serial.contains(s)), "{case}");
        let kept = (limit as usize).min(serial.len());
        if outcome.status == Status::NodeLimit {
            // The first `limit` that the runs which ended found, in task order, with those of
            // the first task not done that a run lost later found (handed on at once).
            let early = sim.lost.iter().filter(|s| sim.emitted.contains(s));
            let mut found: Vec<Sol> = sim.finished.iter().chain(early).copied().collect();
            found.sort();
            found.dedup();
            found.truncate(kept);
            assert_eq!(sim.emitted, found, "{case}");
        } else {
            assert_eq!(sim.emitted, serial[..kept], "{case}: {:?}", outcome.status);
        }
    }
}

#[test]
fn a_run_lost_with_a_task_no_longer_needed_is_not_run_again() {
    // Task 2 starts with 2 solutions known before it (limit 3); task 0's one then fills the
    // limit before it, while task 0 still runs. Its worker dies: nothing is retried (it was,
    // and the pool made a worker for it), and the search ends with the first three.
    let tasks = [(3000, 1), (10, 2), (400_000, 5)];
    let mut sim = Sim::new(&tasks, &[2, 100], Collect::Ordered, Some(3), None);
    sim.run_until(|sim| sim.nodes >= 80_000);
    assert!(!sim.done);
    assert_eq!(sim.kill(1), [Lost::Ignored]);
    assert_eq!(sim.workers.len(), 2, "no worker made for it");
    sim.run();
    assert_eq!(sim.emitted, [(0, 0), (1, 0), (1, 1)]);
    assert_eq!(sim.schedule.outcome().status, Status::SolutionLimit);
}

#[test]
fn the_first_task_not_done_hands_its_solutions_on_as_they_are_found() {
    // One task on one worker: its solutions are the serial order's next, handed on as the
    // run finds them (they were held to its end), as a streaming search gives them.
    let mut sim = Sim::new(&[(1000, 5)], &[10], Collect::Ordered, None, None);
    sim.run_until(|sim| sim.nodes >= 400);
    assert!(!sim.done);
    assert_eq!(sim.emitted, [(0, 0), (0, 1)]);
    sim.run();
    assert_eq!(sim.emitted, sim.serial());
    // Task 1's first, found while task 0 runs, waits for task 0's end; its next comes at
    // once, while it runs.
    let tasks = [(3000, 2), (4000, 4)];
    let mut sim = Sim::new(&tasks, &[2, 1], Collect::Ordered, None, None);
    sim.run_until(|sim| sim.emitted.len() == 3);
    assert_eq!(sim.emitted, [(0, 0), (0, 1), (1, 0)]);
    sim.run_until(|sim| sim.emitted.len() == 4);
    assert!(!sim.done);
    sim.run();
    assert_eq!(sim.emitted, sim.serial());
    // Under a limit its run stops at the limit on its own, and answers: it is not stopped
    // (a worker ended to stop it would not answer).
    let mut sim = Sim::new(&[(1000, 5)], &[10], Collect::Ordered, Some(2), None);
    sim.run();
    assert_eq!((sim.emitted.len(), sim.stops), (2, 0));
    assert_eq!(sim.schedule.outcome().stats.nodes, 333);
    // Nor when another run ends between the limit's last solution and that run's end (task
    // 1 hands on the third at node 333 and stops at its own third, at 500; task 2 ends at
    // turn 400): the runs stop at its end, and here none is left to stop.
    let tasks = [(10, 1), (1000, 5), (4000, 1)];
    let mut sim = Sim::new(&tasks, &[10, 1], Collect::Ordered, Some(3), None);
    sim.run();
    assert_eq!(sim.emitted, [(0, 0), (1, 0), (1, 1)]);
    assert_eq!(sim.stops, 0);
    assert_eq!(sim.schedule.outcome().stats.nodes, 10 + 500 + 4000);
}
