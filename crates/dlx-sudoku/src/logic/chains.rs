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

struct Links {
    n: usize,
    strong: Vec<Vec<u32>>,
    weak: Vec<Vec<u32>>,
}

fn node(n: usize, cell: usize, v: u8) -> u32 {
    (cell * n + v as usize - 1) as u32
}

fn candidate(n: usize, node: u32) -> Candidate {
    Candidate {
        cell: node as usize / n,
        value: (node as usize % n) as u8 + 1,
    }
}

fn links(ctx: &Context, g: &Grid, kind: Kind) -> Links {
    let n = ctx.n;
    let total = g.values.len() * n;
    let mut strong = vec![Vec::new(); total];
    let mut weak = vec![Vec::new(); total];
    let push = |list: &mut Vec<Vec<u32>>, a: u32, b: u32| {
        if !list[a as usize].contains(&b) {
            list[a as usize].push(b);
        }
    };
    for cell in 0..g.values.len() {
        let m = g.cand[cell];
        if m == 0 {
            continue;
        }
        for v in values(m) {
            let a = node(n, cell, v);
            // Same symbol, peers: weak.
            for p in ctx.peers(cell) {
                if g.cand[p] & bit(v) != 0 {
                    push(&mut weak, a, node(n, p, v));
                }
            }
            // Same cell, other symbols: weak (AIC only); strong when the cell is bivalue.
            for w in values(m & !bit(v)) {
                let b = node(n, cell, w);
                if kind == Kind::Aic {
                    push(&mut weak, a, b);
                }
                if kind != Kind::X && m.count_ones() == 2 {
                    push(&mut strong, a, b);
                }
            }
        }
    }
    for &r in &ctx.exact {
        for v in 1..=n as u8 {
            if let [p, q] = g.places(ctx, r, v)[..] {
                let (a, b) = (node(n, p, v), node(n, q, v));
                push(&mut strong, a, b);
                push(&mut strong, b, a);
            }
        }
    }
    Links { n, strong, weak }
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
    // The candidates alternate: pairs 0-1, 2-3, ... are the strong links.
    let mut kinds = [false; 3];
    for pair in step.candidates.chunks(2) {
        let [a, b] = pair else { continue };
        let (pa, pb) = (ctx.layout.position(a.cell), ctx.layout.position(b.cell));
        let line = |row: bool| {
            ctx.exact.iter().any(|&r| {
                let name = ctx.layout.region_name(r);
                let cells = ctx.layout.region_cells(r);
                let kind_ok = if row {
                    name.kind == crate::layout::RegionKind::Row
                } else {
                    name.kind == crate::layout::RegionKind::Column
                };
                kind_ok
                    && cells.contains(&(a.cell as u32))
                    && cells.contains(&(b.cell as u32))
                    && g.places(ctx, r, a.value).len() == 2
            })
        };
        if pa.row == pb.row && line(true) {
            kinds[0] = true;
        } else if pa.column == pb.column && line(false) {
            kinds[1] = true;
        } else {
            kinds[2] = true;
        }
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
    let links = links(ctx, g, kind);
    let total = links.strong.len();
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
                    (Vec::new(), Some(candidate(links.n, y)))
                } else {
                    let e: Vec<Candidate> = links.weak[y as usize]
                        .iter()
                        .filter(|&&e| e as usize != s && weak_of_start[e as usize] == run)
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
        kind,
        length as usize,
        &path,
        eliminations,
        placement,
        links.n,
    );
    Some((length as usize, step))
}

fn chain_step(
    ctx: &Context,
    kind: Kind,
    length: usize,
    path: &[u32],
    eliminations: Vec<Candidate>,
    placement: Option<Candidate>,
    n: usize,
) -> Step {
    let name = |state: u32| {
        let c = candidate(n, state / 2);
        format!(
            "{} is {}{}",
            ctx.cell(c.cell),
            if state % 2 == 1 { "" } else { "not " },
            ctx.sym(c.value)
        )
    };
    let chain: Vec<String> = path.iter().map(|&s| name(s)).collect();
    let first = candidate(n, path[0] / 2);
    let last = candidate(n, path[path.len() - 1] / 2);
    let a = format!("{} is {}", ctx.cell(first.cell), ctx.sym(first.value));
    let conclusion = match placement {
        Some(_) => format!("so {a}."),
        None => {
            let b = format!("{} is {}", ctx.cell(last.cell), ctx.sym(last.value));
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
    let technique = match kind {
        Kind::X => Technique::XChain,
        Kind::Aic if xy_only(n, path) => Technique::XyChain,
        Kind::Aic => Technique::Aic,
    };
    let mut step = Step::new(technique, reason);
    // The path starts from "`s` is false", so its first link is strong.
    let nodes: Vec<Candidate> = path.iter().map(|&s| candidate(n, s / 2)).collect();
    step.links = pattern::alternating(&nodes, true);
    step.roles = pattern::chain_roles(&step.links);
    let mut cands: Vec<Candidate> = Vec::new();
    for &s in path {
        let c = candidate(n, s / 2);
        if !cands.contains(&c) {
            cands.push(c);
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
fn se_length(links: usize, placement: bool) -> usize {
    if placement {
        links.saturating_sub(1)
    } else {
        links + 1
    }
}

/// The easiest chain step on Sudoku Explainer's scale: an X-chain (6.6 and its length
/// bonus) if one rates at most 7.0, else the lowest of the X-chain, a W-Wing (SE's
/// shortest such chain, 7.1) and the shortest alternating inference chain (7.0 and its
/// bonus; an XY-chain when it only uses cells with two candidates). Ties go to the simpler
/// pattern, in that order.
pub(crate) fn easiest(ctx: &Context, g: &Grid) -> Option<Step> {
    let x = find(ctx, g, Kind::X);
    if x.as_ref()
        .is_some_and(|s| s.score <= Technique::Aic.base_score() + 1e-9)
    {
        return x;
    }
    let w = super::wings::w_wing(ctx, g);
    let a = find(ctx, g, Kind::Aic);
    [x, w, a]
        .into_iter()
        .flatten()
        .reduce(|best, s| if s.score < best.score - 1e-9 { s } else { best })
}
