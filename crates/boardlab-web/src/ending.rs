//! How a game of the server ends other than by its rules: a resignation, a draw agreed by
//! both players, or a player's clock running out.

use boardlab_core::Player;
use boardlab_core::record::RecordResult;

/// An end that the players (or the clock) decided, not the rules of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// This player resigned.
    Resigned(Player),
    /// Both players agreed to a draw.
    Agreed,
    /// This player's time ran out.
    Flagged(Player),
}

impl Ending {
    /// The ending as stored in the `ended` column (`draw`, `time:1`); a resignation is
    /// stored in its own column.
    pub fn stored(self) -> String {
        match self {
            Ending::Resigned(player) => format!("resigned:{}", player.number()),
            Ending::Agreed => "draw".to_string(),
            Ending::Flagged(player) => format!("time:{}", player.number()),
        }
    }

    /// Reads a stored ending; `None` for text this server does not write.
    pub fn from_stored(text: &str) -> Option<Ending> {
        let seat = |n: &str| n.parse().ok().and_then(Player::from_number);
        match text.split_once(':') {
            None if text == "draw" => Some(Ending::Agreed),
            Some(("resigned", n)) => seat(n).map(Ending::Resigned),
            Some(("time", n)) => seat(n).map(Ending::Flagged),
            _ => None,
        }
    }

    /// The result in a record.
    pub fn result(self) -> RecordResult {
        match self {
            Ending::Resigned(loser) | Ending::Flagged(loser) => RecordResult::Win(loser.opponent()),
            Ending::Agreed => RecordResult::Draw,
        }
    }

    /// The score (`1-0`, `0-1`, `1/2-1/2`).
    pub fn score(self) -> &'static str {
        match self {
            Ending::Resigned(Player::One) | Ending::Flagged(Player::One) => "0-1",
            Ending::Resigned(Player::Two) | Ending::Flagged(Player::Two) => "1-0",
            Ending::Agreed => "1/2-1/2",
        }
    }

    /// How the game ended, in words for the record's termination (`White (Player 1)
    /// resigned`), calling the players by `name`.
    pub fn termination(self, name: impl Fn(Player) -> &'static str) -> String {
        match self {
            Ending::Resigned(loser) => format!("{} resigned", name(loser)),
            Ending::Agreed => "drawn by agreement".to_string(),
            Ending::Flagged(loser) => format!("{} ran out of time", name(loser)),
        }
    }

    /// The result in words for the players (`Black (Player 2) wins: White (Player 1)
    /// resigned`).
    pub fn describe(self, name: impl Fn(Player) -> &'static str + Copy) -> String {
        match self {
            Ending::Resigned(loser) | Ending::Flagged(loser) => format!(
                "{} wins: {}",
                name(loser.opponent()),
                self.termination(name)
            ),
            Ending::Agreed => "Drawn by agreement".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn endings_read_back_as_stored() {
        for ending in [
            Ending::Resigned(Player::One),
            Ending::Resigned(Player::Two),
            Ending::Agreed,
            Ending::Flagged(Player::One),
            Ending::Flagged(Player::Two),
        ] {
            assert_eq!(Ending::from_stored(&ending.stored()), Some(ending));
        }
        for bad in ["", "time:3", "time:x", "drawn", "resigned"] {
            assert_eq!(Ending::from_stored(bad), None, "{bad}");
        }
        assert_eq!(Ending::Flagged(Player::Two).score(), "1-0");
        let names = |p: Player| if p == Player::One { "A" } else { "B" };
        assert_eq!(
            Ending::Flagged(Player::One).describe(names),
            "B wins: A ran out of time"
        );
    }
}
