//! The transposition table: search results keyed by a position's Zobrist hash.

use crate::search::ordering::MAX_PLY;
use crate::search::score::{DECIDED, WIN};
use boardlab_core::MoveBits;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicU64, Ordering};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (the search failed high).
    Lower,
    /// The true value is at most the score (the search failed low).
    Upper,
}

/// One stored result.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    /// The full hash of the position (0 for an empty slot).
    pub key: u64,
    /// The best move found, if any.
    pub mv: Option<M>,
    /// The score, with decided scores counted from this position (see [`to_tt`]).
    pub score: i32,
    /// The depth searched.
    pub depth: i16,
    /// How the score bounds the value.
    pub bound: Bound,
    /// Whether the position was searched as part of a principal variation, then or by an
    /// earlier search whose entry this one replaced ("tt-pv").
    pub pv: bool,
}

/// A fixed-size hash table of search results that several search threads may read and
/// write at once. Each slot is two atomic words: the entry packed into 64 bits, and the
/// position's hash XOR that word, so that a slot torn by two threads writing at once fails
/// the check on reading and reads as empty (the "lockless" table of chess engines).
#[derive(Debug)]
pub struct Table<M> {
    slots: Box<[Slot]>,
    mask: usize,
    moves: PhantomData<fn() -> M>,
}

/// One slot: the key XOR the data, and the data.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// Bits of a packed entry: the move (32), the score (21, offset by [`SCORE_OFFSET`]), the
/// depth (7), whether the position was in a principal variation (1), the bound (2) and
/// whether there is a move (1).
const SCORE_SHIFT: u32 = 32;
const SCORE_BITS: u32 = 21;
const SCORE_OFFSET: i32 = 1 << (SCORE_BITS - 1);
const DEPTH_SHIFT: u32 = SCORE_SHIFT + SCORE_BITS;
/// The largest depth an entry keeps (deeper results are kept as this deep).
const MAX_DEPTH: u64 = 127;
const PV_BIT: u64 = 1 << (DEPTH_SHIFT + 7);
const BOUND_SHIFT: u32 = DEPTH_SHIFT + 8;
const HAS_MOVE: u64 = 1 << 63;

const _: () = assert!(WIN + (2 * MAX_PLY as i32) < SCORE_OFFSET);
const _: () = assert!(MAX_PLY as u64 <= MAX_DEPTH);

impl<M: MoveBits> Table<M> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table<M> {
        let size = 1usize << bits;
        let mut slots = Vec::with_capacity(size);
        crate::search::memory_hints::advise_huge_pages(slots.spare_capacity_mut());
        slots.resize_with(size, Slot::default);
        Table {
            slots: slots.into_boxed_slice(),
            mask: size - 1,
            moves: PhantomData,
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for slot in self.slots.iter_mut() {
            *slot.check.get_mut() = 0;
            *slot.data.get_mut() = 0;
        }
    }

    /// Stores a quiescence result (depth 0) where it displaces no deeper search: into an
    /// empty slot, or over another depth-0 result. The slots of searches with depth left
    /// hold what is worth more.
    #[inline]
    pub fn store_shallow(&self, entry: Entry<M>) {
        let old = self.slots[entry.key as usize & self.mask]
            .data
            .load(Ordering::Relaxed);
        if (old >> DEPTH_SHIFT) & MAX_DEPTH == 0 {
            self.write(entry);
        }
    }

    /// Starts loading the slot of `key` into the processor's cache, for a probe soon after.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::search::memory_hints::prefetch(&self.slots[key as usize & self.mask]);
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry<M>> {
        let slot = &self.slots[key as usize & self.mask];
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        (check ^ data == key && data != 0).then(|| unpack(key, data))
    }

    /// Stores a result, replacing whatever was in its slot unless that is a deeper result
    /// for the same position.
    #[inline]
    pub fn store(&self, entry: Entry<M>) {
        if let Some(old) = self.probe(entry.key)
            && entry.depth < old.depth
            && entry.bound != Bound::Exact
        {
            return;
        }
        self.write(entry);
    }

    /// Writes `entry` into its slot, over whatever was there.
    #[inline]
    fn write(&self, entry: Entry<M>) {
        let slot = &self.slots[entry.key as usize & self.mask];
        let data = pack(&entry);
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(entry.key ^ data, Ordering::Relaxed);
    }
}

/// An entry in 64 bits (never 0: the depth or the bound or the move sets a bit, or the
/// score's offset does).
#[inline]
fn pack<M: MoveBits>(entry: &Entry<M>) -> u64 {
    let (has_move, bits) = match entry.mv {
        Some(mv) => (HAS_MOVE, mv.to_bits() as u64),
        None => (0, 0),
    };
    let score = (entry.score.clamp(-SCORE_OFFSET + 1, SCORE_OFFSET - 1) + SCORE_OFFSET) as u64;
    let depth = (entry.depth.max(0) as u64).min(MAX_DEPTH);
    let bound = match entry.bound {
        Bound::Exact => 0,
        Bound::Lower => 1,
        Bound::Upper => 2,
    };
    let pv = if entry.pv { PV_BIT } else { 0 };
    has_move | bits | score << SCORE_SHIFT | depth << DEPTH_SHIFT | pv | bound << BOUND_SHIFT
}

