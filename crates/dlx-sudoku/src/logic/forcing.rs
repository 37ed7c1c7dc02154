//! The last logical resort, by trying candidates and following what they imply (see
//! [`net`](super::net)): a candidate whose assumption (true, or false) leads to a
//! contradiction is false (or true), and a conclusion that every candidate of a cell, or
//! every place of a symbol in a region, or a candidate both true and false, leads to is
//! true. These are Sudoku Explainer's chaining levels, each with SE's bonus for its length
//! ([`Rules`]): contradictions along one symbol's hidden singles (Nishio, 7.5); cell and
//! region forcing chains along the links the grid has before the assumption (SE's
//! multiple forcing chains, 8.0: static); every form along singles on the grid as the
//! assumption changes it (dynamic forcing chains, 8.5, which are nets: a candidate may
//! have several parents); then with more rules inside the assumption, the forcing nets of
//! 9.0 (locked candidates, pairs and X-Wing) and the nested ones of 9.5, 10.0, 10.5 and
//! 11.0 (whose assumptions search the nets of 9.5 inside them).
//!
//! Each step carries the implications of each branch, from its source to the
//! contradiction or to the common conclusion, as links (strong: a candidate turned off
//! forces another on; weak: a candidate turned on rules another out), with the placements
//! among them as [`Role::Implied`].

use super::chains::{self, Links};
use super::grid::{bit, values, Context, Grid};
use super::net::{self, Broken, Net, Node, Outcome, Rules, Trace};
use super::pattern::{self, Contradiction, House, HouseRole, Role};
use super::statics;
use super::step::{Candidate, Step, Technique};
use super::NETS_MAX_SIZE;

/// The step of a contradiction chain or net: assuming `source` (a candidate on, or off)
/// breaks the grid at `broken`, by the implications `net`; the candidate goes (or is
/// placed).
fn refuted(ctx: &Context, rules: Rules, source: Node, broken: Broken, net: Net) -> Step {
    let (c, on) = source;
    let what = match broken {
        Broken::Cell(x) => format!("{} has no candidate left", ctx.cell(x)),
        Broken::Region(r, v) => format!("{} has no place left for {}", ctx.region(r), ctx.sym(v)),
    };
    let (were, is) = if on { ("", "not ") } else { ("not ", "") };
    let reason = format!(
        "If {cell} were {were}{v}, {rules} would lead to a contradiction ({what}), so {cell} is {is}{v}.",
        cell = ctx.cell(c.cell),
        v = ctx.sym(c.value),
        rules = rules.words(),
    );
    let mut step = Step::new(rules.contradiction_technique(), reason);
    step.cells = vec![c.cell];
    step.candidates = vec![c];
    if on {
        step.eliminations = vec![c];
    } else {
        step.placement = Some(c);
    }
    step.roles = pattern::all(&[c], Role::Source);
    step.contradiction = Some(match broken {
        Broken::Cell(x) => Contradiction::Cell(x),
        Broken::Region(r, v) => Contradiction::House(ctx.layout.region_name(r), v),
    });
    step.score = rules.net_score(net.nodes);
    add_net(&mut step, &[c], net);
    step
}

/// Adds a branch's implications to `step`: its links, and its placements other than the
/// sources as [`Role::Implied`] (each once).
fn add_net(step: &mut Step, sources: &[Candidate], net: Net) {
    for link in net.links {
        if !step.links.contains(&link) {
            step.links.push(link);
        }
    }
    for c in net.implied {
        let known = sources.contains(&c) || step.roles.iter().any(|p| p.candidate == c);
        if !known {
            step.roles.push(pattern::Part {
                candidate: c,
                role: Role::Implied,
            });
        }
    }
}

/// Where the branches of a forcing chain come from.
#[derive(Debug, Clone, Copy)]
enum Source {
    /// A cell's candidates.
    Cell,
    /// A symbol's places in a region.
    Region(usize),
    /// One candidate, true and false (SE's double forcing, dynamic only).
    Candidate,
}

