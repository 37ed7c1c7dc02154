//! How symbols are written: the built-in alphabet (1-9, then A, B, C, ... in either case),
//! a caller's own alphabet (such as `0-9A-F`), or whole numbers for puzzles above 9x9.

use super::error::{SudokuError, SudokuResult};
use super::shape::{MAX_SIZE, MIN_SIZE};

/// Characters that mark an empty cell, unless the alphabet uses them as symbols.
pub const EMPTY_MARKS: [char; 4] = ['.', '0', '-', '_'];

/// How a puzzle's symbols are written, on input and on output.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Alphabet {
    kind: Kind,
    /// The mark written for an empty cell.
    empty: char,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
enum Kind {
    /// 1-9 then letters; `lower` writes letters in lower case.
    Builtin { lower: bool },
    /// The caller's symbols, value 1 first.
    Custom(Vec<char>),
    /// Whole numbers separated by spaces, 0 for an empty cell.
    Numbers,
}

/// What one character or token of the input stands for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Lookup {
    /// A symbol's value, from 1.
    Symbol(usize),
    /// An empty cell.
    Empty,
    /// A symbol of the alphabet beyond the puzzle's size.
    OutOfRange(usize),
    /// Not a symbol at all.
    Invalid,
}

impl Default for Alphabet {
    fn default() -> Self {
        Alphabet::builtin()
    }
}

impl Alphabet {
    /// The built-in alphabet: `1`-`9`, then `A`, `B`, `C`, ... (read in either case); `.`,
    /// `0`, `-` and `_` mark empty cells, and `.` is written for them.
    pub fn builtin() -> Alphabet {
        Alphabet {
            kind: Kind::Builtin { lower: false },
            empty: '.',
        }
    }

    /// Whole numbers separated by single spaces, 0 for an empty cell: for writing a
    /// puzzle that way on purpose ([`Sudoku::with_alphabet`](super::Sudoku::with_alphabet)).
    /// The reader reads whole numbers (separated by white space or commas) into the
    /// built-in alphabet, so that answers are compact lines.
    pub fn numbers() -> Alphabet {
        Alphabet {
            kind: Kind::Numbers,
            empty: '0',
        }
    }

