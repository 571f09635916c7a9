//! How a game ends: a goal reached, every royal piece lost, every piece lost, or no legal
//! move, as the file says.

use super::{Game, Position};
use boardlab_rules::definition::NoMoves;

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The winner has a goal piece in its goal at the end of its turn.
    Goal,
    /// The loser has no royal piece left, on the board or in hand.
    Royal,
    /// The loser has no piece left (`capture_all`).
    NoPieces,
    /// The player to move has no legal move (`no_moves`).
    NoMoves,
}

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Player `winner` (0 or 1) won.
    Win { winner: usize, reason: Reason },
    /// A draw (`no_moves = "draw"`).
    Draw,
}

impl Game {
    /// The outcome, or `None` while the game goes on (draw rules aside).
    pub fn outcome(&self, position: &Position) -> Option<Outcome> {
        if let Some(outcome) = self.outcome_before_moves(position) {
            return Some(outcome);
        }
        if !self.candidates(position).is_empty() {
            return None;
        }
        let (side, other) = (position.side, 1 - position.side);
        Some(match self.def.end.no_moves {
            NoMoves::Loss => Outcome::Win {
                winner: other,
                reason: Reason::NoMoves,
            },
            NoMoves::Win => Outcome::Win {
                winner: side,
                reason: Reason::NoMoves,
            },
            NoMoves::Draw => Outcome::Draw,
        })
    }

    /// The end decided before the moves are looked at, in the order of docs/rules-files.md:
    /// the player to move has lost its royal pieces, the player who just moved has reached
    /// its goal, or the player to move has no pieces left.
    pub fn outcome_before_moves(&self, position: &Position) -> Option<Outcome> {
        let (side, mover) = (position.side, 1 - position.side);
        let end = &self.def.end;
        let has = |wanted: &dyn Fn(usize) -> bool| {
            position
                .board
                .iter()
                .flatten()
                .any(|&(p, owner)| owner == side && wanted(p))
                || position.hands[side]
                    .iter()
                    .enumerate()
                    .any(|(p, &n)| n > 0 && wanted(p))
        };
        let royal = |p: usize| self.def.pieces[p].royal;
        if self.def.pieces.iter().any(|p| p.royal) && !has(&royal) {
            return Some(Outcome::Win {
                winner: mover,
                reason: Reason::Royal,
            });
        }
        let reached = position.board.iter().enumerate().any(|(square, o)| {
            matches!(*o, Some((piece, owner)) if owner == mover
                && end.goal_pieces.contains(&piece)
                && self.in_far_ranks(square, mover, end.goal_ranks))
        });
        if reached {
            return Some(Outcome::Win {
                winner: mover,
                reason: Reason::Goal,
            });
        }
        if end.capture_all && !has(&|_| true) {
            return Some(Outcome::Win {
                winner: mover,
                reason: Reason::NoPieces,
            });
        }
        None
    }
}
