//! `boardlab solve`: the exact value of a position and of each legal move.

use crate::setup::{FirstChoice, GameArgs};
use anyhow::{Context, Result};
use boardlab_ai::solver::Solver;
use boardlab_core::{Position, ValueOracle, count};
use boardlab_games::{GameVisitor, with_game};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `boardlab solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    game: GameArgs,
    /// A folder of tablebases (`boardlab tablebase`), read before searching.
    #[arg(long, value_name = "DIR")]
    tablebases: Option<PathBuf>,
    /// Give up after searching this many positions.
    #[arg(long, default_value_t = 20_000_000_000)]
    max_nodes: u64,
}

/// Runs `boardlab solve`.
pub fn run(args: SolveArgs) -> Result<()> {
    with_game(args.game.game, args)
}

impl GameVisitor for SolveArgs {
    type Output = Result<()>;

    fn visit<P: Position>(self, game: P::Rules) -> Result<()> {
        let (position, _): (P, _) = self.game.position(game, FirstChoice::One)?;
        let oracle: Option<Box<dyn ValueOracle<P>>> = match &self.tablebases {
            Some(dir) => Some(
                P::open_tablebases(dir, position.rules())
                    .with_context(|| format!("cannot use the tablebases in {}", dir.display()))?,
            ),
            None => None,
        };
        let mut solver = Solver::new(oracle, self.max_nodes);
        let bar = ProgressBar::with_draw_target(None, ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{spinner} solving: {human_pos} positions searched [{elapsed_precise}]",
            )
            .expect("a valid progress template"),
        );
        let shown = bar.clone();
        solver.on_progress(move |nodes| shown.set_position(nodes));
        let started = Instant::now();
        let solution = solver.solve(&position);
        bar.finish_and_clear();
        let solution = solution?;
        let mut out = std::io::stdout().lock();
        for line in solution.lines() {
            writeln!(out, "{line}")?;
        }
        out.flush()?;
        let seconds = started.elapsed().as_secs_f64();
        match solver.nodes() {
            0 => note!("read from the tablebases in {seconds:.2} s"),
            nodes => note!(
                "solved in {seconds:.2} s, {} searched",
                count(nodes, "position", "positions")
            ),
        }
        Ok(())
    }
}
