//! Storage: one row per game, one row per move, each move committed before it is
//! acknowledged; in an embedded SQLite file (the default: one server, nothing to install) or
//! in PostgreSQL (`--db postgres://USER@HOST/DB`: a database several servers may share).
//!
//! [`Store`] is what the server calls. Each database's SQL is a backend of its own
//! ([`sqlite`], [`postgres`]) behind one private trait; what is the same for both (which
//! games a row may name, checking a row read back, the order of the moves) is here.

mod location;
mod postgres;
mod sqlite;

pub use location::{Database, DatabaseError};

use crate::ending::Ending;
use crate::game_set::{GameSet, PASTED};
use crate::stored::Value;
use boardlab_games::GameId;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The layout version this build writes and reads. Each backend migrates an older database
/// to it, one numbered step at a time, and refuses a newer one ([`StoreError::Newer`]).
/// SQLite versions 1 and 2 renumbered the bot levels; PostgreSQL starts at 2.
pub const LAYOUT_VERSION: i64 = 2;

/// Who plays a game: a bot, a friend by link, or two people at one screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// One seat is a bot.
    Bot,
    /// Each seat has its own link.
    Friend,
    /// Both seats are played at one screen.
    Local,
}

impl Mode {
    /// The mode's name as stored and sent.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Bot => "bot",
            Mode::Friend => "friend",
            Mode::Local => "local",
        }
    }

    /// The mode with this name.
    pub fn from_name(name: &str) -> Option<Mode> {
        match name {
            "bot" => Some(Mode::Bot),
            "friend" => Some(Mode::Friend),
            "local" => Some(Mode::Local),
            _ => None,
        }
    }
}

/// A game's row: everything but its moves.
#[derive(Clone, Debug)]
pub struct GameRow {
    /// The game's public id (in its links).
    pub id: String,
    /// The game's key: a built-in id (`obsidian`), the id of a rules file of the server's
    /// folder, or `pasted:` and the key of a pasted rules text ([`crate::game_set`]).
    pub game: String,
    /// The game itself, as the server's [`GameSet`] knows the key.
    pub played: GameId,
    /// The rule options as a JSON object of strings.
    pub rules: String,
    /// Who moved first, 1 or 2.
    pub first: u8,
    /// Who plays.
    pub mode: Mode,
    /// The bot's seat (1 or 2) in a bot game.
    pub bot_seat: Option<u8>,
    /// The bot's level in a bot game.
    pub bot_level: Option<u8>,
    /// The secret tokens of seat 1 and seat 2.
    pub tokens: [String; 2],
    /// The seat (1 or 2) of the player who created the game: the only seat that may ask
    /// for its invite link again. `None` for games stored before the server remembered it
    /// (nobody may ask; the creator's page keeps the link it was given).
    pub creator: Option<u8>,
    /// How the players (or the clock) ended the game, if they did: a resignation, an
    /// agreed draw, a flag.
    pub ending: Option<Ending>,
    /// The id of the rematch of this game, once one of its players asked for it.
    pub rematch: Option<String>,
    /// The position the game started from, when not the start position.
    pub position: Option<String>,
    /// The board layout, when not the game's default (Parity).
    pub board: Option<String>,
    /// The time control of a timed game (`300+3`), if it has clocks.
    pub clock: Option<String>,
}

