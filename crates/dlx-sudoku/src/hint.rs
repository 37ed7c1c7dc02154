//! Hints for a person solving a puzzle. [`Sudoku::next_step`] gives the next logical step
//! of any technique the logical solver knows (see [`Step`]), from the player's entries and
//! pencil marks; [`Sudoku::hint`] gives only singles, or one cell of the solution when no
//! single is left.
//!
//! A hint starts from the [`Verdict`](super::Verdict) on the givens: only a puzzle with
//! exactly one solution gets hints, and they take that solution from it. Then it looks at
//! the givens plus the player's entries. Entries that break a region are an error (the same
//! [`SudokuError::ConflictingGivens`] the givens would give); an entry that contradicts the
//! solution is pointed out first, since no reasoning from a wrong grid can be trusted.

use super::error::{CellPos, SudokuError, SudokuResult};
use super::layout::{Constraint, Layout, RegionKind, RegionName};
use super::logic::{self, Candidate, Context, Grid, Step, Technique};
use super::propagate::{full_mask, State};
use super::puzzle::Sudoku;

/// One step: put [`Hint::value`] into [`Hint::cell`], because of [`Hint::reason`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Hint {
    /// The cell (in reading order).
    pub cell: usize,
    /// Its 1-based row and column.
    pub position: CellPos,
    /// The value to put there, from 1.
    pub value: u8,
    /// That value as the puzzle writes it.
    pub symbol: String,
    /// How it was found.
    pub technique: Technique,
    /// For a hidden single, the region where the symbol has one place left.
    pub region: Option<RegionName>,
    /// Why, in plain English: "Only place for 7 in row 3: r3c5. ...".
    pub reason: String,
}

impl Sudoku {
    /// The next step for a player who has filled in `entries` (a grid of the same layout:
    /// values in cells that are empty in `self`; values over givens are ignored).
    ///
    /// In order of preference: an entry that contradicts the solution (the hint corrects
    /// it); a hidden single in a box, row or column; a naked single; a hidden single in
    /// another region; otherwise one cell of the solution (the empty cell with the fewest
    /// candidates). `None` when the grid is full.
    ///
    /// Only a puzzle with exactly one solution gets hints (its
    /// [`Verdict`](super::Verdict), of the givens alone): with none or several there is no
    /// solution to reveal or to correct an entry against.
    ///
    /// # Errors
    /// [`SudokuError::InvalidArgument`] if `entries` has another layout;
    /// [`SudokuError::ConflictingGivens`] if givens, or givens and entries together, repeat
    /// a symbol in a region (listing every pair); [`SudokuError::NoSolution`] and
    /// [`SudokuError::MultipleSolutions`] if the givens do not have exactly one solution.
    pub fn hint(&self, entries: &Sudoku) -> SudokuResult<Option<Hint>> {
        let layout = self.layout();
        if entries.layout() != layout {
            return Err(SudokuError::InvalidArgument {
                name: "entries",
                reason: "the entries are not on the puzzle's layout".into(),
            });
        }
        let solution = self.verdict()?.into_solution()?;
        let current = self.with_entries(entries)?;
        if current.values().iter().all(|&v| v != 0) {
            return Ok(None);
        }
        if let Some(cell) = self.wrong_cell(&current, &solution) {
            return Ok(Some(self.wrong_entry(cell, &current, &solution)));
        }
        let mut state = State::default();
        if state.load(layout, current.values()).is_err() {
            // validate() above rules this out; report it the same way regardless.
            return Err(SudokuError::ConflictingGivens {
                conflicts: current.conflicts(),
            });
        }
        let found = hidden_single(layout, &state, &[RegionKind::Box, RegionKind::Row])
            .or_else(|| hidden_single(layout, &state, &[RegionKind::Column]))
            .map(|(cell, value, r)| self.hidden_hint(cell, value, r, &state))
            .or_else(|| naked_single(&state).map(|(cell, value)| self.naked_hint(cell, value)))
            .or_else(|| {
                let others = [
                    RegionKind::Diagonal,
                    RegionKind::AntiDiagonal,
                    RegionKind::Window,
                    RegionKind::Jigsaw,
                    RegionKind::Extra,
                ];
                hidden_single(layout, &state, &others)
                    .map(|(cell, value, r)| self.hidden_hint(cell, value, r, &state))
            });
        Ok(Some(match found {
            Some(hint) => hint,
            None => self.reveal(&state, &solution),
        }))
    }

    /// The givens with the player's `entries` over their empty cells, checked for
    /// conflicts.
    fn with_entries(&self, entries: &Sudoku) -> SudokuResult<Sudoku> {
        let grid: Vec<u8> = self
            .values()
            .iter()
            .zip(entries.values())
            .map(|(&given, &entry)| if given != 0 { given } else { entry })
            .collect();
        let current = self.with_values(grid);
        current.validate()?;
        Ok(current)
    }

