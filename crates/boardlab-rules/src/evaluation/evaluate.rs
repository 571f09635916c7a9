//! [`Evaluate`] for every game from a rules file: material, pieces in hand, placement and
//! advancement, each from the game's [`Knowledge`](super::Knowledge) scaled by the weights.

use super::weights::RulesWeights;
use crate::engine::moves::{MoveShape, coord, file_of, rank_of};
use crate::engine::{BitSet, RulesMove, RulesPosition};
use boardlab_core::{Evaluate, Player, Position};

impl<B: BitSet> RulesPosition<B> {
    /// The square index of a move's coordinate.
    fn square_of(&self, coord: u8) -> Option<u32> {
        self.game().geometry.index_of(coord)
    }

    /// The value of the enemy piece on `square`, if any.
    fn victim_value(&self, square: u32) -> i32 {
        match self.piece_on(square) {
            Some((owner, kind)) if owner != self.side_to_move() => {
                self.game().knowledge().values[usize::from(kind)]
            }
            _ => 0,
        }
    }

    /// One player's score: material, hand, placement and advancement.
    fn score_of(&self, player: Player, weights: &RulesWeights) -> i32 {
        let game = self.game();
        let knowledge = game.knowledge();
        let (mut material, mut hand, mut placement, mut advancement) = (0, 0, 0, 0);
        for kind in 0..game.piece_count() {
            let value = knowledge.values[kind];
            let place = &knowledge.placement[player.index()][kind];
            let advance = &knowledge.advancement[player.index()][kind];
            for square in self.pieces(player, kind as u8).squares() {
                material += value;
                placement += i32::from(place[square as usize]);
                advancement += i32::from(advance[square as usize]);
            }
            hand += value * i32::from(self.in_hand(player, kind as u8));
        }
        (material * weights.material[0]
            + hand * weights.hand[0]
            + placement * weights.placement[0]
            + advancement * weights.advancement[0])
            / 100
    }
}

impl<B: BitSet> Evaluate for RulesPosition<B> {
    const ENGINE: &'static str = "rules";
    type Weights = RulesWeights;

    fn evaluate(&self, weights: &RulesWeights) -> i32 {
        let us = self.side_to_move();
        self.score_of(us, weights) - self.score_of(us.opponent(), weights)
    }

    fn is_tactical(&self, mv: RulesMove) -> bool {
        match mv.shape() {
            MoveShape::Step {
                to,
                promotion,
                jump,
                ..
            } => {
                jump || promotion.is_some()
                    || self
                        .square_of(to)
                        .is_some_and(|s| self.piece_on(s).is_some())
            }
            MoveShape::Chain { .. } => true,
            MoveShape::Drop { .. } => false,
        }
    }

    fn tactical_value(&self, mv: RulesMove, _weights: &RulesWeights) -> i32 {
        let knowledge = self.game().knowledge();
        match mv.shape() {
            MoveShape::Step {
                from,
                to,
                promotion,
                jump,
            } => {
                let mover = self
                    .square_of(from)
                    .and_then(|s| self.piece_on(s))
                    .map_or(0, |(_, kind)| knowledge.values[usize::from(kind)]);
                let victim = if jump {
                    // The enemy halfway between.
                    let half = coord(
                        (file_of(from) + file_of(to)) / 2,
                        (rank_of(from) + rank_of(to)) / 2,
                    );
                    self.square_of(half).map_or(0, |s| self.victim_value(s))
                } else {
                    self.square_of(to).map_or(0, |s| self.victim_value(s))
                };
                let gain =
                    promotion.map_or(0, |to_kind| knowledge.values[usize::from(to_kind)] - mover);
                victim * 16 + gain - mover / 16
            }
            MoveShape::Chain { .. } => {
                // Every landing square after the first is another piece taken.
                let jumps = mv.squares().count().saturating_sub(1) as i32;
                jumps * 16 * 100
            }
            MoveShape::Drop { .. } => 0,
        }
    }
}