/// A conclusion every branch of a source leads to.
struct Forced {
    /// The branches: a cell's candidates, a symbol's places in a region (each assumed
    /// true), or one candidate assumed true and false.
    branches: Vec<Node>,
    source: Source,
    placement: Option<Candidate>,
    eliminations: Vec<Candidate>,
    /// The branches' lengths, added up.
    length: usize,
    /// How many branches broke the grid (each as far as it got before it broke).
    broken: usize,
}

impl Forced {
    /// The conclusion's nodes: the placement, or each elimination.
    fn targets(&self) -> Vec<Node> {
        match self.placement {
            Some(p) => vec![(p, true)],
            None => self.eliminations.iter().map(|&e| (e, false)).collect(),
        }
    }
}

/// What every one of `grids` (the outcomes of a source's branches from `g`) holds and `g`
/// does not: the first placement in reading order, or failing that every elimination.
pub(super) fn common(g: &Grid, grids: &[&Grid]) -> (Option<Candidate>, Vec<Candidate>) {
    let placement = (0..g.values.len()).find_map(|c| {
        let v = grids[0].values[c];
        (g.values[c] == 0 && v != 0 && grids.iter().all(|x| x.values[c] == v))
            .then_some(Candidate { cell: c, value: v })
    });
    if placement.is_some() {
        return (placement, Vec::new());
    }
    let eliminations = (0..g.values.len())
        .filter(|&c| g.values[c] == 0)
        .flat_map(|c| {
            let gone = grids.iter().fold(g.cand[c], |m, x| {
                let kept = if x.values[c] != 0 {
                    bit(x.values[c])
                } else {
                    x.cand[c]
                };
                m & !kept
            });
            values(gone).map(move |value| Candidate { cell: c, value })
        })
        .collect();
    (None, eliminations)
}

/// Each candidate's assumption (true) by one level's rules, worked out when first needed
/// and kept: what it led to, and where it broke the grid if it did.
struct Assumed {
    n: usize,
    results: Vec<Option<Outcome>>,
}

impl Assumed {
    fn new(ctx: &Context, g: &Grid) -> Self {
        Assumed {
            n: ctx.n,
            results: (0..g.values.len() * ctx.n).map(|_| None).collect(),
        }
    }

    fn index(&self, c: Candidate) -> usize {
        c.cell * self.n + c.value as usize - 1
    }

    /// The assumption of `c`, by `assume` unless it is kept already.
    fn get(&mut self, c: Candidate, assume: impl FnOnce() -> Outcome) -> &Outcome {
        let i = self.index(c);
        self.results[i].get_or_insert_with(assume)
    }

    /// The assumption of `c` if it was worked out.
    fn kept(&self, c: Candidate) -> Option<&Outcome> {
        self.results[self.index(c)].as_ref()
    }
}

/// The sources [`each_forced`] tries: each cell with `cells` candidates, then each symbol
/// with 2 to `most` places in a region (with `first_place`, only where the cell of its
/// first place has `cells` candidates: SE's static level reaches a region only from that
/// cell, `doRegionChainings`). With `keep_broken`, a source one of whose branches breaks
/// the grid holds by the others; without (inside the nested nets), it is passed over at its
/// first broken branch, the others not worked out for it.
struct Sources {
    cells: std::ops::RangeInclusive<u32>,
    most: usize,
    first_place: bool,
    keep_broken: bool,
}

