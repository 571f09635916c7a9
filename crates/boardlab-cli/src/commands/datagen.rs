//! `boardlab datagen`: plays self-play games and appends their quiet positions, each with
//! the search's score and the game's result, to a data file for `boardlab train`.

use anyhow::{Context, Result, bail};
use boardlab_ai::BotSpec;
use boardlab_ai::learning::network::{DataLine, SelfPlayConfig, self_play_data};
use boardlab_ai::matches::openings::Openings;
use boardlab_core::{Evaluate, RuleOptions, count};
use boardlab_games::{GameId, GameVisitor, with_game};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Arguments of `boardlab datagen`.
#[derive(Args, Debug)]
pub struct DatagenArgs {
    /// The game: a built-in id or the path of a rules file (.toml).
    #[arg(value_parser = crate::setup::parse_game, help = crate::setup::game_help())]
    game: GameId,
    /// How many self-play games.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// The bot that plays both sides; its score labels each position (a node budget keeps
    /// the labels alike on a busy machine).
    #[arg(long, default_value = "alphabeta:nodes=5000")]
    bot: BotSpec,
    /// Openings: `random:K` random plies from the start, or `setup:K` (the game's setup
    /// moves, then K random plies).
    #[arg(long, default_value = "random:8")]
    openings: Openings,
    /// Games played at once.
    #[arg(long, default_value_t = 2)]
    threads: usize,
    /// The seed of the openings: runs with different seeds give different games.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The data file; positions are appended, so runs with other seeds add to it.
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

/// Runs `boardlab datagen`.
pub fn run(args: DatagenArgs) -> Result<()> {
    with_game(args.game, args)
}

impl GameVisitor for DatagenArgs {
    type Output = Result<()>;

    fn visit<P: Evaluate>(self, game: P::Rules) -> Result<()> {
        if self.games == 0 {
            bail!("--games must be at least 1");
        }
        let file = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.out)
            .with_context(|| format!("cannot open '{}' to append to", self.out.display()))?;
        let writer = Mutex::new((BufWriter::new(file), None::<std::io::Error>));
        let bar = progress_bar(self.games);
        let positions = AtomicUsize::new(0);
        let config = SelfPlayConfig {
            start: P::start(game),
            draw_first: game.first_player_drawn(),
            bot: self.bot.clone(),
            games: self.games,
            openings: self.openings,
            seed: self.seed,
            threads: self.threads.max(1),
        };
        let on_game = |lines: Vec<DataLine>| {
            let total = positions.fetch_add(lines.len(), Ordering::Relaxed) + lines.len();
            let mut guard = writer.lock().unwrap_or_else(|e| e.into_inner());
            let (out, failed) = &mut *guard;
            if failed.is_none() {
                let written = lines
                    .iter()
                    .try_for_each(|line| writeln!(out, "{line}"))
                    .and_then(|()| out.flush());
                if let Err(err) = written {
                    *failed = Some(err);
                }
            }
            bar.inc(1);
            let so_far = count(total as u64, "position", "positions");
            bar.set_message(so_far.clone());
            if bar.is_hidden() && bar.position().is_multiple_of(100) {
                note!("{} games, {so_far}", bar.position());
            }
        };
        self_play_data(&config, &on_game);
        bar.finish_and_clear();
        let (_, failed) = writer.into_inner().unwrap_or_else(|e| e.into_inner());
        if let Some(err) = failed {
            return Err(err).with_context(|| format!("cannot write '{}'", self.out.display()));
        }
        writeln!(
            std::io::stdout(),
            "{} from {} of {} appended to {}",
            count(positions.into_inner() as u64, "position", "positions"),
            count(self.games as u64, "game", "games"),
            self.bot,
            self.out.display()
        )?;
        Ok(())
    }
}

/// The progress bar of the games (hidden when standard error is not a terminal).
fn progress_bar(games: usize) -> ProgressBar {
    let target = if std::io::stderr().is_terminal() {
        ProgressDrawTarget::stderr()
    } else {
        ProgressDrawTarget::hidden()
    };
    let bar = ProgressBar::with_draw_target(Some(games as u64), target);
    bar.set_style(
        ProgressStyle::with_template("{bar:30} {pos}/{len} games, {msg} [{elapsed_precise}]")
            .expect("a valid progress template"),
    );
    bar
}
