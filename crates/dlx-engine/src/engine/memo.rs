//! Memoised counting: the count of every subproblem is cached, keyed by what is left of it,
//! so a subproblem met again after a different partial solution is counted once (the idea
//! of Nishino, Yasuda, Minato and Nagata's DXZ, AAAI-17, and of Knuth's DLX6, which
//! extends it to colors; learnt from their descriptions, not their code).
//!
//! There is no second search loop here. The search is the engine's own (Algorithm C, or M
//! where items have bounds, on the links), and [`Memo`] is an [`Observer`] of it: at each
//! node that is about to branch, [`Observer::known`] builds the node's *signature* and
//! looks it up; on a hit the search skips the subtree and the cached count is added, on a
//! miss the node's count is summed from its solutions and children and cached when its
//! level is left ([`Observer::backtrack`]).
//!
//! # The signature
//!
//! Everything that decides the number of completions of a search node, and no more:
//!
//! * the set of active primary items (one bit each);
//! * the secondary items still in play: a bit for each one that is not covered and is
//!   either purified (set to a color by a chosen option) or still open with at least one
//!   option left in its list (an open item with no option left constrains nothing, as in
//!   DLX6), then the color of each purified one;
//! * with multiplicities (Algorithm M), for each active primary item its remaining bound
//!   (`BOUND`; `SLACK` is fixed by the item) and the first node left in its list. Algorithm M
//!   *tweaks* each option it tries out of its item's list, so a node's options depend on the
//!   path; but tweaks only ever take the first node of a list, so the options of an active
//!   item `i` still available are exactly the visible ones from `i`'s current first node
//!   on, and that node captures what the tweaks removed.
//!
//! An option is available at a node exactly when its primary items are active, none of its
//! secondary items is covered, its colors agree with the purified items, and (Algorithm M)
//! it is not before the first node of one of its items: all read off the signature. So two
//! nodes with one signature have the same completions, and the same count.
//!
//! # Which item to branch on
//!
//! The count of a node does not depend on the item the search branches on, so the memo may
//! choose it ([`Observer::branch_item`]) to meet the same subproblems more often: under
//! [`MemoBranching::InOrder`] it takes the first active item in the problem's order (after
//! a dead end or a forced move), which fills a board row by row so that what is left is a
//! frontier, as in a profile dynamic program. Knuth's DLX6 keeps MRV with ties to the
//! leftmost item, and lays out its signatures from the highest-numbered items down, in the
//! expectation that they repeat once the low-numbered items are covered (`dlx6.w`, "The
//! memo cache"): in order, that is how the search proceeds.
//!
//! # Memory
//!
//! The cache is an open-addressing hash table over one arena of signatures and counts, both
//! sized within [`MemoOptions::max_bytes`] (default [`DEFAULT_MEMO_BYTES`]). When the next
//! entry would not fit, the cache stops taking entries (it keeps those it has and goes on
//! answering from them): the search never fails for lack of memory and the count stays
//! exact, only slower. [`MemoStats::full`] says it happened.
//!
//! # When the cache does not pay
//!
//! Each entry also records how many search nodes the plain search takes below it (the nodes
//! searched and those its own hits skipped), so a hit knows how many it saved. Where subproblems rarely recur (the n queens, or Langford pairs under MRV), a
//! lookup costs more than the nodes it saves; after 2^18 lookups (`GIVE_UP_AFTER`), if the
//! hits have saved fewer than 4 nodes per lookup (`WORTH`), the memo stops looking up and
//! caching, and the rest of the search counts as the plain one does, on the links
//! ([`MemoStats::abandoned`]).

use super::links::{Links, ROOT};
use super::observer::{Observer, Watched};
use super::solver::{Solver, SolverOptions};
use super::{Stats, Status, Step};
use crate::error::Result;
use crate::problem::{Problem, NO_COLOR};

/// The default memory budget of the memo cache: 256 MiB natively, 64 MiB in wasm (a
/// browser tab can spare that beside the page; a 32-bit wasm instance has 4 GiB at most).
pub const DEFAULT_MEMO_BYTES: usize = if cfg!(target_arch = "wasm32") {
    64 << 20
} else {
    256 << 20
};

/// How to count with the memo cache.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoOptions {
    /// The most bytes the cache (its table and its signatures) may take. Past it the cache
    /// takes no more entries; the count stays exact.
    pub max_bytes: usize,
    /// How the search chooses the item to branch on (see [`MemoBranching`]).
    pub branching: MemoBranching,
}