/// Calls `visit` with each source whose branches all lead to a common placement, or
/// failing that to common eliminations, until `visit` returns `true`: the [`Sources`].
/// `assume` works out a branch (kept in `assumed`). A branch that breaks the grid is
/// false, so the source holds by its other branches: what they lead to, as far as the
/// broken ones got before they broke, is the conclusion, as in Sudoku Explainer (its cell
/// and region reductions intersect what each branch reached, a contradiction stopping one
/// short: `Chaining.getMultipleChainsHintListForCell` and `doRegionChainings`); a source
/// whose every branch breaks the grid holds nothing (only a grid without a solution has
/// one, as inside a false assumption of a nested net).
fn each_forced(
    ctx: &Context,
    g: &Grid,
    Sources {
        cells,
        most,
        first_place,
        keep_broken,
    }: Sources,
    assumed: &mut Assumed,
    assume: impl Fn(Candidate) -> Outcome,
    mut visit: impl FnMut(Forced) -> bool,
) {
    let mut sources: Vec<(Vec<Candidate>, Source)> = Vec::new();
    for cell in 0..g.values.len() {
        if cells.contains(&g.cand[cell].count_ones()) {
            sources.push((
                values(g.cand[cell])
                    .map(|value| Candidate { cell, value })
                    .collect(),
                Source::Cell,
            ));
        }
    }
    for &r in &ctx.exact {
        for v in 1..=ctx.n as u8 {
            let places = g.places(ctx, r, v);
            let from = |&c: &usize| cells.contains(&g.cand[c].count_ones());
            if (2..=most).contains(&places.len())
                && (!first_place || places.first().is_some_and(from))
            {
                sources.push((
                    places
                        .into_iter()
                        .map(|cell| Candidate { cell, value: v })
                        .collect(),
                    Source::Region(r),
                ));
            }
        }
    }
    for (branches, source) in sources {
        // Every branch worked out, then borrowed.
        let mut broken = 0;
        for &b in &branches {
            broken += usize::from(assumed.get(b, || assume(b)).broken.is_some());
            if broken > 0 && !keep_broken {
                break;
            }
        }
        if broken == branches.len() || (broken > 0 && !keep_broken) {
            continue;
        }
        let mut grids: Vec<&Grid> = Vec::with_capacity(branches.len());
        let mut length = 0;
        for &b in &branches {
            if let Some(o) = assumed.kept(b) {
                length += o.length;
                grids.push(&o.grid);
            }
        }
        let (placement, eliminations) = common(g, &grids);
        if placement.is_none() && eliminations.is_empty() {
            continue;
        }
        let stop = visit(Forced {
            branches: branches.into_iter().map(|b| (b, true)).collect(),
            source,
            placement,
            eliminations,
            length,
            broken,
        });
        if stop {
            return;
        }
    }
}

/// The first source of [`each_forced`] (cells of two or three candidates, symbols with two
/// or three places) under singles, none of whose branches breaks the grid: inside the
/// nested nets (10.0 and up) a source with a broken branch is still dropped. Keeping it
/// there too lowered the grades of the hardest lists away from SE's (every 8th puzzle of
/// the vendored samples: the 1905 list, all 11.0 or more in SE, from 42 to 41 of 48 at
/// 11.0 or more, its upper quartile from 11.6 to 11.1; the 1106 list's median from 11.1
/// to 10.8).
fn forced(ctx: &Context, g: &Grid) -> Option<Forced> {
    let mut first = None;
    each_forced(
        ctx,
        g,
        Sources {
            cells: 2..=3,
            most: 3,
            first_place: false,
            keep_broken: false,
        },
        &mut Assumed::new(ctx, g),
        |b| net::assume(ctx, g, (b, true), Rules::Singles, None),
        |f| {
            debug_assert_eq!(f.broken, 0, "kept only where keep_broken");
            first = Some(f);
            true
        },
    );
    first
}

