//! The two players of every boardlab game.

use std::fmt;

/// One of the two players. Player 1 sits at the bottom (rank 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Player {
    /// The player at the bottom of the board (rank 1).
    One,
    /// The player at the top of the board.
    Two,
}

impl Player {
    /// Both players, Player 1 first.
    pub const BOTH: [Player; 2] = [Player::One, Player::Two];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// 0 for Player 1, 1 for Player 2: an index into per-player arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The player's number as written in positions and records: 1 or 2.
    pub const fn number(self) -> u8 {
        self as u8 + 1
    }

    /// The player with the number `1` or `2`, if it is one of those.
    pub const fn from_number(number: u8) -> Option<Player> {
        match number {
            1 => Some(Player::One),
            2 => Some(Player::Two),
            _ => None,
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Player {}", self.number())
    }
}
