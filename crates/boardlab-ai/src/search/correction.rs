//! Correction history: how far, on average, the static evaluation fell short of or beyond
//! the search's score in positions that share a structure key
//! ([`Evaluate::structure_key`](boardlab_core::Evaluate::structure_key)), and, where the
//! search asks, in positions where one side's other pieces stand alike
//! ([`Evaluate::piece_keys`](boardlab_core::Evaluate::piece_keys)) or that were reached by
//! the same last two moves, so that later static evaluations of such positions are moved
//! toward what the searches found.

use std::hash::{Hash, Hasher};

use crate::search::ordering::MoveHasher;

/// Slots per side.
const SIZE: usize = 1 << 14;

/// Fractions of a hundredth kept in each slot, so that small steps add up.
const GRAIN: i32 = 256;

/// The largest correction, in hundredths of the basic piece.
const LIMIT: i32 = 100;

/// The largest gap between score and evaluation one search result may teach.
const GAP_LIMIT: i32 = 400;

/// What a position shares with others for the correction history: its structure and the
/// arrangement of each player's other pieces (see the [module](self)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CorrectionKeys {
    /// The structure key.
    pub structure: Option<u64>,
    /// The piece keys, Player One's first.
    pub pieces: Option<[u64; 2]>,
    /// A hash of the last two moves played ([`continuation_key`]).
    pub continuation: Option<u64>,
}

/// How much the piece and continuation tables count, each in percent of the structure
/// table (0: nothing; the search then gives no such keys, so that the table is not read).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CorrectionWeights {
    /// The weight of each owner's piece table.
    pub pieces: i32,
    /// The weight of the continuation table.
    pub continuation: i32,
}

/// The continuation key of a position reached by `last`, played after `before` (`None`:
/// the root, or a null move): a hash of the two moves; `None` where `last` is `None`.
#[inline]
pub fn continuation_key<M: Hash>(last: Option<M>, before: Option<M>) -> Option<u64> {
    let last = last?;
    let mut hasher = MoveHasher::default();
    last.hash(&mut hasher);
    before.hash(&mut hasher);
    Some(hasher.finish())
}

/// Learned corrections of the static evaluation: per side to move and structure key, per
/// side to move, owner and piece key, and per side to move and continuation key.
#[derive(Clone, Debug)]
pub struct Correction {
    table: Vec<i32>,
    pieces: Vec<i32>,
    continuation: Vec<i32>,
}

impl Correction {
    /// No corrections yet.
    pub fn new() -> Correction {
        Correction {
            table: vec![0; 2 * SIZE],
            pieces: vec![0; 4 * SIZE],
            continuation: vec![0; 2 * SIZE],
        }
    }

    /// Forgets every correction (a new game).
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|c| *c = 0);
        self.pieces.iter_mut().for_each(|c| *c = 0);
        self.continuation.iter_mut().for_each(|c| *c = 0);
    }

    #[inline]
    fn slot(side: usize, key: u64) -> usize {
        side * SIZE + (key >> 50) as usize % SIZE
    }

    /// The slots of the piece tables for `side` to move: one per owner.
    #[inline]
    fn piece_slots(side: usize, keys: [u64; 2]) -> [usize; 2] {
        [0, 1].map(|owner| Self::slot(2 * side + owner, keys[owner]))
    }

    /// `eval`, the static evaluation for `side` of a position with `keys`, with the
    /// corrections learned for them added: the structure's in full, each owner's pieces'
    /// and the continuation's at their `weights`.
    #[inline]
    pub fn apply(
        &self,
        side: usize,
        keys: CorrectionKeys,
        weights: CorrectionWeights,
        eval: i32,
    ) -> i32 {
        let mut sum = keys
            .structure
            .map_or(0, |key| self.table[Self::slot(side, key)]);
        if let Some(pieces) = keys.pieces {
            let [one, two] = Self::piece_slots(side, pieces).map(|slot| self.pieces[slot]);
            sum += (one + two) * weights.pieces / 100;
        }
        if let Some(key) = keys.continuation {
            sum += self.continuation[Self::slot(side, key)] * weights.continuation / 100;
        }
        eval + sum / GRAIN
    }

    /// Learns from a search to `depth` that found `score` where the (corrected) static
    /// evaluation said `eval`: deeper searches teach more. Each table learns only where
    /// `keys` has its key.
    #[inline]
    pub fn learn(&mut self, side: usize, keys: CorrectionKeys, depth: i32, eval: i32, score: i32) {
        let gap = (score - eval).clamp(-GAP_LIMIT, GAP_LIMIT);
        let step = gap * GRAIN * depth.clamp(1, 16) / 128;
        let nudge = |entry: &mut i32| {
            *entry = (*entry + step).clamp(-LIMIT * GRAIN, LIMIT * GRAIN);
        };
        if let Some(key) = keys.structure {
            nudge(&mut self.table[Self::slot(side, key)]);
        }
        if let Some(keys) = keys.pieces {
            for slot in Self::piece_slots(side, keys) {
                nudge(&mut self.pieces[slot]);
            }
        }
        if let Some(key) = keys.continuation {
            nudge(&mut self.continuation[Self::slot(side, key)]);
        }
    }
}

