//! `boardlab puzzles`: positions where exactly one move wins, proven by the solver (games
//! without cycles) or by tablebases (`--tablebases`), or, in games with neither (Obsidian,
//! Daisy), found by a deeper fixed-depth search (`--depth`), as a JSON file the server's
//! puzzles are made from. `--search-again FILE` searches a file of such searched puzzles
//! again with today's evaluation, keeping those whose answer still wins alone.

use crate::setup::{FirstChoice, GameArgs};
use anyhow::{Context, Result, bail};
use boardlab_ai::puzzles::deep::{self, generate_deep};
use boardlab_ai::puzzles::{Puzzle, PuzzleSearch, generate};
use boardlab_ai::solver::Solver;
use boardlab_core::{Evaluate, Position, RuleOptions, ValueOracle};
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
    /// The deeper search's depth in plies (2 to 8), for games without a solver or
    /// tablebases (default 5; the bots' quick search goes to 4).
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=8))]
    depth: Option<u32>,
    /// Search the puzzles of this file (as this command writes them) again at their own
    /// depths with today's evaluation, instead of finding new ones: each keeps its new scores
    /// where its answer still wins alone, and is dropped where it does not.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["count", "tablebases", "depth", "seed"])]
    search_again: Option<PathBuf>,
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

    fn visit<P: Evaluate>(self, game: P::Rules) -> Result<()> {
        let (start, _): (P, _) = self.game.position(game, FirstChoice::One)?;
        let rules = start.rules();
        let count = usize::try_from(self.count).unwrap_or(usize::MAX);
        let search = PuzzleSearch {
            count,
            seed: self.game.seed.unwrap_or(1),
            max_plies: self.max_plies,
            max_games: count.saturating_mul(5000),
        };
        let searched = !rules.acyclic() && self.tablebases.is_none() && !P::HAS_TABLEBASES;
        let puzzles = if let Some(path) = &self.search_again {
            search_again_file(&start, path, self.max_plies)?
        } else if searched {
            let depth = self.depth.unwrap_or(deep::DEFAULT_DEPTH);
            note!(
                "{}: no solver or tablebases; each candidate's moves are searched by alpha-beta to depth {depth}: \
                 one must force a win of 3 to {} plies or score at least {}, every other at most {} \
                 (hundredths of a basic piece) — a search's verdict, not a proof",
                start.game_id(),
                self.max_plies,
                deep::WINNING,
                deep::OTHERS_AT_MOST
            );
            generate_deep::<P>(rules, search, depth)
        } else {
            if self.depth.is_some() {
                bail!(
                    "--depth is for games without a solver or tablebases; {}'s puzzles are proven by {}",
                    start.game_id(),
                    if rules.acyclic() {
                        "the solver"
                    } else {
                        "tablebases"
                    }
                );
            }
            self.prove::<P>(rules, search, start.game_id())?
        };
        if puzzles.len() < count && self.search_again.is_none() {
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

/// The puzzles of the file at `path`, all of `start`'s game and found by the deeper search,
/// searched again (see [`deep::search_again`]); a note says which were dropped.
fn search_again_file<P: Evaluate>(
    start: &P,
    path: &std::path::Path,
    max_plies: u32,
) -> Result<Vec<Puzzle>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let puzzles: Vec<Puzzle> = serde_json::from_str(&text).with_context(|| {
        format!(
            "{} is not a puzzles file (a JSON array of puzzles, as `boardlab puzzles --out` writes)",
            path.display()
        )
    })?;
    let game = start.game_id();
    let mut kept = Vec::with_capacity(puzzles.len());
    for puzzle in &puzzles {
        if puzzle.game != game {
            bail!(
                "puzzle {} is of the game {}, not {game}",
                puzzle.id,
                puzzle.game
            );
        }
        let Some(proof) = &puzzle.search else {
            bail!(
                "puzzle {} was proven exactly, not found by a search: only searched puzzles (Obsidian's, Daisy's) depend on the evaluation",
                puzzle.id
            );
        };
        let position = P::from_text(&puzzle.position, start.rules())
            .map_err(|e| anyhow::anyhow!("puzzle {}: its position: {e}", puzzle.id))?;
        match deep::search_again(puzzle, &position, max_plies) {
            Some(again) => kept.push(again),
            None => note!(
                "puzzle {} dropped: at depth {} its answer {} no longer wins alone",
                puzzle.id,
                proof.depth,
                puzzle.solution
            ),
        }
    }
    note!(
        "{} of {} puzzles searched again still have one winning answer",
        kept.len(),
        puzzles.len()
    );
    Ok(kept)
}

impl PuzzlesArgs {
    /// Puzzles proven by the solver, with the tablebases where given.
    fn prove<P: Position>(
        &self,
        rules: P::Rules,
        search: PuzzleSearch,
        game_id: &str,
    ) -> Result<Vec<boardlab_ai::puzzles::Puzzle>> {
        let oracle: Option<Box<dyn ValueOracle<P>>> = match &self.tablebases {
            Some(dir) => Some(
                P::open_tablebases(dir, rules)
                    .with_context(|| format!("cannot use the tablebases in {}", dir.display()))?,
            ),
            None => None,
        };
        if !rules.acyclic() && oracle.is_none() {
            bail!(
                "{game_id} has cycles: its puzzles are proven by tablebases; give --tablebases DIR (boardlab tablebase builds them)"
            );
        }
        note!(
            "{game_id}: each puzzle is proven by the solver{}",
            if oracle.is_some() {
                " with the tablebases"
            } else {
                "'s exhaustive search"
            }
        );
        let mut solver = Solver::new(oracle, self.max_nodes);
        Ok(generate(rules, &mut solver, search))
    }
}
