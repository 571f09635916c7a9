//! Daisy move generation: one generator, handing its moves to a sink (a move list, a bare
//! count, or a filter in front of a list).

use super::attacks::{self, BOARD};
use super::moves::DaisyMove;
use super::piece::Kind;
use super::position::Daisy;
use super::reserve::Reserve;
use boardlab_core::bitboard::Bits128;
use boardlab_core::{MoveList, Player};

/// Receives the moves the generator finds, as sets of target squares.
pub(super) trait MoveSink {
    /// Every kind held in `reserve` can be dropped on each square of `empty`.
    fn drops(&mut self, empty: u128, reserve: &Reserve);
    /// The piece on `from` can go to each square of `targets`.
    fn piece_moves(&mut self, from: u32, targets: u128);
    /// Pieces go to each square of `targets` from the square `back` indices behind it
    /// (`target - back` is the origin).
    fn shifted_moves(&mut self, targets: u128, back: i32);
}

/// Hands the moves to any core sink: a [`MoveList`] keeps them (drops first, by letter
/// then square, then board moves), a [`MoveCount`](boardlab_core::MoveCount) counts them.
pub(super) struct Collect<'a, S>(pub &'a mut S);

impl<S: boardlab_core::MoveSink<DaisyMove>> MoveSink for Collect<'_, S> {
    #[inline]
    fn drops(&mut self, empty: u128, reserve: &Reserve) {
        self.0.add_each_of_kinds(
            reserve.kinds(),
            reserve.distinct_kinds(),
            empty,
            DaisyMove::drop,
        );
    }

    #[inline]
    fn piece_moves(&mut self, from: u32, targets: u128) {
        self.0.add_each(targets, |to| DaisyMove::new(from, to));
    }

    #[inline]
    fn shifted_moves(&mut self, targets: u128, back: i32) {
        self.0
            .add_each(targets, |to| DaisyMove::new((to as i32 - back) as u32, to));
    }
}

/// Collects only the captures in a [`MoveList`] (never a drop).
pub(super) struct CaptureSink<'a> {
    /// Where the moves go.
    pub list: &'a mut MoveList<DaisyMove>,
    /// The enemy's pieces: a capture lands on one of them.
    pub enemy: u128,
}

impl MoveSink for CaptureSink<'_> {
    #[inline]
    fn drops(&mut self, _empty: u128, _reserve: &Reserve) {}

    #[inline]
    fn piece_moves(&mut self, from: u32, targets: u128) {
        Collect(self.list).piece_moves(from, targets & self.enemy);
    }

    #[inline]
    fn shifted_moves(&mut self, targets: u128, back: i32) {
        Collect(self.list).shifted_moves(targets & self.enemy, back);
    }
}

/// Collects the moves that answer a check (see [`Daisy::evasions`]): every move of the A,
/// board moves onto `targets`, and drops on `blocks`.
pub(super) struct EvasionSink<'a> {
    /// Where the moves go.
    pub list: &'a mut MoveList<DaisyMove>,
    /// The square of the mover's A.
    pub a_square: u32,
    /// Where other pieces may go: the enemy's pieces and the squares that block the check.
    pub targets: u128,
    /// Where drops may go: the squares that block the check.
    pub blocks: u128,
}

impl MoveSink for EvasionSink<'_> {
    #[inline]
    fn drops(&mut self, empty: u128, reserve: &Reserve) {
        Collect(self.list).drops(empty & self.blocks, reserve);
    }

    #[inline]
    fn piece_moves(&mut self, from: u32, targets: u128) {
        let allowed = if from == self.a_square {
            targets
        } else {
            targets & self.targets
        };
        Collect(self.list).piece_moves(from, allowed);
    }

    #[inline]
    fn shifted_moves(&mut self, targets: u128, back: i32) {
        Collect(self.list).shifted_moves(targets & self.targets, back);
    }
}

impl Daisy {
    /// Finds every legal move of the side to move: drops of each letter in reserve on every
    /// empty square, and board moves to empty squares — or onto enemy pieces, but only once
    /// the mover's own A stands on the board. A player whose A has been captured has lost and
    /// has no moves.
    #[inline]
    pub(super) fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.side;
        let own = self.by_player[us.index()];
        let has_a_on_board = self.pieces(us, Kind::A) != 0;
        let reserve = &self.reserves[us.index()];
        if !has_a_on_board && reserve.count(Kind::A) == 0 {
            return;
        }
        let occupied = own | self.by_player[us.opponent().index()];
        let empty = !occupied & BOARD;
        let targets = if has_a_on_board { !own & BOARD } else { empty };

        sink.drops(empty, reserve);

        let pawns = self.pieces(us, Kind::H);
        match us {
            Player::One => sink.shifted_moves((pawns << 9) & targets, 9),
            Player::Two => sink.shifted_moves((pawns >> 9) & targets, -9),
        }
        for from in Bits128(self.pieces(us, Kind::F)) {
            sink.piece_moves(from, attacks::knight(us, from) & targets);
        }
        for from in Bits128(self.pieces(us, Kind::D)) {
            sink.piece_moves(from, attacks::gold(us, from) & targets);
        }
        for from in Bits128(self.pieces(us, Kind::E)) {
            sink.piece_moves(from, attacks::silver(us, from) & targets);
        }
        for from in Bits128(self.pieces(us, Kind::G)) {
            sink.piece_moves(from, attacks::lance(us, from, occupied) & targets);
        }
        for from in Bits128(self.pieces(us, Kind::B)) {
            sink.piece_moves(from, attacks::rook(from, occupied) & targets);
        }
        for from in Bits128(self.pieces(us, Kind::C)) {
            sink.piece_moves(from, attacks::bishop(from, occupied) & targets);
        }
        for from in Bits128(self.pieces(us, Kind::A)) {
            sink.piece_moves(from, attacks::king(from) & targets);
        }
    }
}
