//! Move-ordering memory shared by the nodes of one search: killer moves per ply, the
//! history heuristic and the continuation history (how good a move was as the answer to the
//! move before it), keyed by a fast hash of the moves (moves are generic).

use std::hash::{Hash, Hasher};

/// Slots of the history table per side.
const HISTORY_SIZE: usize = 4096;

/// Slots of the continuation history per side where moves are hashed into it.
const CONTINUATION_SIZE: usize = 1 << 16;

/// The most slots per side a continuation history gives every pair of move names its own
/// (beyond, names are hashed into [`CONTINUATION_SIZE`] slots).
const EXACT_CONTINUATION_LIMIT: usize = 1 << 18;

/// The largest magnitude a history score reaches: every update pulls a score toward the
/// bonus by the share `bonus / HISTORY_MAX` of the distance ("gravity"), so scores stay
/// within it and old results fade.
pub const HISTORY_MAX: i32 = 16_384;

// Continuation scores are kept in 16 bits (see `pull_short`).
const _: () = assert!(HISTORY_MAX <= i16::MAX as i32);

/// The deepest ply a search reaches (quiescence included); it bounds the stack used.
pub const MAX_PLY: usize = 64;

/// A small multiplicative hasher (the FxHash mix) for move keys.
#[derive(Default)]
pub(crate) struct MoveHasher(u64);

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

/// How a continuation history names a move: `Some` of the piece moved and the square it
/// lands on (a game's [`piece_and_target`](boardlab_core::Evaluate::piece_and_target)),
/// `None` for the whole move.
pub type ContinuationKey<M> = fn(M) -> Option<u32>;

/// How a continuation history names moves and where it keeps a pair of them.
#[derive(Clone, Copy, Debug)]
pub struct ContinuationNames<M> {
    /// The name of a move ([`ContinuationKey`]).
    pub key: ContinuationKey<M>,
    /// How many names `key` gives (they run from 0 below it), so that each pair of names
    /// may have a slot of its own; 0 where that is not known, and pairs are hashed.
    pub count: u32,
}

impl<M> ContinuationNames<M> {
    /// Every move named as a whole, pairs hashed (the default).
    pub fn whole_moves() -> ContinuationNames<M> {
        ContinuationNames {
            key: whole_move,
            count: 0,
        }
    }

    /// The slots a side's table needs, and whether each pair of names has its own (never
    /// fewer than [`CONTINUATION_SIZE`], which a pair without names is hashed into).
    fn slots(&self) -> (usize, bool) {
        let pairs = self.count as usize * self.count as usize;
        if pairs > 0 && pairs <= EXACT_CONTINUATION_LIMIT {
            (pairs.max(CONTINUATION_SIZE), true)
        } else {
            (CONTINUATION_SIZE, false)
        }
    }
}

/// The slot of the answer `mv` to `previous` in a side's continuation history (`distance` 0:
/// the opponent's last move; 1: the side's own move before it; 2: its move two turns
/// back), each move named by `names` where it names it, else as a whole: with `exact`, the
/// pair's own slot where both moves have a name below the count, else a hash of the pair
/// into [`CONTINUATION_SIZE`] slots (a constant, so the hashed path masks rather than
/// divides).
#[inline]
fn continuation_slot<M: Copy + Hash>(
    previous: &M,
    mv: &M,
    distance: u64,
    names: &ContinuationNames<M>,
    exact: bool,
) -> usize {
    let key = names.key;
    if exact
        && let (Some(before), Some(now)) = (key(*previous), key(*mv))
        && before < names.count
        && now < names.count
    {
        return (before * names.count + now) as usize;
    }
    let mut hasher = MoveHasher::default();
    let add = |hasher: &mut MoveHasher, m: &M| match key(*m) {
        Some(named) => hasher.write_u32(named),
        None => m.hash(hasher),
    };
    add(&mut hasher, previous);
    hasher.write_u64(0x9e37 + distance);
    add(&mut hasher, mv);
    (hasher.finish() >> 32) as usize % CONTINUATION_SIZE
}

/// The key of a search that names every move as a whole (the default).
pub fn whole_move<M>(_: M) -> Option<u32> {
    None
}

/// Pulls `entry` toward the sign of `bonus` (see [`HISTORY_MAX`]).
#[inline]
fn pull(entry: &mut i32, bonus: i32) {
    let bonus = bonus.clamp(-HISTORY_MAX, HISTORY_MAX);
    *entry += bonus - *entry * bonus.abs() / HISTORY_MAX;
}

