//! How a game from a rules file ends: royal pieces lost, a goal reached, no pieces left, or
//! no legal move (a loss, a win or a draw, as the file says).

use super::bitset::BitSet;
use super::position::RulesPosition;
use crate::definition::NoMoves;
use boardlab_core::{DrawReason, Outcome, Player, WinReason};

impl<B: BitSet> RulesPosition<B> {
    /// Whether `player` still has a royal piece, on the board or in hand (always, in games
    /// without royal pieces).
    #[inline(always)]
    pub fn has_royal(&self, player: Player) -> bool {
        let mut royal = self.tables.rules.royal;
        if royal == 0 {
            return true;
        }
        while royal != 0 {
            let kind = royal.trailing_zeros() as u8;
            if !self.pieces(player, kind).is_empty() || self.in_hand(player, kind) > 0 {
                return true;
            }
            royal &= royal - 1;
        }
        false
    }

    /// Whether `player` has a goal piece standing in their goal.
    #[inline(always)]
    pub fn goal_reached_by(&self, player: Player) -> bool {
        let mut kinds = self.tables.rules.goal_pieces;
        let goal = self.tables.goal[player.index()] & self.by_side[player.index()];
        while kinds != 0 && !goal.is_empty() {
            let kind = kinds.trailing_zeros() as usize;
            if !(self.by_kind[kind] & goal).is_empty() {
                return true;
            }
            kinds &= kinds - 1;
        }
        false
    }

    /// Why the side to move has already lost by the game's own rules: their royal pieces
    /// are gone, the opponent's piece stands in its goal, or they have no pieces left.
    #[inline(always)]
    pub(crate) fn loss(&self) -> Option<WinReason> {
        let us = self.side;
        if !self.has_royal(us) {
            return Some(WinReason::KeyPieceCaptured(self.game().royal_letter()));
        }
        if self.goal_reached_by(us.opponent()) {
            return Some(WinReason::ReachedGoal);
        }
        if self.tables.rules.capture_all
            && self.by_side[us.index()].is_empty()
            && self.hand_total(us) == 0
        {
            return Some(WinReason::NoPiecesLeft);
        }
        None
    }

    /// The outcome: the game's own win rules, then what the file says of a player who must
    /// move and cannot.
    pub(crate) fn decided(&self, legal_moves: impl FnOnce() -> u64) -> Option<Outcome> {
        let us = self.side;
        if let Some(reason) = self.loss() {
            return Some(Outcome::Win {
                winner: us.opponent(),
                reason,
            });
        }
        if legal_moves() > 0 {
            return None;
        }
        Some(match self.game().definition.end.no_moves {
            NoMoves::Loss => Outcome::Win {
                winner: us.opponent(),
                reason: WinReason::NoLegalMove,
            },
            NoMoves::Win => Outcome::Win {
                winner: us,
                reason: WinReason::OutOfMoves,
            },
            NoMoves::Draw => Outcome::Draw(DrawReason::NoLegalMove),
        })
    }
}