    /// The first entry of `current` that is not the solution's symbol.
    fn wrong_cell(&self, current: &Sudoku, solution: &Sudoku) -> Option<usize> {
        (0..self.layout().cell_count()).find(|&cell| {
            let v = current.values()[cell];
            v != 0 && v != solution.values()[cell]
        })
    }

    /// "r5c2": a cell's name in hints.
    fn cell_name(&self, cell: usize) -> String {
        let p = self.layout().position(cell);
        format!("r{}c{}", p.row, p.column)
    }

    fn symbol_word(&self) -> &'static str {
        if self.layout().size() <= 9 {
            "digit"
        } else {
            "symbol"
        }
    }

    fn make_hint(
        &self,
        cell: usize,
        value: u8,
        technique: Technique,
        region: Option<RegionName>,
        reason: String,
    ) -> Hint {
        Hint {
            cell,
            position: self.layout().position(cell),
            value,
            symbol: self.alphabet().symbol(value),
            technique,
            region,
            reason,
        }
    }

    fn naked_hint(&self, cell: usize, value: u8) -> Hint {
        let layout = self.layout();
        let regions: Vec<String> = layout
            .cell_regions(cell)
            .iter()
            .map(|&r| layout.region_name(r as usize).to_string())
            .collect();
        let word = self.symbol_word();
        let symbol = self.alphabet().symbol(value);
        let reason = format!(
            "Only {word} left in {name}: {symbol}. Every other {word} is already in {list}.",
            name = self.cell_name(cell),
            list = join_or(&regions),
        );
        self.make_hint(cell, value, Technique::NakedSingle, None, reason)
    }

    fn hidden_hint(&self, cell: usize, value: u8, r: usize, state: &State) -> Hint {
        let layout = self.layout();
        let region = layout.region_name(r);
        let symbol = self.alphabet().symbol(value);
        let others = layout
            .region_cells(r)
            .iter()
            .filter(|&&c| c as usize != cell && state.values[c as usize] == 0)
            .count();
        let why = if others == 0 {
            format!("it is the last empty cell of {region}")
        } else {
            format!("each other empty cell of {region} already sees a {symbol} in another region")
        };
        let reason = format!(
            "Only place for {symbol} in {region}: {name}, because {why}.",
            name = self.cell_name(cell),
        );
        self.make_hint(cell, value, Technique::HiddenSingle, Some(region), reason)
    }

    fn wrong_entry(&self, cell: usize, current: &Sudoku, solution: &Sudoku) -> Hint {
        let value = solution.values()[cell];
        let reason = format!(
            "The {written} in {name} is wrong: the solution has {right} there.",
            written = self.alphabet().symbol(current.values()[cell]),
            name = self.cell_name(cell),
            right = self.alphabet().symbol(value),
        );
        self.make_hint(cell, value, Technique::WrongEntry, None, reason)
    }

    fn reveal(&self, state: &State, solution: &Sudoku) -> Hint {
        // The empty cell with the fewest candidates: the most helpful one to know.
        let cell = (0..state.values.len())
            .filter(|&c| state.values[c] == 0)
            .min_by_key(|&c| state.cand[c].count_ones())
            .unwrap_or(0);
        let value = solution.values()[cell];
        let reason = format!(
            "No single is left, so here is one cell of the solution: {name} is {symbol}.",
            name = self.cell_name(cell),
            symbol = self.alphabet().symbol(value),
        );
        self.make_hint(cell, value, Technique::Reveal, None, reason)
    }
}

/// The first empty cell with one candidate: `(cell, value)`.
fn naked_single(state: &State) -> Option<(usize, u8)> {
    (0..state.values.len()).find_map(|cell| {
        let m = state.cand[cell];
        (state.values[cell] == 0 && m != 0 && m & (m - 1) == 0)
            .then(|| (cell, m.trailing_zeros() as u8 + 1))
    })
}

/// The first symbol with exactly one possible cell in an exactly-once region of one of
/// `kinds` (regions in layout order, symbols ascending): `(cell, value, region)`.
fn hidden_single(
    layout: &Layout,
    state: &State,
    kinds: &[RegionKind],
) -> Option<(usize, u8, usize)> {
    let full = full_mask(layout.size());
    for r in 0..layout.region_count() {
        if layout.constraint(r) != Constraint::ExactlyOnce
            || !kinds.contains(&layout.region_name(r).kind)
        {
            continue;
        }
        let mut missing = full & !state.placed[r];
        while missing != 0 {
            let bit = missing & missing.wrapping_neg();
            missing &= missing - 1;
            let mut places = layout
                .region_cells(r)
                .iter()
                .map(|&c| c as usize)
                .filter(|&c| state.cand[c] & bit != 0);
            if let (Some(cell), None) = (places.next(), places.next()) {
                return Some((cell, bit.trailing_zeros() as u8 + 1, r));
            }
        }
    }
    None
}

