//! Reading puzzles: a compact line (with any text after it), a grid in a frame, whole
//! numbers separated by white space or commas, or (in samurai.rs) the Samurai layout; and
//! the choice between `0` as an empty cell and `0` as a symbol at 10x10 to 16x16.

use std::sync::Arc;

use super::alphabet::{Alphabet, Lookup, EMPTY_MARKS};
use super::error::{SudokuError, SudokuResult};
use super::layout::Layout;
use super::puzzle::Sudoku;
use super::samurai;
use super::shape::{check_size, nearest_sizes, size_for_cells};
use super::variant::{map_labels, Options, Variant};

/// The longest input text accepted, in bytes: far more than a decorated 25x25 grid needs.
pub const MAX_INPUT_BYTES: usize = 64 * 1024;

/// One cell as written.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Token<'a> {
    Char(char),
    Number(&'a str),
}

/// Reads a puzzle. See [`Sudoku::parse`].
pub(crate) fn parse(text: &str, options: &Options) -> SudokuResult<Sudoku> {
    if text.len() > MAX_INPUT_BYTES {
        return Err(SudokuError::TooLarge {
            len: text.len(),
            limit: MAX_INPUT_BYTES,
        });
    }
    // A byte-order mark, as some editors start a file they save: not a cell.
    let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
    let alphabet = match &options.alphabet {
        Some(spec) => Alphabet::custom(spec)?,
        None => Alphabet::builtin(),
    };
    if options.variant == Variant::Samurai {
        return samurai::parse(text, options, alphabet);
    }
    let wanted = wanted_size(options)?;
    if reads_compact_digits(options, wanted) {
        if let Some(values) = compact_digits(text) {
            return compact_puzzle(text, values, alphabet, Layout::new(9, options)?);
        }
    }
    let valid = |count: usize| match wanted {
        Some(n) => count == n * n,
        None => size_for_cells(count).is_some(),
    };
    match read_text(text, options, wanted, alphabet.clone(), valid) {
        // A line of a whole puzzle's cells and then other text (a rating, a comment):
        // the cells, when the text as a whole does not read.
        Err(
            error @ (SudokuError::WrongCellCount { .. }
            | SudokuError::InvalidCharacter { .. }
            | SudokuError::SymbolOutOfRange { .. }),
        ) => match complete_line_start(text, &alphabet, valid) {
            Some(cells) => read_text(cells, options, wanted, alphabet, valid),
            None => Err(error),
        },
        result => result,
    }
}

/// U+FEFF, the byte-order mark: skipped before a puzzle.
pub const BYTE_ORDER_MARK: char = '\u{FEFF}';

/// The cells that start a text of one line and are followed by other text: the characters
/// before the first white space (or `#`, `;`, `:`, `,` that is not a symbol), if they are
/// all cells (symbols and empty-cell marks) and exactly as many as a puzzle has.
fn complete_line_start<'a>(
    text: &'a str,
    alphabet: &Alphabet,
    valid: impl Fn(usize) -> bool,
) -> Option<&'a str> {
    let line = text.trim();
    if line.contains('\n') {
        return None;
    }
    let end = line.find(|c: char| {
        c.is_whitespace() || (matches!(c, '#' | ';' | ':' | ',') && !alphabet.is_symbol_char(c))
    })?;
    let cells = &line[..end];
    let is_cell = |c: char| alphabet.is_symbol_char(c) || alphabet.is_empty_mark(c);
    (cells.chars().all(is_cell) && valid(cells.chars().count())).then_some(cells)
}