/// The entry for `key` packed in `data`.
#[inline]
fn unpack<M: MoveBits>(key: u64, data: u64) -> Entry<M> {
    Entry {
        key,
        mv: (data & HAS_MOVE != 0).then(|| M::from_bits(data as u32)),
        score: ((data >> SCORE_SHIFT) & ((1 << SCORE_BITS) - 1)) as i32 - SCORE_OFFSET,
        depth: ((data >> DEPTH_SHIFT) & MAX_DEPTH) as i16,
        pv: data & PV_BIT != 0,
        bound: match (data >> BOUND_SHIFT) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        },
    }
}

/// A score as stored: a decided score counted from the stored position, not from the root.
#[inline]
pub fn to_tt(score: i32, ply: usize) -> i32 {
    if score >= DECIDED {
        score + ply as i32
    } else if score <= -DECIDED {
        score - ply as i32
    } else {
        score
    }
}

/// A stored score seen from a position `ply` plies from the root.
#[inline]
pub fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= DECIDED {
        score - ply as i32
    } else if score <= -DECIDED {
        score + ply as i32
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::score::loss_in;

    /// A move type for the tests.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Bits(u32);

    impl MoveBits for Bits {
        fn to_bits(self) -> u32 {
            self.0
        }
        fn from_bits(bits: u32) -> Bits {
            Bits(bits)
        }
    }

    #[test]
    fn entries_read_back_whole() {
        let table = Table::<Bits>::new(4);
        let entries = [
            (Some(Bits(u32::MAX)), WIN + 60, 127, Bound::Exact, true),
            (None, loss_in(3) - 60, 0, Bound::Upper, false),
            (Some(Bits(0)), -7, 12, Bound::Lower, true),
        ];
        for (i, (mv, score, depth, bound, pv)) in entries.into_iter().enumerate() {
            let key = 0x9e37_79b9_7f4a_7c15u64.wrapping_mul(i as u64 + 1);
            let entry = Entry {
                key,
                mv,
                score,
                depth,
                bound,
                pv,
            };
            table.store(entry);
            let back = table.probe(key).unwrap();
            assert_eq!(
                (back.mv, back.score, back.depth, back.bound, back.pv),
                (mv, score, depth, bound, pv)
            );
            assert!(table.probe(key ^ 1 << 40).is_none());
        }
        // A deeper result than the entry can hold is kept as deep as it can, and its depth
        // does not spill into the mark of a principal variation.
        let key = 0x51_7c_c1_b7u64;
        table.store(Entry {
            key,
            mv: None,
            score: 0,
            depth: 200,
            bound: Bound::Lower,
            pv: false,
        });
        let back = table.probe(key).unwrap();
        assert_eq!(
            (back.depth, back.pv, back.bound),
            (127, false, Bound::Lower)
        );
    }

    #[test]
    fn a_torn_slot_reads_as_empty_and_deeper_results_stay() {
        let mut table = Table::<Bits>::new(2);
        let entry = |depth, bound| Entry {
            key: 5,
            mv: Some(Bits(9)),
            score: 10,
            depth,
            bound,
            pv: false,
        };
        table.store(entry(8, Bound::Lower));
        table.store(entry(3, Bound::Upper));
        assert_eq!(
            table.probe(5).unwrap().depth,
            8,
            "the shallower bound is refused"
        );
        table.store(entry(3, Bound::Exact));
        assert_eq!(table.probe(5).unwrap().depth, 3, "an exact score replaces");
        // Another writer changed the data but not yet the check word.
        let slot = &table.slots[5 & table.mask];
        slot.data
            .store(slot.data.load(Ordering::Relaxed) ^ 1, Ordering::Relaxed);
        assert!(table.probe(5).is_none());
        table.clear();
        assert!(table.probe(5).is_none());
    }

    #[test]
    fn a_table_large_enough_for_huge_pages_starts_empty_and_keeps_its_last_slot() {
        // 2^20 slots of 16 bytes: 16 MiB, which Linux may back with huge pages.
        let table = Table::<Bits>::new(20);
        assert_eq!(table.slots.len(), 1 << 20);
        let last = (1u64 << 20) - 1 + (7 << 40);
        assert!(table.probe(last).is_none() && table.probe(0).is_none());
        table.prefetch(last);
        let entry = Entry {
            key: last,
            mv: Some(Bits(3)),
            score: -5,
            depth: 4,
            bound: Bound::Lower,
            pv: false,
        };
        table.store(entry);
        assert_eq!(table.probe(last).map(|e| e.score), Some(-5));
    }

    #[test]
    fn quiescence_results_never_displace_a_deeper_search() {
        let table = Table::<Bits>::new(2);
        let entry = |key, depth| Entry {
            key,
            mv: None,
            score: 1,
            depth,
            bound: Bound::Lower,
            pv: false,
        };
        // Keys 1 and 5 share a slot of this four-slot table.
        table.store_shallow(entry(1, 0));
        assert_eq!(
            table.probe(1).map(|e| e.depth),
            Some(0),
            "an empty slot takes it"
        );
        table.store_shallow(entry(5, 0));
        assert!(
            table.probe(1).is_none(),
            "another depth-0 result is replaced"
        );
        assert_eq!(table.probe(5).map(|e| e.depth), Some(0));
        table.store(entry(1, 4));
        table.store_shallow(entry(5, 0));
        assert_eq!(
            table.probe(1).map(|e| e.depth),
            Some(4),
            "the search's entry stays"
        );
        assert!(table.probe(5).is_none());
        table.store_shallow(entry(1, 0));
        assert_eq!(
            table.probe(1).map(|e| e.depth),
            Some(4),
            "even for the same position"
        );
    }
}