/// One database's SQL: what [`Store`] needs of it, row by row. Rows come back as raw
/// [`Value`]s for [`crate::stored`] to check, whatever the database's column types.
trait Backend: Send + Sync {
    /// The backend's name (`sqlite`, `postgres`).
    fn name(&self) -> &'static str;
    /// The layout version the database is at.
    fn layout_version(&self) -> StoreResult<i64>;
    /// The key of a stored pasted rules text, if this exact text was stored.
    fn paste_key(&self, text: &str) -> StoreResult<Option<String>>;
    /// The pasted rules text stored under `key`.
    fn pasted_text(&self, key: &str) -> StoreResult<Option<String>>;
    /// Stores `text` under `key` unless the text is stored already; returns its key.
    fn store_paste(&self, key: &str, text: &str) -> StoreResult<String>;
    /// How many games are stored.
    fn count_games(&self) -> StoreResult<u64>;
    /// Sets a game's result on the board.
    fn set_result(&self, game_id: &str, result: &str) -> StoreResult<()>;
    /// A game's result on the board, if stored.
    fn result(&self, game_id: &str) -> StoreResult<Option<String>>;
    /// Runs SQL statements (tests only).
    fn execute_batch(&self, sql: &str) -> StoreResult<()>;
    /// Stores a new game.
    fn insert_game(&self, row: &GameRow) -> StoreResult<()>;
    /// Stores a move; [`StoreError::Conflict`] when the ply is stored already.
    fn insert_move(&self, game_id: &str, ply: usize, mv: &str, at_ms: i64) -> StoreResult<()>;
    /// The column `at_ms` of each move, in order.
    fn move_moments(&self, game_id: &str) -> StoreResult<Vec<Value>>;
    /// Sets the columns of how the players ended a game.
    fn set_ending(&self, game_id: &str, ending: Ending) -> StoreResult<()>;
    /// Sets a game's rematch.
    fn set_rematch(&self, game_id: &str, rematch: &str) -> StoreResult<()>;
    /// Deletes the moves from ply `from` on.
    fn truncate_moves(&self, game_id: &str, from: usize) -> StoreResult<()>;
    /// A game's columns (in the order of [`crate::stored::COLUMNS`]) and its moves as
    /// `(ply, move)` in order of ply, read together; `None` when there is no such game.
    fn game_and_moves(&self, game_id: &str) -> StoreResult<Option<GameAndMoves>>;
    /// The ids of bot games that have not ended.
    fn bot_game_ids(&self) -> StoreResult<Vec<String>>;
}

/// A game's stored columns and its stored `(ply, move)`s, as a backend reads them.
type GameAndMoves = (Vec<Value>, Vec<(i64, String)>);

/// The database, shared by all requests.
pub struct Store {
    backend: Box<dyn Backend>,
    /// The games stored rows may name.
    games: Arc<GameSet>,
}

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database itself failed (a query, a write, a lost connection). The error is said
    /// once, in the database's words.
    #[error("database: {0}")]
    Database(String),
    /// Another server (or another program) holds the SQLite file.
    #[error(
        "the database {} is in use by another boardlab server: one server uses a database \
         file at a time (stop the other, give this one another --db, or share a PostgreSQL \
         database between servers: --db postgres://USER@HOST/DB)",
        .path.display()
    )]
    InUse {
        /// The database file.
        path: PathBuf,
    },
    /// The database could not be opened, reached or prepared.
    #[error("the database {database} cannot be used: {problem}")]
    Open {
        /// The database, as the operator named it (a PostgreSQL password hidden).
        database: String,
        /// What the database (or the system) said.
        problem: String,
    },
    /// The database was laid out by a newer boardlab than this one.
    #[error(
        "the database {database} has layout version {found}, newer than this boardlab's \
         {known}: run the boardlab that wrote it (or a newer one)"
    )]
    Newer {
        /// The database, as the operator named it.
        database: String,
        /// Its layout version.
        found: i64,
        /// The newest layout version this build knows.
        known: i64,
    },
    /// The move of this ply is stored already: another request (or another server on the
    /// same database) stored a move for this turn first.
    #[error(
        "game {} already has a move at ply {ply}: another request stored one for this turn first",
        boardlab_core::quoted(.game)
    )]
    Conflict {
        /// The game's id.
        game: String,
        /// The ply (from 0).
        ply: usize,
    },
    /// A stored game cannot be read back as it was written.
    #[error("stored game {} {problem}", boardlab_core::quoted(.game))]
    Damaged {
        /// The game's id.
        game: String,
        /// What is wrong with it.
        problem: String,
    },
}