impl Default for MemoOptions {
    fn default() -> MemoOptions {
        MemoOptions {
            max_bytes: DEFAULT_MEMO_BYTES,
            branching: MemoBranching::Mrv,
        }
    }
}

/// How the memoised search chooses the item to branch on. The count is the same either
/// way; what changes is which subproblems the search meets, and so how often they recur.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum MemoBranching {
    /// MRV, as the plain search: the item with the fewest options left, ties to the
    /// leftmost (or at random with a seed). The smallest search tree, but the items it
    /// leaves are scattered, so its subproblems recur only where they are few.
    #[default]
    Mrv,
    /// The first active primary item in the order the problem lists them, except that an
    /// item with no option left (a dead end) or else with one (a forced move) goes first.
    /// A board whose cells are listed row by row is then filled row by row, so what is left
    /// is a *frontier* (the cells past the first open one that are covered) and the items
    /// left of the other kinds: the subproblems of a profile dynamic program, which recur
    /// far more often than MRV's (as in Nishino et al.'s DXZ experiments and Knuth's DLX6
    /// on boards). List the cells along the short side first, and the items that every
    /// solution covers anyway (pieces, numbers) last. The search tree is larger than MRV's,
    /// so this pays only where the recurrence makes up for it. No ties are broken at random
    /// (a seed changes nothing here). With bounds (Algorithm M) and after the memo gives up
    /// on the cache, the choice is the plain search's.
    InOrder,
}

/// What the memo cache did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MemoStats {
    /// Signatures cached.
    pub entries: u64,
    /// Search nodes answered from the cache (their subtrees skipped).
    pub hits: u64,
    /// Search nodes looked up and not found (each searched, then cached if it fits).
    pub misses: u64,
    /// Bytes the cache took at its largest (table and signatures).
    pub bytes: u64,
    /// Whether the cache reached its budget and stopped taking entries.
    pub full: bool,
    /// Search nodes the hits skipped: what the plain search would have searched below
    /// them (saturated at `u64::MAX`).
    pub saved_nodes: u64,
    /// Whether the memo gave up on the cache (its hits saved too few nodes for its lookups)
    /// and counted the rest of the search without it.
    pub abandoned: bool,
}

impl MemoStats {
    /// The share of lookups answered from the cache, from 0 to 1.
    pub fn hit_rate(&self) -> f64 {
        let lookups = self.hits + self.misses;
        if lookups == 0 {
            0.0
        } else {
            self.hits as f64 / lookups as f64
        }
    }
}

/// The result of [`Solver::count_memo`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemoCount {
    /// The number of solutions (exact; with a solution limit, at most the limit).
    pub count: u128,
    /// Why the search ended: [`Status::Exhausted`] when `count` is the whole count.
    pub status: Status,
    /// The search's statistics: the nodes actually searched (a cache hit is one node),
    /// updates, and `count` (saturated to `u64`) as solutions.
    pub stats: Stats,
    /// What the cache did.
    pub memo: MemoStats,
}

/// Counts the solutions of `problem` under `options` with the memo cache (see the module
/// docs). The options mean what they mean for [`Solver::with_options`]; with
/// `max_solutions`, counting stops as soon as that many are known (a cache hit may pass it:
/// the count is then the limit).
///
/// # Errors
/// As [`Solver::with_options`]: a forced option out of range or forced options in conflict.
pub(crate) fn count(
    problem: &Problem,
    options: &SolverOptions,
    memo: &MemoOptions,
) -> Result<MemoCount> {
    let limit = options.max_solutions.map_or(u128::MAX, u128::from);
    // The solver counts leaves; the limit is on the memo's count, so the solver has none.
    let unlimited = SolverOptions {
        max_solutions: None,
        ..options.clone()
    };
    let mut solver = Solver::linked(problem, &unlimited)?;
    let Some(search) = solver.engine().on_links() else {
        unreachable!("a linked solver searches on the links");
    };
    let mut observer = Memo::new(problem, search.links(), &options.forced, memo, limit);
    let status = loop {
        match solver.run_observed(u64::MAX, &mut Watched::Memo(&mut observer)) {
            Step::Solution => {}
            Step::Paused if observer.full() => break Status::SolutionLimit,
            Step::Paused => {}
            Step::Done => break solver.status(),
        }
    };
    let count = observer.found.min(limit);
    let mut stats = solver.stats();
    stats.solutions = u64::try_from(count).unwrap_or(u64::MAX);
    Ok(MemoCount {
        count,
        status,
        stats,
        memo: observer.stats(),
    })
}

