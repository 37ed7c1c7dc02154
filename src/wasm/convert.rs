//! Reading JS arguments defensively: every wrong type, `NaN`, fraction, negative number,
//! hole or oversize value becomes an `invalid_argument` error naming where it was.
//!
//! Numbers: every JS number becomes a Rust integer here and only here, through [`integer`]
//! (a whole number up to a bound, as `u64`), [`size`] (the same as a `usize`), their
//! `_of` forms for a value already read as a number, or [`index`] (a position below a
//! length). Nothing else casts a JS number, so no number can wrap (on
//! wasm32 `2 ** 32 + 1 as usize` would be 1).
//!
//! Arrays of arrays (a problem's options) and arrays of names cross the boundary in bulk:
//! `pack.js` walks them in JS once and hands over flat typed arrays ([`lists`],
//! [`strings`]); every value is still checked here.

use wasm_bindgen::prelude::*;
use wasm_bindgen::{JsCast, JsValue};

use super::keys::Keys;
use super::{js_error, set};

/// The largest whole number JS holds exactly, 2^53 - 1.
pub(crate) const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

#[wasm_bindgen(module = "/src/wasm/pack.js")]
extern "C" {
    #[wasm_bindgen(js_name = packLists)]
    fn pack_lists(
        list: &JsValue,
        count: u32,
        max_length: u32,
        primary: &JsValue,
        secondary: &JsValue,
    ) -> f64;
    #[wasm_bindgen(js_name = takeNumbers)]
    fn take_numbers(memory: &JsValue, values: u32, ends: u32);
    #[wasm_bindgen(js_name = packStrings)]
    fn pack_strings(list: &JsValue, count: u32, bounds: bool) -> Array;
    #[wasm_bindgen(js_name = readFields)]
    fn read_fields(object: &JsValue, keys: &JsValue) -> f64;
    #[wasm_bindgen(js_name = readObject)]
    fn read_object(value: &JsValue, keys: &JsValue) -> f64;
    #[wasm_bindgen(js_name = takeLast)]
    fn take_last() -> Array;
    fn utf8(string: &js_sys::JsString) -> js_sys::Uint8Array;
    #[wasm_bindgen(js_name = utf8Into)]
    fn utf8_into(string: &js_sys::JsString, bytes: &mut [u8]) -> i32;
    /// [`ascii_into`], the bytes at `at` in [`memory`].
    #[cfg(feature = "sudoku-toolkit")]
    #[wasm_bindgen(js_name = asciiInto)]
    fn ascii_at(value: &JsValue, memory: &JsValue, at: u32, length: u32) -> bool;
    /// [`text_of`], the bytes at `at` in [`memory`].
    #[cfg(feature = "sudoku-toolkit")]
    #[wasm_bindgen(js_name = fromUtf8)]
    fn text_at(memory: &JsValue, at: u32, length: u32) -> js_sys::JsString;
    #[wasm_bindgen(js_name = numberOrNaN)]
    fn number_or_nan(value: &JsValue) -> f64;
    #[wasm_bindgen(js_name = numberAt)]
    fn number_at(array: &Array, k: u32) -> f64;
    #[wasm_bindgen(js_name = arrayLength)]
    fn array_length(value: &JsValue) -> f64;
    #[wasm_bindgen(js_name = typedInto)]
    fn typed_into(value: &JsValue, memory: &JsValue, at: u32, room: u32) -> f64;
    #[wasm_bindgen(js_name = typedAt)]
    fn typed_at(array: &Array, k: u32, memory: &JsValue, at: u32, room: u32) -> f64;
    #[wasm_bindgen(js_name = copyNumbers)]
    fn copy_numbers(value: &JsValue, memory: &JsValue, at: u32, length: u32, whole: bool) -> bool;
    #[wasm_bindgen(js_name = takeThrown)]
    fn take_thrown() -> JsValue;
    #[wasm_bindgen(js_name = errorMessage)]
    fn error_message(value: &JsValue) -> Option<String>;
    #[wasm_bindgen(js_name = countResult)]
    fn count_result(
        memory: &JsValue,
        flat: u32,
        ends: u32,
        listed: i32,
        count: f64,
        count_text: &JsValue,
        status: u32,
        nodes: f64,
        updates: f64,
        found: f64,
        warnings: &JsValue,
    ) -> JsValue;
}

/// The error for an argument of the wrong shape, at `path` (e.g. `options[3][1]`).
pub(crate) fn invalid(path: &str, expected: &str, got: &JsValue) -> JsValue {
    js_error(
        "invalid_argument",
        &format!("{path}: expected {expected}, got {}", describe(got)),
        &[("path", JsValue::from_str(path))],
    )
}

/// A short description of a JS value's type for error messages.
pub(crate) fn describe(value: &JsValue) -> String {
    if value.is_undefined() {
        "undefined".into()
    } else if value.is_null() {
        "null".into()
    } else if matches!(array_length(value), n if n >= 0.0 || n == -3.0) {
        "an array".into()
    } else if let Some(n) = value.as_f64() {
        format!("the number {}", number_text(n))
    } else if value.is_string() {
        "a string".into()
    } else {
        value
            .js_typeof()
            .as_string()
            .unwrap_or_else(|| "a value".into())
    }
}

use js_sys::Array;

/// `value` as a number, if it is one (`JsValue::as_f64`, in one call that returns the number
/// itself: see `numberOrNaN` in `pack.js`).
pub(crate) fn number(value: &JsValue) -> Option<f64> {
    let n = number_or_nan(value);
    match n.is_nan() {
        // NaN itself, or not a number.
        true => value.as_f64(),
        false => Some(n),
    }
}

/// `value` as a whole number in `0..=max` (`max` at most [`MAX_SAFE`]).
pub(crate) fn integer(value: &JsValue, path: &str, max: f64) -> Result<u64, JsValue> {
    integer_of(number(value), value, path, max)
}

/// [`integer`] of `value` already read as a number, `n` ([`number`]'s answer).
pub(crate) fn integer_of(
    n: Option<f64>,
    value: &JsValue,
    path: &str,
    max: f64,
) -> Result<u64, JsValue> {
    let max = max.min(MAX_SAFE);
    match n {
        // Below 2^53, so `as u64` is exact.
        Some(n) if n.fract() == 0.0 && n >= 0.0 && n <= max => Ok(n as u64),
        _ => Err(invalid(
            path,
            // `max as u64`: printing an f64 would link Rust's float formatting (about 20 KB).
            &format!("a whole number from 0 to {}", max as u64),
            value,
        )),
    }
}

