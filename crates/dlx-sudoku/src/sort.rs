//! One small sort for the sudoku layer's short lists (a pattern's cells, a region's cells,
//! a step's eliminations): an insertion sort, a few dozen bytes of wasm for each type
//! it sorts, where the standard library's sorts take 3-8 KB each (twiggy on the main module:
//! 31 KB in 20 sort functions). Every list it gets is short (at most a region's or a
//! layout's cells), so the quadratic worst case never shows.

/// Sorts `v` in increasing order (not stable: equal elements are indistinguishable here).
pub(crate) fn sort<T: Ord + Copy>(v: &mut [T]) {
    for i in 1..v.len() {
        let x = v[i];
        let mut j = i;
        while j > 0 && v[j - 1] > x {
            v[j] = v[j - 1];
            j -= 1;
        }
        v[j] = x;
    }
}
