//! `boardlab engine`: the four games behind the UCI engine protocol, in Fairy-Stockfish's
//! variant dialect (`UCI_Variant` picks the game) with positions and moves in our own
//! notation (SPEC.md); when the first command is `ugi`, the same engine speaks UGI
//! (cutegames' generalisation of UCI: `ugiok`, `uginewgame`, `query`, `p1time`…). GUIs,
//! match runners and `boardlab match --p2 uci:PATH,notation=boardlab` talk to it on standard
//! input and output. A malformed or unknown command is answered with an `info string error:`
//! line and the engine goes on; `quit` or the end of the input ends it, even during a search.
//!
//! - `input`: the lines read on a thread of its own, so that the engine always listens;
//! - `commands`: each line carried out and answered;
//! - `session`: one game's position (or why it was refused), bot and search under way;
//! - `search`: the search thread, which prints its `info` lines and one `bestmove`;
//! - `options`: the options `uci` lists and `setoption` sets; `go`: the words of `go`;
//! - `output`: whole lines to standard output, from either thread.

// The protocol's parsers are `pub(crate)`: the fuzz targets (fuzz/) include this module and
// feed them lines.
mod commands;
pub(crate) mod go;
mod input;
pub(crate) mod options;
mod output;
mod search;
pub(crate) mod session;

use anyhow::{Context, Result};
use clap::Args;
use commands::{Engine, Flow};
use input::{Input, spawn_reader};
use output::Output;

/// Arguments of `boardlab engine` (none: everything comes through the protocol).
#[derive(Args, Debug)]
pub struct EngineArgs {}

/// Runs `boardlab engine` until `quit` or the end of the input. The input is read on a
/// thread of its own and each search runs on another, so the loop here hears every line
/// at once, even during a search.
pub fn run(_args: EngineArgs) -> Result<()> {
    let output = Output;
    let mut engine = Engine::new(output);
    let inputs = spawn_reader(std::io::stdin());
    let ended = loop {
        match inputs.recv() {
            Ok(Input::Line(line)) => {
                if engine.handle(&line) == Flow::Quit {
                    break Ok(());
                }
            }
            Ok(Input::Unreadable(why)) => output.error(&why),
            Ok(Input::End) | Err(_) => break Ok(()),
            Ok(Input::Failed(error)) => {
                break Err(error).context("reading the engine's input");
            }
        }
    };
    engine.end();
    ended
}
