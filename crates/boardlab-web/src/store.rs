//! SQLite storage: one row per game, one row per move, each move committed before it is
//! acknowledged.

use crate::ending::Ending;
use crate::game_set::{GameSet, PASTED};
use boardlab_games::GameId;
use rusqlite::{Connection, OptionalExtension, params};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// The database's layout version (SQLite's `user_version`): 1 since the bot levels were
/// recalibrated, 2 since Obsidian got a level and Daisy's were respaced.
const VERSION: i64 = 2;

/// Renumbers the bot levels of games stored by an earlier version to the levels of today,
/// once, so that a game in progress goes on at the strength its player chose: before version
/// 1 (six levels, 7 the perfect player) by [`crate::bot::LEVEL_BEFORE_RECALIBRATION`], then
/// from version 1 by [`crate::bot::level_after_version_1`]. A new database only gets the
/// version.
fn renumber_levels(conn: &Connection) -> rusqlite::Result<()> {
    let version: i64 = conn.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    if version >= VERSION {
        return Ok(());
    }
    let mut sql = String::from("BEGIN;");
    if version < 1 {
        for (game, new_levels) in crate::bot::LEVEL_BEFORE_RECALIBRATION {
            sql.push_str(&renumbering(game, new_levels.iter().copied().zip(1..)));
        }
    }
    for game in boardlab_games::GameId::ALL.iter().map(|game| game.id()) {
        let new_levels = (1..=crate::bot::PERFECT_IN_VERSION_1)
            .map(|old| (crate::bot::level_after_version_1(game, old), old));
        sql.push_str(&renumbering(game, new_levels));
    }
    sql.push_str(&format!("PRAGMA user_version = {VERSION}; COMMIT;"));
    conn.execute_batch(&sql)
}

/// The SQL that gives the stored games of `game` at each old level its new one
/// (`(new, old)` pairs); the other levels stay.
fn renumbering(game: &str, new_levels: impl Iterator<Item = (u8, u8)>) -> String {
    let cases: String = new_levels
        .map(|(new, old)| format!(" WHEN {old} THEN {new}"))
        .collect();
    format!(
        "UPDATE games SET bot_level = CASE bot_level{cases} ELSE bot_level END WHERE game = '{game}';"
    )
}

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

/// The database, shared by all requests.
pub struct Store {
    conn: Mutex<Connection>,
    /// The games stored rows may name.
    games: Arc<GameSet>,
}

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database itself failed (a query, a write). The error is said once: it is this
    /// error's text, not also its source.
    #[error("database: {0}")]
    Database(rusqlite::Error),
    /// Another server (or another program) holds the database file.
    #[error(
        "the database {} is in use by another boardlab server: one server uses a database \
         file at a time (stop the other, or give this one another --db)",
        .path.display()
    )]
    InUse {
        /// The database file.
        path: PathBuf,
    },
    /// The database file could not be opened or prepared.
    #[error("the database {} cannot be used: {problem}", .path.display())]
    Open {
        /// The database file.
        path: PathBuf,
        /// What SQLite said.
        problem: String,
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

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> StoreError {
        StoreError::Database(error)
    }
}

impl StoreError {
    /// The error of opening the database at `path`: in use by another server, or another
    /// failure in SQLite's words.
    fn opening(path: &Path, error: rusqlite::Error) -> StoreError {
        let busy = matches!(
            error.sqlite_error_code(),
            Some(rusqlite::ErrorCode::DatabaseBusy | rusqlite::ErrorCode::DatabaseLocked)
        );
        if busy {
            StoreError::InUse {
                path: path.to_path_buf(),
            }
        } else {
            StoreError::Open {
                path: path.to_path_buf(),
                problem: match why_not_writable(path) {
                    Some(why) => format!("{error} ({why})"),
                    None => error.to_string(),
                },
            }
        }
    }
}

