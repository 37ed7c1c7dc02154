//! The last logical resort, by trying candidates and following what they imply (see
//! [`net`](super::net)): a candidate whose assumption leads to a contradiction is false
//! (contradiction chain, like Nishio), and a conclusion that every candidate of a cell, or
//! every place of a symbol in a region, leads to is true (forcing chain). With singles
//! alone these are contradiction chains (7.5) and forcing chains (8.3); with more rules
//! inside the assumption they are forcing nets, Sudoku Explainer's dynamic chains: 9.0 with
//! locked candidates, pairs and X-Wing, then nested ones at 9.5, 10.0 and 10.5 (see
//! [`Rules`]), each with SE's bonus for its length.
//!
//! Each step carries the implications of each branch, from its source to the
//! contradiction or to the common conclusion, as links (strong: a candidate turned off
//! forces another on; weak: a candidate turned on rules another out), with the placements
//! among them as [`Role::Implied`].

use super::grid::{bit, values, Context, Grid};
use super::net::{self, Broken, Net, Node, Outcome, Rules};
use super::pattern::{self, Contradiction, House, HouseRole, Role};
use super::step::{length_bonus, Candidate, Step, Technique};

/// The candidate whose assumption under `rules` breaks the grid soonest (the first in
/// reading order among those), where it breaks and the propagation's length. Each
/// propagation stops at the shortest contradiction found so far: with singles a
/// contradiction chain's score grows with its length, so the shortest is the easiest.
fn refute(ctx: &Context, g: &Grid, rules: Rules) -> Option<(Candidate, Broken, usize)> {
    let mut best: Option<(Candidate, Broken, usize)> = None;
    for cell in 0..g.values.len() {
        for value in values(g.cand[cell]) {
            let c = Candidate { cell, value };
            let bound = best.as_ref().map_or(usize::MAX, |b| b.2 - 1);
            if let Some((broken, length)) = net::within(ctx, g, c, rules, bound) {
                best = Some((c, broken, length));
            }
        }
    }
    best
}

/// The contradiction chain of the candidate whose assumption breaks the grid soonest by
/// `rules` (singles: see [`net()`] for the nets, whose score is not their length's).
pub(crate) fn contradiction(ctx: &Context, g: &Grid, rules: Rules) -> Option<Step> {
    let (c, broken, length) = refute(ctx, g, rules)?;
    let net = net::traced_net(ctx, g, c, rules, &net::broken_targets(ctx, g, broken));
    Some(refuted(ctx, rules, c, broken, length, net))
}