/// The step of the forcing chain or net `f`, each branch's implications from
/// `branch_net` (the branch, the conclusion's nodes).
fn forcing_step(
    ctx: &Context,
    rules: Rules,
    f: Forced,
    mut branch_net: impl FnMut(Node, &[Node]) -> Net,
) -> Step {
    let targets = f.targets();
    let Forced {
        branches,
        source,
        placement,
        eliminations,
        broken,
        ..
    } = f;
    let first = branches[0].0;
    let source_words = match source {
        Source::Region(r) => format!(
            "{v} must go in {cells} in {region}",
            v = ctx.sym(first.value),
            cells = ctx.cells(&branches.iter().map(|b| b.0.cell).collect::<Vec<_>>()),
            region = ctx.region(r),
        ),
        Source::Cell => format!(
            "{cell} is {vs}",
            cell = ctx.cell(first.cell),
            vs = ctx.syms(branches.iter().fold(0, |m, b| m | bit(b.0.value)), "or"),
        ),
        Source::Candidate => format!(
            "{cell} is {v} or not",
            cell = ctx.cell(first.cell),
            v = ctx.sym(first.value),
        ),
    };
    let conclusion = match placement {
        Some(p) => format!("{} is {}", ctx.cell(p.cell), ctx.sym(p.value)),
        None => {
            let list: Vec<String> = eliminations
                .iter()
                .map(|e| format!("{} {}", ctx.cell(e.cell), ctx.sym(e.value)))
                .collect();
            format!("{} are ruled out", super::grid::join(&list, "and"))
        }
    };
    // A branch that breaks the grid reaches the conclusion before the contradiction.
    let on_the_way = match broken {
        0 => "",
        1 => " (one of them on its way to a contradiction)",
        _ => " (some of them on their way to a contradiction)",
    };
    let reason = format!(
        "{source_words}; each choice leads by {rules} to the same result{on_the_way}, so {conclusion}.",
        rules = rules.words()
    );
    let mut step = Step::new(rules.forcing_technique(), capitalise(&reason));
    let sources: Vec<Candidate> = branches.iter().map(|b| b.0).collect();
    let mut cells: Vec<usize> = sources.iter().map(|b| b.cell).collect();
    crate::sort::sort(&mut cells);
    cells.dedup();
    step.cells = cells;
    let mut unique = sources.clone();
    unique.dedup();
    step.roles = pattern::all(&unique, Role::Source);
    // Each branch's implications, from its source to the conclusion.
    let mut nodes = 0;
    for &b in &branches {
        let net = branch_net(b, &targets);
        nodes += net.nodes;
        add_net(&mut step, &sources, net);
    }
    step.score = rules.net_score(nodes);
    if let Source::Region(r) = source {
        step.regions = vec![ctx.layout.region_name(r)];
        step.houses = vec![House {
            region: ctx.layout.region_name(r),
            role: HouseRole::Base,
        }];
    }
    step.candidates = unique;
    step.placement = placement;
    step.eliminations = eliminations;
    step
}

/// The easiest forcing net ([`net()`]) of the first level of [`Rules::NETS`] that has one,
/// as Sudoku Explainer takes its dynamic chains: its solver takes the first hint producer,
/// in order of base difficulty, that finds anything (SukakuExplainer's
/// `Solver.getSingleHint`, with a `SingleHintAccumulator`), and within one chaining level
/// the hint of lowest difficulty. So a level is tried only when the levels below it find
/// nothing (the nested ones are much slower), whatever the length bonus of what they find.
pub(crate) fn nets(ctx: &Context, g: &Grid) -> Option<Step> {
    Rules::NETS.into_iter().find_map(|rules| net(ctx, g, rules))
}

/// The easiest chain or net of one chaining level, as Sudoku Explainer takes a hint of
/// one of its chaining levels (SE's `Chaining.getMultipleChainsHintList` and the sort of
/// `getHintList`: by difficulty, then complexity): of every step [`each_step`] finds, the
/// one of lowest score, the first found on a tie (so a contradiction, then the shortest
/// propagation, then reading order). A score counts the candidates the conclusion rests
/// on, not the propagation's length, so the shortest contradiction is not always the
/// easiest, nor is a contradiction always easier than a forcing net; the search stops at
/// a step at the level's base, which none beats. Each find's score is worked out only as
/// far as it could beat the best so far, and the step built only for a find that does.
///
/// Above 9x9 ([`NETS_MAX_SIZE`]) the first found is taken instead, for the cost of
/// assuming every candidate of a large grid.
///
/// The fifth nesting level ([`Rules::Nets`]) is bounded: see [`NETS_WORK`].
pub(crate) fn net(ctx: &Context, g: &Grid, rules: Rules) -> Option<Step> {
    bounded_net(ctx, g, rules, NETS_WORK).0
}

