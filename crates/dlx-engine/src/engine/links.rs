//! Knuth's dancing-links memory layout for Algorithms C and M (his DLX2 and DLX3), and the
//! operations that make the links dance: cover / uncover, hide / unhide, purify / unpurify,
//! commit / uncommit, and Algorithm M's tweak / untweak.
//!
//! Everything lives in two flat arrays indexed by `u32`; "a pointer is an array index". The
//! arrays are private to this module: [`Links::load`] establishes that every link points
//! inside them, every operation here keeps it (links are only ever copied from links), and
//! the innermost loops rely on it to skip bounds checks ([`node`]). [`Links::sanity`] checks
//! every link of the active lists, as Knuth's `sanity()` does.
//!
//! * `items[0]` is the root of the circular list of *active primary* items; items are
//!   numbered `1..=n` (problem item `k` is link item `k + 1`), primary ones first; `items[n + 1]`
//!   is the root of the list of secondary items.
//! * `nodes[1..=n]` are the item headers: `up`/`down` make each item's circular list of the
//!   option nodes that contain it, and `top` holds the item's current length (Knuth's `LEN`).
//! * `nodes[n + 1]` is the first spacer. Then come the options, one after another, each
//!   followed by a spacer. An option node's `top` is its item; a spacer's `top` is
//!   [`SPACER`]. A spacer's `up` is the first node of the option before it and its `down`
//!   the last node of the option after it, so an option's nodes need no left/right links.
//!   A spacer's `color` holds the index of the option before it.
//! * For Algorithm M, `bound[i]` is how many more options may still cover primary item `i`
//!   and `slack[i]` is its upper bound minus its lower bound (Knuth's `BOUND` and `SLACK`);
//!   both are 1 and 0 for an item of exact cover.

use super::observer::Observer;
use crate::problem::{Problem, NO_COLOR};

/// `top` of a spacer node.
const SPACER: u32 = 0;
/// `color` of a node whose secondary item has been purified to that node's color: the node
/// stays where it is while its item is committed (Knuth's `COLOR = -1`).
const PURIFIED: u32 = u32::MAX;
/// The number of primary items above which MRV keeps a count of items per length.
const COUNT_LENGTHS_FROM: u32 = 128;
/// The root of the active primary items.
pub(crate) const ROOT: u32 = 0;

/// One node: links in its item's list, its item (or length, or spacer mark) and its color.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Node {
    up: u32,
    down: u32,
    top: u32,
    color: u32,
}

/// One item's place in the doubly linked list of active items.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct ItemLink {
    prev: u32,
    next: u32,
}

/// Calls `$step` (`hide` or `unhide`) on node `$p` in the version for `$links`' problem:
/// without the color test when no option has a color, and with the length counts when MRV
/// keeps them.
macro_rules! with_flags {
    ($links:expr, $step:ident, $p:expr, $obs:expr) => {{
        let links = $links;
        let (nodes, lengths, primary) =
            (&mut links.nodes[..], &mut links.lengths[..], links.primary);
        // SAFETY: `nodes` are this structure's nodes, whose links `load` checked and every
        // operation keeps in bounds, and the callers pass an option node `$p`.
        #[allow(unsafe_code)]
        unsafe {
            // (Without colors in this build, `colored` is false: see `COLORS_BOUNDS`.)
            match (super::COLORS_BOUNDS && links.colored, links.counted) {
                (false, false) => $step::<_, false, false>(nodes, lengths, primary, $p, $obs),
                (false, true) => $step::<_, false, true>(nodes, lengths, primary, $p, $obs),
                (true, false) => $step::<_, true, false>(nodes, lengths, primary, $p, $obs),
                (true, true) => $step::<_, true, true>(nodes, lengths, primary, $p, $obs),
            }
        }
    }};
}

/// The dancing-links structure for one problem, plus the update counter.
#[derive(Debug, Clone, Default)]
pub(crate) struct Links {
    items: Vec<ItemLink>,
    nodes: Vec<Node>,
    /// Link updates made so far, counted as Knuth's DLX1 counts them: one for each item
    /// taken out of the active list and one for each node unlinked by a hide.
    updates: u64,
    /// Algorithm M's `BOUND` and `SLACK` of each primary item (index 0 unused).
    bound: Vec<u32>,
    slack: Vec<u32>,
    /// `nodes[option_starts[k]]` is the first node of option `k` (for an option left out of
    /// the search, [`Problem::is_ignored`], where the next would start: never read).
    option_starts: Vec<u32>,
    /// Whether any option gives an item a color. Without colors no node is ever purified,
    /// so hide and unhide can skip the color test.
    colored: bool,
    /// With `counted`, `lengths[len]` is how many active primary items have length `len`:
    /// MRV then knows the minimum before it walks the active list, and stops at the first
    /// item that has it instead of visiting them all. That pays where there are many items
    /// and few updates per search node (sudoku: about 230 items, 17 updates a node) and
    /// costs where updates dominate (pentominoes: 72 items, 340 updates a node), so it is on
    /// for problems with more than [`COUNT_LENGTHS_FROM`] primary items.
    counted: bool,
    lengths: Vec<u32>,
    /// The number of primary items: link items `1..=primary` are primary.
    primary: u32,
}

