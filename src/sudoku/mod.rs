//! Sudoku as exact cover, built on the engine. (Minimal 9x9 layer; the full sudoku module
//! replaces it.)

use crate::{ProblemBuilder, Solver, SolverOptions};

/// Why a 9x9 line was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SudokuError {
    /// Not 81 cells.
    #[error("a 9x9 puzzle has 81 cells; this one has {found}")]
    WrongCellCount {
        /// The number of cells given.
        found: usize,
    },
    /// A character that is neither a digit nor an empty-cell mark.
    #[error("invalid character `{ch}` at row {row}, column {col}")]
    InvalidCharacter {
        /// The character.
        ch: char,
        /// Its row, from 1.
        row: usize,
        /// Its column, from 1.
        col: usize,
    },
}

impl SudokuError {
    /// A stable, machine-readable name for the error.
    pub fn code(&self) -> &'static str {
        match self {
            SudokuError::WrongCellCount { .. } => "wrong_cell_count",
            SudokuError::InvalidCharacter { .. } => "invalid_character",
        }
    }
}

/// Solves a classic 9x9 puzzle given as 81 characters (`.` or `0` for empty). Returns the
/// first solution as 81 digits, or `None` if there is none.
///
/// # Errors
/// [`SudokuError::WrongCellCount`] and [`SudokuError::InvalidCharacter`].
pub fn solve_classic(line: &str) -> Result<Option<String>, SudokuError> {
    let chars: Vec<char> = line.trim().chars().collect();
    if chars.len() != 81 {
        return Err(SudokuError::WrongCellCount { found: chars.len() });
    }
    let mut givens = [0u8; 81];
    for (cell, &ch) in chars.iter().enumerate() {
        givens[cell] = match ch {
            '.' | '0' => 0,
            '1'..='9' => ch as u8 - b'0',
            _ => {
                return Err(SudokuError::InvalidCharacter {
                    ch,
                    row: cell / 9 + 1,
                    col: cell % 9 + 1,
                })
            }
        };
    }
    // Items: cell, row-digit, column-digit, box-digit; one option per cell and digit.
    let Ok(mut builder) = ProblemBuilder::new(4 * 81, 0) else {
        unreachable!("324 items fit the budget")
    };
    let mut forced = Vec::new();
    for cell in 0..81 {
        let (r, c) = (cell / 9, cell % 9);
        let b = r / 3 * 3 + c / 3;
        for d in 0..9 {
            let items = [cell, 81 + r * 9 + d, 162 + c * 9 + d, 243 + b * 9 + d];
            let Ok(option) = builder.add_option(&items) else {
                unreachable!("options are well formed")
            };
            if givens[cell] == d as u8 + 1 {
                forced.push(option);
            }
        }
    }
    let problem = builder.build();
    let options = SolverOptions {
        forced,
        max_solutions: Some(1),
        ..SolverOptions::default()
    };
    // Conflicting givens cannot all be forced: then there is no solution.
    let Ok(mut solver) = Solver::with_options(&problem, &options) else {
        return Ok(None);
    };
    Ok(solver.next().map(|solution| {
        let mut grid = [b'0'; 81];
        for option in solution {
            grid[option / 9] = b'1' + (option % 9) as u8;
        }
        String::from_utf8_lossy(&grid).into_owned()
    }))
}
