//! [`Setup`]: what a game starts from (rule options, a board layout, a position or the start
//! with its first player), read into a position the same way by every tool.

use crate::error::{PositionError, RuleError};
use crate::player::Player;
use crate::position::Position;
use crate::rules::RuleOptions;

/// What a game starts from, as text from a user, a command line or a store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Rule options as `name=value` assignments.
    pub rules: Vec<String>,
    /// A board layout for games whose board is data (Parity), instead of the default.
    pub board: Option<String>,
    /// A position in its one-line text form (SPEC.md), instead of the start position.
    pub position: Option<String>,
    /// Who moves first from the start position, in games that draw it.
    pub first: Player,
}

/// Why a setup does not give a position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A rule option or the board layout is refused.
    #[error(transparent)]
    Rule(#[from] RuleError),
    /// The position text is refused.
    #[error(transparent)]
    Position(#[from] PositionError),
}

impl Setup {
    /// The start position with the default rules, Player 1 first.
    pub fn start() -> Setup {
        Setup {
            rules: Vec::new(),
            board: None,
            position: None,
            first: Player::One,
        }
    }

    /// The rules of the setup in a game whose default options are `game`: the options
    /// assigned, then the board layout.
    pub fn rules<P: Position>(&self, game: P::Rules) -> Result<P::Rules, RuleError> {
        let mut rules = game.with_assignments(&self.rules)?;
        if let Some(board) = &self.board {
            rules.load_board(board)?;
        }
        Ok(rules)
    }

    /// The position the setup starts from in a game whose default options are `game` (the
    /// games' tests show it in use).
    pub fn position<P: Position>(&self, game: P::Rules) -> Result<P, SetupError> {
        let rules = self.rules::<P>(game)?;
        Ok(match &self.position {
            Some(text) => P::from_text(text, rules)?,
            None => P::start_with_first(rules, self.first),
        })
    }
}
