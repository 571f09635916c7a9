//! The transposition table: search results keyed by a position's Zobrist hash.

use crate::score::DECIDED;

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
}

/// A fixed-size, always-replace hash table of search results.
#[derive(Clone, Debug)]
pub struct Table<M> {
    entries: Vec<Entry<M>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` entries.
    pub fn new(bits: u32) -> Table<M> {
        let size = 1usize << bits;
        Table {
            entries: vec![
                Entry {
                    key: 0,
                    mv: None,
                    score: 0,
                    depth: -1,
                    bound: Bound::Upper,
                };
                size
            ],
            mask: size - 1,
        }
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for entry in &mut self.entries {
            entry.key = 0;
            entry.mv = None;
        }
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<&Entry<M>> {
        let entry = &self.entries[key as usize & self.mask];
        (entry.key == key).then_some(entry)
    }

    /// Stores a result, replacing whatever was in its slot unless that is a deeper result
    /// for the same position.
    #[inline]
    pub fn store(&mut self, entry: Entry<M>) {
        let slot = &mut self.entries[entry.key as usize & self.mask];
        if slot.key != entry.key || entry.depth >= slot.depth || entry.bound == Bound::Exact {
            *slot = entry;
        }
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
