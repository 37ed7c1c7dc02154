//! A hook into every step of the search. The solver's own searches use [`Unobserved`], whose
//! empty methods compile away, so the hot path pays nothing; [`super::trace`] records the
//! steps for replay.

use super::links::Links;

/// Told of each step of the search, in order. Items and nodes are link indices (item `k` of
/// the problem is link item `k + 1`).
pub(crate) trait Observer {
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
