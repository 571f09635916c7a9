//! Sets of squares as bits: the [`BitSet`] trait the engine is generic over, and its
//! instances for boards of up to 64 (`u64`), 128 (`u128`) and 256 ([`Bits256`]) squares.
//!
//! Square index = `rank * width + file`, a1 = 0, so a board of `width * height` squares
//! needs that many bits.

use boardlab_core::SquareBits;
use std::fmt::Debug;
use std::hash::Hash;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A set of squares held in bits, square index = bit index.
pub trait BitSet:
    Copy
    + Eq
    + Hash
    + Debug
    + Send
    + Sync
    + 'static
    + BitAnd<Output = Self>
    + BitOr<Output = Self>
    + BitXor<Output = Self>
    + Not<Output = Self>
    + BitAndAssign
    + BitOrAssign
    + BitXorAssign
    + SquareBits
{
    /// How many squares the set can hold.
    const BITS: u32;
    /// The empty set.
    const EMPTY: Self;

    /// The set of one square (`square < BITS`).
    fn bit(square: u32) -> Self;

    /// Whether the set holds `square`.
    #[inline(always)]
    fn has(self, square: u32) -> bool {
        !(self & Self::bit(square)).is_empty()
    }

    /// Whether the set is empty.
    fn is_empty(self) -> bool;

    /// The lowest square of a non-empty set.
    fn lowest(self) -> u32;

    /// The highest square of a non-empty set.
    fn highest(self) -> u32;

    /// The set without its lowest square (the set itself when empty).
    fn without_lowest(self) -> Self;

    /// Every square of the set moved `delta` indices up (down when negative); squares moved
    /// past either end drop out.
    fn shifted(self, delta: i32) -> Self;

    /// The squares of the set, lowest first.
    #[inline(always)]
    fn squares(self) -> Squares<Self> {
        Squares(self)
    }

    /// The cell of a game where its move tables for this bit-set type are kept once built.
    fn tables_cell(game: &super::game::Game) -> &std::sync::OnceLock<super::tables::Tables<Self>>;
}

/// The squares of a [`BitSet`], lowest first.
#[derive(Clone, Copy, Debug)]
pub struct Squares<B>(B);

impl<B: BitSet> Iterator for Squares<B> {
    type Item = u32;

    #[inline(always)]
    fn next(&mut self) -> Option<u32> {
        if self.0.is_empty() {
            return None;
        }
        let square = self.0.lowest();
        self.0 = self.0.without_lowest();
        Some(square)
    }
}

macro_rules! primitive_bit_set {
    ($type:ty, $cell:ident) => {
        impl BitSet for $type {
            const BITS: u32 = <$type>::BITS;
            const EMPTY: Self = 0;

            #[inline(always)]
            fn bit(square: u32) -> Self {
                1 << square
            }

            #[inline(always)]
            fn has(self, square: u32) -> bool {
                (self >> square) & 1 != 0
            }

            #[inline(always)]
            fn is_empty(self) -> bool {
                self == 0
            }

            #[inline(always)]
            fn lowest(self) -> u32 {
                self.trailing_zeros()
            }

            #[inline(always)]
            fn highest(self) -> u32 {
                Self::BITS - 1 - self.leading_zeros()
            }

            #[inline(always)]
            fn without_lowest(self) -> Self {
                self & self.wrapping_sub(1)
            }

            #[inline(always)]
            fn shifted(self, delta: i32) -> Self {
                if delta >= 0 {
                    self.checked_shl(delta as u32).unwrap_or(0)
                } else {
                    self.checked_shr(delta.unsigned_abs()).unwrap_or(0)
                }
            }

            fn tables_cell(
                game: &super::game::Game,
            ) -> &std::sync::OnceLock<super::tables::Tables<Self>> {
                &game.$cell
            }
        }
    };
}

primitive_bit_set!(u64, tables_64);
primitive_bit_set!(u128, tables_128);

/// A set of up to 256 squares (boards up to 16x16), four `u64` words, lowest first.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bits256(pub [u64; 4]);

impl Debug for Bits256 {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Bits256({:#x}, {:#x}, {:#x}, {:#x})",
            self.0[0], self.0[1], self.0[2], self.0[3]
        )
    }
}

macro_rules! word_wise {
    ($trait:ident, $method:ident, $assign_trait:ident, $assign:ident, $op:tt) => {
        impl $trait for Bits256 {
            type Output = Bits256;

            #[inline(always)]
            fn $method(self, other: Bits256) -> Bits256 {
                let (a, b) = (self.0, other.0);
                Bits256([a[0] $op b[0], a[1] $op b[1], a[2] $op b[2], a[3] $op b[3]])
            }
        }

        impl $assign_trait for Bits256 {
            #[inline(always)]
            fn $assign(&mut self, other: Bits256) {
                *self = $trait::$method(*self, other);
            }
        }
    };
}