/// [`integer_of`] of a number `n` read without its JS value, which only the error needs
/// (made then: it describes `n` as the value itself would).
pub(crate) fn whole_number(n: f64, path: &str, max: f64) -> Result<u64, JsValue> {
    match n.fract() == 0.0 && n >= 0.0 && n <= max.min(MAX_SAFE) {
        // Below 2^53, so `as u64` is exact.
        true => Ok(n as u64),
        false => integer_of(Some(n), &JsValue::from_f64(n), path, max),
    }
}

/// `value` as a whole number in `0..=max`, as a `usize`.
pub(crate) fn size(value: &JsValue, path: &str, max: usize) -> Result<usize, JsValue> {
    size_of(number(value), value, path, max)
}

/// [`size`] of `value` already read as a number, `n` ([`number`]'s answer).
pub(crate) fn size_of(
    n: Option<f64>,
    value: &JsValue,
    path: &str,
    max: usize,
) -> Result<usize, JsValue> {
    let n = integer_of(n, value, path, max as f64)?;
    // `n <= max` (a usize, or less when max was above 2^53), so it fits.
    Ok(n as usize)
}

/// Why a number is not an index below some length.
pub(crate) enum BadIndex {
    /// Not a whole number from 0 (negative, a fraction, `NaN`, infinite).
    NotWhole,
    /// A whole number, but not below the length.
    OutOfRange,
}

/// `n` as a position in `0..len`.
#[inline]
pub(crate) fn index(n: f64, len: usize) -> Result<usize, BadIndex> {
    if n.fract() != 0.0 || n < 0.0 || n.is_nan() {
        Err(BadIndex::NotWhole)
    } else if n < len as f64 {
        // A whole number below a usize: exact.
        Ok(n as usize)
    } else {
        Err(BadIndex::OutOfRange)
    }
}

/// `n` written as JS writes it (whole numbers up to 2^64 without an exponent), for messages.
pub(crate) fn number_text(n: f64) -> String {
    // JS formats the number: keeps Rust's float formatting out of the .wasm.
    js_sys::Number::from(n)
        .to_string_with_radix(10)
        .map(String::from)
        .unwrap_or_default()
}

/// What an array whose `length` is no array length (a proxy's -1, 1.5 or 2^32) was expected
/// to be, read here or by pack.js (its fault `shape`).
const ARRAY_WITH_LENGTH: &str = "an array with a length";

/// `value` as an array of at most `max` elements, and its length (read once: a proxy's
/// `length` may change from one read to the next). A proxy or getter that throws becomes an
/// `invalid_argument` error at `path`.
pub(crate) fn array(value: &JsValue, path: &str, max: usize) -> Result<(Array, u32), JsValue> {
    array_or(value, path, max, "an array")
}

/// [`array`], saying that `value` was expected to be `expected` where it is no array.
pub(crate) fn array_or(
    value: &JsValue,
    path: &str,
    max: usize,
    expected: &str,
) -> Result<(Array, u32), JsValue> {
    let len = array_length(value);
    if len == -1.0 {
        return Err(invalid(path, expected, value));
    } else if len == -2.0 {
        return Err(getter_threw(path, &take_thrown()));
    } else if len < 0.0 {
        return Err(invalid(path, ARRAY_WITH_LENGTH, value));
    }
    // A whole number below 2^32 (arrayLength).
    let len = len as u32;
    if len as usize > max {
        return Err(js_error(
            "too_large",
            &format!("{path} has {len} elements, over the budget of {max}"),
            &[("path", JsValue::from_str(path))],
        ));
    }
    Ok((value.clone().unchecked_into(), len))
}

/// The numbers of a typed array, copied into wasm memory: as `u32`s when its kind holds only
/// whole numbers from 0 to 2^32 - 1 (`Uint8Array`, `Uint8ClampedArray`, `Uint16Array`,
/// `Uint32Array`: a copy that converts nothing, and numbers that need no check but the
/// range), else as `f64`s.
pub(crate) enum TypedNumbers {
    /// Of an unsigned integer kind.
    Whole(Vec<u32>),
    /// Of any other kind.
    Any(Vec<f64>),
}

impl TypedNumbers {
    /// The memory of the `u32`s, if these are (else an empty list): for a caller that keeps
    /// it for its next call ([`typed_array`]).
    pub(crate) fn into_whole(self) -> Vec<u32> {
        match self {
            TypedNumbers::Whole(numbers) => numbers,
            TypedNumbers::Any(_) => Vec::new(),
        }
    }

    /// Where the numbers are in wasm memory, for `pack.js` to copy them in.
    pub(crate) fn address(&self) -> u32 {
        match self {
            TypedNumbers::Whole(numbers) => address(numbers),
            TypedNumbers::Any(numbers) => address(numbers),
        }
    }

    /// The numbers, lent.
    pub(crate) fn numbers(&self) -> Numbers<'_> {
        match self {
            TypedNumbers::Whole(numbers) => Numbers::Whole(numbers),
            TypedNumbers::Any(numbers) => Numbers::Any(numbers),
        }
    }
}

/// Numbers as JS gave them: `u32`s of a typed array of an unsigned integer kind (see
/// [`TypedNumbers`]), which need no check but the range, or `f64`s of any other. One reader
/// for both (a loop over each kind would be a second copy of it in the core module).
#[derive(Clone, Copy)]
pub(crate) enum Numbers<'a> {
    Whole(&'a [u32]),
    Any(&'a [f64]),
}

impl Numbers<'_> {
    /// How many numbers.
    pub(crate) fn len(self) -> usize {
        match self {
            Numbers::Whole(numbers) => numbers.len(),
            Numbers::Any(numbers) => numbers.len(),
        }
    }

    /// Number `i` as a position in `0..len` ([`index`] for an `f64`); `None` past the end.
    #[inline(always)]
    pub(crate) fn index(self, i: usize, len: usize) -> Option<Result<usize, BadIndex>> {
        Some(match self {
            // A u32 fits a usize (wasm32 and 64-bit targets).
            Numbers::Whole(numbers) => match *numbers.get(i)? as usize {
                n if n < len => Ok(n),
                _ => Err(BadIndex::OutOfRange),
            },
            Numbers::Any(numbers) => index(*numbers.get(i)?, len),
        })
    }

    /// Number `i` as JS had it, for messages (NaN past the end).
    pub(crate) fn value(self, i: usize) -> f64 {
        match self {
            Numbers::Whole(numbers) => numbers.get(i).map_or(f64::NAN, |&n| f64::from(n)),
            Numbers::Any(numbers) => numbers.get(i).copied().unwrap_or(f64::NAN),
        }
    }
}

