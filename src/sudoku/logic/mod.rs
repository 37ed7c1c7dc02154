//! A logical solver that works as a person does: it keeps candidates, applies the easiest
//! technique that makes progress, and explains each step.
//!
//! Techniques, easiest first (their difficulty on the Sudoku Explainer scale in
//! parentheses; [`Technique::base_score`]): hidden singles (1.0-1.5), naked singles (2.3),
//! locked candidates (2.6-2.8), naked pairs (3.0), X-Wing (3.2), hidden pairs (3.4),
//! naked triples (3.6), Swordfish (3.8), hidden triples (4.0), XY-Wing (4.2), XYZ-Wing and
//! W-Wing (4.4), unique rectangles 1-4 (4.5-4.9), naked quads (5.0), Jellyfish (5.2),
//! hidden quads (5.4), BUG+1 (5.6), X-chains and XY-chains (6.6+), AIC (7.0+),
//! contradiction chains (7.5+) and forcing chains (8.3+). Uniqueness arguments (unique
//! rectangles, BUG+1) are used only when the puzzle is known to have one solution.
//!
//! Every technique reads the layout's regions, so they work on every size and variant:
//! singles, locked candidates, subsets, wings, chains and forcing chains on any region
//! (rows, columns, boxes, diagonals, windows, jigsaw regions); fish on rows and columns;
//! unique rectangles on any four cells whose regions allow the swap; BUG+1 on classic
//! layouts only. Chains and forcing chains are skipped above 16x16, where they are slow.
//!
//! ```
//! use dlx_wasm::sudoku::{Sudoku, Technique};
//! # fn main() -> Result<(), dlx_wasm::sudoku::SudokuError> {
//! let puzzle: Sudoku = "..2.3...8.....8....31.2.....6..5.27..1.....5.2.4.6..31....8.6.5.......13..531.4..".parse()?;
//! let path = puzzle.solve_path()?;
//! assert!(path.solved);
//! assert_eq!(path.steps[0].technique, Technique::HiddenSingle);
//! # Ok(()) }
//! ```

mod chains;
mod fish;
mod forcing;
mod grid;
mod intersections;
mod singles;
mod step;
mod subsets;
mod uniqueness;
mod wings;

pub(crate) use grid::{Context, Grid};
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
    /// Whether the puzzle has one solution (uniqueness arguments were allowed).
    pub unique: bool,
}

/// The next step on `g`: the easiest technique that applies.
pub(crate) fn next_step(ctx: &Context, g: &Grid, unique: bool) -> Option<Step> {
    use chains::Kind;
    let big = ctx.n > 16;
    singles::find(ctx, g)
        .or_else(|| intersections::find(ctx, g))
        .or_else(|| subsets::naked(ctx, g, 2))
        .or_else(|| fish::find(ctx, g, 2))
        .or_else(|| subsets::hidden(ctx, g, 2))
        .or_else(|| subsets::naked(ctx, g, 3))
        .or_else(|| fish::find(ctx, g, 3))
        .or_else(|| subsets::hidden(ctx, g, 3))
        .or_else(|| wings::xy_wing(ctx, g, false))
        .or_else(|| wings::xy_wing(ctx, g, true))
        .or_else(|| wings::w_wing(ctx, g))
        .or_else(|| unique.then(|| uniqueness::rectangle(ctx, g)).flatten())
        .or_else(|| subsets::naked(ctx, g, 4))
        .or_else(|| fish::find(ctx, g, 4))
        .or_else(|| subsets::hidden(ctx, g, 4))
        .or_else(|| unique.then(|| uniqueness::bug_plus_one(ctx, g)).flatten())
        .or_else(|| (!big).then(|| chains::find(ctx, g, Kind::X)).flatten())
        .or_else(|| (!big).then(|| chains::find(ctx, g, Kind::Xy)).flatten())
        .or_else(|| (!big).then(|| chains::find(ctx, g, Kind::Aic)).flatten())
        .or_else(|| (!big).then(|| forcing::contradiction(ctx, g)).flatten())
        .or_else(|| (!big).then(|| forcing::forcing(ctx, g)).flatten())
}

/// Applies a step to `g`.
pub(crate) fn apply(ctx: &Context, g: &mut Grid, step: &Step) {
    g.eliminate(&step.eliminations);
    if let Some(p) = step.placement {
        g.place(ctx, p.cell, p.value);
    }
}

/// Runs steps from `g` until it is solved or stuck.
pub(crate) fn run(ctx: &Context, g: &mut Grid, unique: bool) -> Vec<Step> {
    let mut steps = Vec::new();
    while !g.solved() {
        let Some(step) = next_step(ctx, g, unique) else {
            break;
        };
        apply(ctx, g, &step);
        steps.push(step);
    }
    steps
}

impl Sudoku {
    /// Solves the puzzle step by step, as a person would: each step is the easiest
    /// technique that makes progress, with its reason (see [`Step`]). Uniqueness arguments
    /// are used only if the puzzle has exactly one solution.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`] if givens repeat a symbol in a region.
    pub fn solve_path(&self) -> SudokuResult<SolvePath> {
        self.validate()?;
        let unique = self.count_solutions(2)? == 1;
        let ctx = Context::new(self.layout(), self.alphabet());
        let mut g =
            Grid::new(&ctx, self.values()).ok_or_else(|| SudokuError::ConflictingGivens {
                conflicts: self.conflicts(),
            })?;
        let steps = run(&ctx, &mut g, unique);
        Ok(SolvePath {
            steps,
            solved: g.solved(),
            grid: self.with_values(g.values),
            unique,
        })
    }
}
