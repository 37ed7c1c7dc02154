//! What an assumption leads to: the propagation behind contradiction and forcing chains and
//! forcing nets (Sudoku Explainer's chaining). A candidate is assumed true, or false, then
//! rules are applied to the assumed grid until none applies or the grid breaks. Which
//! rules grows with [`Rules`]: the assumed symbol's hidden singles alone (SE's Nishio,
//! 7.5); the links the grid has before the assumption, never the grid as it changes (SE's
//! static multiple forcing chains, 8.0, in [`statics`](super::statics)); naked and hidden
//! singles (SE's dynamic forcing chains, 8.5); then locked candidates, naked and hidden
//! pairs and X-Wing whenever singles stall (SE's "Dynamic Forcing Chains (+)", 9.0); then,
//! nested, whole chains inside the assumption (SE's nested forcing chains): alternating
//! inference chains (9.5), then cell and region forcing chains of singles (10.0), then
//! contradiction chains of singles (10.5), then the forcing nets of 9.5 themselves (11.0),
//! each level with every rule of the levels from singles up and each rule tried only when
//! the cheaper ones stall.
//!
//! With a [`Trace`] (only for the step a finder returns, never inside a search) the
//! propagation records why each candidate was turned on (a single, or a rule's placement)
//! or off (a placement, or a rule's elimination), so that the step can give the
//! implications leading from its source to its conclusion as links a page can draw.

use std::collections::HashMap;

use crate::grade::UNSOLVED_SCORE;
use crate::propagate::full_mask;

use super::chains::{self, Kind};
use super::forcing;
use super::grid::{bit, values, Context, Grid};
use super::pattern::Link;
use super::step::{length_bonus, Candidate, Step, Technique};
use super::{fish, intersections, subsets};

/// How many candidates of Sudoku Explainer's chain one placement stands for (itself and
/// the candidates it removes that the chain goes on from), for the length bonus: a factor
/// calibrated on the SE-rated puzzles of `crates/dlx-sudoku/tests/sudoku_se.rs`.
pub(crate) const SE_CANDIDATES_PER_PLACEMENT: usize = 3;

/// Which rules the propagation applies inside an assumption, each level with every rule of
/// the levels before it (from [`Rules::Singles`]; the two below it are narrower).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Rules {
    /// The assumed symbol's hidden singles alone, on the grid as the assumption changes
    /// it (Sudoku Explainer's Nishio, 7.5: its chains follow one symbol's links only).
    Nishio,
    /// Implications on the grid as it is before the assumption (see
    /// [`statics`](super::statics)): a candidate turned on rules out the other candidates
    /// of its cell and its symbol in its peers, one turned off forces the other candidate
    /// of a cell that had two, and the other place of a symbol in a region that had two
    /// (SE's multiple forcing chains, 8.0: its static chaining).
    Static,
    /// Naked and hidden singles on the grid as the assumption changes it (SE's dynamic
    /// forcing chains, 8.5).
    Singles,
    /// Then locked candidates, hidden and naked pairs and X-Wing (SE's dynamic chains "+",
    /// 9.0).
    Plus,
    /// Then the shortest alternating inference chain (SE's nested forcing chains, 9.5).
    Chains,
    /// Then, inside the assumption, cell and region forcing chains of singles on the grid
    /// as it changes (dynamic ones, cells and regions of two or three; SE's third nesting
    /// level, 10.0, whose inner chains are its multiple and dynamic ones).
    Forcing,
    /// Then, inside the assumption, contradiction chains of singles (SE's fourth nesting
    /// level, 10.5).
    Contradiction,
    /// Then, inside the assumption, the first forcing net of [`Rules::Chains`] (9.5) that
    /// [`forcing::each_step`] finds: SE's fifth nesting level, 11.0, whose inner rules are
    /// its dynamic forcing chains and then a whole chaining search of its second level
    /// (`Chaining.getAdvancedPotentials`, `level - 3` for level 5, in Juillerat's Sudoku
    /// Explainer 1.2.1, the version the forum's lists of the hardest were rated with).
    Nets,
}

impl Rules {
    /// Every level above singles, easiest first: the nested forcing nets.
    pub(crate) const NETS: [Rules; 5] = [
        Rules::Plus,
        Rules::Chains,
        Rules::Forcing,
        Rules::Contradiction,
        Rules::Nets,
    ];

