//! Generators for classic exact-cover problems, built with [`ProblemBuilder`]: n queens as
//! Knuth's `queens-dlx` writes it, Langford pairs, and polyomino tilings. Tests, benchmarks
//! and the demo page share them.
//!
//! [`ProblemBuilder`]: crate::ProblemBuilder

mod langford;
mod polyomino;
mod queens;

pub use langford::langford;
pub use polyomino::{pentominoes, polyomino_tiling, polyomino_tiling_with_holes, Piece};
pub use queens::queens;

/// A digit in base 36 (`0`-`9`, then `a`-`z`), as Knuth names items past 9.
fn base36(k: usize) -> char {
    char::from_digit((k % 36) as u32, 36).unwrap_or('?')
}
