//! The engine's standard output, shared by the command loop and the search thread.

use std::io::{ErrorKind, Write};

/// Writes the engine's lines. Each line is written whole under standard output's lock and
/// flushed at once, so the search thread's `info` lines and the loop's answers never mix
/// within a line, and a GUI sees every answer as soon as it is given.
#[derive(Clone, Copy, Debug, Default)]
pub struct Output;

impl Output {
    /// Writes one line (`text` without its line ending). When nobody reads the output any
    /// more (the GUI has gone, or `boardlab engine | head -1`), the engine has no one to
    /// answer and the process ends at once, quietly, with status 0; any other failure to
    /// write ends it with a one-line error and status 1.
    pub fn line(&self, text: &str) {
        let written = {
            let mut out = std::io::stdout().lock();
            writeln!(out, "{text}").and_then(|()| out.flush())
        };
        if let Err(error) = written {
            if error.kind() == ErrorKind::BrokenPipe {
                std::process::exit(0);
            }
            let _ = writeln!(
                std::io::stderr(),
                "error: writing the engine's output: {error}"
            );
            std::process::exit(1);
        }
    }

    /// Writes `info string error: MESSAGE`, the answer to a line the engine refuses.
    pub fn error(&self, message: &str) {
        self.line(&format!("info string error: {message}"));
    }
}
