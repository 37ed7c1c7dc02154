//! Checking a solving path against the solution, step by step ([`SolvePath::wrong_steps`]),
//! and tallying those checks over many puzzles ([`PathTally`]): the one check the tests and
//! the verification example (`examples/verify_paths.rs`) run.

use std::collections::BTreeMap;

use super::error::{CellPos, SudokuResult};
use super::logic::{SolvePath, Technique};
use super::puzzle::Sudoku;
use super::verdict::Verdict;

/// A step of a solving path that the puzzle's solution contradicts, or that does nothing
/// (see [`SolvePath::wrong_steps`]). Steps are numbered from 0 in the path's order.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WrongStep {
    /// The step removes a candidate that is the cell's solution value.
    #[error("step {index} ({technique}) removes {symbol} from the cell at {cell}, its solution: {reason}")]
    Elimination {
        /// The step's index in the path.
        index: usize,
        /// Its technique.
        technique: Technique,
        /// The cell.
        cell: CellPos,
        /// The symbol removed (the solution's).
        symbol: String,
        /// The step's reason.
        reason: String,
    },
    /// The step places a symbol that is not the cell's solution value.
    #[error("step {index} ({technique}) places {placed} at {cell}, whose solution is {solution}: {reason}")]
    Placement {
        /// The step's index in the path.
        index: usize,
        /// Its technique.
        technique: Technique,
        /// The cell.
        cell: CellPos,
        /// The symbol placed.
        placed: String,
        /// The cell's solution symbol.
        solution: String,
        /// The step's reason.
        reason: String,
    },
    /// The step neither places a symbol nor removes a candidate, or gives no reason.
    #[error(
        "step {index} ({technique}) places nothing, removes nothing or says nothing: `{reason}`"
    )]
    Idle {
        /// The step's index in the path.
        index: usize,
        /// Its technique.
        technique: Technique,
        /// The step's reason (perhaps empty).
        reason: String,
    },
    /// The path says it solves the puzzle, but its grid is not the solution.
    #[error("the path ends in a solved grid that is not the solution")]
    SolvedWrongly,
}

impl SolvePath {
    /// Every step of the path that `solution` (the puzzle's only solution, one value per
    /// cell as [`Sudoku::values`] gives them) contradicts: a placement that is not the
    /// solution's value, an elimination of the solution's value; also a step that does
    /// nothing or gives no reason, and a solved grid that is not the solution. Empty for a
    /// correct path.
    ///
    /// ```
    /// use dlx_sudoku::Sudoku;
    /// # fn main() -> Result<(), dlx_sudoku::SudokuError> {
    /// let puzzle: Sudoku = ".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4".parse()?;
    /// let solution = puzzle.unique_solution()?.expect("one solution");
    /// let path = puzzle.solve_path()?;
    /// assert!(path.wrong_steps(solution.values()).is_empty());
    /// # Ok(()) }
    /// ```
    pub fn wrong_steps(&self, solution: &[u8]) -> Vec<WrongStep> {
        let (layout, alphabet) = (self.grid.layout(), self.grid.alphabet());
        let mut wrong = Vec::new();
        for (index, step) in self.steps.iter().enumerate() {
            let (technique, reason) = (step.technique, &step.reason);
            for e in &step.eliminations {
                if solution.get(e.cell) == Some(&e.value) {
                    wrong.push(WrongStep::Elimination {
                        index,
                        technique,
                        cell: layout.position(e.cell),
                        symbol: alphabet.symbol(e.value),
                        reason: reason.clone(),
                    });
                }
            }
            if let Some(p) = step.placement {
                let truth = solution.get(p.cell).copied().unwrap_or(0);
                if truth != p.value {
                    wrong.push(WrongStep::Placement {
                        index,
                        technique,
                        cell: layout.position(p.cell),
                        placed: alphabet.symbol(p.value),
                        solution: alphabet.symbol(truth),
                        reason: reason.clone(),
                    });
                }
            }
            if (step.placement.is_none() && step.eliminations.is_empty()) || reason.is_empty() {
                wrong.push(WrongStep::Idle {
                    index,
                    technique,
                    reason: reason.clone(),
                });
            }
        }
        if self.solved && self.grid.values() != solution {
            wrong.push(WrongStep::SolvedWrongly);
        }
        wrong
    }
}

