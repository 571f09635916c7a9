//! The arguments every game command shares: which game, which position, which rules.

use anyhow::{Context, Result, bail};
use boardlab_ai::{BotSpec, SpecError};
use boardlab_core::{Levels, Player, Position, RuleOptions, Setup};
use boardlab_games::GameId;
use clap::{Args, ValueEnum};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;

/// Who moves first in a new game of a game whose rules draw the first player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum FirstChoice {
    /// Player 1 moves first.
    #[value(name = "1")]
    One,
    /// Player 2 moves first.
    #[value(name = "2")]
    Two,
    /// Draw the first player at random.
    Random,
}

/// The game, an optional position, rule options and the board layout.
#[derive(Args, Debug, Clone)]
pub struct GameArgs {
    /// The game: a built-in id or the path of a rules file (.toml).
    #[arg(value_parser = parse_game, help = game_help())]
    pub game: GameId,
    /// The position to start from, in the one-line text form (default: the start position).
    #[arg(long)]
    pub position: Option<String>,
    /// A rule option NAME=VALUE (repeatable), e.g. --rule no_progress_plies=0.
    #[arg(long = "rule", value_name = "NAME=VALUE")]
    pub rules: Vec<String>,
    /// A board layout file (parity): one row of B W R U letters per line, from the top.
    #[arg(long, value_name = "FILE")]
    pub board: Option<PathBuf>,
    /// Who moves first in a new game, for games that draw it (parity): 1, 2 or random.
    #[arg(long, value_enum)]
    pub first: Option<FirstChoice>,
    /// The seed of the random draw of the first player, to repeat a draw.
    #[arg(long)]
    pub seed: Option<u64>,
}

impl GameArgs {
    /// Builds the position these arguments describe, for the game's position type `P` and
    /// the game `game` (its rules with default options, as the registry gives them).
    /// A new game of a game that draws its first player uses `--first`, or `default_first`;
    /// the returned note says how the first player was chosen, when it was drawn.
    pub fn position<P: Position>(
        &self,
        game: P::Rules,
        default_first: FirstChoice,
    ) -> Result<(P, Option<String>)> {
        let board = match &self.board {
            Some(path) => Some(
                std::fs::read_to_string(path)
                    .with_context(|| format!("cannot read the board file '{}'", path.display()))?,
            ),
            None => None,
        };
        let mut setup = Setup {
            rules: self.rules.clone(),
            board,
            ..Setup::start()
        };
        // Bad rule options or a bad board are said before anything else.
        setup.rules::<P>(game)?;
        if self.first.is_some() && !game.first_player_drawn() {
            bail!(
                "--first: in {} the start position says who moves first; --first applies to games that draw the first player (parity)",
                game.game()
            );
        }
        if let Some(text) = &self.position {
            if self.first.is_some() {
                bail!(
                    "--first chooses who starts a new game; with --position the position text says who is to move"
                );
            }
            setup.position = Some(text.clone());
            return Ok((setup.position(game)?, None));
        }
        if !game.first_player_drawn() {
            return Ok((setup.position(game)?, None));
        }
        let (first, note) = match self.first.unwrap_or(default_first) {
            FirstChoice::One => (Player::One, None),
            FirstChoice::Two => (Player::Two, None),
            FirstChoice::Random => {
                let seed = self.seed.unwrap_or_else(rand::random);
                let first = if StdRng::seed_from_u64(seed).random_bool(0.5) {
                    Player::Two
                } else {
                    Player::One
                };
                let note = format!(
                    "{} was drawn at random to move first (--seed {seed} repeats this draw; --first 1 or 2 chooses)",
                    game.player_name(first)
                );
                (first, Some(note))
            }
        };
        setup.first = first;
        Ok((setup.position(game)?, note))
    }
}

/// The help of a game argument, naming the built-in games of the registry.
pub fn game_help() -> String {
    let ids: Vec<&str> = GameId::ALL.iter().map(|game| game.id()).collect();
    format!(
        "The game: {}, or the path of a rules file (.toml)",
        ids.join(", ")
    )
}

/// Reads a game argument: a built-in id or the path of a rules file (read and compiled
/// here, so that a bad file is an argument error naming its line and column).
pub fn parse_game(text: &str) -> Result<GameId, String> {
    GameId::named(text).map_err(|error| error.to_string())
}

/// One side of a game in the terminal: a person at the keyboard or a bot.
#[derive(Clone, Debug, PartialEq)]
pub enum Side {
    /// A person types the moves.
    Human,
    /// A bot chooses them.
    Bot(Box<BotSpec>),
}

impl std::str::FromStr for Side {
    type Err = SpecError;

    /// `human`, or a bot spec (`random`, `alphabeta:time=1s`, `level:3`, …).
    fn from_str(text: &str) -> Result<Side, SpecError> {
        if text.trim().eq_ignore_ascii_case("human") {
            Ok(Side::Human)
        } else {
            text.parse().map(|spec| Side::Bot(Box::new(spec)))
        }
    }
}

/// The bot of `--bot SPEC` or `--level N` (exactly one of them), for commands that need one;
/// `levels` are the game's, named in the message when neither is given.
pub fn bot_choice(spec: Option<BotSpec>, level: Option<u8>, levels: &Levels) -> Result<BotSpec> {
    match (spec, level) {
        (Some(_), Some(_)) => bail!("give either --bot or --level, not both"),
        (Some(spec), None) => Ok(spec),
        (None, Some(level)) => Ok(level_choice(level)?),
        (None, None) => {
            bail!(
                "no bot given: use --bot SPEC (e.g. alphabeta:time=1s) or --level 1..{}: {}",
                levels.count(),
                levels_help(levels)
            )
        }
    }
}

/// The bot of strength level `level` (`level:N`, which each game turns into its own bot).
pub fn level_choice(level: u8) -> Result<BotSpec, SpecError> {
    format!("level:{level}").parse()
}

/// The help text of a game's strength `levels` (each game has its own bot for each level,
/// and its own number of levels: docs/levels.md, or `boardlab_ai::levels`).
pub fn levels_help(levels: &Levels) -> String {
    boardlab_ai::levels::listing(levels)
        .into_iter()
        .map(|(level, _, about)| format!("{level} = {about}"))
        .collect::<Vec<_>>()
        .join("; ")
}
