//! `boardlab match`: two bots play a series of games; the result with Elo and error bars.

use crate::setup::{FirstChoice, GameArgs};
use anyhow::{Context, Result, bail};
use boardlab_ai::matches::arena::{
    DEFAULT_MAX_PLIES, Flow, MatchConfig, MatchSummary, run_match_until,
};
use boardlab_ai::matches::elo::Tally;
use boardlab_ai::matches::elo::format_elo;
use boardlab_ai::matches::match_stats::SideStats;
use boardlab_ai::matches::openings::{OpeningKind, Openings};
use boardlab_ai::matches::sprt::{Decision, Sprt};
use boardlab_ai::{BotSpec, FailureKind, TimeControl};
use boardlab_core::{Evaluate, RuleOptions, count};
use boardlab_games::{GameVisitor, with_game};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::fmt::Write as _;
use std::io::{IsTerminal, Write as _};
use std::path::PathBuf;

/// Arguments of `boardlab match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    game: GameArgs,
    /// The first bot (the result is given from its side).
    #[arg(long)]
    p1: BotSpec,
    /// The second bot.
    #[arg(long)]
    p2: BotSpec,
    /// The number of games; each opening is played twice, once with each bot moving first.
    #[arg(long, default_value_t = 2)]
    games: usize,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Openings: `random:K` plays K random plies from the start before the bots take over;
    /// `setup:K` first plays the game's setup moves (Daisy: both A's dropped on their own
    /// halves), then K random plies, and skips openings where the side to move can win at
    /// once. Each pair of games has its own opening, seeded by --seed, and no two pairs
    /// share one while fresh seeds can avoid it (the default's four random plies give
    /// distinct games even between bots that always answer alike).
    #[arg(long, default_value = "random:4")]
    openings: Openings,
    /// Plies after the opening at which a game is adjudicated a draw.
    #[arg(long, default_value_t = DEFAULT_MAX_PLIES)]
    max_plies: usize,
    /// Save every game as a record (SPEC.md) in this file.
    #[arg(long, value_name = "FILE")]
    pgn: Option<PathBuf>,
    /// A sequential test, checked after every game: `elo0=0,elo1=10[,alpha=0.05,beta=0.05]`
    /// (trinomial GSPRT in logistic Elo, as Fishtest). The match stops as soon as it decides;
    /// --games is then the most games played.
    #[arg(long, value_name = "elo0=E0,elo1=E1[,alpha=A,beta=B]")]
    sprt: Option<Sprt>,
    /// Play timed games: each side gets BASE seconds and INC more after each move (`10+0.1`;
    /// units allowed: `5m+2s`, `500ms+50ms`; `40/5m+0` gives the base again every 40
    /// moves). The bots play to their clocks instead of their own time per move; a side whose
    /// clock runs out loses on time.
    #[arg(long, value_name = "BASE+INC")]
    tc: Option<TimeControl>,
}

/// Reads the `random:K` openings of commands that take random plies only (`tune`).
pub(crate) fn parse_openings(text: &str) -> Result<u32, String> {
    match text.parse::<Openings>()? {
        Openings {
            kind: OpeningKind::Random,
            plies,
        } => Ok(plies),
        _ => Err(format!(
            "openings '{text}': expected random:K with K from 0 to 100 plies"
        )),
    }
}

/// Runs `boardlab match`.
pub fn run(args: MatchArgs) -> Result<()> {
    with_game(args.game.game, args)
}

impl GameVisitor for MatchArgs {
    type Output = Result<()>;

