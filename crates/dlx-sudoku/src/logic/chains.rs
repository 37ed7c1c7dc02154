//! Chains of alternating strong links (at least one of two candidates is true) and weak
//! links (at most one is true): X-chains on one symbol (which also find what simple
//! colouring finds), XY-chains through cells with two candidates, and alternating
//! inference chains (AIC) on any candidates. A chain that starts from "candidate `s` is
//! false" and ends at "candidate `t` is true" proves that `s` or `t` is true, so any
//! candidate that can be true with neither of them is false.
//!
//! The search is breadth first, so the chain found is a shortest one; links are taken from
//! any region of the layout.

use std::collections::VecDeque;

use crate::layout::RegionKind;

use super::grid::{bit, values, Context, Grid};
use super::pattern;
use super::step::{length_bonus, Candidate, Step, Technique};

/// Which links a chain may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    /// One symbol: strong links are a region's two places, weak links peers.
    X,
    /// Every link.
    Aic,
}

/// The link graph of a grid: for each node, the nodes it is strongly and weakly linked to.
pub(crate) struct Links {
    n: usize,
    /// The candidate nodes: `cell * n + value - 1` for every cell and symbol; group nodes
    /// follow, `candidates + i` for `groups[i]`.
    candidates: usize,
    /// Strong links: at least one of the two is true.
    pub(crate) strong: Vec<Vec<u32>>,
    /// Weak links: at most one of the two is true.
    pub(crate) weak: Vec<Vec<u32>>,
    /// Each group's candidates, ascending by cell (grouped chains only).
    groups: Vec<Vec<Candidate>>,
}

impl Links {
    /// A node's candidates: one, or a group's.
    fn node(&self, node: u32) -> Vec<Candidate> {
        match (node as usize).checked_sub(self.candidates) {
            Some(i) => self.groups[i].clone(),
            None => vec![candidate(self.n, node)],
        }
    }
}

/// The node of candidate `v` in `cell` among `n` symbols: `cell * n + v - 1`.
pub(crate) fn node(n: usize, cell: usize, v: u8) -> u32 {
    (cell * n + v as usize - 1) as u32
}

/// The candidate of a node among `n` symbols.
pub(crate) fn candidate(n: usize, node: u32) -> Candidate {
    Candidate {
        cell: node as usize / n,
        value: (node as usize % n) as u8 + 1,
    }
}

/// Adds the link `a`-`b` to `list` once (a strong link can come from two regions).
fn push(list: &mut [Vec<u32>], a: u32, b: u32) {
    if !list[a as usize].contains(&b) {
        list[a as usize].push(b);
    }
}

fn links(ctx: &Context, g: &Grid, kind: Kind, grouped: bool) -> Links {
    let n = ctx.n;
    let total = g.values.len() * n;
    let groups = if grouped { groups(ctx, g) } else { Vec::new() };
    let mut strong = vec![Vec::new(); total + groups.len()];
    let mut weak = vec![Vec::new(); total + groups.len()];
    let mut peers: Vec<usize> = Vec::new();
    for cell in 0..g.values.len() {
        let m = g.cand[cell];
        if m == 0 {
            continue;
        }
        peers.clear();
        peers.extend(ctx.peers(cell).filter(|&p| g.cand[p] != 0));
        for v in values(m) {
            let a = node(n, cell, v);
            let list = &mut weak[a as usize];
            list.reserve(peers.len() + m.count_ones() as usize);
            // Same symbol, peers: weak. Each peer once, each symbol of the cell once: no
            // link twice.
            list.extend(
                peers
                    .iter()
                    .filter(|&&p| g.cand[p] & bit(v) != 0)
                    .map(|&p| node(n, p, v)),
            );
            // Same cell, other symbols: weak (AIC only); strong when the cell is bivalue.
            for w in values(m & !bit(v)) {
                let b = node(n, cell, w);
                if kind == Kind::Aic {
                    weak[a as usize].push(b);
                }
                if kind != Kind::X && m.count_ones() == 2 {
                    push(&mut strong, a, b);
                }
            }
        }
    }
    // A symbol's two places in a region: strong. Each symbol's count of places in the
    // region and its first two.
    let mut count = vec![0u8; n];
    let mut first = vec![[0usize; 2]; n];
    for &r in &ctx.exact {
        count.fill(0);
        for &c in ctx.layout.region_cells(r) {
            for v in values(g.cand[c as usize]) {
                let i = v as usize - 1;
                if count[i] < 2 {
                    first[i][count[i] as usize] = c as usize;
                }
                count[i] = count[i].saturating_add(1);
            }
        }
        for (i, &k) in count.iter().enumerate() {
            if k == 2 {
                let v = i as u8 + 1;
                let (a, b) = (node(n, first[i][0], v), node(n, first[i][1], v));
                push(&mut strong, a, b);
                push(&mut strong, b, a);
            }
        }
    }
    group_links(ctx, g, total, &groups, &mut strong, &mut weak);
    Links {
        n,
        candidates: total,
        strong,
        weak,
        groups,
    }
}