impl Links {
    /// The heap memory these links hold, in bytes. They do not grow while searching.
    pub(crate) fn heap_bytes(&self) -> usize {
        use crate::problem::bytes_of;
        bytes_of(&self.items)
            + bytes_of(&self.nodes)
            + bytes_of(&self.bound)
            + bytes_of(&self.slack)
            + bytes_of(&self.option_starts)
            + bytes_of(&self.lengths)
    }

    /// How many options are laid out.
    pub(crate) fn option_count(&self) -> usize {
        self.option_starts.len()
    }

    /// Lays out `problem` in Knuth's order, reusing this structure's memory (start from
    /// `Links::default()`).
    pub(crate) fn load(&mut self, problem: &Problem) {
        let n = problem.item_count() as u32;
        let n1 = problem.primary_count() as u32;
        let items = &mut self.items;
        items.clear();
        items.resize(n as usize + 2, ItemLink::default());
        link_circle(items, ROOT, 1..=n1);
        link_circle(items, n + 1, n1 + 1..=n);

        let nodes = &mut self.nodes;
        nodes.clear();
        nodes.reserve(n as usize + 2 + problem.node_count() + problem.option_count());
        nodes.extend((0..=n).map(|i| Node {
            up: i,
            down: i,
            top: 0,
            color: NO_COLOR,
        }));
        self.option_starts.clear();
        self.colored = false;
        let mut spacer = nodes.len();
        nodes.push(Node {
            top: SPACER,
            color: PURIFIED,
            ..Node::default()
        });
        for option in 0..problem.option_count() {
            let first = nodes.len() as u32;
            self.option_starts.push(first);
            if problem.is_ignored(option) {
                // Left out, as Knuth's DLX programs leave out an option with no primary
                // item: no nodes, so never chosen nor counted. Its start is never read
                // (forced options and task paths are checked to be kept ones).
                continue;
            }
            for entry in problem.option(option) {
                let i = entry.item + 1;
                let q = nodes.len() as u32;
                let last = nodes[i as usize].up;
                nodes.push(Node {
                    up: last,
                    down: i,
                    top: i,
                    color: entry.color,
                });
                nodes[last as usize].down = q;
                nodes[i as usize].up = q;
                nodes[i as usize].top += 1;
                self.colored |= entry.color != NO_COLOR;
            }
            nodes[spacer].down = nodes.len() as u32 - 1;
            spacer = nodes.len();
            nodes.push(Node {
                up: first,
                down: 0,
                top: SPACER,
                color: option as u32,
            });
        }
        self.updates = 0;
        self.primary = n1;
        self.bound.clear();
        self.slack.clear();
        self.bound.push(0);
        self.slack.push(0);
        for k in 0..problem.primary_count() {
            let (min, max) = problem.bounds(k);
            self.bound.push(max);
            self.slack.push(max - min);
        }
        // Algorithm M chooses by branch degree, not by length alone.
        self.counted = n1 > COUNT_LENGTHS_FROM && !problem.has_bounds();
        self.lengths.clear();
        let longest = (1..=n1).map(|i| self.len(i)).max().unwrap_or(0);
        self.lengths.resize(longest as usize + 1, 0);
        for i in 1..=n1 {
            let len = self.len(i) as usize;
            self.lengths[len] += 1;
        }
        // The invariant `hide` and `unhide` rely on to skip bounds checks.
        assert!(
            links_in_bounds(&self.nodes),
            "every link must point inside the node array"
        );
    }

    /// The current length of item `i`'s list.
    #[inline]
    pub(crate) fn len(&self, i: u32) -> u32 {
        self.nodes[i as usize].top
    }

    /// The index of the option that holds option node `p`: the spacer after it says.
    pub(crate) fn option_of(&self, mut p: u32) -> usize {
        while self.nodes[p as usize].top != SPACER {
            p += 1;
        }
        self.nodes[p as usize].color as usize
    }

