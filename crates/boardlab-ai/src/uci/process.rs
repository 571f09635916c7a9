//! An engine process: started once, spoken to line by line on its standard input, heard line
//! by line (with deadlines) on its standard output, its last words kept for reports, and
//! killed when dropped.

use boardlab_core::quoted;
use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};
use thiserror::Error;

/// How many lines of the conversation and of the standard error a report shows.
const TAIL_LINES: usize = 12;

/// Lines longer than this are shortened in reports (a `position` command of a long game).
const TAIL_LINE_CHARS: usize = 240;

/// What went wrong with an engine process. (A system error is part of the message, and so
/// not also a `source()`: a chain of causes would print it twice.)
#[derive(Debug, Error)]
pub enum EngineError {
    /// The program could not be started.
    #[error("cannot start the engine {}: {error}", quoted(path))]
    Start {
        /// The program.
        path: String,
        /// Why the system refused.
        error: std::io::Error,
    },
    /// The engine closed its output or exited.
    #[error("the engine exited ({status}) while we waited for {waiting_for}")]
    Exited {
        /// The exit status in words.
        status: String,
        /// What we waited for.
        waiting_for: String,
    },
    /// The engine stopped reading its input.
    #[error("the engine stopped reading commands ({error})")]
    Write {
        /// The error writing to it.
        error: std::io::Error,
    },
    /// No answer in time.
    #[error("no {waiting_for} from the engine within {}ms", .after.as_millis())]
    TimedOut {
        /// What we waited for.
        waiting_for: String,
        /// How long we waited.
        after: Duration,
    },
}

/// The last lines of a stream, oldest first.
#[derive(Debug, Default)]
struct Tail(VecDeque<String>);

impl Tail {
    fn push(&mut self, line: String) {
        if self.0.len() == TAIL_LINES {
            self.0.pop_front();
        }
        let line = match line.char_indices().nth(TAIL_LINE_CHARS) {
            Some((cut, _)) => format!("{}…", &line[..cut]),
            None => line,
        };
        self.0.push_back(line);
    }
}

/// A running engine.
#[derive(Debug)]
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
    conversation: Tail,
    stderr: Arc<Mutex<Tail>>,
    /// The thread that reads the engine's standard error (it ends when the engine does).
    stderr_reader: JoinHandle<()>,
}

impl EngineProcess {
    /// Starts the program at `path` (looked up on `PATH` when it has no `/`) with piped
    /// standard streams.
    pub fn start(path: &str) -> Result<EngineProcess, EngineError> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|error| EngineError::Start {
                path: path.to_string(),
                error,
            })?;
        let (stdin, stdout, stderr) =
            match (child.stdin.take(), child.stdout.take(), child.stderr.take()) {
                (Some(stdin), Some(stdout), Some(stderr)) => (stdin, stdout, stderr),
                _ => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(EngineError::Start {
                        path: path.to_string(),
                        error: std::io::Error::other("its standard streams could not be opened"),
                    });
                }
            };
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let stderr_tail = Arc::new(Mutex::new(Tail::default()));
        let tail = Arc::clone(&stderr_tail);
        let stderr_reader = std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                tail.lock().unwrap_or_else(|e| e.into_inner()).push(line);
            }
        });
        Ok(EngineProcess {
            child,
            stdin,
            lines,
            conversation: Tail::default(),
            stderr: stderr_tail,
            stderr_reader,
        })
    }

    /// Sends one command line.
    pub fn send(&mut self, line: &str) -> Result<(), EngineError> {
        self.conversation.push(format!("> {line}"));
        if let Err(source) = writeln!(self.stdin, "{line}").and_then(|()| self.stdin.flush()) {
            let status = self.exit_status();
            return Err(match self.child.try_wait() {
                Ok(Some(_)) => EngineError::Exited {
                    status,
                    waiting_for: format!("it to read {}", quoted(line)),
                },
                _ => EngineError::Write { error: source },
            });
        }
        Ok(())
    }

    /// The next line of output, waiting until `deadline` at most; `waiting_for` names what
    /// we wait for and `timeout` how long we wait in all, for errors.
    fn next_line(
        &mut self,
        deadline: Instant,
        timeout: Duration,
        waiting_for: &str,
    ) -> Result<String, EngineError> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                self.conversation.push(format!("< {line}"));
                Ok(line)
            }
            Err(RecvTimeoutError::Timeout) => Err(EngineError::TimedOut {
                waiting_for: waiting_for.to_string(),
                after: timeout,
            }),
            Err(RecvTimeoutError::Disconnected) => Err(EngineError::Exited {
                status: self.exit_status(),
                waiting_for: waiting_for.to_string(),
            }),
        }
    }

    /// Reads lines for `timeout` at most until one for which `done` holds, returning it;
    /// `seen` gets every line before it. `waiting_for` names the line, for errors.
    pub fn read_until(
        &mut self,
        timeout: Duration,
        waiting_for: &str,
        mut seen: impl FnMut(&str),
        done: impl Fn(&str) -> bool,
    ) -> Result<String, EngineError> {
        let deadline = Instant::now() + timeout;
        loop {
            let line = self.next_line(deadline, timeout, waiting_for)?;
            if done(&line) {
                return Ok(line);
            }
            seen(&line);
        }
    }

    /// The exit status in words, after giving a process that closed its output a moment to
    /// finish (and the reader of its standard error a moment to read its last words).
    fn exit_status(&mut self) -> String {
        let give_up = Instant::now() + Duration::from_millis(200);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    while !self.stderr_reader.is_finished() && Instant::now() < give_up {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    return describe_status(status);
                }
                Ok(None) if Instant::now() < give_up => {
                    std::thread::sleep(Duration::from_millis(5))
                }
                Ok(None) => return "output closed, process still running".to_string(),
                Err(e) => return format!("status unknown: {e}"),
            }
        }
    }

    /// The last lines of the conversation (`> ` ours, `< ` the engine's) and of the engine's
    /// standard error, indented, for reports.
    pub fn last_words(&self) -> String {
        let mut text = String::from("  last lines of the conversation:\n");
        for line in &self.conversation.0 {
            text.push_str(&format!("    {line}\n"));
        }
        let stderr = self.stderr.lock().unwrap_or_else(|e| e.into_inner());
        if !stderr.0.is_empty() {
            text.push_str("  last lines of its standard error:\n");
            for line in &stderr.0 {
                text.push_str(&format!("    {line}\n"));
            }
        }
        text
    }
}

/// An exit status in words: `exit code 3`, `killed by signal 9`.
fn describe_status(status: ExitStatus) -> String {
    if let Some(code) = status.code() {
        return format!("exit code {code}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(signal) = status.signal() {
            return format!("killed by signal {signal}");
        }
    }
    status.to_string()
}

impl Drop for EngineProcess {
    /// Asks the engine to quit and kills it at once: a match must not wait for it.
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
