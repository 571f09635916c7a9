//! Search scores: an evaluation, or a win or loss a known number of plies away.

use boardlab_core::MAX_EVAL;
use std::fmt;

/// The score of a win at the root; a win `n` plies away scores `WIN - n`.
pub const WIN: i32 = 1_000_000;

/// Scores beyond this (in either direction) are decided games, not evaluations.
pub const DECIDED: i32 = WIN - 10_000;

const _: () = assert!(MAX_EVAL < DECIDED);

/// The score of losing at `ply` plies from the root (the side to move there has lost).
#[inline]
pub const fn loss_in(ply: usize) -> i32 {
    -(WIN - ply as i32)
}

/// The score of winning at `ply` plies from the root (the opponent of the side to move
/// there has lost).
#[inline]
pub const fn win_in(ply: usize) -> i32 {
    WIN - ply as i32
}

/// A score for people: an evaluation, a forced win or loss in plies, or a win probability.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Score {
    /// An evaluation in hundredths of the game's basic piece, for the side to move.
    Eval(i32),
    /// The side to move wins in this many plies at most.
    Win(u32),
    /// The side to move loses in this many plies at most.
    Loss(u32),
    /// The side to move's chance of winning, 0 to 1 (MCTS).
    Probability(f64),
}

impl Score {
    /// The score of a search value (`WIN`-relative for decided games).
    pub fn from_search(value: i32) -> Score {
        if value >= DECIDED {
            Score::Win((WIN - value) as u32)
        } else if value <= -DECIDED {
            Score::Loss((WIN + value) as u32)
        } else {
            Score::Eval(value)
        }
    }
}

impl fmt::Display for Score {
    /// `cp 35`, `win 3` (plies), `loss 2`, or `wp 0.637`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Eval(cp) => write!(f, "cp {cp}"),
            Score::Win(plies) => write!(f, "win {plies}"),
            Score::Loss(plies) => write!(f, "loss {plies}"),
            Score::Probability(p) => write!(f, "wp {p:.3}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decided_scores_read_back() {
        assert_eq!(Score::from_search(WIN - 3), Score::Win(3));
        assert_eq!(Score::from_search(loss_in(2)), Score::Loss(2));
        assert_eq!(Score::from_search(40), Score::Eval(40));
        assert_eq!(Score::Win(3).to_string(), "win 3");
    }
}