/// Reads the cells of `text` (all of it) with `options`: whole numbers or characters.
fn read_text(
    text: &str,
    options: &Options,
    wanted: Option<usize>,
    alphabet: Alphabet,
    valid: impl Fn(usize) -> bool + Copy,
) -> SudokuResult<Sudoku> {
    let tokens = match numbers(text, &alphabet, valid) {
        Some(tokens) => tokens,
        None => chars(text, &alphabet, valid),
    };
    let found = tokens.len();
    let n = match wanted {
        Some(n) if n * n == found => n,
        Some(n) => {
            return Err(SudokuError::WrongCellCount {
                found,
                expected: Some(n * n),
                fits: Vec::new(),
            })
        }
        None => size_for_cells(found).ok_or_else(|| SudokuError::WrongCellCount {
            found,
            expected: None,
            fits: nearest_sizes(found),
        })?,
    };
    if let Some(k) = alphabet.symbol_count().filter(|&k| k != n) {
        return Err(SudokuError::BadAlphabet {
            reason: format!("it has {k} symbols; a {n}x{n} puzzle needs {n}"),
        });
    }
    let layout = Layout::new(n, options)?;
    if options.alphabet.is_none() && zero_may_be_a_symbol(n, &tokens) {
        return read_zero_either_way(layout, &tokens, alphabet);
    }
    read_cells(layout, &tokens, alphabet)
}