/// Lookups after which the memo judges whether the cache pays.
const GIVE_UP_AFTER: u64 = 1 << 18;
/// The search nodes a lookup must save on average for the cache to be kept: about what a
/// lookup and an insertion cost, in search nodes.
const WORTH: u64 = 4;

/// A node whose subtree is being counted: one per level of the search.
#[derive(Debug, Clone, Copy)]
struct Frame {
    /// Solutions found below it so far.
    count: u128,
    /// [`Memo::visited`] and [`Memo::saved`] when it began.
    start: u64,
    saved: u64,
    /// Where its signature starts in [`Memo::keys`], `u32::MAX` for a dead end (not cached).
    key: u32,
    hash: u64,
    /// Where the lookup of its signature ended: the empty slot it goes into (see
    /// [`Cache::get`]).
    slot: Slot,
}

/// The observer that counts with the cache.
pub(crate) struct Memo {
    cache: Cache,
    /// One frame per level of the search, innermost last.
    frames: Vec<Frame>,
    /// The signatures of the frames, one after another.
    keys: Vec<u64>,
    /// Solutions counted outside every frame (at the root).
    total: u128,
    /// Every solution accounted for so far, for the limit.
    found: u128,
    limit: u128,
    /// The color each secondary item is purified to, [`NO_COLOR`] while it is not.
    purified: Vec<u32>,
    /// Each node's color as laid out (indexed by link node).
    node_colors: Vec<u32>,
    /// The number of primary and secondary items, the signature's two bit sets' sizes.
    primary: u32,
    secondary: u32,
    /// Whether some option has a color (then purified items' colors are in the signature).
    colored: bool,
    /// Whether the search is Algorithm M (bounds and first nodes are in the signature).
    multi: bool,
    hits: u64,
    misses: u64,
    /// Search nodes seen so far (lookups, dead ends and solutions).
    visited: u64,
    /// Search nodes the hits skipped: what the plain search takes below them.
    saved: u64,
    /// Whether lookups go on (see the module docs).
    enabled: bool,
    /// Whether the search branches in the problem's order ([`MemoBranching::InOrder`]).
    in_order: bool,
}

impl Memo {
    fn new(
        problem: &Problem,
        links: &Links,
        forced: &[usize],
        options: &MemoOptions,
        limit: u128,
    ) -> Memo {
        let primary = links.primary_count();
        let secondary = problem.secondary_count() as u32;
        let node_colors: Vec<u32> = (0..links.node_count() as u32)
            .map(|p| links.color(p))
            .collect();
        let colored = (0..problem.option_count()).any(|o| {
            !problem.is_ignored(o) && problem.option(o).iter().any(|e| e.color != NO_COLOR)
        });
        // Forced options were chosen before the search, unobserved: their colors are set.
        let mut purified = vec![NO_COLOR; secondary as usize];
        for &option in forced {
            for entry in problem.option(option) {
                if entry.item >= primary && entry.color != NO_COLOR {
                    purified[(entry.item - primary) as usize] = entry.color;
                }
            }
        }
        Memo {
            cache: Cache::new(options.max_bytes),
            frames: Vec::new(),
            keys: Vec::new(),
            total: 0,
            found: 0,
            limit,
            purified,
            node_colors,
            primary,
            secondary,
            colored,
            multi: problem.has_bounds(),
            hits: 0,
            misses: 0,
            visited: 0,
            saved: 0,
            enabled: true,
            in_order: options.branching == MemoBranching::InOrder,
        }
    }

    fn stats(&self) -> MemoStats {
        MemoStats {
            entries: self.cache.entries,
            hits: self.hits,
            misses: self.misses,
            bytes: self.cache.peak_bytes as u64,
            full: self.cache.full,
            saved_nodes: self.saved,
            abandoned: !self.enabled,
        }
    }

    /// Adds `count` solutions to the innermost frame.
    #[inline]
    fn add(&mut self, count: u128) {
        match self.frames.last_mut() {
            Some(frame) => frame.count += count,
            None => self.total += count,
        }
    }

