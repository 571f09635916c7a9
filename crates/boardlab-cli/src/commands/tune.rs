//! `boardlab tune`: fits a game's evaluation weights to the results of self-play games
//! (Texel tuning) and writes them as a weights file.

use super::bad_entries;
use anyhow::{Context, Result, bail};
use boardlab_ai::BotSpec;
use boardlab_ai::learning::tune::{
    FitReport, GradientSettings, LocalSettings, Sample, fit, fit_gradient, samples_from_data,
    samples_from_record_file, self_play_samples,
};
use boardlab_core::{Evaluate, RuleOptions, Tunable, count};
use boardlab_games::{GameId, GameVisitor, with_game};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Arguments of `boardlab tune`.
#[derive(Args, Debug)]
pub struct TuneArgs {
    /// The game: a built-in id or the path of a rules file (.toml).
    #[arg(value_parser = crate::setup::parse_game, help = crate::setup::game_help())]
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
    /// Learn from the positions of this data file instead (`POSITION | SCORE | RESULT`
    /// lines, as `boardlab datagen` writes them, or with a stronger engine's scores): each
    /// position's target blends its score's prediction and its game's result.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["games", "bot", "records"])]
    data: Option<PathBuf>,
    /// With --records or --data: skip the records or lines that cannot be used (each with a
    /// warning) instead of stopping at them.
    #[arg(long)]
    skip_bad: bool,
    /// With --data: the share of the target that comes from the score (the rest from the
    /// game's result).
    #[arg(long, default_value_t = 0.7)]
    score_weight: f64,
    /// Random plies before the bot takes over, for varied games (`random:K`); with
    /// --records, the plies skipped at the start of every game.
    #[arg(long, default_value = "random:8", value_parser = super::matchup::parse_openings)]
    openings: u32,
    /// Weights to start from (a weights file); default: the game's shipped weights.
    #[arg(long, value_name = "FILE")]
    start: Option<PathBuf>,
    /// Fit only these groups of the weights (names as the weights file gives them,
    /// comma-separated); the others keep their starting values. Default: every group.
    #[arg(long, value_name = "GROUPS", value_delimiter = ',')]
    only: Vec<String>,
    /// Where to write the fitted weights.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// How to fit: `gradient` (gradient descent, for evaluations linear in their weights,
    /// judged on held-out games) or `local` (each weight moved in turn while the error
    /// falls; slow, for any evaluation). `gradient` falls back to `local` when the
    /// evaluation is not linear.
    #[arg(long, value_enum, default_value_t = Method::Gradient)]
    method: Method,
    /// Gradient: the most steps of gradient descent.
    #[arg(long, default_value_t = 2000)]
    steps: usize,
    /// Gradient: the pull toward the starting weights (times the sum of squared changes).
    #[arg(long, default_value_t = 1e-7)]
    regularise: f64,
    /// Gradient: the share of positions (the last games) held out to judge the fit; the
    /// weights that predict them best are kept.
    #[arg(long, default_value_t = 0.1)]
    held_out: f64,
    /// Local: the most passes over all the weights.
    #[arg(long, default_value_t = 30)]
    passes: usize,
    /// Local: the first step by which a weight is moved (halved down to 1).
    #[arg(long, default_value_t = 8)]
    step: i32,
    /// Threads for the games and the fit.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// The seed of the openings.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

/// How `boardlab tune` fits the weights.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Method {
    /// Gradient descent on the linear form of the evaluation.
    Gradient,
    /// Local search, one weight at a time.
    Local,
}

/// Runs `boardlab tune`.
pub fn run(args: TuneArgs) -> Result<()> {
    with_game(args.game, args)
}

impl GameVisitor for TuneArgs {
    type Output = Result<()>;

    fn visit<P: Evaluate>(self, game: P::Rules) -> Result<()> {
        if self.games == 0 {
            bail!("--games must be at least 1");
        }
        if self.step < 1 {
            bail!("--step must be at least 1");
        }
        if !(0.0..=0.5).contains(&self.held_out) {
            bail!("--held-out must be between 0 and 0.5");
        }
        if !(0.0..=1.0).contains(&self.score_weight) {
            bail!("--score-weight must be between 0 and 1");
        }
        if !(self.regularise >= 0.0 && self.regularise.is_finite()) {
            bail!("--regularise must be a number of at least 0");
        }
        let mut weights = P::Weights::default();
        if let Some(path) = &self.start {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the weights file '{}'", path.display()))?;
            weights
                .read_text(&text)
                .with_context(|| format!("bad weights file '{}'", path.display()))?;
        }
        let fixed: Vec<bool> = if self.only.is_empty() {
            Vec::new()
        } else {
            let only = weights.in_groups(&self.only).context("--only")?;
            only.into_iter().map(|fitted| !fitted).collect()
        };
        let (samples, source) = match (&self.records, &self.data) {
            (Some(path), _) => self.recorded_samples::<P>(game, path)?,
            (None, Some(path)) => self.data_samples::<P>(game, path)?,
            (None, None) => self.self_play::<P>(game),
        };
        note!(
            "{} from {source}",
            count(samples.len() as u64, "quiet position", "quiet positions")
        );
        if samples.is_empty() {
            bail!("the games gave no quiet positions to learn from; use more games");
        }
        let report = self.fit(&samples, &mut weights, fixed);
        let command = match (&self.records, &self.data) {
            (None, Some(path)) => format!(
                "boardlab tune {} --data {} --score-weight {}",
                game.game(),
                path.display(),
                self.score_weight
            ),
            (Some(path), _) => format!(
                "boardlab tune {} --records {} --openings random:{}",
                game.game(),
                path.display(),
                self.openings
            ),
            (None, None) => format!(
                "boardlab tune {} --games {} --bot {} --openings random:{} --seed {}",
                game.game(),
                self.games,
                self.bot,
                self.openings,
                self.seed
            ),
        };
        let method = match self.method {
            Method::Gradient => format!(
                " --method gradient --steps {} --regularise {} --held-out {}",
                self.steps, self.regularise, self.held_out
            ),
            Method::Local => format!(
                " --method local --passes {} --step {}",
                self.passes, self.step
            ),
        };
        let only = if self.only.is_empty() {
            String::new()
        } else {
            format!(" --only {}", self.only.join(","))
        };
        let header = format!(
            "# {} evaluation weights, fitted by `{command}{method}{only}`\n# {} positions, K {:.3}, error {:.6} -> {:.6}\n",
            game.game(),
            samples.len(),
            report.k,
            report.before,
            report.after
        );
        std::fs::write(&self.out, header + &weights.to_text())
            .with_context(|| format!("cannot write '{}'", self.out.display()))?;
        writeln!(
            std::io::stdout(),
            "K {:.3}, error {:.6} -> {:.6} after {} of fitting; weights written to {}",
            report.k,
            report.before,
            report.after,
            count(report.passes as u64, "round", "rounds"),
            self.out.display()
        )?;
        if report.after >= report.before {
            writeln!(
                std::io::stdout(),
                "No fitted weights predicted the games better than the starting ones, which were kept; more games may help."
            )?;
        }
        Ok(())
    }
}

