//! `boardlab tablebase`: build endgame tablebases by retrograde analysis, for the games
//! that have them ([`build_tablebases`](boardlab_core::Position::build_tablebases)).

use anyhow::{Context, Result, bail};
use boardlab_core::tablebase::{BuildProgress, TableReport, TablebaseRequest};
use boardlab_core::{Evaluate, RuleOptions, count, quoted};
use boardlab_games::{GameId, GameVisitor, with_game};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Arguments of `boardlab tablebase`.
#[derive(Args, Debug)]
pub struct TablebaseArgs {
    /// The game (one that has tablebases).
    #[arg(value_parser = crate::setup::parse_game)]
    game: GameId,
    /// Build every position with up to W pieces of Player 1 and B of Player 2 (both sides
    /// to move).
    #[arg(long, value_name = "W,B")]
    max_pieces: String,
    /// The folder for the tables (made if missing; tables already there are kept).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// A board layout file, for games whose board is data (Parity: one row of B W R U
    /// letters per line, from the top).
    #[arg(long, value_name = "FILE")]
    board: Option<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
}

/// Runs `boardlab tablebase`.
pub fn run(args: TablebaseArgs) -> Result<()> {
    if !has_tablebases(args.game) {
        let with: Vec<&str> = GameId::ALL
            .iter()
            .filter(|&&game| has_tablebases(game))
            .map(|game| game.id())
            .collect();
        let game = if args.game.is_built_in() {
            args.game.to_string()
        } else {
            format!("{} (a rules file's game)", args.game)
        };
        bail!(
            "no tablebases for {game}: tablebases are built for the built-in {} (`boardlab solve` searches any game without cycles)",
            with.join(", ")
        );
    }
    let max_pieces = parse_max_pieces(&args.max_pieces)?;
    let board = match &args.board {
        Some(path) => Some(
            std::fs::read_to_string(path)
                .with_context(|| format!("cannot read the board file '{}'", path.display()))?,
        ),
        None => None,
    };
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |threads| threads.get()));
    if threads == 0 {
        bail!("--threads 0: use at least one thread");
    }
    let request = TablebaseRequest {
        max_pieces,
        threads,
    };
    let started = Instant::now();
    let progress = Bar::new();
    let reports = with_game(
        args.game,
        Build {
            dir: &args.out,
            board: board.as_deref(),
            request,
            progress: &progress,
        },
    )?;
    progress.bar.finish_and_clear();
    let positions: u64 = reports.iter().map(|(_, report)| report.positions).sum();
    let bytes: u64 = reports.iter().map(|(_, report)| report.bytes).sum();
    writeln!(
        std::io::stdout(),
        "{}, {}, {:.1} MB written, {:.1} s",
        count(reports.len() as u64, "material", "materials"),
        count(positions, "position", "positions"),
        bytes as f64 / 1e6,
        started.elapsed().as_secs_f64()
    )?;
    Ok(())
}

/// Whether `game` has tablebases.
fn has_tablebases(game: GameId) -> bool {
    struct Has;
    impl GameVisitor for Has {
        type Output = bool;
        fn visit<P: Evaluate + boardlab_core::Encoding>(self, _game: P::Rules) -> bool {
            P::HAS_TABLEBASES
        }
    }
    with_game(game, Has)
}

/// Builds the tables of one game.
struct Build<'a> {
    dir: &'a Path,
    board: Option<&'a str>,
    request: TablebaseRequest,
    progress: &'a Bar,
}

impl GameVisitor for Build<'_> {
    type Output = Result<Vec<(String, TableReport)>>;

    fn visit<P: Evaluate + boardlab_core::Encoding>(self, game: P::Rules) -> Self::Output {
        let mut rules = game;
        if let Some(board) = self.board {
            rules.load_board(board)?;
        }
        let start = P::start(rules);
        let [one, two] = self.request.max_pieces;
        // Counts out of range: the build refuses them at once, in the game's own words.
        let in_range = |n: u32| (1..=P::TABLEBASE_MAX_PIECES).contains(&n);
        if in_range(one) && in_range(two) {
            note!(
                "building {} tablebases up to {one} {} and {two} {} pieces into {} ({})",
                start.presentation().title,
                start.player_name(boardlab_core::Player::One),
                start.player_name(boardlab_core::Player::Two),
                self.dir.display(),
                count(self.request.threads as u64, "thread", "threads")
            );
        }
        Ok(P::build_tablebases(
            self.dir,
            rules,
            self.request,
            self.progress,
        )?)
    }
}

/// Reads `W,B`: two whole numbers (the game checks their range).
fn parse_max_pieces(text: &str) -> Result<[u32; 2]> {
    let parsed = text
        .split_once(',')
        .and_then(|(white, black)| Some([white.trim().parse().ok()?, black.trim().parse().ok()?]));
    match parsed {
        Some(counts) => Ok(counts),
        None => bail!(
            "--max-pieces {}: expected W,B, two numbers such as 5,5",
            quoted(text)
        ),
    }
}

/// A progress bar over the positions of the material being built, and a line per material.
struct Bar {
    bar: ProgressBar,
}

impl Bar {
    fn new() -> Bar {
        let bar = ProgressBar::with_draw_target(Some(0), ProgressDrawTarget::stderr());
        bar.set_style(
            ProgressStyle::with_template(
                "{msg} {bar:30} {human_pos}/{human_len} positions decided [{elapsed_precise}]",
            )
            .expect("a valid progress template"),
        );
        Bar { bar }
    }
}

impl BuildProgress for Bar {
    fn begin(&self, name: &str, positions: u64) {
        self.bar.reset();
        self.bar.set_length(positions);
        self.bar.set_message(name.to_string());
    }

    fn advance(&self, positions: u64) {
        self.bar.inc(positions);
    }

    fn finish(&self, name: &str, report: &TableReport) {
        let line = if report.built {
            let seconds = report.time.as_secs_f64();
            format!(
                "{name}: {} in {seconds:.1} s ({:.1} M/s): {}, {}, {} for the side to move; longest {}; {:.1} MB",
                count(report.positions, "position", "positions"),
                report.positions as f64 / seconds.max(1e-9) / 1e6,
                count(report.wins, "win", "wins"),
                count(report.losses, "loss", "losses"),
                count(report.draws, "draw", "draws"),
                count(report.longest.into(), "ply", "plies"),
                report.bytes as f64 / 1e6
            )
        } else {
            format!("{name}: {} positions, already built", report.positions)
        };
        if self.bar.is_hidden() {
            note!("{line}");
        } else {
            self.bar.println(line);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::parse_max_pieces;

    #[test]
    fn max_pieces_are_two_numbers() {
        assert_eq!(parse_max_pieces("5,4").unwrap(), [5, 4]);
        assert_eq!(parse_max_pieces(" 6 , 6 ").unwrap(), [6, 6]);
        for bad in ["5", "a,b", "", "5,", "-1,2"] {
            let message = parse_max_pieces(bad).unwrap_err().to_string();
            assert!(message.contains("expected W,B"), "{bad}: {message}");
        }
    }
}
