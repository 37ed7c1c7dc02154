//! Knuth's dancing-links memory layout for Algorithm C (his DLX2), and the operations that
//! make the links dance: cover / uncover, hide / unhide, purify / unpurify, commit / uncommit.
//!
//! Everything lives in two flat arrays indexed by `u32`; "a pointer is an array index".
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

use crate::observer::Observer;
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
pub(crate) struct Node {
    pub(crate) up: u32,
    pub(crate) down: u32,
    pub(crate) top: u32,
    pub(crate) color: u32,
}

/// One item's place in the doubly linked list of active items.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct ItemLink {
    pub(crate) prev: u32,
    pub(crate) next: u32,
}

/// Calls `$step` (`hide` or `unhide`) on node `$p` in the version for `$links`' problem:
/// without the color test when no option has a color, and with the length counts when MRV
/// keeps them.
macro_rules! with_flags {
    ($links:expr, $step:ident, $p:expr, $obs:expr) => {{
        let links = $links;
        let (nodes, lengths, primary) =
            (&mut links.nodes[..], &mut links.lengths[..], links.primary);
        match (links.colored, links.counted) {
            (false, false) => $step::<_, false, false>(nodes, lengths, primary, $p, $obs),
            (false, true) => $step::<_, false, true>(nodes, lengths, primary, $p, $obs),
            (true, false) => $step::<_, true, false>(nodes, lengths, primary, $p, $obs),
            (true, true) => $step::<_, true, true>(nodes, lengths, primary, $p, $obs),
        }
    }};
}

/// The dancing-links structure for one problem, plus the update counter.
#[derive(Debug, Clone, Default)]
pub(crate) struct Links {
    pub(crate) items: Vec<ItemLink>,
    pub(crate) nodes: Vec<Node>,
    /// Link updates made so far, counted as Knuth's DLX1 counts them: one for each item
    /// taken out of the active list and one for each node unlinked by a hide.
    pub(crate) updates: u64,
    /// `nodes[option_starts[k]]` is the first node of option `k`.
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
        self.counted = n1 > COUNT_LENGTHS_FROM;
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

    /// The first node of option `option` whose item is primary, where `n1` is the number
    /// of primary items.
    pub(crate) fn primary_node(&self, option: usize, n1: u32) -> u32 {
        let mut p = self.option_starts[option];
        while self.nodes[p as usize].top > n1 {
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
    /// purify it if colored, nothing if it is already purified to this color.
    #[inline]
    fn commit<O: Observer>(&mut self, p: u32, obs: &mut O) {
        let Node { top, color, .. } = self.nodes[p as usize];
        if color == NO_COLOR {
            self.cover(top, obs);
        } else if color != PURIFIED {
            self.purify(p, obs);
        }
    }

    /// Undoes [`Links::commit`].
    #[inline]
    fn uncommit<O: Observer>(&mut self, p: u32, obs: &mut O) {
        let Node { top, color, .. } = self.nodes[p as usize];
        if color == NO_COLOR {
            self.uncover(top, obs);
        } else if color != PURIFIED {
            self.unpurify(p, obs);
        }
    }

    /// Chooses the option of node `x`, whose own item is already covered: commits the
    /// option's other items, left to right.
    #[inline]
    pub(crate) fn commit_option<O: Observer>(&mut self, x: u32, obs: &mut O) {
        let mut p = x + 1;
        while p != x {
            let Node { up, top, .. } = self.nodes[p as usize];
            if top == SPACER {
                p = up;
            } else {
                self.commit(p, obs);
                p += 1;
            }
        }
    }

    /// Undoes [`Links::commit_option`]: commits went right, so uncommits go left.
    #[inline]
    pub(crate) fn uncommit_option<O: Observer>(&mut self, x: u32, obs: &mut O) {
        let mut p = x - 1;
        while p != x {
            let Node { down, top, .. } = self.nodes[p as usize];
            if top == SPACER {
                p = down;
            } else {
                self.uncommit(p, obs);
                p -= 1;
            }
        }
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
/// An `unsafe` block (one of the crate's three): `hide` and `unhide` are the innermost loops of the
/// search, and the four bounds checks per node cost 15% of the search time natively (and
/// more in wasm), measured by `scripts/bench.sh` and callgrind on 6x10 pentominoes.
#[allow(unsafe_code)]
#[inline(always)]
fn node(nodes: &mut [Node], q: u32) -> &mut Node {
    debug_assert!((q as usize) < nodes.len());
    // SAFETY: `q` is always a link read from `nodes` (an `up`, `down` or `top` field), or
    // one step right or left of an option node within its option: `Links::load` checked
    // that every link points inside `nodes` and that every option is bounded by spacers,
    // and the dancing operations only copy existing links, so `q < nodes.len()`.
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
#[inline(always)]
fn hide<O: Observer, const COLORED: bool, const COUNTED: bool>(
    nodes: &mut [Node],
    lengths: &mut [u32],
    primary: u32,
    p: u32,
    obs: &mut O,
) -> u64 {
    let mut updates = 0;
    let mut q = p + 1;
    let first = loop {
        let Node { up, top, .. } = *node(nodes, q);
        if top == SPACER {
            break up;
        }
        updates += unlink::<O, COLORED, COUNTED>(nodes, lengths, primary, q, obs);
        q += 1;
    };
    q = first;
    while q != p {
        updates += unlink::<O, COLORED, COUNTED>(nodes, lengths, primary, q, obs);
        q += 1;
    }
    updates
}

/// Unlinks option node `q` from its item's list unless its item is purified: [`hide`]'s
/// step. Returns the number of nodes unlinked (0 or 1).
#[inline(always)]
fn unlink<O: Observer, const COLORED: bool, const COUNTED: bool>(
    nodes: &mut [Node],
    lengths: &mut [u32],
    primary: u32,
    q: u32,
    obs: &mut O,
) -> u64 {
    let Node {
        up,
        down,
        top,
        color,
    } = *node(nodes, q);
    if COLORED && color == PURIFIED {
        return 0;
    }
    node(nodes, up).down = down;
    node(nodes, down).up = up;
    let len = &mut node(nodes, top).top;
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
#[inline(always)]
fn unhide<O: Observer, const COLORED: bool, const COUNTED: bool>(
    nodes: &mut [Node],
    lengths: &mut [u32],
    primary: u32,
    p: u32,
    obs: &mut O,
) {
    let mut q = p - 1;
    let last = loop {
        let Node { down, top, .. } = *node(nodes, q);
        if top == SPACER {
            break down;
        }
        relink::<O, COLORED, COUNTED>(nodes, lengths, primary, q, obs);
        q -= 1;
    };
    q = last;
    while q != p {
        relink::<O, COLORED, COUNTED>(nodes, lengths, primary, q, obs);
        q -= 1;
    }
}

/// Links option node `q` back into its item's list unless its item is purified: undoes
/// [`unlink`].
#[inline(always)]
fn relink<O: Observer, const COLORED: bool, const COUNTED: bool>(
    nodes: &mut [Node],
    lengths: &mut [u32],
    primary: u32,
    q: u32,
    obs: &mut O,
) {
    let Node {
        up,
        down,
        top,
        color,
    } = *node(nodes, q);
    if COLORED && color == PURIFIED {
        return;
    }
    node(nodes, up).down = q;
    node(nodes, down).up = q;
    let len = &mut node(nodes, top).top;
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