    /// Sudoku Explainer's base difficulty of a chain or net whose propagation uses these
    /// rules: Nishio 7.5, multiple (static) 8.0, dynamic 8.5, and a half per nesting level
    /// (SE's `Chaining.getDifficulty`).
    pub(crate) fn base_score(self) -> f64 {
        match self {
            Rules::Nishio => 7.5,
            Rules::Static => 8.0,
            Rules::Singles => 8.5,
            Rules::Plus => 9.0,
            Rules::Chains => 9.5,
            Rules::Forcing => 10.0,
            Rules::Contradiction => 10.5,
            Rules::Nets => 11.0,
        }
    }

    /// Whether the propagation works on the grid as the assumption changes it (SE's
    /// `isDynamic`): every level but [`Rules::Static`]. Nishio is dynamic, but follows one
    /// symbol only.
    pub(crate) fn dynamic(self) -> bool {
        self != Rules::Static
    }

    /// Whether a level assumes candidates false too (SE's binary chaining, a contradiction
    /// from a candidate assumed false, and double forcing): every dynamic level in SE; here
    /// all but the nested ones ([`Rules::Chains`] and up), whose every assumption searches
    /// chains inside it: assuming false as well doubled the time of the hardest puzzles'
    /// grades (every 8th of the vendored 1106 sample: max 37 s to 108 s natively).
    pub(crate) fn assumes_false(self) -> bool {
        self.dynamic() && self < Rules::Chains
    }

    /// The technique of a contradiction found with these rules: a contradiction chain for
    /// Nishio, a net for the dynamic levels (a candidate there may have several parents).
    pub(crate) fn contradiction_technique(self) -> Technique {
        match self {
            Rules::Nishio | Rules::Static => Technique::ContradictionChain,
            _ => Technique::ContradictionNet,
        }
    }

    /// The technique of a common conclusion found with these rules: a forcing chain for
    /// static implications, a forcing net for the dynamic levels.
    pub(crate) fn forcing_technique(self) -> Technique {
        match self {
            Rules::Nishio | Rules::Static => Technique::ForcingChain,
            _ => Technique::ForcingNet,
        }
    }

    /// Sudoku Explainer's difficulty of a chain or net whose propagation uses these rules,
    /// of `complexity` ([`Net::nodes`], added up over a forcing net's branches): the base
    /// and the length bonus for the complexity less 2 (SE's `getDifficulty` and
    /// `getLengthDifficulty` of its chaining hints), kept below [`UNSOLVED_SCORE`], the
    /// grade of a puzzle logic does not solve (SE's bonus has no upper end; the highest
    /// rating it is known to give is 11.9).
    pub(crate) fn net_score(self, complexity: usize) -> f64 {
        let score = self.base_score() + length_bonus(complexity.saturating_sub(2));
        score.min(UNSOLVED_SCORE - 0.1)
    }

    /// The rules in words, for a step's reason: "singles", "singles, locked candidates,
    /// pairs and X-Wings", ...
    pub(crate) fn words(self) -> &'static str {
        match self {
            Rules::Nishio => "that symbol's hidden singles",
            Rules::Static => "the grid's strong and weak links",
            Rules::Singles => "singles",
            Rules::Plus => "singles, locked candidates, pairs and X-Wings",
            Rules::Chains => "singles, locked candidates, pairs, X-Wings and chains",
            Rules::Forcing => {
                "singles, locked candidates, pairs, X-Wings, chains and forcing chains"
            }
            Rules::Contradiction => {
                "singles, locked candidates, pairs, X-Wings, chains, forcing chains and contradiction chains"
            }
            Rules::Nets => {
                "singles, locked candidates, pairs, X-Wings, chains, forcing chains, contradiction chains and forcing nets"
            }
        }
    }
}

/// Where an assumption broke the grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Broken {
    /// An empty cell with no candidate left.
    Cell(usize),
    /// A symbol with no place left in an exactly-once region.
    Region(usize, u8),
}

/// A candidate turned on (true) or off (false) by an assumption.
pub(crate) type Node = (Candidate, bool);

/// Why each candidate an assumption reached was turned on or off: the order in which it
/// was, and its parents, each with whether the link from it is drawn (a true strong or
/// weak link) or only followed (the eliminations that made a rule's pattern).
#[derive(Debug, Default)]
pub(crate) struct Trace {
    parents: HashMap<Node, (usize, Vec<(Node, bool)>)>,
    /// For a candidate a nested chain turned off (or on), that chain's links inside the
    /// assumption: an alternating inference chain's, or each branch's implications of a
    /// forcing or contradiction chain; and which of [`Trace::complexities`] is that
    /// chain's.
    nested: HashMap<Node, (usize, Vec<Link>)>,
    /// Each nested chain's complexity (Sudoku Explainer's, see [`Net::nodes`]), once per
    /// chain however many candidates it concludes.
    complexities: Vec<usize>,
    /// Where each single was made: the cell of a naked single, the region of a hidden one
    /// (Sudoku Explainer's cause of a candidate turned on), where a nested chain's single
    /// relies on what the propagation around it turned off; by [`Trace::single_index`] (a
    /// vector, not a map: a map of its own type would add its code to the wasm module).
    singles: Vec<Option<Made>>,
}

