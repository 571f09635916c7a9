//! `boardlab bestmove`: a bot's choice in a position, with its search reports.

use crate::setup::{FirstChoice, GameArgs, bot_choice};
use anyhow::{Context, Result};
use boardlab_ai::BotSpec;
use boardlab_core::{Evaluate, GameHistory};
use boardlab_games::{GameVisitor, with_game};
use clap::Args;
use std::io::Write;

/// Arguments of `boardlab bestmove`.
#[derive(Args, Debug)]
pub struct BestmoveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The bot: random, alphabeta:depth=6, alphabeta:time=1s, mcts:playouts=20000, mcts:time=500ms, …
    #[arg(long)]
    bot: Option<BotSpec>,
    /// A strength level instead of --bot: 1 (weakest) to the game's top level (15 in
    /// Obsidian, fewer in the other games; a higher number plays as the top level); the
    /// game's levels are listed when --bot and --level are both missing.
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=i64::from(boardlab_ai::TOP_LEVEL)))]
    level: Option<u8>,
    /// The moves played since the position (or the start), so that the bot sees the game
    /// so far: repetitions and the no-progress count.
    #[arg(long, num_args = 1.., value_name = "MOVE")]
    moves: Vec<String>,
}

/// Runs `boardlab bestmove`.
pub fn run(args: BestmoveArgs) -> Result<()> {
    with_game(args.game.game, args)
}

impl GameVisitor for BestmoveArgs {
    type Output = Result<()>;

    fn visit<P: Evaluate>(self, game: P::Rules) -> Result<()> {
        let spec = bot_choice(self.bot, self.level, &P::LEVELS)?.for_game::<P>();
        spec.check_for::<P>()?;
        let (position, _): (P, _) = self.game.position(game, FirstChoice::One)?;
        let mut game = GameHistory::new(position);
        for (index, text) in self.moves.iter().enumerate() {
            game.play_text(text).with_context(|| {
                format!(
                    "--moves: move {} ({}) cannot be played",
                    index + 1,
                    boardlab_core::quoted(text)
                )
            })?;
        }
        if let Some(outcome) = game.outcome() {
            writeln!(std::io::stdout(), "bestmove (none)")?;
            note!(
                "no legal moves: {}",
                outcome.describe(|p| game.current().player_name(p))
            );
            return Ok(());
        }
        let mut bot = spec.build::<P>(self.game.seed.unwrap_or(0));
        let mut out = std::io::stdout().lock();
        let mut failed = None;
        let choice = bot.choose(&game, &mut |info| {
            if let Err(e) = writeln!(out, "{}", info.line()) {
                failed.get_or_insert(e);
            }
        });
        if let Some(err) = failed {
            return Err(err.into());
        }
        if let Some(trouble) = bot.trouble() {
            anyhow::bail!("the bot {} {trouble}", bot.name());
        }
        match choice {
            Some(mv) => writeln!(out, "bestmove {mv}")?,
            None => match bot.failure() {
                Some(failure) => anyhow::bail!(
                    "the bot {} {}\n{}",
                    bot.name(),
                    failure.summary(),
                    failure.details.trim_end()
                ),
                None => writeln!(out, "bestmove (none)")?,
            },
        }
        Ok(())
    }
}
