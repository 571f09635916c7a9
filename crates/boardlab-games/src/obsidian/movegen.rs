//! Obsidian move generation: one generator, handing its moves to a sink (a move list, a
//! bare count, or a filter in front of a list).

use super::attacks::{self, FILE_A, FILE_H, RANK_3, RANK_6};
use super::moves::ObsidianMove;
use super::piece::Kind;
use super::position::Obsidian;
use boardlab_core::bitboard::Bits64;
use boardlab_core::{MoveList, Player};

/// Receives the moves the generator finds, as sets of target squares.
pub(super) trait MoveSink {
    /// A `kind` piece on `from` can go to each square of `targets`.
    fn piece_moves(&mut self, from: u32, targets: u64, kind: Kind);
    /// F pieces go to each square of `targets` from the square `back` indices behind it
    /// (`target - back` is the origin).
    fn pawn_moves(&mut self, targets: u64, back: i32);
}

/// Hands the moves to any core sink: a [`MoveList`] keeps them, a
/// [`MoveCount`](boardlab_core::MoveCount) counts them.
pub(super) struct Collect<'a, S>(pub &'a mut S);

impl<S: boardlab_core::MoveSink<ObsidianMove>> MoveSink for Collect<'_, S> {
    #[inline]
    fn piece_moves(&mut self, from: u32, targets: u64, kind: Kind) {
        self.0
            .add_each(targets, |to| ObsidianMove::new(from, to, kind));
    }

    #[inline]
    fn pawn_moves(&mut self, targets: u64, back: i32) {
        self.0.add_each(targets, |to| {
            ObsidianMove::new((to as i32 - back) as u32, to, Kind::F)
        });
    }
}

/// Collects only the tactical moves (captures and promotions) in a [`MoveList`].
pub(super) struct TacticalSink<'a> {
    /// Where the moves go.
    pub list: &'a mut MoveList<ObsidianMove>,
    /// The enemy's pieces: a capture lands on one of them.
    pub enemy: u64,
}

impl MoveSink for TacticalSink<'_> {
    #[inline]
    fn piece_moves(&mut self, from: u32, targets: u64, kind: Kind) {
        Collect(self.list).piece_moves(from, targets & self.enemy, kind);
    }

    #[inline]
    fn pawn_moves(&mut self, targets: u64, back: i32) {
        let tactical = self.enemy | attacks::RANK_1 | attacks::RANK_8;
        Collect(self.list).pawn_moves(targets & tactical, back);
    }
}

impl Obsidian {
    /// Finds every legal move of the side to move. A player whose D has been captured has
    /// lost and has no moves. There is no check, so every move found is legal.
    #[inline]
    pub(super) fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.side;
        if !self.has_key_piece(us) {
            return;
        }
        let own = self.occupied_by(us);
        let enemy = self.occupied_by(us.opponent());
        let occupied = own | enemy;
        let empty = !occupied;
        let not_own = !own;

        let pawns = self.pieces(us, Kind::F);
        match us {
            Player::One => {
                let single = (pawns << 8) & empty;
                sink.pawn_moves(single, 8);
                sink.pawn_moves(((single & RANK_3) << 8) & empty, 16);
                sink.pawn_moves(((pawns & !FILE_A) << 7) & enemy, 7);
                sink.pawn_moves(((pawns & !FILE_H) << 9) & enemy, 9);
            }
            Player::Two => {
                let single = (pawns >> 8) & empty;
                sink.pawn_moves(single, -8);
                sink.pawn_moves(((single & RANK_6) >> 8) & empty, -16);
                sink.pawn_moves(((pawns & !FILE_A) >> 9) & enemy, -9);
                sink.pawn_moves(((pawns & !FILE_H) >> 7) & enemy, -7);
            }
        }
        for from in Bits64(self.pieces(us, Kind::B)) {
            sink.piece_moves(from, attacks::knight(from) & not_own, Kind::B);
        }
        for from in Bits64(self.pieces(us, Kind::A)) {
            sink.piece_moves(from, attacks::rook(from, occupied) & not_own, Kind::A);
        }
        for from in Bits64(self.pieces(us, Kind::C)) {
            sink.piece_moves(from, attacks::bishop(from, occupied) & not_own, Kind::C);
        }
        for from in Bits64(self.pieces(us, Kind::E)) {
            sink.piece_moves(from, attacks::queen(from, occupied) & not_own, Kind::E);
        }
        for from in Bits64(self.pieces(us, Kind::D)) {
            sink.piece_moves(from, attacks::king(from) & not_own, Kind::D);
        }
    }
}
