//! The registry of games: the one place that lists every game id and its type.

use crate::daisy::Daisy;
use crate::obsidian::Obsidian;
use crate::parity::Parity;
use crate::sprint::Sprint;
use boardlab_core::{Encoding, Evaluate, quoted};
use std::fmt;
use std::str::FromStr;

/// Makes the registry from the one list of games below: the [`GameId`] enum, its
/// [`ALL`](GameId::ALL) and [`id`](GameId::id), and [`with_game`].
macro_rules! registry {
    ($($(#[$doc:meta])* $variant:ident => $position:ty,)+) => {
        /// A game that boardlab plays, named by its id.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameId {
            $($(#[$doc])* $variant,)+
        }

        impl GameId {
            /// Every game, in the order of RULES.md.
            pub const ALL: &'static [GameId] = &[$(GameId::$variant,)+];

            /// The id as typed on the command line.
            pub fn id(self) -> &'static str {
                match self {
                    $(GameId::$variant => <$position>::GAME_ID,)+
                }
            }
        }

        /// Runs `visitor` with the position type of `game` and the game's default rules.
        pub fn with_game<V: GameVisitor>(game: GameId, visitor: V) -> V::Output {
            match game {
                $(GameId::$variant => visitor.visit::<$position>(::std::default::Default::default()),)+
            }
        }
    };
}

// Every game boardlab plays, in the order of RULES.md: the only list of them. The CLI, the
// web catalog, the engine and the Python package all follow from it.
registry! {
    /// Obsidian, the 8x8 chess-like game.
    Obsidian => Obsidian,
    /// Daisy, the 9x9 shogi-like game with drops.
    Daisy => Daisy,
    /// Sprint, the 6x6 checkers-like race.
    Sprint => Sprint,
    /// Parity, the game of red and blue spaces on a board that is data.
    Parity => Parity,
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A game id that is not in the registry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown game {}; valid games: {}", quoted(given), valid_ids())]
pub struct UnknownGame {
    /// The text that was given.
    pub given: String,
}

fn valid_ids() -> String {
    GameId::ALL
        .iter()
        .map(|g| g.id())
        .collect::<Vec<_>>()
        .join(", ")
}

impl FromStr for GameId {
    type Err = UnknownGame;

    fn from_str(text: &str) -> Result<GameId, UnknownGame> {
        let wanted = text.trim().to_ascii_lowercase();
        GameId::ALL
            .iter()
            .copied()
            .find(|g| g.id() == wanted)
            .ok_or_else(|| UnknownGame {
                given: text.to_string(),
            })
    }
}

/// Work that can be done for any game: the registry calls `visit` with the game's type.
pub trait GameVisitor {
    /// What the work returns.
    type Output;
    /// Does the work for the position type `P` and the game `game` (its rules with their
    /// default options: games from rules files share one type, so the value says which game
    /// it is). Every game also has an evaluation, for the bots, and an encoding, for
    /// learning tools; work that needs only the rules may ask for `P: Position` alone.
    fn visit<P: Evaluate + Encoding>(self, game: P::Rules) -> Self::Output;
}
