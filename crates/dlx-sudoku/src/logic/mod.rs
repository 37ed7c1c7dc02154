//! A logical solver that works as a person does: it keeps candidates, applies the easiest
//! technique that makes progress, and explains each step.
//!
//! Techniques, easiest first (their difficulty on the Sudoku Explainer scale in
//! parentheses; [`Technique::base_score`]): hidden singles (1.0-1.5), direct pointing
//! and claiming (1.7-1.9: locked candidates that leave a hidden single, which the step
//! places), direct hidden pairs (2.0), naked singles (2.3), direct hidden triples (2.5),
//! locked candidates (2.6-2.8), naked pairs (3.0), X-Wing (3.2), hidden pairs (3.4),
//! finned and sashimi X-Wing (3.4-3.5), naked triples (3.6), Swordfish (3.8), hidden
//! triples (4.0), X-chains of two strong links (turbot fish, 4.0-4.2), finned and sashimi
//! Swordfish (4.0-4.1), XY-Wing (4.2), XYZ-Wing (4.4), unique rectangles 1-4 (4.5-4.9),
//! naked quads (5.0), Jellyfish (5.2), hidden quads (5.4), X-chains of three strong links
//! (5.4-5.6), finned and sashimi Jellyfish (5.4-5.6), ALS wings of three cells (SE's WXYZ-Wing, 5.5-5.6), BUG+1 (5.6),
//! X-chains of four strong links (5.8-6.0), ALS wings of four and five cells (6.2-6.6),
//! aligned pair exclusion (6.2), then the easiest chain: X-chains (6.6+), W-Wing (7.1), 3D
//! Medusa, XY-chains and AIC (7.0+), with SE's bonus for the chain's length; Sue de Coq
//! (6.6), aligned triplet exclusion (7.5), grouped X-chains (7.5+), contradiction chains
//! along one symbol's hidden singles (SE's Nishio, 7.5+), ALS-XZ (7.6), grouped AICs
//! (8.0+), cell and region forcing chains along the grid's links before the assumption
//! (SE's static multiple forcing chains, 8.0+), ALS-XY-Wing (8.2), ALS chains (8.3) and
//! death blossom (8.4); then forcing nets, SE's dynamic chains, whose assumptions
//! propagate on the grid as they change it: by singles (8.5+: contradictions from a
//! candidate assumed true or false, cell, region and double forcing), then by locked
//! candidates, pairs and X-Wing too (9.0+), then nested chains (9.5+), forcing chains
//! (10.0+), contradiction chains (10.5+) and the nets of 9.5 (11.0+), each level tried only
//! when the ones below it find nothing, as in SE, and within a level the step of lowest
//! score, not the first found. The order and the figures are SukakuExplainer's (default settings); SE has no
//! 3D Medusa, grouped chains, Sue de Coq, ALS-XZ, ALS-XY-Wing, ALS chain or death blossom,
//! and proves their eliminations with chains and forcing chains, so they are scored near
//! those (see [`Technique::base_score`]); nor finned fish (see `finned.rs`). Only a puzzle
//! with exactly one
//! solution gets a path or a hint ([`Verdict`](super::Verdict)), so uniqueness arguments
//! (unique rectangles, BUG+1) always hold there.
//!
//! Every technique reads the layout's regions, so they work on every size and variant:
//! singles, locked candidates, subsets, wings, chains, almost locked sets, Sue de Coq,
//! aligned exclusions and forcing chains on any region
//! (rows, columns, boxes, diagonals, windows, jigsaw regions); fish on rows and columns
//! (finned fish with their fins in a box, window or jigsaw region);
//! unique rectangles on any four cells whose regions allow the swap; BUG+1 on classic
//! layouts only. Chains, forcing chains, nets of singles, fish and the almost locked sets
//! run at every size (4x4 to 25x25) and on every variant, Samurai's 369 cells included
//! (above 9x9 the chaining levels take the first step found, not the easiest); aligned
//! triplet exclusion up to 20x20 and forcing nets of more than singles up to 9x9, for
//! their cost above (see `each_finder`).
//!
//! ```
//! use dlx_sudoku::{Sudoku, Technique};
//! # fn main() -> Result<(), dlx_sudoku::SudokuError> {
//! let puzzle: Sudoku = ".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4".parse()?;
//! let path = puzzle.solve_path()?;
//! assert!(path.solved);
//! assert_eq!(path.steps[0].technique, Technique::HiddenSingle);
//! # Ok(()) }
//! ```

mod aligned;
mod als;
mod chains;
mod finned;
mod fish;
mod forcing;
mod grid;
mod intersections;
mod medusa;
mod net;
mod pattern;
mod singles;
mod statics;
mod step;
mod subsets;
#[cfg(test)]
mod tests;
mod uniqueness;
mod wings;