/// Where a single was made (see [`Trace`]).
#[derive(Debug, Clone, Copy)]
enum Made {
    /// A naked single: its cell had no other candidate.
    Cell,
    /// A hidden single: this region had no other place for its symbol.
    Region(usize),
}

impl Trace {
    /// Records `node` with its parents, unless it is recorded already (the first reason
    /// stands).
    pub(super) fn add(&mut self, node: Node, parents: Vec<(Node, bool)>) {
        let next = self.parents.len();
        self.parents.entry(node).or_insert((next, parents));
    }

    fn has(&self, node: &Node) -> bool {
        self.parents.contains_key(node)
    }

    /// A candidate's index into [`Trace::singles`] (symbols are at most 25, below 32).
    fn single_index(c: Candidate) -> usize {
        c.cell * 32 + c.value as usize
    }

    /// Records where the single `c` was made, unless it is recorded already.
    fn made(&mut self, c: Candidate, made: Made) {
        let i = Self::single_index(c);
        if self.singles.len() <= i {
            self.singles.resize(i + 1, None);
        }
        self.singles[i].get_or_insert(made);
    }

    /// Where the single `c` was made, if it was one.
    fn single(&self, c: Candidate) -> Option<Made> {
        self.singles.get(Self::single_index(c)).copied().flatten()
    }

    /// The candidates, on or off, that `targets` rest on (themselves included), in the
    /// order a depth-first walk up their parents meets them, and the nested chains among
    /// them (indices into [`Trace::complexities`], each once).
    fn ancestors(&self, targets: &[Node]) -> (Vec<Node>, Vec<usize>) {
        let mut seen: Vec<Node> = Vec::new();
        let mut met: std::collections::HashSet<Node> = std::collections::HashSet::new();
        let mut todo: Vec<Node> = targets.iter().copied().filter(|t| self.has(t)).collect();
        let mut chains: Vec<usize> = Vec::new();
        while let Some(node) = todo.pop() {
            if !met.insert(node) {
                continue;
            }
            seen.push(node);
            let Some((_, parents)) = self.parents.get(&node) else {
                continue;
            };
            if let Some((chain, _)) = self.nested.get(&node) {
                if !chains.contains(chain) {
                    chains.push(*chain);
                }
            }
            todo.extend(parents.iter().map(|&(parent, _)| parent));
        }
        (seen, chains)
    }

    /// Sudoku Explainer's complexity of what leads to `targets` ([`Net::nodes`]), without
    /// the links: what a search compares before it builds the step it takes.
    pub(crate) fn nodes(&self, targets: &[Node]) -> usize {
        let (seen, chains) = self.ancestors(targets);
        Self::complexity(&seen, &chains, &self.complexities)
    }

    /// Sudoku Explainer's complexity of the contradiction at `targets` (the candidates of
    /// the cell, or the places of the symbol in the region, that the propagation emptied),
    /// without the links. SE finds a contradiction where a candidate would be both on and
    /// off, and counts the ancestors of each of the two apart
    /// (`BinaryChainingHint.getFlatComplexity`), so what both rest on counts twice. Here
    /// that candidate is the last of `targets` turned off: its ancestors, then those of
    /// the others (what left it alone, turning it on) and itself on, each set once; the
    /// nested chains among them once (SE's `getNestedComplexity`).
    pub(crate) fn refuted_nodes(&self, targets: &[Node]) -> usize {
        let reached: Vec<Node> = targets.iter().copied().filter(|t| self.has(t)).collect();
        let Some(&last) = reached.iter().max_by_key(|t| self.parents[t].0) else {
            return self.nodes(targets);
        };
        if reached.len() < 2 {
            return self.nodes(targets);
        }
        let others: Vec<Node> = reached.into_iter().filter(|t| *t != last).collect();
        let (on, mut chains) = self.ancestors(&others);
        let (off, more) = self.ancestors(&[last]);
        for chain in more {
            if !chains.contains(&chain) {
                chains.push(chain);
            }
        }
        on.len() + 1 + Self::complexity(&off, &chains, &self.complexities)
    }

