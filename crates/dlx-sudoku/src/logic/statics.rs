//! Static implications: what an assumption implies through the grid's links as they are
//! before it, Sudoku Explainer's chaining when it is not dynamic (its multiple forcing
//! chains, 8.0; SukakuExplainer's `Chaining.doChaining` with `getOnToOff` and
//! `getOffToOn` on a grid that the assumption does not change). A candidate turned on
//! turns off the other candidates of its cell and its symbol in its peers (weak links); a
//! candidate turned off turns on the other candidate of its cell if the grid gave that
//! cell two, and the other place of its symbol in each of its regions where the grid gave
//! it two (strong links). Nothing else: a cell or region that the assumption leaves with
//! one candidate is a single only on the dynamic levels.
//!
//! The links are those of the grid's link graph ([`chains::aic_graph`], which alternating
//! inference chains search too), built once per grid by the caller and walked here.
//!
//! Each candidate reached has one parent, so the implications form a tree from the
//! assumption, and the complexity of a conclusion (SE's count of its ancestors) is its
//! depth in the tree, plus one.

use std::collections::VecDeque;

use super::chains::{self, Links};
use super::grid::{bit, Context, Grid};
use super::net::{Node, Outcome, Trace};
use super::step::Candidate;

/// The static implications of `assumed` on `g`, whose link graph is `links`, breadth first (the "on" candidates
/// first, as SE does): the grid with every candidate turned on placed and every one
/// turned off removed (nothing else changes), and how many candidates were reached. The
/// propagation stops where a candidate would be both on and off (SE stops there too, and
/// keeps what it reached). With `trace`, records each candidate's parent.
pub(super) fn propagate(
    ctx: &Context,
    g: &Grid,
    links: &Links,
    assumed: Node,
    trace: Option<&mut Trace>,
) -> Outcome {
    let mut run = Run {
        n: ctx.n,
        state: vec![None; g.values.len() * ctx.n],
        out: g.clone(),
        pending: [VecDeque::new(), VecDeque::new()],
        reached: 0,
        trace,
    };
    run.reach(assumed, None);
    loop {
        let (node, children) = if let Some(c) = run.pending[1].pop_front() {
            ((c, true), on_to_off(links, ctx.n, c))
        } else if let Some(c) = run.pending[0].pop_front() {
            ((c, false), off_to_on(links, ctx.n, c))
        } else {
            break;
        };
        // Both on and off: the assumption is false, and the propagation stops.
        if !children
            .into_iter()
            .all(|child| run.reach(child, Some(node)))
        {
            break;
        }
    }
    Outcome {
        grid: run.out,
        length: run.reached,
        broken: None,
    }
}

/// One static propagation.
struct Run<'t> {
    /// The symbol count.
    n: usize,
    /// The state of each candidate reached: on or off.
    state: Vec<Option<bool>>,
    /// The grid with what was reached.
    out: Grid,
    /// The candidates reached but not followed yet: off, then on.
    pending: [VecDeque<Candidate>; 2],
    reached: usize,
    trace: Option<&'t mut Trace>,
}

impl Run<'_> {
    /// Reaches `node` from `parent`; `false` if its candidate was reached in the other
    /// state.
    fn reach(&mut self, node: Node, parent: Option<Node>) -> bool {
        let (c, on) = node;
        let i = c.cell * self.n + c.value as usize - 1;
        if let Some(s) = self.state[i] {
            return s == on;
        }
        self.state[i] = Some(on);
        if let Some(t) = self.trace.as_deref_mut() {
            t.add(node, parent.map(|p| (p, true)).into_iter().collect());
        }
        if on {
            self.out.values[c.cell] = c.value;
        } else {
            self.out.cand[c.cell] &= !bit(c.value);
        }
        self.pending[usize::from(on)].push_back(c);
        self.reached += 1;
        true
    }
}

/// What `c` turned on turns off: its weak links (among `n` symbols), the other candidates
/// of its cell first, then its symbol in its peers.
fn on_to_off(links: &Links, n: usize, c: Candidate) -> Vec<Node> {
    let weak = &links.weak[chains::node(n, c.cell, c.value) as usize];
    let in_cell = |b: &&u32| **b as usize / n == c.cell;
    let cell = weak.iter().filter(in_cell);
    let peers = weak.iter().filter(|b| !in_cell(b));
    cell.chain(peers)
        .map(|&b| (chains::candidate(n, b), false))
        .collect()
}

/// What `c` turned off turns on: its strong links (among `n` symbols), the other candidate
/// of its cell if the grid gives it two, the other place of its symbol in each
/// exactly-once region where the grid gives it two.
fn off_to_on(links: &Links, n: usize, c: Candidate) -> Vec<Node> {
    links.strong[chains::node(n, c.cell, c.value) as usize]
        .iter()
        .map(|&b| (chains::candidate(n, b), true))
        .collect()
}
