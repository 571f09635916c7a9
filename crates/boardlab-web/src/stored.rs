//! Reading a game's stored row back: every column is checked against what the server can
//! have written, so that a damaged row (a hand edit, a bad migration, a bug) makes that one
//! game fail with an error naming the column and its value, instead of being coerced into
//! another game (seat 7 read as seat 1, a level of 200 as the top level).

use crate::ending::Ending;
use crate::seat::Seat;
use crate::store::{GameRow, Mode, Offers};
use boardlab_core::{Position, RuleError, Setup, quoted};
use boardlab_games::{GameId, GameVisitor, with_game};
use std::collections::BTreeMap;

/// The columns of `games` that make a [`GameRow`], in the order [`game_row`] takes them.
pub const COLUMNS: &str = "id, game, rules, first, mode, bot_seat, bot_level, token1, token2, \
                           resigned, position, board, ended, rematch, clock, creator, result, \
                           draw_offer, takeback_offer, version, player1, player2, rated";

/// One stored value as either database gives it back: the store's backends read each
/// column of a game's row into one of these, so that the checks here are the same for SQLite
/// (where a column may hold any type) and PostgreSQL (where its type is fixed).
#[derive(Clone, Debug, PartialEq)]
pub enum Value {
    /// SQL NULL.
    Null,
    /// A whole number.
    Integer(i64),
    /// A floating-point number.
    Real(f64),
    /// Text.
    Text(String),
    /// Bytes.
    Blob(Vec<u8>),
}

/// A stored column holding a value the server never writes there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("is damaged: column {column} holds {value}, {problem}")]
pub struct Damage {
    /// The column.
    pub column: &'static str,
    /// The value it holds, as shown to the operator (text cut short).
    pub value: String,
    /// What is wrong with it and what is allowed.
    pub problem: String,
}

/// A stored value as the operator would recognise it: NULL, a number, quoted text (cut),
/// or the size of a blob.
pub fn shown(value: &Value) -> String {
    match value {
        Value::Null => "NULL".to_string(),
        Value::Integer(n) => n.to_string(),
        Value::Real(x) => x.to_string(),
        Value::Text(text) => quoted(text).to_string(),
        Value::Blob(bytes) => format!(
            "a blob of {}",
            boardlab_core::count(bytes.len() as u64, "byte", "bytes")
        ),
    }
}

/// The columns of one row, read by name.
struct Columns {
    values: Vec<Value>,
}

impl Columns {
    fn value(&self, column: &'static str) -> &Value {
        let at = COLUMNS
            .split(',')
            .position(|name| name.trim() == column)
            .expect("a column of COLUMNS");
        self.values.get(at).unwrap_or(&Value::Null)
    }

    fn damage(&self, column: &'static str, problem: impl Into<String>) -> Damage {
        Damage {
            column,
            value: shown(self.value(column)),
            problem: problem.into(),
        }
    }

    /// A text column that must hold text.
    fn text(&self, column: &'static str) -> Result<&str, Damage> {
        match self.value(column) {
            Value::Text(text) => Ok(text),
            _ => Err(self.damage(column, "not text")),
        }
    }

    /// A text column that may be NULL.
    fn optional_text(&self, column: &'static str) -> Result<Option<&str>, Damage> {
        match self.value(column) {
            Value::Null => Ok(None),
            Value::Text(text) => Ok(Some(text)),
            _ => Err(self.damage(column, "neither text nor NULL")),
        }
    }

    /// A seat column (1 or 2) that may be NULL.
    fn optional_seat(&self, column: &'static str) -> Result<Option<Seat>, Damage> {
        match self.value(column) {
            Value::Null => Ok(None),
            Value::Integer(n @ (1 | 2)) => Ok(Seat::from_number(*n as u8)),
            _ => Err(self.damage(column, "not a seat (1 or 2) or NULL")),
        }
    }
}

/// Whether `text` has the shape of the ids the server makes (and of links): 1 to 64 ASCII
/// letters, digits, `-` or `_`.
fn is_id(text: &str) -> bool {
    (1..=64).contains(&text.len())
        && text
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Whether `text` has the shape of a seat token: 32 lowercase hex digits.
fn is_token(text: &str) -> bool {
    text.len() == 32 && text.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f'))
}

struct CheckRules<'a>(&'a Setup);

impl GameVisitor for CheckRules<'_> {
    type Output = Result<(), RuleError>;

    fn visit<P: Position>(self, game: P::Rules) -> Self::Output {
        self.0.rules::<P>(game).map(|_| ())
    }
}

/// Checks rule options (`name=value`) against a game's rules.
pub fn check_rules(game: GameId, rules: &[String]) -> Result<(), RuleError> {
    let setup = Setup {
        rules: rules.to_vec(),
        ..Setup::start()
    };
    with_game(game, CheckRules(&setup))
}

