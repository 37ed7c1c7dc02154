//! [`Sudoku`]: a layout, the values of its cells, and the alphabet they are written in; and
//! the operations on it.

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;

use super::alphabet::Alphabet;
use super::error::{Conflict, SudokuError, SudokuResult};
use super::layout::Layout;
use super::solver::{with_workspace, Outcome, SearchReport};
use super::variant::Options;
use super::verdict::Verdict;
use super::{format, parse, validate};

/// A puzzle (or a solved grid): a [`Layout`], one value per cell (0 for empty, symbols from
/// 1), and the [`Alphabet`] it was written in, which output uses too.
///
/// ```
/// use dlx_sudoku::{Options, Sudoku};
/// # fn main() -> Result<(), dlx_sudoku::SudokuError> {
/// let puzzle = Sudoku::parse("1 . | . .\n. . | 2 .\n----+----\n. 3 | . .\n. . | . 4", &Options::default())?;
/// let solution = puzzle.some_solution()?.expect("solvable");
/// assert!(puzzle.layout().is_solution(solution.values()));
/// println!("{solution}"); // the compact line
/// # Ok(()) }
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sudoku {
    layout: Arc<Layout>,
    values: Vec<u8>,
    alphabet: Alphabet,
}

impl Sudoku {
    /// Reads a puzzle written as:
    ///
    /// * a compact line, one character per cell: `.`, `0`, `-`, `_` for empty cells,
    ///   symbols `1`-`9` then `A`, `B`, `C`, ... in either case (or the options' alphabet),
    ///   and optionally other text after it (`\t5.6`, ` # comment`, `;ER 7.1`): when the
    ///   line does not read as a whole, the cells before the first white space, `#`, `;`,
    ///   `:` or `,` are the puzzle if they are exactly a puzzle's count;
    /// * a multi-line grid in a frame (SimpleSudoku's, HoDoKu's, `+---+` grids): in a line
    ///   of cells white space and `|` are skipped; a line of nothing but `-`, `=`, `+`,
    ///   `*`, `.`, `:`, `'` and `|` is the frame, except a line of `.` and `|` (a row of
    ///   empty cells) and one of `-` and `|` (a row of empty cells when that gives the
    ///   right count);
    /// * for sizes above 9, whole numbers separated by white space or commas (0 is empty);
    /// * for Samurai, 21 lines of up to 21 characters with spaces outside the five grids, or
    ///   all 369 cells on one line.
    ///
    /// A byte-order mark (U+FEFF) before the text is skipped. The size is the square root
    /// of the number of cells unless the options fix it. A 10x10 to 16x16 grid in `0`-`9`,
    /// `A`, ... with a `0` among its cells and no alphabet in the options is read with `0`
    /// as a symbol (`0-9A-F` at 16x16) when that is the only possible reading: see
    /// [`SudokuError::AmbiguousAlphabet`] and the README. Whole numbers are read into the
    /// built-in alphabet, so that [`Sudoku::to_line`] is always compact.
    ///
    /// # Errors
    /// [`SudokuError::TooLarge`], [`SudokuError::WrongCellCount`] (saying which sizes would
    /// fit), [`SudokuError::InvalidCharacter`] and [`SudokuError::SymbolOutOfRange`] (with
    /// the cell's row and column), [`SudokuError::AmbiguousAlphabet`], [`SudokuError::BadJigsawMap`],
    /// [`SudokuError::BadSamuraiLayout`], and the option errors of [`Layout::new`] and
    /// [`Alphabet::custom`]. Conflicting givens are not checked here: see
    /// [`Sudoku::validate`].
    pub fn parse(text: &str, options: &Options) -> SudokuResult<Sudoku> {
        parse::parse(text, options)
    }

    /// The classic 9x9 puzzle of `text` where it is one line of 81 digits (`.` or `0` for an
    /// empty cell, blanks around it), as [`Sudoku::parse`] reads it with the default options;
    /// `None` for any other text, which only [`Sudoku::parse`] reads. It reads and lays out
    /// nothing else ([`Layout::classic_nine`]): for a reader that must stay small (the sudoku
    /// page's first module).
    pub fn parse_classic_line(text: &str) -> Option<Sudoku> {
        parse::parse_classic_line(text)
    }

    /// A puzzle on `layout` with `values` (one per cell, 0 for empty), in the built-in
    /// alphabet.
    ///
    /// # Errors
    /// [`SudokuError::InvalidArgument`] if `values` has the wrong length or a value above
    /// the layout's size.
    pub fn new(layout: Arc<Layout>, values: Vec<u8>) -> SudokuResult<Sudoku> {
        Sudoku::from_parts(layout, values, Alphabet::builtin())
    }

    /// An empty puzzle on `layout`.
    pub fn empty(layout: Arc<Layout>) -> Sudoku {
        let values = vec![0; layout.cell_count()];
        Sudoku {
            layout,
            values,
            alphabet: Alphabet::builtin(),
        }
    }

