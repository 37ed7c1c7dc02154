//! Knuth's text format for exact-cover problems, as read by his DLX programs:
//!
//! ```text
//! | a comment: any line that starts with `|`
//! A B C D E | F G        <- primary items, `|`, secondary items
//! C E F                  <- one option per line
//! A D G:red              <- `name:color` gives a secondary item a color
//! ```

use crate::error::{Error, Result};
use crate::problem::{Problem, ProblemBuilder, SizeBudget};

/// The largest text [`Problem::parse`] reads: 64 MiB.
pub const MAX_TEXT_BYTES: usize = 64 << 20;

impl Problem {
    /// Reads a problem in Knuth's text format.
    ///
    /// ```
    /// # fn main() -> dlx_wasm::Result<()> {
    /// let problem = dlx_wasm::Problem::parse("| tiny\nA B | x\nA x:1\nB x:1\n")?;
    /// assert_eq!(problem.option_line(1), "B x:1");
    /// # Ok(()) }
    /// ```
    ///
    /// # Errors
    /// [`Error::Syntax`] for a missing item line or a misplaced `|`, [`Error::TooLarge`] for a
    /// text over [`MAX_TEXT_BYTES`] or a problem over [`SizeBudget::DEFAULT`], and any error of
    /// [`ProblemBuilder::add_named_option`] wrapped in [`Error::AtLine`] with its line number.
    pub fn parse(text: &str) -> Result<Problem> {
        SizeBudget::check("input bytes", text.len(), MAX_TEXT_BYTES)?;
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
        let mut bar = false;
        for token in header.split_whitespace() {
            if token == "|" {
                if bar {
                    return Err(Error::Syntax {
                        line: item_line,
                        reason: "the item line has more than one `|`".into(),
                    });
                }
                bar = true;
            } else if bar {
                secondary.push(token);
            } else {
                primary.push(token);
            }
        }
        let mut builder =
            ProblemBuilder::with_names(&primary, &secondary).map_err(|e| e.at_line(item_line))?;

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
            builder
                .add_named_option(&tokens)
                .map_err(|e| e.at_line(line))?;
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

impl std::str::FromStr for Problem {
    type Err = Error;

    fn from_str(text: &str) -> Result<Problem> {
        Problem::parse(text)
    }
}