    /// The implications that lead to the contradiction at `targets` ([`Trace::net`]), of
    /// Sudoku Explainer's complexity for a contradiction ([`Trace::refuted_nodes`]).
    pub(crate) fn refutation(&self, targets: &[Node]) -> Net {
        let mut net = self.net(targets);
        net.nodes = self.refuted_nodes(targets);
        net
    }

    fn complexity(seen: &[Node], chains: &[usize], complexities: &[usize]) -> usize {
        seen.len() + chains.iter().map(|&c| complexities[c]).sum::<usize>()
    }

    /// The implications that lead to `targets` (see [`Net`]).
    pub(crate) fn net(&self, targets: &[Node]) -> Net {
        let (seen, chains) = self.ancestors(targets);
        let mut links: Vec<(usize, usize, Link)> = Vec::new();
        for node in &seen {
            let Some((order, parents)) = self.parents.get(node) else {
                continue;
            };
            if let Some((_, nested)) = self.nested.get(node) {
                for link in nested {
                    links.push((*order, 0, link.clone()));
                }
            }
            for &(parent, drawn) in parents {
                if drawn {
                    let from = self.parents.get(&parent).map_or(0, |p| p.0);
                    let link = Link::plain(parent.0, node.0, node.1);
                    links.push((*order, from, link));
                }
            }
        }
        links.sort_by_key(|&(to, from, _)| (to, from));
        let mut kept: Vec<Link> = Vec::new();
        links.retain(|l| {
            let new = !kept.contains(&l.2);
            kept.push(l.2.clone());
            new
        });
        let mut on: Vec<(usize, Candidate)> = seen
            .iter()
            .filter(|n| n.1)
            .filter_map(|n| self.parents.get(n).map(|p| (p.0, n.0)))
            .collect();
        crate::sort::sort(&mut on);
        Net {
            links: links.into_iter().map(|l| l.2).collect(),
            implied: on.into_iter().map(|(_, c)| c).collect(),
            nodes: Self::complexity(&seen, &chains, &self.complexities),
        }
    }
}

/// The implications that lead to a conclusion, from a [`Trace`].
#[derive(Debug)]
pub(crate) struct Net {
    /// Every drawn link among the conclusion's ancestors, in the order the propagation
    /// made them.
    pub(crate) links: Vec<Link>,
    /// The candidates turned on among them (the placements, the assumption first), in the
    /// same order.
    pub(crate) implied: Vec<Candidate>,
    /// Sudoku Explainer's complexity of the chain, for its length bonus: how many
    /// candidates, on or off, the conclusion rests on, plus the complexity of each nested
    /// chain among them, counted once (SE's `ChainingHint.getComplexity`: the flat
    /// complexity, the ancestors of each target, plus `getNestedComplexity`, in
    /// SudokuMonster/SukakuExplainer `diuf/sudoku/solver/rules/chaining/ChainingHint.java`);
    /// for a contradiction, what its two sides rest on counted apart
    /// ([`Trace::refuted_nodes`]).
    pub(crate) nodes: usize,
}

/// The candidates a contradiction turns off: every candidate `g` has in the cell left
/// without any, or every place `g` has for the symbol in the region left without one.
pub(crate) fn broken_targets(ctx: &Context, g: &Grid, broken: Broken) -> Vec<Node> {
    match broken {
        Broken::Cell(x) => values(g.cand[x])
            .map(|value| (Candidate { cell: x, value }, false))
            .collect(),
        Broken::Region(r, v) => ctx
            .layout
            .region_cells(r)
            .iter()
            .map(|&p| Candidate {
                cell: p as usize,
                value: v,
            })
            .filter(|p| g.has(p.cell, v))
            .map(|p| (p, false))
            .collect(),
    }
}

