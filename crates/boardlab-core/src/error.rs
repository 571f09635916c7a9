//! The typed errors of reading positions, moves and rule options from text.

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
#[error("invalid {game} position '{text}': {field}: {problem}")]
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
    #[error("malformed move '{text}' in {game}: {problem}")]
    Malformed {
        /// The game id.
        game: &'static str,
        /// The text that was read.
        text: String,
        /// What is wrong with it and what is allowed.
        problem: String,
    },
    /// The text is a well-formed move that the rules do not allow here.
    #[error("illegal move '{text}' in {game}: {reason}")]
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
        "rule option '{text}' is not of the form NAME=VALUE; valid options for {game}: {valid}"
    )]
    Malformed {
        /// The game id.
        game: &'static str,
        /// The text that was read.
        text: String,
        /// The valid options, with their defaults.
        valid: String,
    },
    /// No option of that name exists for this game.
    #[error("unknown rule option '{name}' for {game}; valid options: {valid}")]
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
    #[error("bad value '{value}' for rule option '{name}' of {game}: expected {expected}")]
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
