//! Large results as JSON text: written here in one pass, then parsed by the JS engine's
//! `JSON.parse` in one call. A trace of 20,000 events built value by value would cross the
//! boundary about 100,000 times; this crosses it twice.

use std::fmt::Write as _;

use wasm_bindgen::JsValue;

use super::js_error;

/// A JSON text under construction. The caller writes the punctuation; this escapes strings
/// and writes numbers.
#[derive(Default)]
pub(crate) struct Json {
    text: String,
}

impl Json {
    /// Appends `raw` as it is: punctuation and keys known to need no escapes.
    pub(crate) fn raw(&mut self, raw: &str) -> &mut Self {
        self.text.push_str(raw);
        self
    }

    /// Appends a whole number.
    pub(crate) fn number(&mut self, n: u64) -> &mut Self {
        // Writing to a String cannot fail.
        let _ = write!(self.text, "{n}");
        self
    }

    /// Appends `s` as a JSON string, quoted and escaped.
    pub(crate) fn string(&mut self, s: &str) -> &mut Self {
        self.text.push('"');
        for c in s.chars() {
            match c {
                '"' => self.text.push_str("\\\""),
                '\\' => self.text.push_str("\\\\"),
                c if (c as u32) < 0x20 => {
                    let _ = write!(self.text, "\\u{:04x}", c as u32);
                }
                c => self.text.push(c),
            }
        }
        self.text.push('"');
        self
    }

    /// Appends `items` as a JSON array, each written by `write`.
    pub(crate) fn array<T>(
        &mut self,
        items: impl IntoIterator<Item = T>,
        mut write: impl FnMut(&mut Self, T),
    ) -> &mut Self {
        self.text.push('[');
        for (k, item) in items.into_iter().enumerate() {
            if k > 0 {
                self.text.push(',');
            }
            write(self, item);
        }
        self.text.push(']');
        self
    }

    /// The value the text describes.
    pub(crate) fn parse(&self) -> Result<JsValue, JsValue> {
        js_sys::JSON::parse(&self.text).map_err(|_| js_error("internal", "bad JSON output", &[]))
    }
}
