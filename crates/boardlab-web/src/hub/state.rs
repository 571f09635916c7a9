//! What is said of a game: its setup from the stored row, its result, the seats' names, the
//! tags of its record, and the JSON state sent to the pages.

use super::entry::Entry;
use super::error::{GameError, GameResult};
use super::game_state::GameState;
use crate::bot;
use crate::record::RecordTags;
use crate::seat::Seat;
use crate::session::GameSetup;
use crate::store::{GameRow, Mode};
use boardlab_core::Setup;
use std::collections::HashMap;

/// The setup of a stored game.
pub fn setup_of(row: &GameRow) -> GameResult<GameSetup> {
    let game = row.played;
    // A stored row that does not read is the server's fault (5xx), not the request's.
    let rules: HashMap<String, String> = serde_json::from_str(&row.rules).map_err(|e| {
        GameError::internal(format!(
            "stored game '{}' cannot be loaded: its rules are not JSON: {e}",
            row.id
        ))
    })?;
    let mut rules: Vec<String> = rules
        .into_iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    rules.sort();
    Ok(GameSetup {
        game,
        setup: Setup {
            rules,
            first: row.first.player(),
            position: row.position.clone(),
            board: row.board.clone(),
        },
    })
}

/// The result of a finished game, `(score, words)`, or `None` while it goes on.
pub fn result_of(entry: &Entry) -> Option<(String, String)> {
    let session = &entry.session;
    if let Some(outcome) = session.outcome() {
        let words = outcome.describe(|p| session.side_name(p));
        return Some((outcome.score_text().to_string(), words));
    }
    let ending = entry.row.ending?;
    Some((
        ending.score().to_string(),
        ending.describe(|p| session.side_name(p)),
    ))
}

/// Who sits in a seat, in words.
pub fn seat_label(row: &GameRow, seat: Seat) -> String {
    // An account's seat is called by its name (at one screen both seats are its own).
    if let Some(name) = &row.players[seat.index()]
        && row.mode != Mode::Local
    {
        return name.clone();
    }
    match (row.mode, row.bot_seat) {
        (Mode::Bot, Some(bot)) if bot == seat => match row.bot_level.unwrap_or(1) {
            bot::PERFECT => "bot (perfect)".to_string(),
            level => format!("bot (level {level})"),
        },
        // Not "you": watchers see this label too, and records keep it. The page says "you"
        // to whoever holds the seat's link.
        (Mode::Bot, _) => "human player".to_string(),
        (Mode::Friend, _) => format!("player at seat {seat}"),
        (Mode::Local, _) => format!("seat {seat} (this screen)"),
    }
}

/// The tags of the game's record.
pub fn record_tags(entry: &Entry) -> RecordTags {
    RecordTags {
        player1: seat_label(&entry.row, Seat::One),
        player2: seat_label(&entry.row, Seat::Two),
        ending: entry.row.ending,
    }
}

/// The state of a game that every client sees: the same for players and watchers.
pub fn state_of(entry: &Entry) -> GameState {
    GameState::of(entry)
}
