//! The one sort of the engine and of the bindings: a heapsort, in place and O(n log n) like
//! the standard library's `sort_unstable`, whose pattern-defeating quicksort is about 3.3 KB
//! of wasm for each type it sorts (issue #33's size bars: 64,000 bytes gzipped for the core
//! module, 160,000 for the main one). The lists sorted here are short as a rule: a
//! solution's options, the forced ones, a split's tasks, a region's cells. (The sudoku
//! layer keeps an insertion sort of its own, `dlx_sudoku`'s `sort.rs`, for lists of at most
//! a region's cells, smaller still per type; its lists never reach this one's sizes.)

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
    // A short list (a solution's options, as a rule) by insertion: fewer steps than the
    // heap's (a first solution of 8 queens from wasm: 0.7 k instructions of heapsort).
    if list.len() > SHORT {
        return by(list, |a, b| a < b);
    }
    for end in 1..list.len() {
        let mut at = end;
        while at > 0 && list[at] < list[at - 1] {
            list.swap(at, at - 1);
            at -= 1;
        }
    }
}

/// The longest list [`ascending`] sorts by insertion.
const SHORT: usize = 16;

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