    /// Appends the signature of the links' current state to `keys` (see the module docs).
    fn signature(&mut self, links: &Links) {
        let start = self.keys.len();
        let primary_words = self.primary.div_ceil(64) as usize;
        let secondary_words = self.secondary.div_ceil(64) as usize;
        self.keys.resize(start + primary_words + secondary_words, 0);
        let mut k = links.first_active();
        while k != ROOT {
            let bit = k - 1;
            self.keys[start + (bit / 64) as usize] |= 1 << (bit % 64);
            k = links.next_active(k);
        }
        if self.multi {
            let mut k = links.first_active();
            while k != ROOT {
                let bound = u64::from(links.bound_slack(k).0);
                self.keys.push(bound << 32 | u64::from(links.down(k)));
                k = links.next_active(k);
            }
        }
        if self.secondary > 0 {
            let root = links.secondary_root();
            let base = start + primary_words;
            let mut s = links.next_active(root);
            while s != root {
                let index = s - self.primary - 1;
                let color = self.purified[index as usize];
                if color != NO_COLOR || links.len(s) > 0 {
                    self.keys[base + (index / 64) as usize] |= 1 << (index % 64);
                    if self.colored {
                        self.keys.push(u64::from(color));
                    }
                }
                s = links.next_active(s);
            }
        }
    }
}

impl Observer for Memo {
    #[inline]
    fn purify(&mut self, node: u32, item: u32) {
        self.purified[(item - self.primary - 1) as usize] = self.node_colors[node as usize];
    }

    #[inline]
    fn unpurify(&mut self, _node: u32, item: u32) {
        self.purified[(item - self.primary - 1) as usize] = NO_COLOR;
    }

    fn known(&mut self, links: &Links, level: usize, len: u32) -> bool {
        debug_assert_eq!(level, self.frames.len());
        self.visited += 1;
        let lookups = self.hits + self.misses;
        if self.enabled && lookups == GIVE_UP_AFTER && self.saved < WORTH * lookups {
            self.enabled = false;
        }
        if len == 0 || !self.enabled {
            // A dead end (nothing to count, nothing worth caching), or no more cache.
            self.frames.push(Frame {
                count: 0,
                start: self.visited,
                saved: self.saved,
                key: u32::MAX,
                hash: 0,
                slot: Slot::NONE,
            });
            return false;
        }
        let start = self.keys.len();
        self.signature(links);
        let key = &self.keys[start..];
        let hash = hash(key);
        let slot = match self.cache.get(key, hash) {
            Err(slot) => slot,
            Ok((count, nodes)) => {
                self.keys.truncate(start);
                self.hits += 1;
                // The hit's own node is visited; the rest of its subtree is skipped.
                self.saved = self.saved.saturating_add(nodes - 1);
                self.found += count;
                self.add(count);
                return true;
            }
        };
        self.misses += 1;
        self.frames.push(Frame {
            count: 0,
            start: self.visited,
            saved: self.saved,
            key: start as u32,
            hash,
            slot,
        });
        false
    }

    #[inline]
    fn solution(&mut self, _level: usize) {
        self.visited += 1;
        self.found += 1;
        self.add(1);
    }

    fn backtrack(&mut self, level: usize, _item: u32) {
        // Algorithm M reports a dead end found before a level begins: no frame of its own.
        if level + 1 != self.frames.len() {
            return;
        }
        let Some(frame) = self.frames.pop() else {
            return;
        };
        if frame.key != u32::MAX {
            let start = frame.key as usize;
            // What the plain search would have taken below: this node, every one visited
            // since, and every one the hits since then skipped.
            let nodes = (self.visited - frame.start + 1).saturating_add(self.saved - frame.saved);
            self.cache.insert(
                &self.keys[start..],
                frame.hash,
                frame.count,
                nodes,
                frame.slot,
            );
            self.keys.truncate(start);
        }
        self.add(frame.count);
    }

    /// [`MemoBranching::InOrder`]: an item with no option left (a dead end), else the first
    /// with one option (a forced move), else the first active item. Once the memo has given
    /// up on the cache, MRV again (the order only pays through the cache).
    fn branch_item(&mut self, links: &Links) -> Option<u32> {
        if !self.in_order || !self.enabled {
            return None;
        }
        let first = links.first_active();
        let mut forced = ROOT;
        let mut k = first;
        while k != ROOT {
            match links.len(k) {
                0 => return Some(k),
                1 if forced == ROOT => forced = k,
                _ => {}
            }
            k = links.next_active(k);
        }
        Some(if forced == ROOT { first } else { forced })
    }

    #[inline]
    fn full(&self) -> bool {
        self.found >= self.limit
    }
}