/// Whether `0` among `tokens` may be a symbol rather than an empty cell: characters with a
/// `0` among them, at a size whose symbols `0`-`9`, `A`, ... are all hexadecimal digits
/// (10 to 16). (Below 10, `0` is always an empty cell; whole numbers count from 1.)
fn zero_may_be_a_symbol(n: usize, tokens: &[Token<'_>]) -> bool {
    ZERO_BASED_SIZES.contains(&n)
        && tokens.iter().any(|t| matches!(t, Token::Char('0')))
        && tokens.iter().all(|t| matches!(t, Token::Char(_)))
}

/// The sizes at which a grid written in `0`-`9`, `A`, ... may count its symbols from `0`.
pub(crate) const ZERO_BASED_SIZES: std::ops::RangeInclusive<usize> = 10..=16;

/// Reads a grid that has `0`s two ways, `0` as an empty cell (the built-in alphabet,
/// `1`-`9`, `A`, ...) and `0` as the first symbol (`0`-`9`, `A`, ...), and takes the one
/// that is possible. A reading is impossible when a character is not one of its symbols
/// or empty-cell marks (`G` rules out `0`-`F`), or when its givens repeat a symbol in a
/// region (`0`s as a symbol, two in a row); reading `0` as empty is also impossible when
/// the text marks other empty cells otherwise (`.`, `-`, `_`): a text that writes `.` for
/// its empty cells and has `0`s counts from `0`. Both possible: [`SudokuError::AmbiguousAlphabet`].
/// Neither: the built-in reading (whose error, or conflicts, the caller then sees).
fn read_zero_either_way(
    layout: Arc<Layout>,
    tokens: &[Token<'_>],
    alphabet: Alphabet,
) -> SudokuResult<Sudoku> {
    let n = layout.size();
    let lower = tokens
        .iter()
        .any(|t| matches!(t, Token::Char(c) if c.is_ascii_lowercase()))
        && !tokens
            .iter()
            .any(|t| matches!(t, Token::Char(c) if c.is_ascii_uppercase()));
    let zero_empty = read_cells(Arc::clone(&layout), tokens, alphabet);
    let zero_symbol = read_cells(layout, tokens, Alphabet::zero_based(n, lower)?);
    let other_marks = tokens
        .iter()
        .any(|t| matches!(t, Token::Char(c) if *c != '0' && EMPTY_MARKS.contains(c)));
    let possible = |read: &SudokuResult<Sudoku>| {
        read.as_ref()
            .is_ok_and(|puzzle| puzzle.conflicts().is_empty())
    };
    match (
        !other_marks && possible(&zero_empty),
        possible(&zero_symbol),
    ) {
        (false, true) => zero_symbol,
        (true, true) => Err(SudokuError::AmbiguousAlphabet {
            size: n,
            zero_symbol: Alphabet::zero_based_spec(n, false),
            zero_empty: Alphabet::one_based_spec(n),
            givens: [
                zero_symbol.map_or(0, |p| p.given_count()),
                zero_empty.map_or(0, |p| p.given_count()),
            ],
        }),
        _ => zero_empty,
    }
}

/// The puzzle of `text` as [`parse`] reads it with the default options, where `text` is the
/// classic 9x9 on one line ([`compact_digits`]); `None` for any other text (or one longer
/// than [`MAX_INPUT_BYTES`]). It reads nothing else and lays out nothing else
/// ([`Layout::classic_nine`]), so that a reader of this line alone stays small.
pub(crate) fn parse_classic_line(text: &str) -> Option<Sudoku> {
    if text.len() > MAX_INPUT_BYTES {
        return None;
    }
    let text = text.strip_prefix(BYTE_ORDER_MARK).unwrap_or(text);
    let values = compact_digits(text)?;
    compact_puzzle(
        text,
        values,
        Alphabet::builtin(),
        Layout::classic_nine().ok()?,
    )
    .ok()
}

/// The puzzle of `values`, the 81 digits [`compact_digits`] read from `text`, on `layout`,
/// in `alphabet` written as `text` writes an empty cell (`.` or `0`).
fn compact_puzzle(
    text: &str,
    values: Vec<u8>,
    mut alphabet: Alphabet,
    layout: Arc<Layout>,
) -> SudokuResult<Sudoku> {
    let empty_mark = text.trim().bytes().find(|&b| b == b'.' || b == b'0');
    alphabet.adopt_input_style(empty_mark.map(char::from), false);
    Sudoku::from_parts(layout, values, alphabet)
}

/// Whether a text of 81 digits is read as 9x9 digits with `options` (no alphabet of the
/// caller's, no size but 9, not Samurai), before anything else is tried.
fn reads_compact_digits(options: &Options, wanted: Option<usize>) -> bool {
    options.variant != Variant::Samurai
        && options.alphabet.is_none()
        && wanted.is_none_or(|n| n == 9)
}

/// The common case read in one pass: 81 digits on one line, `.` or `0` for empty cells.
/// `None` for anything else, which the general reader takes.
fn compact_digits(text: &str) -> Option<Vec<u8>> {
    let mut values = [0; 81];
    compact_digits_into(text, &mut values).then(|| values.to_vec())
}

/// [`compact_digits`] into `values`, allocating nothing: `false` (and `values` in any
/// state) if `text` is not 81 digits.
pub(crate) fn compact_digits_into(text: &str, values: &mut [u8; 81]) -> bool {
    digits_into(text.trim().as_bytes(), values)
}

/// [`compact_digits_into`] on bytes, with no blanks around them: `line` must be 81 digits,
/// `.` or `0` for empty. Branch-free (a batch reads its lines with it): a byte at a time
/// where the compiler turns that into vector code (natively, and WebAssembly with
/// `simd128`), else eight bytes to a word (WebAssembly without SIMD has no wider registers;
/// in V8 that made the batch 6% faster).
pub(crate) fn digits_into(line: &[u8], values: &mut [u8; 81]) -> bool {
    let Ok(line) = <&[u8; 81]>::try_from(line) else {
        return false;
    };
    if WORDS_NOT_VECTORS {
        digits_by_words(line, values)
    } else {
        digits_by_bytes(line, values)
    }
}

/// Whether byte loops are better done eight bytes to a word by hand: on WebAssembly without
/// `simd128`, where the compiler has no vectors to turn them into.
pub(crate) const WORDS_NOT_VECTORS: bool =
    cfg!(all(target_arch = "wasm32", not(target_feature = "simd128")));

/// [`digits_into`] a byte at a time.
fn digits_by_bytes(line: &[u8; 81], values: &mut [u8; 81]) -> bool {
    let mut bad = false;
    for (value, &b) in values.iter_mut().zip(line) {
        let digit = b.wrapping_sub(b'0');
        let empty = b == b'.';
        bad |= digit > 9 && !empty;
        *value = if empty { 0 } else { digit };
    }
    !bad
}

/// [`digits_into`] eight bytes to a word.
fn digits_by_words(line: &[u8; 81], values: &mut [u8; 81]) -> bool {
    let mut bad = 0u64;
    for (value, bytes) in values.chunks_exact_mut(8).zip(line.chunks_exact(8)) {
        let (digits, wrong) = digits_of_word(u64::from_le_bytes(bytes.try_into().expect("8")));
        bad |= wrong;
        value.copy_from_slice(&digits.to_le_bytes());
    }
    let (digit, wrong) = digits_of_word(u64::from(line[80]));
    values[80] = digit as u8;
    // The word's other seven bytes are padding: only the first one's bit counts.
    bad |= wrong & 0x80;
    bad == 0
}

/// Every byte of a word of eight.
const BYTES: u64 = 0x0101_0101_0101_0101;

/// Eight bytes of a line as cell values, each digit `0`-`9` as its value and `.` as 0,
/// and a word with the high bit of each byte that is neither set. Lanes of one byte: no
/// carry crosses into the next byte (each sum is of two 7-bit numbers).
#[inline(always)]
const fn digits_of_word(word: u64) -> (u64, u64) {
    let high = 0x80 * BYTES;
    let low = 0x7F * BYTES;
    // Digits become 0-9 and `.` becomes 0x1E.
    let x = word ^ (b'0' as u64 * BYTES);
    // High bit: the byte is above 9.
    let above_nine = (((x & low) + (0x76 * BYTES)) | x) & high;
    // High bit: the byte is not a `.` (not 0x1E).
    let y = x ^ (0x1E * BYTES);
    let not_dot = (((y & low) + low) | y) & high;
    let dots = (!not_dot & high) >> 7;
    (x & !(dots * 0xFF), above_nine & not_dot)
}

/// The layout of every text of 81 digits read with `options`, if it is the classic 9x9
/// in the built-in digits as [`compact_digits_into`] reads it (its solutions are then
/// written back as digits `1` to `9`). `None` otherwise, and when the options themselves
/// are wrong: the general reader reports that.
pub(crate) fn compact_digits_layout(options: &Options) -> Option<Arc<Layout>> {
    let wanted = wanted_size(options).ok()?;
    if !reads_compact_digits(options, wanted) {
        return None;
    }
    Layout::new(9, options).ok().filter(|layout| layout.classic)
}

/// Turns tokens into a puzzle on `layout`, checking each symbol.
pub(crate) fn read_cells(
    layout: Arc<Layout>,
    tokens: &[Token<'_>],
    mut alphabet: Alphabet,
) -> SudokuResult<Sudoku> {
    let n = layout.size();
    let mut values = Vec::with_capacity(tokens.len());
    let mut empty_mark = None;
    let (mut lower, mut upper) = (false, false);
    let mut numeric = false;
    for (cell, token) in tokens.iter().enumerate() {
        let lookup = match *token {
            Token::Char(c) => {
                lower |= c.is_ascii_lowercase();
                upper |= c.is_ascii_uppercase();
                alphabet.lookup(c, n)
            }
            Token::Number(s) => {
                numeric = true;
                Alphabet::lookup_number(s, n)
            }
        };
        // The token's text, for messages only: most tokens never need it.
        let text = || match *token {
            Token::Char(c) => c.to_string(),
            Token::Number(s) => s.to_owned(),
        };
        match lookup {
            Lookup::Symbol(v) => values.push(v as u8),
            Lookup::Empty => {
                if empty_mark.is_none() {
                    empty_mark = Some(text().chars().next().unwrap_or('.'));
                }
                values.push(0);
            }
            Lookup::OutOfRange(value) => {
                return Err(SudokuError::SymbolOutOfRange {
                    symbol: text(),
                    value,
                    size: n,
                    pos: layout.position(cell),
                })
            }
            Lookup::Invalid => {
                return Err(SudokuError::InvalidCharacter {
                    ch: text().chars().find(|c| !c.is_ascii_digit()).unwrap_or('?'),
                    pos: layout.position(cell),
                })
            }
        }
    }
    // Whole numbers in, the compact line out: the built-in symbols (`1`-`9`, `A`, ...),
    // and `.` for an empty cell (a `0` there could read as a symbol above 9x9).
    if numeric {
        empty_mark = None;
    }
    alphabet.adopt_input_style(empty_mark, lower && !upper);
    Sudoku::from_parts(layout, values, alphabet)
}

/// The size the options (or the jigsaw map) fix, if any. (A custom alphabet's length is
/// checked against the size later, to blame the alphabet rather than the cell count.)
fn wanted_size(options: &Options) -> SudokuResult<Option<usize>> {
    let n = options
        .fixed_size()
        .or_else(|| match (&options.variant, &options.regions) {
            // A map of no size there is leaves the size to the grid, so that the error
            // says the map does not fit it (not that the size is unsupported).
            (Variant::Jigsaw, Some(map)) => {
                let cells = map_labels(map).len();
                size_for_cells(cells)
                    .or(Some(cells.isqrt()).filter(|&n| n * n == cells))
                    .filter(|&n| check_size(n).is_ok())
            }
            _ => None,
        });
    if let Some(n) = n {
        check_size(n)?;
    }
    Ok(n)
}

/// Characters that draw a grid's frame (unless the alphabet uses them as symbols): rules
/// `-` and `=`, corners and crossings `+`, `*`, `.`, `:` and `'`, and bars `|`.
fn is_frame(c: char, alphabet: &Alphabet) -> bool {
    matches!(c, '-' | '=' | '+' | '*' | '.' | ':' | '\'' | '|') && !alphabet.is_symbol_char(c)
}

/// What a line of a character grid is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Line {
    /// It holds cells.
    Cells,
    /// A line of the frame: only frame characters, with one of `=`, `+`, `*`, `:`, `'`, or
    /// both `-` and `.` (`.---.---.`), or nothing but `|`.
    Separator,
    /// Only `-` (and `|`): a separator, or a row of empty cells written with `-`.
    Dashes(usize),
    /// Nothing but white space.
    Blank,
}

/// What `line` is. Every line with a character that is not white space nor a frame
/// character holds cells; of the others, a line of `.` (and `|`) holds empty cells, a line
/// of `-` (and `|`) is decided by [`chars`], and every other one is the frame.
fn classify(line: &str, alphabet: &Alphabet) -> Line {
    let mut any = false;
    let (mut dashes, mut dots) = (0, 0);
    let mut strong = false;
    for c in line.chars() {
        if c.is_whitespace() {
            continue;
        }
        any = true;
        if !is_frame(c, alphabet) {
            return Line::Cells;
        }
        match c {
            '-' => dashes += 1,
            '.' => dots += 1,
            '|' => {}
            _ => strong = true,
        }
    }
    match (any, strong, dashes, dots) {
        (false, ..) => Line::Blank,
        (_, true, ..) | (_, false, 0, 0) => Line::Separator,
        (_, false, 0, _) => Line::Cells,
        (_, false, d, 0) => Line::Dashes(d),
        (_, false, _, _) => Line::Separator,
    }
}

/// The cell characters of a line: everything but white space and `|` (unless a symbol).
fn line_cells<'a>(line: &'a str, alphabet: &'a Alphabet) -> impl Iterator<Item = char> + 'a {
    line.chars()
        .filter(move |&c| !c.is_whitespace() && (c != '|' || alphabet.is_symbol_char(c)))
}

/// One character per cell, skipping decoration and separator lines.
fn chars<'a>(text: &'a str, alphabet: &Alphabet, valid: impl Fn(usize) -> bool) -> Vec<Token<'a>> {
    let lines: Vec<(&str, Line)> = text.lines().map(|l| (l, classify(l, alphabet))).collect();
    let cell_lines: Vec<usize> = lines
        .iter()
        .filter(|(_, kind)| *kind == Line::Cells)
        .map(|(l, _)| line_cells(l, alphabet).count())
        .collect();
    let base: usize = cell_lines.iter().sum();
    // Lines of dashes are separators, unless that leaves a wrong count and reading the
    // ones as wide as a row as cells gives a right one (or there is nothing else).
    let width = cell_lines.first().copied();
    let dash_rows = |d: usize| width.is_none_or(|w| d == w);
    let dashes_as_cells: usize = lines
        .iter()
        .filter_map(|(_, kind)| match kind {
            Line::Dashes(d) if dash_rows(*d) => Some(*d),
            _ => None,
        })
        .sum();
    let use_dashes = width.is_none() || (!valid(base) && valid(base + dashes_as_cells));
    let mut tokens = Vec::with_capacity(base + dashes_as_cells);
    for (line, kind) in &lines {
        let take = match kind {
            Line::Cells => true,
            Line::Dashes(d) => use_dashes && dash_rows(*d),
            _ => false,
        };
        if take {
            tokens.extend(line_cells(line, alphabet).map(Token::Char));
        }
    }
    tokens
}

