//! The game record of SPEC.md for a game of the server, written by
//! [`GameRecord`](boardlab_core::record::GameRecord) with the server's own tags: who sits in
//! each seat, and a resignation, an agreed draw or a flag as the result where there is one.

use crate::ending::Ending;
use boardlab_core::record::{GameRecord, RecordResult};
use boardlab_core::{GameHistory, Position};

/// The tags the server adds to a record beyond what the game itself says.
#[derive(Clone, Debug, Default)]
pub struct RecordTags {
    /// Who sits in seat 1 (`you`, `bot (level 3)`, …).
    pub player1: String,
    /// Who sits in seat 2.
    pub player2: String,
    /// How the players (or the clock) ended the game, if they did.
    pub ending: Option<Ending>,
}

/// Writes the record of `history` with the given tags.
pub fn write_record<P: Position>(history: &GameHistory<P>, tags: &RecordTags) -> String {
    let (result, termination) = match (history.outcome(), tags.ending) {
        (Some(outcome), _) => (
            outcome
                .winner()
                .map_or(RecordResult::Draw, RecordResult::Win),
            outcome.describe(|p| history.current().player_name(p)),
        ),
        (None, Some(ending)) => (
            ending.result(),
            ending.termination(|p| history.current().player_name(p)),
        ),
        (None, None) => (RecordResult::Unfinished, "unterminated".to_string()),
    };
    GameRecord::from_history(history, &tags.player1, &tags.player2, result, &termination)
        .to_string()
}