impl Default for Correction {
    fn default() -> Self {
        Correction::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The piece tables at `percent`, the continuation table not read.
    fn piece_weight(percent: i32) -> CorrectionWeights {
        CorrectionWeights {
            pieces: percent,
            continuation: 0,
        }
    }

    #[test]
    fn corrections_follow_the_searches_within_their_limit() {
        let mut correction = Correction::new();
        let keys = CorrectionKeys {
            structure: Some(7),
            ..CorrectionKeys::default()
        };
        assert_eq!(correction.apply(0, keys, piece_weight(0), 50), 50);
        for _ in 0..1_000 {
            correction.learn(0, keys, 10, 50, 350);
        }
        assert_eq!(correction.apply(0, keys, piece_weight(0), 50), 50 + LIMIT);
        // The other side and positions without a key are untouched.
        assert_eq!(correction.apply(1, keys, piece_weight(0), 50), 50);
        assert_eq!(
            correction.apply(0, CorrectionKeys::default(), piece_weight(0), 50),
            50
        );
        correction.clear();
        assert_eq!(correction.apply(0, keys, piece_weight(0), 50), 50);
    }

    #[test]
    fn piece_tables_learn_and_count_only_when_asked() {
        let mut correction = Correction::new();
        let pieces = Some([3 << 50, 5 << 50]);
        let keys = CorrectionKeys {
            pieces,
            ..CorrectionKeys::default()
        };
        // Without piece keys the piece tables learn nothing.
        correction.learn(0, CorrectionKeys::default(), 10, 0, 200);
        assert_eq!(correction.apply(0, keys, piece_weight(100), 0), 0);
        for _ in 0..1_000 {
            correction.learn(0, keys, 10, 0, 200);
        }
        // Both owners' entries are full: at 100% each counts its limit, at 50% half.
        assert_eq!(correction.apply(0, keys, piece_weight(100), 0), 2 * LIMIT);
        assert_eq!(correction.apply(0, keys, piece_weight(50), 0), LIMIT);
        assert_eq!(correction.apply(0, keys, piece_weight(0), 0), 0);
        // The other side to move has tables of its own; another arrangement of one
        // owner's pieces shares only the other owner's entry.
        assert_eq!(correction.apply(1, keys, piece_weight(100), 0), 0);
        let moved = CorrectionKeys {
            pieces: Some([3 << 50, 6 << 50]),
            ..CorrectionKeys::default()
        };
        assert_eq!(correction.apply(0, moved, piece_weight(100), 0), LIMIT);
    }

    #[test]
    fn the_continuation_table_learns_per_last_two_moves() {
        let mut correction = Correction::new();
        let key = |last: Option<u16>, before: Option<u16>| CorrectionKeys {
            continuation: continuation_key(last, before),
            ..CorrectionKeys::default()
        };
        // A null move (no last move) gives no key.
        assert_eq!(continuation_key(None, Some(3u16)), None);
        let weights = |percent| CorrectionWeights {
            pieces: 0,
            continuation: percent,
        };
        for _ in 0..1_000 {
            correction.learn(1, key(Some(7), Some(3)), 10, 0, -300);
        }
        assert_eq!(
            correction.apply(1, key(Some(7), Some(3)), weights(100), 0),
            -LIMIT
        );
        assert_eq!(
            correction.apply(1, key(Some(7), Some(3)), weights(50), 0),
            -LIMIT / 2
        );
        assert_eq!(correction.apply(1, key(Some(7), Some(3)), weights(0), 0), 0);
        // The order of the moves, the other side to move and other moves are apart.
        assert_eq!(
            correction.apply(1, key(Some(3), Some(7)), weights(100), 0),
            0
        );
        assert_eq!(
            correction.apply(0, key(Some(7), Some(3)), weights(100), 0),
            0
        );
        assert_eq!(correction.apply(1, key(Some(7), None), weights(100), 0), 0);
    }
}
