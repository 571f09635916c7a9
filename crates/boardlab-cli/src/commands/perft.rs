//! `boardlab perft`: leaf counts split by first move, in the format of Stockfish's `go perft`.

use crate::setup::{FirstChoice, GameArgs};
use anyhow::Result;
use boardlab_core::Position;
use boardlab_core::perft::divide;
use boardlab_games::{GameVisitor, with_game};
use clap::Args;
use std::io::Write;
use std::time::Instant;

/// The deepest perft the command accepts.
pub const MAX_DEPTH: u32 = 30;

/// Arguments of `boardlab perft`.
#[derive(Args, Debug)]
pub struct PerftArgs {
    #[command(flatten)]
    game: GameArgs,
    /// Plies to search, 1 to 30.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=MAX_DEPTH as i64))]
    depth: u32,
}

/// Runs `boardlab perft`.
pub fn run(args: PerftArgs) -> Result<()> {
    with_game(args.game.game, args)
}

impl GameVisitor for PerftArgs {
    type Output = Result<()>;

    fn visit<P: Position>(self, game: P::Rules) -> Result<()> {
        let (position, _): (P, _) = self.game.position(game, FirstChoice::One)?;
        let started = Instant::now();
        let rows = divide(&position, self.depth);
        let elapsed = started.elapsed();
        let total: u64 = rows.iter().map(|(_, nodes)| nodes).sum();
        let mut out = std::io::stdout().lock();
        for (mv, nodes) in &rows {
            writeln!(out, "{mv}: {nodes}")?;
        }
        writeln!(out)?;
        writeln!(out, "Nodes searched: {total}")?;
        out.flush()?;
        let seconds = elapsed.as_secs_f64();
        note!(
            "time {:.3} s, {:.1} M nodes/s",
            seconds,
            total as f64 / seconds.max(1e-9) / 1e6
        );
        Ok(())
    }
}