    /// The first node of option `option` whose item is primary.
    fn primary_node(&self, option: usize) -> u32 {
        let mut p = self.option_starts[option];
        while self.nodes[p as usize].top > self.primary {
            p += 1;
        }
        p
    }

    /// MRV: the active primary item with the fewest options, ties to the leftmost, or to a
    /// uniformly random one of the tied items when `rng` is given.
    #[inline]
    pub(crate) fn choose_item(&self, rng: Option<&mut fastrand::Rng>) -> u32 {
        if self.counted {
            self.choose_counted(rng)
        } else {
            self.choose_scanned(rng)
        }
    }

    /// MRV by visiting every active primary item.
    #[inline]
    fn choose_scanned(&self, mut rng: Option<&mut fastrand::Rng>) -> u32 {
        let mut best = ROOT;
        let mut min = u32::MAX;
        let mut ties = 0u32;
        let mut k = self.items[ROOT as usize].next;
        while k != ROOT {
            let len = self.len(k);
            if len < min {
                best = k;
                min = len;
                ties = 1;
                if len == 0 {
                    break;
                }
            } else if len == min {
                if let Some(rng) = rng.as_deref_mut() {
                    // Reservoir sampling: the t-th tied item replaces the choice with
                    // probability 1/t, so every tied item is equally likely.
                    ties += 1;
                    if rng.u32(..ties) == 0 {
                        best = k;
                    }
                }
            }
            k = self.items[k as usize].next;
        }
        best
    }

    /// MRV with the minimum length known from `lengths`: the same choice, found sooner.
    #[inline]
    fn choose_counted(&self, rng: Option<&mut fastrand::Rng>) -> u32 {
        let Some(min) = self.lengths.iter().position(|&count| count > 0) else {
            return ROOT;
        };
        let min = min as u32;
        let mut k = self.items[ROOT as usize].next;
        let Some(rng) = rng else {
            while self.len(k) != min {
                k = self.items[k as usize].next;
            }
            return k;
        };
        // Reservoir sampling over the tied items only.
        let mut left = self.lengths[min as usize];
        let mut best = ROOT;
        let mut ties = 0u32;
        while left > 0 {
            if self.len(k) == min {
                ties += 1;
                if ties == 1 || rng.u32(..ties) == 0 {
                    best = k;
                }
                left -= 1;
            }
            k = self.items[k as usize].next;
        }
        best
    }

    /// [`hide`] for this problem (see [`with_flags`]). Returns the nodes unlinked.
    #[inline(always)]
    fn hide_option<O: Observer>(&mut self, p: u32, obs: &mut O) -> u64 {
        with_flags!(self, hide, p, obs)
    }

    /// [`unhide`] for this problem (see [`with_flags`]).
    #[inline(always)]
    fn unhide_option<O: Observer>(&mut self, p: u32, obs: &mut O) {
        with_flags!(self, unhide, p, obs)
    }

    /// Removes item `i` from the active list and hides every option that contains it.
    #[inline(always)]
    pub(crate) fn cover<O: Observer>(&mut self, i: u32, obs: &mut O) {
        obs.cover(i);
        let mut updates = 1;
        let mut p = self.nodes[i as usize].down;
        while p != i {
            updates += self.hide_option(p, obs);
            p = self.nodes[p as usize].down;
        }
        self.updates += updates;
        let ItemLink { prev, next } = self.items[i as usize];
        self.items[prev as usize].next = next;
        self.items[next as usize].prev = prev;
        if self.counted && i <= self.primary {
            self.lengths[self.nodes[i as usize].top as usize] -= 1;
        }
    }

    /// Undoes [`Links::cover`]: cover went down, so uncover goes up.
    #[inline(always)]
    pub(crate) fn uncover<O: Observer>(&mut self, i: u32, obs: &mut O) {
        let mut p = self.nodes[i as usize].up;
        while p != i {
            self.unhide_option(p, obs);
            p = self.nodes[p as usize].up;
        }
        let ItemLink { prev, next } = self.items[i as usize];
        self.items[prev as usize].next = i;
        self.items[next as usize].prev = i;
        if self.counted && i <= self.primary {
            self.lengths[self.nodes[i as usize].top as usize] += 1;
        }
        obs.uncover(i);
    }

