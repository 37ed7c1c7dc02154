//! The crate's error type: every way an input can be refused, with the position that caused it.

/// Every error this crate returns. Each variant carries the position (option index, item name,
/// line number) a caller needs to point at the mistake, and [`Error::code`] gives a stable,
/// machine-readable name for it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// An option names an item by number, and no item has that number.
    #[error("option {option}: item {index} is out of range (items are numbered from 0; the problem has {items})")]
    ItemOutOfRange {
        /// The option's index (0-based, in input order).
        option: usize,
        /// The offending item number.
        index: usize,
        /// How many items the problem has.
        items: usize,
    },
    /// An option names an item that was not declared.
    #[error("option {option}: unknown item `{name}`")]
    UnknownItem {
        /// The option's index.
        option: usize,
        /// The name as written.
        name: String,
    },
    /// An option lists the same item twice.
    #[error("option {option}: item `{name}` appears twice")]
    DuplicateItem {
        /// The option's index.
        option: usize,
        /// The repeated item.
        name: String,
    },
    /// An option lists no items at all: refused by a strict reader or builder
    /// ([`crate::ProblemBuilder::set_strict`], [`crate::Problem::parse_strict`]); otherwise the
    /// option is left out of the search with a [`crate::Warning`].
    #[error("option {option} is empty")]
    EmptyOption {
        /// The option's index.
        option: usize,
    },
    /// An option lists only secondary items, so no solution could ever need it: refused by a
    /// strict reader or builder; otherwise the option is left out of the search with a
    /// [`crate::Warning`], as Knuth's DLX programs do ("Option ignored (no primary items)").
    #[error("option {option} has no primary item")]
    NoPrimaryItem {
        /// The option's index.
        option: usize,
    },
    /// A color was given to a primary item; only secondary items take colors.
    #[error("option {option}: `{name}` is a primary item and cannot carry a color")]
    ColorOnPrimary {
        /// The option's index.
        option: usize,
        /// The primary item's name.
        name: String,
    },
    /// The same item name was declared twice.
    #[error("item `{name}` is declared twice")]
    DuplicateItemName {
        /// The repeated name.
        name: String,
    },
    /// An item or color name that cannot be written in Knuth's format (empty, or holding
    /// white space, `:`, `|` or U+FEFF, the byte-order mark).
    #[error("invalid name `{name}`: {reason}")]
    InvalidName {
        /// The name as given.
        name: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A line of Knuth's text format that does not parse.
    #[error("line {line}: {reason}")]
    Syntax {
        /// The line number (1-based).
        line: usize,
        /// What is wrong with the line.
        reason: String,
    },
    /// Another error, found on a given line of a text-format problem.
    #[error("line {line}: {source}")]
    AtLine {
        /// The line number (1-based).
        line: usize,
        /// The error found there.
        source: Box<Error>,
    },
    /// The problem is larger than the size budget allows.
    #[error("problem too large: {what} would be {actual}, over the budget of {limit}")]
    TooLarge {
        /// What is counted: `"items"`, `"options"`, `"nodes"`, `"input bytes"`, ...
        what: &'static str,
        /// The size requested (at the point it went over).
        actual: usize,
        /// The budget.
        limit: usize,
    },
    /// Bounds given for an item number that names no item.
    #[error("item {index} is out of range (items are numbered from 0; the problem has {items})")]
    ItemIndexOutOfRange {
        /// The item number given.
        index: usize,
        /// How many items the problem has.
        items: usize,
    },
    /// Bounds given to a secondary item: only primary items take multiplicities.
    #[error("`{name}` is a secondary item and cannot have bounds")]
    BoundsOnSecondary {
        /// The secondary item's name.
        name: String,
    },
    /// An upper bound of 0: the item could never be covered.
    #[error("item `{name}`: the upper bound must be at least 1")]
    ZeroUpperBound {
        /// The item's name.
        name: String,
    },
    /// A lower bound above the upper bound.
    #[error("item `{name}`: the lower bound {min} exceeds the upper bound {max}")]
    BoundsReversed {
        /// The item's name.
        name: String,
        /// The lower bound given.
        min: u32,
        /// The upper bound given.
        max: u32,
    },
    /// An item-line token with bounds (`min:max|name` or `max|name`) that does not parse.
    #[error("malformed bounds in `{token}`: {reason}")]
    MalformedBounds {
        /// The token as written.
        token: String,
        /// What is wrong with it.
        reason: &'static str,
    },
    /// A forced option index that names no option.
    #[error("forced option {option} is out of range (the problem has {options} options)")]
    ForcedOutOfRange {
        /// The index given.
        option: usize,
        /// How many options the problem has.
        options: usize,
    },
    /// A forced option that was left out of the search (it has no primary item, or no item at
    /// all: see [`crate::Problem::warnings`]), so no solution can contain it.
    #[error("forced option {option} was left out of the problem (it has no primary item)")]
    ForcedIgnored {
        /// The index given.
        option: usize,
    },
    /// Two forced options cannot both be in a solution.
    #[error("forced options {first} and {second} conflict on item `{item}`")]
    ForcedConflict {
        /// The earlier option.
        first: usize,
        /// The later option.
        second: usize,
        /// The item they both use incompatibly.
        item: String,
    },
    /// A color or a multiplicity given to an engine built without them (the crate's
    /// `colors-bounds` feature, on by default: only a build without it returns this, though
    /// every build has the variant, so that turning the feature on breaks no match): refused
    /// when it is given (by the builder, so by the reader too), never searched as exact cover.
    #[error("{what} need the engine's `colors-bounds` feature, which this build leaves out")]
    Unsupported {
        /// What was given: `"colors"` or `"multiplicities"`.
        what: &'static str,
    },
    /// A task (see [`crate::split`]) that is not a path down the problem's search tree, or
    /// whose text does not parse.
    #[error("task, step {step}: {reason}")]
    InvalidTask {
        /// The 0-based position in the task's path of the step refused.
        step: usize,
        /// What is wrong with it.
        reason: &'static str,
    },
}