/// The most work one search of Sudoku Explainer's fifth nesting level (11.0,
/// [`Rules::Nets`], whose every assumption may run a search of the forcing nets of 9.5)
/// may do, in units: each propagation ([`net::assume`]) and each search for a rule inside
/// one (`Run::rule`), at every depth, added up. A search that would need more finds
/// nothing, so the path goes on as beyond the last level: it stops, a hint reveals a cell
/// of the solution, and the grade is [`UNSOLVED_SCORE`](crate::grade::UNSOLVED_SCORE)
/// with `solved` false. A count, not a time, so that a puzzle gets the same path and grade
/// on every machine.
///
/// Measured (`logic::tests::fifth_level_work` and `fifth_level_cost`, ignored): on the
/// grids where the nets start of every 24th puzzle of the vendored 1905 list and on that
/// of `stuck_at_the_nets`, the level's easiest step takes 0.63 to 1.28 million units (31 to
/// 45 s each in the ci profile on a loaded machine, about 4 times a step of 10.5 on the
/// same grid); the bound is about 1.6 times the most of them, so it cuts none of those
/// searches and stops any other at a like cost. No puzzle of the vendored samples, nor of
/// the SE-rated ones, reaches the level on its path (10.5 always finds a step), so the
/// bound changes none of their grades.
pub(crate) const NETS_WORK: u64 = 2_000_000;

/// [`net()`] with the fifth nesting level bounded to `work` units (see [`NETS_WORK`]; the
/// other levels are not bounded): the step, the units left (`None` below the fifth level)
/// and whether the bound was hit, when the step is `None`.
pub(crate) fn bounded_net(
    ctx: &Context,
    g: &Grid,
    rules: Rules,
    work: u64,
) -> (Option<Step>, Option<u64>, bool) {
    let bounded = rules == Rules::Nets;
    if bounded {
        ctx.work.start(work);
    }
    let found = search(ctx, g, rules, ctx.n > NETS_MAX_SIZE).map(|(step, _)| step);
    let (left, ran_out) = ctx.work.end();
    if ran_out {
        // What a search found before the bound is not its easiest, and what it found after
        // followed assumptions cut short.
        return (None, left, true);
    }
    (found, left, false)
}

/// The easiest step of one chaining level (see [`net()`]), or with `first` the first found,
/// and the length of its propagation: the one search behind [`net()`] and [`inner_net`]
/// (one copy of [`each_step`] in the wasm module, not one per caller).
fn search(ctx: &Context, g: &Grid, rules: Rules, first: bool) -> Option<(Step, usize)> {
    let base = rules.net_score(0);
    let mut best: Option<(Step, usize)> = None;
    each_step(ctx, g, rules, first, |found| {
        let length = found.length();
        if first {
            best = Some((found.step(), length));
            return true;
        }
        // Ties keep the best, found first.
        let limit = best.as_ref().map_or(f64::INFINITY, |b| b.0.score - 1e-9);
        if let Some(scored) = found.score_below(limit) {
            best = Some((scored.step(), length));
        }
        best.as_ref().is_some_and(|b| b.0.score <= base + 1e-9)
    });
    best
}

/// One chaining level's assumptions on one grid: its rules, and for the static level the
/// grid's link graph, built once for all of them (the static implications walk it).
struct Level<'a, 'c> {
    ctx: &'a Context<'c>,
    g: &'a Grid,
    rules: Rules,
    graph: Option<Links>,
}

impl<'a, 'c> Level<'a, 'c> {
    fn new(ctx: &'a Context<'c>, g: &'a Grid, rules: Rules) -> Self {
        let graph = (rules == Rules::Static).then(|| chains::aic_graph(ctx, g));
        Level {
            ctx,
            g,
            rules,
            graph,
        }
    }

    /// Assumes `node` (see [`net::assume`]), with `trace` if given.
    fn assume(&self, node: Node, trace: Option<&mut Trace>) -> Outcome {
        match &self.graph {
            Some(links) => statics::propagate(self.ctx, self.g, links, node, trace),
            None => net::assume(self.ctx, self.g, node, self.rules, trace),
        }
    }

    /// The [`Trace`] of assuming `node`.
    fn trace(&self, node: Node) -> Trace {
        let mut trace = Trace::default();
        let _ = self.assume(node, Some(&mut trace));
        trace
    }
}