/// Why the server cannot write the database file at `path`, where the system says (SQLite
/// often only says "disk I/O error"): its folder is missing, or the file cannot be opened
/// for writing (a read-only file or file system).
fn why_not_writable(path: &Path) -> Option<String> {
    let folder = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if !folder.is_dir() {
        return Some(format!("its folder {} does not exist", folder.display()));
    }
    if !path.exists() {
        // SQLite could not create it: the system says why (a file made here after all is
        // removed again).
        return match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(path)
        {
            Ok(_) => {
                let _ = std::fs::remove_file(path);
                None
            }
            Err(error) => Some(format!("the file cannot be made: {error}")),
        };
    }
    std::fs::OpenOptions::new()
        .append(true)
        .open(path)
        .err()
        .map(|error| format!("the file cannot be written: {error}"))
}

/// The result of a storage call.
pub type StoreResult<T> = Result<T, StoreError>;

impl Store {
    /// Opens (or creates) the database at `path` and holds it alone until the store is
    /// dropped: a second server on the same file gets [`StoreError::InUse`].
    ///
    /// The locking mode is EXCLUSIVE, set before the first access, so that SQLite keeps
    /// the WAL's index in heap memory: it never creates or maps a `-shm` file, which would
    /// kill the process with SIGBUS when the file cannot be written (a full disk).
    pub fn open(path: &Path) -> StoreResult<Store> {
        Store::open_serving(path, Arc::new(GameSet::built_in()))
    }

    /// [`open`](Store::open) for a server that plays `games`: the games its rows may name.
    pub fn open_serving(path: &Path, games: Arc<GameSet>) -> StoreResult<Store> {
        let opening = |error| StoreError::opening(path, error);
        let conn = Connection::open(path).map_err(opening)?;
        // A server being replaced may hold the file a moment longer; not five seconds.
        conn.busy_timeout(std::time::Duration::from_secs(1))
            .map_err(opening)?;
        conn.execute_batch("PRAGMA locking_mode=EXCLUSIVE;")
            .map_err(opening)?;
        // Take the lock now (kept until the connection closes): a second server fails
        // here at once, before it reads anything.
        conn.execute_batch("BEGIN EXCLUSIVE; COMMIT;")
            .map_err(opening)?;
        // WAL with synchronous=NORMAL: a committed move survives the process being killed.
        conn.execute_batch(
            "PRAGMA journal_mode=WAL;
             PRAGMA synchronous=NORMAL;
             CREATE TABLE IF NOT EXISTS games (
                 id TEXT PRIMARY KEY,
                 game TEXT NOT NULL,
                 rules TEXT NOT NULL,
                 first INTEGER NOT NULL,
                 mode TEXT NOT NULL,
                 bot_seat INTEGER,
                 bot_level INTEGER,
                 token1 TEXT NOT NULL,
                 token2 TEXT NOT NULL,
                 resigned INTEGER,
                 position TEXT,
                 board TEXT,
                 created INTEGER NOT NULL DEFAULT (unixepoch())
             );
             CREATE TABLE IF NOT EXISTS moves (
                 game_id TEXT NOT NULL REFERENCES games(id),
                 ply INTEGER NOT NULL,
                 mv TEXT NOT NULL,
                 PRIMARY KEY (game_id, ply)
             );
             CREATE TABLE IF NOT EXISTS rules_texts (
                 key TEXT PRIMARY KEY,
                 text TEXT NOT NULL UNIQUE
             );",
        )?;
        // Databases made by earlier versions get the newer columns now.
        for (table, column, kind) in [
            ("games", "result", "TEXT"),
            ("games", "ended", "TEXT"),
            ("games", "rematch", "TEXT"),
            ("games", "clock", "TEXT"),
            ("games", "creator", "INTEGER"),
            ("moves", "at_ms", "INTEGER"),
        ] {
            let has: bool = conn
                .prepare(&format!(
                    "SELECT 1 FROM pragma_table_info('{table}') WHERE name = ?1"
                ))
                .and_then(|mut stmt| stmt.exists([column]))?;
            if !has {
                conn.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {column} {kind};"))?;
            }
        }
        renumber_levels(&conn)?;
        Ok(Store {
            conn: Mutex::new(conn),
            games,
        })
    }