    /// A caller's alphabet: its characters in order are the symbols 1, 2, 3, ... A range
    /// `X-Y` between two letters or digits of the same kind stands for every character from
    /// `X` to `Y`, so `0-9A-F` is the 16 symbols `0123456789ABCDEF`. Letters are also read
    /// in the other case unless the alphabet holds both cases. Empty cells are marked by
    /// whichever of `.`, `0`, `-`, `_` the alphabet does not use.
    ///
    /// # Errors
    /// [`SudokuError::BadAlphabet`] for fewer than 4 or more than 25 symbols, a repeated
    /// symbol, white space or a comma, or an alphabet that uses every empty-cell mark.
    pub fn custom(spec: &str) -> SudokuResult<Alphabet> {
        let bad = |reason: String| SudokuError::BadAlphabet { reason };
        if spec.len() > 256 {
            return Err(bad(format!("{} bytes is too long", spec.len())));
        }
        let chars: Vec<char> = spec.chars().collect();
        let mut symbols = Vec::new();
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            if k + 2 < chars.len() && chars[k + 1] == '-' && is_range(c, chars[k + 2]) {
                symbols.extend(c..=chars[k + 2]);
                k += 3;
            } else {
                symbols.push(c);
                k += 1;
            }
        }
        if let Some(&c) = symbols.iter().find(|c| c.is_whitespace() || **c == ',') {
            return Err(bad(format!("{c:?} cannot be a symbol")));
        }
        if !(MIN_SIZE..=MAX_SIZE).contains(&symbols.len()) {
            return Err(bad(format!(
                "{} symbols; an alphabet has {MIN_SIZE} to {MAX_SIZE}",
                symbols.len()
            )));
        }
        for (k, c) in symbols.iter().enumerate() {
            if symbols[..k].contains(c) {
                return Err(bad(format!("`{c}` appears twice")));
            }
        }
        let Some(&empty) = EMPTY_MARKS.iter().find(|m| !symbols.contains(m)) else {
            return Err(bad("it uses every empty-cell mark (. 0 - _)".into()));
        };
        Ok(Alphabet {
            kind: Kind::Custom(symbols),
            empty,
        })
    }

    /// The alphabet of an `n` x `n` grid (`n` from 10 to 16) that counts its symbols from
    /// `0`: `0`-`9` then `A`, `B`, ... (`0-9A-F` at 16x16), in lower case if `lower`.
    ///
    /// # Errors
    /// [`SudokuError::BadAlphabet`] if `n` is not from 10 to 16.
    pub fn zero_based(n: usize, lower: bool) -> SudokuResult<Alphabet> {
        if !(10..=16).contains(&n) {
            return Err(SudokuError::BadAlphabet {
                reason: format!("`0`-`9`, `A`, ... has no {n} hexadecimal symbols"),
            });
        }
        Alphabet::custom(&Alphabet::zero_based_spec(n, lower))
    }

    /// How [`Alphabet::custom`] names the symbols `0`-`9`, `A`, ... of an `n` x `n` grid
    /// (`n` from 10 to 16): `0-9`, `0-9A`, `0-9A-B`, ... `0-9A-F`.
    pub fn zero_based_spec(n: usize, lower: bool) -> String {
        letters_after_digits("0-9", n.saturating_sub(10), lower)
    }

    /// How [`Alphabet::custom`] names the built-in symbols of an `n` x `n` grid (`n` from
    /// 10): `1-9A`, `1-9A-B`, ... `1-9A-G`, so that `0` is an empty cell.
    pub fn one_based_spec(n: usize) -> String {
        letters_after_digits("1-9", n.saturating_sub(9), false)
    }

    /// The number of symbols of a caller's alphabet (`None` for the built-in alphabet and
    /// numbers, which fit every size).
    pub fn symbol_count(&self) -> Option<usize> {
        match &self.kind {
            Kind::Custom(symbols) => Some(symbols.len()),
            _ => None,
        }
    }

    /// Whether this writes whole numbers.
    pub fn is_numbers(&self) -> bool {
        self.kind == Kind::Numbers
    }

    /// Whether `c` is one of this alphabet's symbols (in any case it is read in).
    pub(crate) fn is_symbol_char(&self, c: char) -> bool {
        match &self.kind {
            Kind::Custom(symbols) => symbols.contains(&c) || custom_index(symbols, c).is_some(),
            _ => c.is_ascii_alphanumeric() && c != '0',
        }
    }

    /// Whether `c` marks an empty cell in this alphabet.
    pub(crate) fn is_empty_mark(&self, c: char) -> bool {
        EMPTY_MARKS.contains(&c) && !self.is_symbol_char(c)
    }

    /// What character `c` stands for in a puzzle with `n` symbols.
    pub(crate) fn lookup(&self, c: char, n: usize) -> Lookup {
        if self.is_empty_mark(c) {
            return Lookup::Empty;
        }
        let value = match &self.kind {
            Kind::Custom(symbols) => custom_index(symbols, c).map(|k| k + 1),
            _ => builtin_value(c),
        };
        match value {
            Some(v) if v <= n => Lookup::Symbol(v),
            Some(v) if v <= MAX_SIZE => Lookup::OutOfRange(v),
            _ => Lookup::Invalid,
        }
    }

    /// What a whole-number token stands for in a puzzle with `n` symbols.
    pub(crate) fn lookup_number(token: &str, n: usize) -> Lookup {
        if token.len() == 1 && EMPTY_MARKS.contains(&char::from(token.as_bytes()[0])) {
            return Lookup::Empty;
        }
        match token.parse::<usize>() {
            Ok(0) => Lookup::Empty,
            Ok(v) if v <= n => Lookup::Symbol(v),
            Ok(v) => Lookup::OutOfRange(v),
            Err(_) => Lookup::Invalid,
        }
    }

    /// Writes value `v` (0 for an empty cell) into `out`.
    pub(crate) fn write(&self, v: u8, out: &mut String) {
        if v == 0 {
            out.push(self.empty);
            return;
        }
        let v = usize::from(v);
        match &self.kind {
            Kind::Builtin { lower } => {
                let c = builtin_char(v);
                out.push(if *lower { c.to_ascii_lowercase() } else { c });
            }
            Kind::Custom(symbols) => out.push(symbols.get(v - 1).copied().unwrap_or('?')),
            Kind::Numbers => out.push_str(&v.to_string()),
        }
    }

    /// Value `v` (1 to the size) written as a string in this alphabet (`'?'` for a value it
    /// has no symbol for).
    pub fn symbol(&self, v: u8) -> String {
        let mut s = String::new();
        self.write(v, &mut s);
        s
    }

    /// Remembers how the input wrote things: the empty mark it used, and lower-case letters
    /// if every letter symbol was lower case.
    pub(crate) fn adopt_input_style(&mut self, empty: Option<char>, lower: bool) {
        if let Some(empty) = empty {
            self.empty = if self.is_numbers() { '0' } else { empty };
        }
        if let Kind::Builtin { lower: l } = &mut self.kind {
            *l = lower;
        }
    }
}

