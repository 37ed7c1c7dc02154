//! 3D Medusa: the candidates joined by strong links that are conjugate (exactly one of the
//! two is true: a cell's two candidates, a symbol's two places in a region) fall into
//! clusters, and each cluster into two colours by the parity of its links: one colour is
//! all true, the other all false. SudokuWiki's six rules
//! (<https://www.sudokuwiki.org/3D_Medusa>) come down to three here:
//!
//! - a colour holding two candidates that cannot both be true (twice in a cell, twice in
//!   a region: rules 1 and 2) is false;
//! - a candidate outside the cluster that cannot be true with a candidate of either colour
//!   (it sees both colours, or sees one and shares a cell with the other, or shares a cell
//!   with both: rules 3, 4 and 5) is false;
//! - a colour that would leave a cell with no candidate (rule 6) is false.
//!
//! Sudoku Explainer has no colouring across symbols: what 3D Medusa removes, SE removes
//! with forcing chains through the same links. So each elimination is rated as that chain
//! (the AIC's 7.0 plus SE's length bonus for the shortest path through the colouring; a
//! colour emptying a cell as a cell forcing chain), and a step takes the cluster's
//! eliminations of its lowest rating: never below the chain SE would use.

use std::cell::RefCell;
use std::collections::VecDeque;

use super::chains::{candidate, node, se_length};
use super::grid::{join, values, Context, Grid};
use super::pattern::{self, Link, Part, Role};
use super::step::{length_bonus, Candidate, Step, Technique};

/// What a cluster proves: eliminations, their rating, and why, in words.
struct Finding {
    score: f64,
    eliminations: Vec<Candidate>,
    why: String,
}

/// No colour, or not a member of the cluster.
const NONE: u32 = u32::MAX;

/// The 3D Medusa step of lowest rating on `g` (ties to the one removing most), over the
/// clusters that join candidates of at least two symbols (one symbol's is simple
/// colouring, an X-chain's business). `strong` and `weak` are the grid's link graph
/// (candidate nodes, [`node`]): the strong links of candidates are conjugates.
pub(crate) fn find(
    ctx: &Context,
    g: &Grid,
    strong: &[Vec<u32>],
    weak: &[Vec<u32>],
) -> Option<Step> {
    let n = ctx.n;
    let total = g.values.len() * n;
    // Each node's cluster (its root + 1) and colour; each node's index in its cluster.
    let mut cluster_of = vec![NONE; total];
    let mut colour = vec![0u8; total];
    let mut index = vec![NONE; total];
    // Which colours of the current cluster a node is weakly linked to (bits 1 and 2),
    // valid where `marked` holds the cluster's stamp.
    let mut seen = vec![0u8; total];
    let mut marked = vec![NONE; total];
    let mut best: Option<Best> = None;
    for root in 0..total {
        if strong[root].is_empty() || cluster_of[root] != NONE {
            continue;
        }
        let stamp = root as u32;
        // The cluster, breadth first: its members and the links that coloured them.
        cluster_of[root] = stamp;
        colour[root] = 0;
        index[root] = 0;
        let mut members = vec![root as u32];
        let mut tree: Vec<(u32, u32)> = Vec::new();
        let mut i = 0;
        while i < members.len() {
            let x = members[i];
            for &y in &strong[x as usize] {
                if cluster_of[y as usize] == NONE {
                    cluster_of[y as usize] = stamp;
                    colour[y as usize] = 1 - colour[x as usize];
                    index[y as usize] = members.len() as u32;
                    tree.push((x, y));
                    members.push(y);
                }
            }
            i += 1;
        }
        let first = members[0] as usize % n;
        if members.iter().all(|&m| m as usize % n == first) {
            continue;
        }
        for &m in &members {
            let bit = 1u8 << colour[m as usize];
            for &w in &weak[m as usize] {
                let w = w as usize;
                if marked[w] != stamp {
                    marked[w] = stamp;
                    seen[w] = 0;
                }
                seen[w] |= bit;
            }
        }
        let cluster = Cluster {
            ctx,
            g,
            strong,
            members: &members,
            colour: &colour,
            index: &index,
            seen: &|node: u32| {
                if marked[node as usize] == stamp {
                    seen[node as usize]
                } else {
                    0
                }
            },
            in_cluster: &|node: u32| cluster_of[node as usize] == stamp,
            rows: RefCell::new(vec![None; members.len()]),
        };
        let findings = cluster.findings();
        let Some(low) = findings.iter().map(|f| f.score).reduce(f64::min) else {
            continue;
        };
        let chosen: Vec<Finding> = findings
            .into_iter()
            .filter(|f| f.score <= low + 1e-9)
            .collect();
        let removed = eliminations(&chosen).len();
        let better = best
            .as_ref()
            .is_none_or(|b| low < b.score - 1e-9 || (low < b.score + 1e-9 && removed > b.removed));
        if better {
            best = Some(Best {
                score: low,
                removed,
                chosen,
                members,
                tree,
            });
        }
    }
    // The step, for the best cluster only (its members keep their colour and index: each
    // node is in one cluster).
    let best = best?;
    let cluster = Cluster {
        ctx,
        g,
        strong,
        members: &best.members,
        colour: &colour,
        index: &index,
        seen: &|_| 0,
        in_cluster: &|_| false,
        rows: RefCell::new(Vec::new()),
    };
    Some(cluster.step(&best.chosen, best.score, &best.tree))
}

