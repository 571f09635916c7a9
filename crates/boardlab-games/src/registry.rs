//! The registry of games: the one place that lists every game id and its type, and where a
//! rules file becomes a game like the others.

use crate::daisy::Daisy;
use crate::obsidian::Obsidian;
use crate::parity::Parity;
use crate::sprint::Sprint;
use boardlab_core::{Encoding, Evaluate, Levels, quoted};
use boardlab_rules::engine::{BitSetSize, Bits256, Game, RulesOptions, RulesPosition};
use boardlab_rules::{LoadError, load_file};
use std::fmt;
use std::hash::{Hash, Hasher};
use std::path::Path;
use std::str::FromStr;

/// Makes the registry from the one list of games below: the [`GameId`] enum, its
/// [`ALL`](GameId::ALL) and [`id`](GameId::id), and [`with_game`].
macro_rules! registry {
    ($($(#[$doc:meta])* $variant:ident => $position:ty,)+) => {
        /// A game that boardlab plays: a built-in game, named by its id, or a game read from
        /// a rules file.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum GameId {
            $($(#[$doc])* $variant,)+
            /// A game read from a rules file, played by the generic engine.
            File(RulesFile),
        }

        impl GameId {
            /// Every built-in game, in the order of RULES.md.
            pub const ALL: &'static [GameId] = &[$(GameId::$variant,)+];

            /// The id as typed on the command line (a rules file's `id`).
            pub fn id(self) -> &'static str {
                match self {
                    $(GameId::$variant => <$position>::GAME_ID,)+
                    GameId::File(file) => file.game().id(),
                }
            }
        }

        /// Runs `visitor` with the position type of `game` and the game's default rules.
        pub fn with_game<V: GameVisitor>(game: GameId, visitor: V) -> V::Output {
            match game {
                $(GameId::$variant => visitor.visit::<$position>(::std::default::Default::default()),)+
                GameId::File(file) => file.visit(visitor),
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

/// A game read from a rules file: its compiled game (every option at its default), shared
/// for the life of the program. Two handles are equal when they hold the same game.
#[derive(Clone, Copy, Debug)]
pub struct RulesFile(&'static Game);

impl RulesFile {
    /// The compiled game.
    pub fn game(self) -> &'static Game {
        self.0
    }

    /// Runs `visitor` with the position type that holds the game's board (the smallest
    /// bit set: fastest) and the game's default rules.
    fn visit<V: GameVisitor>(self, visitor: V) -> V::Output {
        let rules = RulesOptions::new(self.0);
        match self.0.bit_set() {
            BitSetSize::U64 => visitor.visit::<RulesPosition<u64>>(rules),
            BitSetSize::U128 => visitor.visit::<RulesPosition<u128>>(rules),
            BitSetSize::Bits256 => visitor.visit::<RulesPosition<Bits256>>(rules),
        }
    }
}

impl PartialEq for RulesFile {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.0, other.0)
    }
}

impl Eq for RulesFile {}

impl Hash for RulesFile {
    fn hash<H: Hasher>(&self, state: &mut H) {
        std::ptr::hash(self.0, state);
    }
}

/// Why a game named on a command line (or in Python) is not a game: an unknown id, or a
/// rules file that does not give one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// Neither a built-in id nor a rules file.
    #[error(transparent)]
    Unknown(#[from] UnknownGame),
    /// A rules file that cannot be read, breaks the format or cannot be played.
    #[error(transparent)]
    File(#[from] LoadError),
}

impl GameId {
    /// The game a user names: a built-in id (`obsidian`), or the path of a rules file (a
    /// name ending in `.toml` or holding a `/`), read and compiled. Only for users who may
    /// read files on this machine (the command line, Python); a server reads only its own
    /// folder of rules files.
    pub fn named(text: &str) -> Result<GameId, GameError> {
        if let Ok(game) = text.parse::<GameId>() {
            return Ok(game);
        }
        let trimmed = text.trim();
        if trimmed.ends_with(".toml") || trimmed.contains('/') || trimmed.contains('\\') {
            return GameId::from_file(Path::new(trimmed));
        }
        Err(GameError::Unknown(UnknownGame {
            given: text.to_string(),
        }))
    }

    /// The game of the rules file at `path`.
    pub fn from_file(path: &Path) -> Result<GameId, GameError> {
        Ok(GameId::File(RulesFile(load_file(path)?)))
    }

    /// The game of a compiled rules file.
    pub fn from_rules(game: &'static Game) -> GameId {
        GameId::File(RulesFile(game))
    }

    /// Whether this is one of the built-in games (not a rules file).
    pub fn is_built_in(self) -> bool {
        !matches!(self, GameId::File(_))
    }

    /// The game's strength levels for people ([`Evaluate::LEVELS`]).
    pub fn levels(self) -> Levels {
        /// Reads the game's levels.
        struct ReadLevels;
        impl GameVisitor for ReadLevels {
            type Output = Levels;
            fn visit<P: Evaluate + Encoding>(self, _game: P::Rules) -> Levels {
                P::LEVELS
            }
        }
        with_game(self, ReadLevels)
    }

    /// The evaluation engine that plays this game ([`Evaluate::ENGINE`]): what its bot
    /// levels and networks are kept under (a built-in game's id, or `rules` for every
    /// game from a rules file).
    pub fn engine(self) -> &'static str {
        struct Engine;
        impl GameVisitor for Engine {
            type Output = &'static str;
            fn visit<P: Evaluate + Encoding>(self, _game: P::Rules) -> &'static str {
                P::ENGINE
            }
        }
        with_game(self, Engine)
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A game id that is not in the registry.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown game {}; valid games: {}, or the path of a rules file (.toml)",
    quoted(given),
    valid_ids()
)]
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