/// The numbers of `value`, a typed array of numbers (any kind but BigInt) of at most `max`
/// elements, copied once into wasm memory (see [`TypedNumbers`]); or an error at `path`.
/// `whole` is the memory of a [`TypedNumbers::Whole`]: a caller may hand in a list kept from
/// its last call, as long as it was (its elements are written over): numbers that fit in it
/// are copied in the same call across as their length is read, with no zeroing first.
pub(crate) fn typed_array(
    value: &JsValue,
    path: &str,
    max: usize,
    whole: Vec<u32>,
) -> Result<TypedNumbers, JsValue> {
    let shape = |at, room| typed_into(value, memory(), at, room);
    typed_numbers_of(&shape, &|| value.clone(), path, max, whole)
}

/// [`typed_array`] of a value that `shape(at, room)` (`typedInto` of it) looks at, and
/// `value()` gives where Rust needs it (for an error, or a copy that did not fit). (Taken as
/// `dyn`: one copy of the code for both callers, 0.6 KB gzipped less.)
fn typed_numbers_of(
    shape: &dyn Fn(u32, u32) -> f64,
    value: &dyn Fn() -> JsValue,
    path: &str,
    max: usize,
    mut whole: Vec<u32>,
) -> Result<TypedNumbers, JsValue> {
    // Room for the numbers in `whole` as it is, at most `max` (a budget below 2^32).
    let room = whole.len().min(max);
    // `2 * length`, plus 1 for an unsigned integer kind, the numbers copied into `whole` if
    // they fit; -2 if that threw (`typedInto` in pack.js).
    let shape = shape(address(&whole), room as u32);
    if shape == -2.0 {
        return Err(getter_threw(path, &take_thrown()));
    }
    if shape == -1.0 {
        let expected = "a typed array of numbers (Uint32Array, Int32Array, Float64Array, ...)";
        return Err(invalid(path, expected, &value()));
    }
    let length = (shape / 2.0).floor();
    if length > max as f64 {
        return Err(js_error(
            "too_large",
            &format!(
                "{path} has {} elements, over the budget of {max}",
                number_text(length)
            ),
            &[("path", JsValue::from_str(path))],
        ));
    }
    // At most `max`, a usize.
    let length = length as usize;
    let whole_kind = shape % 2.0 == 1.0;
    if whole_kind && length <= room {
        // Copied (no budget passed: `room` is at most `max`).
        whole.truncate(length);
        return Ok(TypedNumbers::Whole(whole));
    }
    let numbers = if whole_kind {
        whole.clear();
        whole.resize(length, 0);
        TypedNumbers::Whole(whole)
    } else {
        TypedNumbers::Any(vec![0.0; length])
    };
    // `length` fits a u32 (at most `max`, a budget below 2^32).
    let at = numbers.address();
    let copied = copy_numbers(&value(), memory(), at, length as u32, whole_kind);
    match copied {
        true => Ok(numbers),
        false => Err(getter_threw(path, &take_thrown())),
    }
}

/// Whether `value` is a string of exactly `bytes.len()` ASCII characters, copied into
/// `bytes` if so (by the engine's encoder, as `utf8Into`): a fixed-size argument read into
/// memory Rust already has, in one call across. `pack.js` keeps its view of the bytes from
/// call to call while they are the same (a single sudoku's, at the same place on the stack
/// each call), where wasm-bindgen's slice made a new one each call.
#[cfg(feature = "sudoku-toolkit")]
#[inline(never)]
pub(crate) fn ascii_into(value: &JsValue, bytes: &mut [u8]) -> bool {
    // wasm32's addresses and lengths are 32 bits. (Not `address`, which lends a list for JS
    // to read or fill in place: JS writes these bytes, so the pointer is the mutable one.)
    ascii_at(
        value,
        memory(),
        bytes.as_mut_ptr() as usize as u32,
        bytes.len() as u32,
    )
}

/// UTF-8 bytes as a JS string, decoded by the engine (which checks them): for text Rust
/// wrote as bytes (its view of them kept from call to call, as [`ascii_into`]'s).
#[cfg(feature = "sudoku-toolkit")]
#[inline(never)]
pub(crate) fn text_of(bytes: &[u8]) -> js_sys::JsString {
    text_at(memory(), address(bytes), bytes.len() as u32)
}

/// The address of `list` in wasm memory ([`memory`]), for `pack.js`.
pub(crate) fn address<T>(list: &[T]) -> u32 {
    // wasm32's addresses are 32 bits (on other targets no JS reads it).
    list.as_ptr() as usize as u32
}

/// This instance's `WebAssembly.Memory`, fetched once (and held as long as the instance
/// lives). `pack.js` reads and writes lists at their [`address`] in it through views of its
/// own, made again only when the memory grows or another instance calls (the modules share
/// `pack.js`): wasm-bindgen's way, a new view of each slice a call hands across, made four
/// objects a call of `exact_cover`.
pub(crate) fn memory() -> &'static JsValue {
    thread_local! {
        static MEMORY: std::cell::Cell<Option<&'static JsValue>> =
            const { std::cell::Cell::new(None) };
    }
    MEMORY.with(|memory| match memory.get() {
        Some(held) => held,
        None => {
            let held: &'static JsValue = Box::leak(Box::new(wasm_bindgen::memory()));
            memory.set(Some(held));
            held
        }
    })
}

/// The numbers of `value`, a typed array of numbers (any kind but BigInt) of at most `max`
/// elements, as `f64`s; or an error at `path`. (A split's shares: `pool-tasks`.)
#[cfg(feature = "pool-tasks")]
pub(crate) fn typed_numbers(value: &JsValue, path: &str, max: usize) -> Result<Vec<f64>, JsValue> {
    Ok(match typed_array(value, path, max, Vec::new())? {
        TypedNumbers::Whole(numbers) => numbers.into_iter().map(f64::from).collect(),
        TypedNumbers::Any(numbers) => numbers,
    })
}

