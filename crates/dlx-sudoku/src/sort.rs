//! The sudoku layer's sort of its short lists (a pattern's cells, a region's cells, a step's
//! eliminations): the engine's insertion sort ([`dlx_engine::sort::short`]), a few dozen
//! bytes of wasm for each type it sorts, where the standard library's sorts take 3-8 KB each
//! (twiggy on the main module: 31 KB in 20 sort functions). Every list it gets is short (at
//! most a region's or a layout's cells), so the quadratic worst case never shows.

pub(crate) use dlx_engine::sort::{short as sort, short_by_key as sort_by_key};
