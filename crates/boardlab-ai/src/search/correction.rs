//! Correction history: how far, on average, the static evaluation fell short of or beyond
//! the search's score in positions that share a structure key
//! ([`Evaluate::structure_key`](boardlab_core::Evaluate::structure_key)), and, where the
//! search asks, in positions where one side's other pieces stand alike
//! ([`Evaluate::piece_keys`](boardlab_core::Evaluate::piece_keys)), so that later static
//! evaluations of such positions are moved toward what the searches found.

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
}

/// Learned corrections of the static evaluation: per side to move and structure key, and
/// per side to move, owner and piece key.
#[derive(Clone, Debug)]
pub struct Correction {
    table: Vec<i32>,
    pieces: Vec<i32>,
}

impl Correction {
    /// No corrections yet.
    pub fn new() -> Correction {
        Correction {
            table: vec![0; 2 * SIZE],
            pieces: vec![0; 4 * SIZE],
        }
    }

    /// Forgets every correction (a new game).
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|c| *c = 0);
        self.pieces.iter_mut().for_each(|c| *c = 0);
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
    /// at `pieces_percent` percent (0: the piece tables are not read).
    #[inline]
    pub fn apply(&self, side: usize, keys: CorrectionKeys, pieces_percent: i32, eval: i32) -> i32 {
        let mut sum = keys
            .structure
            .map_or(0, |key| self.table[Self::slot(side, key)]);
        if pieces_percent > 0
            && let Some(pieces) = keys.pieces
        {
            let [one, two] = Self::piece_slots(side, pieces).map(|slot| self.pieces[slot]);
            sum += (one + two) * pieces_percent / 100;
        }
        eval + sum / GRAIN
    }

    /// Learns from a search to `depth` that found `score` where the (corrected) static
    /// evaluation said `eval`: deeper searches teach more. The piece tables learn only
    /// where `keys` has piece keys.
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

    #[test]
    fn corrections_follow_the_searches_within_their_limit() {
        let mut correction = Correction::new();
        let keys = CorrectionKeys {
            structure: Some(7),
            pieces: None,
        };
        assert_eq!(correction.apply(0, keys, 0, 50), 50);
        for _ in 0..1_000 {
            correction.learn(0, keys, 10, 50, 350);
        }
        assert_eq!(correction.apply(0, keys, 0, 50), 50 + LIMIT);
        // The other side and positions without a key are untouched.
        assert_eq!(correction.apply(1, keys, 0, 50), 50);
        assert_eq!(correction.apply(0, CorrectionKeys::default(), 0, 50), 50);
        correction.clear();
        assert_eq!(correction.apply(0, keys, 0, 50), 50);
    }

    #[test]
    fn piece_tables_learn_and_count_only_when_asked() {
        let mut correction = Correction::new();
        let pieces = Some([3 << 50, 5 << 50]);
        let keys = CorrectionKeys {
            structure: None,
            pieces,
        };
        // Without piece keys the piece tables learn nothing.
        correction.learn(0, CorrectionKeys::default(), 10, 0, 200);
        assert_eq!(correction.apply(0, keys, 100, 0), 0);
        for _ in 0..1_000 {
            correction.learn(0, keys, 10, 0, 200);
        }
        // Both owners' entries are full: at 100% each counts its limit, at 50% half.
        assert_eq!(correction.apply(0, keys, 100, 0), 2 * LIMIT);
        assert_eq!(correction.apply(0, keys, 50, 0), LIMIT);
        assert_eq!(correction.apply(0, keys, 0, 0), 0);
        // The other side to move has tables of its own; another arrangement of one
        // owner's pieces shares only the other owner's entry.
        assert_eq!(correction.apply(1, keys, 100, 0), 0);
        let moved = CorrectionKeys {
            structure: None,
            pieces: Some([3 << 50, 6 << 50]),
        };
        assert_eq!(correction.apply(0, moved, 100, 0), LIMIT);
    }
}