/// What [`PathTally::add`] found of one puzzle.
#[derive(Debug, Clone, PartialEq)]
pub enum Checked {
    /// The puzzle has no solution or several: it has no path, nothing was checked.
    NotUnique,
    /// The path was checked: whether it solves the puzzle, and its wrong steps (none for a
    /// correct path).
    Path {
        /// Whether logic alone solves the puzzle.
        solved: bool,
        /// The steps the solution contradicts ([`SolvePath::wrong_steps`]).
        wrong: Vec<WrongStep>,
    },
}

/// Counts of one technique's verified steps ([`PathTally`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TechniqueCount {
    /// Steps of the technique.
    pub steps: usize,
    /// Symbols they placed.
    pub placements: usize,
    /// Candidates they removed.
    pub eliminations: usize,
}

/// The solving paths of many puzzles, each checked against its solution
/// ([`SolvePath::wrong_steps`]), tallied: puzzles, solved and unsolved by logic alone,
/// puzzles without exactly one solution (skipped), steps per technique, and every wrong
/// step with its puzzle.
///
/// ```
/// use dlx_sudoku::{PathTally, Sudoku};
/// # fn main() -> Result<(), dlx_sudoku::SudokuError> {
/// let mut tally = PathTally::default();
/// let puzzle: Sudoku = ".5..83.17...1..4..3.4..56.8....3...9.9.8245....6....7...9....5...729..861.36.72.4".parse()?;
/// tally.add(&puzzle)?;
/// assert_eq!((tally.puzzles, tally.solved, tally.wrong.len()), (1, 1, 0));
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PathTally {
    /// Puzzles added.
    pub puzzles: usize,
    /// Puzzles whose path solves them.
    pub solved: usize,
    /// Puzzles with one solution whose path gets stuck before the end.
    pub unsolved: usize,
    /// Puzzles without exactly one solution (no path to check).
    pub not_unique: usize,
    /// The verified steps per technique.
    pub techniques: BTreeMap<Technique, TechniqueCount>,
    /// Each wrong step, with its puzzle (as [`Sudoku::to_line`] writes it).
    pub wrong: Vec<(String, WrongStep)>,
}

impl PathTally {
    /// Takes the solving path of `puzzle` and checks each step against its solution,
    /// counting what it found; a puzzle without exactly one solution is counted as such.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`](super::SudokuError::ConflictingGivens) if givens
    /// repeat a symbol in a region.
    pub fn add(&mut self, puzzle: &Sudoku) -> SudokuResult<Checked> {
        self.puzzles += 1;
        let Verdict::Unique(solution) = Verdict::of(puzzle)? else {
            self.not_unique += 1;
            return Ok(Checked::NotUnique);
        };
        let path = puzzle.solve_path()?;
        let wrong = path.wrong_steps(solution.values());
        for step in &path.steps {
            let count = self.techniques.entry(step.technique).or_default();
            count.steps += 1;
            count.placements += usize::from(step.placement.is_some());
            count.eliminations += step.eliminations.len();
        }
        if path.solved {
            self.solved += 1;
        } else {
            self.unsolved += 1;
        }
        let line = puzzle.to_line();
        self.wrong
            .extend(wrong.iter().map(|w| (line.clone(), w.clone())));
        Ok(Checked::Path {
            solved: path.solved,
            wrong,
        })
    }

    /// Adds the counts of `other`.
    pub fn merge(&mut self, other: &PathTally) {
        self.puzzles += other.puzzles;
        self.solved += other.solved;
        self.unsolved += other.unsolved;
        self.not_unique += other.not_unique;
        for (&technique, count) in &other.techniques {
            let mine = self.techniques.entry(technique).or_default();
            mine.steps += count.steps;
            mine.placements += count.placements;
            mine.eliminations += count.eliminations;
        }
        self.wrong.extend(other.wrong.iter().cloned());
    }

    /// The verified steps of every technique.
    pub fn steps(&self) -> usize {
        self.techniques.values().map(|c| c.steps).sum()
    }
}
