//! A seat of a game: 1 or 2, the way the API, the store and the pages number them. Seat 1
//! plays the game's Player 1 (who moves first depends on the rules and the draw).

use boardlab_core::Player;
use serde::{Deserialize, Serialize};
use std::fmt;

/// One of a game's two seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub enum Seat {
    /// Seat 1: Player 1's.
    One,
    /// Seat 2: Player 2's.
    Two,
}

impl Seat {
    /// Both seats, in order.
    pub const BOTH: [Seat; 2] = [Seat::One, Seat::Two];

    /// The seat numbered `number` (1 or 2).
    pub fn from_number(number: u8) -> Option<Seat> {
        match number {
            1 => Some(Seat::One),
            2 => Some(Seat::Two),
            _ => None,
        }
    }

    /// The seat's number: 1 or 2.
    pub fn number(self) -> u8 {
        match self {
            Seat::One => 1,
            Seat::Two => 2,
        }
    }

    /// The seat's place in a pair kept by seat (`[seat 1's, seat 2's]`): 0 or 1.
    pub fn index(self) -> usize {
        usize::from(self.number() - 1)
    }

    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::One => Seat::Two,
            Seat::Two => Seat::One,
        }
    }

    /// The game's player that sits here.
    pub fn player(self) -> Player {
        match self {
            Seat::One => Player::One,
            Seat::Two => Player::Two,
        }
    }

    /// The seat of the game's player `player`.
    pub fn of(player: Player) -> Seat {
        match player {
            Player::One => Seat::One,
            Player::Two => Seat::Two,
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

impl From<Seat> for u8 {
    fn from(seat: Seat) -> u8 {
        seat.number()
    }
}

impl TryFrom<u8> for Seat {
    type Error = String;

    fn try_from(number: u8) -> Result<Seat, String> {
        Seat::from_number(number).ok_or_else(|| format!("seat {number} is not 1 or 2"))
    }
}

/// Something said of each seat, sent as `{"1": …, "2": …}`.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BySeat<T> {
    /// Seat 1's.
    #[serde(rename = "1")]
    pub one: T,
    /// Seat 2's.
    #[serde(rename = "2")]
    pub two: T,
}

impl<T> BySeat<T> {
    /// Each seat's value, from `of`.
    pub fn each(mut of: impl FnMut(Seat) -> T) -> BySeat<T> {
        BySeat {
            one: of(Seat::One),
            two: of(Seat::Two),
        }
    }

    /// Seat `seat`'s value.
    pub fn get(&self, seat: Seat) -> &T {
        match seat {
            Seat::One => &self.one,
            Seat::Two => &self.two,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_are_numbered_one_and_two_and_face_each_other() {
        for seat in Seat::BOTH {
            assert_eq!(Seat::from_number(seat.number()), Some(seat));
            assert_eq!(seat.other().other(), seat);
            assert_ne!(seat.other(), seat);
            assert_eq!(Seat::of(seat.player()), seat);
            assert_eq!(seat.index() + 1, usize::from(seat.number()));
            assert_eq!(serde_json::to_string(&seat).unwrap(), seat.to_string());
        }
        assert_eq!(Seat::from_number(0), None);
        assert_eq!(Seat::from_number(3), None);
        assert!(serde_json::from_str::<Seat>("3").is_err());
        assert_eq!(serde_json::from_str::<Seat>("2").unwrap(), Seat::Two);
    }
}