/// The step of a contradiction chain or net: `c`'s assumption breaks the grid at `broken`
/// after a propagation of `length`, by the implications `net`.
fn refuted(
    ctx: &Context,
    rules: Rules,
    c: Candidate,
    broken: Broken,
    length: usize,
    net: Net,
) -> Step {
    let what = match broken {
        Broken::Cell(x) => format!("{} has no candidate left", ctx.cell(x)),
        Broken::Region(r, v) => format!("{} has no place left for {}", ctx.region(r), ctx.sym(v)),
    };
    let reason = format!(
        "If {cell} were {v}, {rules} would lead to a contradiction ({what}), so {cell} is not {v}.",
        cell = ctx.cell(c.cell),
        v = ctx.sym(c.value),
        rules = rules.words(),
    );
    let technique = match rules {
        Rules::Singles => Technique::ContradictionChain,
        _ => Technique::ContradictionNet,
    };
    let mut step = Step::new(technique, reason);
    step.cells = vec![c.cell];
    step.candidates = vec![c];
    step.eliminations = vec![c];
    step.roles = pattern::all(&[c], Role::Source);
    step.contradiction = Some(match broken {
        Broken::Cell(x) => Contradiction::Cell(x),
        Broken::Region(r, v) => Contradiction::House(ctx.layout.region_name(r), v),
    });
    step.score = match rules {
        // SE counts every candidate its chain turns on or off; the propagation's length
        // stands for that (see `net::SE_CANDIDATES_PER_PLACEMENT`).
        Rules::Singles => technique.base_score() + length_bonus(length),
        _ => rules.net_score(net.nodes),
    };
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

/// A conclusion every branch of a source leads to.
struct Forced {
    /// The branches: a cell's candidates, or a symbol's places in a region.
    branches: Vec<Candidate>,
    /// The region, for a symbol's places.
    region: Option<usize>,
    placement: Option<Candidate>,
    eliminations: Vec<Candidate>,
    /// The branches' lengths, added up.
    length: usize,
}

/// Calls `visit` with each source (a cell with two or three candidates, then a symbol with
/// two or three places in a region) whose branches all lead to a common placement, or
/// failing that to common eliminations, until `visit` returns `true`. `outcome` gives
/// what a branch leads to, or `None` where it breaks the grid (a contradiction is the
/// other technique's job).
fn each_forced(
    ctx: &Context,
    g: &Grid,
    mut outcome: impl FnMut(Candidate) -> Option<Outcome>,
    mut visit: impl FnMut(Forced) -> bool,
) {
    let mut sources: Vec<(Vec<Candidate>, Option<usize>)> = Vec::new();
    for cell in 0..g.values.len() {
        if (2..=3).contains(&g.cand[cell].count_ones()) {
            sources.push((
                values(g.cand[cell])
                    .map(|value| Candidate { cell, value })
                    .collect(),
                None,
            ));
        }
    }
    for &r in &ctx.exact {
        for v in 1..=ctx.n as u8 {
            let places = g.places(ctx, r, v);
            if (2..=3).contains(&places.len()) {
                sources.push((
                    places
                        .into_iter()
                        .map(|cell| Candidate { cell, value: v })
                        .collect(),
                    Some(r),
                ));
            }
        }
    }
    for (branches, region) in sources {
        let mut grids = Vec::new();
        let mut length = 0;
        for b in &branches {
            let Some(o) = outcome(*b) else { break };
            length += o.length;
            grids.push(o.grid);
        }
        if grids.len() != branches.len() || grids.is_empty() {
            continue;
        }
        let placement = (0..g.values.len()).find_map(|c| {
            let v = grids[0].values[c];
            (g.values[c] == 0 && v != 0 && grids.iter().all(|x| x.values[c] == v))
                .then_some(Candidate { cell: c, value: v })
        });
        let eliminations: Vec<Candidate> = if placement.is_some() {
            Vec::new()
        } else {
            (0..g.values.len())
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
                .collect()
        };
        if placement.is_none() && eliminations.is_empty() {
            continue;
        }
        let stop = visit(Forced {
            branches,
            region,
            placement,
            eliminations,
            length,
        });
        if stop {
            return;
        }
    }
}

/// The first source of [`each_forced`] under singles (or `rules`), each branch worked out
/// afresh.
fn forced(ctx: &Context, g: &Grid, rules: Rules) -> Option<Forced> {
    let mut first = None;
    each_forced(
        ctx,
        g,
        |b| net::assume(ctx, g, b, rules, None).ok(),
        |f| {
            first = Some(f);
            true
        },
    );
    first
}

/// The forcing chain (singles) or net (more `rules`): a conclusion common to every branch
/// of a cell's candidates or of a symbol's places in a region; the first found, which
/// with singles is the easiest (a cell's chain rates 8.3, a region's 8.5, whatever their
/// length).
pub(crate) fn forcing(ctx: &Context, g: &Grid, rules: Rules) -> Option<Step> {
    let f = forced(ctx, g, rules)?;
    Some(forcing_step(ctx, rules, f, |b, targets| {
        net::traced_net(ctx, g, b, rules, targets)
    }))
}

/// The step of the forcing chain or net `f`, each branch's implications from
/// `branch_net` (the branch, the conclusion's nodes).
fn forcing_step(
    ctx: &Context,
    rules: Rules,
    f: Forced,
    branch_net: impl Fn(Candidate, &[Node]) -> Net,
) -> Step {
    let Forced {
        branches,
        region,
        placement,
        eliminations,
        ..
    } = f;
    let source = match region {
        Some(r) => format!(
            "{v} must go in {cells} in {region}",
            v = ctx.sym(branches[0].value),
            cells = ctx.cells(&branches.iter().map(|b| b.cell).collect::<Vec<_>>()),
            region = ctx.region(r),
        ),
        None => format!(
            "{cell} is {vs}",
            cell = ctx.cell(branches[0].cell),
            vs = ctx.syms(branches.iter().fold(0, |m, b| m | bit(b.value)), "or"),
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
    let reason = format!(
        "{source}; each choice leads by {rules} to the same result, so {conclusion}.",
        rules = rules.words()
    );
    let technique = match rules {
        Rules::Singles => Technique::ForcingChain,
        _ => Technique::ForcingNet,
    };
    let mut step = Step::new(technique, capitalise(&reason));
    let mut cells: Vec<usize> = branches.iter().map(|b| b.cell).collect();
    crate::sort::sort(&mut cells);
    step.cells = cells;
    step.roles = pattern::all(&branches, Role::Source);
    // Each branch's implications, from its source to the conclusion.
    let targets: Vec<Node> = match placement {
        Some(p) => vec![(p, true)],
        None => eliminations.iter().map(|&e| (e, false)).collect(),
    };
    let mut nodes = 0;
    for &b in &branches {
        let net = branch_net(b, &targets);
        nodes += net.nodes;
        add_net(&mut step, &branches, net);
    }
    step.score = match rules {
        Rules::Singles => technique.base_score(),
        _ => rules.net_score(nodes),
    };
    if let Some(r) = region {
        step.regions = vec![ctx.layout.region_name(r)];
        step.houses = vec![House {
            region: ctx.layout.region_name(r),
            role: HouseRole::Base,
        }];
        if rules == Rules::Singles {
            // Calibrated on the SE-rated puzzles of crates/dlx-sudoku/tests/sudoku_se.rs.
            step.score += 0.2;
        }
    }
    step.candidates = branches;
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

/// `step` if it rates below `best` (ties keep `best`, found first).
fn easier(best: Option<Step>, step: Step) -> Option<Step> {
    match best {
        Some(b) if b.score <= step.score + 1e-9 => Some(b),
        _ => Some(step),
    }
}

/// The easiest forcing net under `rules` (a level above singles), as Sudoku Explainer
/// takes a hint of one of its dynamic chaining levels: every candidate is assumed, and of
/// all the contradiction nets and forcing nets found, the one of lowest score (SE's
/// `Chaining.getHintList` sorts its hints by difficulty), a contradiction on a tie, then
/// the shortest propagation, then reading order. A net's score counts the candidates its
/// conclusion rests on, not the propagation's length, so the shortest contradiction is not
/// always the easiest, nor is a contradiction always easier than a forcing net; the
/// forcing nets are looked at only if the best contradiction rates above the level's base.
/// Every assumption runs to its end (the search for the shortest contradiction stopped each
/// at the shortest found so far): the grades of the forum's hardest puzzles take about 1.8
/// times the CPU time they took that way (every 32nd of the vendored 1106 and 1905
/// samples, `sudoku_nets::hardest_times`). [`nets`] takes the first level that has one.
pub(crate) fn net(ctx: &Context, g: &Grid, rules: Rules) -> Option<Step> {
    // Each assumption once without a trace; the few whose net is scored again with one (a
    // trace for every candidate costs more than the second propagation of those few).
    let mut tried: Vec<Option<Result<Outcome, (Broken, usize)>>> =
        (0..g.values.len() * ctx.n).map(|_| None).collect();
    let mut broken: Vec<(usize, Candidate, Broken)> = Vec::new();
    for cell in 0..g.values.len() {
        for value in values(g.cand[cell]) {
            let c = Candidate { cell, value };
            let result = net::assume(ctx, g, c, rules, None);
            if let Err((at, length)) = result {
                broken.push((length, c, at));
            }
            tried[cell * ctx.n + value as usize - 1] = Some(result);
        }
    }
    let traced = |c: Candidate, targets: &[Node]| net::traced_net(ctx, g, c, rules, targets);
    // Stable: on equal lengths, reading order.
    broken.sort_by_key(|&(length, ..)| length);
    let mut best: Option<Step> = None;
    for (length, c, at) in broken {
        let net = traced(c, &net::broken_targets(ctx, g, at));
        best = easier(best, refuted(ctx, rules, c, at, length, net));
    }
    if best
        .as_ref()
        .is_some_and(|b| b.score <= rules.net_score(0) + 1e-9)
    {
        return best;
    }
    each_forced(
        ctx,
        g,
        |b| match &tried[b.cell * ctx.n + b.value as usize - 1] {
            Some(Ok(o)) => Some(Outcome {
                grid: o.grid.clone(),
                length: o.length,
            }),
            _ => None,
        },
        |f| {
            best = easier(best.take(), forcing_step(ctx, rules, f, traced));
            false
        },
    );
    best
}

/// A forcing chain of singles as a rule inside a nested net: the bare step (its branches,
/// what it removes or places; no reason) and its length.
pub(super) fn inner_forcing(ctx: &Context, g: &Grid) -> Option<(Step, usize)> {
    let f = forced(ctx, g, Rules::Singles)?;
    let mut step = Step::new(Technique::ForcingChain, String::new());
    step.cells = f.branches.iter().map(|b| b.cell).collect();
    step.candidates = f.branches;
    step.regions = f
        .region
        .map(|r| ctx.layout.region_name(r))
        .into_iter()
        .collect();
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
    for cell in 0..g.values.len() {
        for value in values(g.cand[cell]) {
            let c = Candidate { cell, value };
            if let Err((_, length)) = net::assume(ctx, g, c, Rules::Singles, None) {
                refuted.push(c);
                shortest = shortest.min(length);
            }
        }
    }
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
