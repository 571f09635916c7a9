//! A live game of the server: an [`AnyGame`] (the game layer every tool shares), built from
//! its stored parts.

use boardlab_games::{AnyGame, GameId, ReplayError};

/// What a stored game is made from: the game, its rule options, who moved first and the moves.
#[derive(Clone, Debug)]
pub struct GameSetup {
    /// Which game.
    pub game: GameId,
    /// Its rules, board and start.
    pub setup: boardlab_core::Setup,
}

/// Builds a game from its setup and replays `moves`; the error names the first problem.
pub fn build(setup: &GameSetup, moves: &[String]) -> Result<AnyGame, ReplayError> {
    AnyGame::replay(setup.game, &setup.setup, moves)
}
