//! An entry of an input file that cannot be used (a game record that does not replay, a
//! data line that does not read), with where it is and why. The commands that read such
//! files report every one of them and fail, or skip them with a warning when asked to
//! (`--skip-bad`), so that no bad entry is dropped without a word.

use std::fmt;

/// One unusable entry of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadEntry {
    /// The entry's number among the records of its file, from 1, for a file of records.
    pub record: Option<usize>,
    /// The line it is on (a record: the line it starts on), from 1.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

impl fmt::Display for BadEntry {
    /// `record 3 (line 41): REASON` or `line 12: REASON`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.record {
            Some(number) => write!(f, "record {number} (line {}): {}", self.line, self.reason),
            None => write!(f, "line {}: {}", self.line, self.reason),
        }
    }
}

/// The data lines of `text` that hold an entry (not empty, not a `#` comment), numbered
/// from 1: the lines every data file reader reads.
pub fn data_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'))
}
