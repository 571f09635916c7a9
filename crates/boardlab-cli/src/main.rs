//! `boardlab`: perft, move lists, terminal play, bots and matches for the boardlab games.

// Writing to a closed standard output or error must not panic: see `output`.
#![warn(clippy::print_stdout, clippy::print_stderr)]

#[macro_use]
mod output;

mod board_view;
mod commands;
mod setup;
mod tui;

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// boardlab: exact, fast rules for abstract strategy games: four built in, and any other
/// a rules file defines.
#[derive(Parser, Debug)]
#[command(name = "boardlab", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Count the leaves of the legal-move tree, split by first move (Stockfish's format).
    Perft(commands::perft::PerftArgs),
    /// List the legal moves of a position, one per line, sorted.
    Moves(commands::moves::MovesArgs),
    /// Play a game in the terminal: each side a person (human) or a bot.
    Play(commands::play::PlayArgs),
    /// A bot's best move in a position, with its search reports (info lines).
    Bestmove(commands::bestmove::BestmoveArgs),
    /// Two bots play a series of games: wins, draws, losses, score and Elo difference.
    Match(Box<commands::matchup::MatchArgs>),
    /// Play in the browser: serve the board, bots and game links (stored in SQLite, or in
    /// PostgreSQL shared by several servers).
    Serve(commands::serve::ServeArgs),
    /// Make the bots' moves of the servers sharing a PostgreSQL database, on this machine.
    Worker(commands::worker::WorkerArgs),
    /// Fit a game's evaluation weights to the results of self-play games (Texel tuning).
    Tune(commands::tune::TuneArgs),
    /// Tune a game's search parameters by SPSA self-play; the tuned set is kept only if an
    /// SPRT match against the present one accepts it.
    Spsa(Box<commands::spsa::SpsaArgs>),
    /// Play self-play games and append their quiet positions, with the search's score and
    /// the game's result, to a data file (for training a network evaluation).
    Datagen(commands::datagen::DatagenArgs),
    /// Speak the UCI engine protocol on standard input and output (UCI_Variant picks the
    /// game; positions and moves in boardlab's notation).
    Engine(commands::engine::EngineArgs),
    /// The exact value of a position and of each legal move under perfect play, by
    /// exhaustive search (games without cycles) or from tablebases (games that have them).
    Solve(commands::solve::SolveArgs),
    /// A designer's report from self-play: first-player advantage, endings, lengths,
    /// branching, material, lead changes, a skill ladder, first moves (HTML, JSON, summary).
    Analyze(Box<commands::analyze::AnalyzeArgs>),
    /// Puzzles: positions where exactly one move wins, proven by the solver or the
    /// tablebases, as JSON (the server's puzzles are made from such files).
    Puzzles(commands::puzzles::PuzzlesArgs),
    /// Build endgame tablebases by retrograde analysis (for the games that have them): the
    /// exact value of every position up to a number of pieces a side.
    Tablebase(commands::tablebase::TablebaseArgs),
    /// Train a network evaluation on data files of `datagen` (alphabeta:net=FILE plays it).
    Train(commands::train::TrainArgs),
}

fn main() -> ExitCode {
    // Run without arguments by a program (a GUI or a match runner), boardlab is an engine.
    if std::env::args_os().len() == 1 && !std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        return finish(commands::engine::run(commands::engine::EngineArgs {}));
    }
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(err) => {
            use clap::error::ErrorKind;
            if matches!(
                err.kind(),
                ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
            ) || matches!(
                err.kind(),
                ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand
            ) {
                let _ = err.print();
                return if err.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand {
                    ExitCode::from(2)
                } else {
                    ExitCode::SUCCESS
                };
            }
            note!(
                "{} (see 'boardlab --help')",
                one_line(&err.render().to_string())
            );
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Command::Perft(args) => commands::perft::run(args),
        Command::Moves(args) => commands::moves::run(args),
        Command::Play(args) => commands::play::run(args),
        Command::Bestmove(args) => commands::bestmove::run(args),
        Command::Match(args) => commands::matchup::run(*args),
        Command::Serve(args) => commands::serve::run(args),
        Command::Worker(args) => commands::worker::run(args),
        Command::Tune(args) => commands::tune::run(args),
        Command::Spsa(args) => commands::spsa::run(*args),
        Command::Datagen(args) => commands::datagen::run(args),
        Command::Train(args) => commands::train::run(args),
        Command::Engine(args) => commands::engine::run(args),
        Command::Tablebase(args) => commands::tablebase::run(args),
        Command::Solve(args) => commands::solve::run(args),
        Command::Puzzles(args) => commands::puzzles::run(args),
        Command::Analyze(args) => commands::analyze::run(*args),
    };
    finish(result)
}

/// clap's error in one line: its first line, with the arguments it lists below it (the
/// missing ones) joined on; the usage and tips that follow are left to `--help`.
fn one_line(rendered: &str) -> String {
    let rendered = boardlab_core::words::requoted(rendered, '\'');
    let mut lines = rendered.lines();
    let first = lines.next().unwrap_or("error: bad arguments").trim_end();
    let listed: Vec<&str> = lines
        .take_while(|line| !line.trim().is_empty())
        .map(str::trim)
        .collect();
    if listed.is_empty() {
        first.to_string()
    } else {
        format!("{first} {}", listed.join(", "))
    }
}

/// The exit code of a command's result, with its error printed.
fn finish(result: anyhow::Result<()>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if is_broken_pipe(&err) => ExitCode::SUCCESS,
        Err(err) => {
            note!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// Whether the error is the reader of our output going away (`boardlab moves … | head`),
/// which is no failure of ours: the command ends quietly, with status 0.
fn is_broken_pipe(err: &anyhow::Error) -> bool {
    err.chain().any(|cause| {
        cause
            .downcast_ref::<std::io::Error>()
            .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
    })
}
