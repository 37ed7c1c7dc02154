//! A hook into every step of the search. The solver's own searches use [`Unobserved`], whose
//! empty methods compile away, so the hot path pays nothing; [`super::trace`] records the
//! steps for replay and [`super::memo`] caches counts, both through [`Watched`], so that the
//! links loop is compiled once for the two of them.

use super::links::Links;
use super::memo::Memo;
use super::trace::Recorder;

/// Told of each step of the search, in order. Items and nodes are link indices (item `k` of
/// the problem is link item `k + 1`).
pub(crate) trait Observer {
    /// Whether the links search gets a copy per algorithm (C and M) for this observer, each
    /// with the other's tests compiled away (the hot path), or one copy for both that reads
    /// the algorithm at each step (about 8 KB less of the wasm module per observer).
    const PER_ALGORITHM: bool = true;
    /// Item `item` was chosen at `level` over the active items in `links` (by MRV, or by
    /// [`Observer::branch_item`]).
    #[inline(always)]
    fn choose(&mut self, _links: &Links, _level: usize, _item: u32) {}
    /// Item `item` leaves the active list (its options are hidden next).
    #[inline(always)]
    fn cover(&mut self, _item: u32) {}
    /// Item `item` returns to the active list (its options were unhidden just before).
    #[inline(always)]
    fn uncover(&mut self, _item: u32) {}
    /// Node `node` was unlinked from the list of item `item`.
    #[inline(always)]
    fn unlink(&mut self, _node: u32, _item: u32) {}
    /// Node `node` was linked back into the list of item `item`.
    #[inline(always)]
    fn relink(&mut self, _node: u32, _item: u32) {}
    /// Secondary item `item` is committed to node `node`'s color.
    #[inline(always)]
    fn purify(&mut self, _node: u32, _item: u32) {}
    /// Undoes a purify.
    #[inline(always)]
    fn unpurify(&mut self, _node: u32, _item: u32) {}
    /// The option of node `node` is tried at `level`.
    #[inline(always)]
    fn try_option(&mut self, _level: usize, _node: u32) {}
    /// The option of node `node` at `level` is taken back.
    #[inline(always)]
    fn undo_option(&mut self, _level: usize, _node: u32) {}
    /// Every primary item is covered: a solution at `level`.
    #[inline(always)]
    fn solution(&mut self, _level: usize) {}
    /// Every option of `item` at `level` has been tried: back up.
    #[inline(always)]
    fn backtrack(&mut self, _level: usize, _item: u32) {}
    /// A level is about to branch on `item`, chosen at `level` with `len` branches, before
    /// anything is updated for it. Returning `true` says the observer already knows what the
    /// subtree below holds (the memo cache of [`super::memo`]): the search skips it and
    /// backs up at once, as after a solution.
    #[inline(always)]
    fn known(&mut self, _links: &Links, _level: usize, _len: u32) -> bool {
        false
    }
    /// The item to branch on at the next node of Algorithm C (`links` has an active primary
    /// item), if the observer chooses it; `None` leaves the choice to MRV.
    #[inline(always)]
    fn branch_item(&mut self, _links: &Links) -> Option<u32> {
        None
    }
    /// Whether the search should stop (checked between steps).
    #[inline(always)]
    fn full(&self) -> bool {
        false
    }
}

/// The observer that watches nothing.
pub(crate) struct Unobserved;

impl Observer for Unobserved {}

/// The observers that are not the hot path (a recorded trace, a memoised count), behind one
/// type: the links search is compiled once per observer type, and its copy for the trace
/// and the memo together is one copy (each copy of the loop with its cover, purify and
/// tweak steps costs about 12 KB of the wasm module). Each hook is a match on which one it
/// is; the memo watches no single link, so it pays a predicted branch per link update.
pub(crate) enum Watched<'a> {
    /// Recording the search ([`super::trace`]).
    Trace(&'a mut Recorder),
    /// Counting with a cache ([`super::memo`]).
    Memo(&'a mut Memo),
}

/// Calls the hook on whichever observer `$self` holds.
macro_rules! each {
    ($self:ident . $hook:ident ( $($arg:expr),* )) => {
        match $self {
            Watched::Trace(o) => o.$hook($($arg),*),
            Watched::Memo(o) => o.$hook($($arg),*),
        }
    };
}

impl Observer for Watched<'_> {
    const PER_ALGORITHM: bool = false;
    #[inline(always)]
    fn choose(&mut self, links: &Links, level: usize, item: u32) {
        each!(self.choose(links, level, item))
    }
    #[inline(always)]
    fn cover(&mut self, item: u32) {
        each!(self.cover(item))
    }
    #[inline(always)]
    fn uncover(&mut self, item: u32) {
        each!(self.uncover(item))
    }
    #[inline(always)]
    fn unlink(&mut self, node: u32, item: u32) {
        each!(self.unlink(node, item))
    }
    #[inline(always)]
    fn relink(&mut self, node: u32, item: u32) {
        each!(self.relink(node, item))
    }
    #[inline(always)]
    fn purify(&mut self, node: u32, item: u32) {
        each!(self.purify(node, item))
    }
    #[inline(always)]
    fn unpurify(&mut self, node: u32, item: u32) {
        each!(self.unpurify(node, item))
    }
    #[inline(always)]
    fn try_option(&mut self, level: usize, node: u32) {
        each!(self.try_option(level, node))
    }
    #[inline(always)]
    fn undo_option(&mut self, level: usize, node: u32) {
        each!(self.undo_option(level, node))
    }
    #[inline(always)]
    fn solution(&mut self, level: usize) {
        each!(self.solution(level))
    }
    #[inline(always)]
    fn backtrack(&mut self, level: usize, item: u32) {
        each!(self.backtrack(level, item))
    }
    #[inline(always)]
    fn known(&mut self, links: &Links, level: usize, len: u32) -> bool {
        each!(self.known(links, level, len))
    }
    #[inline(always)]
    fn branch_item(&mut self, links: &Links) -> Option<u32> {
        each!(self.branch_item(links))
    }
    #[inline(always)]
    fn full(&self) -> bool {
        each!(self.full())
    }
}
