//! A request for a new game, checked and turned into a stored row with fresh tokens.

use crate::bot;
use crate::hub::{GameError, GameResult};
use crate::seat::Seat;
use crate::store::{GameRow, Mode, Offers, first_version};
use boardlab_games::GameId;
use serde::Deserialize;
use std::collections::BTreeMap;

/// The body of `POST /api/games`.
#[derive(Debug, Deserialize)]
pub struct NewGame {
    /// The game's key: a game of the catalog, or a pasted rules file's key (`pasted:…`).
    pub game: String,
    /// `bot`, `friend` or `local` (default `bot`).
    #[serde(default)]
    pub opponent: Option<String>,
    /// The bot's level, 1 to the game's top level (default [`boardlab_ai::levels::default_level`]).
    #[serde(default)]
    pub level: Option<u8>,
    /// The creator's seat: `1`, `2` or `random` (default `1`).
    #[serde(default)]
    pub side: Option<String>,
    /// Who moves first where the rules draw it: `1`, `2` or `random` (default `random`).
    #[serde(default)]
    pub first: Option<String>,
    /// A position to start from (its one-line text form, SPEC.md) instead of the start.
    #[serde(default)]
    pub position: Option<String>,
    /// A board layout for games whose board is data (Parity): rows of `B W R U`, top first.
    #[serde(default)]
    pub board: Option<String>,
    /// Rule options, name to value.
    #[serde(default)]
    pub rules: BTreeMap<String, serde_json::Value>,
    /// A time control for clocks (`5m+3s`, `300+3`: base time and increment per move), or
    /// correspondence (`1d`, `3d`, `7d`: days a move); none (the default) for a game
    /// without clocks.
    #[serde(default)]
    pub clock: Option<String>,
}

/// The longest base time a game of the server may have: three hours.
const MAX_BASE: std::time::Duration = std::time::Duration::from_secs(3 * 3600);

/// Reads the time control of a new game: `None` for no clock.
pub fn clock_of(text: Option<&str>) -> GameResult<Option<String>> {
    let Some(text) = text
        .map(str::trim)
        .filter(|t| !t.is_empty() && *t != "none")
    else {
        return Ok(None);
    };
    // Correspondence: days a move.
    if text.ends_with('d') {
        let control: crate::clock::Control = text.parse().map_err(GameError::bad_request)?;
        return Ok(Some(control.to_string()));
    }
    let limits = boardlab_ai::TimeLimits {
        max_base: MAX_BASE,
        ..boardlab_ai::TimeLimits::DEFAULT
    };
    let control = boardlab_ai::TimeControl::parse_within(text, limits)
        .map_err(|e| GameError::bad_request(e.to_string()))?;
    Ok(Some(control.to_string()))
}

/// A request's rule options, each value as text (a number or a boolean as JSON writes it),
/// checked against the game's rules: the options as stored, name to value.
pub fn checked_rules(
    game: GameId,
    rules: &BTreeMap<String, serde_json::Value>,
) -> GameResult<BTreeMap<String, String>> {
    let rules: BTreeMap<String, String> = rules
        .iter()
        .map(|(name, value)| {
            let value = match value {
                serde_json::Value::String(text) => text.clone(),
                other => other.to_string(),
            };
            (name.clone(), value)
        })
        .collect();
    let options: Vec<String> = rules.iter().map(|(k, v)| format!("{k}={v}")).collect();
    crate::stored::check_rules(game, &options)
        .map_err(|e| GameError::bad_request(e.to_string()))?;
    Ok(rules)
}

/// A new random secret, as hex.
pub fn secret(bits_128: bool) -> String {
    if bits_128 {
        format!("{:032x}", rand::random::<u128>())
    } else {
        format!("{:016x}", rand::random::<u64>())
    }
}

fn seat_choice(text: Option<&str>, what: &str) -> GameResult<Seat> {
    match text.unwrap_or("1") {
        "1" => Ok(Seat::One),
        "2" => Ok(Seat::Two),
        "random" => Ok(if rand::random::<bool>() {
            Seat::Two
        } else {
            Seat::One
        }),
        other => Err(GameError::bad_request(format!(
            "{what} {} is not one of 1, 2, random",
            boardlab_core::quoted(other)
        ))),
    }
}

/// Checks a request for a game of `game` (the game its key names) and makes the row of the
/// new game, and returns the creator's seat.
pub fn new_row(request: NewGame, game: GameId) -> GameResult<(GameRow, Seat)> {
    let mode = match request.opponent.as_deref() {
        None => Mode::Bot,
        Some(name) => Mode::from_name(name).ok_or_else(|| {
            GameError::bad_request(format!(
                "opponent {} is not one of bot, friend, local",
                boardlab_core::quoted(name)
            ))
        })?,
    };
    let rules = checked_rules(game, &request.rules)?;
    let level = request.level.unwrap_or_else(|| game.levels().default);
    if mode == Mode::Bot && !bot::is_level(game, level) {
        return Err(GameError::bad_request(format!(
            "level {level} is not a bot level of {} (1 to {}{})",
            request.game,
            game.levels().count(),
            if bot::is_level(game, bot::PERFECT) {
                format!(", or {} for the perfect player", bot::PERFECT)
            } else {
                String::new()
            }
        )));
    }
    let clock = clock_of(request.clock.as_deref())?;
    let seat = seat_choice(request.side.as_deref(), "side")?;
    let first = seat_choice(Some(request.first.as_deref().unwrap_or("random")), "first")?;
    let rules_json: BTreeMap<&str, &str> = rules
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    let row = GameRow {
        id: secret(false),
        game: request.game.clone(),
        played: game,
        rules: serde_json::to_string(&rules_json).expect("rules serialize"),
        first,
        mode,
        bot_seat: (mode == Mode::Bot).then_some(seat.other()),
        bot_level: (mode == Mode::Bot).then_some(level),
        tokens: [secret(true), secret(true)],
        creator: Some(seat),
        ending: None,
        rematch: None,
        position: request
            .position
            .map(|p| p.trim().to_string())
            .filter(|p| !p.is_empty()),
        board: request.board.filter(|b| !b.trim().is_empty()),
        clock,
        offers: Offers::default(),
        players: [None, None],
        rated: false,
        version: first_version(),
    };
    Ok((row, seat))
}
