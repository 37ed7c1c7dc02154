//! An exact-cover problem as data: items (primary, then secondary), colors, and options.
//! [`ProblemBuilder`] validates everything on the way in, so a [`Problem`] is always well formed.

use std::borrow::Cow;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use crate::error::{Error, Result};

/// The largest problem the crate accepts. Checked as input arrives, before anything is
/// allocated for it, so an oversized problem is refused with [`Error::TooLarge`] and never runs
/// a WebAssembly instance out of memory.
///
/// The default allows a million items, four million options and sixteen million nodes (about
/// 256 MiB of links): far beyond any problem that can be searched in reasonable time. A
/// builder holds each field to at most [`SizeBudget::LAYOUT_LIMIT`] whatever the budget
/// says, so that the links' 32-bit indices always reach every node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SizeBudget {
    /// Most items (primary and secondary together).
    pub max_items: usize,
    /// Most options.
    pub max_options: usize,
    /// Most option nodes: the total length of all options.
    pub max_nodes: usize,
}

impl SizeBudget {
    /// The budget used unless another is given.
    pub const DEFAULT: SizeBudget = SizeBudget {
        max_items: 1 << 20,
        max_options: 1 << 22,
        max_nodes: 1 << 24,
    };

    /// The most items, options or nodes any budget allows: 2^30 - 1 of each, so that the
    /// links of all three together (and a spacer per option) stay below 2^32.
    pub const LAYOUT_LIMIT: usize = (1 << 30) - 1;

    /// This budget with each field held to [`SizeBudget::LAYOUT_LIMIT`].
    fn within_layout(self) -> SizeBudget {
        SizeBudget {
            max_items: self.max_items.min(Self::LAYOUT_LIMIT),
            max_options: self.max_options.min(Self::LAYOUT_LIMIT),
            max_nodes: self.max_nodes.min(Self::LAYOUT_LIMIT),
        }
    }

    pub(crate) fn check(what: &'static str, actual: usize, limit: usize) -> Result<()> {
        if actual > limit {
            Err(Error::TooLarge {
                what,
                actual,
                limit,
            })
        } else {
            Ok(())
        }
    }
}

impl Default for SizeBudget {
    fn default() -> Self {
        SizeBudget::DEFAULT
    }
}

/// No color: the option uses a secondary item exclusively.
pub(crate) const NO_COLOR: u32 = 0;

/// One item of one option: the item's index and its color (0 for none; colors are numbered
/// from 1 in the order they first appear).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The item's index: primary items are `0..primary_count()`, secondary items follow.
    pub item: u32,
    /// The color, 0 for none.
    pub color: u32,
}

/// Why an option was left out of the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WarningKind {
    /// The option lists only secondary items: no solution needs it (Knuth's DLX programs
    /// ignore it too).
    NoPrimaryItem,
    /// The option lists no items at all (possible only when options are given as lists).
    EmptyOption,
}

impl WarningKind {
    /// A stable, machine-readable name: `"no_primary_item"` or `"empty_option"`, the codes
    /// of the errors a strict reader gives instead ([`crate::Error::code`]).
    pub fn code(self) -> &'static str {
        match self {
            WarningKind::NoPrimaryItem => "no_primary_item",
            WarningKind::EmptyOption => "empty_option",
        }
    }
}

impl std::fmt::Display for WarningKind {
    /// Knuth's words: "Option ignored (no primary items)".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            WarningKind::NoPrimaryItem => "Option ignored (no primary items)",
            WarningKind::EmptyOption => "Option ignored (no items)",
        })
    }
}

/// An option left out of the search, where it was given and why. The option stays in the
/// [`Problem`] under its index ([`Problem::option`] still reads it), so every option index
/// the crate takes or gives is the caller's; [`Problem::is_ignored`] says it is never part
/// of a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Warning {
    /// The option's index (0-based, in input order).
    pub option: usize,
    /// The 1-based line of the text it was read from, for text input.
    pub line: Option<usize>,
    /// Why it was left out.
    pub kind: WarningKind,
}

impl Warning {
    /// The code of [`Warning::kind`].
    pub fn code(&self) -> &'static str {
        self.kind.code()
    }
}

impl std::fmt::Display for Warning {
    /// `Option ignored (no primary items): option 2, line 4`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}: option {}", self.kind, self.option)?;
        if let Some(line) = self.line {
            write!(f, ", line {line}")?;
        }
        Ok(())
    }
}

/// Item names: numbered items are named by their numbers, without storing strings.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Names {
    Numbered(usize),
    Named(Vec<String>),
}

impl Names {
    fn len(&self) -> usize {
        match self {
            Names::Numbered(n) => *n,
            Names::Named(names) => names.len(),
        }
    }

    fn get(&self, item: usize) -> Cow<'_, str> {
        match self {
            Names::Numbered(n) => {
                assert!(item < *n, "item {item} out of range");
                Cow::Owned(item.to_string())
            }
            Names::Named(names) => Cow::Borrowed(&names[item]),
        }
    }

    fn join(&self, items: std::ops::Range<usize>) -> String {
        items.map(|k| self.get(k)).collect::<Vec<_>>().join(" ")
    }
}