    /// Commits secondary item `p`'s item to `p`'s color: hides every option that gives it
    /// another color (or none), and marks the options that agree as purified.
    fn purify<O: Observer>(&mut self, p: u32, obs: &mut O) {
        let Node { top: i, color, .. } = self.nodes[p as usize];
        obs.purify(p, i);
        let mut q = self.nodes[i as usize].down;
        while q != i {
            // `p` keeps its color so that unpurify can read it back.
            if q != p {
                if self.nodes[q as usize].color == color {
                    self.nodes[q as usize].color = PURIFIED;
                } else {
                    self.updates += self.hide_option(q, obs);
                }
            }
            q = self.nodes[q as usize].down;
        }
    }

    /// Undoes [`Links::purify`], going up where purify went down.
    fn unpurify<O: Observer>(&mut self, p: u32, obs: &mut O) {
        let Node { top: i, color, .. } = self.nodes[p as usize];
        let mut q = self.nodes[i as usize].up;
        while q != i {
            if q != p {
                if self.nodes[q as usize].color == PURIFIED {
                    self.nodes[q as usize].color = color;
                } else {
                    self.unhide_option(q, obs);
                }
            }
            q = self.nodes[q as usize].up;
        }
        obs.unpurify(p, i);
    }

    /// Takes node `p`'s item out of play for an option being chosen: cover it if uncolored,
    /// purify it if colored, nothing if it is already purified to this color. With `MULTI`
    /// (Algorithm M), a primary item is covered only when its bound reaches 0.
    #[inline]
    fn commit<O: Observer, const MULTI: bool>(&mut self, p: u32, obs: &mut O) {
        let Node { top, color, .. } = self.nodes[p as usize];
        if MULTI && top <= self.primary {
            if self.take(top) == 0 {
                self.cover(top, obs);
            }
        } else if !super::COLORS_BOUNDS || color == NO_COLOR {
            // (Without colors in this build, every node's color is `NO_COLOR`.)
            self.cover(top, obs);
        } else if color != PURIFIED {
            self.purify(p, obs);
        }
    }

    /// Undoes [`Links::commit`].
    #[inline]
    fn uncommit<O: Observer, const MULTI: bool>(&mut self, p: u32, obs: &mut O) {
        let Node { top, color, .. } = self.nodes[p as usize];
        if MULTI && top <= self.primary {
            if self.bound[top as usize] == 0 {
                self.uncover(top, obs);
            }
            self.bound[top as usize] += 1;
        } else if !super::COLORS_BOUNDS || color == NO_COLOR {
            self.uncover(top, obs);
        } else if color != PURIFIED {
            self.unpurify(p, obs);
        }
    }

    /// Chooses the option of node `x`, whose own item is already dealt with: commits the
    /// option's other items, left to right.
    #[inline]
    pub(crate) fn commit_option<O: Observer, const MULTI: bool>(&mut self, x: u32, obs: &mut O) {
        let mut p = x + 1;
        while p != x {
            let Node { up, top, .. } = self.nodes[p as usize];
            if top == SPACER {
                p = up;
            } else {
                self.commit::<O, MULTI>(p, obs);
                p += 1;
            }
        }
    }

    /// Undoes [`Links::commit_option`]: commits went right, so uncommits go left.
    #[inline]
    pub(crate) fn uncommit_option<O: Observer, const MULTI: bool>(&mut self, x: u32, obs: &mut O) {
        let mut p = x - 1;
        while p != x {
            let Node { down, top, .. } = self.nodes[p as usize];
            if top == SPACER {
                p = down;
            } else {
                self.uncommit::<O, MULTI>(p, obs);
                p -= 1;
            }
        }
    }

    /// Chooses forced option `option` before the search: as if it were tried at a level
    /// above the first.
    pub(crate) fn force<O: Observer, const MULTI: bool>(&mut self, option: usize, obs: &mut O) {
        let x = self.primary_node(option);
        if MULTI {
            // Take the option out of every list, then commit each of its items.
            self.tweak(x, true, obs);
            self.commit::<O, true>(x, obs);
            self.commit_option::<O, true>(x, obs);
        } else {
            self.cover(self.nodes[x as usize].top, obs);
            self.commit_option::<O, false>(x, obs);
        }
    }

    // ---- Read access for the search and the observers ----

    /// The node below `p` in its item's list.
    #[inline(always)]
    pub(crate) fn down(&self, p: u32) -> u32 {
        self.nodes[p as usize].down
    }

    /// The first active primary item, [`ROOT`] if none is left.
    #[inline(always)]
    pub(crate) fn first_active(&self) -> u32 {
        self.items[ROOT as usize].next
    }

    /// The active primary item after `k`, [`ROOT`] after the last.
    #[inline(always)]
    pub(crate) fn next_active(&self, k: u32) -> u32 {
        self.items[k as usize].next
    }