pub(crate) use grid::{Context, Grid};
use net::Rules;
pub use pattern::{Contradiction, House, HouseRole, Link, LinkHouse, Part, Role};
pub use step::{Candidate, Step, Technique};

use super::error::{SudokuError, SudokuResult};
use super::puzzle::Sudoku;

/// The steps from a puzzle to its solution (or as far as logic gets).
#[derive(Debug, Clone, PartialEq)]
pub struct SolvePath {
    /// Every step, in order.
    pub steps: Vec<Step>,
    /// Whether the steps fill the grid; `false` if no technique applies before that.
    pub solved: bool,
    /// The grid after the last step.
    pub grid: Sudoku,
    /// Whether uniqueness arguments were allowed: always, since only a puzzle with exactly
    /// one solution has a path.
    pub unique: bool,
}

/// The next step on `g`: the one of lowest score on the Sudoku Explainer scale, of the
/// techniques whose base score is at most `limit` (`f64::INFINITY` for all); ties go to
/// the technique tried first (the simpler). Finders are tried by base score, which no step
/// of theirs rates below, so the search stops at the first finder whose base is not below
/// the best step found: usually the next one.
pub(crate) fn next_step(ctx: &Context, g: &Grid, unique: bool, limit: f64) -> Option<Step> {
    let mut best: Option<Step> = None;
    each_finder(ctx, g, unique, limit, |base, find| {
        if best.as_ref().is_some_and(|b| base >= b.score - 1e-9) {
            return true;
        }
        if let Some(step) = find() {
            if best.as_ref().is_none_or(|b| step.score < b.score - 1e-9) {
                best = Some(step);
            }
        }
        false
    });
    best
}

/// The largest size at which forcing nets of more than singles run, and at which a
/// chaining level takes its easiest step rather than the first found (see [`each_finder`]
/// for why).
pub(crate) const NETS_MAX_SIZE: usize = 9;

/// The largest size at which aligned triplet exclusion runs (see [`each_finder`] for why).
pub(crate) const TRIPLETS_MAX_SIZE: usize = 20;

/// A finder: runs one technique on the grid.
pub(crate) type Finder<'f> = &'f dyn Fn() -> Option<Step>;

