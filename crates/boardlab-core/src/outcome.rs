//! How a game ended: a win with its reason, or a draw with its reason.

use crate::player::Player;
use std::fmt;

/// Why a game was won.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser's key piece (the piece with this letter) was captured.
    KeyPieceCaptured(char),
    /// The loser had to move and had no legal move.
    NoLegalMove,
    /// The winner had to move and had no legal move, which the game's rules make a win (a
    /// rules file's `no_moves = "win"`).
    OutOfMoves,
    /// The winner brought a piece to the goal (the far rank).
    ReachedGoal,
    /// The loser has no pieces left on the board.
    NoPiecesLeft,
}

/// Why a game was drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DrawReason {
    /// The same position occurred for the third time.
    Repetition,
    /// The no-progress limit (`no_progress_plies`) was reached.
    NoProgress {
        /// The limit in plies that was reached.
        plies: u32,
    },
    /// The player to move had no legal move, which the game's rules make a draw (a rules
    /// file's `no_moves = "draw"`).
    NoLegalMove,
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// One player won.
    Win {
        /// The player who won.
        winner: Player,
        /// Why they won.
        reason: WinReason,
    },
    /// The game was drawn.
    Draw(DrawReason),
}

impl Outcome {
    /// The winner, or `None` for a draw.
    pub fn winner(&self) -> Option<Player> {
        match self {
            Outcome::Win { winner, .. } => Some(*winner),
            Outcome::Draw(_) => None,
        }
    }

    /// The result as a record writes it: `1-0`, `0-1` or `1/2-1/2`.
    pub fn score_text(&self) -> &'static str {
        match self.winner() {
            Some(Player::One) => "1-0",
            Some(Player::Two) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl Outcome {
    /// The outcome in words, calling the players by `name` (a game's own names for them).
    pub fn describe(&self, name: impl Fn(Player) -> &'static str) -> String {
        match self {
            Outcome::Win { winner, reason } => {
                let (winner_name, loser) = (name(*winner), name(winner.opponent()));
                match reason {
                    WinReason::KeyPieceCaptured(letter) => {
                        format!("{winner_name} wins: {loser}'s {letter} was captured")
                    }
                    WinReason::NoLegalMove => {
                        format!("{winner_name} wins: {loser} has no legal move")
                    }
                    WinReason::OutOfMoves => {
                        format!("{winner_name} wins by having no legal move")
                    }
                    WinReason::ReachedGoal => {
                        format!("{winner_name} wins: a piece reached {loser}'s home rank")
                    }
                    WinReason::NoPiecesLeft => {
                        format!("{winner_name} wins: {loser} has no pieces left")
                    }
                }
            }
            Outcome::Draw(DrawReason::Repetition) => {
                "draw: the same position occurred three times".to_string()
            }
            Outcome::Draw(DrawReason::NoLegalMove) => {
                "draw: the player to move has no legal move".to_string()
            }
            Outcome::Draw(DrawReason::NoProgress { plies }) => {
                format!(
                    "draw: {} without progress",
                    crate::words::count(u64::from(*plies), "ply", "plies")
                )
            }
        }
    }
}

impl fmt::Display for Outcome {
    /// The outcome in words, with the players called `Player 1` and `Player 2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.describe(|p| match p {
            Player::One => "Player 1",
            Player::Two => "Player 2",
        }))
    }
}