/// Every group: two or more places of one symbol where a box-like region meets a line
/// (each set of places once), as candidates ascending by cell.
fn groups(ctx: &Context, g: &Grid) -> Vec<Vec<Candidate>> {
    let mut out: Vec<Vec<Candidate>> = Vec::new();
    for &b in ctx.exact.iter().filter(|&&r| ctx.is_block(r)) {
        let block = ctx.layout.region_cells(b);
        for &l in ctx.exact.iter().filter(|&&r| !ctx.is_block(r)) {
            let meet: Vec<usize> = ctx
                .layout
                .region_cells(l)
                .iter()
                .filter(|c| block.contains(c))
                .map(|&c| c as usize)
                .collect();
            if meet.len() < 2 {
                continue;
            }
            for v in 1..=ctx.n as u8 {
                let mut group: Vec<Candidate> = meet
                    .iter()
                    .filter(|&&c| g.has(c, v))
                    .map(|&cell| Candidate { cell, value: v })
                    .collect();
                group.sort_unstable();
                if group.len() >= 2 && !out.contains(&group) {
                    out.push(group);
                }
            }
        }
    }
    out
}

/// The links of each group (node `total + i`): strong to the candidate or group that holds
/// the symbol's other places in a region holding the group, weak to every candidate and
/// group of the symbol that sees all its cells.
fn group_links(
    ctx: &Context,
    g: &Grid,
    total: usize,
    groups: &[Vec<Candidate>],
    strong: &mut [Vec<u32>],
    weak: &mut [Vec<u32>],
) {
    let n = ctx.n;
    let sees_all = |cell: usize, group: &[Candidate]| {
        group
            .iter()
            .all(|m| m.cell != cell && ctx.sees(m.cell, cell))
    };
    for (i, group) in groups.iter().enumerate() {
        let a = (total + i) as u32;
        let v = group[0].value;
        let cells: Vec<usize> = group.iter().map(|c| c.cell).collect();
        for &r in &ctx.exact {
            let region = ctx.layout.region_cells(r);
            if !cells.iter().all(|&c| region.contains(&(c as u32))) {
                continue;
            }
            let rest: Vec<usize> = g
                .places(ctx, r, v)
                .into_iter()
                .filter(|c| !cells.contains(c))
                .collect();
            let other = match rest[..] {
                [one] => Some(node(n, one, v)),
                [_, _, ..] => groups
                    .iter()
                    .position(|h| {
                        h[0].value == v && h.iter().map(|c| c.cell).eq(rest.iter().copied())
                    })
                    .map(|j| (total + j) as u32),
                [] => None,
            };
            if let Some(b) = other {
                push(strong, a, b);
                push(strong, b, a);
            }
        }
        for cell in 0..g.values.len() {
            if g.has(cell, v) && sees_all(cell, group) {
                let b = node(n, cell, v);
                weak[a as usize].push(b);
                weak[b as usize].push(a);
            }
        }
        for (j, other) in groups.iter().enumerate() {
            if j != i && other[0].value == v && other.iter().all(|m| sees_all(m.cell, group)) {
                weak[a as usize].push((total + j) as u32);
            }
        }
    }
}

/// A chain found: its length, its BFS states, what it removes and what it places.
type Found = (u32, Vec<u32>, Vec<Candidate>, Option<Candidate>);

/// The shortest chain of `kind` that removes a candidate (or proves one).
pub(crate) fn find(ctx: &Context, g: &Grid, kind: Kind) -> Option<Step> {
    shortest(ctx, g, kind, u32::MAX).map(|(_, step)| step)
}