/// "a, b or c".
fn join_or(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} or {last}", init.join(", ")),
    }
}

impl Sudoku {
    /// The next logical step for a player who has filled in `entries` (a grid of the same
    /// layout; values over givens are ignored) and, optionally, pencil marks: one mask per
    /// cell, bit `v - 1` for symbol `v`, where 0 means "no marks in this cell" (its
    /// candidates are then the ones no filled peer rules out).
    ///
    /// In order: an entry that contradicts the solution ([`Technique::WrongEntry`], placing
    /// the right symbol); a pencil mark set that leaves out the solution's symbol
    /// ([`Technique::MissingCandidate`], naming it in [`Step::candidates`]); the easiest
    /// logical step on the player's candidates; otherwise one cell of the solution
    /// ([`Technique::Reveal`]). `None` when the grid is full. Only a puzzle with exactly
    /// one solution gets a step (its [`Verdict`](super::Verdict), of the givens alone), so
    /// uniqueness arguments always hold.
    ///
    /// # Errors
    /// [`SudokuError::InvalidArgument`] if `entries` has another layout or `marks` another
    /// length or a symbol over the size; [`SudokuError::ConflictingGivens`] if givens, or
    /// givens and entries together, repeat a symbol in a region;
    /// [`SudokuError::NoSolution`] and [`SudokuError::MultipleSolutions`] if the givens do
    /// not have exactly one solution.
    pub fn next_step(&self, entries: &Sudoku, marks: Option<&[u32]>) -> SudokuResult<Option<Step>> {
        let layout = self.layout();
        if entries.layout() != layout {
            return Err(SudokuError::InvalidArgument {
                name: "entries",
                reason: "the entries are not on the puzzle's layout".into(),
            });
        }
        let full = full_mask(layout.size());
        if let Some(marks) = marks {
            if marks.len() != layout.cell_count() {
                return Err(SudokuError::InvalidArgument {
                    name: "marks",
                    reason: format!(
                        "{} cells of pencil marks for a puzzle of {} cells",
                        marks.len(),
                        layout.cell_count()
                    ),
                });
            }
            if let Some(cell) = marks.iter().position(|&m| m & !full != 0) {
                return Err(SudokuError::InvalidArgument {
                    name: "marks",
                    reason: format!(
                        "the marks of {} hold a symbol over the size",
                        self.cell_name(cell)
                    ),
                });
            }
        }
        let solution = self.verdict()?.into_solution()?;
        let current = self.with_entries(entries)?;
        if current.values().iter().all(|&v| v != 0) {
            return Ok(None);
        }
        if let Some(cell) = self.wrong_cell(&current, &solution) {
            let hint = self.wrong_entry(cell, &current, &solution);
            let mut step = Step::new(Technique::WrongEntry, hint.reason);
            step.cells = vec![cell];
            step.placement = Some(Candidate {
                cell,
                value: hint.value,
            });
            return Ok(Some(step));
        }
        if let Some(marks) = marks {
            let missing = (0..layout.cell_count()).find(|&cell| {
                let v = solution.values()[cell];
                current.values()[cell] == 0 && marks[cell] != 0 && marks[cell] & (1 << (v - 1)) == 0
            });
            if let Some(cell) = missing {
                let value = solution.values()[cell];
                let reason = format!(
                    "Your pencil marks in {name} leave out {symbol}, but the solution has {symbol} there.",
                    name = self.cell_name(cell),
                    symbol = self.alphabet().symbol(value),
                );
                let mut step = Step::new(Technique::MissingCandidate, reason);
                step.cells = vec![cell];
                step.candidates = vec![Candidate { cell, value }];
                return Ok(Some(step));
            }
        }
        let ctx = Context::new(layout, self.alphabet());
        let Some(mut g) = Grid::new(&ctx, current.values()) else {
            return Err(SudokuError::ConflictingGivens {
                conflicts: current.conflicts(),
            });
        };
        if let Some(marks) = marks {
            for (cand, &m) in g.cand.iter_mut().zip(marks) {
                if m != 0 {
                    *cand &= m;
                }
            }
        }
        // The puzzle has one solution (its verdict), so uniqueness arguments hold.
        if let Some(step) = logic::next_step(&ctx, &g, true, f64::INFINITY) {
            return Ok(Some(step));
        }
        let mut state = State::default();
        if state.load(layout, current.values()).is_err() {
            return Err(SudokuError::ConflictingGivens {
                conflicts: current.conflicts(),
            });
        }
        let hint = self.reveal(&state, &solution);
        let reason = format!(
            "No technique this solver knows applies, so here is one cell of the solution: {} is {}.",
            self.cell_name(hint.cell),
            hint.symbol
        );
        let mut step = Step::new(Technique::Reveal, reason);
        step.cells = vec![hint.cell];
        step.placement = Some(Candidate {
            cell: hint.cell,
            value: hint.value,
        });
        Ok(Some(step))
    }
}
