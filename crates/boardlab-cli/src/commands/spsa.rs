//! `boardlab spsa`: tunes a game's search parameters by SPSA self-play, then keeps the tuned
//! set only if an SPRT match against the game's present set accepts it.

use super::matchup::{sprt_line, stop_when_decided};
use crate::setup::{FirstChoice, GameArgs};
use anyhow::{Context, Result, bail};
use boardlab_ai::learning::tune::spsa::{
    DEFAULT_R_END, Spsa, SpsaGames, run_spsa, spsa_params, with_params,
};
use boardlab_ai::matches::arena::{DEFAULT_MAX_PLIES, MatchConfig, mix, run_match_until};
use boardlab_ai::matches::elo::{Tally, format_elo};
use boardlab_ai::matches::openings::Openings;
use boardlab_ai::matches::sprt::{Decision, Sprt};
use boardlab_ai::search::alphabeta::{PARAMS, SearchParams};
use boardlab_ai::{BotKind, BotSpec, TimeControl};
use boardlab_core::{Evaluate, RuleOptions, count};
use boardlab_games::{GameVisitor, with_game};
use clap::Args;
use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::PathBuf;

/// Arguments of `boardlab spsa`.
#[derive(Args, Debug)]
pub struct SpsaArgs {
    #[command(flatten)]
    game: GameArgs,
    /// List the search parameters (default, range, this game's value) and stop.
    #[arg(long)]
    list: bool,
    /// The parameters to tune, joined by commas (default: all of them).
    #[arg(long, value_delimiter = ',', value_name = "NAME,…")]
    params: Option<Vec<String>>,
    /// The bot both sides are; each adds its parameters (`param.NAME=V`). A node limit
    /// makes the games fast and fair on a loaded machine.
    #[arg(long, default_value = "alphabeta:nodes=5000")]
    bot: BotSpec,
    /// SPSA iterations: each plays --pairs pairs of games between the two perturbed bots.
    #[arg(long, default_value_t = 1000)]
    iterations: usize,
    /// Pairs of games an iteration (each opening with both colours).
    #[arg(long, default_value_t = 1)]
    pairs: usize,
    /// Learning rate at the last iteration (Fishtest's r_end). Each parameter is perturbed
    /// at the end by a twentieth of its range.
    #[arg(long, default_value_t = DEFAULT_R_END)]
    r_end: f64,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Openings, as `boardlab match` takes them.
    #[arg(long, default_value = "random:4")]
    openings: Openings,
    /// Plies after the opening at which a game is a draw.
    #[arg(long, default_value_t = DEFAULT_MAX_PLIES)]
    max_plies: usize,
    /// Timed games (`BASE+INC`), as `boardlab match` plays them.
    #[arg(long, value_name = "BASE+INC")]
    tc: Option<TimeControl>,
    /// The check of the tuned set against the game's present one, after tuning: kept only
    /// when H1 is accepted.
    #[arg(
        long,
        default_value = "elo0=0,elo1=5",
        value_name = "elo0=E0,elo1=E1[,alpha=A,beta=B]"
    )]
    sprt: Sprt,
    /// The most games of that check.
    #[arg(long, default_value_t = 4000)]
    sprt_games: usize,
    /// Where the tuned set is written when the check accepts it (with `.rejected` added
    /// when it does not). The game reads its set from
    /// `crates/boardlab-games/src/GAME/search.params`.
    #[arg(long, value_name = "FILE")]
    out: Option<PathBuf>,
}

/// Runs `boardlab spsa`.
pub fn run(args: SpsaArgs) -> Result<()> {
    with_game(args.game.game, args)
}

impl GameVisitor for SpsaArgs {
    type Output = Result<()>;

