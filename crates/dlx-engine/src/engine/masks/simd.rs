//! A 128-bit set as one WebAssembly `v128`, for the planes and sums of [`super::lengths`]
//! in a build with `simd128`: their steps (an AND, an XOR, an AND-NOT a plane) are then one
//! vector instruction each instead of a pair of 64-bit ones, as LLVM lowers `u128`'s.

use core::arch::wasm32::{
    u64x2, u64x2_extract_lane, v128, v128_and, v128_any_true, v128_not, v128_or, v128_xor,
};
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

use super::Bits;

/// A set of items `0..128`, low half in lane 0.
#[derive(Clone, Copy, Debug)]
pub(super) struct V128(v128);

impl PartialEq for V128 {
    #[inline(always)]
    fn eq(&self, other: &V128) -> bool {
        !v128_any_true(v128_xor(self.0, other.0))
    }
}

impl Eq for V128 {}

/// `impl $op for V128` by the vector instruction `$f`, and `impl $assign` by it.
macro_rules! bitwise {
    ($op:ident, $method:ident, $assign:ident, $assign_method:ident, $f:ident) => {
        impl $op for V128 {
            type Output = V128;
            #[inline(always)]
            fn $method(self, other: V128) -> V128 {
                V128($f(self.0, other.0))
            }
        }

        impl $assign for V128 {
            #[inline(always)]
            fn $assign_method(&mut self, other: V128) {
                *self = $op::$method(*self, other);
            }
        }
    };
}

bitwise!(BitAnd, bitand, BitAndAssign, bitand_assign, v128_and);
bitwise!(BitOr, bitor, BitOrAssign, bitor_assign, v128_or);
bitwise!(BitXor, bitxor, BitXorAssign, bitxor_assign, v128_xor);

impl Not for V128 {
    type Output = V128;
    #[inline(always)]
    fn not(self) -> V128 {
        V128(v128_not(self.0))
    }
}

impl Bits for V128 {
    const ZERO: V128 = V128(u64x2(0, 0));
    const WIDTH: usize = 128;
    #[inline(always)]
    fn bit(k: u32) -> V128 {
        V128::from_halves(u128::bit(k).halves())
    }
    fn first(n: usize) -> V128 {
        V128::from_halves(u128::first(n).halves())
    }
    #[inline(always)]
    fn halves(self) -> [u64; 2] {
        [
            u64x2_extract_lane::<0>(self.0),
            u64x2_extract_lane::<1>(self.0),
        ]
    }
    #[inline(always)]
    fn from_halves(halves: [u64; 2]) -> V128 {
        V128(u64x2(halves[0], halves[1]))
    }
    #[inline(always)]
    fn meets(self, other: V128) -> bool {
        v128_any_true(v128_and(self.0, other.0))
    }
}
