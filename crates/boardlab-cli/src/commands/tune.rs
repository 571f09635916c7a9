//! `boardlab tune`: fits a game's evaluation weights to the results of self-play games
//! (Texel tuning) and writes them as a weights file.

use anyhow::{Context, Result, bail};
use boardlab_ai::BotSpec;
use boardlab_ai::tune::{Sample, fit, samples_from_records, self_play_samples};
use boardlab_core::record::GameRecord;
use boardlab_core::{Evaluate, Tunable};
use boardlab_games::{GameId, GameVisitor, with_game};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::path::{Path, PathBuf};

/// Arguments of `boardlab tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The game: obsidian, daisy, sprint or parity.
    game: GameId,
    /// The self-play games to learn from.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// The bot that plays them (a fixed node count keeps the games repeatable).
    #[arg(long, default_value = "alphabeta:nodes=5000")]
    bot: BotSpec,
    /// Learn from the finished games in this record file (SPEC.md records, e.g. saved by
    /// `match --pgn`) instead of playing self-play games.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["games", "bot"])]
    records: Option<PathBuf>,
    /// Random plies before the bot takes over, for varied games (`random:K`); with
    /// --records, the plies skipped at the start of every game.
    #[arg(long, default_value = "random:8", value_parser = super::matchup::parse_openings)]
    openings: u32,
    /// Weights to start from (a weights file); default: the game's shipped weights.
    #[arg(long, value_name = "FILE")]
    start: Option<PathBuf>,
    /// Where to write the fitted weights.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The most passes over all the weights.
    #[arg(long, default_value_t = 30)]
    passes: usize,
    /// The first step by which a weight is moved (halved down to 1).
    #[arg(long, default_value_t = 8)]
    step: i32,
    /// Threads for the games and the fit.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// The seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// Runs `boardlab tune`.
pub fn run(args: TuneArgs) -> Result<()> {
    with_game(args.game, args)
}

impl GameVisitor for TuneArgs {
    type Output = Result<()>;

    fn visit<P: Evaluate>(self) -> Result<()> {
        if self.games == 0 {
            bail!("--games must be at least 1");
        }
        if self.step < 1 {
            bail!("--step must be at least 1");
        }
        let mut weights = P::Weights::default();
        if let Some(path) = &self.start {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the weights file '{}'", path.display()))?;
            weights
                .read_text(&text)
                .with_context(|| format!("bad weights file '{}'", path.display()))?;
        }
        let (samples, source) = match &self.records {
            Some(path) => self.recorded_samples::<P>(path)?,
            None => self.self_play::<P>(),
        };
        eprintln!("{} quiet positions from {source}", samples.len());
        if samples.is_empty() {
            bail!("the games gave no quiet positions to learn from; use more games");
        }
        let report = fit(
            &samples,
            &mut weights,
            self.step,
            self.passes,
            self.threads.max(1),
            &mut |pass, error| eprintln!("pass {pass}: error {error:.6}"),
        );
        let command = match &self.records {
            Some(path) => format!(
                "boardlab tune {} --records {} --openings random:{}",
                P::GAME_ID,
                path.display(),
                self.openings
            ),
            None => format!(
                "boardlab tune {} --games {} --bot {} --openings random:{} --seed {}",
                P::GAME_ID,
                self.games,
                self.bot,
                self.openings,
                self.seed
            ),
        };
        let header = format!(
            "# {} evaluation weights, fitted by `{command}`\n# {} positions, K {:.3}, error {:.6} -> {:.6}\n",
            P::GAME_ID,
            samples.len(),
            report.k,
            report.before,
            report.after
        );
        std::fs::write(&self.out, header + &weights.to_text())
            .with_context(|| format!("cannot write '{}'", self.out.display()))?;
        println!(
            "K {:.3}, error {:.6} -> {:.6} after {} passes; weights written to {}",
            report.k,
            report.before,
            report.after,
            report.passes,
            self.out.display()
        );
        Ok(())
    }
}

impl TuneArgs {
    /// Plays the self-play games and returns their samples with a description of them.
    fn self_play<P: Evaluate>(&self) -> (Vec<Sample<P>>, String) {
        let bar =
            ProgressBar::with_draw_target(Some(self.games as u64), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:30} {pos}/{len} self-play games [{elapsed_precise}]",
            )
            .expect("a valid progress template"),
        );
        let samples = self_play_samples::<P>(
            &self.bot,
            self.games,
            self.openings,
            self.threads.max(1),
            self.seed,
            &|| bar.inc(1),
        );
        bar.finish_and_clear();
        (samples, format!("{} games of {}", self.games, self.bot))
    }

    /// Reads the games of the record file `path` and returns their samples with a
    /// description of them.
    fn recorded_samples<P: Evaluate>(&self, path: &Path) -> Result<(Vec<Sample<P>>, String)> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the record file '{}'", path.display()))?;
        let records = GameRecord::parse_all(&text)
            .with_context(|| format!("bad record file '{}'", path.display()))?;
        let games = records
            .iter()
            .filter(|r| r.tag("Game") == Some(P::GAME_ID))
            .count();
        if games == 0 {
            bail!(
                "'{}' holds no {} games ({} records in all)",
                path.display(),
                P::GAME_ID,
                records.len()
            );
        }
        let records: Vec<GameRecord> = records
            .into_iter()
            .filter(|r| r.tag("Game") == Some(P::GAME_ID))
            .collect();
        let samples = samples_from_records::<P>(&records, self.openings as usize);
        Ok((
            samples,
            format!("{games} recorded games in {}", path.display()),
        ))
    }
}