/// The row of a game from its stored columns (in the order of [`COLUMNS`]), or the first
/// column that holds what the server never writes there.
/// `game_of` gives the game of the `game` column's key, or what is wrong with it.
pub fn game_row(
    values: Vec<Value>,
    game_of: impl FnOnce(&str) -> Result<GameId, String>,
) -> Result<GameRow, Damage> {
    let row = Columns { values };
    let id = row.text("id")?;
    if !is_id(id) {
        return Err(row.damage("id", "not a game id (1 to 64 letters, digits, - or _)"));
    }
    let game_text = row.text("game")?;
    let game = game_of(game_text).map_err(|problem| row.damage("game", problem))?;
    let mode_text = row.text("mode")?;
    let mode = Mode::from_name(mode_text)
        .ok_or_else(|| row.damage("mode", "an unknown mode (bot, friend or local)"))?;
    let first = match row.value("first") {
        Value::Integer(n @ (1 | 2)) => Seat::from_number(*n as u8).unwrap_or(Seat::One),
        _ => return Err(row.damage("first", "not a seat (1 or 2)")),
    };
    let rules_text = row.text("rules")?;
    let rules: BTreeMap<String, String> = serde_json::from_str(rules_text).map_err(|e| {
        row.damage(
            "rules",
            format!("not JSON of rule options, names to text values ({e})"),
        )
    })?;
    let options: Vec<String> = rules
        .iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    check_rules(game, &options)
        .map_err(|e| row.damage("rules", format!("not rule options of {game_text} ({e})")))?;
    let (bot_seat, bot_level) = match mode {
        Mode::Bot => {
            let seat = row.optional_seat("bot_seat")?.ok_or_else(|| {
                row.damage("bot_seat", "not a seat (1 or 2), as a bot game needs")
            })?;
            let level = match row.value("bot_level") {
                Value::Integer(n) => u8::try_from(*n)
                    .ok()
                    .filter(|&level| is_stored_level(game, level)),
                _ => None,
            }
            .ok_or_else(|| {
                row.damage(
                    "bot_level",
                    format!(
                        "not a level of {game_text} (1 to {}, or {} for the perfect player)",
                        game.levels().count(),
                        crate::bot::PERFECT
                    ),
                )
            })?;
            (Some(seat), Some(level))
        }
        _ => {
            for column in ["bot_seat", "bot_level"] {
                if *row.value(column) != Value::Null {
                    return Err(row.damage(
                        column,
                        format!("where a {} game has no bot (NULL)", mode.name()),
                    ));
                }
            }
            (None, None)
        }
    };
    let mut tokens = [String::new(), String::new()];
    for (slot, column) in tokens.iter_mut().zip(["token1", "token2"]) {
        let token = row.text(column)?;
        if !is_token(token) {
            return Err(row.damage(column, "not a seat token (32 lowercase hex digits)"));
        }
        *slot = token.to_string();
    }
    if tokens[0] == tokens[1] {
        return Err(row.damage("token2", "the same as token1: each seat needs its own"));
    }
    let creator = row.optional_seat("creator")?;
    if creator.is_some() && creator == bot_seat {
        return Err(row.damage("creator", "the bot's seat: a person creates a game"));
    }
    let resigned = row.optional_seat("resigned")?;
    let ended = row.optional_text("ended")?;
    let ending =
        match (resigned, ended) {
            (Some(_), Some(_)) => {
                return Err(row.damage(
                    "ended",
                    "while column resigned says the game ended by resignation",
                ));
            }
            (Some(loser), None) => Some(Ending::Resigned(loser.player())),
            (None, Some(text)) => Some(Ending::from_stored(text).ok_or_else(|| {
                row.damage("ended", "not an ending (draw, time:1, time:2) or NULL")
            })?),
            (None, None) => None,
        };
    // The result on the board, kept so that finished games are not replayed at start-up.
    if row
        .optional_text("result")?
        .is_some_and(|result| !matches!(result, "1-0" | "0-1" | "1/2-1/2"))
    {
        return Err(row.damage("result", "not a result (1-0, 0-1, 1/2-1/2) or NULL"));
    }
    let rematch = row.optional_text("rematch")?;
    if rematch.is_some_and(|other| !is_id(other)) {
        return Err(row.damage("rematch", "not a game id or NULL"));
    }
    let offers = Offers {
        draw: row.optional_seat("draw_offer")?,
        takeback: row.optional_seat("takeback_offer")?,
    };
    let version = match row.value("version") {
        Value::Integer(n) => *n,
        _ => return Err(row.damage("version", "not a version (a whole number)")),
    };
    let clock = row.optional_text("clock")?;
    if let Some(text) = clock {
        text.parse::<crate::clock::Control>()
            .map_err(|e| row.damage("clock", format!("not a time control ({e})")))?;
    }
    let mut players = [None, None];
    for (slot, column) in players.iter_mut().zip(["player1", "player2"]) {
        let player = row.optional_text(column)?;
        if player.is_some_and(|name| !crate::accounts::AccountName::is_shaped(name)) {
            return Err(row.damage(column, "not an account name or NULL"));
        }
        *slot = player.map(str::to_string);
    }
    let rated = match row.value("rated") {
        Value::Integer(0) => false,
        Value::Integer(1) => true,
        _ => return Err(row.damage("rated", "not 0 (casual) or 1 (rated)")),
    };
    if rated && players.iter().any(Option::is_none) {
        return Err(row.damage(
            "rated",
            "for a game without two accounts: only those are rated",
        ));
    }
    Ok(GameRow {
        id: id.to_string(),
        game: game_text.to_string(),
        played: game,
        rules: rules_text.to_string(),
        first,
        mode,
        bot_seat,
        bot_level,
        tokens,
        creator,
        ending,
        rematch: rematch.map(str::to_string),
        position: row.optional_text("position")?.map(str::to_string),
        board: row.optional_text("board")?.map(str::to_string),
        clock: clock.map(str::to_string),
        offers,
        version,
        players,
        rated,
    })
}

/// Whether a stored bot level is one the server plays in `game`: one of its levels, or the
/// perfect player (which plays the strongest level where it is not offered).
fn is_stored_level(game: GameId, level: u8) -> bool {
    (1..=game.levels().count()).contains(&level) || level == crate::bot::PERFECT
}
