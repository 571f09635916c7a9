//! `boardlab train`: trains a network evaluation on data files written by `boardlab datagen`
//! and writes it as a network file (`alphabeta:net=FILE` plays with it).

use super::bad_entries;
use anyhow::{Context, Result, bail};
use boardlab_ai::learning::network::{TrainSettings, TrainingSet, train};
use boardlab_core::{Evaluate, RuleOptions, count};
use boardlab_games::{GameId, GameVisitor, with_game};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `boardlab train`.
#[derive(Args, Debug)]
pub struct TrainArgs {
    /// The game: obsidian (the games with a network evaluation).
    #[arg(value_parser = crate::setup::parse_game)]
    game: GameId,
    /// A data file of `boardlab datagen` (repeat for several).
    #[arg(long, value_name = "FILE", required = true)]
    data: Vec<PathBuf>,
    /// Where to write the network: the one of the epoch with the least held-out loss,
    /// written as soon as it is found (so an interrupted run keeps one).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// The size of each side's hidden layer: a multiple of 32 up to 1024.
    #[arg(long, default_value_t = 256)]
    hidden: usize,
    /// Passes over the training positions.
    #[arg(long, default_value_t = 20)]
    epochs: usize,
    /// Positions per step.
    #[arg(long, default_value_t = 16384)]
    batch: usize,
    /// The first learning rate (it falls to a hundredth of it by the end).
    #[arg(long, default_value_t = 0.001)]
    learning_rate: f32,
    /// The weight of the search score in each target, 0 to 1; the rest is the game's result.
    #[arg(long, default_value_t = 0.7)]
    score_weight: f32,
    /// The evaluation scale (hundredths of a piece per unit of the logistic); default: the
    /// scale at which the data's scores predict its results best.
    #[arg(long)]
    scale: Option<f32>,
    /// The share of positions (the last ones) held out to judge the network.
    #[arg(long, default_value_t = 0.02)]
    held_out: f64,
    /// Skip the data lines that cannot be read (each with a warning) instead of stopping
    /// at them.
    #[arg(long)]
    skip_bad: bool,
    /// Threads.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// The seed of the first weights and the order of positions.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Train a network that corrects the game's hand-made evaluation (the two are summed
    /// when it plays) rather than one that replaces it.
    #[arg(long)]
    residual: bool,
}

/// Runs `boardlab train`.
pub fn run(args: TrainArgs) -> Result<()> {
    with_game(args.game, args)
}

impl GameVisitor for TrainArgs {
    type Output = Result<()>;

    fn visit<P: Evaluate>(self, game: P::Rules) -> Result<()> {
        if P::NETWORK_INPUTS == 0 {
            bail!(
                "{} has no network evaluation to train (games with one: obsidian)",
                game.game()
            );
        }
        if !(0.0..=1.0).contains(&self.score_weight) {
            bail!("--score-weight must be between 0 and 1");
        }
        if !(0.0..=0.5).contains(&self.held_out) {
            bail!("--held-out must be between 0 and 0.5");
        }
        if self.epochs == 0 || self.batch == 0 {
            bail!("--epochs and --batch must be at least 1");
        }
        if !(self.learning_rate > 0.0 && self.learning_rate.is_finite()) {
            bail!("--learning-rate must be a number above 0");
        }
        if self.scale.is_some_and(|s| !(s > 0.0 && s.is_finite())) {
            bail!("--scale must be a number above 0");
        }
        let started = Instant::now();
        let mut set = TrainingSet::default();
        for path in &self.data {
            let text = std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the data file '{}'", path.display()))?;
            let (part, bad) = TrainingSet::from_text::<P>(&text, game, self.threads.max(1));
            bad_entries::report(
                path,
                &bad,
                part.len() + bad.len(),
                ("data line", "data lines"),
                self.skip_bad,
            )?;
            set.append(part);
        }
        if set.is_empty() {
            bail!("the data files hold no positions");
        }
        let settings = TrainSettings {
            hidden: self.hidden,
            epochs: self.epochs,
            batch: self.batch,
            learning_rate: self.learning_rate,
            score_weight: self.score_weight,
            scale: self.scale,
            held_out: self.held_out,
            threads: self.threads.max(1),
            seed: self.seed,
            residual: self.residual,
        };
        let scale = settings.scale.unwrap_or_else(|| set.fit_scale());
        note!(
            "{} read in {:.1} s; scale {scale:.1}",
            count(set.len() as u64, "position", "positions"),
            started.elapsed().as_secs_f64()
        );
        note!(
            "the hand-made evaluation alone: held-out loss {:.6}",
            set.hand_made_loss(scale, self.score_weight, self.held_out)
        );
        let settings = TrainSettings {
            scale: Some(scale),
            ..settings
        };
        // The network kept is the one of the epoch that predicts the held-out positions best
        // (all of them, when none are held out): later epochs may learn the training games
        // by heart.
        let mut write_error = None;
        let mut best = f64::INFINITY;
        let mut best_epoch = 0;
        let network = train::<P>(&set, &settings, &mut |report, network| {
            note!(
                "epoch {}: loss {:.6}, held-out loss {:.6}, learning rate {:.2e} [{:.0} s]",
                report.epoch,
                report.train_loss,
                report.held_out_loss,
                report.learning_rate,
                started.elapsed().as_secs_f64()
            );
            let judged = if report.held_out_loss.is_nan() {
                report.train_loss
            } else {
                report.held_out_loss
            };
            if judged < best {
                (best, best_epoch) = (judged, report.epoch);
                if let Err(err) = write_atomically(&self.out, &network.to_bytes()) {
                    write_error.get_or_insert(err);
                }
            }
        })?;
        if let Some(err) = write_error {
            return Err(err);
        }
        writeln!(
            std::io::stdout(),
            "network of {} hidden values per side trained on {}; the network of epoch {best_epoch} (held-out loss {best:.6}) written to {}",
            network.hidden(),
            count(set.len() as u64, "position", "positions"),
            self.out.display()
        )?;
        Ok(())
    }
}

/// Writes `bytes` to `path` through a temporary file beside it, so that `path` always holds
/// a whole file.
fn write_atomically(path: &std::path::Path, bytes: &[u8]) -> Result<()> {
    let mut temporary = path.as_os_str().to_owned();
    temporary.push(".partial");
    std::fs::write(&temporary, bytes)
        .with_context(|| format!("cannot write '{}'", path.display()))?;
    std::fs::rename(&temporary, path)
        .with_context(|| format!("cannot write '{}'", path.display()))?;
    Ok(())
}
