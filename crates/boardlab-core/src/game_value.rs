//! The exact value of a position under perfect play, and the sources that know it.

use crate::position::Position;
use std::cmp::Ordering;
use std::fmt;

/// The value of a position for the side to move with perfect play by both sides: a win or
/// a loss in a number of plies (the winner wins as fast as it can, the loser holds out as
/// long as it can), or a draw (neither side can force a win).
///
/// ```
/// use boardlab_core::GameValue;
/// // A side with no legal move has lost: the move before it won in one ply.
/// assert_eq!(GameValue::Loss(0).for_mover(), GameValue::Win(1));
/// assert_eq!(GameValue::Win(3).to_string(), "win 3");
/// assert!(GameValue::Win(1) > GameValue::Win(5));
/// assert!(GameValue::Loss(9) > GameValue::Loss(2));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameValue {
    /// The side to move wins in this many plies.
    Win(u32),
    /// The side to move loses in this many plies (0: it has already lost).
    Loss(u32),
    /// Neither side can force a win.
    Draw,
}

impl GameValue {
    /// The value for the player who moved into a position of this value (whose opponent
    /// is now to move): the plies now count that move too.
    pub fn for_mover(self) -> GameValue {
        match self {
            GameValue::Win(plies) => GameValue::Loss(plies + 1),
            GameValue::Loss(plies) => GameValue::Win(plies + 1),
            GameValue::Draw => GameValue::Draw,
        }
    }

    /// The number of plies to the end, or `None` for a draw.
    pub fn plies(self) -> Option<u32> {
        match self {
            GameValue::Win(plies) | GameValue::Loss(plies) => Some(plies),
            GameValue::Draw => None,
        }
    }

    /// A number that orders values from the side to move's point of view: higher is better
    /// (a quick win best, a quick loss worst).
    fn rank(self) -> i64 {
        match self {
            GameValue::Win(plies) => i64::MAX / 2 - plies as i64,
            GameValue::Loss(plies) => -(i64::MAX / 2) + plies as i64,
            GameValue::Draw => 0,
        }
    }
}

impl Ord for GameValue {
    /// Better for the side to move is greater: any win beats a draw, a draw beats any loss,
    /// a faster win and a slower loss are better.
    fn cmp(&self, other: &Self) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl PartialOrd for GameValue {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for GameValue {
    /// `win N`, `loss N` or `draw`, as `boardlab solve` prints values.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GameValue::Win(plies) => write!(f, "win {plies}"),
            GameValue::Loss(plies) => write!(f, "loss {plies}"),
            GameValue::Draw => f.write_str("draw"),
        }
    }
}

/// Something that knows exact values of some positions of a game: endgame tablebases.
pub trait ValueOracle<P: Position>: Send + Sync {
    /// The exact value of `position` for its side to move, or `None` when it lies outside
    /// what this oracle covers. Draw rules (repetition, no progress) are ignored.
    fn probe(&self, position: &P) -> Result<Option<GameValue>, OracleError>;

    /// What this oracle covers, in words (for messages such as "outside the tablebases").
    fn coverage(&self) -> String;
}

/// A failure to read a value that an oracle should have had (a file that went missing or
/// is damaged after it was opened).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct OracleError(pub String);
