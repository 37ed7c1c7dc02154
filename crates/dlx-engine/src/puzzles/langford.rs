//! Langford pairs.

use crate::{Problem, ProblemBuilder, Result};

/// Langford pairs for `n`: place two copies of each of 1..=n in 2n slots so that the two
/// copies of `k` have exactly `k` slots between them. Items `1`..`n` for the numbers and
/// `s1`..`s2n` for the slots; one option `k sj sj+k+1` per placement. Every solution and its
/// reversal are both counted (n = 11: 35,584).
///
/// # Errors
/// [`crate::Error::TooLarge`] when `n` is over 1,000.
pub fn langford(n: usize) -> Result<Problem> {
    crate::SizeBudget::check("langford", n, 1000)?;
    let numbers: Vec<String> = (1..=n).map(|k| k.to_string()).collect();
    let slots: Vec<String> = (1..=2 * n).map(|j| format!("s{j}")).collect();
    let primary: Vec<&str> = numbers.iter().chain(&slots).map(String::as_str).collect();
    let mut b = ProblemBuilder::with_names::<&str>(&primary, &[])?;
    for k in 1..=n {
        for j in 1..=2 * n {
            if j + k < 2 * n {
                b.add_option(&[k - 1, n + j - 1, n + j + k])?;
            }
        }
    }
    Ok(b.build())
}
