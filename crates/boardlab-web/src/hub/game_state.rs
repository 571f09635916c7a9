//! The state of a game as every client sees it (`GET /api/games/{id}`, each live update, the
//! answer to each action): one typed structure, serialized as the JSON the pages and
//! docs/web.md know.

use super::entry::Entry;
use super::events::GameEvent;
use super::state::{result_of, seat_label};
use crate::clock::{ClockState, now_ms};
use crate::legal::MoveShape;
use crate::seat::{BySeat, Seat};
use crate::store::Offers;
use crate::view::View;
use serde::Serialize;
use serde_json::Value;

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Finished {
    /// The score: `1-0`, `0-1` or `1/2-1/2`.
    pub score: String,
    /// How it ended, in words.
    pub text: String,
}

/// The state of a game: the same for players and watchers.
#[derive(Clone, Debug, Serialize)]
pub struct GameState {
    /// The game's id.
    pub id: String,
    /// The game's key in the catalog.
    pub game: String,
    /// `bot`, `friend` or `local`.
    pub mode: &'static str,
    /// The rule options set, name to value.
    pub rules: Value,
    /// The bot's seat, in a game against a bot.
    pub bot_seat: Option<Seat>,
    /// The bot's level, in a game against a bot.
    pub bot_level: Option<u8>,
    /// The moves played.
    pub ply: usize,
    /// The seat that moved first.
    pub first: Seat,
    /// Why some pieces cannot move now, in words (while the game goes on).
    pub restriction: Option<&'static str>,
    /// The moves played, as structures.
    pub played_moves: Vec<MoveShape>,
    /// How long each move took, in ms (`None` where unknown: the first move).
    pub move_ms: Vec<Option<i64>>,
    /// The opponent's pieces each seat has captured, by letter.
    pub captured: BySeat<Vec<crate::material::Pieces>>,
    /// The moves played, as text.
    pub moves: Vec<String>,
    /// The legal moves now, as structures (none once the game is over).
    pub legal_moves: Vec<MoveShape>,
    /// The legal moves now, as text.
    pub legal: Vec<String>,
    /// The legal moves after which the opponent could win at once, with how, in words
    /// (for a person to move; none for a bot, or once the game is over).
    pub warnings: std::collections::BTreeMap<String, String>,
    /// The board now.
    pub view: Option<View>,
    /// How the game ended, once it has.
    pub result: Option<Finished>,
    /// Each seat's side, in the game's words (`White (Player 1)`).
    pub names: BySeat<String>,
    /// Who sits in each seat, in words.
    pub seats: BySeat<String>,
    /// The account playing each seat, by name (`None`: by link, or a bot).
    pub players: BySeat<Option<String>>,
    /// Whether the game counts for its players' ratings.
    pub rated: bool,
    /// The offers waiting for an answer.
    pub offers: Offers,
    /// Grows with every change: a page keeps the newest state.
    pub version: i64,
    /// The clocks of a timed game.
    pub clock: Option<ClockState>,
    /// The rematch's id, once a player asked for it.
    pub rematch: Option<String>,
    /// What the change that made this state did (none for a game just read from the
    /// store): the events the pages announce.
    pub events: Vec<GameEvent>,
}

impl GameState {
    /// The state of the game held in `entry`, now.
    pub fn of(entry: &Entry) -> GameState {
        let session = &entry.session;
        let ply = session.ply();
        let result = result_of(entry).map(|(score, text)| Finished { score, text });
        let over = result.is_some();
        let moves = session.moves();
        let legal = if over {
            Vec::new()
        } else {
            session.legal_moves()
        };
        let bot_to_move = entry.row.bot_seat == Some(Seat::of(session.side_to_move()));
        let warnings = if over || bot_to_move {
            Default::default()
        } else {
            crate::danger::winning_replies(session)
        };
        GameState {
            warnings,
            id: entry.row.id.clone(),
            game: entry.row.game.clone(),
            mode: entry.row.mode.name(),
            rules: serde_json::from_str(&entry.row.rules).unwrap_or(Value::Null),
            bot_seat: entry.row.bot_seat,
            bot_level: entry.row.bot_level,
            ply,
            first: Seat::of(session.first_to_move()),
            restriction: if over { None } else { session.restriction() },
            played_moves: crate::legal::move_shapes(session, &moves),
            move_ms: entry.move_times(),
            captured: crate::material::captured(session),
            legal_moves: crate::legal::move_shapes(session, &legal),
            moves,
            legal,
            view: crate::view::view_at(session, ply),
            result,
            names: BySeat::each(|seat| session.side_name(seat.player()).to_string()),
            seats: BySeat::each(|seat| seat_label(&entry.row, seat)),
            players: BySeat::each(|seat| entry.row.players[seat.index()].clone()),
            rated: entry.row.rated,
            offers: entry.row.offers,
            version: entry.row.version,
            clock: entry
                .clock
                .map(|clock| clock.state(session.side_to_move(), over, now_ms())),
            rematch: entry.row.rematch.clone(),
            events: entry.last_change.clone(),
        }
    }
}
