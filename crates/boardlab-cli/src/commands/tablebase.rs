//! `boardlab tablebase`: build endgame tablebases by retrograde analysis (Parity).

use anyhow::{Context, Result, bail};
use boardlab_core::{RuleOptions, count, quoted};
use boardlab_games::GameId;
use boardlab_games::parity::ParityRules;
use boardlab_games::parity::tablebase::{
    self, BuildOptions, BuildProgress, Geometry, TableReport, TablebaseError,
};
use clap::Args;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

/// The most pieces a side has in Parity.
const MAX_PIECES: u32 = 6;

/// Arguments of `boardlab tablebase`.
#[derive(Args, Debug)]
pub struct TablebaseArgs {
    /// The game: tablebases are built for parity.
    #[arg(value_parser = clap::value_parser!(GameId))]
    game: GameId,
    /// Build every position with up to W White and B Black pieces (both sides to move).
    #[arg(long, value_name = "W,B")]
    max_pieces: String,
    /// The folder for the tables (made if missing; tables already there are kept).
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// A board layout file: one row of B W R U letters per line, from the top.
    #[arg(long, value_name = "FILE")]
    board: Option<PathBuf>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
}

/// Runs `boardlab tablebase`.
pub fn run(args: TablebaseArgs) -> Result<()> {
    if args.game != GameId::Parity {
        bail!(
            "no tablebases for {}: tablebases are built for parity (sprint is solved by search: `boardlab solve sprint`)",
            args.game
        );
    }
    let (max_white, max_black) = parse_max_pieces(&args.max_pieces)?;
    let mut rules = ParityRules::default();
    if let Some(path) = &args.board {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read the board file '{}'", path.display()))?;
        rules.load_board(&text)?;
    }
    let layout = rules.layout;
    let geometry = Geometry::new(layout).ok_or(TablebaseError::BoardTooLarge {
        squares: layout.width() as u32 * layout.height() as u32,
    })?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |threads| threads.get()));
    if threads == 0 {
        bail!("--threads 0: use at least one thread");
    }
    note!(
        "building Parity tablebases up to {max_white} White and {max_black} Black pieces into {} ({} the board's half-turn symmetry, {})",
        args.out.display(),
        if geometry.symmetric() {
            "using"
        } else {
            "without"
        },
        count(threads as u64, "thread", "threads")
    );
    let started = Instant::now();
    let progress = Bar::new();
    let reports = tablebase::build(
        &geometry,
        &args.out,
        BuildOptions {
            max_white,
            max_black,
            threads,
        },
        &progress,
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

/// Reads `W,B`: each side 1 to [`MAX_PIECES`].
fn parse_max_pieces(text: &str) -> Result<(u32, u32)> {
    let parsed = text
        .split_once(',')
        .and_then(|(white, black)| Some((white.trim().parse().ok()?, black.trim().parse().ok()?)));
    let Some((white, black)) = parsed else {
        bail!(
            "--max-pieces {}: expected W,B, two numbers such as 5,5",
            quoted(text)
        );
    };
    if !(1..=MAX_PIECES).contains(&white) || !(1..=MAX_PIECES).contains(&black) {
        return Err(TablebaseError::BadMaterial {
            white,
            black,
            max: MAX_PIECES,
        }
        .into());
    }
    Ok((white, black))
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
    fn max_pieces_are_checked() {
        assert_eq!(parse_max_pieces("5,4").unwrap(), (5, 4));
        assert_eq!(parse_max_pieces(" 6 , 6 ").unwrap(), (6, 6));
        for bad in ["7,0", "0,3", "5", "a,b", "7,7", ""] {
            assert!(parse_max_pieces(bad).is_err(), "{bad}");
        }
        let message = parse_max_pieces("7,0").unwrap_err().to_string();
        assert!(message.contains("1 to 6"), "{message}");
    }
}