/// Whole numbers separated by white space, commas, semicolons or `|`, if the text is
/// written that way: it has a comma, or a two-digit number and a valid count of cells.
fn numbers<'a>(
    text: &'a str,
    alphabet: &Alphabet,
    valid: impl Fn(usize) -> bool,
) -> Option<Vec<Token<'a>>> {
    if alphabet.symbol_count().is_some() {
        return None;
    }
    let mut tokens = Vec::new();
    let mut two_digits = false;
    let mut all_numbers = true;
    for line in text.lines() {
        if matches!(classify(line, alphabet), Line::Separator | Line::Blank) {
            continue;
        }
        for piece in line.split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '|')) {
            if piece.is_empty() {
                continue;
            }
            let digits = piece.bytes().all(|b| b.is_ascii_digit());
            two_digits |= digits && piece.len() == 2;
            all_numbers &= (digits && piece.len() <= 2) || matches!(piece, "." | "-" | "_");
            tokens.push(Token::Number(piece));
        }
    }
    let comma = text.contains(',');
    (comma || (two_digits && all_numbers && valid(tokens.len()))).then_some(tokens)
}

#[cfg(test)]
mod tests {
    use super::{classify, digits_by_bytes, digits_by_words, digits_into, Alphabet, Line};

    /// The frame rule, line by line: the frames of SimpleSudoku, HoDoKu and `+---+` grids
    /// are the frame; rows of `.` are cells; rows of `-` are left to the cell count.
    #[test]
    fn frame_lines_and_cell_lines() {
        let builtin = Alphabet::builtin();
        for (line, kind) in [
            (" *-----------*", Line::Separator),
            (" |---+---+---|", Line::Separator),
            (".-------.-------.-------.", Line::Separator),
            (":-------+-------+-------:", Line::Separator),
            ("'-------'-------'-------'", Line::Separator),
            ("+---+---+---+", Line::Separator),
            ("=====================", Line::Separator),
            ("|  |  |", Line::Separator),
            (".........", Line::Cells),
            ("|...|...|...|", Line::Cells),
            ("| . . . | . . . | . . . |", Line::Cells),
            ("|8..|...|...|", Line::Cells),
            ("0 0 0 | 0 0 0", Line::Cells),
            ("---------", Line::Dashes(9)),
            ("- - - | - - -", Line::Dashes(6)),
            ("  \t", Line::Blank),
        ] {
            assert_eq!(classify(line, &builtin), kind, "{line:?}");
        }
        // A character the alphabet uses as a symbol is a cell.
        let dots = Alphabet::custom(".12345678").unwrap();
        assert_eq!(classify(".-------.", &dots), Line::Cells);
    }