    fn visit<P: Evaluate>(self, game: P::Rules) -> Result<()> {
        let present = SearchParams::for_game::<P>();
        if self.list {
            return list(&present);
        }
        if self.bot.kind != BotKind::AlphaBeta {
            bail!(
                "--bot {}: SPSA tunes the alpha-beta search; give an alphabeta spec (e.g. alphabeta:nodes=5000)",
                self.bot
            );
        }
        if self.iterations == 0 || self.pairs == 0 {
            bail!("--iterations and --pairs must be at least 1");
        }
        if !(self.r_end.is_finite() && self.r_end > 0.0 && self.r_end <= 1.0) {
            bail!(
                "--r-end {}: expected a learning rate above 0, at most 1",
                self.r_end
            );
        }
        if !self.bot.alphabeta.params.is_empty() {
            bail!(
                "--bot {}: leave the parameters out of the bot; --params names those to tune",
                self.bot
            );
        }
        let mut params = spsa_params(self.params.as_deref(), &present)?;
        for p in &mut params {
            p.r_end = self.r_end;
        }
        let draw_first = game.first_player_drawn()
            && self.game.position.is_none()
            && self.game.first.is_none_or(|f| f == FirstChoice::Random);
        let (start, _): (P, _) = self.game.position(game, FirstChoice::One)?;
        let seed = self.game.seed.unwrap_or_else(rand::random);
        let games = SpsaGames {
            start,
            draw_first,
            bot: self.bot.clone(),
            pairs: self.pairs,
            threads: self.threads,
            openings: self.openings,
            max_plies: self.max_plies,
            time_control: self.tc,
            seed,
        };
        let mut spsa = Spsa::new(params, self.iterations);
        let log_every = (self.iterations / 20).max(1);
        let started = std::time::Instant::now();
        let total = run_spsa(&mut spsa, &games, &mut |spsa, _| {
            if spsa.done() % log_every == 0 || spsa.done() == self.iterations {
                note!(
                    "iteration {}/{} ({:.0} s): {}",
                    spsa.done(),
                    self.iterations,
                    started.elapsed().as_secs_f64(),
                    values_line(spsa)
                );
            }
        })?;
        let infos: Vec<_> = spsa.params().iter().map(|p| p.info).collect();
        let tuned = with_params(&self.bot, &infos, &spsa.values())?;
        let check = self.check::<P>(&games, tuned, seed)?;
        let text = self.file_text::<P>(&spsa, &total, &check);
        let out = self
            .out
            .clone()
            .unwrap_or_else(|| PathBuf::from(format!("spsa-{}.params", P::ENGINE)));
        let (path, kept) = match check.decision {
            Decision::H1 => (out, true),
            _ => (PathBuf::from(format!("{}.rejected", out.display())), false),
        };
        std::fs::write(&path, &text)
            .with_context(|| format!("cannot write the tuned set to '{}'", path.display()))?;
        let mut stdout = std::io::stdout().lock();
        write!(stdout, "{text}")?;
        if kept {
            writeln!(stdout, "kept: written to {}", path.display())?;
        } else {
            writeln!(
                stdout,
                "not kept (the check did not accept it): written to {} for the record",
                path.display()
            )?;
        }
        Ok(())
    }
}

/// The SPRT check of a tuned set against the game's present one.
struct Check {
    decision: Decision,
    line: String,
    tally: Tally,
}

impl SpsaArgs {
    /// Plays the tuned bot against the bot with the game's present parameters until the
    /// test decides or --sprt-games are played.
    fn check<P: Evaluate>(&self, games: &SpsaGames<P>, tuned: BotSpec, seed: u64) -> Result<Check> {
        let config = MatchConfig {
            start: games.start,
            draw_first: games.draw_first,
            bot_a: tuned,
            bot_b: self.bot.clone(),
            games: self.sprt_games.max(2),
            threads: self.threads.max(1),
            openings: self.openings,
            // Openings the tuning did not play.
            seed: mix(seed ^ 0x5eed_c4ec),
            max_plies: self.max_plies,
            time_control: self.tc,
        };
        let sprt = self.sprt;
        let decided = std::sync::Mutex::new(None);
        let log_lines = !std::io::stderr().is_terminal();
        let summary = run_match_until(&config, &|_, tally| {
            if log_lines && tally.games() % 100 == 0 {
                note!("check: {tally}, LLR {:.2}", sprt.llr(tally));
            }
            stop_when_decided(&sprt, tally, &decided)
        });
        let at = decided
            .into_inner()
            .unwrap_or_else(|e| e.into_inner())
            .unwrap_or(summary.tally);
        Ok(Check {
            decision: sprt.decide(&at),
            line: sprt_line(&sprt, &at, self.sprt_games),
            tally: at,
        })
    }

    /// The parameters file: how it was made, the check, and the tuned values.
    fn file_text<P: Evaluate>(&self, spsa: &Spsa, total: &Tally, check: &Check) -> String {
        let command: Vec<String> = std::env::args()
            .map(|a| if a.contains(' ') { format!("'{a}'") } else { a })
            .collect();
        let (elo, low, high) = check.tally.elo();
        let mut text = String::new();
        let _ = writeln!(
            text,
            "# Search parameters for {}, tuned by SPSA.",
            P::ENGINE
        );
        let _ = writeln!(text, "# Made by: {}", command.join(" "));
        let _ = writeln!(
            text,
            "# {} of {}: {} games, the + side {total}.",
            count(spsa.done() as u64, "iteration", "iterations"),
            self.bot,
            total.games()
        );
        let _ = writeln!(
            text,
            "# Check against the present set: {}; Elo {} ({} to {}).",
            check.line,
            format_elo(elo),
            format_elo(low),
            format_elo(high)
        );
        for (p, value) in spsa.params().iter().zip(spsa.values()) {
            let _ = writeln!(
                text,
                "{} = {value}  # was {}, range {} to {}",
                p.info.name, p.start, p.info.min, p.info.max
            );
        }
        text
    }
}

/// The current values, unrounded, as `name=value` joined by spaces.
fn values_line(spsa: &Spsa) -> String {
    spsa.params()
        .iter()
        .zip(spsa.theta())
        .map(|(p, v)| format!("{}={v:.1}", p.info.name))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Prints every parameter: name, this game's value, default, range and what it does.
fn list(present: &SearchParams) -> Result<()> {
    let mut out = std::io::stdout().lock();
    for info in PARAMS {
        let value = present.get(info.name).expect("a listed parameter");
        let tuned = if value == info.default {
            String::new()
        } else {
            format!(" (tuned; default {})", info.default)
        };
        writeln!(
            out,
            "{} = {value}{tuned}  [{} to {}]\n   {}",
            info.name,
            info.min,
            info.max,
            info.doc.trim()
        )?;
    }
    Ok(())
}
