//! Correction history: how far, on average, the static evaluation fell short of or beyond
//! the search's score in positions that share a structure key
//! ([`Evaluate::structure_key`](boardlab_core::Evaluate::structure_key)), so that later
//! static evaluations of such positions are moved toward what the searches found.

/// Slots per side.
const SIZE: usize = 1 << 14;

/// Fractions of a hundredth kept in each slot, so that small steps add up.
const GRAIN: i32 = 256;

/// The largest correction, in hundredths of the basic piece.
const LIMIT: i32 = 100;

/// The largest gap between score and evaluation one search result may teach.
const GAP_LIMIT: i32 = 400;

/// Learned corrections of the static evaluation, per side and structure key.
#[derive(Clone, Debug)]
pub struct Correction {
    table: Vec<i32>,
}

impl Correction {
    /// No corrections yet.
    pub fn new() -> Correction {
        Correction {
            table: vec![0; 2 * SIZE],
        }
    }

    /// Forgets every correction (a new game).
    pub fn clear(&mut self) {
        self.table.iter_mut().for_each(|c| *c = 0);
    }

    #[inline]
    fn slot(side: usize, key: u64) -> usize {
        side * SIZE + (key >> 50) as usize % SIZE
    }

    /// `eval`, the static evaluation for `side` of a position with structure `key`, with
    /// the correction learned for that structure added.
    #[inline]
    pub fn apply(&self, side: usize, key: Option<u64>, eval: i32) -> i32 {
        match key {
            Some(key) => eval + self.table[Self::slot(side, key)] / GRAIN,
            None => eval,
        }
    }

    /// Learns from a search to `depth` that found `score` where the (corrected) static
    /// evaluation said `eval`: deeper searches teach more.
    #[inline]
    pub fn learn(&mut self, side: usize, key: Option<u64>, depth: i32, eval: i32, score: i32) {
        let Some(key) = key else { return };
        let gap = (score - eval).clamp(-GAP_LIMIT, GAP_LIMIT);
        let weight = depth.clamp(1, 16);
        let entry = &mut self.table[Self::slot(side, key)];
        *entry = (*entry + gap * GRAIN * weight / 128).clamp(-LIMIT * GRAIN, LIMIT * GRAIN);
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
        assert_eq!(correction.apply(0, Some(7), 50), 50);
        for _ in 0..1_000 {
            correction.learn(0, Some(7), 10, 50, 350);
        }
        assert_eq!(correction.apply(0, Some(7), 50), 50 + LIMIT);
        // The other side and positions without a key are untouched.
        assert_eq!(correction.apply(1, Some(7), 50), 50);
        assert_eq!(correction.apply(0, None, 50), 50);
        correction.clear();
        assert_eq!(correction.apply(0, Some(7), 50), 50);
    }
}
