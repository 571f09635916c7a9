//! One game held in memory: its stored row, the game itself, its clocks and the stream of
//! its states to the pages following it.

use super::error::{GameError, GameResult};
use super::events::GameEvent;
use super::game_state::GameState;
use super::state::{result_of, state_of};
use crate::clock::LiveClock;
use crate::store::GameRow;
use boardlab_core::Player;
use boardlab_games::AnyGame;
use std::sync::Arc;
use tokio::sync::broadcast;

/// One game held in memory.
pub struct Entry {
    /// The stored row.
    pub row: GameRow,
    /// The game itself.
    pub session: AnyGame,
    /// Each new state, as JSON text, for the players and watchers.
    pub events: broadcast::Sender<Arc<String>>,
    /// How many times moves were taken back: a bot's search started before a takeback is
    /// not played after it.
    pub epoch: u64,
    /// The clocks of a timed game.
    pub clock: Option<LiveClock>,
    /// What the change that made the game as it is did (none for a game just read from
    /// the store).
    pub last_change: Vec<GameEvent>,
    /// When each move was stored, ms since 1970, by ply (0 for moves stored before the
    /// server kept the moment).
    pub moments: Vec<i64>,
}

impl Entry {
    /// A game in memory; `moments` are when its moves were stored (for its clocks).
    pub(super) fn new(row: GameRow, session: AnyGame, moments: &[i64]) -> GameResult<Entry> {
        let clock = row
            .clock
            .as_deref()
            .map(|text| {
                text.parse::<crate::clock::Control>().map_err(|e| {
                    GameError::internal(format!(
                        "stored game {}: {e}",
                        boardlab_core::quoted(&row.id)
                    ))
                })
            })
            .transpose()?
            .map(|control| LiveClock::replay(control, session.first_to_move(), moments));
        Ok(Entry {
            clock,
            moments: moments.to_vec(),
            last_change: Vec::new(),
            row,
            session,
            events: broadcast::channel(16).0,
            epoch: 0,
        })
    }

    /// Takes the stored moments of the moves again (after a takeback, or another server's
    /// change) and replays the clocks from them.
    pub(super) fn replay_moments(&mut self, moments: &[i64]) {
        if let Some(clock) = &mut self.clock {
            *clock = LiveClock::replay(clock.control(), self.session.first_to_move(), moments);
        }
        self.moments = moments.to_vec();
    }

    /// How long each move took, in ms, by ply: from the move before to this one; `None`
    /// for the first move (the game's start is not kept) and where a moment is unknown.
    pub fn move_times(&self) -> Vec<Option<i64>> {
        let known = |at: i64| (at > 0).then_some(at);
        (0..self.session.ply())
            .map(|ply| {
                let this = known(*self.moments.get(ply)?)?;
                let before = known(*self.moments.get(ply.checked_sub(1)?)?)?;
                Some((this - before).max(0))
            })
            .collect()
    }

    /// Sends the state to everyone following the game, with the `events` of the change that
    /// made it (which advanced the game's version); returns it.
    pub(super) fn announce(&mut self, events: Vec<GameEvent>) -> GameState {
        self.last_change = events;
        let state = state_of(self);
        if self.events.receiver_count() > 0
            && let Ok(text) = serde_json::to_string(&state)
        {
            let _ = self.events.send(Arc::new(text));
        }
        state
    }

    /// The player who made move number `ply` (from 0): the players alternate from the
    /// first mover.
    pub(super) fn mover(&self, ply: usize) -> Player {
        let first = self.session.first_to_move();
        if ply.is_multiple_of(2) {
            first
        } else {
            first.opponent()
        }
    }

    pub(super) fn refuse_if_over(&self) -> GameResult<()> {
        match result_of(self) {
            Some((_, words)) => Err(GameError::refused(format!("the game is over: {words}"))),
            None => Ok(()),
        }
    }
}

/// A shared handle to one game.
pub type EntryRef = Arc<tokio::sync::Mutex<Entry>>;
