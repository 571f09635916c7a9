//! A network's hidden sums for one position, kept by the search ply by ply so that a child
//! position's sums come from its parent's by the few inputs a move changes (the game says
//! which: [`network_changes`](boardlab_core::Evaluate::network_changes)), not from the whole
//! board.

use super::model::Network;
use boardlab_core::Evaluate;

/// More changed inputs than this (per view) and the sums are made from the whole board.
const MAX_CHANGES: usize = 16;

/// The hidden values handled together by [`update`].
const LANES: usize = 32;

/// The hidden sums of one position, from both players' views, with the position.
#[derive(Clone, Debug)]
pub struct Accumulator<P> {
    /// The position the sums are for (`None`: none yet).
    position: Option<P>,
    /// Player 1's view's sums, then Player 2's (`2 x hidden`).
    sums: Vec<i16>,
}

impl<P> Default for Accumulator<P> {
    fn default() -> Self {
        Accumulator {
            position: None,
            sums: Vec::new(),
        }
    }
}

impl<P: Evaluate> Accumulator<P> {
    /// Whether these are the sums of `position`.
    #[inline]
    pub fn holds(&self, position: &P) -> bool {
        self.position.as_ref() == Some(position)
    }

    /// Forgets the sums (they no longer belong to any position).
    pub fn clear(&mut self) {
        self.position = None;
    }
}

/// The inputs that a move adds and removes, in each view: `added[view][..counts[view].0]`
/// and `removed[view][..counts[view].1]`.
struct Changes {
    added: [[u16; MAX_CHANGES]; 2],
    removed: [[u16; MAX_CHANGES]; 2],
    counts: [(usize, usize); 2],
}

impl Changes {
    /// Notes one changed input; false when there are too many.
    #[inline]
    fn note(&mut self, added: bool, one: usize, two: usize) -> bool {
        for (view, input) in [(0, one), (1, two)] {
            let (count, list) = if added {
                (&mut self.counts[view].0, &mut self.added[view])
            } else {
                (&mut self.counts[view].1, &mut self.removed[view])
            };
            if *count == MAX_CHANGES {
                return false;
            }
            list[*count] = input as u16;
            *count += 1;
        }
        true
    }
}

impl Network {
    /// Fills `acc` with the sums of `position`, from those of `parent` when the game can
    /// tell the inputs that differ (usually `parent` holds the position one move earlier),
    /// else from the whole board.
    pub fn accumulate<P: Evaluate>(
        &self,
        position: &P,
        parent: Option<&Accumulator<P>>,
        acc: &mut Accumulator<P>,
    ) {
        let hidden = self.hidden();
        acc.sums.resize(2 * hidden, 0);
        acc.position = Some(*position);
        if let Some((before, parent)) = parent
            .and_then(|p| p.position.as_ref().map(|before| (before, p)))
            .filter(|(_, p)| p.sums.len() == 2 * hidden)
        {
            let mut changes = Changes {
                added: [[0; MAX_CHANGES]; 2],
                removed: [[0; MAX_CHANGES]; 2],
                counts: [(0, 0); 2],
            };
            let mut fits = true;
            let known = position.network_changes(before, |added, one, two| {
                fits = fits && changes.note(added, one, two);
            });
            if known && fits {
                for view in 0..2 {
                    let range = view * hidden..(view + 1) * hidden;
                    let (added, removed) = changes.counts[view];
                    self.update(
                        &parent.sums[range.clone()],
                        &mut acc.sums[range],
                        &changes.added[view][..added],
                        &changes.removed[view][..removed],
                    );
                }
                return;
            }
        }
        let (one, two) = acc.sums.split_at_mut(hidden);
        one.copy_from_slice(self.hidden_bias());
        two.copy_from_slice(self.hidden_bias());
        position.network_features(|a, b| {
            add_row(one, self.row(a));
            add_row(two, self.row(b));
        });
    }

    /// The evaluation of the position whose sums `acc` holds.
    pub fn evaluate_sums<P: Evaluate>(&self, acc: &Accumulator<P>, position: &P) -> i32 {
        let (one, two) = acc.sums.split_at(self.hidden());
        let bucket = position.network_bucket();
        match position.side_to_move() {
            boardlab_core::Player::One => self.output(one, two, bucket),
            boardlab_core::Player::Two => self.output(two, one, bucket),
        }
    }
}

impl Network {
    /// `sums = parent + the rows of the inputs added - those of the inputs removed`, a
    /// block of hidden values at a time.
    #[inline]
    fn update(&self, parent: &[i16], sums: &mut [i16], added: &[u16], removed: &[u16]) {
        for (block, (from, to)) in parent
            .chunks_exact(LANES)
            .zip(sums.chunks_exact_mut(LANES))
            .enumerate()
        {
            let mut lanes = [0i16; LANES];
            lanes.copy_from_slice(from);
            let at = block * LANES;
            for &input in added {
                let row = &self.row(input as usize)[at..at + LANES];
                for (x, w) in lanes.iter_mut().zip(row) {
                    *x = x.wrapping_add(*w);
                }
            }
            for &input in removed {
                let row = &self.row(input as usize)[at..at + LANES];
                for (x, w) in lanes.iter_mut().zip(row) {
                    *x = x.wrapping_sub(*w);
                }
            }
            to.copy_from_slice(&lanes);
        }
    }
}

/// Adds an input's weights to a view's sums.
#[inline]
pub(super) fn add_row(sums: &mut [i16], row: &[i16]) {
    for (s, w) in sums.iter_mut().zip(row) {
        *s = s.wrapping_add(*w);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learning::network::FloatWeights;
    use boardlab_core::Position;
    use boardlab_games::obsidian::Obsidian;
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    #[test]
    fn updated_sums_equal_sums_from_the_board() {
        let mut rng = SmallRng::seed_from_u64(5);
        let hidden = 32;
        let inputs = Obsidian::NETWORK_INPUTS;
        let weights = FloatWeights {
            input_weights: (0..inputs * hidden)
                .map(|_| rng.random_range(-0.5..0.5))
                .collect(),
            hidden_bias: (0..hidden).map(|_| rng.random_range(-0.5..0.5)).collect(),
            output_weights: (0..2 * hidden * Obsidian::NETWORK_BUCKETS)
                .map(|_| rng.random_range(-1.0..1.0))
                .collect(),
            output_bias: vec![0.1; Obsidian::NETWORK_BUCKETS],
        };
        let net = Network::from_float("obsidian/test", inputs, 300.0, &weights).unwrap();
        for game in 0..20 {
            let mut position = Obsidian::default();
            let mut parent = Accumulator::<Obsidian>::default();
            net.accumulate(&position, None, &mut parent);
            for _ in 0..80 {
                let moves = position.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                position.play(moves[rng.random_range(0..moves.len())]);
                let mut child = Accumulator::<Obsidian>::default();
                net.accumulate(&position, Some(&parent), &mut child);
                let mut fresh = Accumulator::<Obsidian>::default();
                net.accumulate(&position, None, &mut fresh);
                assert_eq!(child.sums, fresh.sums, "game {game}: {position}");
                assert_eq!(
                    net.evaluate_sums(&child, &position),
                    net.evaluate(&position)
                );
                parent = child;
            }
        }
    }
}
