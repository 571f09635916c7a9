//! The arguments every game command shares: which game, which position, which rules.

use anyhow::Result;
use boardlab_core::{Position, RuleOptions};
use boardlab_games::GameId;
use clap::Args;

/// The game, an optional position and rule options.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game: obsidian, daisy, sprint or parity.
    #[arg(value_parser = clap::value_parser!(GameId))]
    pub game: GameId,
    /// The position to start from, in the one-line text form (default: the start position).
    #[arg(long)]
    pub position: Option<String>,
    /// A rule option NAME=VALUE (repeatable), e.g. --rule no_progress_plies=0.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    pub rules: Vec<String>,
}

impl GameArgs {
    /// Builds the position these arguments describe, for the game's position type `P`.
    pub fn position<P: Position>(&self) -> Result<P> {
        let rules = P::Rules::from_assignments(&self.rules)?;
        Ok(match &self.position {
            Some(text) => P::from_text(text, rules)?,
            None => P::start(rules),
        })
    }
}
