//! The lengths of the primary items (their numbers of live options), one set of them per level
//! of the search, held bit-sliced: as `k` planes, item sets, plane `j` holding bit `j` of
//! every item's length. The search keeps them so where there are more than 64 primary items
//! (see `Search::sliced`).
//!
//! A level's work on its lengths is then a few bitwise operations per plane, the same for
//! every item at once, instead of a load, an add and a store per item of each option: the
//! options ruled out are added up in a small bit-sliced [`Sum`] (an AND and an XOR per plane
//! of the sum and option), which is then subtracted from the level's planes (a ripple
//! borrow, once per [`Sum::CAPACITY`] options); copying a level's lengths is `k` words; and
//! MRV is a scan of the planes from the top down.

use super::Bits;

/// A plane: a `u128`, or with `simd128` one `v128` (see [`super::simd`]).
#[cfg(not(all(target_arch = "wasm32", target_feature = "simd128")))]
pub(super) type Wide = u128;
/// A plane: a `u128`, or with `simd128` one `v128` (see [`super::simd`]).
#[cfg(all(target_arch = "wasm32", target_feature = "simd128"))]
pub(super) type Wide = super::simd::V128;

/// The most planes: a length is at most `MAX_OPTIONS` = 2^16, 17 bits.
const MAX_PLANES: usize = 17;
/// The planes of a [`Sum`].
const DEPTH: usize = 3;

/// The planes of a level's lengths (the first `k` of them).
type Slot = [Wide; MAX_PLANES];

/// The lengths of the primary items at each level, in slots (see `Search::counts`).
#[derive(Debug, Clone)]
pub(super) struct Lengths {
    /// The slots: as the index of a plane is below an array's length, reading and writing
    /// it needs no bounds check.
    slots: Vec<Slot>,
    /// The planes of a slot in use: enough for the longest item at the root, since lengths
    /// only go down, and at least a [`Sum`]'s. 0 while unused.
    k: usize,
}

impl Lengths {
    /// Unused.
    pub(super) fn new() -> Lengths {
        Lengths {
            slots: Vec::new(),
            k: 0,
        }
    }

    /// `slots` slots, the first holding `lengths` (of items `0..lengths.len()`, at most 128,
    /// each at most 2^16); the others are written before they are read (by
    /// [`Lengths::subtract`]).
    pub(super) fn reset(&mut self, slots: usize, lengths: &[u32]) {
        let longest = lengths.iter().copied().max().unwrap_or(0);
        // At least the sum's planes (see `subtract`).
        let k = ((u32::BITS - longest.leading_zeros()) as usize).max(DEPTH);
        debug_assert!(k <= MAX_PLANES && lengths.len() <= 128);
        self.k = k;
        if self.slots.len() < slots {
            // (Not `resize`: `vec!` of zeros is one zeroed allocation, a smaller module.)
            self.slots = vec![[Wide::ZERO; MAX_PLANES]; slots];
        }
        let root = &mut self.slots[0];
        root.fill(Wide::ZERO);
        for (item, &n) in lengths.iter().enumerate() {
            for (j, plane) in root[..k].iter_mut().enumerate() {
                if n >> j & 1 != 0 {
                    *plane |= Wide::bit(item as u32);
                }
            }
        }
    }

    /// The heap memory held, in bytes.
    pub(super) fn heap_bytes(&self) -> usize {
        crate::problem::bytes_of(&self.slots)
    }

    /// Slot `to` = slot `from` minus `sum`, item by item (`from` may be `to`). No primary
    /// item's length goes below zero (`sum` holds options counted in slot `from`); the
    /// secondary items' wrap, each bit position a number of its own, never read.
    #[inline(always)]
    pub(super) fn subtract(&mut self, from: usize, to: usize, sum: &Sum) {
        // (The planes in use; the second loop's bound is `MAX_PLANES` itself.)
        let k = self.k.min(MAX_PLANES);
        let slots = &mut self.slots;
        // Bits of the difference: x - y - borrow, plane by plane, with the sum's planes first
        // (a full subtractor; every slot has at least as many planes, so that these steps are
        // unrolled) and then the borrow alone.
        let mut borrow = Wide::ZERO;
        for (j, &y) in sum.planes.iter().enumerate() {
            let x = slots[from][j];
            let t = x ^ y;
            slots[to][j] = t ^ borrow;
            borrow = (!x & y) | (!t & borrow);
        }
        // (Indices, not iterators: slots `from` and `to` may be one. Up to `MAX_PLANES`,
        // leaving at `k`: a loop of constant bounds, which LLVM unrolls whole, one test of
        // `k` a plane and no loop head: on the 6x10 pentominoes, 6.1% fewer instructions
        // natively, 8.2% less CPU time in Node's plain wasm build: bench/README.md.)
        #[allow(clippy::needless_range_loop)]
        for j in DEPTH..MAX_PLANES {
            if j >= k {
                break;
            }
            let x = slots[from][j];
            slots[to][j] = x ^ borrow;
            borrow &= !x;
        }
    }

    /// MRV over the `active` items of slot `slot`: the one with the fewest options, ties to
    /// the leftmost.
    #[inline(always)]
    pub(super) fn shortest(&self, slot: usize, active: Wide) -> u32 {
        let planes = &self.slots[slot][..self.k.min(MAX_PLANES)];
        // From the top plane down, keep the candidates with a 0 there if any has one: those
        // left have the least length.
        let mut left = active;
        for &plane in planes.iter().rev() {
            let zero = left & !plane;
            if zero != Wide::ZERO {
                left = zero;
            }
        }
        let [low, high] = left.halves();
        if low != 0 {
            low.trailing_zeros()
        } else {
            64 + (high.trailing_zeros() & 63)
        }
    }

    /// Writes the lengths of slot `slot` to `counts` (of the items `0..128`).
    pub(super) fn unpack(&self, slot: usize, counts: &mut [u32; 128]) {
        counts.fill(0);
        for (j, plane) in self.slots[slot][..self.k.min(MAX_PLANES)]
            .iter()
            .enumerate()
        {
            for (half, base) in plane.halves().into_iter().zip([0, 64]) {
                let mut left = half;
                while left != 0 {
                    counts[base + (left.trailing_zeros() as usize & 63)] |= 1 << j;
                    left &= left - 1;
                }
            }
        }
    }
}

/// A sum of up to [`Sum::CAPACITY`] options, item by item, bit-sliced: plane `j` holds bit
/// `j` of each item's count.
#[derive(Debug, Clone, Copy)]
pub(super) struct Sum {
    planes: [Wide; DEPTH],
}

impl Sum {
    /// The most options it can hold: no item's count overflows its planes.
    pub(super) const CAPACITY: usize = (1 << DEPTH) - 1;

    /// No option.
    #[inline(always)]
    pub(super) fn new() -> Sum {
        Sum {
            planes: [Wide::ZERO; DEPTH],
        }
    }

    /// Adds the option of items `mask`: a ripple carry through the planes.
    #[inline(always)]
    pub(super) fn add(&mut self, mask: Wide) {
        let mut carry = mask;
        for plane in &mut self.planes[..DEPTH - 1] {
            let next = *plane & carry;
            *plane ^= carry;
            carry = next;
        }
        self.planes[DEPTH - 1] ^= carry;
    }
}
