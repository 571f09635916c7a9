//! Sprint move generation: steps by bitboard shifts, capture chains by a depth-first search
//! that hands each finished chain to a sink (a move list, or a bare count). No allocation.

use super::geometry::{BOARD, Direction, JUMP_LAND, JUMP_OVER};
use super::moves::{MAX_SEGMENTS, SprintMove};
use super::position::Sprint;
use boardlab_core::Player;
use boardlab_core::bitboard::Bits64;

/// Receives the moves the generator finds.
pub(super) trait MoveSink {
    /// Pieces step in direction `dir` to each square of `targets`.
    fn steps(&mut self, targets: u64, dir: Direction);
    /// One complete capture chain.
    fn chain(&mut self, mv: SprintMove);
}

/// Hands the moves to any core sink: a [`MoveList`](boardlab_core::MoveList) keeps them, a
/// [`MoveCount`](boardlab_core::MoveCount) counts them.
pub(super) struct Collect<'a, S>(pub &'a mut S);

impl<S: boardlab_core::MoveSink<SprintMove>> MoveSink for Collect<'_, S> {
    #[inline]
    fn steps(&mut self, targets: u64, dir: Direction) {
        self.0.add_each(targets, |to| {
            SprintMove::step((to as i32 - dir.delta()) as u32, dir)
        });
    }

    #[inline]
    fn chain(&mut self, mv: SprintMove) {
        self.0.add(mv);
    }
}

/// The two directions `player` moves in: up for White, down for Black.
#[inline]
pub(super) const fn forward_directions(player: Player) -> [Direction; 2] {
    match player {
        Player::One => [Direction::UpLeft, Direction::UpRight],
        Player::Two => [Direction::DownLeft, Direction::DownRight],
    }
}

impl Sprint {
    /// The directions the side to move may capture in under the rule options.
    #[inline]
    pub(super) fn capture_directions(&self) -> &'static [Direction] {
        const WHITE: [Direction; 2] = forward_directions(Player::One);
        const BLACK: [Direction; 2] = forward_directions(Player::Two);
        if self.rules.backward_captures {
            &Direction::ALL
        } else {
            match self.side {
                Player::One => &WHITE,
                Player::Two => &BLACK,
            }
        }
    }

    /// The squares of the pieces of the side to move that can make a first capture.
    #[inline]
    pub fn capturing_pieces(&self) -> u64 {
        let own = self.pieces[self.side.index()];
        let enemy = self.pieces[self.side.opponent().index()];
        let empty = BOARD & !(own | enemy);
        let mut jumpers = 0;
        for &dir in self.capture_directions() {
            let back = dir.opposite();
            jumpers |= own & back.shift(enemy & back.shift(empty));
        }
        jumpers
    }

    /// Finds every legal move of the side to move: the capture chains when any piece can
    /// capture (capturing is compulsory), else the steps. A finished game has no moves.
    #[inline]
    pub(super) fn generate<S: MoveSink>(&self, sink: &mut S) {
        if self.goal_reached() {
            return;
        }
        let us = self.side;
        let own = self.pieces[us.index()];
        let enemy = self.pieces[us.opponent().index()];
        let empty = BOARD & !(own | enemy);
        let jumpers = self.capturing_pieces();
        if jumpers != 0 {
            let dirs = self.capture_directions();
            for from in Bits64(jumpers) {
                extend_chain(sink, dirs, from, from, enemy, empty | 1 << from, 0, 0);
            }
            return;
        }
        for dir in forward_directions(us) {
            sink.steps(dir.shift(own) & empty, dir);
        }
    }
}

/// Continues a capture chain that started on `origin` and stands on `at` after `jumps`
/// jumps (their directions packed in `path`). `enemy` and `empty` describe the board as it
/// is now: every jumped piece is already removed and the moving piece's squares are empty.
/// When no further capture is possible the chain is complete and goes to the sink.
#[allow(clippy::too_many_arguments)]
fn extend_chain<S: MoveSink>(
    sink: &mut S,
    dirs: &[Direction],
    origin: u32,
    at: u32,
    enemy: u64,
    empty: u64,
    jumps: u32,
    path: u32,
) {
    debug_assert!(jumps < MAX_SEGMENTS, "a chain has at most 8 jumps");
    let mut extended = false;
    for &dir in dirs {
        let over = JUMP_OVER[dir as usize][at as usize];
        let land = JUMP_LAND[dir as usize][at as usize];
        if over & enemy != 0 && land & empty != 0 {
            extended = true;
            extend_chain(
                sink,
                dirs,
                origin,
                land.trailing_zeros(),
                enemy ^ over,
                (empty | over | 1 << at) & !land,
                jumps + 1,
                path | dir.index() << (2 * jumps),
            );
        }
    }
    if !extended && jumps > 0 {
        sink.chain(SprintMove::chain(origin, jumps, path));
    }
}