/// The implications from assuming `source` in `g` (by singles) to `targets`, or to the
/// contradiction it leads to if `targets` is empty; and what they rely on that `g` lacks
/// and `start` has (the candidates a propagation from `start` to `g` turned off): for each
/// single among them, the other candidates of its cell (a naked single) or the other places
/// of its symbol in its region (a hidden one), and for a contradiction, the candidates of
/// the cell, or the places of the symbol in the region, it empties (Sudoku Explainer's
/// rule parents of a nested chain, `ChainingHint.collectRuleParents`).
fn branch(
    ctx: &Context,
    start: &Grid,
    g: &Grid,
    source: Candidate,
    targets: &[Node],
) -> (Net, Vec<Candidate>) {
    let mut trace = Trace::default();
    let outcome = assume(ctx, g, (source, true), Rules::Singles, Some(&mut trace));
    // Plain loops pushing into one vector: iterator adaptors here cost the wasm module
    // kilobytes of monomorphised code.
    let mut relied: Vec<Candidate> = Vec::new();
    // The candidates among `of` that `start` has and `g` lacks in `cells`.
    let mut lacked = |cells: &[u32], of: u32| {
        for &cell in cells {
            let cell = cell as usize;
            for value in values(start.cand[cell] & !g.cand[cell] & of) {
                relied.push(Candidate { cell, value });
            }
        }
    };
    let region = |r: usize| ctx.layout.region_cells(r);
    let refuted = outcome.broken.is_some() && targets.is_empty();
    let targets = match outcome.broken {
        Some(broken) if targets.is_empty() => {
            match broken {
                Broken::Cell(x) => lacked(&[x as u32], u32::MAX),
                Broken::Region(r, v) => lacked(region(r), bit(v)),
            }
            broken_targets(ctx, g, broken)
        }
        _ => targets.to_vec(),
    };
    for (c, on) in trace.ancestors(&targets).0 {
        match trace.single(c) {
            Some(Made::Cell) if on => lacked(&[c.cell as u32], !bit(c.value)),
            Some(Made::Region(r)) if on => lacked(region(r), bit(c.value)),
            _ => {}
        }
    }
    let net = match refuted {
        true => trace.refutation(&targets),
        false => trace.net(&targets),
    };
    (net, relied)
}

/// What an assumption led to: the grid as far as the propagation got, the length of the
/// propagation in Sudoku Explainer's candidates, and where it broke the grid, if it did
/// (then the grid is as it was when it broke, and the length up to there).
#[derive(Debug)]
pub(crate) struct Outcome {
    pub(crate) grid: Grid,
    pub(crate) length: usize,
    pub(crate) broken: Option<Broken>,
}

impl Outcome {
    /// Where the assumption broke the grid and the length up to there, if it did.
    pub(crate) fn contradiction(&self) -> Option<(Broken, usize)> {
        self.broken.map(|b| (b, self.length))
    }
}

/// Assumes `assumed` in `g` (a candidate true, or false) and applies `rules` until none
/// applies or the grid breaks (see [`Outcome`]). With `trace`, records why each candidate
/// was turned on or off. Not for the static level ([`Rules::Static`]): its implications
/// follow the grid's link graph, built once per search
/// ([`propagate`](super::statics::propagate), called by `forcing`'s levels).
pub(crate) fn assume(
    ctx: &Context,
    g: &Grid,
    assumed: Node,
    rules: Rules,
    trace: Option<&mut Trace>,
) -> Outcome {
    debug_assert!(
        rules != Rules::Static,
        "the static level propagates on its link graph"
    );
    // One unit of a bounded search's work (see `forcing::NETS_WORK`): once none is left,
    // the assumption leads nowhere (and the search that bounded it finds nothing).
    if !ctx.work.spend() {
        return Outcome {
            grid: g.clone(),
            length: 0,
            broken: None,
        };
    }
    let mut run = Run {
        ctx,
        start: g,
        g: g.clone(),
        length: 0,
        // Nishio follows the assumed symbol alone.
        symbol: (rules == Rules::Nishio).then_some(assumed.0.value),
        trace,
    };
    run.assume(assumed);
    loop {
        let broken = run.singles();
        if broken.is_some() || rules <= Rules::Singles || !run.rule(rules) {
            return Outcome {
                grid: run.g,
                length: run.length,
                broken,
            };
        }
    }
}

/// One propagation.
struct Run<'a, 't> {
    ctx: &'a Context<'a>,
    /// The grid before the assumption.
    start: &'a Grid,
    g: Grid,
    length: usize,
    /// The one symbol followed (Nishio), if not all.
    symbol: Option<u8>,
    trace: Option<&'t mut Trace>,
}

impl Run<'_, '_> {
    /// Starts from the assumption: places a candidate assumed true, removes one assumed
    /// false.
    fn assume(&mut self, (c, on): Node) {
        if on {
            self.place(c, Vec::new());
        } else {
            if let Some(t) = self.trace.as_deref_mut() {
                t.add((c, false), Vec::new());
            }
            self.g.cand[c.cell] &= !bit(c.value);
            self.length += 1;
        }
    }

    /// Places `c` (turned on by `parents`), turning off the other candidates of its cell
    /// and its symbol in its peers.
    fn place(&mut self, c: Candidate, parents: Vec<(Node, bool)>) {
        if let Some(t) = self.trace.as_deref_mut() {
            let on = (c, true);
            t.add(on, parents);
            for w in values(self.g.cand[c.cell] & !bit(c.value)) {
                let off = Candidate {
                    cell: c.cell,
                    value: w,
                };
                t.add((off, false), vec![(on, true)]);
            }
            for p in self.ctx.peers(c.cell) {
                if self.g.has(p, c.value) {
                    let off = Candidate {
                        cell: p,
                        value: c.value,
                    };
                    t.add((off, false), vec![(on, true)]);
                }
            }
        }
        self.g.place(self.ctx, c.cell, c.value);
        self.length += SE_CANDIDATES_PER_PLACEMENT;
    }