/// The cluster of the best step so far: its rating, how many candidates it removes, what
/// it proves at that rating, its members and the links that coloured them.
struct Best {
    score: f64,
    removed: usize,
    chosen: Vec<Finding>,
    members: Vec<u32>,
    tree: Vec<(u32, u32)>,
}

/// The candidates that `findings` remove, ascending, each once.
fn eliminations(findings: &[Finding]) -> Vec<Candidate> {
    let mut out: Vec<Candidate> = findings
        .iter()
        .flat_map(|f| f.eliminations.iter().copied())
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// One cluster: its members (node numbers) with their colour, which colours each node is
/// weakly linked to, and the distances between members along strong links, computed row
/// by row as needed.
struct Cluster<'a> {
    ctx: &'a Context<'a>,
    g: &'a Grid,
    strong: &'a [Vec<u32>],
    members: &'a [u32],
    /// Each member's colour, by node.
    colour: &'a [u8],
    /// Each member's index in `members`, by node.
    index: &'a [u32],
    /// The colours (bit 1: A, bit 2: B) a node is weakly linked to.
    seen: &'a dyn Fn(u32) -> u8,
    /// Whether a node is a member.
    in_cluster: &'a dyn Fn(u32) -> bool,
    rows: RefCell<Vec<Option<Vec<u32>>>>,
}

