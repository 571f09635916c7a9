//! A network's hidden sums for one position, kept by the search ply by ply so that a child
//! position's sums come from its parent's by the few features a move changes, not from the
//! whole board.

use super::model::Network;
use arrayvec::ArrayVec;
use boardlab_core::{Evaluate, Player};

/// More changed inputs than this (per view) and the sums are made from the whole board.
const MAX_CHANGES: usize = 16;

/// The hidden values handled together by [`update`].
const LANES: usize = 32;

/// The hidden sums of one position, from both players' views, and the inputs they hold.
#[derive(Clone, Debug, Default)]
pub struct Accumulator {
    /// The hash of the position the sums are for (0: none yet).
    key: u64,
    /// The inputs that hold, a bit each: Player 1's view's words, then Player 2's.
    inputs: Vec<u64>,
    /// Player 1's view's sums, then Player 2's (`2 x hidden`).
    sums: Vec<i16>,
}

impl Accumulator {
    /// The hash of the position whose sums these are; 0 when there are none.
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Forgets the sums (they no longer belong to any position).
    pub fn clear(&mut self) {
        self.key = 0;
    }
}

impl Network {
    /// Fills `acc` with the sums of `position`, from those of `parent` when given and close
    /// (any position's sums whose inputs differ in a few places, usually the position one
    /// move earlier), else from the whole board.
    pub fn accumulate<P: Evaluate>(
        &self,
        position: &P,
        parent: Option<&Accumulator>,
        acc: &mut Accumulator,
    ) {
        let hidden = self.hidden();
        let words = P::NETWORK_INPUTS.div_ceil(64);
        acc.inputs.clear();
        acc.inputs.resize(2 * words, 0);
        position.network_features(|a, b| {
            acc.inputs[a / 64] |= 1 << (a % 64);
            acc.inputs[words + b / 64] |= 1 << (b % 64);
        });
        acc.sums.resize(2 * hidden, 0);
        acc.key = position.hash();
        if let Some(parent) = parent
            .filter(|p| p.key != 0 && p.sums.len() == 2 * hidden && p.inputs.len() == 2 * words)
        {
            let changes = |view: usize| changed(&parent.inputs, &acc.inputs, view * words, words);
            if let (Some(one), Some(two)) = (changes(0), changes(1)) {
                for (view, (added, removed)) in [one, two].into_iter().enumerate() {
                    let range = view * hidden..(view + 1) * hidden;
                    let added: ArrayVec<&[i16], MAX_CHANGES> =
                        added.iter().map(|&i| self.row(i as usize)).collect();
                    let removed: ArrayVec<&[i16], MAX_CHANGES> =
                        removed.iter().map(|&i| self.row(i as usize)).collect();
                    update(
                        &parent.sums[range.clone()],
                        &mut acc.sums[range],
                        &added,
                        &removed,
                    );
                }
                return;
            }
        }
        let (one, two) = acc.sums.split_at_mut(hidden);
        one.copy_from_slice(self.hidden_bias());
        two.copy_from_slice(self.hidden_bias());
        for (view, sums) in [one, two].into_iter().enumerate() {
            let bits = &acc.inputs[view * words..(view + 1) * words];
            for (w, &word) in bits.iter().enumerate() {
                let mut word = word;
                while word != 0 {
                    let input = w * 64 + word.trailing_zeros() as usize;
                    word &= word - 1;
                    add_row(sums, self.row(input));
                }
            }
        }
    }

    /// The evaluation for `side` (the side to move) from the sums in `acc`.
    pub fn evaluate_sums(&self, acc: &Accumulator, side: Player) -> i32 {
        let (one, two) = acc.sums.split_at(self.hidden());
        match side {
            Player::One => self.output(one, two),
            Player::Two => self.output(two, one),
        }
    }
}

/// The inputs added to and removed from a view.
type Changes = (ArrayVec<u16, MAX_CHANGES>, ArrayVec<u16, MAX_CHANGES>);

/// The inputs added and removed between two sets of `words` words starting at `start`, or
/// `None` when more than [`MAX_CHANGES`] of either.
#[inline]
fn changed(old: &[u64], new: &[u64], start: usize, words: usize) -> Option<Changes> {
    let (mut added, mut removed) = (ArrayVec::new(), ArrayVec::new());
    let (old, new) = (&old[start..start + words], &new[start..start + words]);
    for (w, (&before, &after)) in old.iter().zip(new).enumerate() {
        let mut differ = before ^ after;
        while differ != 0 {
            let bit = differ.trailing_zeros();
            differ &= differ - 1;
            let input = (w * 64) as u16 + bit as u16;
            let list = if after >> bit & 1 != 0 {
                &mut added
            } else {
                &mut removed
            };
            list.try_push(input).ok()?;
        }
    }
    Some((added, removed))
}

/// `sums = parent + the added rows - the removed rows`, a block of hidden values at a time.
#[inline]
fn update(parent: &[i16], sums: &mut [i16], added: &[&[i16]], removed: &[&[i16]]) {
    for (block, (from, to)) in parent
        .chunks_exact(LANES)
        .zip(sums.chunks_exact_mut(LANES))
        .enumerate()
    {
        let mut lanes = [0i16; LANES];
        lanes.copy_from_slice(from);
        let at = block * LANES;
        for row in added {
            for (x, w) in lanes.iter_mut().zip(&row[at..at + LANES]) {
                *x = x.wrapping_add(*w);
            }
        }
        for row in removed {
            for (x, w) in lanes.iter_mut().zip(&row[at..at + LANES]) {
                *x = x.wrapping_sub(*w);
            }
        }
        to.copy_from_slice(&lanes);
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
    use crate::network::FloatWeights;
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
            output_weights: (0..2 * hidden)
                .map(|_| rng.random_range(-1.0..1.0))
                .collect(),
            output_bias: 0.1,
        };
        let net = Network::from_float("obsidian/test", inputs, 300.0, &weights).unwrap();
        for game in 0..20 {
            let mut position = Obsidian::default();
            let mut parent = Accumulator::default();
            net.accumulate(&position, None, &mut parent);
            for _ in 0..80 {
                let moves = position.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                position.play(moves[rng.random_range(0..moves.len())]);
                let mut child = Accumulator::default();
                net.accumulate(&position, Some(&parent), &mut child);
                let mut fresh = Accumulator::default();
                net.accumulate(&position, None, &mut fresh);
                assert_eq!(child.sums, fresh.sums, "game {game}: {position}");
                let side = position.side_to_move();
                assert_eq!(net.evaluate_sums(&child, side), net.evaluate(&position));
                parent = child;
            }
        }
    }
}
