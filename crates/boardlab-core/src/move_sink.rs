//! Where a move generator puts the moves it finds: a [`MoveList`] keeps them, a
//! [`MoveCount`] only counts them (perft's last ply counts moves without making them).
//!
//! A game writes its generator once, generic over [`MoveSink`], and gets both.
//!
//! ```
//! use boardlab_core::{MoveCount, MoveList, MoveSink};
//!
//! // A generator for a toy game: a piece on square 0 may go to squares 3, 5 and 9.
//! fn generate(sink: &mut impl MoveSink<(u32, u32)>) {
//!     sink.add_each(1u64 << 3 | 1 << 5 | 1 << 9, |to| (0, to));
//! }
//! let mut list = MoveList::new();
//! generate(&mut list);
//! assert_eq!(&list[..], &[(0, 3), (0, 5), (0, 9)]);
//! let mut count = MoveCount::default();
//! generate(&mut count);
//! assert_eq!(count.0, 3);
//! ```

use crate::MoveList;
use crate::bitboard::{Bits64, Bits128};

/// A set of squares held in the bits of an unsigned integer (`u64` for boards of up to 64
/// squares, `u128` up to 128), square index = bit index.
pub trait SquareBits: Copy {
    /// How many squares the set holds.
    fn count(self) -> u32;

    /// Calls `f` with each square of the set, lowest first.
    fn for_each_square(self, f: impl FnMut(u32));
}

impl SquareBits for u64 {
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }

    #[inline(always)]
    fn for_each_square(self, f: impl FnMut(u32)) {
        Bits64(self).for_each(f);
    }
}

impl SquareBits for u128 {
    #[inline(always)]
    fn count(self) -> u32 {
        self.count_ones()
    }

    #[inline(always)]
    fn for_each_square(self, f: impl FnMut(u32)) {
        Bits128(self).for_each(f);
    }
}

/// Receives the moves a generator finds.
pub trait MoveSink<M> {
    /// One move.
    fn add(&mut self, mv: M);

    /// The move `make(to)` for each square `to` of `targets` (a count needs only how many
    /// there are, and never calls `make`).
    fn add_each(&mut self, targets: impl SquareBits, make: impl FnMut(u32) -> M);

    /// The move `make(kind, to)` for each of `kinds` (of which there are `kind_count`) and
    /// each square `to` of `targets`, kind by kind: the drops of every letter in hand on
    /// every empty square. A count multiplies, and never looks at `kinds`.
    #[inline(always)]
    fn add_each_of_kinds<K: Copy>(
        &mut self,
        kinds: impl Iterator<Item = K>,
        kind_count: u32,
        targets: impl SquareBits,
        mut make: impl FnMut(K, u32) -> M,
    ) {
        let _ = kind_count;
        for kind in kinds {
            self.add_each(targets, |to| make(kind, to));
        }
    }
}

impl<M> MoveSink<M> for MoveList<M> {
    #[inline(always)]
    fn add(&mut self, mv: M) {
        self.push(mv);
    }

    #[inline(always)]
    fn add_each(&mut self, targets: impl SquareBits, mut make: impl FnMut(u32) -> M) {
        targets.for_each_square(|to| self.push(make(to)));
    }
}

/// Counts the moves it is given without making them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveCount(pub u64);

impl<M> MoveSink<M> for MoveCount {
    #[inline(always)]
    fn add(&mut self, _mv: M) {
        self.0 += 1;
    }

    #[inline(always)]
    fn add_each(&mut self, targets: impl SquareBits, _make: impl FnMut(u32) -> M) {
        self.0 += u64::from(targets.count());
    }

    #[inline(always)]
    fn add_each_of_kinds<K: Copy>(
        &mut self,
        _kinds: impl Iterator<Item = K>,
        kind_count: u32,
        targets: impl SquareBits,
        _make: impl FnMut(K, u32) -> M,
    ) {
        self.0 += u64::from(kind_count) * u64::from(targets.count());
    }
}