/// A find with its score, and the traces of its branches in order (see
/// [`Found::score_below`]): its step is built from them ([`Scored::step`]), so a score
/// comes only with the find it is of.
pub(super) struct Scored<'l, 'c> {
    found: Found<'l, 'c>,
    pub(super) score: f64,
    traces: Vec<Trace>,
}

impl Scored<'_, '_> {
    /// The find's step ([`Found::step`]), built from the traces its score was worked out
    /// from rather than tracing its branches again.
    pub(super) fn step(self) -> Step {
        self.found.build(self.traces, Some(self.score))
    }
}

/// A step [`each_step`] found, before it is built: its score is worked out on demand
/// (from the traced propagations its conclusion rests on), its step only for the one a
/// search takes.
pub(super) struct Found<'l, 'c> {
    level: &'l Level<'l, 'c>,
    what: What,
}

enum What {
    /// Assuming a candidate (on, or off) breaks the grid there, after a propagation of
    /// this length.
    Refuted(Node, Broken, usize),
    /// A conclusion every branch of a source leads to.
    Forced(Forced),
}

impl<'l, 'c> Found<'l, 'c> {
    /// The step's score if it is below `limit`: its level's base and the length bonus of
    /// its complexity ([`Rules::net_score`]), a forcing net's branches traced one by one
    /// only until their complexities, added up, reach `limit` (the score never falls as the
    /// complexity grows).
    /// The traces come with the score and the find ([`Scored`]): a search that takes this
    /// find builds its step from them rather than tracing its branches again.
    pub(super) fn score_below(self, limit: f64) -> Option<Scored<'l, 'c>> {
        let level = self.level;
        let mut nodes = 0;
        let (branches, targets) = self.branches();
        let refuted = matches!(self.what, What::Refuted(..));
        let mut traces = Vec::with_capacity(branches.len());
        for b in branches {
            let trace = level.trace(b);
            nodes += match refuted {
                true => trace.refuted_nodes(&targets),
                false => trace.nodes(&targets),
            };
            if level.rules.net_score(nodes) >= limit {
                return None;
            }
            traces.push(trace);
        }
        Some(Scored {
            score: level.rules.net_score(nodes),
            traces,
            found: self,
        })
    }

    /// The branches the step rests on, and the nodes they lead to: the assumption and what
    /// it broke, or a source's branches and their conclusion.
    fn branches(&self) -> (Vec<Node>, Vec<Node>) {
        let level = self.level;
        match &self.what {
            What::Refuted(node, at, _) => {
                (vec![*node], net::broken_targets(level.ctx, level.g, *at))
            }
            What::Forced(f) => (f.branches.clone(), f.targets()),
        }
    }

    /// The length of the propagation the find rests on: the assumption's up to the
    /// contradiction, or a forcing net's branches' added up.
    fn length(&self) -> usize {
        match &self.what {
            What::Refuted(.., length) => *length,
            What::Forced(f) => f.length,
        }
    }

    /// What the find places and removes, without building its step, and whether it is a
    /// contradiction.
    #[cfg(test)]
    pub(super) fn conclusion(&self) -> (Option<Candidate>, Vec<Candidate>, bool) {
        match &self.what {
            What::Refuted((c, true), ..) => (None, vec![*c], true),
            What::Refuted((c, false), ..) => (Some(*c), Vec::new(), true),
            What::Forced(f) => (f.placement, f.eliminations.clone(), false),
        }
    }

    /// How many branches of a forcing chain or net broke the grid (none for a
    /// contradiction).
    #[cfg(test)]
    pub(super) fn broken_branches(&self) -> usize {
        match &self.what {
            What::Refuted(..) => 0,
            What::Forced(f) => f.broken,
        }
    }

    /// The step, with its reason, roles and links.
    pub(super) fn step(self) -> Step {
        self.build(Vec::new(), None)
    }