    pub(crate) fn from_parts(
        layout: Arc<Layout>,
        values: Vec<u8>,
        alphabet: Alphabet,
    ) -> SudokuResult<Sudoku> {
        let bad = |reason: String| SudokuError::InvalidArgument {
            name: "values",
            reason,
        };
        if values.len() != layout.cell_count() {
            return Err(bad(format!(
                "{} values for {} cells",
                values.len(),
                layout.cell_count()
            )));
        }
        if let Some(v) = values.iter().find(|&&v| usize::from(v) > layout.size()) {
            return Err(bad(format!(
                "value {v} is above the size {}",
                layout.size()
            )));
        }
        if let Some(k) = alphabet.symbol_count().filter(|&k| k != layout.size()) {
            return Err(SudokuError::BadAlphabet {
                reason: format!("it has {k} symbols; the puzzle needs {}", layout.size()),
            });
        }
        Ok(Sudoku {
            layout,
            values,
            alphabet,
        })
    }

    /// The same layout and alphabet with other values (which must fit the layout).
    pub(crate) fn with_values(&self, values: Vec<u8>) -> Sudoku {
        Sudoku {
            layout: Arc::clone(&self.layout),
            values,
            alphabet: self.alphabet.clone(),
        }
    }

    /// This puzzle written in `alphabet`.
    ///
    /// # Errors
    /// [`SudokuError::BadAlphabet`] if a custom alphabet's length is not the puzzle's size.
    pub fn with_alphabet(self, alphabet: Alphabet) -> SudokuResult<Sudoku> {
        Sudoku::from_parts(self.layout, self.values, alphabet)
    }

    /// The layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The layout, shared.
    pub fn shared_layout(&self) -> &Arc<Layout> {
        &self.layout
    }

    /// One value per cell: 0 for empty, symbols from 1.
    pub fn values(&self) -> &[u8] {
        &self.values
    }

    /// The alphabet it is written in.
    pub fn alphabet(&self) -> &Alphabet {
        &self.alphabet
    }

    /// How many cells are filled.
    pub fn given_count(&self) -> usize {
        self.values.iter().filter(|&&v| v != 0).count()
    }

    /// The compact line in the puzzle's alphabet (whole numbers separated by spaces only
    /// if written with [`Alphabet::numbers`] on purpose: the reader never picks it).
    pub fn to_line(&self) -> String {
        format::line(self)
    }

    /// A multi-line grid with box lines (the 21-line layout for Samurai), which
    /// [`Sudoku::parse`] reads back.
    pub fn to_grid(&self) -> String {
        format::grid(self)
    }

    /// Every pair of givens that repeat a symbol within a region, in reading order.
    pub fn conflicts(&self) -> Vec<Conflict> {
        validate::conflicts(&self.layout, &self.values, &self.alphabet)
    }

    /// Checks that no region repeats a given symbol.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`] listing every conflicting pair, with the rows,
    /// columns and the regions they share.
    pub fn validate(&self) -> SudokuResult<()> {
        let conflicts = self.conflicts();
        if conflicts.is_empty() {
            Ok(())
        } else {
            Err(SudokuError::ConflictingGivens { conflicts })
        }
    }

    /// Turns the solver's bare conflict signal into the full list.
    pub(crate) fn with_conflicts(&self, outcome: SudokuResult<Outcome>) -> SudokuResult<Outcome> {
        match outcome {
            Err(SudokuError::ConflictingGivens { .. }) => Err(SudokuError::ConflictingGivens {
                conflicts: self.conflicts(),
            }),
            other => other,
        }
    }

    /// The first solution found, or `None` if there is none.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`].
    pub fn some_solution(&self) -> SudokuResult<Option<Sudoku>> {
        let mut grid = Vec::new();
        let solved = with_workspace(|solver| solver.solve_into(self, &mut grid))?;
        Ok(solved.then(|| self.with_values(grid)))
    }

    /// The solution if there is exactly one, `None` if there are none or several (see
    /// [`Sudoku::verdict`], which says which).
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`].
    pub fn unique_solution(&self) -> SudokuResult<Option<Sudoku>> {
        Ok(match self.verdict()? {
            Verdict::Unique(solution) => Some(solution),
            _ => None,
        })
    }

    /// Counts the solutions, stopping at `limit`.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`].
    pub fn count_solutions(&self, limit: u64) -> SudokuResult<u64> {
        with_workspace(|solver| solver.count(self, limit))
    }

    /// [`Sudoku::count_solutions`] with the report of the search that counted (its nodes,
    /// and whether the fast search or the engine ran).
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`].
    pub fn count_with_report(&self, limit: u64) -> SudokuResult<(u64, SearchReport)> {
        with_workspace(|solver| {
            let count = solver.count(self, limit)?;
            Ok((count, solver.report()))
        })
    }

    /// Up to `limit` solutions, in the engine's order.
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`].
    pub fn solutions(&self, limit: usize) -> SudokuResult<Vec<Sudoku>> {
        let mut solutions = Vec::new();
        with_workspace(|solver| {
            solver.for_each_solution(self, limit as u64, |grid| {
                solutions.push(self.with_values(grid.to_vec()));
                true
            })
        })?;
        Ok(solutions)
    }

    /// Whether there is exactly one solution ([`Sudoku::verdict`]).
    ///
    /// # Errors
    /// [`SudokuError::ConflictingGivens`].
    pub fn is_unique(&self) -> SudokuResult<bool> {
        Ok(self.verdict()?.is_unique())
    }
}

impl fmt::Display for Sudoku {
    /// The compact line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_line())
    }
}

impl FromStr for Sudoku {
    type Err = SudokuError;

    /// [`Sudoku::parse`] with default options.
    fn from_str(text: &str) -> SudokuResult<Sudoku> {
        Sudoku::parse(text, &Options::default())
    }
}
