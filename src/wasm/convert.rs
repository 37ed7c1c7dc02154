//! Reading JS arguments defensively: every wrong type, `NaN`, fraction, negative number,
//! hole or oversize value becomes an `invalid_argument` error naming where it was.

use wasm_bindgen::{JsCast, JsValue};

use super::js_error;

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
    } else if Array::is_array(value) {
        "an array".into()
    } else if value.as_f64().is_some() {
        // JS formats the number: keeps Rust's float formatting out of the .wasm.
        let text = js_sys::Number::from(value.clone())
            .to_string_with_radix(10)
            .map(String::from)
            .unwrap_or_default();
        format!("the number {text}")
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

/// `value` as a whole number in `0..=max`.
pub(crate) fn integer(value: &JsValue, path: &str, max: f64) -> Result<u64, JsValue> {
    match value.as_f64() {
        Some(n) if n.is_finite() && n.fract() == 0.0 && n >= 0.0 && n <= max => Ok(n as u64),
        _ => Err(invalid(
            path,
            &format!("a whole number from 0 to {}", max as u64),
            value,
        )),
    }
}

/// `value` as an array of at most `max` elements.
pub(crate) fn array(value: &JsValue, path: &str, max: usize) -> Result<Array, JsValue> {
    let array: Array = value
        .clone()
        .dyn_into()
        .map_err(|value| invalid(path, "an array", &value))?;
    let len = array.length() as usize;
    if len > max {
        return Err(js_error(
            "too_large",
            &format!("{path} has {len} elements, over the budget of {max}"),
            &[("path", JsValue::from_str(path))],
        ));
    }
    Ok(array)
}

/// Property `key` of `object`, `None` if undefined or null.
/// A getter or proxy that throws becomes an `invalid_argument` error naming the property.
pub(crate) fn field(object: &JsValue, key: &str) -> Result<Option<JsValue>, JsValue> {
    let value = js_sys::Reflect::get(object, &JsValue::from_str(key))
        .map_err(|thrown| getter_threw(key, &thrown))?;
    Ok((!value.is_undefined() && !value.is_null()).then_some(value))
}

/// The elements of `array`, read so that a throwing getter or proxy becomes an
/// `invalid_argument` error at `path[k]` instead of escaping without a code.
pub(crate) fn elements<'a>(
    array: &'a Array,
    path: &'a str,
) -> impl Iterator<Item = Result<JsValue, JsValue>> + 'a {
    (0..array.length()).map(move |k| {
        js_sys::Reflect::get_u32(array, k)
            .map_err(|thrown| getter_threw(&format!("{path}[{k}]"), &thrown))
    })
}

fn getter_threw(path: &str, thrown: &JsValue) -> JsValue {
    let reason = thrown
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .unwrap_or_else(|| describe(thrown));
    js_error(
        "invalid_argument",
        &format!("reading {path} threw: {reason}"),
        &[("path", JsValue::from_str(path))],
    )
}

/// `value` as a plain object (not null, not an array), or `None` if undefined or null.
pub(crate) fn object(value: &JsValue, path: &str) -> Result<Option<JsValue>, JsValue> {
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else if value.is_object() && !Array::is_array(value) {
        Ok(Some(value.clone()))
    } else {
        Err(invalid(path, "an object", value))
    }
}

/// `value` as a string of at most `max` UTF-16 units, checked before it is copied.
pub(crate) fn string(value: &JsValue, path: &str, max: usize) -> Result<String, JsValue> {
    let Some(js) = value.dyn_ref::<js_sys::JsString>() else {
        return Err(invalid(path, "a string", value));
    };
    let len = js.length() as usize;
    if len > max {
        return Err(js_error(
            "too_large",
            &format!("{path} is {len} characters long, over the budget of {max}"),
            &[("path", JsValue::from_str(path))],
        ));
    }
    Ok(String::from(js))
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