/// [`pull`] for a continuation score, kept in 16 bits: scores stay within
/// `±HISTORY_MAX`, which fits, so the values are those 32 bits would hold, in half the
/// memory (the continuation tables are the largest the move loop reads).
#[inline]
fn pull_short(entry: &mut i16, bonus: i32) {
    let mut wide = i32::from(*entry);
    pull(&mut wide, bonus);
    *entry = wide as i16;
}

/// The history bonus of a cut-off at `depth` plies.
#[inline]
fn bonus(depth: i32) -> i32 {
    (24 * depth * depth + 32 * depth).min(2_400)
}

/// Killer moves and history scores.
#[derive(Clone, Debug)]
pub struct Ordering<M> {
    killers: Vec<[Option<M>; 2]>,
    history: Vec<i32>,
    /// Scores of answers to the opponent's last move, of follow-ups to the side's own move
    /// before it, and of follow-ups to the side's move two turns back, per side (within
    /// `±HISTORY_MAX`, so 16 bits hold them).
    continuation: [Vec<i16>; 3],
    /// How the continuation histories name a move.
    names: ContinuationNames<M>,
    /// The slots of a side's continuation table, and whether each pair of names has its
    /// own (see [`ContinuationNames`]).
    slots: usize,
    exact: bool,
}

/// The moves before a position that its moves are scored as continuations of: the
/// opponent's last move, the side's own move before it, and the side's move two turns back
/// (four plies before the position; `None` where there is none, a null move, or where the
/// search does not ask for it).
pub type Previous<M> = [Option<M>; 3];

impl<M: Copy + Eq + Hash> Ordering<M> {
    /// Empty memory.
    pub fn new() -> Ordering<M> {
        Ordering {
            killers: vec![[None, None]; MAX_PLY + 1],
            history: vec![0; 2 * HISTORY_SIZE],
            continuation: std::array::from_fn(|_| vec![0; 2 * CONTINUATION_SIZE]),
            names: ContinuationNames::whole_moves(),
            slots: CONTINUATION_SIZE,
            exact: false,
        }
    }

    /// Names moves in the continuation histories by `names` from now on (a search sets it
    /// at its start; scores learnt under other names then mean little until relearnt, and
    /// are forgotten where the tables change size).
    pub fn name_continuations_by(&mut self, names: ContinuationNames<M>) {
        let (slots, exact) = names.slots();
        if slots != self.slots {
            self.continuation = std::array::from_fn(|_| vec![0; 2 * slots]);
        }
        self.names = names;
        self.slots = slots;
        self.exact = exact;
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.killers.iter_mut().for_each(|k| *k = [None, None]);
        self.history.iter_mut().for_each(|h| *h = 0);
        self.continuation.iter_mut().flatten().for_each(|h| *h = 0);
    }