    /// Places the single `c`, made in `made`, turned on by `parents` (see [`Run::place`]).
    fn single(&mut self, c: Candidate, made: Made, parents: Vec<(Node, bool)>) {
        if let Some(t) = self.trace.as_deref_mut() {
            t.made(c, made);
        }
        self.place(c, parents);
    }

    /// The candidates of the start grid that this propagation turned off among `of`, as
    /// parents drawn with strong links to what they force.
    fn turned_off(&self, of: impl Iterator<Item = Candidate>) -> Vec<(Node, bool)> {
        match self.trace.as_deref() {
            Some(t) => of
                .map(|c| (c, false))
                .filter(|n| t.has(n))
                .map(|n| (n, true))
                .collect(),
            None => Vec::new(),
        }
    }

    /// Makes naked and hidden singles (of the one symbol followed, if one is) until none
    /// is left, or returns where the grid broke.
    fn singles(&mut self) -> Option<Broken> {
        let ctx = self.ctx;
        let full = self.symbol.map_or(full_mask(ctx.n), bit);
        let cells = if self.symbol.is_some() {
            0
        } else {
            self.g.values.len()
        };
        loop {
            let mut changed = false;
            for c in 0..cells {
                if self.g.values[c] != 0 {
                    continue;
                }
                match self.g.cand[c].count_ones() {
                    0 => return Some(Broken::Cell(c)),
                    1 => {
                        let value = self.g.cand[c].trailing_zeros() as u8 + 1;
                        let others = values(self.start.cand[c] & !bit(value))
                            .map(|w| Candidate { cell: c, value: w });
                        let parents = self.turned_off(others);
                        self.single(Candidate { cell: c, value }, Made::Cell, parents);
                        changed = true;
                    }
                    _ => {}
                }
            }
            for &r in &ctx.exact {
                let (mut once, mut twice, mut placed) = (0u32, 0u32, 0u32);
                for &c in ctx.layout.region_cells(r) {
                    let c = c as usize;
                    let m = self.g.cand[c];
                    twice |= once & m;
                    once |= m;
                    if self.g.values[c] != 0 {
                        placed |= bit(self.g.values[c]);
                    }
                }
                let missing = full & !placed;
                if let Some(v) = values(missing & !once).next() {
                    return Some(Broken::Region(r, v));
                }
                for v in values(missing & once & !twice) {
                    let cells = ctx.layout.region_cells(r).iter().map(|&c| c as usize);
                    let Some(cell) = cells.clone().find(|&c| self.g.has(c, v)) else {
                        continue;
                    };
                    let others = cells
                        .filter(|&p| p != cell && self.start.has(p, v))
                        .map(|p| Candidate { cell: p, value: v });
                    let parents = self.turned_off(others);
                    self.single(Candidate { cell, value: v }, Made::Region(r), parents);
                    changed = true;
                }
            }
            if !changed {
                return None;
            }
        }
    }

    /// Applies the first rule above singles, of those `rules` allows, that makes progress;
    /// whether one did.
    fn rule(&mut self, rules: Rules) -> bool {
        let (ctx, g) = (self.ctx, &self.g);
        // A search for a rule is one unit of a bounded search's work, as an assumption is.
        if !ctx.work.spend() {
            return false;
        }
        let found = intersections::find(ctx, g)
            .or_else(|| subsets::hidden(ctx, g, 2))
            .or_else(|| subsets::naked(ctx, g, 2))
            .or_else(|| fish::find(ctx, g, 2))
            .map(|step| (step, 0))
            .or_else(|| {
                (rules >= Rules::Chains)
                    .then(|| chains::find(ctx, g, Kind::Aic))
                    .flatten()
                    .map(|step| (step, 0))
            })
            .or_else(|| {
                (rules >= Rules::Forcing)
                    .then(|| forcing::inner_forcing(ctx, g))
                    .flatten()
            })
            .or_else(|| {
                (rules >= Rules::Contradiction)
                    .then(|| forcing::inner_contradictions(ctx, g))
                    .flatten()
            })
            .or_else(|| {
                (rules >= Rules::Nets)
                    .then(|| forcing::inner_net(ctx, g))
                    .flatten()
            });
        match found {
            Some((step, length)) => {
                self.apply(&step);
                self.length += length;
                true
            }
            None => false,
        }
    }

