//! Obsidian's evaluation: material, mobility and pawn advancement.

use super::attacks;
use super::moves::ObsidianMove;
use super::piece::Kind;
use super::position::Obsidian;
use boardlab_core::bitboard::Bits64;
use super::movegen::TacticalSink;
use boardlab_core::{Evaluate, MoveList, Player};

/// What a captured D is worth to move ordering: the game.
const GAME_VALUE: i32 = 50_000;

/// The weights of Obsidian's evaluation, in hundredths of an F.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObsidianWeights {
    /// The value of each kind, indexed by [`Kind::index`] (the D's value is the game, so 0).
    pub values: [i32; 6],
    /// Per square a piece (other than an F) attacks that its owner does not occupy.
    pub mobility: i32,
    /// Per rank an F has advanced, multiplied by the ranks advanced (so it grows fast).
    pub pawn_advance: i32,
    /// Per enemy B a leap from one's D, and per enemy A, C or E that sees the D along the
    /// first piece of a line (a cheap measure of danger, not an exact attack count).
    pub d_danger: i32,
}

impl Default for ObsidianWeights {
    fn default() -> Self {
        ObsidianWeights {
            values: [500, 300, 320, 0, 900, 100],
            mobility: 4,
            pawn_advance: 3,
            d_danger: 12,
        }
    }
}

impl Obsidian {
    /// The evaluation of `player`'s side alone: material, mobility, advancement, D danger.
    fn side_score(&self, player: Player, w: &ObsidianWeights) -> i32 {
        let own = self.occupied_by(player);
        let occupied = self.occupied();
        let mut score = 0;
        for kind in Kind::ALL {
            let pieces = self.pieces(player, kind);
            score += w.values[kind.index()] * pieces.count_ones() as i32;
            if kind == Kind::F {
                for square in Bits64(pieces) {
                    let rank = (square / 8) as i32;
                    let advanced = match player {
                        Player::One => rank - 1,
                        Player::Two => 6 - rank,
                    };
                    score += w.pawn_advance * advanced * advanced;
                }
                continue;
            }
            for square in Bits64(pieces) {
                let reach = match kind {
                    Kind::A => attacks::rook(square, occupied),
                    Kind::B => attacks::knight(square),
                    Kind::C => attacks::bishop(square, occupied),
                    Kind::D => attacks::king(square),
                    _ => attacks::queen(square, occupied),
                };
                score += w.mobility * (reach & !own).count_ones() as i32;
            }
        }
        let enemy = self.occupied_by(player.opponent());
        for square in Bits64(self.pieces(player, Kind::D)) {
            let attackers = (attacks::knight(square) & self.by_kind[Kind::B.index()]
                | attacks::queen(square, occupied)
                    & (self.by_kind[Kind::E.index()]
                        | self.by_kind[Kind::A.index()]
                        | self.by_kind[Kind::C.index()]))
                & enemy;
            score -= w.d_danger * attackers.count_ones() as i32;
        }
        score
    }
}

impl Evaluate for Obsidian {
    type Weights = ObsidianWeights;

    fn evaluate(&self, weights: &ObsidianWeights) -> i32 {
        let us = self.side;
        self.side_score(us, weights) - self.side_score(us.opponent(), weights)
    }

    #[inline]
    fn is_tactical(&self, mv: ObsidianMove) -> bool {
        let them = self.side.opponent();
        self.occupied_by(them) & 1u64 << mv.to() != 0
            || mv.kind() == Kind::F && (1u64 << mv.to()) & (attacks::RANK_1 | attacks::RANK_8) != 0
    }

    fn tactical_moves(&self, moves: &mut MoveList<ObsidianMove>) {
        let enemy = self.occupied_by(self.side.opponent());
        self.generate(&mut TacticalSink { list: moves, enemy });
    }

    fn in_check(&self) -> bool {
        let them = self.side.opponent();
        Bits64(self.pieces(self.side, Kind::D)).any(|square| self.is_attacked_by(square, them))
    }

    /// Passing is refused to a side with nothing but its D and F's, where being forced to
    /// move often loses (zugzwang).
    fn null_move(&self) -> Option<Obsidian> {
        let us = self.side;
        let officers = self.occupied_by(us) & !self.pieces(us, Kind::D) & !self.pieces(us, Kind::F);
        (officers != 0).then(|| self.passed())
    }

    fn tactical_value(&self, mv: ObsidianMove, weights: &ObsidianWeights) -> i32 {
        let to_bit = 1u64 << mv.to();
        let mut value = match self.piece_on(mv.to()) {
            Some((owner, Kind::D)) if owner != self.side => GAME_VALUE,
            Some((owner, kind)) if owner != self.side => weights.values[kind.index()],
            _ => 0,
        };
        if mv.kind() == Kind::F && to_bit & (attacks::RANK_1 | attacks::RANK_8) != 0 {
            value += weights.values[Kind::E.index()] - weights.values[Kind::F.index()];
        }
        value
    }
}