/// The result of a storage call.
pub type StoreResult<T> = Result<T, StoreError>;

impl Store {
    /// Opens (or creates) the SQLite database at `path` for the built-in games; see
    /// [`Store::open_serving`].
    pub fn open(path: &Path) -> StoreResult<Store> {
        Store::open_serving(path, Arc::new(GameSet::built_in()))
    }

    /// Opens `db` for a server that plays `games` (the games its rows may name), migrating
    /// it to [`LAYOUT_VERSION`] first.
    ///
    /// An SQLite file is created if missing and held alone until the store is dropped: a
    /// second server on the same file gets [`StoreError::InUse`]. A PostgreSQL database
    /// must exist; the tables are made in it, and any number of servers may share it. Opening
    /// PostgreSQL blocks: call it off the async threads.
    pub fn open_serving(db: impl Into<Database>, games: Arc<GameSet>) -> StoreResult<Store> {
        let backend: Box<dyn Backend> = match db.into() {
            Database::File(path) => Box::new(sqlite::SqliteBackend::open(&path)?),
            Database::Postgres(url) => Box::new(postgres::PostgresBackend::connect(&url)?),
        };
        Ok(Store { backend, games })
    }

    /// The games this store's rows may name.
    pub fn games(&self) -> &Arc<GameSet> {
        &self.games
    }