    fn visit<P: Evaluate>(self, game: P::Rules) -> Result<()> {
        if self.games == 0 {
            bail!("--games must be at least 1");
        }
        // Levels become the game's own bots (named `level:N (SPEC)` in the summary).
        let (p1, p2) = (self.p1.for_game::<P>(), self.p2.for_game::<P>());
        p1.check_for::<P>()?;
        p2.check_for::<P>()?;
        let draw_first = game.first_player_drawn()
            && self.game.position.is_none()
            && self.game.first.is_none_or(|f| f == FirstChoice::Random);
        let (start, _): (P, _) = self.game.position(game, FirstChoice::One)?;
        let seed = self.game.seed.unwrap_or_else(rand::random);
        let config = MatchConfig {
            start,
            draw_first,
            bot_a: p1,
            bot_b: p2,
            games: self.games,
            threads: self.threads.max(1),
            openings: self.openings,
            seed,
            max_plies: self.max_plies,
            time_control: self.tc,
        };
        let bar =
            ProgressBar::with_draw_target(Some(self.games as u64), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template("{bar:30} {pos}/{len} games {msg} [{elapsed_precise}]")
                .expect("a valid progress template"),
        );
        let sprt = self.sprt;
        // The tally at which the test decided: games still being played then finish and
        // count in the match's result, but the test's verdict is the one reached.
        let decided: std::sync::Mutex<Option<Tally>> = std::sync::Mutex::new(None);
        // Without a terminal (a log file) the bar is hidden: a line every few games instead.
        let log_lines = !std::io::stderr().is_terminal();
        let summary = run_match_until(&config, &|_, tally| {
            let llr = sprt.map(|t| format!(" LLR {:.2}", t.llr(tally)));
            let progress = format!(
                "{tally} score {:.1}%{}",
                100.0 * tally.score(),
                llr.unwrap_or_default()
            );
            if log_lines && tally.games() % LOG_EVERY == 0 {
                note!("{}/{} games: {progress}", tally.games(), self.games);
            }
            bar.set_message(progress);
            bar.inc(1);
            match sprt {
                Some(sprt) => stop_when_decided(&sprt, tally, &decided),
                None => Flow::Continue,
            }
        });
        bar.finish_and_clear();
        let decided = decided.into_inner().unwrap_or_else(|e| e.into_inner());
        // The records are written even when nobody reads the result.
        let printed = self.print_result(&config, &summary, decided);
        if let Some(path) = &self.pgn {
            let text: String = summary.games.iter().map(|g| g.record.to_string()).collect();
            std::fs::write(path, text)
                .with_context(|| format!("cannot write the records to '{}'", path.display()))?;
        }
        printed?;
        Ok(())
    }
}

impl MatchArgs {
    /// Prints the match's result, and the test's verdict (reached at `decided`) with `--sprt`.
    fn print_result<P: Evaluate>(
        &self,
        config: &MatchConfig<P>,
        summary: &MatchSummary,
        decided: Option<Tally>,
    ) -> std::io::Result<()> {
        let mut out = std::io::stdout().lock();
        write!(out, "{}", describe::<P>(config, summary))?;
        if let Some(sprt) = &self.sprt {
            let at = decided.unwrap_or(summary.tally);
            writeln!(out, "{}", sprt_line(sprt, &at, self.games))?;
            if at != summary.tally {
                writeln!(
                    out,
                    "({} under way when the test decided; they count in the result above)",
                    count(
                        (summary.tally.games() - at.games()) as u64,
                        "more game was",
                        "more games were"
                    )
                )?;
            }
        }
        Ok(())
    }
}

/// Whether a match under the test `sprt` stops after a game that left `tally`: it does once
/// the test decides, noting in `decided` the tally it decided at (the first, when games
/// finish together).
pub(crate) fn stop_when_decided(
    sprt: &Sprt,
    tally: &Tally,
    decided: &std::sync::Mutex<Option<Tally>>,
) -> Flow {
    match sprt.decide(tally) {
        Decision::Continue => Flow::Continue,
        Decision::H0 | Decision::H1 => {
            let mut first = decided.lock().unwrap_or_else(|e| e.into_inner());
            first.get_or_insert(*tally);
            Flow::Stop
        }
    }
}

/// How often (in games) progress is logged when standard error is not a terminal.
const LOG_EVERY: u32 = 20;

/// The test's end: `SPRT elo0=0 elo1=10 alpha=0.05 beta=0.05: LLR 3.01 (bounds -2.94 to
/// +2.94) after 120 games: H1 accepted (…)`.
pub(crate) fn sprt_line(sprt: &Sprt, tally: &Tally, max_games: usize) -> String {
    let (lower, upper) = sprt.bounds();
    let verdict = match sprt.decide(tally) {
        Decision::H1 => format!(
            "H1 accepted (the first bot is at least {} Elo stronger)",
            sprt.elo1
        ),
        Decision::H0 => format!(
            "H0 accepted (the first bot is at most {} Elo stronger)",
            sprt.elo0
        ),
        Decision::Continue => format!(
            "inconclusive at the maximum of {}",
            count(max_games as u64, "game", "games")
        ),
    };
    format!(
        "SPRT {sprt}: LLR {:.2} (bounds {lower:.2} to {upper:+.2}) after {}: {verdict}",
        sprt.llr(tally),
        count(tally.games() as u64, "game", "games")
    )
}

