//! Playing a move: pieces moved, captured (into the captor's hand where the game says so),
//! promoted and dropped, the counters and the hash kept.

use super::bitset::BitSet;
use super::moves::{Coord, MoveShape, RulesMove, coord, file_of, rank_of};
use super::position::RulesPosition;
use boardlab_core::text::next_counter;

impl<B: BitSet> RulesPosition<B> {
    /// Plays `mv`, a move [`generate`](RulesPosition::generate) gave. Other bits leave some
    /// position (never a panic).
    #[inline]
    pub(crate) fn apply(&mut self, mv: RulesMove) {
        let game = self.game();
        let progress = &game.definition.end.progress;
        let us = self.side;
        let made_progress = match mv.shape() {
            MoveShape::Step {
                from,
                to,
                promotion,
                jump,
            } => {
                let (Some(start), Some(end)) = (self.index(from), self.index(to)) else {
                    return;
                };
                let kind = self.kind_on(start);
                let mut captured = self.capture(end);
                if jump && let Some(over) = self.index(midpoint(from, to)) {
                    captured |= self.capture(over);
                }
                self.take(us, kind, start);
                self.put(us, promotion.unwrap_or(kind), end);
                (captured && progress.captures)
                    || (promotion.is_some() && progress.promotions)
                    || game.progress_pieces >> kind & 1 != 0
            }
            MoveShape::Drop { piece, to } => {
                let Some(to) = self.index(to) else {
                    return;
                };
                let held = self.in_hand(us, piece);
                self.set_in_hand(us, piece, held.saturating_sub(1));
                self.put(us, piece, to);
                progress.drops
            }
            MoveShape::Chain { from } => {
                let Some(start) = self.index(from) else {
                    return;
                };
                let kind = self.kind_on(start);
                let mut at = from;
                for (df, dr) in mv.chain_directions() {
                    let step = |c: Coord, n: i8| {
                        coord(
                            (file_of(c) as i8).wrapping_add(n * df) as u8 & 15,
                            (rank_of(c) as i8).wrapping_add(n * dr) as u8 & 15,
                        )
                    };
                    if let Some(over) = self.index(step(at, 1)) {
                        self.capture(over);
                    }
                    at = step(at, 2);
                }
                let Some(land) = self.index(at) else {
                    return;
                };
                let promotion = self.tables.pieces[us.index()]
                    .get(kind as usize)
                    .and_then(|piece| piece.promotion.as_ref())
                    .filter(|promotion| promotion.zone.has(land))
                    .and_then(|promotion| promotion.choices.first())
                    .map(|&(to, _)| to);
                self.take(us, kind, start);
                self.put(us, promotion.unwrap_or(kind), land);
                progress.captures
                    || (promotion.is_some() && progress.promotions)
                    || game.progress_pieces >> kind & 1 != 0
            }
        };
        // A game without draw rules counts nothing: its count stays 0.
        self.no_progress = if made_progress || game.definition.end.draws.is_none() {
            0
        } else {
            next_counter(self.no_progress)
        };
        if us == boardlab_core::Player::Two {
            self.move_number = next_counter(self.move_number);
        }
        self.set_side(us.opponent());
    }

    /// The square index of a coordinate, if it is on the board.
    #[inline(always)]
    fn index(&self, c: Coord) -> Option<u32> {
        self.game().geometry.index_of(c)
    }

    /// Removes the opponent's piece on `square`, if there is one, into the mover's hand where
    /// the game says so (never a royal piece); whether there was one.
    #[inline(always)]
    fn capture(&mut self, square: u32) -> bool {
        let them = self.side.opponent();
        if !self.by_side[them.index()].has(square) {
            return false;
        }
        let kind = self.kind_on(square);
        self.take(them, kind, square);
        let game = self.game();
        let to_hand = game
            .definition
            .drops
            .as_ref()
            .is_some_and(|d| d.captures_to_hand);
        if to_hand && game.royal >> kind & 1 == 0 {
            let held = self.in_hand(self.side, kind);
            self.set_in_hand(self.side, kind, held.saturating_add(1));
        }
        true
    }
}

/// The square halfway between two coordinates (a jump's jumped square).
#[inline(always)]
fn midpoint(a: Coord, b: Coord) -> Coord {
    coord((file_of(a) + file_of(b)) / 2, (rank_of(a) + rank_of(b)) / 2)
}