    /// The root of the list of active secondary items (walk it with
    /// [`Links::next_active`]): an item covered by an option leaves it, a purified one stays.
    #[inline(always)]
    pub(crate) fn secondary_root(&self) -> u32 {
        self.items.len() as u32 - 1
    }

    /// The number of primary items: link items `1..=primary_count()` are primary.
    pub(crate) fn primary_count(&self) -> u32 {
        self.primary
    }

    /// The color node `p` was given (`NO_COLOR` for none), or `u32::MAX` while another
    /// option of its item purifies the item to that color.
    pub(crate) fn color(&self, p: u32) -> u32 {
        self.nodes[p as usize].color
    }

    /// Link updates so far.
    pub(crate) fn updates(&self) -> u64 {
        self.updates
    }

    /// Forgets the updates counted (after a refused reload).
    pub(crate) fn reset_updates(&mut self) {
        self.updates = 0;
    }

    /// The number of nodes, headers and spacers included.
    pub(crate) fn node_count(&self) -> usize {
        self.nodes.len()
    }

    /// Whether node `p` is an option node (not a header or a spacer).
    pub(crate) fn is_option_node(&self, p: u32) -> bool {
        p as usize >= self.items.len() - 1 && self.nodes[p as usize].top != SPACER
    }

    // ---- Algorithm M: bounds, branch degree, tweak ----

    /// Item `i`'s `BOUND` and `SLACK`.
    #[inline]
    pub(crate) fn bound_slack(&self, i: u32) -> (u32, u32) {
        (self.bound[i as usize], self.slack[i as usize])
    }

    /// Lowers primary item `i`'s bound by one (an option of it is chosen) and returns it.
    #[inline]
    pub(crate) fn take(&mut self, i: u32) -> u32 {
        self.bound[i as usize] -= 1;
        self.bound[i as usize]
    }

    /// Undoes [`Links::take`].
    #[inline]
    pub(crate) fn give(&mut self, i: u32) {
        self.bound[i as usize] += 1;
    }

    /// Takes item `i` out of the active list without hiding its options (no update counted):
    /// Algorithm M's "null move", when `i` may take no more options.
    pub(crate) fn deactivate(&mut self, i: u32) {
        let ItemLink { prev, next } = self.items[i as usize];
        self.items[prev as usize].next = next;
        self.items[next as usize].prev = prev;
    }

    /// Undoes [`Links::deactivate`].
    pub(crate) fn reactivate(&mut self, i: u32) {
        let ItemLink { prev, next } = self.items[i as usize];
        self.items[prev as usize].next = i;
        self.items[next as usize].prev = i;
    }

    /// Algorithm M's choice: the active primary item of least branch degree
    /// `len + min(slack, bound) - bound + 1`, ties to the smaller `min(slack, bound)`, then to
    /// the longer list, then to the leftmost (or a random one with `rng`), as DLX3 chooses.
    /// Returns the item and its degree (0 for an item that can no longer be satisfied), or
    /// [`ROOT`] when no primary item is active: a solution.
    pub(crate) fn choose_bounded(&self, mut rng: Option<&mut fastrand::Rng>) -> (u32, u32) {
        // Smaller is better: (degree, slack, longer list first).
        let mut best = (i64::MAX, 0, std::cmp::Reverse(0));
        let mut item = ROOT;
        let mut ties = 0u32;
        let mut k = self.first_active();
        while k != ROOT {
            let (bound, slack) = self.bound_slack(k);
            let s = slack.min(bound);
            let len = self.len(k);
            let degree = i64::from(len) + i64::from(s) - i64::from(bound) + 1;
            let key = (degree, s, std::cmp::Reverse(len));
            if key < best {
                best = key;
                item = k;
                ties = 1;
            } else if key == best {
                if let Some(rng) = rng.as_deref_mut() {
                    // Reservoir sampling, as in `choose_scanned`.
                    ties += 1;
                    if rng.u32(..ties) == 0 {
                        item = k;
                    }
                }
            }
            k = self.next_active(k);
        }
        (item, best.0.clamp(0, i64::from(u32::MAX)) as u32)
    }

    /// Algorithm M's tweak of node `x`, the first in its item's list: takes `x` out of that
    /// list and, with `hide` (the item is not covered), hides its option from every other
    /// list too, as DLX3 does. One update per node unlinked.
    pub(crate) fn tweak<O: Observer>(&mut self, x: u32, hide: bool, obs: &mut O) {
        if hide {
            self.updates += self.hide_option(x, obs);
        }
        let Node { up, down, top, .. } = self.nodes[x as usize];
        self.nodes[up as usize].down = down;
        self.nodes[down as usize].up = up;
        self.nodes[top as usize].top -= 1;
        self.updates += 1;
        obs.unlink(x, top);
    }

