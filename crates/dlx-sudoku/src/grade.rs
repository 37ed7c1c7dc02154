//! The logical grade on the Sudoku Explainer scale: [`Grade`], the hardest step of the
//! logical solver's path, and its named [`Level`], the generator's target.

use std::fmt;
use std::str::FromStr;

use super::error::{SudokuError, SudokuResult};
use super::logic::{SolvePath, Technique};
use super::puzzle::Sudoku;

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
    /// Pairs, triples, X-Wing, Swordfish (finned and sashimi too), turbot fish, XY-Wing,
    /// XYZ-Wing (up to 4.4).
    Hard,
    /// Unique rectangles, quads, Jellyfish (finned and sashimi too), 3-strong-link
    /// X-chains, WXYZ-Wing, BUG+1 (up to 5.6).
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

/// The score of a puzzle that logic alone does not solve: above every technique's (the
/// hardest, nested forcing nets, rate 11.0 and their length bonus).
pub const UNSOLVED_SCORE: f64 = 12.0;

/// The lowest score of a step on the Sudoku Explainer scale (a full house).
pub const MIN_SCORE: f64 = 1.0;

/// A range of scores on the Sudoku Explainer scale, both ends included: what
/// [`generate`](super::generate) aims for instead of a [`Level`] when
/// [`GenerateOptions::se`](super::GenerateOptions::se) is set. Its ends lie on the scale,
/// [`MIN_SCORE`] to [`UNSOLVED_SCORE`] (the score of a puzzle logic alone does not solve),
/// and `min` is at most `max`: [`ScoreRange::new`] refuses anything else, so every value of
/// the type is one of those.
///
/// ```
/// use dlx_sudoku::ScoreRange;
/// let range = ScoreRange::new(2.0, 3.0)?;
/// assert!(range.contains(2.3) && !range.contains(3.2));
/// assert!(ScoreRange::new(3.0, 2.0).is_err());
/// # Ok::<(), dlx_sudoku::SudokuError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct ScoreRange {
    min: f64,
    max: f64,
}

// No NaN gets past `ScoreRange::new`, so equality is an equivalence.
impl Eq for ScoreRange {}

/// How far apart two scores may be and still count as equal: scores are tenths, and sums of
/// tenths in binary are a little off.
const SCORE_TOLERANCE: f64 = 1e-9;

impl ScoreRange {
    /// The scores from `min` to `max`, both included.
    ///
    /// # Errors
    /// [`SudokuError::InvalidArgument`] (`se`) for an end that is not a number from
    /// [`MIN_SCORE`] to [`UNSOLVED_SCORE`] (NaN and infinities included), or `min` above
    /// `max`.
    pub fn new(min: f64, max: f64) -> SudokuResult<ScoreRange> {
        // The reasons print no number: formatting an f64 would add Rust's float printing
        // to the WebAssembly module (about 20 KB) for an error message.
        let on_scale = |x: f64| (MIN_SCORE..=UNSOLVED_SCORE).contains(&x);
        let refuse = |reason: &str| SudokuError::InvalidArgument {
            name: "se",
            reason: reason.into(),
        };
        if !on_scale(min) {
            return Err(refuse(
                "min is not a score of the Sudoku Explainer scale, a number from 1.0 to 12.0",
            ));
        }
        if !on_scale(max) {
            return Err(refuse(
                "max is not a score of the Sudoku Explainer scale, a number from 1.0 to 12.0",
            ));
        }
        if min > max {
            return Err(refuse("min is above max"));
        }
        Ok(ScoreRange { min, max })
    }

    /// The lowest score in the range.
    pub fn min(self) -> f64 {
        self.min
    }

    /// The highest score in the range.
    pub fn max(self) -> f64 {
        self.max
    }

    /// Whether `score` lies in the range (to within the rounding of tenths).
    pub fn contains(self, score: f64) -> bool {
        score >= self.min - SCORE_TOLERANCE && score <= self.max + SCORE_TOLERANCE
    }

    /// How far `score` lies outside the range: 0 inside it.
    pub fn distance(self, score: f64) -> f64 {
        if self.contains(score) {
            0.0
        } else if score < self.min {
            self.min - score
        } else {
            score - self.max
        }
    }
}

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
    /// Only a puzzle with exactly one solution is graded (its [`Verdict`](super::Verdict)):
    /// an empty grid or a puzzle with no solution is not "diabolical", it is not a puzzle for
    /// logic.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`]; [`SudokuError::NoSolution`] and
    /// [`SudokuError::MultipleSolutions`] for a puzzle without exactly one solution.
    pub fn grade(&self) -> SudokuResult<Grade> {
        Ok(Grade::of_path(&self.solve_path()?))
    }
}