/// A validated exact-cover problem with secondary items, colors and multiplicities.
///
/// Items are numbered from 0, primary items first. Each option is a list of distinct items;
/// a secondary item in an option may carry a color. An option with no primary item (or no
/// item at all) is kept under its index but left out of the search, with a [`Warning`]
/// ([`Problem::warnings`]), as Knuth's DLX programs ignore it; a strict builder refuses it
/// instead ([`ProblemBuilder::set_strict`]).
/// A solution is a set of options that covers every primary item exactly once (or, for an
/// item given bounds `min..=max`, at least `min` and at most `max` times: Knuth's
/// multiplicities) and every secondary item at most once, except that options which give a
/// secondary item the same color may share it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    names: Names,
    primary: usize,
    /// Each primary item's bounds `(min, max)`; empty while every item has bounds `(1, 1)`,
    /// so that equal problems compare equal however they were built.
    bounds: Vec<(u32, u32)>,
    colors: Vec<String>,
    starts: Vec<u32>,
    entries: Vec<Entry>,
    /// The options left out of the search, in increasing option order.
    warnings: Vec<Warning>,
}

/// The bytes of the heap buffer `list` holds (its capacity): what a problem, and the
/// engine's structures, count of the memory they hold.
pub(crate) fn bytes_of<T>(list: &Vec<T>) -> usize {
    list.capacity() * std::mem::size_of::<T>()
}

impl Problem {
    /// A problem with no items and no lists, which [`ProblemBuilder::build_keeping`] leaves
    /// in its builder until it empties it.
    fn stand_in() -> Problem {
        Problem {
            names: Names::Numbered(0),
            primary: 0,
            bounds: Vec::new(),
            colors: Vec::new(),
            starts: Vec::new(),
            entries: Vec::new(),
            warnings: Vec::new(),
        }
    }

    /// The heap memory this problem holds, in bytes (its lists and names).
    pub fn heap_bytes(&self) -> usize {
        let strings =
            |list: &Vec<String>| bytes_of(list) + list.iter().map(String::capacity).sum::<usize>();
        let names = match &self.names {
            Names::Numbered(_) => 0,
            Names::Named(names) => strings(names),
        };
        names
            + bytes_of(&self.bounds)
            + strings(&self.colors)
            + bytes_of(&self.starts)
            + bytes_of(&self.entries)
            + bytes_of(&self.warnings)
    }

    /// How many items, primary and secondary.
    pub fn item_count(&self) -> usize {
        self.names.len()
    }

    /// How many primary items (they are items `0..primary_count()`).
    pub fn primary_count(&self) -> usize {
        self.primary
    }

    /// How many secondary items.
    pub fn secondary_count(&self) -> usize {
        self.names.len() - self.primary
    }

    /// How many options, counting those left out of the search ([`Problem::warnings`]):
    /// options are numbered `0..option_count()` as they were given.
    pub fn option_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// The options left out of the search (no primary item, or no item), in increasing
    /// option order: empty unless some were given.
    ///
    /// ```
    /// # fn main() -> dlx_engine::Result<()> {
    /// let problem = dlx_engine::Problem::parse("A | x\nA x\nx\n")?;
    /// let warning = problem.warnings()[0];
    /// assert_eq!((warning.option, warning.line, warning.code()), (1, Some(3), "no_primary_item"));
    /// assert!(problem.is_ignored(1));
    /// # Ok(()) }
    /// ```
    pub fn warnings(&self) -> &[Warning] {
        &self.warnings
    }

    /// Whether option `option` is left out of the search (see [`Problem::warnings`]): no
    /// solution contains it. `false` for an index that is not an option.
    #[inline]
    pub fn is_ignored(&self, option: usize) -> bool {
        !self.warnings.is_empty()
            && self
                .warnings
                .binary_search_by_key(&option, |w| w.option)
                .is_ok()
    }

    /// The total length of all options (the number of option nodes).
    pub fn node_count(&self) -> usize {
        self.entries.len()
    }

