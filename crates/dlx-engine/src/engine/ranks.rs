//! [`Ranks`]: where the solutions of each task of a split fall in the serial order, as far as
//! its runs have found them, for the ordered solution limit of [`super::Schedule`].
//!
//! A task's solutions come in the serial order after those of every task before it. Each
//! task is known to hold at least as many solutions as any of its runs found (a run lost with
//! its worker found real ones: its task run again finds them again, in the same order), so
//! the solutions known before a task's are a lower bound of its first solution's rank. A
//! solution whose bound reaches the limit is not among the first `limit`, whatever the runs
//! still find, and a task whose first solution's bound reaches it has none there.
//!
//! The known counts only grow, so their prefix sums live in a Fenwick tree (a sum and an
//! update in `log2(tasks)` steps each): the schedule asks for one at each solution found.

/// How many solutions each task is known to hold, and how many come before each task's.
#[derive(Debug, Clone)]
pub(super) struct Ranks {
    /// The Fenwick tree of the tasks' known counts (each at most `cap`): entry `i` (from 1)
    /// sums the `i & i.wrapping_neg()` counts ending at task `i - 1`.
    tree: Vec<u64>,
    /// The most a count is taken for: the limit, or less where the limit times the tasks
    /// would not fit a `u64` (the sums are then lower bounds still).
    cap: u64,
}

impl Ranks {
    /// No solution known yet, for `tasks` tasks under a limit of `limit` solutions.
    pub(super) fn new(tasks: usize, limit: u64) -> Ranks {
        Ranks {
            tree: vec![0; tasks + 1],
            cap: limit.min(u64::MAX / tasks.max(1) as u64),
        }
    }

    /// Task `task` holds at least `count` solutions.
    pub(super) fn at_least(&mut self, task: usize, count: u64) {
        let known = self.before(task + 1) - self.before(task);
        let Some(more) = count
            .min(self.cap)
            .checked_sub(known)
            .filter(|&more| more > 0)
        else {
            return;
        };
        let mut i = task + 1;
        while i < self.tree.len() {
            // Within `u64`: every count is at most `cap`, and `cap` times the tasks fits.
            self.tree[i] += more;
            i += i & i.wrapping_neg();
        }
    }

    /// The solutions known in the tasks before `task`: at most the rank of its first one.
    // Not inlined: the schedule asks in several places (the wasm module's size).
    #[inline(never)]
    pub(super) fn before(&self, task: usize) -> u64 {
        let mut sum = 0;
        let mut i = task.min(self.tree.len() - 1);
        while i > 0 {
            sum += self.tree[i];
            i &= i - 1;
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::Ranks;

    #[test]
    fn the_sums_are_those_of_the_largest_counts_known() {
        let counts = [3u64, 0, 7, 1, 1, 0, 12, 5, 2, 9, 4];
        let mut ranks = Ranks::new(counts.len(), 100);
        // In a scrambled order, each count reached in two steps, a smaller one after.
        for k in 0..counts.len() {
            let task = k * 7 % counts.len();
            ranks.at_least(task, counts[task] / 2);
            ranks.at_least(task, counts[task]);
            ranks.at_least(task, counts[task] / 3);
        }
        for task in 0..=counts.len() {
            assert_eq!(ranks.before(task), counts[..task].iter().sum::<u64>());
        }
        // Past the end: every task's.
        assert_eq!(ranks.before(99), counts.iter().sum::<u64>());
    }

    #[test]
    fn counts_are_taken_up_to_a_cap_that_keeps_the_sums_in_a_u64() {
        let mut ranks = Ranks::new(4, 10);
        ranks.at_least(0, 25);
        ranks.at_least(1, 3);
        assert_eq!(ranks.before(2), 13, "25 is taken for the limit, 10");
        let mut huge = Ranks::new(3, u64::MAX);
        for task in 0..3 {
            huge.at_least(task, u64::MAX);
        }
        assert_eq!(huge.before(3), u64::MAX / 3 * 3);
    }
}