/// The properties of an object that a reader may look at, fetched in one call across the boundary
/// (`readFields` in `pack.js`) instead of one call, and a key made, per property: an options object
/// of ten possible keys costs one crossing, plus one per key it has.
pub(crate) struct Fields {
    keys: &'static str,
    /// `[present, ...values]`.
    values: Array,
    /// Bit k set: the k-th key's value is neither undefined nor null.
    present: u32,
    /// Where each key ends in `keys` (at the space after it, or the end): key k is
    /// `keys[ends[k - 1] + 1..ends[k]]`, key 0 starting at 0.
    ends: [u8; 32],
}

impl Fields {
    /// The properties `keys` (at most 32 names, separated by single spaces, 255 bytes in
    /// all) of `object`; all absent when `object` is undefined or null. A getter or proxy
    /// that throws becomes an `invalid_argument` error naming the property. (The worker
    /// pool's reader: the other exports read by [`Fields::options`] and [`Fields::of`].)
    #[cfg(feature = "pool-tasks")]
    pub(crate) fn read(object: &JsValue, path: &str, keys: Keys) -> Result<Fields, JsValue> {
        if object.is_undefined() || object.is_null() {
            return Ok(Fields::none(keys));
        }
        let (head, ends) = read_keyed(object, keys, read_fields);
        Fields::from_head(head, ends, path, keys)
    }

    /// No properties: every key absent.
    pub(crate) fn none(keys: Keys) -> Fields {
        let keys = keys.names();
        debug_assert!(keys.split(' ').count() <= 32 && keys.len() < 256);
        Fields {
            keys,
            // Never read while `present` is 0: no call across for an empty array.
            values: JsValue::UNDEFINED.unchecked_into(),
            present: 0,
            ends: [0; 32],
        }
    }

    /// What [`Fields::read`] finds in `value` if it is a plain object (not an array), in one
    /// call across (`readObject` in `pack.js`) for what a type test and [`Fields::read`]
    /// would take six.
    pub(crate) fn of(value: &JsValue, path: &str, keys: Keys) -> Result<Found, JsValue> {
        let (head, ends) = read_keyed(value, keys, read_object);
        Ok(match head {
            -35.0 => Found::Absent,
            -36.0 => Found::NotObject,
            -37.0 => Found::Threw(take_thrown()),
            _ => Found::Fields(Fields::from_head(head, ends, path, keys)?),
        })
    }

    /// `value`, an options object (or undefined or null, for none: every key absent), read
    /// as [`Fields::of`]: `invalid_argument` at `path` if it is anything else.
    pub(crate) fn options(value: &JsValue, path: &str, keys: Keys) -> Result<Fields, JsValue> {
        match Fields::of(value, path, keys)? {
            Found::Fields(fields) => Ok(fields),
            Found::Absent => Ok(Fields::none(keys)),
            Found::NotObject => Err(invalid(path, "an object", value)),
            Found::Threw(thrown) => Err(getter_threw(path, &thrown)),
        }
    }

    /// The fields `readFields` read, from its `head` (see there), `ends` those of `keys`
    /// ([`key_ends`]).
    fn from_head(head: f64, ends: [u8; 32], path: &str, keys: Keys) -> Result<Fields, JsValue> {
        let mut fields = Fields::none(keys);
        if head == 0.0 {
            return Ok(fields);
        }
        fields.values = take_last();
        if head == -33.0 {
            return Err(unknown_key(
                path,
                &fields.values.get(1),
                &fields.values.get(2),
            ));
        }
        if head == -34.0 {
            return Err(getter_threw(path, &fields.values.get(1)));
        }
        if head < 0.0 {
            let keys = keys.names();
            let key = keys.split(' ').nth((-1.0 - head) as usize).unwrap_or(keys);
            return Err(getter_threw(
                &format!("{path}.{key}"),
                &fields.values.get(1),
            ));
        }
        // A whole number from 1 to 2^32 - 1 (readFields).
        fields.present = head as u32;
        fields.ends = ends;
        Ok(fields)
    }

    /// The value of `key`, `None` if undefined or null, or if `key` is not one of the keys
    /// read (a reader shared by exports of different schemas asks for every key any of them
    /// has). Only the keys present are compared with it (an options object has a key or two
    /// of ten), each found at once in `ends`: in wasm, walking the key list byte by byte for
    /// every key asked for cost more than reading the values.
    pub(crate) fn get(&self, key: &str) -> Option<JsValue> {
        self.position(key).map(|k| self.values.get(k + 1))
    }

    /// The value of `key` as [`Fields::get`] finds it, but a number (not NaN) read as one in
    /// one call across (`numberAt` in `pack.js`), with no JS value taken (a crossing and a
    /// slot of the module's table fewer: `problem.primary`, `options.limit`, ...).
    pub(crate) fn field(&self, key: &str) -> Option<Field> {
        let k = self.position(key)?;
        let n = number_at(&self.values, k + 1);
        Some(match n.is_nan() {
            false => Field::Number(n),
            true => Field::Value(self.values.get(k + 1)),
        })
    }

    /// Whether `key` is present (neither undefined nor null).
    pub(crate) fn has(&self, key: &str) -> bool {
        self.position(key).is_some()
    }

    /// The value of `key` as [`typed_array`] reads it, `None` where absent: the value and
    /// its numbers in one call across (`typedAt` in `pack.js`), no JS value taken unless
    /// the numbers do not fit `whole` or are refused.
    pub(crate) fn typed(
        &self,
        key: &str,
        path: &str,
        max: usize,
        whole: Vec<u32>,
    ) -> Option<Result<TypedNumbers, JsValue>> {
        let k = self.position(key)? + 1;
        let shape = |at, room| typed_at(&self.values, k, memory(), at, room);
        Some(typed_numbers_of(
            &shape,
            &|| self.values.get(k),
            path,
            max,
            whole,
        ))
    }

    /// The value of `key` as a whole number in `0..=max` ([`integer`]), `None` where absent:
    /// read by [`Fields::field`].
    pub(crate) fn integer(&self, key: &str, path: &str, max: f64) -> Option<Result<u64, JsValue>> {
        Some(match self.field(key)? {
            Field::Number(n) => whole_number(n, path, max),
            Field::Value(value) => integer(&value, path, max),
        })
    }

