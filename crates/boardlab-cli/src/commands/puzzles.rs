//! `boardlab puzzles`: positions where exactly one move wins, proven by the solver (games
//! without cycles) or by tablebases (`--tablebases`), as a JSON file the server's puzzles
//! are made from.

use crate::setup::{FirstChoice, GameArgs};
use anyhow::{Context, Result, bail};
use boardlab_ai::puzzles::{PuzzleSearch, generate};
use boardlab_ai::solver::Solver;
use boardlab_core::{Position, RuleOptions, ValueOracle};
use boardlab_games::{GameVisitor, with_game};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;

/// Arguments of `boardlab puzzles`.
#[derive(Args, Debug)]
pub struct PuzzlesArgs {
    #[command(flatten)]
    game: GameArgs,
    /// How many puzzles (1 to 100000).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    count: u64,
    /// The longest win a puzzle may ask for, in plies (1 to 99).
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(1..=99))]
    max_plies: u32,
    /// A folder of tablebases (`boardlab tablebase`): the proof for games with cycles.
    #[arg(long, value_name = "DIR")]
    tablebases: Option<PathBuf>,
    /// Positions the solver may search for one position's value before passing it over.
    #[arg(long, default_value_t = 2_000_000)]
    max_nodes: u64,
    /// Write the puzzles here (JSON) instead of standard output.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// Runs `boardlab puzzles`.
pub fn run(args: PuzzlesArgs) -> Result<()> {
    with_game(args.game.game, args)
}

impl GameVisitor for PuzzlesArgs {
    type Output = Result<()>;

    fn visit<P: Position>(self, game: P::Rules) -> Result<()> {
        let (start, _): (P, _) = self.game.position(game, FirstChoice::One)?;
        let rules = start.rules();
        let oracle: Option<Box<dyn ValueOracle<P>>> = match &self.tablebases {
            Some(dir) => Some(
                P::open_tablebases(dir, rules)
                    .with_context(|| format!("cannot use the tablebases in {}", dir.display()))?,
            ),
            None => None,
        };
        if !rules.acyclic() && oracle.is_none() {
            bail!(
                "{} has cycles: its puzzles are proven by tablebases; give --tablebases DIR (boardlab tablebase builds them){}",
                start.game_id(),
                if P::HAS_TABLEBASES {
                    ""
                } else {
                    ", which this game has none of"
                }
            );
        }
        let mut solver = Solver::new(oracle, self.max_nodes);
        let count = usize::try_from(self.count).unwrap_or(usize::MAX);
        let search = PuzzleSearch {
            count,
            seed: self.game.seed.unwrap_or(1),
            max_plies: self.max_plies,
            max_games: count.saturating_mul(5000),
        };
        let puzzles = generate(rules, &mut solver, search);
        if puzzles.len() < count {
            note!(
                "found {} of {count} puzzles in {} self-play games",
                puzzles.len(),
                search.max_games
            );
        }
        let text = serde_json::to_string_pretty(&puzzles)? + "\n";
        match &self.out {
            Some(path) => std::fs::write(path, text)
                .with_context(|| format!("cannot write {}", path.display()))?,
            None => std::io::stdout().lock().write_all(text.as_bytes())?,
        }
        Ok(())
    }
}
