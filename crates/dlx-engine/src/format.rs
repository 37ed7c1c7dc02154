//! Knuth's text format for exact-cover problems, as read by his DLX programs:
//!
//! ```text
//! | a comment: any line that starts with `|`
//! A B 2:3|C D E | F G    <- primary items, `|`, secondary items; `min:max|name` (or
//!                           `max|name`) gives a primary item bounds, as in Knuth's DLX3
//! C E F                  <- one option per line
//! A D G:red              <- `name:color` gives a secondary item a color
//! ```

use crate::error::{Error, Result};
use crate::problem::{Problem, ProblemBuilder, SizeBudget};

/// The largest text [`Problem::parse`] reads: 64 MiB.
pub const MAX_TEXT_BYTES: usize = 64 << 20;

impl Problem {
    /// Reads a problem in Knuth's text format, as Knuth's DLX programs read it: an option
    /// with only secondary items is left out of the search, with a [`crate::Warning`] that
    /// gives its line ([`Problem::warnings`]; Knuth's DLX2 prints "Option ignored (no
    /// primary items)"). Options keep the numbers of their lines among the option lines.
    ///
    /// ```
    /// # fn main() -> dlx_engine::Result<()> {
    /// let problem = dlx_engine::Problem::parse("| tiny\nA B | x\nA x:1\nB x:1\n")?;
    /// assert_eq!(problem.option_line(1), "B x:1");
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// [`Error::Syntax`] for a missing item line or a misplaced `|`,
    /// [`Error::MalformedBounds`] for bounds that are not `min:max|` or `max|` with decimal
    /// numbers, the errors of [`ProblemBuilder::set_bounds`] for bounds it refuses (all
    /// wrapped in [`Error::AtLine`] with the item line), [`Error::TooLarge`] for a
    /// text over [`MAX_TEXT_BYTES`] or a problem over [`SizeBudget::DEFAULT`], and any error of
    /// [`ProblemBuilder::add_named_option`] wrapped in [`Error::AtLine`] with its line number.
    pub fn parse(text: &str) -> Result<Problem> {
        Self::parse_with(text, false)
    }

    /// [`Problem::parse`], refusing an option with only secondary items instead of leaving
    /// it out (as [`ProblemBuilder::set_strict`] does).
    ///
    /// ```
    /// # use dlx_engine::Problem;
    /// let error = Problem::parse_strict("A | x\nA x\nx\n").unwrap_err();
    /// assert_eq!((error.code(), error.line(), error.option()), ("no_primary_item", Some(3), Some(1)));
    /// ```
    ///
    /// # Errors
    /// Those of [`Problem::parse`], and [`Error::NoPrimaryItem`] (wrapped in
    /// [`Error::AtLine`]) for an option with only secondary items.
    pub fn parse_strict(text: &str) -> Result<Problem> {
        Self::parse_with(text, true)
    }

    /// [`Problem::parse`], or with `strict` [`Problem::parse_strict`].
    fn parse_with(text: &str, strict: bool) -> Result<Problem> {
        SizeBudget::check("input bytes", text.len(), MAX_TEXT_BYTES)?;
        // A byte-order mark, which some editors write first, is not part of the first name.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(k, line)| (k + 1, line.trim()))
            .filter(|(_, line)| !line.is_empty() && !line.starts_with('|'));

        let Some((item_line, header)) = lines.next() else {
            return Err(Error::Syntax {
                line: text.lines().count().max(1),
                reason: "no item line: the first line that is not a comment must list the items"
                    .into(),
            });
        };
        let mut primary = Vec::new();
        let mut secondary = Vec::new();
        let mut bounds = Vec::new();
        let mut bar = false;
        for token in header.split_whitespace() {
            // The bar, alone or (as Knuth's programs read it: they skip the spaces after
            // it) against the first secondary item's name, `|x`.
            let token = match token.strip_prefix('|') {
                Some(rest) => {
                    if bar {
                        return Err(Error::Syntax {
                            line: item_line,
                            reason: "the item line has more than one `|`".into(),
                        });
                    }
                    bar = true;
                    if rest.is_empty() {
                        continue;
                    }
                    rest
                }
                None => token,
            };
            let (name, bound) = match token.split_once('|') {
                Some((spec, name)) => {
                    let bound = parse_bounds(token, spec).map_err(|e| e.at_line(item_line))?;
                    (name, Some(bound))
                }
                None => (token, None),
            };
            if bar {
                if bound.is_some() {
                    let name = name.to_owned();
                    return Err(Error::BoundsOnSecondary { name }.at_line(item_line));
                }
                secondary.push(name);
            } else {
                if let Some(bound) = bound {
                    bounds.push((primary.len(), bound));
                }
                primary.push(name);
            }
        }
        let mut builder =
            ProblemBuilder::with_names(&primary, &secondary).map_err(|e| e.at_line(item_line))?;
        builder.set_strict(strict);
        for (item, (min, max)) in bounds {
            builder
                .set_bounds(item, min, max)
                .map_err(|e| e.at_line(item_line))?;
        }

        let mut tokens = Vec::new();
        for (line, body) in lines {
            tokens.clear();
            tokens.extend(body.split_whitespace());
            if tokens.contains(&"|") {
                return Err(Error::Syntax {
                    line,
                    reason: "`|` may appear only on the item line".into(),
                });
            }
            let option = builder
                .add_named_option(&tokens)
                .map_err(|e| e.at_line(line))?;
            builder.set_warning_line(option, line);
        }
        Ok(builder.build())
    }

    /// A solution as text: one option line per option, in the order given.
    ///
    /// # Panics
    /// If an index is not an option of this problem.
    pub fn solution_text(&self, options: &[usize]) -> String {
        let mut text = String::new();
        for &option in options {
            text.push_str(&self.option_line(option));
            text.push('\n');
        }
        text
    }
}

/// The bounds `spec` before the `|` of item-line token `token`: `min:max` or `max`.
fn parse_bounds(token: &str, spec: &str) -> Result<(u32, u32)> {
    let malformed = |reason| Error::MalformedBounds {
        token: token.to_owned(),
        reason,
    };
    let number = |digits: &str| -> Result<u32> {
        if digits.is_empty() {
            return Err(malformed("a bound is missing"));
        }
        if !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(malformed("bounds are decimal numbers"));
        }
        digits
            .parse()
            .map_err(|_| malformed("a bound is too large (at most 4294967295)"))
    };
    match spec.split_once(':') {
        Some((min, max)) => Ok((number(min)?, number(max)?)),
        None => {
            let max = number(spec)?;
            Ok((max, max))
        }
    }
}

impl std::str::FromStr for Problem {
    type Err = Error;

    fn from_str(text: &str) -> Result<Problem> {
        Problem::parse(text)
    }
}