    /// Where `key` is among the keys present (its `k`: its value is `values[k + 1]`).
    fn position(&self, key: &str) -> Option<u32> {
        let (keys, key) = (self.keys.as_bytes(), key.as_bytes());
        let mut present = self.present;
        while present != 0 {
            let k = present.trailing_zeros();
            present &= present - 1;
            let end = usize::from(self.ends[k as usize & 31]);
            let start = match k {
                0 => 0,
                _ => usize::from(self.ends[(k as usize - 1) & 31]) + 1,
            };
            if keys.get(start..end) == Some(key) {
                return Some(k);
            }
        }
        None
    }
}

/// A value [`Fields::field`] found.
pub(crate) enum Field {
    /// A number (not NaN), read as one.
    Number(f64),
    /// Anything else.
    Value(JsValue),
}

/// What [`Fields::of`] found in a value.
pub(crate) enum Found {
    /// A plain object, and its fields.
    Fields(Fields),
    /// Undefined or null.
    Absent,
    /// Anything else: not an object, or an array.
    NotObject,
    /// Looking at it threw this (a revoked proxy).
    Threw(JsValue),
}

/// The error for `key`, a key of the object at `path` that is none of `known` (`readFields`
/// and `packStrings` cut the key to 40 characters and list the keys): refused rather than
/// ignored, so that a misspelt key does not change an answer without a word.
fn unknown_key(path: &str, key: &JsValue, known: &JsValue) -> JsValue {
    let place = format!("{path}.{}", key.as_string().unwrap_or_default());
    js_error(
        "invalid_argument",
        &format!(
            "{place}: unknown key (the keys of {path} are {})",
            known.as_string().unwrap_or_default()
        ),
        &[("path", JsValue::from_str(&place))],
    )
}

/// `read(value, list)` (`readFields` or `readObject`) with `keys` as a JS string `list`, made
/// once ([`with_js_string`]): a call reads its problem's and its options' fields. Returns `read`'s
/// head and the list's [`key_ends`], kept with it (found byte by byte at each call, they were
/// 1 k instructions of a first solution of 8 queens from the compact form).
fn read_keyed(value: &JsValue, keys: Keys, read: fn(&JsValue, &JsValue) -> f64) -> (f64, [u8; 32]) {
    with_js_string(keys.names(), |list, ends| (read(value, list), *ends))
}

/// Where each key ends in `keys` (see [`Fields`]).
fn key_ends(keys: &str) -> [u8; 32] {
    let mut ends = [0; 32];
    let mut k = 0;
    for (i, &b) in keys.as_bytes().iter().enumerate() {
        if b == b' ' {
            ends[k & 31] = i as u8;
            k += 1;
        }
    }
    ends[k & 31] = keys.len() as u8;
    ends
}

/// `with(js, ends)`, `js` being `text` as a JS string made once, not at every call, and
/// `ends` its [`key_ends`]: the key lists of [`read_keyed`], the property names of `set`
/// and `js_error` (src/wasm/mod.rs: a name is a list of one key) and the constant values of
/// [`kept_string`]. Each `text` is a constant of the
/// module (`'static`), found by its address and length: compared as bytes, a key list was
/// 1.3 k instructions of a first solution of 8 queens from the compact form (wasm's `memcmp`
/// goes byte by byte), and wasm-bindgen's `intern` (its `enable-interning` feature) hashed
/// every string the bindings passed to JS, kept or not, with SipHash (4% of that first
/// solution, and 2.2 KB of the core module gzipped). Text equal to another at another address
/// is kept apart, made once too. At most [`KEPT_STRINGS`] are kept (the modules have about a
/// hundred). A kept string is lent to `with`, not cloned (a clone and its drop are two calls
/// across and a slot of the module's table: 1.5 k instructions a call).
pub(crate) fn with_js_string<R>(
    text: &'static str,
    with: impl FnOnce(&JsValue, &[u8; 32]) -> R,
) -> R {
    thread_local! {
        static KEPT: std::cell::RefCell<Vec<(&'static str, JsValue, [u8; 32])>> =
            const { std::cell::RefCell::new(Vec::new()) };
    }
    KEPT.with(|strings| {
        // Borrowed while `with` runs the caller's code (a getter), which may call an export:
        // that call borrows them too, and keeps no string it makes (`try_borrow_mut`). On a
        // miss nothing is borrowed while `with` runs, so a nested call may keep `text` first:
        // then it is not kept twice.
        if let Ok(kept) = strings.try_borrow() {
            if let Some((_, js, ends)) = kept.iter().find(|(kept, ..)| std::ptr::eq(*kept, text)) {
                return with(js, ends);
            }
        }
        let js = JsValue::from_str(text);
        let ends = key_ends(text);
        let result = with(&js, &ends);
        if let Ok(mut kept) = strings.try_borrow_mut() {
            if kept.len() < KEPT_STRINGS && !kept.iter().any(|(k, ..)| std::ptr::eq(*k, text)) {
                kept.push((text, js, ends));
            }
        }
        result
    })
}

/// The most strings [`with_js_string`] keeps.
const KEPT_STRINGS: usize = 160;

/// The elements of `array`, read so that a throwing getter or proxy becomes an
/// `invalid_argument` error at `path[k]` instead of escaping without a code.
pub(crate) fn elements<'a>(
    (array, len): &'a (Array, u32),
    path: &'a str,
) -> impl Iterator<Item = Result<JsValue, JsValue>> + 'a {
    (0..*len).map(move |k| {
        js_sys::Reflect::get_u32(array, k)
            .map_err(|thrown| getter_threw(&format!("{path}[{k}]"), &thrown))
    })
}

fn getter_threw(path: &str, thrown: &JsValue) -> JsValue {
    let reason = error_message(thrown).unwrap_or_else(|| describe(thrown));
    js_error(
        "invalid_argument",
        &format!("reading {path} threw: {reason}"),
        &[("path", JsValue::from_str(path))],
    )
}

/// `value` as a string of at most `max` UTF-16 units, checked before it is copied: a longer
/// one is over a size budget (`too_large`).
pub(crate) fn string(value: &JsValue, path: &str, max: usize) -> Result<String, JsValue> {
    read_string(value, path, max, true)
}

/// [`string`] as its UTF-8 bytes, not checked again in Rust (the engine's encoder wrote
/// them): for a caller that reads bytes (a batch of puzzles).
#[cfg(feature = "sudoku-toolkit")]
pub(crate) fn string_bytes(value: &JsValue, path: &str, max: usize) -> Result<Vec<u8>, JsValue> {
    read_bytes(value, path, max, true)
}

