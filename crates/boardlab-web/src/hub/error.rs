//! Why the hub did not do what was asked, by meaning: the HTTP API (`crate::api`) alone
//! turns each kind into a status code.

/// Why an action on a game, or a read of one, was not done. The message names what was
/// wrong and what is allowed; the kind says whose fault it is.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// There is no such game (or seek, or puzzle) to act on.
    #[error("{0}")]
    NotFound(String),
    /// The game is not in a state that allows it now: over, another player's turn, no
    /// offer to answer, a version changed meanwhile.
    #[error("{0}")]
    Refused(String),
    /// The move does not play in this position.
    #[error("{0}")]
    IllegalMove(String),
    /// The request names something that does not exist or does not read (a game key, a
    /// position, an option).
    #[error("{0}")]
    BadRequest(String),
    /// The asker is at one of its limits; it may try again after `retry_after` seconds.
    #[error("{message}")]
    Busy {
        /// What limit, in words.
        message: String,
        /// Seconds after which to try again.
        retry_after: u64,
    },
    /// What was asked is under way but not done yet (an analysis no worker has made in
    /// time); it may be asked again after `retry_after` seconds.
    #[error("{message}")]
    NotReady {
        /// What is not ready, in words.
        message: String,
        /// Seconds after which to ask again.
        retry_after: u64,
    },
    /// The server failed (its storage, a stored row that no longer reads).
    #[error("{0}")]
    Internal(String),
}

/// The result of an action or read of the hub.
pub type GameResult<T> = Result<T, GameError>;

impl GameError {
    /// [`GameError::Refused`] with this message.
    pub fn refused(message: impl Into<String>) -> GameError {
        GameError::Refused(message.into())
    }

    /// [`GameError::IllegalMove`] with this message.
    pub fn illegal(message: impl Into<String>) -> GameError {
        GameError::IllegalMove(message.into())
    }

    /// [`GameError::NotFound`] with this message.
    pub fn not_found(message: impl Into<String>) -> GameError {
        GameError::NotFound(message.into())
    }

    /// [`GameError::BadRequest`] with this message.
    pub fn bad_request(message: impl Into<String>) -> GameError {
        GameError::BadRequest(message.into())
    }

    /// [`GameError::Busy`]: at a limit, try again after `retry_after` seconds.
    pub fn busy(message: impl Into<String>, retry_after: u64) -> GameError {
        GameError::Busy {
            message: message.into(),
            retry_after,
        }
    }

    /// [`GameError::Internal`] with this message.
    pub fn internal(message: impl Into<String>) -> GameError {
        GameError::Internal(message.into())
    }
}