    /// The name of item `item`.
    ///
    /// # Panics
    /// If `item >= item_count()`.
    pub fn item_name(&self, item: usize) -> Cow<'_, str> {
        self.names.get(item)
    }

    /// The bounds `(min, max)` of primary item `item`: every solution covers it at least
    /// `min` and at most `max` times. `(1, 1)`, exact cover, unless
    /// [`ProblemBuilder::set_bounds`] said otherwise.
    ///
    /// # Panics
    /// If `item >= primary_count()`.
    pub fn bounds(&self, item: usize) -> (u32, u32) {
        assert!(item < self.primary, "item {item} is not a primary item");
        self.bounds.get(item).copied().unwrap_or((1, 1))
    }

    /// Whether some primary item has bounds other than `(1, 1)`: the problem is then
    /// searched with Knuth's Algorithm M.
    pub fn has_bounds(&self) -> bool {
        !self.bounds.is_empty()
    }

    /// Primary item `item`'s name as the item line of Knuth's format writes it: `min:max|name`,
    /// or `max|name` when the two are equal, or the bare name for `(1, 1)`.
    fn item_token(&self, item: usize) -> String {
        let name = self.names.get(item);
        match self.bounds(item) {
            (1, 1) => name.into_owned(),
            (min, max) if min == max => format!("{max}|{name}"),
            (min, max) => format!("{min}:{max}|{name}"),
        }
    }

    /// Whether any color was named. Without, no entry has a color: the builder numbers a
    /// color only as it adds it to the list, and forgets those of an option it refuses.
    /// (Read by the masks alone.)
    #[cfg_attr(not(feature = "masks"), allow(dead_code))]
    pub(crate) fn has_colors(&self) -> bool {
        !self.colors.is_empty()
    }

    /// The name of color `color` (colors are numbered from 1), or `None` for 0 or an unknown
    /// color.
    pub fn color_name(&self, color: u32) -> Option<&str> {
        let index = (color as usize).checked_sub(1)?;
        self.colors.get(index).map(String::as_str)
    }

    /// The entries of option `option`, in the order given.
    ///
    /// # Panics
    /// If `option >= option_count()`.
    pub fn option(&self, option: usize) -> &[Entry] {
        let (start, end) = (self.starts[option], self.starts[option + 1]);
        &self.entries[start as usize..end as usize]
    }

    /// Every option's entries, in option order (those left out of the search included).
    /// (Read by the masks alone.)
    #[cfg_attr(not(feature = "masks"), allow(dead_code))]
    pub(crate) fn options(&self) -> impl ExactSizeIterator<Item = &[Entry]> + '_ {
        self.starts
            .windows(2)
            .map(|ends| &self.entries[ends[0] as usize..ends[1] as usize])
    }

    /// Option `option` as a line of Knuth's text format: item names separated by spaces,
    /// `name:color` for a colored secondary item.
    ///
    /// # Panics
    /// If `option >= option_count()`.
    pub fn option_line(&self, option: usize) -> String {
        let mut line = String::new();
        for (k, entry) in self.option(option).iter().enumerate() {
            if k > 0 {
                line.push(' ');
            }
            line.push_str(&self.names.get(entry.item as usize));
            if let Some(color) = self.color_name(entry.color) {
                line.push(':');
                line.push_str(color);
            }
        }
        line
    }

    /// The whole problem in Knuth's text format, which [`Problem::parse`] reads back: item
    /// bounds as DLX3 writes them (`min:max|name`, `max|name`). A problem without primary
    /// items (which the builder allows, as a start) has no text form: Knuth's format needs
    /// an item line, and a line that starts with `|` is a comment, so its text reads back as
    /// [`crate::Error::Syntax`]. Options left out of the search are written too (read back,
    /// they are left out again), except empty ones, which have no line: after one, the
    /// options read back are numbered one less.
    pub fn to_text(&self) -> String {
        let mut text = if self.has_bounds() {
            (0..self.primary)
                .map(|item| self.item_token(item))
                .collect::<Vec<_>>()
                .join(" ")
        } else {
            self.names.join(0..self.primary)
        };
        if self.primary < self.names.len() {
            text.push_str(" | ");
            text.push_str(&self.names.join(self.primary..self.names.len()));
        }
        text.push('\n');
        if self.primary == 0 {
            // No text form (the item line reads as a comment): no option lines either, or
            // the first would read as the item line.
            return text;
        }
        for option in 0..self.option_count() {
            // An empty option has no line (an empty line is no option when read).
            if !self.option(option).is_empty() {
                text.push_str(&self.option_line(option));
                text.push('\n');
            }
        }
        text
    }
}

/// Builds a [`Problem`] one option at a time, validating as it goes.
///
/// ```
/// use dlx_engine::{ProblemBuilder, Solver};
/// # fn main() -> dlx_engine::Result<()> {
/// // Items by name: two primary items and one secondary item.
/// let mut b = ProblemBuilder::with_names(&["a", "b"], &["x"])?;
/// b.add_named_option(&["a", "x:red"])?;
/// b.add_named_option(&["b", "x:red"])?;
/// b.add_named_option(&["a", "b"])?;
/// let problem = b.build();
/// assert_eq!(Solver::new(&problem).count_solutions(), 2);
///
/// // Items by number: 0 and 1 are primary, 2 is secondary.
/// let mut b = ProblemBuilder::new(2, 1)?;
/// b.add_option(&[0, 2])?;
/// b.add_option(&[1, 2])?;
/// assert_eq!(Solver::new(&b.build()).count_solutions(), 0);
/// # Ok(()) }
/// ```
#[derive(Debug, Clone)]
pub struct ProblemBuilder {
    problem: Problem,
    budget: SizeBudget,
    index: NameMap,
    color_index: NameMap,
    /// Refuse options with no primary item instead of leaving them out.
    strict: bool,
    /// Scratch marks for duplicate detection: `seen[item] == stamp` means already in this option.
    seen: Vec<u32>,
    stamp: u32,
    /// How many primary items have bounds other than `(1, 1)`.
    bounded: usize,
}

impl ProblemBuilder {
    /// A problem whose items are numbered: `primary` primary items `0..primary`, then
    /// `secondary` secondary items. Their names are their numbers.
    ///
    /// # Errors
    /// [`Error::TooLarge`] if there are more items than [`SizeBudget::DEFAULT`] allows.
    pub fn new(primary: usize, secondary: usize) -> Result<ProblemBuilder> {
        Self::new_with_budget(primary, secondary, SizeBudget::DEFAULT)
    }

    /// Like [`ProblemBuilder::new`] with a budget of the caller's choosing.
    ///
    /// # Errors
    /// [`Error::TooLarge`] if there are more items than `budget` allows.
    pub fn new_with_budget(
        primary: usize,
        secondary: usize,
        budget: SizeBudget,
    ) -> Result<ProblemBuilder> {
        let budget = budget.within_layout();
        let total = primary.saturating_add(secondary);
        SizeBudget::check("items", total, budget.max_items)?;
        Ok(Self::from_names(Names::Numbered(total), primary, budget))
    }