    /// Both readers against the definition: every byte value at every position of a line
    /// of digits and dots.
    #[test]
    fn digits_into_reads_each_byte_as_its_definition() {
        let base: Vec<u8> = (0..81u8)
            .map(|i| if i % 4 == 0 { b'.' } else { b'0' + i % 10 })
            .collect();
        for position in 0..81 {
            for byte in 0..=255u8 {
                let mut line = base.clone();
                line[position] = byte;
                let mut values = [0xAA; 81];
                let ok = digits_into(&line, &mut values);
                let valid = byte == b'.' || byte.is_ascii_digit();
                assert_eq!(ok, valid, "byte {byte} at {position}");
                let line: &[u8; 81] = line.as_slice().try_into().unwrap();
                let mut other = [0x55; 81];
                assert_eq!(digits_by_bytes(line, &mut other), valid);
                if valid {
                    assert_eq!(values, other, "byte {byte} at {position}");
                }
                other = [0x55; 81];
                assert_eq!(digits_by_words(line, &mut other), valid);
                if valid {
                    assert_eq!(values, other, "byte {byte} at {position}");
                    for (i, (&b, &v)) in line.iter().zip(&values).enumerate() {
                        let expected = if b == b'.' { 0 } else { b - b'0' };
                        assert_eq!(v, expected, "byte {byte} at {position}, cell {i}");
                    }
                }
            }
        }
        assert!(!digits_into(&base[..80], &mut [0; 81]));
        assert!(!digits_into(&[b'1'; 82], &mut [0; 81]));
    }
}