    /// Undoes the tweaks of item `i` since its list began with node `first`: the tweaked
    /// nodes still point down to each other, so `first` and their `up` links restore the
    /// list ("a sequence of tweaks is like a partial covering"); with `unhide`, their options
    /// return to the other lists too.
    pub(crate) fn untweak<O: Observer>(&mut self, i: u32, first: u32, unhide: bool, obs: &mut O) {
        let z = self.nodes[i as usize].down;
        self.nodes[i as usize].down = first;
        let (mut above, mut r, mut k) = (i, first, 0);
        while r != z {
            self.nodes[r as usize].up = above;
            k += 1;
            if unhide {
                self.unhide_option(r, obs);
            }
            obs.relink(r, i);
            above = r;
            r = self.nodes[r as usize].down;
        }
        self.nodes[z as usize].up = above;
        self.nodes[i as usize].top += k;
    }

    /// Whether `self` and `other` have the same links, lengths and bounds (the update
    /// counters aside): a search that has run to its end has restored everything.
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn same_links(&self, other: &Links) -> bool {
        self.nodes == other.nodes
            && self.items == other.items
            && self.bound == other.bound
            && self.slack == other.slack
            && self.lengths == other.lengths
    }

    /// Checks every link of the active items' lists, as Knuth's `sanity()` does: each list
    /// is doubly linked, its nodes belong to its item, and its length is its item's `LEN`;
    /// the active lists of items are doubly linked too.
    ///
    /// # Errors
    /// A description of the first broken link.
    #[cfg(all(test, not(target_arch = "wasm32")))]
    pub(crate) fn sanity(&self) -> Result<(), String> {
        let secondary_root = self.items.len() as u32 - 1;
        for root in [ROOT, secondary_root] {
            let (mut q, mut p) = (root, self.items[root as usize].next);
            loop {
                if self.items[p as usize].prev != q {
                    return Err(format!("bad prev link at item {p}"));
                }
                if p == root {
                    break;
                }
                let (mut above, mut r, mut k) = (p, self.nodes[p as usize].down, 0);
                loop {
                    if self.nodes[r as usize].up != above {
                        return Err(format!("bad up link at node {r} (item {p})"));
                    }
                    if r == p {
                        break;
                    }
                    if self.nodes[r as usize].top != p {
                        return Err(format!("node {r} in the list of item {p} is not its"));
                    }
                    k += 1;
                    (above, r) = (r, self.nodes[r as usize].down);
                }
                if self.len(p) != k {
                    return Err(format!("item {p} has length {} but {k} nodes", self.len(p)));
                }
                (q, p) = (p, self.items[p as usize].next);
            }
        }
        Ok(())
    }
}

/// Whether every `up`, `down` and (for option nodes) `top` link points inside `nodes`, and
/// the array ends with a spacer, so walking right from any option node meets a spacer
/// before the end. [`Links::load`] checks it; every operation keeps it, because links are
/// only ever copied from other links.
fn links_in_bounds(nodes: &[Node]) -> bool {
    // A header's `top` is its length, which is smaller than the number of nodes too.
    let n = nodes.len() as u32;
    nodes.last().is_some_and(|last| last.top == SPACER)
        && nodes
            .iter()
            .all(|node| node.up < n && node.down < n && node.top < n)
}

/// The node at `q`, without a bounds check.
///
/// `hide` and `unhide` are the innermost loops of the search, and the four bounds checks per
/// node cost 15% of the search time natively (and more in wasm), measured by
/// `scripts/bench.sh` and callgrind on 6x10 pentominoes.
///
/// # Safety
/// `q < nodes.len()`. It holds for every link read from the nodes of a [`Links`] (an `up`,
/// `down` or `top` field) and for one step right or left of an option node within its
/// option: [`Links::load`] checked that every link points inside `nodes` and that every
/// option is bounded by spacers, and the dancing operations only copy existing links.
#[allow(unsafe_code)]
#[inline(always)]
unsafe fn node(nodes: &mut [Node], q: u32) -> &mut Node {
    debug_assert!((q as usize) < nodes.len());
    // SAFETY: the caller guarantees `q < nodes.len()`.
    unsafe { nodes.get_unchecked_mut(q as usize) }
}

