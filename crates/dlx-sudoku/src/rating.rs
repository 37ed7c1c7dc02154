//! The difficulty rating: singles and search effort, combined into four bands (see
//! [`Rating`]).

use std::fmt;
use std::str::FromStr;

use super::error::{SudokuError, SudokuResult};
use super::layout::Layout;
use super::logic::{SolvePath, Technique};
use super::propagate::Singles;
use super::puzzle::Sudoku;
use super::solver::{Run, SudokuSolver};
use super::verdict::Verdict;

/// How many random tie-breaking orders the search effort averages over.
pub const RATING_ORDERS: u64 = 4;

/// The search effort from which a puzzle is expert.
pub const EXPERT_EFFORT: f64 = 1.5;

/// Search nodes allowed per rating search by [`Sudoku::rating`]; a search cut there counts
/// as the budget (the effort is then a lower bound).
pub(crate) const RATING_NODE_BUDGET: u64 = 2_000_000;

/// A difficulty band.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Difficulty {
    /// Naked singles solve it.
    Easy,
    /// Naked and hidden singles solve it.
    #[default]
    Medium,
    /// Needs search, with an effort below [`EXPERT_EFFORT`].
    Hard,
    /// Needs search, with an effort of at least [`EXPERT_EFFORT`].
    Expert,
}

impl Difficulty {
    /// The band's name: `easy`, `medium`, `hard` or `expert`.
    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
            Difficulty::Expert => "expert",
        }
    }

    /// Every band, easiest first.
    pub const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Medium,
        Difficulty::Hard,
        Difficulty::Expert,
    ];
}

impl fmt::Display for Difficulty {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Difficulty {
    type Err = SudokuError;

    fn from_str(s: &str) -> SudokuResult<Difficulty> {
        Difficulty::ALL
            .into_iter()
            .find(|d| d.name() == s)
            .ok_or_else(|| SudokuError::InvalidArgument {
                name: "difficulty",
                reason: format!(
                    "`{}` is not one of easy, medium, hard, expert",
                    s.chars().take(40).collect::<String>()
                ),
            })
    }
}

/// How hard a puzzle is, measured two ways and combined into four bands.
///
/// * **Singles.** Can it be solved by naked singles alone (a cell with one candidate left),
///   or by naked and hidden singles (also a symbol with one cell left in a region)?
/// * **Search effort.** The engine searches the puzzle completely (to two solutions, which
///   proves uniqueness) with no preprocessing, [`RATING_ORDERS`] times with random
///   tie-breaking between equally short items (seeds 1, 2, ...: the rating is
///   deterministic). The effort is the mean number of search nodes divided by the number
///   of empty cells plus one. The engine places forced cells without branching, so a
///   puzzle that singles solve has an effort of exactly 1; every guess the engine has to
///   take back raises it.
///
/// The bands:
///
/// | band | meaning |
/// |---|---|
/// | easy | naked singles solve it |
/// | medium | naked and hidden singles solve it, naked singles alone do not |
/// | hard | singles get stuck; effort below [`EXPERT_EFFORT`] |
/// | expert | singles get stuck; effort at least [`EXPERT_EFFORT`] |
///
/// Every 4x4 puzzle with one solution falls to naked singles (the tests check this over
/// every puzzle drawn from two of the 288 grids), so 4x4 puzzles are always easy; 5x5
/// puzzles (Latin squares) rarely reach expert. A search cut at its node cap counts its
/// cap, so a very large effort is a lower bound.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Rating {
    /// The band.
    pub difficulty: Difficulty,
    /// Mean search nodes per empty cell plus one: 1 when singles solve it.
    pub effort: f64,
    /// Mean search nodes of the complete search.
    pub nodes: f64,
    /// Whether naked singles alone solve it.
    pub naked_singles: bool,
    /// Whether naked and hidden singles solve it.
    pub singles: bool,
}