/// Calls `visit` with each finder allowed on `g` whose base score is at most `limit`, with
/// that base score (the least score of its steps), by base score, until `visit` returns
/// `true`.
pub(crate) fn each_finder(
    ctx: &Context,
    g: &Grid,
    unique: bool,
    limit: f64,
    mut visit: impl FnMut(f64, Finder) -> bool,
) {
    // Chains, forcing chains, ALS wings, Sue de Coq and the ALS techniques run at every
    // size and on every variant: along the paths of 25x25 puzzles that need them, each
    // finder takes a median of at most 11 ms natively and at most about 65 ms
    // (`finder_costs` in logic/tests.rs; tests/sudoku_big.rs checks their steps at 16x16,
    // 20x20 and 25x25).
    // The chaining levels of 7.5 to 8.5 (Nishio, static forcing chains, dynamic ones of
    // singles) run at every size, taking the first step found above 9x9: along the paths of
    // tests/data/sudoku/big_* (every 25th state) a search takes a median of at most 0.8 ms
    // natively at 25x25 (max 8.3 ms, the static level; `finder_costs`).
    // Forcing nets of more than singles (9.0 and up) run only where nothing cheaper
    // applies, and only up to 9x9. Measured
    // natively (CPU time): at 16x16, three of fourteen minimal puzzles (carved from
    // generated grids, or the generator's diabolical ones) needed nets; with nets their
    // paths finish (grades 9.9 to 10.8) in 1.3 to 15 s, a net step taking up to 0.8 s; at
    // 25x25 a net of the second level took 0.4 s (a generated puzzle the chains leave at
    // 950 candidates), and the nested levels (10.0, 10.5) search forcing chains, tens of
    // milliseconds each at that size, inside every assumption. The hardest 9x9 puzzles
    // cost as much, but above 9x9 the generator grades every attempt at diabolical (about
    // one attempt in five would take seconds more at 16x16), and a hint there would take a
    // second or more.
    let nets = ctx.n <= NETS_MAX_SIZE;
    // Aligned triplet exclusion up to 20x20: along the paths of the large puzzles one
    // search takes a median 0.4 ms (max 2) at 16x16 and 1.3 ms (max 29) at 20x20, but 21
    // ms (max 98) at 25x25, where it runs at most steps (its base, 7.5, is the
    // contradiction chain's) and would double the time of a path. Aligned pair
    // exclusion runs at every size (at most a few ms at 25x25).
    let triplets = ctx.n <= TRIPLETS_MAX_SIZE;
    let finders: [(f64, bool, Finder); 42] = [
        (1.0, true, &|| singles::hidden_single(ctx, g)),
        (1.7, true, &|| intersections::direct(ctx, g)),
        (2.0, true, &|| subsets::hidden_direct(ctx, g, 2)),
        (2.3, true, &|| singles::naked(ctx, g)),
        (2.5, true, &|| subsets::hidden_direct(ctx, g, 3)),
        (2.6, true, &|| intersections::find(ctx, g)),
        (3.0, true, &|| subsets::naked(ctx, g, 2)),
        (3.2, true, &|| fish::find(ctx, g, 2)),
        (3.4, true, &|| subsets::hidden(ctx, g, 2)),
        (3.4, true, &|| finned::find(ctx, g, 2)),
        (3.6, true, &|| subsets::naked(ctx, g, 3)),
        (3.8, true, &|| fish::find(ctx, g, 3)),
        (4.0, true, &|| subsets::hidden(ctx, g, 3)),
        (4.0, true, &|| chains::strong_links(ctx, g, 2)),
        (4.0, true, &|| finned::find(ctx, g, 3)),
        (4.2, true, &|| wings::xy_wing(ctx, g, false)),
        (4.4, true, &|| wings::xy_wing(ctx, g, true)),
        (4.5, unique, &|| uniqueness::rectangle(ctx, g)),
        (5.0, true, &|| subsets::naked(ctx, g, 4)),
        (5.2, true, &|| fish::find(ctx, g, 4)),
        (5.4, true, &|| subsets::hidden(ctx, g, 4)),
        (5.4, true, &|| chains::strong_links(ctx, g, 3)),
        (5.4, true, &|| finned::find(ctx, g, 4)),
        (5.5, true, &|| wings::als_wing(ctx, g, 3)),
        (5.6, unique, &|| uniqueness::bug_plus_one(ctx, g)),
        (5.8, true, &|| chains::strong_links(ctx, g, 4)),
        (6.2, true, &|| wings::als_wing(ctx, g, 4)),
        (6.2, true, &|| aligned::find(ctx, g, 2)),
        (6.6, true, &|| wings::als_wing(ctx, g, 5)),
        (6.6, true, &|| chains::easiest(ctx, g)),
        (6.6, true, &|| als::sue_de_coq(ctx, g)),
        (7.5, triplets, &|| aligned::find(ctx, g, 3)),
        (7.5, true, &|| chains::grouped(ctx, g, chains::Kind::X)),
        (7.5, true, &|| forcing::net(ctx, g, Rules::Nishio)),
        (7.6, true, &|| als::xz(ctx, g)),
        (8.0, true, &|| chains::grouped(ctx, g, chains::Kind::Aic)),
        (8.0, true, &|| forcing::net(ctx, g, Rules::Static)),
        (8.2, true, &|| als::xy_wing(ctx, g)),
        (8.3, true, &|| als::chain(ctx, g)),
        (8.4, true, &|| als::death_blossom(ctx, g)),
        (8.5, true, &|| forcing::net(ctx, g, Rules::Singles)),
        (9.0, nets, &|| forcing::nets(ctx, g)),
    ];
    for (base, allowed, find) in finders {
        if allowed && base <= limit && visit(base, find) {
            return;
        }
    }
}

/// Applies a step to `g`.
pub(crate) fn apply(ctx: &Context, g: &mut Grid, step: &Step) {
    g.eliminate(&step.eliminations);
    if let Some(p) = step.placement {
        g.place(ctx, p.cell, p.value);
    }
}

/// Runs steps from `g` until it is solved or stuck.
pub(crate) fn run(ctx: &Context, g: &mut Grid, unique: bool, limit: f64) -> Vec<Step> {
    let mut steps = Vec::new();
    while !g.solved() {
        let Some(step) = next_step(ctx, g, unique, limit) else {
            break;
        };
        apply(ctx, g, &step);
        steps.push(step);
    }
    steps
}

impl Sudoku {
    /// Solves the puzzle step by step, as a person would: each step is the easiest
    /// technique that makes progress, with its reason (see [`Step`]). Only a puzzle with
    /// exactly one solution has a path (its [`Verdict`](super::Verdict)), so uniqueness
    /// arguments are always allowed; on a puzzle with none, "logical" steps would place
    /// wrong symbols.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`] if givens repeat a symbol in a region;
    /// [`SudokuError::NoSolution`] and [`SudokuError::MultipleSolutions`] for a puzzle
    /// without exactly one solution.
    pub fn solve_path(&self) -> SudokuResult<SolvePath> {
        self.verdict()?.into_solution()?;
        let ctx = Context::new(self.layout(), self.alphabet());
        let mut g =
            Grid::new(&ctx, self.values()).ok_or_else(|| SudokuError::ConflictingGivens {
                conflicts: self.conflicts(),
            })?;
        let steps = run(&ctx, &mut g, true, f64::INFINITY);
        Ok(SolvePath {
            steps,
            solved: g.solved(),
            grid: self.with_values(g.values),
            unique: true,
        })
    }
}
