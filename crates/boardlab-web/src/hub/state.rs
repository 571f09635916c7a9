//! What is said of a game: its setup from the stored row, its result, the seats' names, the
//! tags of its record, and the JSON state sent to the pages.

use super::entry::Entry;
use super::error::{GameError, GameResult};
use crate::bot;
use crate::clock::now_ms;
use crate::record::RecordTags;
use crate::seat::Seat;
use crate::session::GameSetup;
use crate::store::{GameRow, Mode};
use boardlab_core::{Player, Setup};
use serde_json::{Value, json};
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
pub fn state_of(entry: &Entry) -> Value {
    let session = &entry.session;
    let ply = session.ply();
    let result = result_of(entry).map(|(score, text)| json!({ "score": score, "text": text }));
    let moves = session.moves();
    let legal = if result.is_some() {
        Vec::new()
    } else {
        session.legal_moves()
    };
    json!({
        "id": entry.row.id,
        "game": entry.row.game,
        "mode": entry.row.mode.name(),
        "rules": serde_json::from_str::<Value>(&entry.row.rules).unwrap_or(Value::Null),
        "bot_seat": entry.row.bot_seat,
        "bot_level": entry.row.bot_level,
        "ply": ply,
        "first": session.first_to_move().number(),
        "restriction": if result.is_some() { None } else { session.restriction() },
        "played_moves": crate::legal::move_shapes(session, &moves),
        "move_ms": entry.move_times(),
        "moves": moves,
        "legal_moves": crate::legal::move_shapes(session, &legal),
        "legal": legal,
        "view": crate::view::view_at(session, ply),
        "result": result,
        "names": { "1": session.side_name(Player::One), "2": session.side_name(Player::Two) },
        "seats": { "1": seat_label(&entry.row, Seat::One), "2": seat_label(&entry.row, Seat::Two) },
        "players": { "1": entry.row.players[0], "2": entry.row.players[1] },
        "rated": entry.row.rated,
        "offers": { "draw": entry.row.offers.draw, "takeback": entry.row.offers.takeback },
        "version": entry.row.version,
        "clock": entry.clock.map(|c| c.json(session.side_to_move(), result.is_some(), now_ms())),
        "rematch": entry.row.rematch,
    })
}
