//! Parity move generation by shifts of the piece bitmasks: one generator, handing its moves
//! to a sink (a move list, or a bare count).

use super::moves::ParityMove;
use super::position::Parity;
use boardlab_core::Player;
use boardlab_core::text::Square;

/// Receives the moves the generator finds, as sets of landing squares.
pub(super) trait MoveSink {
    /// Pieces land on each square of `targets`, coming from `target - back`.
    fn moves(&mut self, targets: u128, back: i32);
}

/// Hands the moves to any core sink: a [`MoveList`](boardlab_core::MoveList) keeps them, a
/// [`MoveCount`](boardlab_core::MoveCount) counts them.
pub(super) struct Collect<'a, S> {
    /// The sink.
    pub sink: &'a mut S,
    /// The board's width, to turn indices into squares.
    pub width: u8,
}

impl<S: boardlab_core::MoveSink<ParityMove>> MoveSink for Collect<'_, S> {
    #[inline]
    fn moves(&mut self, targets: u128, back: i32) {
        let width = self.width;
        self.sink.add_each(targets, |to| ParityMove {
            from: Square::from_index((to as i32 - back) as usize, width),
            to: Square::from_index(to as usize, width),
        });
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