    /// Empties a builder for reuse with `primary` primary and `secondary` secondary
    /// numbered items, keeping its allocations: building many problems of similar size in
    /// a loop this way allocates nothing after the first.
    ///
    /// # Errors
    /// [`Error::TooLarge`] if there are more items than the builder's budget allows.
    pub fn reset(&mut self, primary: usize, secondary: usize) -> Result<()> {
        let total = primary.saturating_add(secondary);
        SizeBudget::check("items", total, self.budget.max_items)?;
        self.clear(primary, total);
        Ok(())
    }

    /// Empties the builder's problem (its lists keep their allocations) for `total`
    /// numbered items, the first `primary` of them primary, within the budget.
    fn clear(&mut self, primary: usize, total: usize) {
        let problem = &mut self.problem;
        problem.names = Names::Numbered(total);
        problem.primary = primary;
        problem.colors.clear();
        problem.bounds.clear();
        self.bounded = 0;
        problem.starts.clear();
        problem.starts.push(0);
        problem.entries.clear();
        problem.warnings.clear();
        self.index.clear();
        self.color_index.clear();
        if self.seen.len() < total {
            self.seen.resize(total, 0);
        }
    }

    /// A problem whose items have names: `primary` first, then `secondary`.
    ///
    /// # Errors
    /// [`Error::InvalidName`] for a name that is empty or holds white space, `:`, `|` or U+FEFF;
    /// [`Error::DuplicateItemName`] for a name given twice; [`Error::TooLarge`] past the
    /// budget.
    pub fn with_names<S: AsRef<str>>(primary: &[S], secondary: &[S]) -> Result<ProblemBuilder> {
        Self::with_names_and_budget(primary, secondary, SizeBudget::DEFAULT)
    }

    /// Like [`ProblemBuilder::with_names`] with a budget of the caller's choosing.
    ///
    /// # Errors
    /// As [`ProblemBuilder::with_names`].
    pub fn with_names_and_budget<S: AsRef<str>>(
        primary: &[S],
        secondary: &[S],
        budget: SizeBudget,
    ) -> Result<ProblemBuilder> {
        let budget = budget.within_layout();
        SizeBudget::check("items", primary.len() + secondary.len(), budget.max_items)?;
        let all: Vec<&str> = primary.iter().chain(secondary).map(AsRef::as_ref).collect();
        Self::from_name_list(&all, primary.len(), budget)
    }

    /// The body of [`ProblemBuilder::with_names_and_budget`], once for every string type.
    fn from_name_list(all: &[&str], primary: usize, budget: SizeBudget) -> Result<Self> {
        let mut names = Vec::with_capacity(all.len());
        let mut index = NameMap::with_capacity_and_hasher(all.len(), Default::default());
        for &name in all {
            check_name(name)?;
            if index.insert(name.to_owned(), names.len() as u32).is_some() {
                return Err(Error::DuplicateItemName {
                    name: name.to_owned(),
                });
            }
            names.push(name.to_owned());
        }
        let mut builder = Self::from_names(Names::Named(names), primary, budget);
        builder.index = index;
        Ok(builder)
    }

    fn from_names(names: Names, primary: usize, budget: SizeBudget) -> Self {
        let n = names.len();
        ProblemBuilder {
            problem: Problem {
                names,
                primary,
                bounds: Vec::new(),
                colors: Vec::new(),
                starts: vec![0],
                entries: Vec::new(),
                warnings: Vec::new(),
            },
            budget,
            index: NameMap::default(),
            color_index: NameMap::default(),
            strict: false,
            seen: vec![0; n],
            stamp: 0,
            bounded: 0,
        }
    }

    /// The number of the item called `name`, if there is one.
    pub fn item_index(&self, name: &str) -> Option<usize> {
        match &self.problem.names {
            Names::Named(_) => self.index.get(name).map(|&item| item as usize),
            Names::Numbered(n) => name
                .parse::<usize>()
                .ok()
                .filter(|item| item < n && name == item.to_string()),
        }
    }

    /// How many items, primary and secondary.
    pub fn item_count(&self) -> usize {
        self.problem.names.len()
    }

    /// How many options have been added so far (those left out of the search included).
    pub fn option_count(&self) -> usize {
        self.problem.option_count()
    }

    /// With `strict`, an option with no primary item is refused with
    /// [`Error::NoPrimaryItem`], and an option with no item with [`Error::EmptyOption`].
    /// Without (the default, as Knuth's DLX programs read options), such an option is added
    /// under its index but left out of the search, with a [`Warning`]
    /// ([`Problem::warnings`]). Kept by [`ProblemBuilder::reset`].
    ///
    /// ```
    /// use dlx_engine::{ProblemBuilder, Solver};
    /// # fn main() -> dlx_engine::Result<()> {
    /// let mut b = ProblemBuilder::new(1, 1)?;
    /// b.add_option(&[1])?; // secondary only: left out
    /// b.add_option(&[0, 1])?;
    /// let problem = b.build();
    /// assert_eq!(problem.warnings()[0].code(), "no_primary_item");
    /// assert_eq!(Solver::new(&problem).next(), Some(vec![1])); // the caller's index
    ///
    /// let mut b = ProblemBuilder::new(1, 1)?;
    /// b.set_strict(true);
    /// assert_eq!(b.add_option(&[1]).unwrap_err().code(), "no_primary_item");
    /// # Ok(()) }
    /// ```
    pub fn set_strict(&mut self, strict: bool) {
        self.strict = strict;
    }

