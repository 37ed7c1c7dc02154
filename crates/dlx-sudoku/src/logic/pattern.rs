//! What a page needs to draw a step, as plain data: the links of a chain, the houses
//! (regions) of a pattern with what each does, the role of each candidate, and where a
//! contradiction appears. Filled only for the step a finder returns (never inside a
//! search), so it costs nothing while techniques are tried.

use crate::layout::RegionName;

use super::grid::{Context, Grid};
use super::step::Candidate;

/// A link between two consecutive nodes of a chain, `from` then `to` in chain order.
///
/// A strong link: at least one of the two nodes is true. A weak link: at most one is. A
/// chain alternates them, and reads "if `from` is false, `to` is true" across a strong link
/// and "if `from` is true, `to` is false" across a weak one.
///
/// A node is one candidate, or in a grouped chain a group: two or more places of one
/// symbol where a box meets a line, true when one of them is. A group's candidates are in
/// `from_group` (`to_group`), and `from` (`to`) is the first of them, so a page that draws
/// only `from` and `to` still draws a link between the right houses.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Link {
    /// The node the link leaves (a group's first candidate).
    pub from: Candidate,
    /// The node it reaches (a group's first candidate).
    pub to: Candidate,
    /// Strong (`true`) or weak.
    pub strong: bool,
    /// For a strong link of a chain or of 3D Medusa, what makes it strong: the region where
    /// the symbol has no other place, or the cell with no other candidate; `None` for a weak
    /// link, and for the links of forcing chains and nets (their strong links are the
    /// singles of a branch, drawn from candidate to candidate).
    pub house: Option<LinkHouse>,
    /// Every candidate of `from` when it is a group, ascending; empty for one candidate.
    pub from_group: Vec<Candidate>,
    /// Every candidate of `to` when it is a group, ascending; empty for one candidate.
    pub to_group: Vec<Candidate>,
}

impl Link {
    /// A link between two single candidates with no house: a weak link, or a forcing
    /// chain's or net's implication.
    pub(crate) fn plain(from: Candidate, to: Candidate, strong: bool) -> Link {
        Link {
            from,
            to,
            strong,
            house: None,
            from_group: Vec::new(),
            to_group: Vec::new(),
        }
    }
}

/// What makes a strong link strong: one of its two nodes must be true there.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum LinkHouse {
    /// A region where the link's symbol has no place but the two nodes.
    Region(RegionName),
    /// A cell (reading order, from 0) with no candidate but the link's two.
    Cell(usize),
}

/// What a candidate does in a step's pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// The candidate a single places (naked or hidden single, BUG+1's extra candidate).
    Single,
    /// One of a locked candidate's places in its base house (also a Sue de Coq's cells
    /// where its two regions meet).
    Locked,
    /// A candidate of a naked or hidden pair, triple or quad (also the extra cells of a
    /// unique rectangle of type 3, and a Sue de Coq's cells in one of its regions only).
    Subset,
    /// A place of a fish's symbol, where a base house meets a cover house.
    Fish,
    /// A fin of a finned or sashimi fish: a place of its symbol in a base house but in no
    /// cover house. The fins share a box; the step removes only candidates that see them all.
    Fin,
    /// The cell a wing turns on: XY- and XYZ-Wing's pivot, an ALS wing's bivalue cell, an
    /// ALS-XY-Wing's middle set, a death blossom's stem.
    Pivot,
    /// An XY- or XYZ-Wing's pincer, or one of a W-Wing's two bivalue cells.
    Pincer,
    /// One end of the strong link that joins a W-Wing's two cells.
    StrongLink,
    /// A cell of an almost locked set: an ALS wing's, ALS-XZ's, the outer sets of an
    /// ALS-XY-Wing, a death blossom's petals, an ALS chain's end sets.
    AlsMember,
    /// A unique rectangle's cell holding only the two symbols.
    Floor,
    /// A unique rectangle's cell holding more than the two symbols.
    Roof,
    /// One end of a chain: the candidate assumed false first, or the one proved true last.
    ChainEnd,
    /// A node of a chain between its ends (also the middle sets of an ALS chain).
    ChainNode,
    /// A candidate a forcing chain tries (every branch), or the one a contradiction chain
    /// assumes.
    Source,
    /// A placement a contradiction or forcing chain's (or net's) branch makes on the way
    /// from its source to the contradiction or the common conclusion, in the order made.
    Implied,
    /// A filled cell (a given or an entry) whose symbol rules out what a single leaves out:
    /// for a hidden single, the symbol in a peer of another empty cell of the region; for a
    /// naked single, another symbol in a peer of the cell. Its candidate is the filled cell
    /// and its symbol. Where a candidate was taken out by an earlier step instead, no cell
    /// rules it out and none is named.
    Blocker,
    /// A candidate of 3D Medusa's first colour: the candidates of one colour are all true
    /// or all false, and those of the other colour ([`Role::ColourB`]) the opposite.
    ColourA,
    /// A candidate of 3D Medusa's second colour.
    ColourB,
    /// A candidate of an aligned pair's or triplet's cells that some allowed combination of
    /// symbols still uses (the ones no combination uses are the step's eliminations).
    Aligned,
    /// A candidate of a cell that sees every cell of an aligned pair or triplet and holds
    /// no more candidates than it has cells: a combination holding all of them is ruled out.
    Excluder,
}