/// Sudoku Explainer's rating of an X-chain of `strong` strong links (2: turbot fish,
/// skyscraper, kite; 3 and 4: its "strong-linked fishes"), before the bonus for the kinds
/// of region its links use.
const STRONG_LINKS: [f64; 3] = [4.0, 5.4, 5.8];

/// An X-chain of exactly `strong` strong links (2 to 4) that removes candidates, rated as
/// Sudoku Explainer rates its turbot fish and strong-linked fishes: 4.0, 5.4 or 5.8, plus a
/// tenth when the strong links lie in two kinds of region (rows, columns, boxes) and two
/// tenths when in all three.
pub(crate) fn strong_links(ctx: &Context, g: &Grid, strong: usize) -> Option<Step> {
    let max = 2 * strong as u32 - 1;
    let (length, mut step) = shortest(ctx, g, Kind::X, max)?;
    if length != max as usize || step.placement.is_some() {
        return None;
    }
    // The kinds of region of the strong links' houses: rows, columns, the others.
    let mut kinds = [false; 3];
    for link in step.links.iter().filter(|l| l.strong) {
        let kind = match link.house {
            Some(pattern::LinkHouse::Region(name)) => name.kind,
            _ => continue,
        };
        kinds[match kind {
            RegionKind::Row => 0,
            RegionKind::Column => 1,
            _ => 2,
        }] = true;
    }
    let count = kinds.iter().filter(|&&k| k).count();
    step.score = STRONG_LINKS[strong - 2] + count.saturating_sub(1) as f64 * 0.1;
    Some(step)
}

/// The shortest chain of `kind` of at most `max_links` links that removes a candidate (or
/// proves one), with its number of links.
pub(crate) fn shortest(
    ctx: &Context,
    g: &Grid,
    kind: Kind,
    max_links: u32,
) -> Option<(usize, Step)> {
    search(ctx, g, kind, false, max_links)
}

/// The shortest chain of `kind` whose nodes may be groups ([`Technique::GroupedXChain`],
/// [`Technique::GroupedAic`]), if the shortest has a group: a chain without one is the
/// plain search's, which rates lower.
pub(crate) fn shortest_grouped(ctx: &Context, g: &Grid, kind: Kind) -> Option<(usize, Step)> {
    search(ctx, g, kind, true, u32::MAX).filter(|(_, s)| {
        matches!(
            s.technique,
            Technique::GroupedXChain | Technique::GroupedAic
        )
    })
}

fn search(
    ctx: &Context,
    g: &Grid,
    kind: Kind,
    grouped: bool,
    max_links: u32,
) -> Option<(usize, Step)> {
    search_in(ctx, g, kind, &links(ctx, g, kind, grouped), max_links)
}

/// [`search`] on the link graph `links` of `kind`.
fn search_in(
    ctx: &Context,
    g: &Grid,
    kind: Kind,
    links: &Links,
    max_links: u32,
) -> Option<(usize, Step)> {
    let total = links.strong.len();
    let candidates = links.candidates as u32;
    // BFS state: node * 2 + (1 if the node is true).
    let mut parent = vec![u32::MAX; total * 2];
    let mut depth = vec![0u32; total * 2];
    let mut stamp = vec![0u32; total * 2];
    let mut weak_of_start = vec![0u32; total];
    let mut best: Option<Found> = None;
    let mut queue = VecDeque::new();
    for (s, strong) in links.strong.iter().enumerate() {
        if strong.is_empty() {
            continue;
        }
        let run = s as u32 + 1;
        for &w in &links.weak[s] {
            weak_of_start[w as usize] = run;
        }
        queue.clear();
        let start = s as u32 * 2;
        stamp[start as usize] = run;
        depth[start as usize] = 0;
        parent[start as usize] = u32::MAX;
        queue.push_back(start);
        while let Some(state) = queue.pop_front() {
            let d = depth[state as usize];
            if best.as_ref().is_some_and(|b| d + 1 >= b.0) || d + 1 > max_links {
                break;
            }
            let x = state / 2;
            let on = state % 2 == 1;
            let next: &[u32] = if on {
                &links.weak[x as usize]
            } else {
                &links.strong[x as usize]
            };
            for &y in next {
                let to = y * 2 + u32::from(!on);
                if stamp[to as usize] == run {
                    continue;
                }
                stamp[to as usize] = run;
                depth[to as usize] = d + 1;
                parent[to as usize] = state;
                queue.push_back(to);
                if on {
                    continue;
                }
                // `y` is proved true if `s` is false: `s` or `y`.
                let (eliminations, placement) = if y as usize == s {
                    if y >= candidates {
                        continue; // a group proved true places nothing
                    }
                    (Vec::new(), Some(candidate(links.n, y)))
                } else {
                    let e: Vec<Candidate> = links.weak[y as usize]
                        .iter()
                        .filter(|&&e| {
                            e < candidates && e as usize != s && weak_of_start[e as usize] == run
                        })
                        .map(|&e| candidate(links.n, e))
                        .collect();
                    (e, None)
                };
                if eliminations.is_empty() && placement.is_none() {
                    continue;
                }
                let mut path = vec![to];
                let mut at = to;
                while parent[at as usize] != u32::MAX {
                    at = parent[at as usize];
                    path.push(at);
                }
                path.reverse();
                best = Some((d + 1, path, eliminations, placement));
                break;
            }
        }
    }
    let (length, path, mut eliminations, placement) = best?;
    crate::sort::sort(&mut eliminations);
    eliminations.dedup();
    let step = chain_step(
        ctx,
        g,
        kind,
        links,
        length as usize,
        &path,
        eliminations,
        placement,
    );
    Some((length as usize, step))
}

