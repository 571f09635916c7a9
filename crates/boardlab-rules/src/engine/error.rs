//! Why a definition cannot be compiled into a playable game.

use thiserror::Error;

/// A definition the engine refuses, with the reason in words.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("game '{game}' cannot be played: {problem}")]
pub struct CompileError {
    /// The game's id.
    pub game: String,
    /// What is wrong and, where it helps, what would work.
    pub problem: String,
}
