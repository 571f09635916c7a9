//! Daisy's evaluation: material on the board and in reserve, mobility, the A's presence and
//! the advancement of the forward-only pieces.

use super::attacks;
use super::moves::DaisyMove;
use super::piece::Kind;
use super::position::Daisy;
use boardlab_core::bitboard::Bits128;
use super::movegen::CaptureSink;
use boardlab_core::{Evaluate, MoveList, Player, Position, Tunable};

/// What a captured A is worth to move ordering: the game.
const GAME_VALUE: i32 = 50_000;

/// The weights of Daisy's evaluation, in hundredths of an H.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DaisyWeights {
    /// The value of each kind on the board, indexed by [`Kind::index`] (the A is the game, 0).
    pub values: [i32; 8],
    /// A piece in reserve is worth its board value times this percentage (drops are free to
    /// go anywhere, so a little more).
    pub reserve_percent: i32,
    /// For having one's A on the board, which is what allows capturing.
    pub a_on_board: i32,
    /// Per square a board piece attacks that its owner does not occupy.
    pub mobility: i32,
    /// Per rank an H, G or F has advanced (they only move forward).
    pub advance: i32,
    /// Per enemy piece attacking a square next to one's A.
    pub a_danger: i32,
}

impl Tunable for DaisyWeights {
    fn for_each_group(&mut self, f: &mut dyn FnMut(&'static str, &mut [i32])) {
        f("values", &mut self.values);
        f("reserve_percent", std::slice::from_mut(&mut self.reserve_percent));
        f("a_on_board", std::slice::from_mut(&mut self.a_on_board));
        f("mobility", std::slice::from_mut(&mut self.mobility));
        f("advance", std::slice::from_mut(&mut self.advance));
        f("a_danger", std::slice::from_mut(&mut self.a_danger));
    }
}

impl Default for DaisyWeights {
    fn default() -> Self {
        DaisyWeights {
            values: [0, 900, 750, 550, 500, 350, 350, 100],
            reserve_percent: 110,
            a_on_board: 150,
            mobility: 3,
            advance: 4,
            a_danger: 20,
        }
    }
}

impl Daisy {
    /// The evaluation of `player`'s side alone.
    fn side_score(&self, player: Player, w: &DaisyWeights) -> i32 {
        let own = self.occupied_by(player);
        let occupied = self.occupied();
        let reserve = self.reserve(player);
        let mut score = 0;
        for kind in Kind::ALL {
            let pieces = self.pieces(player, kind);
            let value = w.values[kind.index()];
            score += value * pieces.count_ones() as i32
                + value * w.reserve_percent / 100 * reserve.count(kind) as i32;
            let forward_only = matches!(kind, Kind::F | Kind::G | Kind::H);
            for square in Bits128(pieces) {
                let reach = attacks::attacks(player, kind, square, occupied);
                score += w.mobility * (reach & !own).count_ones() as i32;
                if forward_only {
                    let rank = (square / 9) as i32;
                    let advanced = match player {
                        Player::One => rank,
                        Player::Two => 8 - rank,
                    };
                    score += w.advance * advanced;
                }
            }
        }
        if self.has_a_on_board(player) {
            score += w.a_on_board;
            let enemy = player.opponent();
            for square in Bits128(self.pieces(player, Kind::A)) {
                let zone = attacks::king(square) | 1u128 << square;
                for kind in Kind::ALL {
                    for from in Bits128(self.pieces(enemy, kind)) {
                        if attacks::attacks(enemy, kind, from, occupied) & zone != 0 {
                            score -= w.a_danger;
                        }
                    }
                }
            }
        }
        score
    }
}

impl Evaluate for Daisy {
    type Weights = DaisyWeights;

    fn evaluate(&self, weights: &DaisyWeights) -> i32 {
        self.side_score(self.side, weights) - self.side_score(self.side.opponent(), weights)
    }

    #[inline]
    fn is_tactical(&self, mv: DaisyMove) -> bool {
        !mv.is_drop() && self.occupied_by(self.side.opponent()) & 1u128 << mv.to() != 0
    }

    fn tactical_moves(&self, moves: &mut MoveList<DaisyMove>) {
        if self.has_a_on_board(self.side) {
            let enemy = self.occupied_by(self.side.opponent());
            self.generate(&mut CaptureSink { list: moves, enemy });
        }
    }

    fn in_check(&self) -> bool {
        let them = self.side.opponent();
        Bits128(self.pieces(self.side, Kind::A)).any(|square| self.attackers_of(square, them) != 0)
    }

    fn evasions(&self, moves: &mut MoveList<DaisyMove>) {
        match Bits128(self.pieces(self.side, Kind::A)).next() {
            Some(a_square) if self.in_check() => self.evasions_from(a_square, moves),
            _ => self.legal_moves(moves),
        }
    }

    /// Passing is refused to a side with nothing in reserve and nothing on the board but
    /// its A and H's, where being forced to move can lose (zugzwang).
    fn null_move(&self) -> Option<Daisy> {
        let us = self.side;
        let officers = self.occupied_by(us) & !self.pieces(us, Kind::A) & !self.pieces(us, Kind::H);
        (officers != 0 || !self.reserve(us).is_empty()).then(|| self.passed())
    }

    fn tactical_value(&self, mv: DaisyMove, weights: &DaisyWeights) -> i32 {
        if mv.is_drop() {
            return 0;
        }
        match self.piece_on(mv.to()) {
            Some((owner, Kind::A)) if owner != self.side => GAME_VALUE,
            // The captor gains the piece in reserve as well as removing it from the board.
            Some((owner, kind)) if owner != self.side => {
                let value = weights.values[kind.index()];
                value + value * weights.reserve_percent / 100
            }
            _ => 0,
        }
    }
}