/// "r1c2 is 5", "r1c2 is not 5"; for a group "5 is in r1c2 or r1c3", "5 is in neither
/// r1c2 nor r1c3", "5 is in none of r1c2, r1c3 and r1c4".
fn node_name(ctx: &Context, node: &[Candidate], on: bool) -> String {
    match node {
        [c] => format!(
            "{} is {}{}",
            ctx.cell(c.cell),
            if on { "" } else { "not " },
            ctx.sym(c.value)
        ),
        _ => {
            let cells: Vec<String> = node.iter().map(|c| ctx.cell(c.cell)).collect();
            let sym = ctx.sym(node[0].value);
            match (on, &cells[..]) {
                (true, _) => format!("{sym} is in {}", super::grid::join(&cells, "or")),
                (false, [a, b]) => format!("{sym} is in neither {a} nor {b}"),
                (false, _) => format!("{sym} is in none of {}", super::grid::join(&cells, "and")),
            }
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn chain_step(
    ctx: &Context,
    g: &Grid,
    kind: Kind,
    links: &Links,
    length: usize,
    path: &[u32],
    eliminations: Vec<Candidate>,
    placement: Option<Candidate>,
) -> Step {
    let n = links.n;
    let nodes: Vec<Vec<Candidate>> = path.iter().map(|&s| links.node(s / 2)).collect();
    let chain: Vec<String> = path
        .iter()
        .zip(&nodes)
        .map(|(&s, node)| node_name(ctx, node, s % 2 == 1))
        .collect();
    let a = node_name(ctx, &nodes[0], true);
    let conclusion = match placement {
        Some(_) => format!("so {a}."),
        None => {
            let b = node_name(ctx, &nodes[nodes.len() - 1], true);
            let removed: Vec<String> = eliminations
                .iter()
                .map(|e| format!("{} in {}", ctx.sym(e.value), ctx.cell(e.cell)))
                .collect();
            format!(
                "so {a} or {b}, which rules out {removed}.",
                removed = super::grid::join(&removed, "and")
            )
        }
    };
    let reason = format!("If {}, {}", chain.join(", then "), conclusion);
    let grouped = path.iter().any(|&s| s / 2 >= links.candidates as u32);
    let technique = match kind {
        _ if grouped && single_symbol(&nodes) => Technique::GroupedXChain,
        Kind::X | Kind::Aic if grouped => Technique::GroupedAic,
        Kind::X => Technique::XChain,
        Kind::Aic if xy_only(n, path) => Technique::XyChain,
        Kind::Aic => Technique::Aic,
    };
    let mut step = Step::new(technique, reason);
    // The path starts from "`s` is false", so its first link is strong.
    let slices: Vec<&[Candidate]> = nodes.iter().map(Vec::as_slice).collect();
    step.links = pattern::alternating_groups(ctx, g, &slices, true);
    step.roles = pattern::chain_roles(&step.links);
    let mut cands: Vec<Candidate> = Vec::new();
    for c in nodes.iter().flatten() {
        if !cands.contains(c) {
            cands.push(*c);
        }
    }
    let mut cells: Vec<usize> = cands.iter().map(|c| c.cell).collect();
    crate::sort::sort(&mut cells);
    cells.dedup();
    step.cells = cells;
    step.candidates = cands;
    step.eliminations = eliminations;
    step.placement = placement;
    step.score += length_bonus(se_length(length, placement.is_some()));
    step
}

/// Whether every node of a chain is of one symbol.
fn single_symbol(nodes: &[Vec<Candidate>]) -> bool {
    let v = nodes[0][0].value;
    nodes.iter().flatten().all(|c| c.value == v)
}

/// Whether every strong link of the chain is inside a cell and every weak link joins two
/// cells on one symbol: an XY-chain.
fn xy_only(n: usize, path: &[u32]) -> bool {
    path.windows(2).all(|w| {
        let (a, b) = (candidate(n, w[0] / 2), candidate(n, w[1] / 2));
        if w[0] % 2 == 0 {
            a.cell == b.cell // strong: from "not" to "is"
        } else {
            a.value == b.value && a.cell != b.cell
        }
    })
}

/// The length Sudoku Explainer gives the chain of `links` links behind a step, for its
/// length bonus: SE counts the candidates of its forcing chain (each once "on" and once
/// "off" where both occur) less two. An elimination of `e` is SE's chain from "`e` is
/// true" through "`s` is false", the `links` links, "`t` is true", to "`e` is false":
/// `links + 3` candidates. A placement is SE's chain from "`s` is false" back to "`s` is
/// true": `links + 1` candidates.
pub(crate) fn se_length(links: usize, placement: bool) -> usize {
    if placement {
        links.saturating_sub(1)
    } else {
        links + 1
    }
}

/// The easiest chain step on Sudoku Explainer's scale: an X-chain (6.6 and its length
/// bonus) if one rates at most 7.0, else the lowest of the X-chain, a W-Wing (SE's
/// shortest such chain, 7.1), the shortest alternating inference chain (7.0 and its bonus;
/// an XY-chain when it only uses cells with two candidates) and 3D Medusa (rated as the
/// chains SE would use instead, 7.0 and their bonus). Ties go to the simpler pattern, in
/// SudokuWiki's order: X-chain, W-Wing, XY-chain, 3D Medusa, AIC (a 3D Medusa step
/// removes all it proves at the AIC's rating).
pub(crate) fn easiest(ctx: &Context, g: &Grid) -> Option<Step> {
    let x = find(ctx, g, Kind::X);
    if x.as_ref()
        .is_some_and(|s| s.score <= Technique::Aic.base_score() + 1e-9)
    {
        return x;
    }
    let w = super::wings::w_wing(ctx, g);
    // Every candidate's strong links in an AIC's graph are conjugates (exactly one of the
    // two is true: a bivalue cell's two candidates, a symbol's two places in a region):
    // what 3D Medusa colours.
    let graph = aic_graph(ctx, g);
    let m = super::medusa::find(ctx, g, &graph.strong, &graph.weak);
    let a = search_in(ctx, g, Kind::Aic, &graph, u32::MAX).map(|(_, s)| s);
    if a.as_ref()
        .is_some_and(|s| s.technique == Technique::XyChain)
    {
        lowest([x, w, a, m])
    } else {
        lowest([x, w, m, a])
    }
}

/// The link graph of alternating inference chains on `g`, without groups.
pub(crate) fn aic_graph(ctx: &Context, g: &Grid) -> Links {
    links(ctx, g, Kind::Aic, false)
}

/// The shortest grouped chain of `kind` ([`Technique::GroupedXChain`] for [`Kind::X`],
/// else [`Technique::GroupedAic`]), rated at its technique's base and its length bonus.
pub(crate) fn grouped(ctx: &Context, g: &Grid, kind: Kind) -> Option<Step> {
    shortest_grouped(ctx, g, kind)
        .map(|(_, s)| s)
        .filter(|s| kind == Kind::X || s.technique == Technique::GroupedAic)
}

/// The step of lowest score, the first on a tie.
fn lowest<const N: usize>(steps: [Option<Step>; N]) -> Option<Step> {
    steps
        .into_iter()
        .flatten()
        .reduce(|best, s| if s.score < best.score - 1e-9 { s } else { best })
}