/// `value` as a string of at most `max` UTF-16 units where the length is part of what is
/// valid (an option's value): a longer one is an `invalid_argument`.
#[cfg(any(feature = "sudoku-solvers", feature = "coach"))]
pub(crate) fn short_string(value: &JsValue, path: &str, max: usize) -> Result<String, JsValue> {
    read_string(value, path, max, false)
}

fn read_string(value: &JsValue, path: &str, max: usize, budget: bool) -> Result<String, JsValue> {
    String::from_utf8(read_bytes(value, path, max, budget)?)
        .map_err(|_| invalid(path, "a string", value))
}

/// The UTF-8 bytes of `value`, a string of at most `max` UTF-16 units (see [`string`] and
/// [`short_string`] for `budget`).
fn read_bytes(value: &JsValue, path: &str, max: usize, budget: bool) -> Result<Vec<u8>, JsValue> {
    let Some(js) = value.dyn_ref::<js_sys::JsString>() else {
        return Err(invalid(path, "a string", value));
    };
    let len = js.length() as usize;
    if len > max && budget {
        return Err(js_error(
            "too_large",
            &format!("{path} is {len} characters long, over the budget of {max}"),
            &[("path", JsValue::from_str(path))],
        ));
    }
    if len > max {
        let expected = format!("a string of at most {max} characters");
        return Err(invalid(
            path,
            &expected,
            &JsValue::from_str(&format!("{len} characters")),
        ));
    }
    Ok(copy_utf8(js))
}

/// A JS string copied into wasm: by one call of the engine's encoder, straight into wasm
/// memory where the text is ASCII (a byte a unit), else into a JS array copied in. At every
/// length cheaper than wasm-bindgen's copy, which walks the string in JS (8% of the time of
/// the 17-clue batch of `bench/calls/node.mjs`, 31 KB, in a V8 profile; 8 queens' 923 bytes
/// of text 1-9% faster to a first solution, 81-digit sudokus 4% faster one call each). The
/// encoder writes UTF-8 (lone surrogates as U+FFFD, as wasm-bindgen's copy does).
fn copy_utf8(js: &js_sys::JsString) -> Vec<u8> {
    let mut bytes = vec![0; js.length() as usize];
    match usize::try_from(utf8_into(js, &mut bytes)) {
        Ok(written) => {
            bytes.truncate(written);
            bytes
        }
        Err(_) => utf8(js).to_vec(),
    }
}

/// [`copy_utf8`] as a `String`: `None` is never met (the encoder writes UTF-8).
fn copy_string(js: &js_sys::JsString) -> Option<String> {
    String::from_utf8(copy_utf8(js)).ok()
}

/// `value` as a boolean, `false` if absent.
pub(crate) fn boolean(value: Option<JsValue>, path: &str) -> Result<bool, JsValue> {
    match value {
        None => Ok(false),
        Some(v) => v
            .as_bool()
            .ok_or_else(|| invalid(path, "true or false", &v)),
    }
}

/// One entry of a packed list: a number, or a string.
#[derive(Clone, Copy)]
pub(crate) enum Item<'a> {
    Number(f64),
    Text(&'a str),
}

/// Lists of numbers and strings read in bulk (a problem's options): see [`lists`].
pub(crate) struct Lists {
    /// Every entry's number (a string's is not read): `u32`s where `packLists` found every
    /// entry a number from 0 to 2^32 - 1 (no `f64` to check but its range), else `f64`s.
    values: TypedNumbers,
    kinds: Vec<u8>,
    ends: Vec<u32>,
    texts: Vec<(usize, usize)>,
    text: String,
}

impl Lists {
    /// How many lists.
    pub(crate) fn len(&self) -> usize {
        self.ends.len()
    }

    /// How many entries, in all the lists.
    pub(crate) fn entries(&self) -> usize {
        self.values.numbers().len()
    }

    /// Every entry as a number, and where each list ends in them, when no entry is a string
    /// (items given by number, or by names that all resolved to numbers): no entry to tell
    /// apart.
    pub(crate) fn numbers(&self) -> Option<(Numbers<'_>, &[u32])> {
        self.texts
            .is_empty()
            .then_some((self.values.numbers(), &self.ends[..]))
    }

    /// Visits every list in order with its entries, without recounting strings per list.
    pub(crate) fn for_each<'a, E>(
        &'a self,
        mut visit: impl FnMut(usize, &mut dyn Iterator<Item = Item<'a>>) -> Result<(), E>,
    ) -> Result<(), E> {
        let mut start = 0;
        let mut next_text = 0;
        for (k, &end) in self.ends.iter().enumerate() {
            let end = end as usize;
            let mut entries = (start..end).map(|i| {
                // No kinds: no strings.
                if self.kinds.get(i).is_none_or(|&kind| kind == 0) {
                    Item::Number(self.values.numbers().value(i))
                } else {
                    // `texts` has a range for every string entry, each on a character
                    // boundary of `text`; `get` keeps the slicing panic code out.
                    let range = self.texts.get(next_text).map_or(0..0, |&(a, b)| a..b);
                    next_text += 1;
                    Item::Text(self.text.get(range).unwrap_or_default())
                }
            });
            visit(k, &mut entries)?;
            // Skip what `visit` left unread.
            entries.for_each(drop);
            start = end;
        }
        Ok(())
    }
}

