//! A game's strength levels for people, as data the game gives ([`Evaluate::LEVELS`]): the
//! bot behind each level and the level proposed first. `boardlab_ai::levels` reads and
//! describes them.
//!
//! [`Evaluate::LEVELS`]: crate::Evaluate::LEVELS

/// The level ladder of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Levels {
    /// The bot spec of each level (`alphabeta:nodes=800`), from level 1 (a beginner) up to
    /// the game's top level (its strongest bot, the full search for a second a move); each
    /// level should beat the one below by about 150 to 300 Elo (`scripts/levels.sh`
    /// measures it, docs/levels.md keeps the figures).
    pub specs: &'static [&'static str],
    /// The level proposed first to people: one that plays real moves and leaves room to
    /// grow (1 to the top level).
    pub default: u8,
}

impl Levels {
    /// How many levels there are: the number of the top level.
    pub const fn count(&self) -> u8 {
        self.specs.len() as u8
    }
}