    /// Makes room for `options` more options of `nodes` entries in all, so that adding them
    /// grows no list on the way (a caller that knows the problem's size, as the bindings
    /// do, saves a dozen reallocations on a small problem). Never more than the budget
    /// allows: the options past it are refused anyway.
    pub fn reserve(&mut self, options: usize, nodes: usize) {
        let problem = &mut self.problem;
        let room = |used: usize, max: usize| max.saturating_sub(used);
        let options = options.min(room(problem.option_count(), self.budget.max_options));
        let nodes = nodes.min(room(problem.entries.len(), self.budget.max_nodes));
        problem.starts.reserve(options);
        problem.entries.reserve(nodes);
    }

    /// Adds an option given by item numbers, with no colors. Returns its index. An option
    /// with no primary item, or no item, is added but left out of the search, with a
    /// [`Warning`] (unless the builder is strict: [`ProblemBuilder::set_strict`]).
    ///
    /// # Errors
    /// [`Error::ItemOutOfRange`], [`Error::DuplicateItem`], [`Error::TooLarge`]; when
    /// strict, also [`Error::EmptyOption`] and [`Error::NoPrimaryItem`]. On error no option
    /// is added.
    pub fn add_option(&mut self, items: &[usize]) -> Result<usize> {
        let option = self.option_count();
        self.add_options(std::iter::once(items)).map(|()| option)
    }

    /// Adds options given by item numbers (`usize` or `u32`), one after another, as
    /// [`ProblemBuilder::add_option`] adds each: in one call, without a call and its result
    /// per option (the bindings' arrays and compact form, whose options are slices of one
    /// list of `u32`, taken as they are: no copy to `usize`).
    ///
    /// ```
    /// # fn main() -> dlx_engine::Result<()> {
    /// let items: [u32; 6] = [0, 2, 1, 2, 0, 1];
    /// let mut b = dlx_engine::ProblemBuilder::new(2, 1)?;
    /// b.add_options(items.chunks(2))?;
    /// assert_eq!(b.option_count(), 3);
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// As [`ProblemBuilder::add_option`], for the first option refused: the options before
    /// it stay added.
    pub fn add_options<'a, T: ItemNumber + 'a>(
        &mut self,
        options: impl IntoIterator<Item = &'a [T]>,
    ) -> Result<()> {
        let n = self.problem.names.len();
        for items in options {
            let option = self.option_count();
            let check = |index: T| uncolored(option, index.index(), n);
            self.push_option(items, check, |index| plain(index.index()))?;
        }
        Ok(())
    }

    /// Adds an option given by item numbers, each with an optional color name. Returns its
    /// index.
    ///
    /// # Errors
    /// As [`ProblemBuilder::add_option`], plus [`Error::ColorOnPrimary`] and
    /// [`Error::InvalidName`] for a bad color name.
    pub fn add_colored_option(&mut self, items: &[(usize, Option<&str>)]) -> Result<usize> {
        let colors = self.problem.colors.len();
        let result = self.add_colored_entries(items);
        self.forget_colors_on_error(colors, result)
    }

    /// The body of [`ProblemBuilder::add_colored_option`].
    fn add_colored_entries(&mut self, items: &[(usize, Option<&str>)]) -> Result<usize> {
        let option = self.option_count();
        let n = self.problem.names.len();
        if items.iter().all(|&(_, color)| color.is_none()) {
            // No color to register: no list of entries to gather first.
            let check = |(index, _)| uncolored(option, index, n);
            return self.push_option(items, check, |(index, _)| plain(index));
        }
        let mut entries = Vec::with_capacity(items.len());
        for &(index, color) in items {
            if index >= n {
                return Err(Error::ItemOutOfRange {
                    option,
                    index,
                    items: n,
                });
            }
            entries.push(self.entry(option, index as u32, color)?);
        }
        self.push_entries(&entries)
    }

    /// Adds an option given by item names; `name:color` gives a secondary item a color.
    /// Returns its index.
    ///
    /// # Errors
    /// [`Error::UnknownItem`] and the errors of [`ProblemBuilder::add_colored_option`].
    pub fn add_named_option<S: AsRef<str>>(&mut self, tokens: &[S]) -> Result<usize> {
        let colors = self.problem.colors.len();
        let result = self.add_named_entries(tokens);
        self.forget_colors_on_error(colors, result)
    }

    /// The body of [`ProblemBuilder::add_named_option`].
    fn add_named_entries<S: AsRef<str>>(&mut self, tokens: &[S]) -> Result<usize> {
        let option = self.option_count();
        let mut entries = Vec::with_capacity(tokens.len());
        for token in tokens {
            let token = token.as_ref();
            let (name, color) = match token.split_once(':') {
                Some((name, color)) => (name, Some(color)),
                None => (token, None),
            };
            let Some(item) = self.item_index(name) else {
                if name.is_empty() {
                    return Err(Error::InvalidName {
                        name: token.to_owned(),
                        reason: "no item name before the `:` of its color",
                    });
                }
                return Err(Error::UnknownItem {
                    option,
                    name: name.to_owned(),
                });
            };
            entries.push(self.entry(option, item as u32, color)?);
        }
        self.push_entries(&entries)
    }

