//! `boardlab moves`: the legal moves of a position.

use crate::setup::{FirstChoice, GameArgs};
use anyhow::Result;
use boardlab_core::Position;
use boardlab_games::{GameVisitor, with_game};
use clap::Args;
use std::io::Write;

/// Arguments of `boardlab moves`.
#[derive(Args, Debug)]
pub struct MovesArgs {
    #[command(flatten)]
    game: GameArgs,
}

/// Runs `boardlab moves`.
pub fn run(args: MovesArgs) -> Result<()> {
    with_game(args.game.game, args)
}

impl GameVisitor for MovesArgs {
    type Output = Result<()>;

    fn visit<P: Position>(self, game: P::Rules) -> Result<()> {
        let (position, _): (P, _) = self.game.position(game, FirstChoice::One)?;
        let mut out = std::io::stdout().lock();
        for text in position.legal_move_texts() {
            writeln!(out, "{text}")?;
        }
        if let Some(outcome) = position.outcome() {
            note!("no legal moves: {outcome}");
        }
        Ok(())
    }
}
