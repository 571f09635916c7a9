//! The command loop's side of the engine: each line of input, carried out and answered.
//! Nothing here waits on a search for longer than it takes to stop it, so `stop`,
//! `isready` and `quit` are heard at any time.

use super::go::parse_go;
use super::options::{Settings, identity, new_session, parse_setoption};
use super::output::Output;
use super::search::NULL_MOVE;
use super::session::Session;
use boardlab_core::quoted;
use std::time::Duration;

/// How long the end of the engine (`quit`, the end of the input) waits for the search under
/// way to print its `bestmove` once told to stop. A search stops within a few milliseconds;
/// one that does not is left to end with the process.
pub const END_GRACE: Duration = Duration::from_millis(50);

/// The commands that change what is searched: each stops the search under way first (its
/// `bestmove` is printed), then acts.
const STOPPING: [&str; 5] = ["position", "go", "ucinewgame", "uginewgame", "setoption"];

/// The commands the engine knows, for the error about one it does not.
const COMMANDS: &str =
    "uci, ugi, isready, ucinewgame, uginewgame, setoption, position, go, query, stop, quit";

/// What the loop does after a command.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// End the engine (`quit`).
    Quit,
}

/// The engine between two lines of input: its settings, the session of their game and the
/// last `position` it was given.
pub struct Engine {
    settings: Settings,
    session: Session,
    /// The words of the last `position`, accepted or refused: a `setoption` that keeps the
    /// game sets it up again under the new settings (a `UCI_Variant` that changes the game
    /// starts at the new game's start position).
    position: Option<Vec<String>>,
    output: Output,
}

impl Engine {
    /// The engine as it starts: Obsidian at its start position, default options.
    pub fn new(output: Output) -> Engine {
        let settings = Settings::default();
        Engine {
            session: new_session(&settings, output),
            settings,
            position: None,
            output,
        }
    }

    /// Carries out one line of input. A malformed or unknown command is answered with an
    /// `info string error:` line and the engine goes on.
    pub fn handle(&mut self, line: &str) -> Flow {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else {
            return Flow::Continue;
        };
        if STOPPING.contains(&command) {
            self.session.stop();
        }
        let answer = match command {
            "uci" | "ugi" => {
                identity(command, &self.settings)
                    .iter()
                    .for_each(|line| self.output.line(line));
                Ok(())
            }
            "isready" => {
                self.output.line("readyok");
                Ok(())
            }
            "ucinewgame" | "uginewgame" => {
                self.session.new_game();
                Ok(())
            }
            "setoption" => self.set_option(rest),
            "position" => {
                self.position = Some(rest.iter().map(ToString::to_string).collect());
                self.session.set_position(rest)
            }
            "go" => {
                self.go(rest);
                Ok(())
            }
            "query" => match rest {
                [question] => self
                    .session
                    .query(question)
                    .map(|answer| self.output.line(&format!("response {answer}"))),
                _ => Err("query: expected one of gameover, p1turn, result".to_string()),
            },
            "stop" => {
                self.session.stop();
                Ok(())
            }
            "ponderhit" => {
                Err("ponderhit: this engine does not ponder ('go ponder' is refused)".to_string())
            }
            "quit" => return Flow::Quit,
            other => Err(format!(
                "unknown command {}; commands: {COMMANDS}",
                quoted(other)
            )),
        };
        if let Err(message) = answer {
            self.output.error(&message);
        }
        Flow::Continue
    }

    /// Ends the engine: stops the search under way, waiting a moment for its `bestmove`.
    pub fn end(&mut self) {
        self.session.stop_within(END_GRACE);
    }

    /// `go`: starts a search, or answers why not with an error and `bestmove 0000` (every
    /// `go` gets exactly one `bestmove`, which a GUI waits for).
    fn go(&mut self, words: &[&str]) {
        if let Err(message) = parse_go(words).and_then(|go| self.session.go(go)) {
            self.output.error(&message);
            self.output.line(NULL_MOVE);
        }
    }

    /// `setoption`: a change of settings makes a new session, with the last position set up
    /// again unless the game changed.
    fn set_option(&mut self, words: &[&str]) -> Result<(), String> {
        let changed = parse_setoption(words, self.settings.clone())?;
        if changed == self.settings {
            return Ok(());
        }
        if changed.game != self.settings.game {
            self.position = None;
        }
        self.settings = changed;
        self.session = new_session(&self.settings, self.output);
        if let Some(position) = &self.position {
            let words: Vec<&str> = position.iter().map(String::as_str).collect();
            // Refused under the new settings (a rule option that makes a move illegal), it
            // is remembered as refused: the next `go` says why.
            let _ = self.session.set_position(&words);
        }
        Ok(())
    }
}
