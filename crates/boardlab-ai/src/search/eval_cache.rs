//! A small table of static evaluations keyed by a position's Zobrist hash, so that a
//! position met again (by a transposition, a re-search or the next move's search) is not
//! evaluated twice; with it, the corrections the searches learned for those evaluations.

use crate::search::correction::Correction;

/// An always-replace table of evaluations.
#[derive(Clone, Debug)]
pub struct EvalCache {
    entries: Vec<(u64, i32)>,
    mask: usize,
    /// What the searches learned about the evaluations' errors.
    pub correction: Correction,
}

impl EvalCache {
    /// A table of `2^bits` evaluations.
    pub fn new(bits: u32) -> EvalCache {
        let size = 1usize << bits;
        EvalCache {
            entries: vec![(0, 0); size],
            mask: size - 1,
            correction: Correction::new(),
        }
    }

    /// Starts loading the entry of `key` into the processor's cache, for a lookup soon after.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        crate::search::memory_hints::prefetch(&self.entries[key as usize & self.mask]);
    }

    /// The evaluation stored for `key`, if any.
    #[inline]
    pub fn get(&self, key: u64) -> Option<i32> {
        let (stored, eval) = self.entries[key as usize & self.mask];
        (stored == key && key != 0).then_some(eval)
    }

    /// Stores the evaluation of the position whose hash is `key`.
    #[inline]
    pub fn put(&mut self, key: u64, eval: i32) {
        self.entries[key as usize & self.mask] = (key, eval);
    }

    /// Forgets every evaluation (new weights or a new game).
    pub fn clear(&mut self) {
        self.entries.iter_mut().for_each(|e| *e = (0, 0));
        self.correction.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_evaluation_is_found_under_its_own_key_only() {
        let mut cache = EvalCache::new(4);
        cache.put(0x1234_5678_9abc_def1, 42);
        assert_eq!(cache.get(0x1234_5678_9abc_def1), Some(42));
        // Same slot, other position.
        assert_eq!(cache.get(0x1234_5678_9abc_dee1), None);
        cache.put(0x1234_5678_9abc_dee1, -7);
        assert_eq!(cache.get(0x1234_5678_9abc_def1), None);
        cache.clear();
        assert_eq!(cache.get(0x1234_5678_9abc_dee1), None);
    }
}