/// Unlinks the nodes of `p`'s option, other than `p`, from their items' lists, and returns
/// how many it unlinked. Nodes of purified items stay put: their lists are not looked at
/// until unpurify. `COLORED` is false when no option has a color, so no node is purified.
/// With `COUNTED`, keeps `lengths` (see [`Links`]) up to date for the `primary` primary
/// items.
///
/// Knuth's order (right from `p` to the spacer, then from the option's first node back to
/// `p`), walked as two runs so that each node costs one test: the spacer test on the right of
/// `p`, the index test on its left.
///
/// # Safety
/// `nodes` are the nodes of a [`Links`] (so every link in them is below `nodes.len()` and
/// every option ends with a spacer) and `p` is an option node of it.
#[allow(unsafe_code)]
#[inline(always)]
unsafe fn hide<O: Observer, const COLORED: bool, const COUNTED: bool>(
    nodes: &mut [Node],
    lengths: &mut [u32],
    primary: u32,
    p: u32,
    obs: &mut O,
) -> u64 {
    let mut updates = 0;
    let mut q = p + 1;
    let first = loop {
        // SAFETY: `q` is `p` or right of it within its option, before the spacer.
        let Node { up, top, .. } = *unsafe { node(nodes, q) };
        if top == SPACER {
            break up;
        }
        // SAFETY: `q` is an option node of `p`'s option (the caller's contract).
        updates += unsafe { unlink::<O, COLORED, COUNTED>(nodes, lengths, primary, q, obs) };
        q += 1;
    };
    q = first;
    while q != p {
        // SAFETY: `q` is an option node of `p`'s option (the caller's contract).
        updates += unsafe { unlink::<O, COLORED, COUNTED>(nodes, lengths, primary, q, obs) };
        q += 1;
    }
    updates
}

/// Unlinks option node `q` from its item's list unless its item is purified: [`hide`]'s
/// step. Returns the number of nodes unlinked (0 or 1).
///
/// # Safety
/// `nodes` are the nodes of a [`Links`] (so every link in them is below `nodes.len()` and
/// every option ends with a spacer) and `q` is an option node of it.
#[allow(unsafe_code)]
#[inline(always)]
unsafe fn unlink<O: Observer, const COLORED: bool, const COUNTED: bool>(
    nodes: &mut [Node],
    lengths: &mut [u32],
    primary: u32,
    q: u32,
    obs: &mut O,
) -> u64 {
    // SAFETY: `q` is an option node (the caller's contract).
    let Node {
        up,
        down,
        top,
        color,
    } = *unsafe { node(nodes, q) };
    if COLORED && color == PURIFIED {
        return 0;
    }
    // SAFETY: `up`, `down` and `top` are links read from `nodes`.
    unsafe {
        node(nodes, up).down = down;
        node(nodes, down).up = up;
    }
    // SAFETY: as above.
    let len = &mut unsafe { node(nodes, top) }.top;
    if COUNTED && top <= primary {
        // An active primary item (a hidden option never holds a covered one).
        lengths[*len as usize] -= 1;
        lengths[*len as usize - 1] += 1;
    }
    *len -= 1;
    obs.unlink(q, top);
    1
}

/// Undoes [`hide`]: hide went right, so unhide goes left (left from `p` to the spacer, then
/// from the option's last node back to `p`).
///
/// # Safety
/// `nodes` are the nodes of a [`Links`] (so every link in them is below `nodes.len()` and
/// every option ends with a spacer) and `p` is an option node of it.
#[allow(unsafe_code)]
#[inline(always)]
unsafe fn unhide<O: Observer, const COLORED: bool, const COUNTED: bool>(
    nodes: &mut [Node],
    lengths: &mut [u32],
    primary: u32,
    p: u32,
    obs: &mut O,
) {
    let mut q = p - 1;
    let last = loop {
        // SAFETY: `q` is left of `p` within its option, after the spacer.
        let Node { down, top, .. } = *unsafe { node(nodes, q) };
        if top == SPACER {
            break down;
        }
        // SAFETY: `q` is an option node of `p`'s option (the caller's contract).
        unsafe { relink::<O, COLORED, COUNTED>(nodes, lengths, primary, q, obs) };
        q -= 1;
    };
    q = last;
    while q != p {
        // SAFETY: `q` is an option node of `p`'s option (the caller's contract).
        unsafe { relink::<O, COLORED, COUNTED>(nodes, lengths, primary, q, obs) };
        q -= 1;
    }
}