    /// Halves the history scores (between moves, so old knowledge fades).
    pub fn age(&mut self) {
        self.history.iter_mut().for_each(|h| *h /= 2);
        self.continuation.iter_mut().flatten().for_each(|h| *h /= 2);
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

    /// The history score of the quiet move `mv` for the side `side` (0 or 1), played after
    /// the `previous` moves: within `±4 HISTORY_MAX`, higher is better.
    #[inline]
    pub fn score(&self, side: usize, previous: Previous<M>, mv: &M) -> i32 {
        let plain = self.history[side * HISTORY_SIZE + slot(mv)];
        let mut continued = 0;
        for (distance, (table, before)) in self.continuation.iter().zip(previous).enumerate() {
            if let Some(p) = before {
                let slot = self.continuation_slot(&p, mv, distance);
                continued += i32::from(table[side * self.slots + slot]);
            }
        }
        plain + continued
    }

    /// Records that the quiet move `best` refuted a position at `ply` searched to `depth`
    /// (a new killer and a history bonus), and that the quiet moves `tried` before it did
    /// not (a history malus). The continuations of the `previous` moves are scored too.
    pub fn reward(
        &mut self,
        side: usize,
        ply: usize,
        depth: i32,
        previous: Previous<M>,
        best: M,
        tried: &[M],
    ) {
        if let Some(killers) = self.killers.get_mut(ply)
            && killers[0] != Some(best)
        {
            killers[1] = killers[0];
            killers[0] = Some(best);
        }
        self.pull_scores(side, previous, best, bonus(depth));
        self.punish(side, depth, previous, tried);
    }

    /// Raises the history and continuation scores of the quiet move `mv` as a cut-off at
    /// `depth` would, without making it a killer (its ply's search is over).
    pub fn reward_history(&mut self, side: usize, depth: i32, previous: Previous<M>, mv: M) {
        self.pull_scores(side, previous, mv, bonus(depth));
    }

    /// Records that the quiet moves `tried` did not refute a position searched to `depth`
    /// that a capture then refuted (a history malus, for the continuations of the `previous`
    /// moves too; no killer).
    pub fn punish(&mut self, side: usize, depth: i32, previous: Previous<M>, tried: &[M]) {
        let bonus = bonus(depth);
        for &mv in tried {
            self.pull_scores(side, previous, mv, -bonus);
        }
    }

    /// Pulls the plain and continuation scores of `mv` by `change`.
    fn pull_scores(&mut self, side: usize, previous: Previous<M>, mv: M, change: i32) {
        pull(&mut self.history[side * HISTORY_SIZE + slot(&mv)], change);
        for (distance, before) in previous.into_iter().enumerate() {
            if let Some(p) = before {
                let slot = side * self.slots + self.continuation_slot(&p, &mv, distance);
                pull_short(&mut self.continuation[distance][slot], change);
            }
        }
    }

    /// The slot of the answer `mv` to `previous` at `distance` in a side's continuation
    /// table.
    #[inline]
    fn continuation_slot(&self, previous: &M, mv: &M, distance: usize) -> usize {
        continuation_slot(previous, mv, distance as u64, &self.names, self.exact)
    }
}

impl<M: Copy + Eq + Hash> Default for Ordering<M> {
    fn default() -> Self {
        Ordering::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_history_reward_raises_a_move_without_making_it_a_killer() {
        let mut ordering = Ordering::<u16>::new();
        ordering.reward_history(1, 4, [Some(7), None, None], 10);
        assert!(
            ordering.score(1, [Some(7), None, None], &10)
                > ordering.score(1, [None, None, None], &10)
        );
        assert!(ordering.score(1, [None, None, None], &10) > 0);
        assert_eq!(ordering.score(0, [Some(7), None, None], &10), 0);
        assert_eq!(ordering.killer_rank(4, 10), 0);
    }

    #[test]
    fn a_refuting_move_rises_and_the_moves_tried_before_it_fall() {
        let mut ordering = Ordering::<u16>::new();
        ordering.reward(0, 3, 5, [Some(7), Some(8), None], 10, &[11, 12]);
        assert!(ordering.score(0, [Some(7), Some(8), None], &10) > 0);
        assert!(ordering.score(0, [Some(7), Some(8), None], &11) < 0);
        // The other side's scores are untouched.
        assert_eq!(ordering.score(1, [Some(7), Some(8), None], &10), 0);
        assert_eq!(ordering.killer_rank(3, 10), 2);
        // Without previous moves only the plain history counts.
        let plain = ordering.score(0, [None, None, None], &10);
        assert!(plain < ordering.score(0, [Some(7), None, None], &10));
        assert!(plain < ordering.score(0, [None, Some(8), None], &10));
        assert!(
            ordering.score(0, [Some(7), None, None], &10)
                < ordering.score(0, [Some(7), Some(8), None], &10)
        );
    }

    #[test]
    fn moves_named_alike_share_their_continuation_scores() {
        // Named by their last digit (as a piece and its target square name a move), 13 and
        // 23 answer 7 alike; the plain history still tells them apart.
        let mut ordering = Ordering::<u16>::new();
        ordering.name_continuations_by(ContinuationNames {
            key: |m| Some(u32::from(m % 10)),
            count: 0,
        });
        ordering.reward(0, 3, 5, [Some(7), None, None], 13, &[]);
        let plain_23 = ordering.score(0, [None, None, None], &23);
        assert!(ordering.score(0, [None, None, None], &13) > plain_23);
        let continued_13 = ordering.score(0, [Some(7), None, None], &13)
            - ordering.score(0, [None, None, None], &13);
        assert!(continued_13 > 0);
        assert_eq!(
            ordering.score(0, [Some(17), None, None], &23) - plain_23,
            continued_13
        );
        // By the whole move, 23 learns nothing from 13's cut-off.
        let mut whole = Ordering::<u16>::new();
        whole.reward(0, 3, 5, [Some(7), None, None], 13, &[]);
        assert_eq!(
            whole.score(0, [Some(7), None, None], &23),
            whole.score(0, [None, None, None], &23)
        );
    }

    #[test]
    fn counted_names_give_every_pair_a_slot_of_its_own() {
        let names = ContinuationNames::<u16> {
            key: |m| Some(u32::from(m % 10)),
            count: 10,
        };
        let (slots, exact) = names.slots();
        assert!(exact);
        assert_eq!(slots, CONTINUATION_SIZE);
        let mut seen = std::collections::HashSet::new();
        for before in 0..10u16 {
            for now in 0..10u16 {
                let slot = continuation_slot(&before, &now, 1, &names, exact);
                assert!(slot < 100);
                assert!(seen.insert(slot), "{before} then {now} shares a slot");
            }
        }
        // Learnt through names that share nothing: an answer to 7 teaches nothing about
        // the same answer to 8.
        let mut ordering = Ordering::<u16>::new();
        ordering.name_continuations_by(names);
        ordering.reward(0, 3, 5, [Some(7), None, None], 13, &[]);
        let plain = ordering.score(0, [None, None, None], &13);
        assert!(ordering.score(0, [Some(7), None, None], &13) > plain);
        assert_eq!(ordering.score(0, [Some(8), None, None], &13), plain);
        assert!(
            ordering.score(0, [Some(17), None, None], &23)
                > ordering.score(0, [None, None, None], &23)
        );
        // A name at or past the count is hashed, inside the table.
        let stray = ContinuationNames::<u16> {
            key: |m| Some(u32::from(m)),
            count: 10,
        };
        ordering.name_continuations_by(stray);
        ordering.reward(0, 3, 5, [Some(7), None, None], 4_000, &[]);
        assert!(
            ordering.score(0, [Some(7), None, None], &4_000)
                > ordering.score(0, [None, None, None], &4_000)
        );
        // Too many names for a slot a pair: hashed as before.
        let many = ContinuationNames::<u16> {
            key: |m| Some(u32::from(m)),
            count: 1 << 16,
        };
        assert_eq!(many.slots(), (CONTINUATION_SIZE, false));
    }

    #[test]
    fn a_move_two_turns_back_has_a_continuation_of_its_own() {
        let mut ordering = Ordering::<u16>::new();
        ordering.reward(0, 3, 5, [None, None, Some(7)], 10, &[]);
        let plain = ordering.score(0, [None, None, None], &10);
        assert!(ordering.score(0, [None, None, Some(7)], &10) > plain);
        // The same move as the opponent's last or the side's move before teaches nothing.
        assert_eq!(ordering.score(0, [Some(7), None, None], &10), plain);
        assert_eq!(ordering.score(0, [None, Some(7), None], &10), plain);
    }

    #[test]
    fn punished_moves_fall_and_no_killer_is_set() {
        let mut ordering = Ordering::<u16>::new();
        ordering.punish(0, 5, [Some(7), None, None], &[11]);
        assert!(
            ordering.score(0, [Some(7), None, None], &11)
                < ordering.score(0, [None, None, None], &11)
        );
        assert!(ordering.score(0, [None, None, None], &11) < 0);
        assert_eq!(ordering.killer_rank(2, 11), 0);
    }

    #[test]
    fn sixteen_bit_continuation_scores_move_as_thirty_two_bit_ones() {
        for start in (-HISTORY_MAX..=HISTORY_MAX).step_by(97) {
            for bonus in (-2 * HISTORY_MAX..=2 * HISTORY_MAX).step_by(89) {
                let mut wide = start;
                pull(&mut wide, bonus);
                let mut short = start as i16;
                pull_short(&mut short, bonus);
                assert_eq!(i32::from(short), wide, "from {start} by {bonus}");
                assert!(wide.abs() <= HISTORY_MAX);
            }
        }
    }

    #[test]
    fn history_scores_stay_within_their_bound() {
        // The plain history and one bound for each continuation: two previous moves give
        // three bounds, a third continuation at most one more.
        for (previous, bounds) in [
            ([Some(1), Some(4), None], 3),
            ([Some(1), Some(4), Some(5)], 4),
        ] {
            let mut ordering = Ordering::<u16>::new();
            for _ in 0..1_000 {
                ordering.reward(1, 0, 40, previous, 2, &[3]);
            }
            assert!(ordering.score(1, previous, &2) <= bounds * HISTORY_MAX);
            if previous[2].is_some() {
                assert!(ordering.score(1, previous, &2) > 3 * HISTORY_MAX);
            }
            assert!(ordering.score(1, previous, &3) >= -bounds * HISTORY_MAX);
            ordering.age();
            assert!(ordering.score(1, previous, &2) <= bounds * HISTORY_MAX / 2);
            assert_eq!(ordering.killer_rank(0, 2), 0);
        }
    }
}
