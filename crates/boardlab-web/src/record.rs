//! The game record of SPEC.md for a game of the server, written by
//! [`AnyGame::record`] with the server's own tags: who sits in
//! each seat, and a resignation, an agreed draw or a flag as the result where there is one.

use crate::ending::Ending;
use boardlab_games::AnyGame;

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

/// Writes the record of `game` with the given tags.
pub fn write_record(game: &AnyGame, tags: &RecordTags) -> String {
    let ended = tags
        .ending
        .map(|ending| (ending.result(), ending.termination(|p| game.player_name(p))));
    game.record(
        [&tags.player1, &tags.player2],
        ended
            .as_ref()
            .map(|(result, termination)| (*result, termination.as_str())),
    )
}