/// The built-in value of `c`: 1-9 for digits, 10 and up for letters of either case.
fn builtin_value(c: char) -> Option<usize> {
    match c {
        '1'..='9' => Some(c as usize - '0' as usize),
        'A'..='Z' => Some(c as usize - 'A' as usize + 10),
        'a'..='z' => Some(c as usize - 'a' as usize + 10),
        _ => None,
    }
}

/// The built-in character for value `v` (1 to 35).
fn builtin_char(v: usize) -> char {
    let code = if v <= 9 {
        b'0' + v as u8
    } else {
        b'A' + (v - 10) as u8
    };
    char::from(code)
}

/// The index of `c` in `symbols`, trying the other case of a letter when the alphabet does
/// not hold both cases of it.
fn custom_index(symbols: &[char], c: char) -> Option<usize> {
    if let Some(k) = symbols.iter().position(|&s| s == c) {
        return Some(k);
    }
    let other = if c.is_ascii_lowercase() {
        c.to_ascii_uppercase()
    } else if c.is_ascii_uppercase() {
        c.to_ascii_lowercase()
    } else {
        return None;
    };
    symbols.iter().position(|&s| s == other)
}

/// `digits` followed by `letters` letters from `A` (`a` if `lower`) as an alphabet's
/// spec: `A`, `A-B`, `A-C`, ...
fn letters_after_digits(digits: &str, letters: usize, lower: bool) -> String {
    let first = if lower { b'a' } else { b'A' };
    let last = char::from(first + letters.clamp(1, 26) as u8 - 1);
    match letters {
        0 => digits.to_owned(),
        1 => format!("{digits}{last}"),
        _ => format!("{digits}{}-{last}", char::from(first)),
    }
}

/// Whether `a-b` is a range of digits, upper-case or lower-case letters.
fn is_range(a: char, b: char) -> bool {
    a < b
        && ((a.is_ascii_digit() && b.is_ascii_digit())
            || (a.is_ascii_uppercase() && b.is_ascii_uppercase())
            || (a.is_ascii_lowercase() && b.is_ascii_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_expand() {
        let a = Alphabet::custom("0-9A-F").unwrap();
        assert_eq!(a.symbol_count(), Some(16));
        assert_eq!(a.lookup('0', 16), Lookup::Symbol(1));
        assert_eq!(a.lookup('f', 16), Lookup::Symbol(16));
        assert_eq!(a.lookup('.', 16), Lookup::Empty);
        assert_eq!(a.lookup('G', 16), Lookup::Invalid);
        assert_eq!(a.symbol(11), "A");
        assert_eq!(Alphabet::custom("a-d").unwrap().symbol_count(), Some(4));
        // A dash that is not between two characters of one kind is itself a symbol.
        assert_eq!(Alphabet::custom("-abc").unwrap().symbol_count(), Some(4));
    }

    #[test]
    fn bad_alphabets_are_refused() {
        for spec in ["abc", "aabc", "a b c d", ".0-_abcd", "1-9A-Z"] {
            assert_eq!(
                Alphabet::custom(spec).map_err(|e| e.code()),
                Err("bad_alphabet"),
                "{spec}"
            );
        }
    }

    #[test]
    fn builtin_reads_either_case() {
        let a = Alphabet::builtin();
        assert_eq!(a.lookup('g', 16), Lookup::Symbol(16));
        assert_eq!(a.lookup('G', 16), Lookup::Symbol(16));
        assert_eq!(a.lookup('A', 9), Lookup::OutOfRange(10));
        assert_eq!(a.lookup('0', 9), Lookup::Empty);
        assert_eq!(a.lookup('#', 9), Lookup::Invalid);
        assert_eq!(Alphabet::lookup_number("17", 16), Lookup::OutOfRange(17));
        assert_eq!(Alphabet::lookup_number("x", 16), Lookup::Invalid);
    }
}
