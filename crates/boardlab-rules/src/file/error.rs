//! The one error a read reports: where in which file, and what is wrong there and what is
//! allowed instead.

use thiserror::Error;

/// A rules file that could not be read into a game, or rule options that could not be
/// applied to one. Its text is one line: the place (`rules/x.toml:12:9`, lines and columns
/// from 1, columns counted in characters), then the problem.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RulesFileError {
    /// The file as a whole: it cannot be read, or it is too large.
    #[error("{file}: {problem}")]
    File {
        /// The file's name as given (a path, or a built-in file's path in the repository).
        file: String,
        /// What is wrong and what is allowed.
        problem: String,
    },
    /// A place in a file: a key, a value, a character inside a string.
    #[error("{file}:{line}:{column}: {problem}")]
    At {
        /// The file's name as given.
        file: String,
        /// The line, from 1.
        line: u32,
        /// The column, from 1, in characters.
        column: u32,
        /// What is wrong and what is allowed.
        problem: String,
    },
    /// Rule options that a game read from a file does not offer or that are given wrongly
    /// ([`with_options`](super::with_options)); `game` is the game's id.
    #[error("{game}: {problem}")]
    Options {
        /// The game's id.
        game: String,
        /// What is wrong and what is allowed.
        problem: String,
    },
}

impl RulesFileError {
    /// What is wrong, without the place.
    pub fn problem(&self) -> &str {
        match self {
            RulesFileError::File { problem, .. }
            | RulesFileError::At { problem, .. }
            | RulesFileError::Options { problem, .. } => problem,
        }
    }

    /// The line and column, where the error has a place in a file.
    pub fn line_and_column(&self) -> Option<(u32, u32)> {
        match self {
            RulesFileError::At { line, column, .. } => Some((*line, *column)),
            _ => None,
        }
    }

    /// The same error with `prefix` put before its problem (`with option "x" on: …`).
    pub(crate) fn prefixed(mut self, prefix: &str) -> RulesFileError {
        if prefix.is_empty() {
            return self;
        }
        let problem = match &mut self {
            RulesFileError::File { problem, .. }
            | RulesFileError::At { problem, .. }
            | RulesFileError::Options { problem, .. } => problem,
        };
        *problem = format!("{prefix}{problem}");
        self
    }
}