    /// [`Found::step`], from the branches' traces `traces` (any it lacks traced now); the
    /// score `compared` is the built step's (a debug assertion).
    fn build(self, traces: Vec<Trace>, compared: Option<f64>) -> Step {
        let Level { ctx, g, rules, .. } = *self.level;
        let mut kept = traces.into_iter();
        let traced = |node: Node, targets: &[Node]| match kept.next() {
            Some(trace) => trace.net(targets),
            None => self.level.trace(node).net(targets),
        };
        let step = match self.what {
            What::Refuted(node, at, _) => {
                let targets = net::broken_targets(ctx, g, at);
                let net = match kept.next() {
                    Some(trace) => trace.refutation(&targets),
                    None => self.level.trace(node).refutation(&targets),
                };
                refuted(ctx, rules, node, at, net)
            }
            What::Forced(f) => forcing_step(ctx, rules, f, traced),
        };
        debug_assert!(compared.is_none_or(|score| (score - step.score).abs() < 1e-9));
        step
    }
}

/// Calls `visit` with each step of one chaining level until it returns `true`: first the
/// contradictions, shortest propagation first (then reading order): every candidate
/// assumed true, and on the dynamic levels below the nested ones every candidate of a
/// cell of three or more assumed false too (Nishio: of every cell); then, but for Nishio,
/// the common conclusions of each source's branches (static chains: a cell's candidates,
/// of three or more, and a symbol's places in a region; the dynamic levels: any cell, any
/// region, and where candidates are assumed false, double forcing: a candidate assumed
/// true and false). These are the forms of SE's levels (`Chaining.doBinaryChaining`,
/// `doRegionChainings` and the cell reduction of `getMultipleChainsHintListForCell`).
/// With `first`, only candidates assumed true, and each assumption worked out when first
/// needed.
pub(super) fn each_step<'c>(
    ctx: &Context<'c>,
    g: &Grid,
    rules: Rules,
    first: bool,
    mut visit: impl FnMut(Found<'_, 'c>) -> bool,
) {
    let level = Level::new(ctx, g, rules);
    let found = |what| Found {
        level: &level,
        what,
    };
    let assume = |b: Candidate| level.assume((b, true), None);
    // Each assumption once without a trace; only the finds a search compares are traced,
    // one at a time (a trace for every candidate costs more than a second propagation of
    // those few).
    let mut tried = Assumed::new(ctx, g);
    let mut broken: Vec<(usize, Node, Broken)> = Vec::new();
    // Static implications never break the grid (see `net::assume`).
    if rules.dynamic() {
        let mut stop = false;
        each_contradiction(
            g,
            |c| tried.get(c, || assume(c)).contradiction(),
            |c, at, length| {
                if first {
                    visit(found(What::Refuted((c, true), at, length)));
                    stop = true;
                } else {
                    broken.push((length, (c, true), at));
                }
                stop
            },
        );
        if stop {
            return;
        }
    }
    // A candidate assumed false (SE's binary chaining, see `Rules::assumes_false`): in
    // cells of three or more candidates (in a cell of two, it is the other assumed true);
    // for Nishio, which follows one symbol, in every cell.
    let mut off: Vec<(Candidate, Outcome)> = Vec::new();
    if rules.assumes_false() && !first {
        let least = if rules == Rules::Nishio { 2 } else { 3 };
        for cell in 0..g.values.len() {
            if g.cand[cell].count_ones() < least {
                continue;
            }
            for value in values(g.cand[cell]) {
                let c = Candidate { cell, value };
                let o = level.assume((c, false), None);
                match o.contradiction() {
                    Some((at, length)) => broken.push((length, (c, false), at)),
                    None => off.push((c, o)),
                }
            }
        }
    }
    // Stable: on equal lengths, reading order.
    broken.sort_by_key(|&(length, ..)| length);
    for (length, node, at) in broken {
        if visit(found(What::Refuted(node, at, length))) {
            return;
        }
    }
    if rules == Rules::Nishio {
        return;
    }
    // SE's static chains start from cells of three or more candidates (a cell of two is
    // a plain chain's job), and a region's from its first place, if in such a cell.
    let least = if rules.dynamic() { 2 } else { 3 };
    let mut stopped = false;
    each_forced(
        ctx,
        g,
        Sources {
            cells: least..=ctx.n as u32,
            most: ctx.n,
            first_place: !rules.dynamic(),
            keep_broken: true,
        },
        &mut tried,
        assume,
        |f| {
            stopped = visit(found(What::Forced(f)));
            stopped
        },
    );
    if stopped {
        return;
    }
    // Double forcing: a candidate assumed true and assumed false leads to the same.
    for (c, o) in &off {
        let Some(on) = tried.kept(*c).filter(|on| on.broken.is_none()) else {
            continue;
        };
        let (placement, eliminations) = common(g, &[&on.grid, &o.grid]);
        if placement.is_none() && eliminations.is_empty() {
            continue;
        }
        let f = Forced {
            branches: vec![(*c, true), (*c, false)],
            source: Source::Candidate,
            placement,
            eliminations,
            length: on.length + o.length,
            broken: 0,
        };
        if visit(found(What::Forced(f))) {
            return;
        }
    }
}