impl TuneArgs {
    /// Fits `weights` to `samples` by the chosen method, leaving those marked in `fixed`.
    fn fit<P: Evaluate>(
        &self,
        samples: &[Sample<P>],
        weights: &mut P::Weights,
        fixed: Vec<bool>,
    ) -> FitReport {
        let threads = self.threads.max(1);
        if self.method == Method::Gradient {
            let settings = GradientSettings {
                steps: self.steps,
                regularisation: self.regularise,
                held_out: self.held_out,
                fixed: fixed.clone(),
                ..GradientSettings::default()
            };
            let mut on_check = |step: usize, train: f64, held: f64| {
                note!("step {step}: error {train:.6}, held-out error {held:.6}")
            };
            match fit_gradient(samples, weights, settings, threads, &mut on_check) {
                Ok(report) => return report,
                Err(not_linear) => note!("{not_linear}; fitting by local search instead"),
            }
        }
        let settings = LocalSettings {
            first_step: self.step,
            max_passes: self.passes,
            fixed,
        };
        fit(samples, weights, &settings, threads, &mut |pass, error| {
            note!("pass {pass}: error {error:.6}")
        })
    }

    /// Plays the self-play games and returns their samples with a description of them.
    fn self_play<P: Evaluate>(&self, game: P::Rules) -> (Vec<Sample<P>>, String) {
        let bar =
            ProgressBar::with_draw_target(Some(self.games as u64), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{bar:30} {pos}/{len} self-play games [{elapsed_precise}]",
            )
            .expect("a valid progress template"),
        );
        let samples = self_play_samples::<P>(
            game,
            &self.bot,
            self.games,
            self.openings,
            self.threads.max(1),
            self.seed,
            &|| bar.inc(1),
        );
        bar.finish_and_clear();
        (
            samples,
            format!(
                "{} of {}",
                count(self.games as u64, "game", "games"),
                self.bot
            ),
        )
    }

    /// Reads the positions of the data file `path` and returns their samples with a
    /// description of them; bad lines are reported, and stop the command unless skipped.
    fn data_samples<P: Evaluate>(
        &self,
        game: P::Rules,
        path: &Path,
    ) -> Result<(Vec<Sample<P>>, String)> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the data file '{}'", path.display()))?;
        let (samples, bad) = samples_from_data::<P>(game, &text, self.score_weight);
        bad_entries::report(
            path,
            &bad,
            samples.len() + bad.len(),
            ("data line", "data lines"),
            self.skip_bad,
        )?;
        Ok((samples, format!("the data file {}", path.display())))
    }

    /// Reads the games of the record file `path` and returns their samples with a
    /// description of them; records that cannot be used are reported, and stop the command
    /// unless skipped.
    fn recorded_samples<P: Evaluate>(
        &self,
        game: P::Rules,
        path: &Path,
    ) -> Result<(Vec<Sample<P>>, String)> {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the record file '{}'", path.display()))?;
        let found = samples_from_record_file::<P>(game, &text, self.openings as usize);
        let records = found.games + found.other_games + found.bad.len();
        bad_entries::report(
            path,
            &found.bad,
            records,
            ("record", "records"),
            self.skip_bad,
        )?;
        if found.games == 0 {
            bail!(
                "'{}' holds no usable {} games ({} in all)",
                path.display(),
                game.game(),
                count(records as u64, "record", "records")
            );
        }
        let others = match found.other_games {
            0 => String::new(),
            n => format!(
                " ({} of other games left alone)",
                count(n as u64, "record", "records")
            ),
        };
        Ok((
            found.samples,
            format!(
                "{} in {}{others}",
                count(found.games as u64, "recorded game", "recorded games"),
                path.display()
            ),
        ))
    }
}
