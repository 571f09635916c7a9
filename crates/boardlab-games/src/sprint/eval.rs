//! Sprint's evaluation: material, advancement towards the goal and mobility.

use super::geometry::{RANK_1, RANK_6};
use super::moves::SprintMove;
use super::position::Sprint;
use boardlab_core::bitboard::Bits64;
use boardlab_core::{Evaluate, Levels, Player, Position, Tunable};

/// What reaching the goal is worth to move ordering: the game.
const GAME_VALUE: i32 = 50_000;

/// The weights of Sprint's evaluation, in hundredths of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SprintWeights {
    /// The value of one piece.
    pub piece: i32,
    /// The bonus of a piece by how many ranks it has advanced (0 to 4; 5 is the goal).
    pub advance: [i32; 5],
    /// Per legal move of the side to move, less the opponent's.
    pub mobility: i32,
}

impl Tunable for SprintWeights {
    fn for_each_group(&mut self, f: &mut dyn FnMut(&'static str, &mut [i32])) {
        f("piece", std::slice::from_mut(&mut self.piece));
        f("advance", &mut self.advance);
        f("mobility", std::slice::from_mut(&mut self.mobility));
    }
}

impl Default for SprintWeights {
    fn default() -> Self {
        SprintWeights {
            piece: 100,
            advance: [0, 4, 12, 28, 60],
            mobility: 2,
        }
    }
}

impl Sprint {
    /// Material and advancement of `player`'s pieces.
    fn side_score(&self, player: Player, w: &SprintWeights) -> i32 {
        let pieces = self.pieces(player);
        let mut score = w.piece * pieces.count_ones() as i32;
        for square in Bits64(pieces) {
            let rank = (square / 6) as usize;
            let advanced = match player {
                Player::One => rank,
                Player::Two => 5 - rank,
            };
            score += w.advance[advanced.min(4)];
        }
        score
    }
}

impl Evaluate for Sprint {
    const ENGINE: &'static str = Sprint::GAME_ID;
    const LEVELS: Levels = super::levels::LEVELS;
    type Weights = SprintWeights;

    fn evaluate(&self, weights: &SprintWeights) -> i32 {
        let us = self.side;
        let mut other = *self;
        other.side = us.opponent();
        let mobility = self.count_legal_moves() as i32 - other.count_legal_moves() as i32;
        self.side_score(us, weights) - self.side_score(us.opponent(), weights)
            + weights.mobility * mobility
    }

    #[inline]
    fn is_tactical(&self, mv: SprintMove) -> bool {
        mv.is_capture() || (1u64 << mv.to()) & (RANK_1 | RANK_6) != 0
    }

    fn tactical_value(&self, mv: SprintMove, weights: &SprintWeights) -> i32 {
        if (1u64 << mv.to()) & (RANK_1 | RANK_6) != 0 {
            return GAME_VALUE;
        }
        if mv.is_capture() {
            weights.piece * mv.segments() as i32
        } else {
            0
        }
    }
}