/// Links option node `q` back into its item's list unless its item is purified: undoes
/// [`unlink`].
///
/// # Safety
/// `nodes` are the nodes of a [`Links`] (so every link in them is below `nodes.len()` and
/// every option ends with a spacer) and `q` is an option node of it.
#[allow(unsafe_code)]
#[inline(always)]
unsafe fn relink<O: Observer, const COLORED: bool, const COUNTED: bool>(
    nodes: &mut [Node],
    lengths: &mut [u32],
    primary: u32,
    q: u32,
    obs: &mut O,
) {
    // SAFETY: `q` is an option node (the caller's contract).
    let Node {
        up,
        down,
        top,
        color,
    } = *unsafe { node(nodes, q) };
    if COLORED && color == PURIFIED {
        return;
    }
    // SAFETY: `up`, `down` and `top` are links read from `nodes`.
    unsafe {
        node(nodes, up).down = q;
        node(nodes, down).up = q;
    }
    // SAFETY: as above.
    let len = &mut unsafe { node(nodes, top) }.top;
    if COUNTED && top <= primary {
        lengths[*len as usize] -= 1;
        lengths[*len as usize + 1] += 1;
    }
    *len += 1;
    obs.relink(q, top);
}

/// Links `members` into a circular list through `root`.
fn link_circle(items: &mut [ItemLink], root: u32, members: std::ops::RangeInclusive<u32>) {
    let mut last = root;
    for i in members {
        items[last as usize].next = i;
        items[i as usize].prev = last;
        last = i;
    }
    items[last as usize].next = root;
    items[root as usize].prev = last;
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    //! Round trips of the dance steps, checked link by link with `sanity`.
    use super::{Links, ROOT};
    use crate::engine::observer::Unobserved;
    use crate::puzzles::queens;
    use crate::Problem;

    fn loaded(problem: &Problem) -> Links {
        let mut links = Links::default();
        links.load(problem);
        links
    }

    #[test]
    fn cover_and_uncover_round_trip() {
        let colored = Problem::parse("a b c | x y\na x:red y\nb x:red\nb x:blue y\nc\nc x:blue\n");
        for problem in [queens(6).unwrap(), colored.unwrap()] {
            let fresh = loaded(&problem);
            let mut links = fresh.clone();
            // Every item alone, then every pair nested.
            for i in 1..=problem.item_count() as u32 {
                links.cover(i, &mut Unobserved);
                links.sanity().unwrap();
                for j in 1..=problem.item_count() as u32 {
                    if j != i && links.items[j as usize].next != j {
                        links.cover(j, &mut Unobserved);
                        links.sanity().unwrap();
                        links.uncover(j, &mut Unobserved);
                    }
                }
                links.uncover(i, &mut Unobserved);
                links.sanity().unwrap();
                assert!(links.same_links(&fresh), "item {i}");
            }
            // Choosing each option and taking it back.
            for option in 0..problem.option_count() {
                let x = links.primary_node(option);
                let i = links.nodes[x as usize].top;
                links.cover(i, &mut Unobserved);
                links.commit_option::<_, false>(x, &mut Unobserved);
                links.sanity().unwrap();
                links.uncommit_option::<_, false>(x, &mut Unobserved);
                links.uncover(i, &mut Unobserved);
                assert!(links.same_links(&fresh), "option {option}");
            }
        }
    }

    #[test]
    fn tweaks_and_untweak_round_trip() {
        let problem = Problem::parse("2:3|a b | x\na b\na x:red\na\na b x:red\nb\n").unwrap();
        let fresh = loaded(&problem);
        for hide in [true, false] {
            let mut links = fresh.clone();
            let first = links.down(1);
            if !hide {
                links.cover(1, &mut Unobserved);
            }
            // Tweak the first three options of `a` one after another.
            let mut x = first;
            for _ in 0..3 {
                let next = links.down(x);
                links.tweak(x, hide, &mut Unobserved);
                links.sanity().unwrap();
                x = next;
            }
            assert_eq!(links.len(1), 1);
            links.untweak(1, first, hide, &mut Unobserved);
            if !hide {
                links.uncover(1, &mut Unobserved);
            }
            links.sanity().unwrap();
            assert!(links.same_links(&fresh), "hide {hide}");
            assert_eq!(links.first_active(), 1);
            assert_ne!(links.first_active(), ROOT);
        }
    }

    #[test]
    fn sanity_finds_a_broken_link() {
        let mut links = loaded(&queens(4).unwrap());
        links.sanity().unwrap();
        let p = links.down(1);
        links.nodes[p as usize].up = 3;
        assert!(links.sanity().is_err());
    }
}