/// A 64-bit hash of a signature: each word multiplied in, then splitmix64's finaliser, so
/// that every bit of the signature reaches the low bits the table indexes with (a plain
/// multiply only carries bits upwards, and long probe chains made the cache slower than the
/// search it saves). The keys are compared in full on a match; the hash only spreads them.
#[inline]
fn hash(key: &[u64]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut h = key.len() as u64;
    for &word in key {
        h = (h ^ word).wrapping_mul(K).rotate_left(29);
    }
    h ^= h >> 30;
    h = h.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    h ^= h >> 27;
    h = h.wrapping_mul(0x94d0_49bb_1331_11eb);
    h ^ (h >> 31)
}

/// Words an entry takes besides its signature: hash, length, count (2 words), nodes.
const HEADER: usize = 5;
/// Words in one chunk of the arena. Chunks are never moved or copied, so the budget bounds
/// the memory at every moment; an entry does not straddle two chunks.
const CHUNK: usize = 1 << 16;

/// Where a lookup that found nothing ended: the empty slot of the table where the key goes,
/// and the table's size then. Entries are never removed, so while the table keeps its size
/// and that slot stays empty, it is still the first empty slot of the key's probe sequence,
/// and the insertion takes it without probing again (a cache miss less per entry).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Slot {
    index: usize,
    table: usize,
}

impl Slot {
    /// No slot: the insertion probes.
    const NONE: Slot = Slot {
        index: usize::MAX,
        table: 0,
    };
}

/// Signatures and their counts: open addressing with linear probing over an arena of
/// entries (hash, length, count, signature), kept in chunks.
struct Cache {
    /// Each slot is 0 (empty), or the high half of its entry's hash over 1 + where its
    /// entry starts (chunk * CHUNK + offset). The half hash turns away almost every other
    /// key met while probing without reading its entry, another cache miss.
    slots: Vec<u64>,
    chunks: Vec<Vec<u64>>,
    entries: u64,
    budget: usize,
    peak_bytes: usize,
    /// Whether an entry was refused for the budget.
    full: bool,
}

/// The half of a hash kept in a slot (the table is indexed by the low bits).
#[inline]
fn tag(hash: u64) -> u64 {
    hash & !u64::from(u32::MAX)
}

impl Cache {
    fn new(budget: usize) -> Cache {
        Cache {
            slots: Vec::new(),
            chunks: Vec::new(),
            entries: 0,
            budget,
            peak_bytes: 0,
            full: false,
        }
    }

    /// The bytes the table and the arena take.
    fn bytes(&self) -> usize {
        self.slots.capacity() * 8
            + self.chunks.len() * CHUNK * 8
            + self.chunks.capacity() * std::mem::size_of::<Vec<u64>>()
    }

    /// The entry at arena position `at`.
    #[inline]
    fn entry(&self, at: usize) -> &[u64] {
        &self.chunks[at / CHUNK][at % CHUNK..]
    }

