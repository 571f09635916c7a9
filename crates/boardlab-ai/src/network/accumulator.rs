//! A network's hidden sums for one position, kept by the search ply by ply so that a child
//! position's sums come from its parent's by the few features a move changes, not from the
//! whole board.

use super::model::Network;
use boardlab_core::{Evaluate, Player};

/// The hidden sums of one position (both players' views) and the features they hold.
#[derive(Clone, Debug, Default)]
pub struct Accumulator {
    /// The hash of the position the sums are for (0: none yet).
    key: u64,
    /// The features that hold, as (Player 1's view, Player 2's view), by the first.
    features: Vec<(u16, u16)>,
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
    /// Fills `acc` with the sums of `position`, from its parent's `parent` when given (a
    /// position one move earlier, whose sums are up to date), else from the whole board.
    pub fn accumulate<P: Evaluate>(
        &self,
        position: &P,
        parent: Option<&Accumulator>,
        acc: &mut Accumulator,
    ) {
        let hidden = self.hidden();
        acc.features.clear();
        position.network_features(|a, b| acc.features.push((a as u16, b as u16)));
        acc.features.sort_unstable();
        acc.sums.resize(2 * hidden, 0);
        acc.key = position.hash();
        let Some(parent) = parent.filter(|p| p.key != 0 && p.sums.len() == 2 * hidden) else {
            let (one, two) = acc.sums.split_at_mut(hidden);
            one.copy_from_slice(self.hidden_bias());
            two.copy_from_slice(self.hidden_bias());
            for &(a, b) in &acc.features {
                add_row(one, self.row(a as usize));
                add_row(two, self.row(b as usize));
            }
            return;
        };
        acc.sums.copy_from_slice(&parent.sums);
        let (one, two) = acc.sums.split_at_mut(hidden);
        // Both lists are sorted: walk them together for the features that differ.
        let (old, new) = (&parent.features, &acc.features);
        let (mut i, mut j) = (0, 0);
        loop {
            let removed = match (old.get(i), new.get(j)) {
                (None, None) => break,
                (Some(x), Some(y)) if x == y => {
                    i += 1;
                    j += 1;
                    continue;
                }
                (Some(x), Some(y)) => x < y,
                (Some(_), None) => true,
                (None, Some(_)) => false,
            };
            if removed {
                let (a, b) = old[i];
                sub_row(one, self.row(a as usize));
                sub_row(two, self.row(b as usize));
                i += 1;
            } else {
                let (a, b) = new[j];
                add_row(one, self.row(a as usize));
                add_row(two, self.row(b as usize));
                j += 1;
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

/// Adds an input's weights to a view's sums.
#[inline]
pub(super) fn add_row(sums: &mut [i16], row: &[i16]) {
    for (s, w) in sums.iter_mut().zip(row) {
        *s = s.wrapping_add(*w);
    }
}

/// Takes an input's weights from a view's sums.
#[inline]
fn sub_row(sums: &mut [i16], row: &[i16]) {
    for (s, w) in sums.iter_mut().zip(row) {
        *s = s.wrapping_sub(*w);
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
