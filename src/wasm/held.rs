//! The wasm memory held by the objects JS keeps alive (`ExactCoverSolver`,
//! `ExactCoverTasks`), kept within one budget. Each object is bounded by the size budget, but
//! not how many are alive: without this, enough solvers kept at once would exhaust the
//! instance's 4 GiB and the next allocation would trap, leaving the module unusable. Each
//! object holds a [`Held`] for the most memory it can hold (counted by the engine), given
//! back when JS frees it (or the garbage collector does).

use std::cell::Cell;

use wasm_bindgen::JsValue;

use super::js_error;

/// The most the objects alive may hold together: 1.5 GiB. A call beside them needs at most
/// about 0.75 GiB for the largest problem the size budget allows, and 1 GiB more for the
/// largest memo cache, so the instance never needs past 3.25 GiB of its 4 GiB.
pub(crate) const LIVE_LIMIT: usize = 3 << 29;

thread_local! {
    /// The bytes the [`Held`]s alive hold.
    static LIVE: Cell<usize> = const { Cell::new(0) };
}

/// A share of [`LIVE_LIMIT`], given back when dropped.
#[derive(Debug)]
pub(crate) struct Held(usize);

impl Held {
    /// Takes `bytes` of the budget for the object `what` (`"this solver"`), or throws
    /// `too_large` (with `bytes`, `held` and `limit`) if the objects alive hold too much to
    /// add it.
    pub(crate) fn take(bytes: usize, what: &str) -> Result<Held, JsValue> {
        let held = LIVE.get();
        if bytes > LIVE_LIMIT - held {
            const MIB: usize = 1 << 20;
            return Err(js_error(
                "too_large",
                &format!(
                    "{what} would hold {} MiB of wasm memory, and the solvers and task sets \
                     alive hold {} MiB: past the {} MiB they may hold together. Call free() on \
                     the ones no longer needed",
                    bytes.div_ceil(MIB),
                    held.div_ceil(MIB),
                    LIVE_LIMIT / MIB
                ),
                &[
                    ("bytes", JsValue::from_f64(bytes as f64)),
                    ("held", JsValue::from_f64(held as f64)),
                    ("limit", JsValue::from_f64(LIVE_LIMIT as f64)),
                ],
            ));
        }
        LIVE.set(held + bytes);
        Ok(Held(bytes))
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        LIVE.set(LIVE.get().saturating_sub(self.0));
    }
}
