//! What playing a move changes in a stored game, the same for a person's move (the hub) and
//! a bot's (a worker): the move itself, the result when it ends the game on the board, and
//! the offers it withdraws; a move made after the mover's clock ran out loses on time instead.

use crate::clock::LiveClock;
use crate::ending::Ending;
use crate::seat::Seat;
use crate::store::{Change, GameRow, Offers};
use boardlab_core::Player;
use boardlab_games::AnyGame;

/// A checked move, played.
pub struct Played {
    /// The stored changes it makes.
    pub changes: Vec<Change>,
    /// The game after it.
    pub after: AnyGame,
    /// The clocks after it (a timed game).
    pub clock: Option<LiveClock>,
}

/// Why a move is not played.
#[derive(Debug)]
pub enum NotPlayed {
    /// This player's clock ran out before the move: the game is lost on time.
    Flagged(Player),
    /// The move does not play here (what the game says).
    Refused(String),
}

/// Plays the move `mv` of the game `row`/`game` at `at_ms` (ms since 1970).
///
/// # Errors
/// [`NotPlayed::Flagged`] when the mover's clock ran out before the move (the move is not
/// played, [`flagged`] are the changes to store), [`NotPlayed::Refused`] when it does not
/// play.
pub fn play(
    row: &GameRow,
    game: &AnyGame,
    clock: Option<LiveClock>,
    mv: &str,
    at_ms: i64,
) -> Result<Played, NotPlayed> {
    let mover = game.side_to_move();
    let mut clock = clock;
    if let Some(clock) = &mut clock
        && clock.on_move(mover, at_ms).is_err()
    {
        return Err(NotPlayed::Flagged(mover));
    }
    let mut after = game.clone();
    after
        .play(mv)
        .map_err(|e| NotPlayed::Refused(e.to_string()))?;
    let mut changes = vec![Change::Move {
        ply: game.ply(),
        mv: mv.to_string(),
        at_ms,
    }];
    if let Some(outcome) = after.outcome() {
        changes.push(Change::Result(outcome.score_text().to_string()));
    }
    if !row.offers.is_empty() {
        changes.push(Change::Offers(Offers::default()));
    }
    Ok(Played {
        changes,
        after,
        clock,
    })
}

/// The stored changes of a game lost on time by `player`.
pub fn flagged(row: &GameRow, player: Player) -> Vec<Change> {
    let mut changes = vec![Change::Ending(Ending::Flagged(player))];
    if !row.offers.is_empty() {
        changes.push(Change::Offers(Offers::default()));
    }
    changes
}

/// Whether the bot of a bot game is to move in `game` (and the game goes on).
pub fn bot_to_move(row: &GameRow, game: &AnyGame) -> bool {
    row.bot_level.is_some()
        && row.bot_seat == Some(Seat::of(game.side_to_move()))
        && row.ending.is_none()
        && game.outcome().is_none()
}

/// The clocks of a stored timed game, replayed from the moments its moves were stored;
/// `None` for a game without clocks (or with a time control that does not read, which
/// loading the game reports).
pub fn clock_of(row: &GameRow, game: &AnyGame, moments: &[i64]) -> Option<LiveClock> {
    let control = row
        .clock
        .as_deref()?
        .parse::<crate::clock::Control>()
        .ok()?;
    Some(LiveClock::replay(control, game.first_to_move(), moments))
}