/// `value` (an array of at most `max` arrays, each at most `max_length` long, of numbers and
/// strings), read in one pass. Errors name the place: `path[k]` not an array, `path[k][j]`
/// neither a number nor a string, a getter that threw, an array over its budget.
///
/// With `names` (the primary and secondary item names as [`item_names`] read them, already
/// checked: distinct, no `:`), a string equal to an item's name arrives as that item's
/// number, resolved in JS; every other string arrives as text.
pub(crate) fn lists(
    value: &JsValue,
    path: &str,
    max: usize,
    max_length: usize,
    names: Option<(&ItemNames, &ItemNames)>,
) -> Result<Lists, JsValue> {
    let (list, count) = array(value, path, max)?;
    let max_length = u32::try_from(max_length).unwrap_or(u32::MAX);
    let (primary, secondary) = match names {
        Some((primary, secondary)) => (&primary.as_read, &secondary.as_read),
        None => (&JsValue::UNDEFINED, &JsValue::UNDEFINED),
    };
    let shape = pack_lists(&list, count, max_length, primary, secondary);
    // Strings, or a fault (which returns here).
    let strings = match shape < 0.0 {
        true => {
            let packed = take_last();
            check_fault(&packed, path, max_length as usize)?;
            Some(packed)
        }
        false => None,
    };
    // A whole number: a sum of array lengths, which JS held in one typed array; without
    // strings, doubled, plus 1 where every entry is a u32.
    let (total, whole) = match shape < 0.0 {
        true => (-1.0 - shape, false),
        false => ((shape / 2.0).floor(), shape % 2.0 == 1.0),
    };
    let total = total as usize;
    let ends = vec![0; count as usize];
    let values = match whole {
        true => TypedNumbers::Whole(vec![0; total]),
        false => TypedNumbers::Any(vec![0.0; total]),
    };
    take_numbers(memory(), values.address(), address(&ends));
    let mut lists = Lists {
        values,
        kinds: Vec::new(),
        ends,
        texts: Vec::new(),
        text: String::new(),
    };
    if let Some(packed) = strings {
        // `[null, lengths, kinds, text]` (`packLists`).
        (lists.text, lists.texts) = texts(&packed, 1, 3)?;
        lists.kinds = packed
            .get(2)
            .unchecked_into::<js_sys::Uint8Array>()
            .to_vec();
    }
    Ok(lists)
}

/// An item's position and its bounds as given: `(item, min, max)`.
pub(crate) type GivenBounds = (usize, f64, f64);

/// Item names read by [`item_names`].
pub(crate) struct ItemNames {
    /// The names, one after another (no copy per name: a call may name thousands of items).
    text: String,
    /// Each name's byte range in `text`.
    ranges: Vec<(usize, usize)>,
    /// For each entry given as `{ name, min?, max? }`, its position and bounds as given.
    pub(crate) bounds: Vec<GivenBounds>,
    /// The same names as JS strings, each read once (for [`lists`]).
    as_read: JsValue,
}

impl ItemNames {
    /// No names: a problem without secondary items.
    pub(crate) fn none() -> Self {
        Self {
            text: String::new(),
            ranges: Vec::new(),
            bounds: Vec::new(),
            as_read: js_sys::Array::new().into(),
        }
    }

    /// The names, in order.
    pub(crate) fn names(&self) -> Vec<&str> {
        let name = |&(a, b): &(usize, usize)| self.text.get(a..b).unwrap_or_default();
        self.ranges.iter().map(name).collect()
    }
}

/// Item names (`list`, an array of `len` entries as [`array`] read it), each a string or,
/// with `bounds`, `{ name, min?, max? }`: the names, and for each entry given as an object its
/// position and its bounds as given (`NaN` where absent; a bound that is not a number is an
/// error).
pub(crate) fn item_names(
    (list, len): (Array, u32),
    path: &str,
    bounds: bool,
) -> Result<ItemNames, JsValue> {
    let packed = pack_strings(&list, len, bounds);
    check_fault(&packed, path, 0)?;
    // `[null, names, lengths, text, bounded?, mins?, maxs?]` (`packStrings`).
    let (text, ranges) = texts(&packed, 2, 3)?;
    let mut given = Vec::new();
    if bounds && packed.length() > 4 {
        let bounded = packed.get(4).unchecked_into::<js_sys::Uint32Array>();
        let mins = packed.get(5).unchecked_into::<js_sys::Float64Array>();
        let maxs = packed.get(6).unchecked_into::<js_sys::Float64Array>();
        let (mins, maxs) = (mins.to_vec(), maxs.to_vec());
        for (k, &item) in bounded.to_vec().iter().enumerate() {
            let (min, max) = (mins.get(k), maxs.get(k));
            given.push((
                item as usize,
                *min.unwrap_or(&f64::NAN),
                *max.unwrap_or(&f64::NAN),
            ));
        }
    }
    Ok(ItemNames {
        text,
        ranges,
        bounds: given,
        as_read: packed.get(1),
    })
}

/// A problem's warnings (the options left out of its search) as the `DlxWarning[]` its
/// results carry: `{ code, option, line?, message }` each.
pub(crate) fn warnings(warnings: &[dlx_engine::Warning]) -> JsValue {
    let list = Array::new();
    for warning in warnings {
        let entry = js_sys::Object::new();
        set(&entry, "code", &JsValue::from_str(warning.code()));
        set(&entry, "option", &JsValue::from_f64(warning.option as f64));
        if let Some(line) = warning.line {
            set(&entry, "line", &JsValue::from_f64(line as f64));
        }
        set(&entry, "message", &JsValue::from_str(&warning.to_string()));
        list.push(&entry);
    }
    list.into()
}

/// The result of `exact_cover`: the solutions (option numbers `flat`, cut at `ends`), their
/// count, whether the search was complete, Knuth's statistics, and `problem`'s warnings,
/// built in one call.
pub(crate) fn solve_result(
    problem: &dlx_engine::Problem,
    flat: &[u32],
    ends: &[u32],
    count: u64,
    status: dlx_engine::Status,
    stats: dlx_engine::Stats,
) -> JsValue {
    let warnings = result_warnings(problem);
    result(Some((flat, ends)), count, status, stats, &warnings)
}

/// `problem`'s warnings for a result: null when there are none (the usual case), for which
/// `countResult` makes the empty array itself, saving a call across for it.
fn result_warnings(problem: &dlx_engine::Problem) -> JsValue {
    match problem.warnings() {
        [] => JsValue::NULL,
        list => warnings(list),
    }
}

/// The result of a memoised count: [`solve_result`] with no solutions and the cache's
/// figures (`memo`). In the main module only (the `memo` feature).
#[cfg(feature = "memo")]
pub(crate) fn memo_result(
    problem: &dlx_engine::Problem,
    counted: &dlx_engine::MemoCount,
) -> JsValue {
    let warnings = result_warnings(problem);
    let none: (&[u32], &[u32]) = (&[], &[]);
    let result = result(
        Some(none),
        counted.count,
        counted.status,
        counted.stats,
        &warnings,
    );
    let memo = js_sys::Object::new();
    let cache = counted.memo;
    for (key, value) in [
        ("entries", JsValue::from_f64(cache.entries as f64)),
        ("hits", JsValue::from_f64(cache.hits as f64)),
        ("misses", JsValue::from_f64(cache.misses as f64)),
        ("bytes", JsValue::from_f64(cache.bytes as f64)),
        ("full", JsValue::from_bool(cache.full)),
        ("savedNodes", JsValue::from_f64(cache.saved_nodes as f64)),
        ("abandoned", JsValue::from_bool(cache.abandoned)),
    ] {
        set(&memo, key, &value);
    }
    set(&result, "memo", &memo);
    result
}

