//! Every way a sudoku input can be refused, with the positions a user interface needs to point
//! at the mistake, and a stable machine-readable [`SudokuError::code`] for each.

use std::fmt;

use super::layout::RegionName;
use super::variant::Variant;

/// A cell's position in the grid as it is written: 1-based row and column. For Samurai
/// puzzles these are positions in the 21 x 21 layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellPos {
    /// The row, from 1 at the top.
    pub row: usize,
    /// The column, from 1 at the left.
    pub column: usize,
}

impl fmt::Display for CellPos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row, self.column)
    }
}

/// Two givens with the same symbol in one region.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Conflict {
    /// The repeated symbol as it was written.
    pub symbol: String,
    /// The symbol's value, from 1.
    pub value: usize,
    /// The earlier of the two cells (in reading order).
    pub first: CellPos,
    /// The later of the two cells.
    pub second: CellPos,
    /// Every region the two cells share (at least one).
    pub regions: Vec<RegionName>,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` at {} and at {}",
            self.symbol, self.first, self.second
        )?;
        for (k, region) in self.regions.iter().enumerate() {
            f.write_str(if k == 0 { " (both in " } else { " and " })?;
            write!(f, "{region}")?;
        }
        if !self.regions.is_empty() {
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// What is wrong with a jigsaw region map.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum JigsawProblem {
    /// The jigsaw variant was asked for without a map.
    Missing,
    /// The map does not have one region symbol per cell.
    CellCount {
        /// Region symbols found.
        found: usize,
        /// Cells in the puzzle.
        expected: usize,
    },
    /// The map names the wrong number of regions.
    RegionCount {
        /// Distinct region symbols found.
        found: usize,
        /// Regions needed: one per symbol of the puzzle.
        expected: usize,
    },
    /// One region has the wrong number of cells.
    RegionSize {
        /// The region's symbol in the map.
        region: char,
        /// Cells it has.
        size: usize,
        /// Cells it needs.
        expected: usize,
        /// Its first cell in reading order.
        first: CellPos,
    },
}

impl fmt::Display for JigsawProblem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JigsawProblem::Missing => f.write_str("the jigsaw variant needs a region map"),
            JigsawProblem::CellCount { found, expected } => {
                write!(f, "the map has {found} cells, the puzzle has {expected}")
            }
            JigsawProblem::RegionCount { found, expected } => {
                write!(f, "the map has {found} regions, it needs {expected}")
            }
            JigsawProblem::RegionSize {
                region,
                size,
                expected,
                first,
            } => write!(
                f,
                "region `{region}` (first cell at {first}) has {size} cells, it needs {expected}"
            ),
        }
    }
}

/// Every error of the sudoku layer.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SudokuError {
    /// The input text is longer than [`MAX_INPUT_BYTES`](super::MAX_INPUT_BYTES).
    #[error("input too large: {len} bytes, over the limit of {limit}")]
    TooLarge {
        /// Its length in bytes.
        len: usize,
        /// The limit.
        limit: usize,
    },
    /// The number of cells fits no supported puzzle, or not the one the options ask for.
    #[error("{}", cell_count_message(*found, *expected, fits))]
    WrongCellCount {
        /// Cells found in the input.
        found: usize,
        /// Cells the options call for, when they fix the size.
        expected: Option<usize>,
        /// The nearest supported sizes `n` (an `n` x `n` puzzle has `n * n` cells): the one
        /// below and the one above `found`, when the options leave the size open.
        fits: Vec<usize>,
    },
    /// A character that is neither a symbol, an empty-cell mark nor decoration.
    #[error("invalid character `{ch}` at {pos}")]
    InvalidCharacter {
        /// The character.
        ch: char,
        /// The cell it stands in.
        pos: CellPos,
    },
    /// A symbol larger than the puzzle's size (`A` in a 9x9 puzzle, `17` in a 16x16 one).
    #[error("symbol `{symbol}` at {pos} is out of range: this {size}x{size} puzzle uses symbols 1 to {size}")]
    SymbolOutOfRange {
        /// The symbol as written.
        symbol: String,
        /// Its value.
        value: usize,
        /// The puzzle's size.
        size: usize,
        /// The cell it stands in.
        pos: CellPos,
    },
    /// Two or more givens repeat a symbol within a region.
    #[error("conflicting givens: {}", conflicts_message(conflicts))]
    ConflictingGivens {
        /// Every conflicting pair, in reading order.
        conflicts: Vec<Conflict>,
    },
    /// A jigsaw map that is not `n` regions of `n` cells each.
    #[error("bad jigsaw map: {problem}")]
    BadJigsawMap {
        /// What is wrong.
        problem: JigsawProblem,
    },
    /// A Samurai puzzle that is not 21 lines of up to 21 characters with cells exactly where
    /// the five grids are.
    #[error("{}", samurai_message(*line, *column, reason))]
    BadSamuraiLayout {
        /// The line, from 1 (0 when the problem is the number of lines).
        line: usize,
        /// The character column, from 1 (0 when the whole line is at fault).
        column: usize,
        /// What is wrong.
        reason: &'static str,
    },
    /// Box dimensions that do not multiply to the puzzle's size (0 for a dimension not given).
    #[error("{}", box_shape_message(*rows, *cols, *size))]
    BadBoxShape {
        /// Box rows.
        rows: usize,
        /// Box columns.
        cols: usize,
        /// The puzzle's size.
        size: usize,
    },
    /// A size outside 4 through 25.
    #[error("unsupported size {size}: sizes 4 through 25 are supported")]
    UnsupportedSize {
        /// The size asked for.
        size: usize,
    },
    /// A variant that does not exist at this size (windoku and Samurai are 9x9 only).
    #[error("the {variant} variant does not exist at size {size}")]
    UnsupportedVariant {
        /// The variant.
        variant: Variant,
        /// The size.
        size: usize,
    },
    /// A custom alphabet that cannot be used.
    #[error("bad alphabet: {reason}")]
    BadAlphabet {
        /// Why.
        reason: String,
    },
    /// A grid of 10 to 16 symbols written with `0`-`9`, `A`, ... that reads two ways,
    /// with `0` as an empty cell (symbols `1`-`9`, `A`, ...) and with `0` as the first
    /// symbol, neither ruled out: the options' `alphabet` must say which.
    #[error("ambiguous alphabet: this {size}x{size} grid reads two ways, with `0` as a symbol of {zero_symbol} ({} givens) or with `0` as an empty cell and the symbols {zero_empty} ({} givens); pass the alphabet `{zero_symbol}` or `{zero_empty}`", givens[0], givens[1])]
    AmbiguousAlphabet {
        /// The puzzle's size.
        size: usize,
        /// The alphabet where `0` is a symbol, such as `0-9A-F`.
        zero_symbol: String,
        /// The alphabet where `0` is an empty cell, such as `1-9A-G`.
        zero_empty: String,
        /// The givens of each reading, `zero_symbol`'s first.
        givens: [usize; 2],
    },
    /// A custom region that cannot be added to a layout.
    #[error("bad region {index}: {reason}")]
    BadRegion {
        /// The region's index among the layout's regions.
        index: usize,
        /// Why.
        reason: String,
    },
    /// An argument out of its range (a limit, a seed, a generator option).
    #[error("invalid argument `{name}`: {reason}")]
    InvalidArgument {
        /// The argument's name.
        name: &'static str,
        /// Why.
        reason: String,
    },
    /// The puzzle has no solution: refused where a person's logic needs one, by the
    /// grade, the hints and the solving path (see [`Verdict`](super::Verdict)).
    #[error("this puzzle has no solution")]
    NoSolution,
    /// The puzzle has more than one solution: refused where a person's logic needs exactly
    /// one, by the grade, the hints and the solving path (see [`Verdict`](super::Verdict)).
    #[error("this puzzle has more than one solution (at least {found}): a logical grade needs a unique one")]
    MultipleSolutions {
        /// The solutions found before the count stopped (at
        /// [`VERDICT_BOUND`](super::VERDICT_BOUND)): the puzzle has at least this many.
        found: u64,
    },
    /// The engine refused the encoding (it would exceed the engine's size budget).
    #[error("engine: {0}")]
    Engine(#[from] dlx_engine::Error),
}

impl SudokuError {
    /// A stable, machine-readable name for the kind of error, such as `"invalid_character"`.
    pub fn code(&self) -> &'static str {
        match self {
            SudokuError::TooLarge { .. } => "too_large",
            SudokuError::WrongCellCount { .. } => "wrong_cell_count",
            SudokuError::InvalidCharacter { .. } => "invalid_character",
            SudokuError::SymbolOutOfRange { .. } => "symbol_out_of_range",
            SudokuError::ConflictingGivens { .. } => "conflicting_givens",
            SudokuError::BadJigsawMap { .. } => "bad_jigsaw_map",
            SudokuError::BadSamuraiLayout { .. } => "bad_samurai_layout",
            SudokuError::BadBoxShape { .. } => "bad_box_shape",
            SudokuError::UnsupportedSize { .. } => "unsupported_size",
            SudokuError::UnsupportedVariant { .. } => "unsupported_variant",
            SudokuError::BadAlphabet { .. } => "bad_alphabet",
            SudokuError::AmbiguousAlphabet { .. } => "ambiguous_alphabet",
            SudokuError::BadRegion { .. } => "bad_region",
            SudokuError::InvalidArgument { .. } => "invalid_argument",
            SudokuError::NoSolution => "no_solution",
            SudokuError::MultipleSolutions { .. } => "multiple_solutions",
            SudokuError::Engine(error) => error.code(),
        }
    }

    /// The cell the error points at, if it points at one: the character's or symbol's cell,
    /// the first cell of the first conflict, or a bad jigsaw region's first cell.
    pub fn position(&self) -> Option<CellPos> {
        match self {
            SudokuError::InvalidCharacter { pos, .. }
            | SudokuError::SymbolOutOfRange { pos, .. } => Some(*pos),
            SudokuError::ConflictingGivens { conflicts } => conflicts.first().map(|c| c.first),
            SudokuError::BadJigsawMap {
                problem: JigsawProblem::RegionSize { first, .. },
            } => Some(*first),
            _ => None,
        }
    }
}

/// The crate's result type for sudoku operations.
pub type SudokuResult<T> = Result<T, SudokuError>;

fn box_shape_message(rows: usize, cols: usize, size: usize) -> String {
    match (rows, cols) {
        (rows, 0) => format!("boxes of {rows} rows do not fit this {size}x{size} puzzle: {rows} does not divide {size}"),
        (0, cols) => format!("boxes of {cols} columns do not fit this {size}x{size} puzzle: {cols} does not divide {size}"),
        _ => format!("boxes of {rows}x{cols} cells do not fit this {size}x{size} puzzle"),
    }
}

fn cell_count_message(found: usize, expected: Option<usize>, fits: &[usize]) -> String {
    let mut message = format!("wrong cell count: found {found} cells");
    if let Some(expected) = expected {
        message.push_str(&format!(", expected {expected}"));
    } else if !fits.is_empty() {
        let sizes: Vec<String> = fits
            .iter()
            .map(|&n| format!("{n}x{n} has {}", n * n))
            .collect();
        message.push_str(&format!(" ({})", sizes.join(", ")));
    }
    message
}

fn samurai_message(line: usize, column: usize, reason: &str) -> String {
    if line == 0 {
        format!("bad Samurai layout: {reason}")
    } else {
        format!("bad Samurai layout at line {line}, column {column}: {reason}")
    }
}

fn conflicts_message(conflicts: &[Conflict]) -> String {
    let shown: Vec<String> = conflicts.iter().take(8).map(ToString::to_string).collect();
    let mut message = shown.join("; ");
    if conflicts.len() > shown.len() {
        message.push_str(&format!("; and {} more", conflicts.len() - shown.len()));
    }
    message
}