impl Sudoku {
    /// Rates the puzzle (see [`Rating`]): only a puzzle with exactly one solution (its
    /// [`Verdict`]).
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`]; [`SudokuError::NoSolution`] and
    /// [`SudokuError::MultipleSolutions`] for a puzzle without exactly one solution.
    pub fn rating(&self) -> SudokuResult<Rating> {
        rate_unique(&mut SudokuSolver::new(), self, RATING_NODE_BUDGET)
    }
}

/// Rates `puzzle` if its [`Verdict`] is that it has exactly one solution, each search
/// capped at `cap` nodes: [`Sudoku::rating`] and the generator's rating.
pub(crate) fn rate_unique(
    solver: &mut SudokuSolver,
    puzzle: &Sudoku,
    cap: u64,
) -> SudokuResult<Rating> {
    Verdict::with(solver, puzzle)?.into_solution()?;
    rate(solver, puzzle.layout(), puzzle.values(), cap)
}

/// Rates `givens` on `layout`, each search capped at `cap` nodes.
fn rate(
    solver: &mut SudokuSolver,
    layout: &Layout,
    givens: &[u8],
    cap: u64,
) -> SudokuResult<Rating> {
    let conflict = || SudokuError::ConflictingGivens {
        conflicts: Vec::new(),
    };
    let naked_singles = solver
        .singles_fill(layout, givens, Singles::Naked)
        .ok_or_else(conflict)?;
    let singles = naked_singles
        || solver
            .singles_fill(layout, givens, Singles::All)
            .ok_or_else(conflict)?;
    let empty = givens.iter().filter(|&&v| v == 0).count();
    let nodes = if singles {
        // The engine never branches on these: one node per empty cell, plus the solution.
        (empty + 1) as f64
    } else {
        let effort = search_effort(solver, layout, givens, None, cap)?;
        effort.nodes as f64 / RATING_ORDERS as f64
    };
    let effort = nodes / (empty + 1) as f64;
    let difficulty = if naked_singles {
        Difficulty::Easy
    } else if singles {
        Difficulty::Medium
    } else if effort < EXPERT_EFFORT {
        Difficulty::Hard
    } else {
        Difficulty::Expert
    };
    Ok(Rating {
        difficulty,
        effort,
        nodes,
        naked_singles,
        singles,
    })
}

/// The complete searches behind the effort.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Effort {
    /// Search nodes over all [`RATING_ORDERS`] searches.
    pub(crate) nodes: u64,
    /// Whether some search found two solutions.
    pub(crate) several: bool,
    /// Whether the node budget ran out.
    pub(crate) cut: bool,
}

/// Runs the rating's [`RATING_ORDERS`] complete searches with no preprocessing, stopping
/// early once `budget` nodes are spent in all (each search is also capped at `cap`).
pub(crate) fn search_effort(
    solver: &mut SudokuSolver,
    layout: &Layout,
    givens: &[u8],
    budget: Option<u64>,
    cap: u64,
) -> SudokuResult<Effort> {
    let mut effort = Effort {
        nodes: 0,
        several: false,
        cut: false,
    };
    for seed in 1..=RATING_ORDERS {
        let left = budget.map_or(cap, |b| b.saturating_sub(effort.nodes).min(cap));
        let run = Run {
            limit: 2,
            max_nodes: Some(left),
            seed: Some(seed),
            singles: Some(Singles::Off),
        };
        let outcome = solver.values(layout, givens, run, None, |_| true)?;
        effort.nodes += solver.report().stats.nodes;
        effort.several |= outcome.found > 1;
        if outcome.cut && budget.is_some() {
            effort.cut = true;
            break;
        }
    }
    Ok(effort)
}

/// Whether `givens` has one solution and a search effort below `ceiling`: the test the
/// generator uses to stay within a band while taking givens away.
pub(crate) fn unique_below(
    solver: &mut SudokuSolver,
    layout: &Layout,
    givens: &[u8],
    ceiling: f64,
) -> SudokuResult<bool> {
    let empty = givens.iter().filter(|&&v| v == 0).count();
    let budget = (ceiling * (empty + 1) as f64 * RATING_ORDERS as f64).ceil() as u64;
    let effort = search_effort(solver, layout, givens, Some(budget), RATING_NODE_BUDGET)?;
    Ok(!effort.cut && !effort.several && effort.nodes < budget)
}

/// A named level of the logical grade ([`Grade`]), by the hardest technique a puzzle needs
/// on the Sudoku Explainer scale.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Level {
    /// Hidden singles solve it (SE up to 1.5).
    Easy,
    /// Direct pointing, claiming and hidden pairs and triples (SE's 1.7-2.5), naked singles
    /// and locked candidates (up to 2.8).
    #[default]
    Medium,
    /// Pairs, triples, X-Wing, Swordfish, turbot fish, XY-Wing, XYZ-Wing (up to 4.4).
    Hard,
    /// Unique rectangles, quads, Jellyfish, 3-strong-link X-chains, WXYZ-Wing, BUG+1 (up
    /// to 5.6).
    Expert,
    /// Chains, forcing chains or more (above 5.6).
    Diabolical,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Expert,
        Level::Diabolical,
    ];

    /// The level's name: `easy`, `medium`, `hard`, `expert` or `diabolical`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Expert => "expert",
            Level::Diabolical => "diabolical",
        }
    }

    /// The highest SE score of the level (infinite for diabolical).
    pub fn max_score(self) -> f64 {
        match self {
            Level::Easy => 1.5,
            Level::Medium => 2.8,
            Level::Hard => 4.4,
            Level::Expert => 5.6,
            Level::Diabolical => f64::INFINITY,
        }
    }

    /// The level of an SE score.
    pub fn of_score(score: f64) -> Level {
        Level::ALL
            .into_iter()
            .find(|l| score <= l.max_score())
            .unwrap_or(Level::Diabolical)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = SudokuError;

    fn from_str(s: &str) -> SudokuResult<Level> {
        Level::ALL
            .into_iter()
            .find(|l| l.name() == s)
            .ok_or_else(|| SudokuError::InvalidArgument {
                name: "level",
                reason: format!(
                    "`{}` is not one of easy, medium, hard, expert, diabolical",
                    s.chars().take(40).collect::<String>()
                ),
            })
    }
}

/// The score of a puzzle that logic alone does not solve: above every technique's.
pub const UNSOLVED_SCORE: f64 = 10.0;

/// How hard a puzzle is for a person: the hardest step of the logical solver's path
/// ([`Sudoku::solve_path`]) on the Sudoku Explainer scale, and the techniques it used.
#[derive(Debug, Clone, PartialEq)]
pub struct Grade {
    /// The hardest step's score ([`UNSOLVED_SCORE`] if logic gets stuck).
    pub score: f64,
    /// The named level of the score.
    pub level: Level,
    /// Whether logic alone solves it (otherwise search is needed to finish).
    pub solved: bool,
    /// The hardest technique used, if any step was needed.
    pub hardest: Option<Technique>,
    /// Each technique used with how many steps used it, in the order of [`Technique::ALL`].
    pub techniques: Vec<(Technique, usize)>,
    /// How many steps the path has.
    pub steps: usize,
}

impl Grade {
    /// The grade of a solving path.
    pub fn of_path(path: &SolvePath) -> Grade {
        let mut score: f64 = 0.0;
        let mut hardest = None;
        for step in &path.steps {
            if step.score > score {
                score = step.score;
                hardest = Some(step.technique);
            }
        }
        if !path.solved {
            score = UNSOLVED_SCORE;
        }
        let techniques = Technique::ALL
            .into_iter()
            .map(|t| (t, path.steps.iter().filter(|s| s.technique == t).count()))
            .filter(|&(_, count)| count > 0)
            .collect();
        Grade {
            score,
            level: Level::of_score(score),
            solved: path.solved,
            hardest,
            techniques,
            steps: path.steps.len(),
        }
    }
}

impl Sudoku {
    /// Grades the puzzle by the techniques a person needs (see [`Grade`]).
    ///
    /// ```
    /// use dlx_sudoku::{Level, Sudoku};
    /// # fn main() -> Result<(), dlx_sudoku::SudokuError> {
    /// let puzzle: Sudoku = ".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4".parse()?;
    /// let grade = puzzle.grade()?;
    /// assert!(grade.solved);
    /// assert_eq!(grade.level, Level::Easy);
    /// # Ok(()) }
    /// ```
    ///
    /// Only a puzzle with exactly one solution is graded (its [`Verdict`]): an empty grid
    /// or a puzzle with no solution is not "diabolical", it is not a puzzle for logic.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`]; [`SudokuError::NoSolution`] and
    /// [`SudokuError::MultipleSolutions`] for a puzzle without exactly one solution.
    pub fn grade(&self) -> SudokuResult<Grade> {
        Ok(Grade::of_path(&self.solve_path()?))
    }
}