/// One side's figures: `  <spec>: mean depth 6.2, 1.23 M nodes/s, time share of its 100ms:
/// median 0.94, largest 0.97, 0 moves over 1.10; 0 illegal moves, 0 crashes, 0 time-outs,
/// 0 losses on time`; in timed games the clock's figures replace the time shares.
fn side_line(spec: &BotSpec, stats: &SideStats, timed: bool) -> String {
    let search = if stats.searched == 0 {
        "no search reports".to_string()
    } else {
        format!(
            "mean depth {:.1}, {:.2} M nodes/s",
            stats.mean_depth(),
            stats.nodes_per_second() / 1e6
        )
    };
    let time = match (timed, spec.limits.time) {
        (true, _) => format!(
            "least time left {}, mean move {}, longest move {}",
            stats
                .least_time_left
                .map_or_else(|| "-".to_string(), seconds),
            seconds(stats.mean_move_time()),
            seconds(stats.longest_move)
        ),
        (false, Some(limit)) => format!(
            "time share of its {}ms: median {}, largest {:.2}, {} over 1.10",
            limit.as_millis(),
            stats
                .median_time_share()
                .map_or_else(|| "-".to_string(), |m| format!("{m:.2}")),
            stats.max_time_share,
            count(stats.over_limit as u64, "move", "moves")
        ),
        (false, None) => "no time limit".to_string(),
    };
    let failures: Vec<String> = FailureKind::ALL
        .iter()
        .map(|&kind| format!("{} {}", stats.failures_of(kind), kind.plural()))
        .collect();
    format!("  {spec}: {search}, {time}; {}", failures.join(", "))
}

/// A time in seconds with three decimals: `1.234s`.
fn seconds(time: std::time::Duration) -> String {
    format!("{:.3}s", time.as_secs_f64())
}

/// "1 win", "0 wins", "2 losses".
fn counted(n: u32, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

/// The summary text: the match, the result, the Elo difference and the game length.
fn describe<P: Evaluate>(config: &MatchConfig<P>, summary: &MatchSummary) -> String {
    let tally = summary.tally;
    let (elo, low, high) = tally.elo();
    let mut text = String::new();
    let _ = writeln!(
        text,
        "Match: {} vs {} at {}, {}, openings {}, seed {}{}",
        config.bot_a,
        config.bot_b,
        config.start.game_id(),
        count(tally.games() as u64, "game", "games"),
        config.openings,
        config.seed,
        config
            .time_control
            .map(|tc| format!(", clock {tc}"))
            .unwrap_or_default()
    );
    let _ = writeln!(
        text,
        "Result for {}: {}, {}, {} ({tally})",
        config.bot_a,
        counted(tally.wins, "win", "wins"),
        counted(tally.draws, "draw", "draws"),
        counted(tally.losses, "loss", "losses")
    );
    let _ = writeln!(
        text,
        "Score: {:.1}/{} = {:.1}%",
        tally.points(),
        tally.games(),
        100.0 * tally.score()
    );
    let _ = writeln!(
        text,
        "Elo difference: {} (95% interval {} to {})",
        format_elo(elo),
        format_elo(low),
        format_elo(high)
    );
    let _ = writeln!(
        text,
        "Average game length: {:.1} plies",
        summary.average_plies()
    );
    let _ = writeln!(text, "Per side:");
    for (bot_a, spec) in [(true, &config.bot_a), (false, &config.bot_b)] {
        let stats = summary.side_stats(bot_a);
        let timed = config.time_control.is_some();
        let _ = writeln!(text, "{}", side_line(spec, &stats, timed));
    }
    for game in &summary.games {
        if let Some(failure) = &game.failure {
            let bot = if failure.bot_a {
                &config.bot_a
            } else {
                &config.bot_b
            };
            let _ = writeln!(
                text,
                "Game {} lost by {bot} as {}: it {}\n{}",
                game.index + 1,
                config.start.player_name(failure.player),
                failure.failure.summary(),
                failure.failure.details.trim_end()
            );
        }
    }
    text
}