    /// The database's kind: `sqlite` or `postgres`.
    pub fn backend_name(&self) -> &'static str {
        self.backend.name()
    }

    /// The layout version the database is at (after opening: [`LAYOUT_VERSION`]).
    pub fn layout_version(&self) -> StoreResult<i64> {
        self.backend.layout_version()
    }

    /// The key of a stored pasted rules text, if this exact text was stored.
    pub fn paste_key(&self, text: &str) -> StoreResult<Option<String>> {
        self.backend.paste_key(text)
    }

    /// The pasted rules text stored under `key`.
    pub fn pasted_text(&self, key: &str) -> StoreResult<Option<String>> {
        self.backend.pasted_text(key)
    }

    /// Stores a pasted rules text under a new random key (or finds the key it has) and
    /// returns the key.
    pub fn store_paste(&self, text: &str) -> StoreResult<String> {
        self.backend
            .store_paste(&crate::create::secret(false), text)
    }

    /// The game of a stored row's `game` column, or what is wrong with it.
    fn game_of(&self, key: &str) -> Result<GameId, String> {
        let Some(pasted) = key.strip_prefix(PASTED) else {
            return self.games.listed_game(key).ok_or_else(|| {
                let ids: Vec<&str> = self
                    .games
                    .listed()
                    .iter()
                    .map(|(id, _)| id.as_str())
                    .collect();
                format!(
                    "not a game of this server ({}; a rules file's game is played while \
                     `serve --rules DIR` names a folder holding it)",
                    ids.join(", ")
                )
            });
        };
        if let Some(game) = self.games.known_paste(pasted) {
            return Ok(game);
        }
        let text = self
            .backend
            .pasted_text(pasted)
            .map_err(|e| format!("a pasted game whose rules text cannot be read ({e})"))?;
        let text = text.ok_or("a pasted game whose rules text is not in table rules_texts")?;
        self.games
            .stored_paste(pasted, &text)
            .map_err(|e| format!("a pasted game whose rules text no longer gives a game ({e})"))
    }

    /// How many games the database holds: a cheap read through the store that fails when
    /// the database cannot be read (the health check).
    pub fn count_games(&self) -> StoreResult<u64> {
        self.backend.count_games()
    }

    /// Records how a game ended (`1-0`, `0-1`, `1/2-1/2`), so that a finished game is not
    /// replayed to resume its bot when the server starts.
    pub fn set_result(&self, game_id: &str, result: &str) -> StoreResult<()> {
        self.backend.set_result(game_id, result)
    }

    /// The stored result of a game (`1-0`, `0-1`, `1/2-1/2`), once it is over on the board.
    pub fn result(&self, game_id: &str) -> StoreResult<Option<String>> {
        self.backend.result(game_id)
    }

    /// Runs SQL statements on the store's own database: an SQLite server holds its file
    /// alone, so this is how a test damages or repairs what a running server reads.
    #[doc(hidden)]
    pub fn execute_batch(&self, sql: &str) -> StoreResult<()> {
        self.backend.execute_batch(sql)
    }

    /// Stores a new game.
    pub fn insert_game(&self, row: &GameRow) -> StoreResult<()> {
        self.backend.insert_game(row)
    }

    /// Commits move number `ply` (from 0) of a game, made at `at_ms` (ms since 1970); a ply
    /// stored already is refused as a [`StoreError::Conflict`] and changes nothing.
    pub fn insert_move(&self, game_id: &str, ply: usize, mv: &str, at_ms: i64) -> StoreResult<()> {
        self.backend.insert_move(game_id, ply, mv, at_ms)
    }

    /// The moments a game's moves were stored (ms since 1970), in order; 0 for moves stored
    /// by versions that did not keep them.
    pub fn move_moments(&self, game_id: &str) -> StoreResult<Vec<i64>> {
        self.backend
            .move_moments(game_id)?
            .into_iter()
            .enumerate()
            .map(|(ply, value)| match value {
                Value::Null => Ok(0),
                Value::Integer(ms) => Ok(ms),
                other => Err(StoreError::Damaged {
                    game: game_id.to_string(),
                    problem: format!(
                        "is damaged: column at_ms of its move at ply {ply} holds {}, not a moment (whole milliseconds) or NULL",
                        crate::stored::shown(&other)
                    ),
                }),
            })
            .collect()
    }

    /// Records how the players (or the clock) ended a game.
    pub fn set_ending(&self, game_id: &str, ending: Ending) -> StoreResult<()> {
        self.backend.set_ending(game_id, ending)
    }

    /// Records the id of a game's rematch.
    pub fn set_rematch(&self, game_id: &str, rematch: &str) -> StoreResult<()> {
        self.backend.set_rematch(game_id, rematch)
    }

    /// Takes moves back: deletes the moves from ply `from` (counted from 0) on.
    pub fn truncate_moves(&self, game_id: &str, from: usize) -> StoreResult<()> {
        self.backend.truncate_moves(game_id, from)
    }

    /// A game's row and its moves in order, or `None` if there is no such game. Every
    /// column is checked ([`crate::stored::game_row`]): one that holds what the server never
    /// writes there makes the game [`StoreError::Damaged`], naming the column and its value.
    pub fn load(&self, game_id: &str) -> StoreResult<Option<(GameRow, Vec<String>)>> {
        let Some((values, plies)) = self.backend.game_and_moves(game_id)? else {
            return Ok(None);
        };
        let row = crate::stored::game_row(values, |key| self.game_of(key)).map_err(|damage| {
            StoreError::Damaged {
                game: game_id.to_string(),
                problem: damage.to_string(),
            }
        })?;
        // The moves must be plies 0, 1, 2, … with no gap: a gap would let new moves be
        // stored out of the order they were played in.
        let mut moves = Vec::with_capacity(plies.len());
        for (expected, (ply, mv)) in plies.into_iter().enumerate() {
            if ply != expected as i64 {
                return Err(StoreError::Damaged {
                    game: game_id.to_string(),
                    problem: format!(
                        "is damaged: its moves jump from ply {} to ply {ply}",
                        expected as i64 - 1
                    ),
                });
            }
            moves.push(mv);
        }
        Ok(Some((row, moves)))
    }

    /// The ids of bot games that have not ended (to resume the bot after a restart).
    pub fn bot_game_ids(&self) -> StoreResult<Vec<String>> {
        self.backend.bot_game_ids()
    }
}