impl Error {
    /// A stable, machine-readable name for the kind of error, such as `"unknown_item"`.
    /// For [`Error::AtLine`] it is the code of the error found on that line.
    pub fn code(&self) -> &'static str {
        match self {
            Error::ItemOutOfRange { .. } => "item_out_of_range",
            Error::UnknownItem { .. } => "unknown_item",
            Error::DuplicateItem { .. } => "duplicate_item",
            Error::EmptyOption { .. } => "empty_option",
            Error::NoPrimaryItem { .. } => "no_primary_item",
            Error::ColorOnPrimary { .. } => "color_on_primary",
            Error::DuplicateItemName { .. } => "duplicate_item_name",
            Error::InvalidName { .. } => "invalid_name",
            Error::Syntax { .. } => "syntax",
            Error::AtLine { source, .. } => source.code(),
            Error::TooLarge { .. } => "too_large",
            Error::ItemIndexOutOfRange { .. } => "item_out_of_range",
            Error::BoundsOnSecondary { .. } => "bounds_on_secondary",
            Error::ZeroUpperBound { .. } => "zero_upper_bound",
            Error::BoundsReversed { .. } => "bounds_reversed",
            Error::MalformedBounds { .. } => "malformed_bounds",
            Error::ForcedOutOfRange { .. } => "forced_out_of_range",
            Error::ForcedIgnored { .. } => "forced_ignored",
            Error::ForcedConflict { .. } => "forced_conflict",
            Error::InvalidTask { .. } => "invalid_task",
            Error::Unsupported { .. } => "unsupported",
        }
    }

    /// The 1-based line of the text input where the error was found, if it came from text.
    pub fn line(&self) -> Option<usize> {
        match self {
            Error::Syntax { line, .. } | Error::AtLine { line, .. } => Some(*line),
            _ => None,
        }
    }

    /// The index of the option the error is about, if there is one.
    pub fn option(&self) -> Option<usize> {
        match self {
            Error::ItemOutOfRange { option, .. }
            | Error::UnknownItem { option, .. }
            | Error::DuplicateItem { option, .. }
            | Error::EmptyOption { option }
            | Error::NoPrimaryItem { option }
            | Error::ColorOnPrimary { option, .. }
            | Error::ForcedOutOfRange { option, .. }
            | Error::ForcedIgnored { option } => Some(*option),
            Error::ForcedConflict { second, .. } => Some(*second),
            Error::AtLine { source, .. } => source.option(),
            _ => None,
        }
    }

    /// Wraps `self` with the line it was found on.
    pub(crate) fn at_line(self, line: usize) -> Error {
        Error::AtLine {
            line,
            source: Box::new(self),
        }
    }
}

/// The crate's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;