    /// Gives primary item `item` bounds: every solution must cover it at least `min` and at
    /// most `max` times (Knuth's multiplicities, searched with his Algorithm M). `(1, 1)` is
    /// exact cover, the default; `min = 0` makes the item optional. Colors and bounds
    /// combine freely.
    ///
    /// ```
    /// use dlx_engine::{ProblemBuilder, Solver};
    /// # fn main() -> dlx_engine::Result<()> {
    /// // Choose two of three options for `a`, and `b` once.
    /// let mut b = ProblemBuilder::with_names(&["a", "b"], &[])?;
    /// b.set_bounds(0, 2, 2)?;
    /// b.add_named_option(&["a"])?;
    /// b.add_named_option(&["a", "b"])?;
    /// b.add_named_option(&["a"])?;
    /// assert_eq!(Solver::new(&b.build()).count_solutions(), 2);
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// [`Error::ItemIndexOutOfRange`] for an item that does not exist,
    /// [`Error::BoundsOnSecondary`] for a secondary item (those are covered at most once, or
    /// shared by color), [`Error::ZeroUpperBound`] for `max = 0` and
    /// [`Error::BoundsReversed`] for `min > max`. On error nothing changes.
    pub fn set_bounds(&mut self, item: usize, min: u32, max: u32) -> Result<()> {
        let problem = &mut self.problem;
        let items = problem.names.len();
        if item >= items {
            return Err(Error::ItemIndexOutOfRange { index: item, items });
        }
        let name = || problem.names.get(item).into_owned();
        if item >= problem.primary {
            return Err(Error::BoundsOnSecondary { name: name() });
        }
        if max == 0 {
            return Err(Error::ZeroUpperBound { name: name() });
        }
        if min > max {
            return Err(Error::BoundsReversed {
                name: name(),
                min,
                max,
            });
        }
        let old = problem.bounds(item);
        if old == (min, max) {
            return Ok(());
        }
        self.store_bounds(item, old, (min, max))
    }

    /// Item `item`'s bounds, `old` until now, made `new` (checked, and another).
    #[cfg(feature = "colors-bounds")]
    fn store_bounds(&mut self, item: usize, old: (u32, u32), new: (u32, u32)) -> Result<()> {
        let problem = &mut self.problem;
        if problem.bounds.is_empty() {
            problem.bounds = vec![(1, 1); problem.primary];
        }
        problem.bounds[item] = new;
        if old == (1, 1) {
            self.bounded += 1;
        } else if new == (1, 1) {
            self.bounded -= 1;
        }
        if self.bounded == 0 {
            problem.bounds.clear();
        }
        Ok(())
    }

    /// Without multiplicities in this build (see `engine::COLORS_BOUNDS`), every item's
    /// bounds are exact cover's (1, 1), which no other can replace.
    #[cfg(not(feature = "colors-bounds"))]
    fn store_bounds(&mut self, _item: usize, _old: (u32, u32), _new: (u32, u32)) -> Result<()> {
        Err(Error::Unsupported {
            what: "multiplicities",
        })
    }

    /// The problem as built so far.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// The finished problem.
    pub fn build(self) -> Problem {
        self.problem
    }

    /// The finished problem, the builder left as [`ProblemBuilder::reset`]`(0, 0)` leaves it
    /// (a builder of the empty problem, with no items) but for its allocations: with
    /// [`ProblemBuilder::recycle`] and [`ProblemBuilder::reset`], a caller that builds one
    /// small problem after another (the wasm bindings, a call at a time) allocates little
    /// once its lists are large enough.
    ///
    /// ```
    /// use dlx_engine::ProblemBuilder;
    /// let mut builder = ProblemBuilder::new(2, 0).unwrap();
    /// builder.add_option(&[0, 1]).unwrap();
    /// let problem = builder.build_keeping();
    /// assert_eq!(problem.option_count(), 1);
    /// // The builder now builds the empty problem: no items, no options.
    /// assert!(builder.add_option(&[0]).is_err());
    /// assert_eq!(builder.build_keeping().option_count(), 0);
    /// builder.recycle(problem);
    /// builder.reset(1, 0).unwrap();
    /// builder.add_option(&[0]).unwrap();
    /// assert_eq!(builder.build_keeping().option_count(), 1);
    /// ```
    pub fn build_keeping(&mut self) -> Problem {
        let built = std::mem::replace(&mut self.problem, Problem::stand_in());
        self.clear(0, 0);
        built
    }

    /// Takes back the lists of `problem`, done with (one this builder or another built), for
    /// the next problem this builder builds: the builder is then as
    /// [`ProblemBuilder::build_keeping`] leaves it, a builder of the empty problem, until
    /// [`ProblemBuilder::reset`].
    pub fn recycle(&mut self, problem: Problem) {
        self.problem = problem;
        self.clear(0, 0);
    }

    /// Forgets the colors interned since there were `colors` of them if `result` is an
    /// error, so that a refused option leaves the builder as it was.
    fn forget_colors_on_error(&mut self, colors: usize, result: Result<usize>) -> Result<usize> {
        if result.is_err() {
            // Colors are numbered from 1 as they are interned: the new ones are those past
            // `colors`. (A pass over the map rather than a lookup of each new name: no
            // hashing linked here, 130 bytes less of the core module, gzipped.)
            self.problem.colors.truncate(colors);
            self.color_index.retain(|_, &mut id| id as usize <= colors);
        }
        result
    }

    /// Checks one colored entry and interns its color.
    fn entry(&mut self, option: usize, item: u32, color: Option<&str>) -> Result<Entry> {
        let Some(color) = color else {
            return Ok(Entry {
                item,
                color: NO_COLOR,
            });
        };
        if (item as usize) < self.problem.primary {
            return Err(Error::ColorOnPrimary {
                option,
                name: self.problem.names.get(item as usize).into_owned(),
            });
        }
        if color.is_empty() {
            // `x:` names no color: said of the entry, not of an empty name.
            return Err(Error::InvalidName {
                name: format!("{}:", self.problem.names.get(item as usize)),
                reason: "the color after `:` is empty",
            });
        }
        check_name(color)?;
        self.colored_entry(item, color)
    }