    /// Applies a rule's step: its eliminations and its placement.
    fn apply(&mut self, step: &Step) {
        let ctx = self.ctx;
        let hidden = self.trace.as_deref().map(|t| rule_parents(ctx, t, step));
        let pattern: &[Candidate] = match step.technique {
            Technique::ContradictionChain | Technique::ForcingChain => &[],
            _ => &step.candidates,
        };
        let nested = match self.trace.is_some() {
            true => self.nest(step),
            false => Vec::new(),
        };
        // What the propagation turned off in the cells a nested chain goes through: what
        // made that chain possible in the assumption (followed, not drawn).
        let nested_parents = |node: Node| -> Vec<(Node, bool)> {
            nested
                .iter()
                .filter(|(n, _)| *n == node)
                .flat_map(|(_, parents)| parents.iter().map(|&p| (p, false)))
                .collect()
        };
        for &e in &step.eliminations {
            if !self.g.has(e.cell, e.value) {
                continue;
            }
            if let (Some(t), Some(hidden)) = (self.trace.as_deref_mut(), hidden.as_ref()) {
                // Each candidate of the pattern that rules `e` out directly: a weak link
                // (none for an inner contradiction or forcing chain, whose candidates are
                // the ones it refutes or its branches, not one that is true).
                let mut parents: Vec<(Node, bool)> = pattern
                    .iter()
                    .filter(|p| {
                        **p != e
                            && (p.cell == e.cell
                                || (p.value == e.value && ctx.sees(p.cell, e.cell)))
                    })
                    .map(|&p| ((p, true), true))
                    .collect();
                parents.extend(hidden.iter().map(|&n| (n, false)));
                parents.extend(nested_parents((e, false)));
                t.add((e, false), parents);
            }
            self.g.cand[e.cell] &= !bit(e.value);
            self.length += 1;
        }
        if let Some(p) = step.placement {
            if self.g.values[p.cell] == 0 && self.g.has(p.cell, p.value) {
                let mut parents: Vec<(Node, bool)> = hidden
                    .unwrap_or_default()
                    .into_iter()
                    .map(|n| (n, false))
                    .collect();
                parents.extend(nested_parents((p, true)));
                self.place(p, parents);
            }
        }
    }
}

/// A conclusion of a nested chain (see `Run::nest`): the candidate turned off or on, its
/// chain's index, the chain's links, and what its singles, contradictions or strong links
/// rely on (`None`: nothing but its cells).
type Nested = (Node, usize, Vec<Link>, Option<Vec<Candidate>>);

impl Run<'_, '_> {
    /// Records the links of a nested chain's step for what it concludes: an alternating
    /// inference chain's own links; for inner contradiction chains, each refuted
    /// candidate's implications up to its contradiction; for an inner forcing chain, each
    /// branch's implications up to the conclusion. Returns, for each conclusion, what the
    /// propagation turned off that its chain relies on: the candidates turned off in the
    /// cells the chain goes through, and for inner contradiction and forcing chains, what
    /// their singles and contradictions rely on besides (see [`branch`]: a hidden single's
    /// region reaches beyond the chain's cells), for an alternating inference chain or a
    /// nested net what its strong links rely on ([`strong_link_parents`]). The cells alone,
    /// as before, lost a chain's
    /// tie to the assumption when that tie was a hidden single's other place, and the
    /// source drew no link; SE's rule alone (without the cells) lowered the hardest lists'
    /// grades a tenth or two (every 8th of the vendored 1905 list: 42 to 41 of 48 at 11.0
    /// or more).
    fn nest(&mut self, step: &Step) -> Vec<(Node, Vec<Node>)> {
        let (ctx, start, g) = (self.ctx, self.start, &self.g);
        let conclusions: Vec<Node> = step
            .eliminations
            .iter()
            .map(|&e| (e, false))
            .chain(step.placement.map(|p| (p, true)))
            .collect();
        // Each conclusion with its chain: an index into `chains` (each chain's
        // complexity), its links, and what it relies on (`None`: the cells it goes
        // through). As in SE, each refuted candidate of inner contradiction chains and each
        // conclusion of an inner forcing chain has a chain of its own; an alternating
        // inference chain is one chain for all it removes.
        let mut nested: Vec<Nested> = Vec::new();
        let mut chains: Vec<usize> = Vec::new();
        match step.technique {
            Technique::ContradictionChain => {
                for &(e, on) in &conclusions {
                    let (net, relied) = branch(ctx, start, g, e, &[]);
                    nested.push(((e, on), chains.len(), net.links, Some(relied)));
                    chains.push(net.nodes);
                }
            }
            Technique::ForcingChain => {
                for &node in &conclusions {
                    let (mut links, mut relied, mut nodes) = (Vec::new(), Vec::new(), 0);
                    for &b in &step.candidates {
                        let (net, more) = branch(ctx, start, g, b, &[node]);
                        links.extend(net.links);
                        relied.extend(more);
                        nodes += net.nodes;
                    }
                    nested.push((node, chains.len(), links, Some(relied)));
                    chains.push(nodes);
                }
            }
            _ if !step.links.is_empty() => {
                // The chain's candidates: one more than its links (for a nested net, whose
                // links may join a candidate to several, the candidates it joins at most).
                chains.push(step.links.len() + 1);
                let relied = strong_link_parents(ctx, start, g, &step.links);
                for &node in &conclusions {
                    nested.push((node, 0, step.links.clone(), Some(relied.clone())));
                }
            }
            _ => {}
        }
        let mut parents = Vec::new();
        if let Some(t) = self.trace.as_deref_mut() {
            let first = t.complexities.len();
            t.complexities.extend(chains);
            for (node, chain, links, relied) in nested {
                if t.has(&node) {
                    continue;
                }
                let cells: Vec<usize> = links
                    .iter()
                    .flat_map(|l| [l.from.cell, l.to.cell])
                    .collect();
                let mut off: Vec<Node> = t
                    .parents
                    .keys()
                    .filter(|n| !n.1 && cells.contains(&n.0.cell))
                    .copied()
                    .collect();
                for c in relied.unwrap_or_default() {
                    if t.has(&(c, false)) {
                        off.push((c, false));
                    }
                }
                crate::sort::sort_by_key(&mut off, |n| t.parents[n].0);
                off.dedup();
                parents.push((node, off));
                t.nested.entry(node).or_insert((first + chain, links));
            }
        }
        parents
    }
}