impl Role {
    /// Every role, in the order of this enum.
    pub const ALL: [Role; 20] = [
        Role::Single,
        Role::Locked,
        Role::Subset,
        Role::Fish,
        Role::Fin,
        Role::Pivot,
        Role::Pincer,
        Role::StrongLink,
        Role::AlsMember,
        Role::Floor,
        Role::Roof,
        Role::ChainEnd,
        Role::ChainNode,
        Role::Source,
        Role::Implied,
        Role::Blocker,
        Role::ColourA,
        Role::ColourB,
        Role::Aligned,
        Role::Excluder,
    ];

    /// The role's name in `snake_case`, e.g. `pivot`, `als_member`.
    pub fn name(self) -> &'static str {
        match self {
            Role::Single => "single",
            Role::Locked => "locked",
            Role::Subset => "subset",
            Role::Fish => "fish",
            Role::Fin => "fin",
            Role::Pivot => "pivot",
            Role::Pincer => "pincer",
            Role::StrongLink => "strong_link",
            Role::AlsMember => "als_member",
            Role::Floor => "floor",
            Role::Roof => "roof",
            Role::ChainEnd => "chain_end",
            Role::ChainNode => "chain_node",
            Role::Source => "source",
            Role::Implied => "implied",
            Role::Blocker => "blocker",
            Role::ColourA => "colour_a",
            Role::ColourB => "colour_b",
            Role::Aligned => "aligned",
            Role::Excluder => "excluder",
        }
    }
}

/// A candidate and what it does in the pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Part {
    /// The candidate.
    pub candidate: Candidate,
    /// What it does.
    pub role: Role,
}

/// What a house (region) does in a step's pattern.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum HouseRole {
    /// The house the pattern lives in: a single's, a subset's or an ALS's region (each of a
    /// Sue de Coq's two), a
    /// fish's base line, the region whose places a locked candidate or a forcing chain
    /// takes.
    Base,
    /// A house the pattern covers, whose other cells lose the symbol: a fish's cover line,
    /// the second region of a locked candidate.
    Cover,
    /// The house where a direct step's hidden single lands (direct pointing, claiming).
    Target,
    /// The house of a strong link a step uses (W-Wing, unique rectangle of type 4).
    Link,
}

impl HouseRole {
    /// Every house role, in the order of this enum.
    pub const ALL: [HouseRole; 4] = [
        HouseRole::Base,
        HouseRole::Cover,
        HouseRole::Target,
        HouseRole::Link,
    ];

    /// The house role's name in `snake_case`, e.g. `base`, `cover`.
    pub fn name(self) -> &'static str {
        match self {
            HouseRole::Base => "base",
            HouseRole::Cover => "cover",
            HouseRole::Target => "target",
            HouseRole::Link => "link",
        }
    }
}

/// A house of a pattern and what it does.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct House {
    /// The region.
    pub region: RegionName,
    /// What it does.
    pub role: HouseRole,
}