    /// Item `item` with color `color` (checked), the color interned.
    #[cfg(feature = "colors-bounds")]
    fn colored_entry(&mut self, item: u32, color: &str) -> Result<Entry> {
        if let Some(&id) = self.color_index.get(color) {
            return Ok(Entry { item, color: id });
        }
        let id = self.problem.colors.len() as u32 + 1;
        self.color_index.insert(color.to_owned(), id);
        self.problem.colors.push(color.to_owned());
        Ok(Entry { item, color: id })
    }

    /// Without colors in this build (see `engine::COLORS_BOUNDS`), no entry has one.
    #[cfg(not(feature = "colors-bounds"))]
    fn colored_entry(&mut self, _item: u32, _color: &str) -> Result<Entry> {
        Err(Error::Unsupported { what: "colors" })
    }

    /// Appends option `items` after checking it: `check` reads an entry (or refuses it),
    /// `make` the same entry once checked. Leaves the builder unchanged on error.
    ///
    /// Two passes: every entry checked first ([`check_option`], its state in arguments, so
    /// that the compiler keeps it in registers), then all appended by one `extend`, which
    /// tests the list's room once instead of at each entry (a first solution of 8 queens
    /// by item numbers spent a third of its instructions adding options, natively).
    #[inline]
    fn push_option<T: Copy>(
        &mut self,
        items: &[T],
        check: impl Fn(T) -> Result<Entry>,
        make: impl Fn(T) -> Entry,
    ) -> Result<usize> {
        let option = self.option_count();
        SizeBudget::check("options", option + 1, self.budget.max_options)?;
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.seen.fill(0);
            self.stamp = 1;
        }
        let problem = &mut self.problem;
        let start = problem.entries.len();
        let marks = Marks {
            stamp: self.stamp,
            primary: problem.primary,
            start,
            max_nodes: self.budget.max_nodes,
        };
        let has_primary =
            check_option(&mut self.seen, marks, &problem.names, option, items, check)?;
        let ignored = match (items.len(), has_primary) {
            (_, true) => None,
            (0, _) if self.strict => return Err(Error::EmptyOption { option }),
            (_, _) if self.strict => return Err(Error::NoPrimaryItem { option }),
            (0, _) => Some(WarningKind::EmptyOption),
            (_, _) => Some(WarningKind::NoPrimaryItem),
        };
        problem.entries.extend(items.iter().map(|&item| make(item)));
        if let Some(kind) = ignored {
            problem.warnings.push(Warning {
                option,
                line: None,
                kind,
            });
        }
        problem.starts.push(problem.entries.len() as u32);
        Ok(option)
    }

    /// [`ProblemBuilder::push_option`] of entries already made (colors interned).
    fn push_entries(&mut self, entries: &[Entry]) -> Result<usize> {
        self.push_option(entries, Ok, |entry| entry)
    }

    /// Gives the warning about option `option`, if it has one, the line it was read from.
    pub(crate) fn set_warning_line(&mut self, option: usize, line: usize) {
        if let Some(warning) = self.problem.warnings.last_mut() {
            if warning.option == option {
                warning.line = Some(line);
            }
        }
    }
}

/// What [`check_option`] checks an option's entries against (by value, so that it stays in
/// registers: `seen`, written at each entry, is the only memory the loop writes).
#[derive(Clone, Copy)]
struct Marks {
    /// `seen[item] == stamp`: the item is already in the option.
    stamp: u32,
    /// How many primary items.
    primary: usize,
    /// How many entries the problem has before this option.
    start: usize,
    /// The node budget.
    max_nodes: usize,
}

/// Checks the entries of option `option` (`check` reads each) against `seen` (see
/// [`Marks`]): the error of the first bad one (its own, past the node budget, or a repeated
/// item, named from `names`), else whether the option has a primary item.
fn check_option<T: Copy>(
    seen: &mut [u32],
    marks: Marks,
    names: &Names,
    option: usize,
    items: &[T],
    check: impl Fn(T) -> Result<Entry>,
) -> Result<bool> {
    let mut has_primary = false;
    for (j, &item) in items.iter().enumerate() {
        let entry = check(item)?;
        SizeBudget::check("nodes", marks.start + j + 1, marks.max_nodes)?;
        let item = entry.item as usize;
        let seen = &mut seen[item];
        if *seen == marks.stamp {
            return Err(Error::DuplicateItem {
                option,
                name: names.get(item).into_owned(),
            });
        }
        *seen = marks.stamp;
        has_primary |= item < marks.primary;
    }
    Ok(has_primary)
}

/// An item number as [`ProblemBuilder::add_options`] takes it: a `usize`, or a `u32` (the
/// width of [`Entry::item`], and of the lists the bindings read from JS).
pub trait ItemNumber: Copy + sealed::Sealed {
    /// The number as a position.
    fn index(self) -> usize;
}

impl ItemNumber for usize {
    #[inline(always)]
    fn index(self) -> usize {
        self
    }
}

impl ItemNumber for u32 {
    #[inline(always)]
    fn index(self) -> usize {
        // A u32 fits a usize on every target the crate builds for (32 and 64 bits).
        self as usize
    }
}

mod sealed {
    /// Keeps [`super::ItemNumber`] to the two widths above.
    pub trait Sealed {}
    impl Sealed for usize {}
    impl Sealed for u32 {}
}

