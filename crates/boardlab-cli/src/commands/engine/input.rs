//! Reading the engine's input on a thread of its own, so that the command loop hears
//! `stop`, `isready`, `quit` and the end of the input at any time, even while a search runs.

use std::io::{BufRead, BufReader, Read};
use std::sync::mpsc::{Receiver, channel};

/// The longest line read, in bytes: a longer one is skipped with an error. A `position` with
/// a move list of 200,000 moves still fits; a sender that never ends its line cannot make
/// the engine keep all it sends.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// What the reader hands the command loop.
#[derive(Debug)]
pub enum Input {
    /// A line of text, without its line ending.
    Line(String),
    /// A line that could not be taken as a command: what was wrong with it. The engine
    /// answers it with an error and reads on.
    Unreadable(String),
    /// The end of the input: the engine ends.
    End,
    /// Reading failed (standard input is a folder, say): the engine ends with this error.
    Failed(std::io::Error),
}

/// Starts a thread that reads `source` line by line and sends each line, then
/// [`Input::End`] or [`Input::Failed`], to the receiver it returns. The thread stops when the
/// receiver is dropped (at its next line) or when the input ends.
pub fn spawn_reader(source: impl Read + Send + 'static) -> Receiver<Input> {
    let (send, receive) = channel();
    std::thread::spawn(move || {
        read_lines(BufReader::new(source), |input| send.send(input).is_ok())
    });
    receive
}

/// Reads `source` line by line into `deliver` (which answers whether to go on), ending
/// with [`Input::End`] or [`Input::Failed`].
pub fn read_lines(mut source: impl BufRead, mut deliver: impl FnMut(Input) -> bool) {
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        let read = (&mut source)
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut bytes);
        let input = match read {
            Err(error) => Input::Failed(error),
            Ok(0) => Input::End,
            Ok(_) if bytes.len() > MAX_LINE_BYTES && bytes.last() != Some(&b'\n') => {
                // Skip the rest of the line, however long, keeping none of it.
                if let Err(error) = source.skip_until(b'\n') {
                    deliver(Input::Failed(error));
                    return;
                }
                Input::Unreadable(format!(
                    "line {number} is longer than {MAX_LINE_BYTES} bytes; it was skipped"
                ))
            }
            Ok(_) => line_text(number, &bytes),
        };
        let last = matches!(input, Input::End | Input::Failed(_));
        if !deliver(input) || last {
            return;
        }
    }
}

/// Line `number` as text, without its line ending; or what is wrong with it.
fn line_text(number: usize, bytes: &[u8]) -> Input {
    let content = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let content = content.strip_suffix(b"\r").unwrap_or(content);
    match std::str::from_utf8(content) {
        Ok(text) => Input::Line(text.to_string()),
        Err(error) => {
            let at = error.valid_up_to();
            Input::Unreadable(format!(
                "line {number} is not UTF-8 text (byte {} is 0x{:02x}); commands are plain text words",
                at + 1,
                content[at]
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Everything `read_lines` delivers for `bytes`, as text.
    fn inputs(bytes: &[u8]) -> Vec<String> {
        let mut seen = Vec::new();
        read_lines(bytes, |input| {
            seen.push(match input {
                Input::Line(text) => format!("line {text}"),
                Input::Unreadable(why) => format!("unreadable {why}"),
                Input::End => "end".to_string(),
                Input::Failed(error) => format!("failed {error}"),
            });
            true
        });
        seen
    }

    #[test]
    fn lines_come_without_their_endings_and_the_last_needs_none() {
        assert_eq!(
            inputs(b"uci\r\nisready\n\ngo depth 2"),
            [
                "line uci",
                "line isready",
                "line ",
                "line go depth 2",
                "end"
            ]
        );
        assert_eq!(inputs(b""), ["end"]);
    }

    #[test]
    fn a_line_that_is_not_utf8_is_named_and_reading_goes_on() {
        let seen = inputs(b"uci\ngo \xff\xfe depth 2\nisready\n");
        assert_eq!(seen[0], "line uci");
        assert_eq!(
            seen[1],
            "unreadable line 2 is not UTF-8 text (byte 4 is 0xff); commands are plain text words"
        );
        assert_eq!(seen[2..], ["line isready", "end"]);
    }

    #[test]
    fn an_overlong_line_is_skipped_whole() {
        let mut bytes = b"uci\n".to_vec();
        bytes.extend(std::iter::repeat_n(b'x', MAX_LINE_BYTES * 2 + 5));
        bytes.extend(b"\nisready\n");
        let seen = inputs(&bytes);
        assert_eq!(seen[0], "line uci");
        assert!(
            seen[1].starts_with("unreadable line 2 is longer than"),
            "{}",
            seen[1]
        );
        assert_eq!(seen[2..], ["line isready", "end"]);
        // A line of exactly the longest length is read.
        let mut bytes = vec![b'y'; MAX_LINE_BYTES];
        bytes.push(b'\n');
        assert!(inputs(&bytes)[0].starts_with("line yyy"));
    }

    #[test]
    fn reading_stops_when_the_receiver_is_gone() {
        let mut delivered = 0;
        read_lines(&b"a\nb\nc\n"[..], |_| {
            delivered += 1;
            false
        });
        assert_eq!(delivered, 1);
    }
}