word_wise!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
word_wise!(BitOr, bitor, BitOrAssign, bitor_assign, |);
word_wise!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bits256 {
    type Output = Bits256;

    #[inline(always)]
    fn not(self) -> Bits256 {
        Bits256(self.0.map(|w| !w))
    }
}

impl SquareBits for Bits256 {
    #[inline(always)]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    #[inline(always)]
    fn for_each_square(self, f: impl FnMut(u32)) {
        self.squares().for_each(f);
    }
}

impl BitSet for Bits256 {
    const BITS: u32 = 256;
    const EMPTY: Self = Bits256([0; 4]);

    #[inline(always)]
    fn bit(square: u32) -> Self {
        let mut words = [0; 4];
        words[(square as usize >> 6) & 3] = 1 << (square & 63);
        Bits256(words)
    }

    #[inline(always)]
    fn has(self, square: u32) -> bool {
        (self.0[(square as usize >> 6) & 3] >> (square & 63)) & 1 != 0
    }

    #[inline(always)]
    fn is_empty(self) -> bool {
        (self.0[0] | self.0[1] | self.0[2] | self.0[3]) == 0
    }

    #[inline(always)]
    fn lowest(self) -> u32 {
        for (i, &word) in self.0.iter().enumerate() {
            if word != 0 {
                return i as u32 * 64 + word.trailing_zeros();
            }
        }
        256
    }

    #[inline(always)]
    fn highest(self) -> u32 {
        for (i, &word) in self.0.iter().enumerate().rev() {
            if word != 0 {
                return i as u32 * 64 + 63 - word.leading_zeros();
            }
        }
        0
    }

    #[inline(always)]
    fn without_lowest(self) -> Self {
        let mut words = self.0;
        for word in &mut words {
            if *word != 0 {
                *word &= *word - 1;
                break;
            }
        }
        Bits256(words)
    }

    fn shifted(self, delta: i32) -> Self {
        let n = delta.unsigned_abs() as usize;
        if n >= 256 {
            return Bits256::EMPTY;
        }
        let (words, bits) = (n / 64, (n % 64) as u32);
        let mut out = [0u64; 4];
        for (i, slot) in out.iter_mut().enumerate() {
            // Bits of word `i` come from words `i - words` (and the one below it) going up,
            // `i + words` (and the one above) going down.
            let source = |offset: isize| -> u64 {
                let j = i as isize + offset;
                if (0..4).contains(&j) {
                    self.0[j as usize]
                } else {
                    0
                }
            };
            *slot = if delta >= 0 {
                let near = source(-(words as isize));
                let far = source(-(words as isize) - 1);
                if bits == 0 {
                    near
                } else {
                    near << bits | far >> (64 - bits)
                }
            } else {
                let near = source(words as isize);
                let far = source(words as isize + 1);
                if bits == 0 {
                    near
                } else {
                    near >> bits | far << (64 - bits)
                }
            };
        }
        Bits256(out)
    }

    fn tables_cell(game: &super::game::Game) -> &std::sync::OnceLock<super::tables::Tables<Self>> {
        &game.tables_256
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check<B: BitSet>() {
        let set = B::bit(3) | B::bit(B::BITS - 1) | B::bit(B::BITS / 2);
        assert_eq!(set.count(), 3);
        assert_eq!(set.lowest(), 3);
        assert_eq!(set.highest(), B::BITS - 1);
        assert!(set.has(B::BITS / 2) && !set.has(4));
        assert_eq!(
            set.squares().collect::<Vec<_>>(),
            vec![3, B::BITS / 2, B::BITS - 1]
        );
        assert!((set & !set).is_empty());
        assert_eq!((set ^ B::bit(3)).count(), 2);
        assert!(B::EMPTY.is_empty());
        assert_eq!(B::bit(3).shifted(60), B::bit(63));
        assert_eq!(B::bit(63).shifted(-60), B::bit(3));
        assert_eq!(B::bit(B::BITS - 1).shifted(1), B::EMPTY);
        assert_eq!(B::bit(0).shifted(-1), B::EMPTY);
        assert_eq!(set.shifted(-3).lowest(), 0);
        assert_eq!(B::bit(5).shifted(B::BITS as i32), B::EMPTY);
        for square in 0..B::BITS as i32 {
            for delta in -(B::BITS as i32)..=B::BITS as i32 {
                let target = square + delta;
                let expected = if (0..B::BITS as i32).contains(&target) {
                    B::bit(target as u32)
                } else {
                    B::EMPTY
                };
                assert_eq!(
                    B::bit(square as u32).shifted(delta),
                    expected,
                    "{square} by {delta}"
                );
            }
        }
    }

    #[test]
    fn every_bit_set_type_agrees() {
        check::<u64>();
        check::<u128>();
        check::<Bits256>();
    }
}
