//! Move-ordering memory shared by the nodes of one search: killer moves per ply and the
//! history heuristic, keyed by a fast hash of the move (moves are generic).

use std::hash::{Hash, Hasher};

/// Slots of the history table per side.
const HISTORY_SIZE: usize = 4096;

/// The deepest ply a search reaches (quiescence included); it bounds the stack used.
pub const MAX_PLY: usize = 64;

/// A small multiplicative hasher (the FxHash mix) for move keys.
#[derive(Default)]
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.write_u64(n as u64);
    }

    fn write_u16(&mut self, n: u16) {
        self.write_u64(n as u64);
    }

    fn write_u32(&mut self, n: u32) {
        self.write_u64(n as u64);
    }

    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

/// The slot of a move in the history table.
#[inline]
fn slot<M: Hash>(mv: &M) -> usize {
    let mut hasher = MoveHasher::default();
    mv.hash(&mut hasher);
    (hasher.finish() >> 40) as usize % HISTORY_SIZE
}

/// Killer moves and history scores.
#[derive(Clone, Debug)]
pub struct Ordering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
}

impl<M: Copy + Eq + Hash> Ordering<M> {
    /// Empty memory.
    pub fn new() -> Ordering<M> {
        Ordering {
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; 2 * HISTORY_SIZE],
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.history.iter_mut().for_each(|h| *h = 0);
    }

    /// Halves the history scores (between moves, so old knowledge fades).
    pub fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
    }

    /// Whether `mv` is a killer at `ply`: 2 for the first, 1 for the second, else 0.
    #[inline]
    pub fn killer_rank(&self, ply: usize, mv: M) -> i32 {
        match self.killers.get(ply) {
            Some([Some(a), _]) if *a == mv => 2,
            Some([_, Some(b)]) if *b == mv => 1,
            _ => 0,
        }
    }

    /// The history score of `mv` for the side `side` (0 or 1).
    #[inline]
    pub fn history(&self, side: usize, mv: &M) -> i32 {
        self.history[side * HISTORY_SIZE + slot(mv)]
    }

    /// Records that the quiet move `mv` refuted a position at `ply` searched to `depth`.
    pub fn reward(&mut self, side: usize, ply: usize, depth: i32, mv: M) {
        if let Some(killers) = self.killers.get_mut(ply)
            && killers[0] != Some(mv)
        {
            killers[1] = killers[0];
            killers[0] = Some(mv);
        }
        let entry = &mut self.history[side * HISTORY_SIZE + slot(&mv)];
        *entry = (*entry + depth * depth).min(1 << 20);
    }
}

impl<M: Copy + Eq + Hash> Default for Ordering<M> {
    fn default() -> Self {
        Ordering::new()
    }
}