/// Assumes each candidate of `g` true, in reading order, by `assume` (where it breaks the
/// grid, and the length up to there), and calls `refuted` with each that breaks it until
/// `refuted` returns `true`.
fn each_contradiction(
    g: &Grid,
    mut assume: impl FnMut(Candidate) -> Option<(Broken, usize)>,
    mut refuted: impl FnMut(Candidate, Broken, usize) -> bool,
) {
    for cell in 0..g.values.len() {
        for value in values(g.cand[cell]) {
            let c = Candidate { cell, value };
            if let Some((at, length)) = assume(c) {
                if refuted(c, at, length) {
                    return;
                }
            }
        }
    }
}

/// A forcing chain of singles as a rule inside a nested net: the bare step (its branches,
/// what it removes or places; no reason) and its length.
pub(super) fn inner_forcing(ctx: &Context, g: &Grid) -> Option<(Step, usize)> {
    let f = forced(ctx, g)?;
    let mut step = Step::new(Technique::ForcingChain, String::new());
    step.cells = f.branches.iter().map(|b| b.0.cell).collect();
    step.candidates = f.branches.iter().map(|b| b.0).collect();
    if let Source::Region(r) = f.source {
        step.regions = vec![ctx.layout.region_name(r)];
    }
    step.placement = f.placement;
    step.eliminations = f.eliminations;
    Some((step, f.length))
}

/// Contradiction chains of singles as a rule inside a nested net: every candidate whose
/// assumption breaks the grid by singles, as one bare step that removes them all, and the
/// shortest of their lengths.
pub(super) fn inner_contradictions(ctx: &Context, g: &Grid) -> Option<(Step, usize)> {
    let mut refuted = Vec::new();
    let mut shortest = usize::MAX;
    each_contradiction(
        g,
        |c| net::assume(ctx, g, (c, true), Rules::Singles, None).contradiction(),
        |c, _, length| {
            refuted.push(c);
            shortest = shortest.min(length);
            false
        },
    );
    if refuted.is_empty() {
        return None;
    }
    let mut step = Step::new(Technique::ContradictionChain, String::new());
    step.cells = refuted.iter().map(|c| c.cell).collect();
    step.cells.dedup();
    step.candidates = refuted.clone();
    step.eliminations = refuted;
    Some((step, shortest))
}

/// The forcing nets of [`Rules::Chains`] (9.5) as a rule inside a nested net (SE's fifth
/// nesting level, [`Rules::Nets`]): the first step [`each_step`] finds at that level, a
/// contradiction (a candidate assumed true) or failing that a forcing net, and the length
/// of its propagation. The first, not the easiest: inside an assumption a step's use is
/// what it removes, and scoring every find of an inner search would trace each of them.
pub(super) fn inner_net(ctx: &Context, g: &Grid) -> Option<(Step, usize)> {
    search(ctx, g, Rules::Chains, true)
}

/// `s` with its first letter upper-cased: the sentences here begin with an ASCII letter, and
/// `char::to_uppercase` would link Unicode's case tables into the wasm module (10 KB raw, 4.7 KB
/// gzipped).
fn capitalise(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => std::iter::once(first.to_ascii_uppercase())
            .chain(chars)
            .collect(),
        None => String::new(),
    }
}