impl Cluster<'_> {
    fn cand(&self, node: u32) -> Candidate {
        candidate(self.ctx.n, node)
    }

    /// The number of strong links between members `a` and `b`.
    fn distance(&self, a: u32, b: u32) -> u32 {
        let (ia, ib) = (
            self.index[a as usize] as usize,
            self.index[b as usize] as usize,
        );
        let mut rows = self.rows.borrow_mut();
        let row = rows[ia].get_or_insert_with(|| {
            let mut dist = vec![u32::MAX; self.members.len()];
            dist[ia] = 0;
            let mut queue = VecDeque::from([a]);
            while let Some(x) = queue.pop_front() {
                let d = dist[self.index[x as usize] as usize];
                for &y in &self.strong[x as usize] {
                    let iy = self.index[y as usize] as usize;
                    if dist[iy] == u32::MAX {
                        dist[iy] = d + 1;
                        queue.push_back(y);
                    }
                }
            }
            dist
        });
        row[ib]
    }

    /// Whether candidates `a` and `b` cannot both be true: one cell, or one symbol in
    /// cells that see each other.
    fn weak(&self, a: Candidate, b: Candidate) -> bool {
        if a.cell == b.cell {
            a.value != b.value
        } else {
            a.value == b.value && self.ctx.sees(a.cell, b.cell)
        }
    }

    fn name(&self, c: Candidate) -> String {
        format!("{} in {}", self.ctx.sym(c.value), self.ctx.cell(c.cell))
    }

    /// The members of colour `c`.
    fn of(&self, c: u8) -> impl Iterator<Item = u32> + '_ {
        self.members
            .iter()
            .copied()
            .filter(move |&m| self.colour[m as usize] == c)
    }

    /// Everything the cluster proves, each with its rating.
    fn findings(&self) -> Vec<Finding> {
        let mut out = Vec::new();
        for c in 0..2u8 {
            if let Some(f) = self.twice(c).or_else(|| self.empties(c)) {
                out.push(f);
            }
        }
        out.extend(self.sees_both());
        out
    }

    /// The members of colour `c` that cannot be true with candidate `z`.
    fn witnesses(&self, c: u8, z: u32) -> Vec<u32> {
        let zc = self.cand(z);
        self.of(c)
            .filter(|&m| self.weak(self.cand(m), zc))
            .collect()
    }

    /// Rules 1 and 2: two members of colour `c` that cannot both be true make `c` false,
    /// rated as SE's chain from each member of `c` to both and back ("if it is true, it is
    /// false"), the longest of them; the pair of the lowest rating.
    fn twice(&self, c: u8) -> Option<Finding> {
        let own: Vec<u32> = self.of(c).collect();
        let bit = 1u8 << c;
        let mut best: Option<(u32, u32, u32)> = None;
        for &a in own.iter().filter(|&&a| (self.seen)(a) & bit != 0) {
            for b in self.witnesses(c, a) {
                let links = own
                    .iter()
                    .map(|&m| self.distance(m, a) + self.distance(m, b) + 1)
                    .max()
                    .unwrap_or(0);
                if best.is_none_or(|(l, _, _)| links < l) {
                    best = Some((links, a, b));
                }
            }
        }
        let (links, a, b) = best?;
        let (a, b) = (self.cand(a), self.cand(b));
        let place = if a.cell == b.cell {
            format!("both in {}", self.ctx.cell(a.cell))
        } else {
            "which see each other".to_string()
        };
        Some(Finding {
            score: Technique::Medusa.base_score() + length_bonus(se_length(links as usize, true)),
            eliminations: own.iter().map(|&m| self.cand(m)).collect(),
            why: format!(
                "{} has {} and {}, {place}, so {} is false",
                colour_name(c),
                self.name(a),
                self.name(b),
                colour_name(c)
            ),
        })
    }

    /// Rule 6: colour `c` true would leave an empty cell with no candidate (each is of the
    /// other colour or sees a candidate of `c`), so `c` is false; rated as SE's cell forcing
    /// chain on that cell, whose branches reach each member of `c`.
    fn empties(&self, c: u8) -> Option<Finding> {
        let n = self.ctx.n;
        let bit = 1u8 << c;
        // Whether colour `c` true rules out candidate `z`.
        let out = |z: u32| {
            if (self.in_cluster)(z) {
                self.colour[z as usize] != c
            } else {
                (self.seen)(z) & bit != 0
            }
        };
        let cell = (0..self.g.values.len()).find(|&cell| {
            let m = self.g.cand[cell];
            m != 0 && values(m).all(|v| out(node(n, cell, v)))
        })?;
        let own: Vec<u32> = self.of(c).collect();
        // SE's length: each branch from a candidate of the cell to a member, summed.
        let branches: Vec<Vec<u32>> = values(self.g.cand[cell])
            .map(|v| {
                let z = node(n, cell, v);
                if (self.in_cluster)(z) {
                    vec![z]
                } else {
                    self.witnesses(c, z)
                }
            })
            .collect();
        let length = own
            .iter()
            .map(|&x| {
                branches
                    .iter()
                    .map(|ws| {
                        ws.iter()
                            .map(|&w| self.distance(w, x) as usize + 2)
                            .min()
                            .unwrap_or(0)
                    })
                    .sum::<usize>()
            })
            .max()
            .unwrap_or(0);
        Some(Finding {
            score: Technique::ForcingChain.base_score() + length_bonus(length),
            eliminations: own.iter().map(|&m| self.cand(m)).collect(),
            why: format!(
                "{} would leave {} no candidate, so {} is false",
                colour_name(c),
                self.ctx.cell(cell),
                colour_name(c)
            ),
        })
    }

    /// Rules 3, 4 and 5: a candidate outside the cluster that cannot be true with a member
    /// of colour A nor with one of colour B is false, rated as SE's chain between the two
    /// (the closest pair).
    fn sees_both(&self) -> Vec<Finding> {
        let mut out = Vec::new();
        for cell in 0..self.g.values.len() {
            for v in values(self.g.cand[cell]) {
                let e = node(self.ctx.n, cell, v);
                if (self.in_cluster)(e) || (self.seen)(e) != 3 {
                    continue;
                }
                let (a, b) = (self.witnesses(0, e), self.witnesses(1, e));
                let mut pair: Option<(u32, u32, u32)> = None;
                for &x in &a {
                    for &y in &b {
                        let d = self.distance(x, y);
                        if pair.is_none_or(|(l, _, _)| d < l) {
                            pair = Some((d, x, y));
                        }
                    }
                }
                let Some((links, x, y)) = pair else { continue };
                let ec = self.cand(e);
                out.push(Finding {
                    score: Technique::Medusa.base_score()
                        + length_bonus(se_length(links as usize, false)),
                    eliminations: vec![ec],
                    why: format!(
                        "{} cannot be true with {} ({}) nor with {} ({})",
                        self.name(ec),
                        self.name(self.cand(x)),
                        colour_name(self.colour[x as usize]),
                        self.name(self.cand(y)),
                        colour_name(self.colour[y as usize]),
                    ),
                });
            }
        }
        out
    }

    /// The step: the chosen findings' eliminations, the cluster's members with their
    /// colours, and the links that coloured them.
    fn step(&self, chosen: &[Finding], score: f64, tree: &[(u32, u32)]) -> Step {
        let whys: Vec<String> = chosen.iter().map(|f| f.why.clone()).collect();
        let root = self.cand(self.members[0]);
        let reason = format!(
            "Colouring the candidates joined by strong links to {} splits {} of them into two colours, one all true and the other all false: {}.",
            self.name(root),
            self.members.len(),
            join(&whys, "and")
        );
        let mut step = Step::new(Technique::Medusa, reason);
        step.score = score;
        step.candidates = self.members.iter().map(|&m| self.cand(m)).collect();
        step.roles = self
            .members
            .iter()
            .map(|&m| Part {
                candidate: self.cand(m),
                role: if self.colour[m as usize] == 0 {
                    Role::ColourA
                } else {
                    Role::ColourB
                },
            })
            .collect();
        step.links = tree
            .iter()
            .map(|&(x, y)| {
                let (a, b) = (self.cand(x), self.cand(y));
                Link {
                    from: a,
                    to: b,
                    strong: true,
                    house: pattern::strong_house(self.ctx, self.g, &[a], &[b]),
                    from_group: Vec::new(),
                    to_group: Vec::new(),
                }
            })
            .collect();
        let mut cells: Vec<usize> = step.candidates.iter().map(|c| c.cell).collect();
        cells.sort_unstable();
        cells.dedup();
        step.cells = cells;
        step.eliminations = eliminations(chosen);
        step
    }
}

/// "colour A", "colour B".
fn colour_name(c: u8) -> &'static str {
    if c == 0 {
        "colour A"
    } else {
        "colour B"
    }
}