/// A count's result with no `solutions` key (`solver.count()`, `count_sudoku_solutions`:
/// the solutions counted are not collected) and no `warnings`: `count` solutions counted,
/// the search's `status` and `stats`.
pub(crate) fn counted_result(
    count: u64,
    status: dlx_engine::Status,
    stats: dlx_engine::Stats,
) -> JsValue {
    result(None, count, status, stats, &JsValue::UNDEFINED)
}

/// Every count's result, made in one call (`countResult` in `pack.js`): the solutions
/// collected, as option numbers `flat` cut at `ends` (no `solutions` key for `None`),
/// `count` (a number, exact below 2^53) and `countText` (its decimal digits, exact however
/// large: made here only past 2^53), `complete`, `status`, `stats` (nodes, updates,
/// solutions) and `warnings` (no key where undefined, an empty array where null).
pub(crate) fn result(
    solutions: Option<(&[u32], &[u32])>,
    count: impl Into<u128>,
    status: dlx_engine::Status,
    stats: dlx_engine::Stats,
    warnings: &JsValue,
) -> JsValue {
    let count: u128 = count.into();
    let (flat, ends) = solutions.unwrap_or_default();
    // At most `MAX_COLLECTED` (2^22) solutions: fits an i32. -1: no `solutions` key.
    let listed = solutions.map_or(-1, |_| ends.len() as i32);
    let (number, text) = (count as f64, count_text(count));
    count_result(
        memory(),
        address(flat),
        address(ends),
        listed,
        number,
        &text,
        status_index(status),
        stats.nodes as f64,
        stats.updates as f64,
        stats.solutions as f64,
        warnings,
    )
}

/// `count` in decimal digits where a JS number would not hold it exactly (past 2^53), else
/// undefined: `countResult` writes the number's own digits then. Inlined in each [`result`]:
/// where its count is a `u64` (every count but the memo's), the `u128` branch is dead, and
/// the core module links no `u128` formatting (1.5 KB).
#[inline(always)]
fn count_text(count: u128) -> JsValue {
    if count <= MAX_SAFE as u128 {
        return JsValue::UNDEFINED;
    }
    match u64::try_from(count) {
        Ok(count) => JsValue::from_str(&count.to_string()),
        Err(_) => JsValue::from_str(&count.to_string()),
    }
}

/// `status` as the index of its name in `pack.js`'s `STATUS` list.
pub(crate) fn status_index(status: dlx_engine::Status) -> u32 {
    match status {
        dlx_engine::Status::Searching => 0,
        dlx_engine::Status::Exhausted => 1,
        dlx_engine::Status::SolutionLimit => 2,
        dlx_engine::Status::NodeLimit => 3,
    }
}

/// A constant string (a property's value) as a JS string, made once ([`with_js_string`]):
/// decoding each string at every call was most of the cost of a small call.
#[cfg(feature = "pool-tasks")]
pub(crate) fn kept_string(key: &'static str) -> JsValue {
    with_js_string(key, |key, _| key.clone())
}

/// The error for a fault `pack.js` reported (`[kind, path, value]`), if any.
fn check_fault(packed: &Array, path: &str, max_length: usize) -> Result<(), JsValue> {
    let kind = packed.get(0);
    if kind.is_null() {
        return Ok(());
    }
    let kind = kind.as_string().unwrap_or_default();
    let at: js_sys::Array = packed.get(1).unchecked_into();
    let mut place = path.to_owned();
    for k in at.iter() {
        place.push_str(&format!("[{}]", k.as_f64().unwrap_or(0.0) as u64));
    }
    let value = packed.get(2);
    Err(match kind.as_str() {
        "array" => invalid(&place, "an array", &value),
        "shape" => invalid(&place, ARRAY_WITH_LENGTH, &value),
        "entry" if max_length == 0 => invalid(&place, "a string", &value),
        "entry" => invalid(&place, "an item number or name", &value),
        "key" => unknown_key(&place, &value, &packed.get(3)),
        "min" | "max" => invalid(
            &format!("{place}.{kind}"),
            "a whole number from 0 to 4294967295",
            &value,
        ),
        // Only options are held to a length: that of the item list.
        "length" => js_error(
            "invalid_argument",
            &format!(
                "{place} has {} entries, more than the problem's {max_length} items: it names \
                 an item twice, or one that does not exist, or has holes",
                number_text(value.as_f64().unwrap_or(0.0))
            ),
            &[("path", JsValue::from_str(&place))],
        ),
        _ => getter_threw(&place, &value),
    })
}

/// The packed strings, their lengths at `packed[lengths]` and their text at `packed[text]`:
/// the text, and each string's byte range in it. `pack.js` gives the lengths in UTF-16
/// units; the text arrives as UTF-8 (a lone surrogate as U+FFFD, still one unit), so the
/// ranges are found by walking its characters once. No lengths, no text to read.
fn texts(
    packed: &Array,
    lengths: u32,
    text: u32,
) -> Result<(String, Vec<(usize, usize)>), JsValue> {
    let lengths = packed
        .get(lengths)
        .unchecked_into::<js_sys::Uint32Array>()
        .to_vec();
    if lengths.is_empty() {
        return Ok((String::new(), Vec::new()));
    }
    let text = packed
        .get(text)
        .dyn_ref::<js_sys::JsString>()
        .and_then(copy_string)
        .unwrap_or_default();
    let mut ranges = Vec::with_capacity(lengths.len());
    if text.is_ascii() {
        // One byte per UTF-16 unit: the lengths are the byte lengths.
        let mut at = 0;
        for &units in &lengths {
            let end = at + units as usize;
            if end > text.len() {
                return Err(js_error("internal", "packed strings ended early", &[]));
            }
            ranges.push((at, end));
            at = end;
        }
        return Ok((text, ranges));
    }
    let mut chars = text.char_indices();
    let mut at = 0;
    for &units in &lengths {
        let start = at;
        let mut left = units as usize;
        while left > 0 {
            let Some((i, c)) = chars.next() else {
                return Err(js_error("internal", "packed strings ended early", &[]));
            };
            left = left.saturating_sub(c.len_utf16());
            at = i + c.len_utf8();
        }
        ranges.push((start, at));
    }
    Ok((text, ranges))
}