/// Where a contradiction chain's (or net's) assumption breaks the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Contradiction {
    /// An empty cell with no candidate left.
    Cell(usize),
    /// A symbol (from 1) with no place left in a region.
    House(RegionName, u8),
}

/// The links of a chain whose candidates are `nodes`, in order, and whose first link is
/// strong (`first_strong`): the links alternate from there, each strong one with its
/// house on `g`.
pub(crate) fn alternating(
    ctx: &Context,
    g: &Grid,
    nodes: &[Candidate],
    first_strong: bool,
) -> Vec<Link> {
    let nodes: Vec<&[Candidate]> = nodes.iter().map(std::slice::from_ref).collect();
    alternating_groups(ctx, g, &nodes, first_strong)
}

/// [`alternating`] for a chain whose nodes may be groups (each node its candidates: one,
/// or a group's, ascending).
pub(crate) fn alternating_groups(
    ctx: &Context,
    g: &Grid,
    nodes: &[&[Candidate]],
    first_strong: bool,
) -> Vec<Link> {
    let group = |node: &[Candidate]| {
        if node.len() > 1 {
            node.to_vec()
        } else {
            Vec::new()
        }
    };
    nodes
        .windows(2)
        .enumerate()
        .map(|(i, w)| {
            let strong = (i % 2 == 0) == first_strong;
            Link {
                from: w[0][0],
                to: w[1][0],
                strong,
                house: if strong {
                    strong_house(ctx, g, w[0], w[1])
                } else {
                    None
                },
                from_group: group(w[0]),
                to_group: group(w[1]),
            }
        })
        .collect()
}

/// What makes nodes `a` and `b` (each one candidate or a group of one symbol) strongly
/// linked on `g`: the cell holding only their two candidates, or the first exactly-once
/// region that holds both and no other place of their symbol. `None` if neither does.
pub(crate) fn strong_house(
    ctx: &Context,
    g: &Grid,
    a: &[Candidate],
    b: &[Candidate],
) -> Option<LinkHouse> {
    if let ([x], [y]) = (a, b) {
        if x.cell == y.cell {
            let only = g.cand[x.cell] == super::grid::bit(x.value) | super::grid::bit(y.value);
            return only.then_some(LinkHouse::Cell(x.cell));
        }
    }
    let v = a[0].value;
    let nodes: Vec<usize> = a.iter().chain(b).map(|c| c.cell).collect();
    if a.iter().chain(b).any(|c| c.value != v) {
        return None;
    }
    ctx.exact.iter().find_map(|&r| {
        let cells = ctx.layout.region_cells(r);
        let holds = nodes.iter().all(|&c| cells.contains(&(c as u32)));
        let alone = holds && g.places(ctx, r, v).iter().all(|p| nodes.contains(p));
        alone.then(|| LinkHouse::Region(ctx.layout.region_name(r)))
    })
}

/// The chain's candidates with their roles: the two end nodes' [`Role::ChainEnd`], the
/// rest [`Role::ChainNode`] (each candidate once, in chain order; a group's every
/// candidate).
pub(crate) fn chain_roles(links: &[Link]) -> Vec<Part> {
    let (Some(first), Some(last)) = (links.first(), links.last()) else {
        return Vec::new();
    };
    let node = |one: &Candidate, group: &[Candidate]| -> Vec<Candidate> {
        if group.is_empty() {
            vec![*one]
        } else {
            group.to_vec()
        }
    };
    let mut ends = node(&first.from, &first.from_group);
    ends.extend(node(&last.to, &last.to_group));
    let mut parts: Vec<Part> = Vec::new();
    let nodes = std::iter::once(node(&first.from, &first.from_group))
        .chain(links.iter().map(|l| node(&l.to, &l.to_group)));
    for candidate in nodes.flatten() {
        if parts.iter().any(|p| p.candidate == candidate) {
            continue;
        }
        let role = if ends.contains(&candidate) {
            Role::ChainEnd
        } else {
            Role::ChainNode
        };
        parts.push(Part { candidate, role });
    }
    parts
}

/// Every candidate of `candidates` with the same role.
pub(crate) fn all(candidates: &[Candidate], role: Role) -> Vec<Part> {
    candidates
        .iter()
        .map(|&candidate| Part { candidate, role })
        .collect()
}