/// What the strong links among `links` rely on that `g` lacks and `start` has (the
/// candidates a propagation from `start` to `g` turned off): for a link inside a cell, the
/// cell's other candidates; for a link between two places of a symbol, its other places in
/// each region the two share (Sudoku Explainer's rule parents of a chain's strong links,
/// `ChainingHint.collectRuleParents`). Without them, a nested chain whose strong link is one
/// only because the assumption emptied the rest of a region lost its tie to the assumption,
/// and the branch drew no link from its source.
fn strong_link_parents(ctx: &Context, start: &Grid, g: &Grid, links: &[Link]) -> Vec<Candidate> {
    let mut relied = Vec::new();
    for link in links.iter().filter(|l| l.strong) {
        let (a, b) = (link.from, link.to);
        if a.cell == b.cell {
            for value in values(start.cand[a.cell] & !g.cand[a.cell]) {
                relied.push(Candidate {
                    cell: a.cell,
                    value,
                });
            }
            continue;
        }
        for &r in &ctx.exact {
            let cells = ctx.layout.region_cells(r);
            if !cells.contains(&(a.cell as u32)) || !cells.contains(&(b.cell as u32)) {
                continue;
            }
            for &cell in cells {
                let cell = cell as usize;
                if start.has(cell, a.value) && !g.has(cell, a.value) {
                    relied.push(Candidate {
                        cell,
                        value: a.value,
                    });
                }
            }
        }
    }
    relied
}

/// The candidates the propagation turned off that made a rule's pattern: those in the
/// pattern's cells, and those of the pattern's symbols in its regions (followed, not
/// drawn: SE's "rule parents").
fn rule_parents(ctx: &Context, t: &Trace, step: &Step) -> Vec<Node> {
    // Inner contradiction chains: what they rely on is their branches' (see `Run::nest`).
    if step.technique == Technique::ContradictionChain {
        return Vec::new();
    }
    let symbols = step.candidates.iter().fold(0u32, |m, c| m | bit(c.value));
    let in_regions = |c: &Candidate| {
        symbols & bit(c.value) != 0
            && step.regions.iter().any(|name| {
                (0..ctx.layout.region_count()).any(|r| {
                    ctx.layout.region_name(r) == *name
                        && ctx.layout.region_cells(r).contains(&(c.cell as u32))
                })
            })
    };
    let mut parents: Vec<Node> = t
        .parents
        .keys()
        .filter(|n| !n.1)
        .filter(|n| step.cells.contains(&n.0.cell) || in_regions(&n.0))
        .copied()
        .collect();
    crate::sort::sort_by_key(&mut parents, |n| t.parents[n].0);
    parents
}
