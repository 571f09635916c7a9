//! The game record of SPEC.md for a game of the server, written by
//! [`GameRecord`](boardlab_core::record::GameRecord) with the server's own tags: who sits in
//! each seat, and a resignation as the result where there is one.

use boardlab_core::record::{GameRecord, RecordResult};
use boardlab_core::{GameHistory, Player, Position};

/// The tags the server adds to a record beyond what the game itself says.
#[derive(Clone, Debug, Default)]
pub struct RecordTags {
    /// Who sits in seat 1 (`you`, `bot (level 3)`, …).
    pub player1: String,
    /// Who sits in seat 2.
    pub player2: String,
    /// The seat that resigned, if one did (1 or 2).
    pub resigned: Option<u8>,
}

/// Writes the record of `history` with the given tags.
pub fn write_record<P: Position>(history: &GameHistory<P>, tags: &RecordTags) -> String {
    let resigned = tags.resigned.and_then(Player::from_number);
    let (result, termination) = match (history.outcome(), resigned) {
        (Some(outcome), _) => (
            outcome
                .winner()
                .map_or(RecordResult::Draw, RecordResult::Win),
            outcome.describe(P::player_name),
        ),
        (None, Some(loser)) => (
            RecordResult::Win(loser.opponent()),
            format!("{} resigned", P::player_name(loser)),
        ),
        (None, None) => (RecordResult::Unfinished, "unterminated".to_string()),
    };
    GameRecord::from_history(history, &tags.player1, &tags.player2, result, &termination)
        .to_string()
}
