//! Static exchange evaluation for every game from a rules file: after a move, both sides
//! take back on its target square, least valuable piece first, as long as it pays them.
//!
//! Nothing about the game's pieces is assumed: each capture on the square is found by the
//! move generator and played by the engine, so riders revealed behind a capturer (x-rays),
//! hoppers, promotions on capture and squares that open and close all count as they do in
//! play. Jumps and chains take what is not on their target square, and are not judged.

use crate::engine::moves::MoveShape;
use crate::engine::{BitSet, RulesMove, RulesPosition};
use boardlab_core::{MoveList, MoveSink, Position, SquareBits};

/// The most captures an exchange follows on one square.
const MAX_EXCHANGE: usize = 32;

impl<B: BitSet> RulesPosition<B> {
    /// Whether `mv` gains at least `threshold` once the exchange on its target square is
    /// played out, with `value_of(kind)` the worth of each piece (royal pieces worth more
    /// than everything else together). Moves that capture off their target square (jumps,
    /// chains) are taken to gain enough.
    pub(crate) fn exchange_at_least(
        &self,
        mv: RulesMove,
        threshold: i32,
        value_of: impl Fn(u8) -> i32,
    ) -> bool {
        // The square fought over, the kind that moves there and the kind that stands there
        // after (a promotion's).
        let (to, mover, landed) = match mv.shape() {
            MoveShape::Step {
                from,
                to,
                promotion,
                jump: false,
            } => {
                let Some(start) = self.square_of(from) else {
                    return true;
                };
                let kind = self.kind_on(start);
                (to, kind, promotion.unwrap_or(kind))
            }
            MoveShape::Drop { to, piece } => (to, piece, piece),
            _ => return true,
        };
        let Some(square) = self.square_of(to) else {
            return true;
        };
        let victim = self
            .piece_on(square)
            .filter(|&(owner, _)| owner != self.side_to_move())
            .map_or(0, |(_, kind)| value_of(kind));
        let mut gains = [0i32; MAX_EXCHANGE];
        gains[0] = victim + value_of(landed) - value_of(mover);
        let mut depth = 0;
        let mut position = *self;
        position.apply(mv);
        let mut standing = landed;
        while depth + 1 < MAX_EXCHANGE && position.loss().is_none() {
            let Some((reply, attacker, landed)) = position.cheapest_capture_on(square, &value_of)
            else {
                break;
            };
            depth += 1;
            // What the reply takes, less what the side before it had gained so far.
            gains[depth] =
                value_of(standing) + value_of(landed) - value_of(attacker) - gains[depth - 1];
            standing = landed;
            position.apply(reply);
        }
        // Each side may decline to take back: minimax from the end of the line.
        while depth > 0 {
            gains[depth - 1] = -(-gains[depth - 1]).max(gains[depth]);
            depth -= 1;
        }
        gains[0] >= threshold
    }

    /// The side to move's capture on `square` by its least valuable piece, with the kind
    /// that captures and the kind that stands there after (a promotion's).
    fn cheapest_capture_on(
        &self,
        square: u32,
        value_of: &impl Fn(u8) -> i32,
    ) -> Option<(RulesMove, u8, u8)> {
        let mut onto = CapturesOnto {
            square,
            found: MoveList::new(),
        };
        self.captures_onto(square, &mut onto);
        onto.found
            .iter()
            .filter_map(|&mv| {
                let MoveShape::Step {
                    from, promotion, ..
                } = mv.shape()
                else {
                    return None;
                };
                let kind = self.kind_on(self.square_of(from)?);
                Some((mv, kind, promotion.unwrap_or(kind)))
            })
            .min_by_key(|&(_, kind, landed)| (value_of(kind), -value_of(landed)))
    }
}

/// A move sink that keeps the step captures onto one square.
struct CapturesOnto {
    square: u32,
    found: MoveList<RulesMove>,
}

impl MoveSink<RulesMove> for CapturesOnto {
    fn add(&mut self, _mv: RulesMove) {}

    fn add_each(&mut self, targets: impl SquareBits, mut make: impl FnMut(u32) -> RulesMove) {
        let square = self.square;
        let mut hit = false;
        targets.for_each_square(|s| hit |= s == square);
        if hit {
            self.found.push(make(square));
        }
    }
}
