//! The sorts of the engine, the bindings and the sudoku layer: a heapsort ([`by`]), in
//! place and O(n log n) like the standard library's `sort_unstable`, whose
//! pattern-defeating quicksort is about 3.3 KB of wasm for each type it sorts (issue #33's
//! size bars: 64,000 bytes gzipped for the core module, 160,000 for the main one), and an
//! insertion sort for short lists ([`short`], [`short_by_key`]), a few dozen bytes of wasm a
//! type, which [`ascending`] takes for a short list (a solution's options, as a rule) and the
//! sudoku layer for all of its lists (a pattern's cells, a region's, a step's eliminations:
//! at most a layout's cells, where its quadratic worst case never shows).

/// Sorts `list` so that no element comes after one it is [`less`](by) than: ascending by
/// `less`, not stable (equal elements may swap).
///
/// ```
/// let mut words = ["pear", "fig", "apple"];
/// dlx_engine::sort::by(&mut words, |a, b| a.len() < b.len());
/// assert_eq!(words, ["fig", "pear", "apple"]);
/// ```
pub fn by<T>(list: &mut [T], less: impl Fn(&T, &T) -> bool) {
    // Moves `list[root]` down the max-heap `list[..end]` to its place.
    let sift_down = |list: &mut [T], mut root: usize, end: usize| loop {
        let mut child = 2 * root + 1;
        if child >= end {
            return;
        }
        if child + 1 < end && less(&list[child], &list[child + 1]) {
            child += 1;
        }
        if !less(&list[root], &list[child]) {
            return;
        }
        list.swap(root, child);
        root = child;
    };
    let n = list.len();
    for root in (0..n / 2).rev() {
        sift_down(list, root, n);
    }
    for end in (1..n).rev() {
        list.swap(0, end);
        sift_down(list, 0, end);
    }
}

/// Sorts indices (options, cells), ascending.
///
/// ```
/// let mut options = [5, 1, 4];
/// dlx_engine::sort::ascending(&mut options);
/// assert_eq!(options, [1, 4, 5]);
/// ```
pub fn ascending(list: &mut [usize]) {
    // By insertion where short: fewer steps than the heap's (a first solution of 8 queens
    // from wasm: 0.7 k instructions of heapsort).
    if list.len() > SHORT {
        return by(list, |a, b| a < b);
    }
    short(list);
}

/// The longest list [`ascending`] sorts by insertion.
const SHORT: usize = 16;

/// Sorts a short list in increasing order by insertion (not stable: for elements whose
/// equal ones are indistinguishable), quadratic in its length at worst.
///
/// ```
/// let mut cells = [40u16, 4, 13];
/// dlx_engine::sort::short(&mut cells);
/// assert_eq!(cells, [4, 13, 40]);
/// ```
pub fn short<T: Ord + Copy>(list: &mut [T]) {
    short_by_key(list, |&x| x);
}

/// Sorts a short list by `key`, in increasing order of the keys, by insertion (not stable),
/// quadratic in its length at worst.
///
/// ```
/// let mut words = ["pear", "fig", "apple"];
/// dlx_engine::sort::short_by_key(&mut words, |w| w.len());
/// assert_eq!(words, ["fig", "pear", "apple"]);
/// ```
pub fn short_by_key<T: Copy, K: Ord>(list: &mut [T], key: impl Fn(&T) -> K) {
    for i in 1..list.len() {
        let x = list[i];
        let k = key(&x);
        let mut j = i;
        while j > 0 && key(&list[j - 1]) > k {
            list[j] = list[j - 1];
            j -= 1;
        }
        list[j] = x;
    }
}

// proptest is a native dev-dependency only.
#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn ascending_sorts_as_the_standard_library_does(mut list in proptest::collection::vec(0usize..50, 0..40)) {
            // Lengths on both sides of `SHORT` (insertion, then the heap).
            let mut expected = list.clone();
            expected.sort_unstable();
            super::ascending(&mut list);
            prop_assert_eq!(list, expected);
        }

        #[test]
        fn by_sorts_by_its_order(mut list in proptest::collection::vec((0u8..4, 0u32..1000), 0..60)) {
            let mut expected = list.clone();
            expected.sort_unstable_by_key(|&(key, _)| key);
            super::by(&mut list, |a, b| a.0 < b.0);
            // Not stable: the keys in order, the same elements.
            let keys = |l: &[(u8, u32)]| l.iter().map(|e| e.0).collect::<Vec<_>>();
            prop_assert_eq!(keys(&list), keys(&expected));
            let mut sorted = list.clone();
            sorted.sort_unstable();
            expected.sort_unstable();
            prop_assert_eq!(sorted, expected);
        }
    }
}
