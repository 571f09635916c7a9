//! The typed errors of reading positions, moves and rule options from text.

use crate::words::quoted;
use thiserror::Error;

/// Which part of a position text an error is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PositionField {
    /// The text as a whole (empty, wrong number of fields).
    Whole,
    /// The piece placement (ranks separated by `/`).
    Placement,
    /// The reserves in brackets (games with drops).
    Reserves,
    /// The side to move (`1` or `2`).
    SideToMove,
    /// The count of plies without progress.
    NoProgressPlies,
    /// The move number.
    MoveNumber,
}

impl std::fmt::Display for PositionField {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            PositionField::Whole => "position",
            PositionField::Placement => "placement",
            PositionField::Reserves => "reserves",
            PositionField::SideToMove => "side to move",
            PositionField::NoProgressPlies => "no-progress plies",
            PositionField::MoveNumber => "move number",
        })
    }
}

/// A position text that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid {game} position {}: {field}: {problem}", quoted(text))]
pub struct PositionError {
    /// The game id.
    pub game: &'static str,
    /// The text that was read.
    pub text: String,
    /// The part of the text that is wrong.
    pub field: PositionField,
    /// What is wrong with it and what is allowed.
    pub problem: String,
}

/// A move text that could not be read or is not legal in the position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move of this game's notation.
    #[error("malformed move {} in {game}: {problem}", quoted(text))]
    Malformed {
        /// The game id.
        game: &'static str,
        /// The text that was read.
        text: String,
        /// What is wrong with it and what is allowed.
        problem: String,
    },
    /// The text is a well-formed move that the rules do not allow here.
    #[error("illegal move {} in {game}: {reason}", quoted(text))]
    Illegal {
        /// The game id.
        game: &'static str,
        /// The text that was read.
        text: String,
        /// Which rule forbids it.
        reason: String,
    },
}

/// A rule option (`--rule NAME=VALUE`) that could not be set.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum RuleError {
    /// The text is not of the form `NAME=VALUE`.
    #[error(
        "rule option {} is not of the form NAME=VALUE; valid options for {game}: {valid}",
        quoted(text)
    )]
    Malformed {
        /// The game id.
        game: &'static str,
        /// The text that was read.
        text: String,
        /// The valid options, with their defaults.
        valid: String,
    },
    /// The name or the value of `NAME=VALUE` has spaces around it: names and values are
    /// taken exactly as written, so spaces are refused rather than guessed away.
    #[error(
        "rule option {} has spaces around its name or value; write NAME=VALUE without spaces (valid options for {game}: {valid})",
        quoted(text)
    )]
    Spaces {
        /// The game id.
        game: &'static str,
        /// The text that was read.
        text: String,
        /// The valid options, with their defaults.
        valid: String,
    },
    /// No option of that name exists for this game.
    #[error(
        "unknown rule option {} for {game}; valid options: {valid}",
        quoted(name)
    )]
    UnknownName {
        /// The game id.
        game: &'static str,
        /// The name that was given.
        name: String,
        /// The valid options, with their defaults.
        valid: String,
    },
    /// The game's board is fixed, so no layout can be loaded.
    #[error(
        "{game} is played on a fixed board; a board layout (--board) applies only to games whose board is data, like parity"
    )]
    FixedBoard {
        /// The game id.
        game: &'static str,
    },
    /// A board layout that could not be read.
    #[error("bad {game} board layout: {problem}")]
    BadBoard {
        /// The game id.
        game: &'static str,
        /// What is wrong, with the line and column.
        problem: String,
    },
    /// The value does not suit the option.
    #[error(
        "bad value {} for rule option {} of {game}: expected {expected}",
        quoted(value),
        quoted(name)
    )]
    BadValue {
        /// The game id.
        game: &'static str,
        /// The option's name.
        name: String,
        /// The value that was given.
        value: String,
        /// What values are allowed.
        expected: String,
    },
}
