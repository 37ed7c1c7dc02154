//! `exact_cover`'s memoised counting (`{ countOnly: true, memo: true }`), in the main module
//! only (the `trace-memo` feature): `dlx-wasm/core` refuses its keys (see [`refused`]).

use wasm_bindgen::prelude::*;

use super::convert::{boolean, invalid, memo_result, size, Fields};
use super::engine_error;
use super::exact_cover::Settings;
use dlx_engine::{MemoBranching, MemoOptions, Solver};

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &'static str = r#"
/** The memo's options of `exact_cover` (in `dlx-wasm`, not in `dlx-wasm/core`). */
export interface ExactCoverMemoOptions {
  /**
   * With `countOnly`: count each subproblem once, caching its count by the items left to
   * cover (memoised counting, as Nishino et al.'s DXZ and Knuth's DLX6). Much faster where
   * the same subproblems recur; the result gains `memo` and `countText`.
   */
  memo?: boolean;
  /**
   * With `memo`: the cache's budget in bytes (default 67,108,864, 64 MiB; at most
   * 1,073,741,824, 1 GiB, a quarter of what a wasm instance can address). Past it the cache
   * stops growing; the count stays exact, only slower.
   */
  memoBytes?: number;
  /**
   * With `memo`: branch on the first item in the order the problem lists them (after any
   * with at most one option left) instead of the one with the fewest options. List a
   * board's cells row by row along its short side and the pieces last, and the subproblems
   * recur as in a profile dynamic program; the search tree is larger, so it pays only where
   * they recur enough (`memo.hits`).
   */
  memoOrder?: boolean;
}

export interface ExactCoverOptions extends ExactCoverMemoOptions {}

/** What the memo cache of `{ countOnly: true, memo: true }` did. */
export interface ExactCoverMemoStats {
  /** Subproblems cached. */
  entries: number;
  /** Search nodes answered from the cache (their subtrees skipped). */
  hits: number;
  /** Search nodes looked up and not found. */
  misses: number;
  /** Bytes the cache took at its largest. */
  bytes: number;
  /** Whether the cache reached `memoBytes` and stopped growing. */
  full: boolean;
  /** Search nodes the hits skipped. */
  savedNodes: number;
  /**
   * Whether the memo gave up on the cache (after 2^18 lookups its hits had saved fewer than
   * 4 nodes each) and counted the rest without it.
   */
  abandoned: boolean;
}

export interface ExactCoverResult {
  /** With `memo`: what the cache did. */
  memo?: ExactCoverMemoStats;
}
"#;

/// The largest memo budget a call may set: 1 GiB, a quarter of a wasm instance's 4 GiB, so
/// that a budget is one the instance can honour with room for the search beside it.
const MAX_MEMO_BYTES: usize = 1 << 30;

/// `exact_cover`'s memoised count, when `options` ask for it (`memo: true`): its result, or
/// `None` for the plain search.
///
/// # Errors
/// `invalid_argument` for memo options that make no sense (see [`read_memo`]); the engine's
/// errors of the count.
pub(crate) fn count(
    settings: &Settings,
    options: &Fields,
    count_only: bool,
) -> Result<Option<JsValue>, JsValue> {
    let Some(memo) = read_memo(options, count_only)? else {
        return Ok(None);
    };
    let counted = Solver::count_memo(&settings.problem, &settings.options, &memo)
        .map_err(|e| engine_error(&e))?;
    Ok(Some(memo_result(&settings.problem, &counted)))
}

/// `memo`, `memoBytes` and `memoOrder` of `exact_cover`'s options: the memo cache's settings
/// when `memo` is true. `memo` needs `countOnly` (the cache counts, it collects no
/// solutions); `memoBytes` and `memoOrder` need `memo`.
fn read_memo(options: &Fields, count_only: bool) -> Result<Option<MemoOptions>, JsValue> {
    let memo = options.get("memo");
    let bytes = options.get("memoBytes");
    let order = options.get("memoOrder");
    if !boolean(memo.clone(), "options.memo")? {
        return match (bytes, order) {
            (Some(bytes), _) => Err(invalid(
                "options.memoBytes",
                "no memoBytes without memo: true",
                &bytes,
            )),
            (None, Some(order)) if order.as_bool() != Some(false) => Err(invalid(
                "options.memoOrder",
                "no memoOrder without memo: true",
                &order,
            )),
            (None, _) => Ok(None),
        };
    }
    if !count_only {
        return Err(invalid(
            "options.memo",
            "memo: true only with countOnly: true (the memo counts, it collects no solutions)",
            &memo.unwrap_or(JsValue::TRUE),
        ));
    }
    let mut settings = MemoOptions::default();
    if let Some(bytes) = bytes {
        settings.max_bytes = size(&bytes, "options.memoBytes", MAX_MEMO_BYTES)?;
    }
    if boolean(order, "options.memoOrder")? {
        settings.branching = MemoBranching::InOrder;
    }
    Ok(Some(settings))
}