    /// The games this store's rows may name.
    pub fn games(&self) -> &Arc<GameSet> {
        &self.games
    }

    /// The key of a stored pasted rules text, if this exact text was stored.
    pub fn paste_key(&self, text: &str) -> StoreResult<Option<String>> {
        Ok(self
            .conn()
            .query_row(
                "SELECT key FROM rules_texts WHERE text = ?1",
                params![text],
                |row| row.get(0),
            )
            .optional()?)
    }

    /// The pasted rules text stored under `key`.
    pub fn pasted_text(&self, key: &str) -> StoreResult<Option<String>> {
        Ok(self
            .conn()
            .query_row(
                "SELECT text FROM rules_texts WHERE key = ?1",
                params![key],
                |row| row.get(0),
            )
            .optional()?)
    }

    /// Stores a pasted rules text under a new random key (or finds the key it has) and
    /// returns the key.
    pub fn store_paste(&self, text: &str) -> StoreResult<String> {
        let conn = self.conn();
        conn.execute(
            "INSERT OR IGNORE INTO rules_texts (key, text) VALUES (?1, ?2)",
            params![crate::create::secret(false), text],
        )?;
        Ok(conn.query_row(
            "SELECT key FROM rules_texts WHERE text = ?1",
            params![text],
            |row| row.get(0),
        )?)
    }

    /// The game of a stored row's `game` column, or what is wrong with it.
    fn game_of(&self, conn: &Connection, key: &str) -> Result<GameId, String> {
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
        let text: Option<String> = conn
            .query_row(
                "SELECT text FROM rules_texts WHERE key = ?1",
                params![pasted],
                |row| row.get(0),
            )
            .optional()
            .map_err(|e| format!("a pasted game whose rules text cannot be read ({e})"))?;
        let text = text.ok_or("a pasted game whose rules text is not in table rules_texts")?;
        self.games
            .stored_paste(pasted, &text)
            .map_err(|e| format!("a pasted game whose rules text no longer gives a game ({e})"))
    }

    /// How many games the database holds: a cheap read through the store that fails when
    /// the database cannot be read (the health check).
    pub fn count_games(&self) -> StoreResult<u64> {
        Ok(self
            .conn()
            .query_row("SELECT count(*) FROM games", [], |row| row.get(0))?)
    }

    /// Records how a game ended (`1-0`, `0-1`, `1/2-1/2`), so that a finished game is not
    /// replayed to resume its bot when the server starts.
    pub fn set_result(&self, game_id: &str, result: &str) -> StoreResult<()> {
        self.conn().execute(
            "UPDATE games SET result = ?2 WHERE id = ?1",
            params![game_id, result],
        )?;
        Ok(())
    }

    /// The stored result of a game (`1-0`, `0-1`, `1/2-1/2`), once it is over on the board.
    pub fn result(&self, game_id: &str) -> StoreResult<Option<String>> {
        let result = self
            .conn()
            .query_row(
                "SELECT result FROM games WHERE id = ?1",
                params![game_id],
                |row| row.get(0),
            )
            .optional()?;
        Ok(result.flatten())
    }