/// Item `index` (checked) without a color.
fn plain(index: usize) -> Entry {
    Entry {
        item: index as u32,
        color: NO_COLOR,
    }
}

/// Item `index` without a color in option `option` of a problem of `n` items.
fn uncolored(option: usize, index: usize, n: usize) -> Result<Entry> {
    if index < n {
        Ok(plain(index))
    } else {
        Err(Error::ItemOutOfRange {
            option,
            index,
            items: n,
        })
    }
}

/// Checks that `name` can be written in Knuth's format.
fn check_name(name: &str) -> Result<()> {
    // One pass for the usual, valid name; the reason only for a bad one.
    let bad = |c: char| c.is_whitespace() || c == ':' || c == '|' || c == '\u{feff}';
    if !name.is_empty() && !name.chars().any(bad) {
        return Ok(());
    }
    let reason = if name.is_empty() {
        "a name cannot be empty"
    } else if name.chars().any(char::is_whitespace) {
        "a name cannot contain white space"
    } else if name.contains(':') {
        "a name cannot contain `:`"
    } else if name.contains('|') {
        "a name cannot contain `|`"
    } else if name.chars().any(|c| c == '\u{feff}') {
        // Invisible, and what a text's byte-order mark is read as: a text that began with
        // such a name would not read back as written. (Compared char by char: `contains`
        // of a character outside ASCII links a substring search, 9 KB of wasm.)
        "a name cannot contain U+FEFF (a byte-order mark)"
    } else {
        return Ok(());
    };
    Err(Error::InvalidName {
        name: name.to_owned(),
        reason,
    })
}

/// Item and color names to their numbers. Reading a problem looks up every name of every
/// option, and std's SipHash made those lookups most of the time it took (a fifth of a
/// small problem's whole `exact_cover` call in wasm): names are short, so they are hashed
/// here with FxHash, the multiply-and-rotate hash rustc uses for its own tables. It does not
/// resist chosen collisions; a caller who crafts colliding names only slows its own call.
type NameMap = HashMap<String, u32, BuildHasherDefault<FxHasher>>;

/// FxHash: eight bytes at a time, rotate, xor, multiply.
#[derive(Default)]
struct FxHasher {
    hash: u64,
}

impl FxHasher {
    const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(Self::SEED);
    }
}

impl Hasher for FxHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            // Byte by byte, not `copy_from_slice`: a copy of a length known only at run time
            // is wasm's `memory.copy`, which V8 runs as a call out of the module, and that
            // call was most of the cost of hashing a short name.
            let word = rest
                .iter()
                .rev()
                .fold(0, |word, &byte| word << 8 | u64::from(byte));
            self.add(word);
        }
    }

    fn write_u8(&mut self, byte: u8) {
        self.add(u64::from(byte));
    }

    fn finish(&self) -> u64 {
        self.hash
    }
}

/// Without colors and multiplicities in the build (the `colors-bounds` feature off: the
/// sudoku page's first module), the builder and the reader refuse both, the builder left as it
/// was, and exact cover is searched as with them. (scripts/test.sh runs these alone, without
/// the crate's default features.)
#[cfg(all(test, not(feature = "colors-bounds")))]
mod without_colors_bounds {
    use crate::{Error, Problem, ProblemBuilder, Solver};

    #[test]
    fn colors_and_bounds_refused_exact_cover_searched() {
        let colors = Err(Error::Unsupported { what: "colors" });
        let mut builder = ProblemBuilder::with_names(&["a", "b"], &["x"]).unwrap();
        assert_eq!(builder.add_named_option(&["a", "x:red"]), colors);
        assert_eq!(
            builder.add_colored_option(&[(0, None), (2, Some("red"))]),
            colors
        );
        assert_eq!(
            builder.set_bounds(0, 2, 2),
            Err(Error::Unsupported {
                what: "multiplicities"
            })
        );
        // Exact cover's own bounds, and the errors that come first, as with the feature.
        assert_eq!(builder.set_bounds(0, 1, 1), Ok(()));
        assert_eq!(
            builder.set_bounds(0, 2, 1).unwrap_err().code(),
            "bounds_reversed"
        );
        assert_eq!(
            builder.add_named_option(&["a:red"]).unwrap_err().code(),
            "color_on_primary"
        );
        assert_eq!(builder.add_named_option(&["a", "x"]), Ok(0));
        assert_eq!(builder.add_named_option(&["b"]), Ok(1));
        let problem = builder.build();
        assert!(!problem.has_colors() && !problem.has_bounds());
        assert_eq!(Solver::new(&problem).count_solutions(), 1);
        // The reader, at the line that gives one.
        let error = Problem::parse("a b | x\na x:red\nb").unwrap_err();
        assert_eq!((error.code(), error.line()), ("unsupported", Some(2)));
        let error = Problem::parse("2|a b\na\nb").unwrap_err();
        assert_eq!((error.code(), error.line()), ("unsupported", Some(1)));
        // Knuth's example (secondary items, no colors): one solution, his figures.
        let knuth =
            Problem::parse("A B C D E | F G\nC E\nA D G\nB C F\nA D F\nB G\nD E G").unwrap();
        let mut solver = Solver::new(&knuth);
        assert!(solver.find_next());
        assert_eq!(solver.solution(), vec![0, 3, 4]);
        assert!(!solver.find_next());
        assert_eq!((solver.stats().nodes, solver.stats().updates), (6, 29));
    }
}