    /// The count and the subtree's search nodes cached for `key`, or where its lookup ended.
    fn get(&self, key: &[u64], hash: u64) -> Result<(u128, u64), Slot> {
        if self.slots.is_empty() {
            return Err(Slot::NONE);
        }
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return Err(Slot {
                    index: i,
                    table: self.slots.len(),
                });
            }
            if tag(slot) == tag(hash) {
                let entry = self.entry((slot as u32) as usize - 1);
                if entry[0] == hash
                    && entry[1] == key.len() as u64
                    && &entry[HEADER..HEADER + key.len()] == key
                {
                    return Ok((u128::from(entry[3]) << 64 | u128::from(entry[2]), entry[4]));
                }
            }
            i = (i + 1) & mask;
        }
    }

    /// Caches `key`'s count, unless that would pass the budget; `slot` is where its lookup
    /// ended.
    fn insert(&mut self, key: &[u64], hash: u64, count: u128, nodes: u64, slot: Slot) {
        if self.full {
            return;
        }
        let needed = HEADER + key.len();
        // The table doubles when it would be over half full.
        let fits = needed <= CHUNK
            && ((self.entries as usize + 1) * 2 <= self.slots.len() || self.grow_table())
            && self.room(needed);
        let at =
            self.chunks.len().saturating_sub(1) * CHUNK + self.chunks.last().map_or(0, Vec::len);
        let Some(at) = u32::try_from(at + 1).ok().filter(|_| fits) else {
            self.full = true;
            return;
        };
        let Some(chunk) = self.chunks.last_mut() else {
            self.full = true;
            return;
        };
        chunk.extend_from_slice(&[
            hash,
            key.len() as u64,
            count as u64,
            (count >> 64) as u64,
            nodes,
        ]);
        chunk.extend_from_slice(key);
        let value = tag(hash) | u64::from(at);
        if slot.table == self.slots.len() && self.slots[slot.index] == 0 {
            self.slots[slot.index] = value;
        } else {
            self.place(hash, value);
        }
        self.entries += 1;
        self.peak_bytes = self.peak_bytes.max(self.bytes());
    }

    /// Puts slot value `value` into the first free slot from `hash`.
    fn place(&mut self, hash: u64, value: u64) {
        let mask = self.slots.len() - 1;
        let mut i = hash as usize & mask;
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = value;
    }

    /// Doubles the table, if the budget allows it (the old table is freed after the new one
    /// is filled, so both count).
    fn grow_table(&mut self) -> bool {
        let size = (self.slots.len() * 2).max(1024);
        if self.bytes() + size * 8 > self.budget {
            return false;
        }
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        self.peak_bytes = self.peak_bytes.max(self.bytes() + old.capacity() * 8);
        for &slot in old.iter().filter(|&&slot| slot != 0) {
            let hash = self.entry((slot as u32) as usize - 1)[0];
            self.place(hash, slot);
        }
        true
    }

    /// Makes sure the last chunk has room for `needed` more words, starting a new chunk if
    /// the budget allows it.
    fn room(&mut self, needed: usize) -> bool {
        if self
            .chunks
            .last()
            .is_some_and(|chunk| chunk.len() + needed <= CHUNK)
        {
            return true;
        }
        let more = CHUNK * 8 + std::mem::size_of::<Vec<u64>>() * (self.chunks.len() + 1);
        if self.bytes() + more > self.budget {
            return false;
        }
        self.chunks.push(Vec::with_capacity(CHUNK));
        true
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::{count, Cache, MemoOptions, Slot};
    use crate::puzzles::{langford, queens};
    use crate::{Problem, Solver, SolverOptions, Status};

    fn memo(problem: &Problem, bytes: usize) -> super::MemoCount {
        count(
            problem,
            &SolverOptions::default(),
            &MemoOptions {
                max_bytes: bytes,
                ..MemoOptions::default()
            },
        )
        .unwrap()
    }

    #[test]
    fn the_cache_finds_what_it_stored() {
        let mut cache = Cache::new(1 << 20);
        for k in 0..5000u64 {
            let key = [k, k * 7];
            let hash = super::hash(&key);
            let slot = cache.get(&key, hash).unwrap_err();
            // Every other insertion probes again.
            let slot = if k % 2 == 0 { slot } else { Slot::NONE };
            cache.insert(&key, hash, u128::from(k) << 70, k, slot);
        }
        for k in 0..5000u64 {
            assert_eq!(
                cache.get(&[k, k * 7], super::hash(&[k, k * 7])),
                Ok((u128::from(k) << 70, k))
            );
        }
        assert!(cache.get(&[1, 8], super::hash(&[1, 8])).is_err());
        assert!(!cache.full);
        assert!(cache.bytes() <= 1 << 20);
    }

    #[test]
    fn a_small_budget_stops_caching_and_the_count_stays_exact() {
        let problem = langford(8).unwrap();
        let plain = Solver::new(&problem).count_solutions();
        assert_eq!(plain, 150 * 2);
        for bytes in [0, 100, 5_000, 20_000, 1 << 30] {
            let result = memo(&problem, bytes);
            assert_eq!(result.count, u128::from(plain), "budget {bytes}");
            assert_eq!(result.status, Status::Exhausted);
            assert!(
                result.memo.bytes as usize <= bytes.max(4096),
                "budget {bytes}"
            );
        }
        assert!(memo(&problem, 5_000).memo.full);
        assert!(!memo(&problem, 1 << 30).memo.full);
    }

    #[test]
    fn queens_with_secondary_diagonals() {
        for (n, expected) in [(4, 2), (6, 4), (8, 92), (9, 352)] {
            let result = memo(&queens(n).unwrap(), 1 << 24);
            assert_eq!(result.count, expected, "{n} queens");
        }
    }

    #[test]
    fn a_solution_limit_stops_at_the_limit() {
        let problem = langford(7).unwrap();
        let options = SolverOptions {
            max_solutions: Some(10),
            ..SolverOptions::default()
        };
        let result = count(&problem, &options, &MemoOptions::default()).unwrap();
        assert_eq!(result.count, 10);
        assert_eq!(result.status, Status::SolutionLimit);
    }
}