    /// Runs SQL statements on the store's own connection: the server holds its database
    /// alone, so this is how a test damages or repairs what a running server reads.
    #[doc(hidden)]
    pub fn execute_batch(&self, sql: &str) -> StoreResult<()> {
        Ok(self.conn().execute_batch(sql)?)
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Stores a new game.
    pub fn insert_game(&self, row: &GameRow) -> StoreResult<()> {
        self.conn()
            .execute(
                "INSERT INTO games (id, game, rules, first, mode, bot_seat, bot_level, token1, token2, position, board, clock, creator)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)",
                params![
                    row.id,
                    row.game,
                    row.rules,
                    row.first,
                    row.mode.name(),
                    row.bot_seat,
                    row.bot_level,
                    row.tokens[0],
                    row.tokens[1],
                    row.position,
                    row.board,
                    row.clock,
                    row.creator
                ],
            )?;
        Ok(())
    }

    /// Commits move number `ply` (from 0) of a game, made at `at_ms` (ms since 1970); fails
    /// if that ply is already stored.
    pub fn insert_move(&self, game_id: &str, ply: usize, mv: &str, at_ms: i64) -> StoreResult<()> {
        self.conn().execute(
            "INSERT INTO moves (game_id, ply, mv, at_ms) VALUES (?1, ?2, ?3, ?4)",
            params![game_id, ply as i64, mv, at_ms],
        )?;
        Ok(())
    }

    /// The moments a game's moves were stored (ms since 1970), in order; 0 for moves stored
    /// by versions that did not keep them.
    pub fn move_moments(&self, game_id: &str) -> StoreResult<Vec<i64>> {
        let conn = self.conn();
        let mut stmt =
            conn.prepare_cached("SELECT at_ms FROM moves WHERE game_id = ?1 ORDER BY ply")?;
        let values = stmt
            .query_map(params![game_id], |r| r.get::<_, rusqlite::types::Value>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        values
            .into_iter()
            .enumerate()
            .map(|(ply, value)| match value {
                rusqlite::types::Value::Null => Ok(0),
                rusqlite::types::Value::Integer(ms) => Ok(ms),
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
        match ending {
            Ending::Resigned(loser) => self.conn().execute(
                "UPDATE games SET resigned = ?2 WHERE id = ?1",
                params![game_id, loser.number()],
            )?,
            other => self.conn().execute(
                "UPDATE games SET ended = ?2 WHERE id = ?1",
                params![game_id, other.stored()],
            )?,
        };
        Ok(())
    }

    /// Records the id of a game's rematch.
    pub fn set_rematch(&self, game_id: &str, rematch: &str) -> StoreResult<()> {
        self.conn().execute(
            "UPDATE games SET rematch = ?2 WHERE id = ?1",
            params![game_id, rematch],
        )?;
        Ok(())
    }

    /// Takes moves back: deletes the moves from ply `from` (counted from 0) on.
    pub fn truncate_moves(&self, game_id: &str, from: usize) -> StoreResult<()> {
        self.conn().execute(
            "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2",
            params![game_id, from as i64],
        )?;
        Ok(())
    }

    /// A game's row and its moves in order, or `None` if there is no such game. Every
    /// column is checked ([`crate::stored::game_row`]): one that holds what the server never
    /// writes there makes the game [`StoreError::Damaged`], naming the column and its value.
    pub fn load(&self, game_id: &str) -> StoreResult<Option<(GameRow, Vec<String>)>> {
        let conn = self.conn();
        let values = conn
            .query_row(
                &format!("SELECT {} FROM games WHERE id = ?1", crate::stored::COLUMNS),
                params![game_id],
                |r| {
                    (0..r.as_ref().column_count())
                        .map(|at| r.get::<_, rusqlite::types::Value>(at))
                        .collect::<rusqlite::Result<Vec<_>>>()
                },
            )
            .optional()?;
        let row = values
            .map(|values| crate::stored::game_row(values, |key| self.game_of(&conn, key)))
            .transpose()
            .map_err(|damage| StoreError::Damaged {
                game: game_id.to_string(),
                problem: damage.to_string(),
            })?;
        let Some(row) = row else { return Ok(None) };
        let mut stmt =
            conn.prepare_cached("SELECT ply, mv FROM moves WHERE game_id = ?1 ORDER BY ply")?;
        let plies = stmt
            .query_map(params![game_id], |r| {
                Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
            })?
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| StoreError::Damaged {
                game: game_id.to_string(),
                problem: format!("has an unreadable move: {e}"),
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
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT id FROM games WHERE mode = 'bot' AND resigned IS NULL AND ended IS NULL AND result IS NULL",
        )?;
        let ids = stmt
            .query_map([], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(ids)
    }
}
