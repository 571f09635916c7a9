//! Parity move generation by shifts of the piece bitmasks: one generator, two sinks.

use super::moves::ParityMove;
use super::position::Parity;
use boardlab_core::bitboard::Bits128;
use boardlab_core::text::Square;
use boardlab_core::{MoveList, Player};

/// Receives the moves the generator finds, as sets of landing squares.
pub(super) trait MoveSink {
    /// Pieces land on each square of `targets`, coming from `target - back`.
    fn moves(&mut self, targets: u128, back: i32);
}

/// Collects moves in a [`MoveList`].
pub(super) struct ListSink<'a> {
    /// The list to fill.
    pub moves: &'a mut MoveList<ParityMove>,
    /// The board's width, to turn indices into squares.
    pub width: u8,
}

impl MoveSink for ListSink<'_> {
    #[inline]
    fn moves(&mut self, targets: u128, back: i32) {
        for to in Bits128(targets) {
            self.moves.push(ParityMove {
                from: Square::from_index((to as i32 - back) as usize, self.width),
                to: Square::from_index(to as usize, self.width),
            });
        }
    }
}

/// Counts moves without making them.
pub(super) struct CountSink(pub u64);

impl MoveSink for CountSink {
    #[inline]
    fn moves(&mut self, targets: u128, _back: i32) {
        self.0 += targets.count_ones() as u64;
    }
}

impl Parity {
    /// Finds every legal move of the side to move.
    ///
    /// A step needs its start and landing spaces open for the piece count now. A capture
    /// jumps straight forward over an enemy piece; its start, the jumped space and the landing
    /// space must be open for the count after the capture (one fewer).
    #[inline]
    pub(super) fn generate<S: MoveSink>(&self, sink: &mut S) {
        let us = self.side;
        let own = self.pieces[us.index()];
        let enemy = self.pieces[us.opponent().index()];
        if own == 0 {
            return;
        }
        let layout = &self.rules.layout;
        let board = layout.board();
        let width = layout.width() as u32;
        let empty = board & !(own | enemy);
        let count = (own | enemy).count_ones();

        let open = board & !layout.closed(count);
        let movers = own & open;
        let targets = empty & open;
        sink.moves((movers << width) & targets, width as i32);
        sink.moves((movers >> width) & targets, -(width as i32));
        sink.moves(((movers & !layout.last_file()) << 1) & targets, 1);
        sink.moves(((movers & !layout.file_a()) >> 1) & targets, -1);

        let open_after = board & !layout.closed(count - 1);
        let jumpers = own & open_after;
        match us {
            Player::One => {
                let over = (jumpers << width) & enemy & open_after;
                sink.moves((over << width) & empty & open_after, 2 * width as i32);
            }
            Player::Two => {
                let over = (jumpers >> width) & enemy & open_after;
                sink.moves((over >> width) & empty & open_after, -2 * width as i32);
            }
        }
    }
}
