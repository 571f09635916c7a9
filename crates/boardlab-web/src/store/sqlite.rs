//! The SQLite backend: one file, held alone by one server (EXCLUSIVE locking), written
//! through a WAL so that a committed move survives the process being killed.

use super::sql::{Param, Sql, Types};
use super::{
    AnalysisState, Backend, Change, GameAndMoves, GameRow, Job, JobKind, LAYOUT_VERSION, Notice,
    QueueCounts, StoreError, StoreResult, first_version, next_turn_sql, task_of,
};
use crate::ending::Ending;
use crate::seat::Seat;
use crate::stored::Value;
use rusqlite::{Connection, OptionalExtension, params};
use std::path::Path;
use std::sync::Mutex;

/// Who follows the changes: each is called with every change until it returns `false`.
type Followers = Vec<Box<dyn FnMut(Notice) -> bool + Send>>;

/// An SQLite database file in use.
pub(super) struct SqliteBackend {
    conn: Mutex<Connection>,
    /// The followers of changes in this process (the server, its workers): nobody else
    /// writes the file.
    followers: Mutex<Followers>,
}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> StoreError {
        StoreError::Database(error.to_string())
    }
}

/// A value as SQLite holds it, as the store's checks take it.
fn value_of(value: rusqlite::types::Value) -> Value {
    match value {
        rusqlite::types::Value::Null => Value::Null,
        rusqlite::types::Value::Integer(n) => Value::Integer(n),
        rusqlite::types::Value::Real(x) => Value::Real(x),
        rusqlite::types::Value::Text(text) => Value::Text(text),
        rusqlite::types::Value::Blob(bytes) => Value::Blob(bytes),
    }
}

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
            database: path.display().to_string(),
            problem: match why_not_writable(path) {
                Some(why) => format!("{error} ({why})"),
                None => error.to_string(),
            },
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

/// The tables as the first boardlab made them (`CREATE TABLE IF NOT EXISTS`: a database of
/// any version keeps its own), and the columns later versions added to them before the
/// layout had numbered versions.
const FIRST_TABLES: &str = "
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
    );";

/// The columns added to [`FIRST_TABLES`] before the layout had numbered versions:
/// `(table, column, type)`.
const ADDED_COLUMNS: [(&str, &str, &str); 6] = [
    ("games", "result", "TEXT"),
    ("games", "ended", "TEXT"),
    ("games", "rematch", "TEXT"),
    ("games", "clock", "TEXT"),
    ("games", "creator", "INTEGER"),
    ("moves", "at_ms", "INTEGER"),
];

/// The numbered steps from one layout version to the next (SQLite's `user_version`):
/// `(version reached, what it does)`. Each runs in one transaction with the version it sets.
fn migrations() -> Vec<(i64, String)> {
    // 1: the bot levels were recalibrated (six levels, 7 the perfect player, before).
    let recalibrated: String = crate::bot::LEVEL_BEFORE_RECALIBRATION
        .iter()
        .map(|(game, new_levels)| renumbering(game, new_levels.iter().copied().zip(1..)))
        .collect();
    // 2: Obsidian got a level and Daisy's were respaced.
    let respaced: String = boardlab_games::GameId::ALL
        .iter()
        .map(|game| {
            let game = game.id();
            renumbering(
                game,
                (1..=crate::bot::PERFECT_IN_VERSION_1)
                    .map(|old| (crate::bot::level_after_version_1(game, old), old)),
            )
        })
        .collect();
    // 3: each game has a version that every change checks and advances (from the moment
    // of the migration, so that versions only grow), and its offers are stored.
    let versioned = format!(
        "ALTER TABLE games ADD COLUMN draw_offer INTEGER;
         ALTER TABLE games ADD COLUMN takeback_offer INTEGER;
         ALTER TABLE games ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
         UPDATE games SET version = {};",
        first_version()
    );
    vec![
        (1, recalibrated),
        (2, respaced),
        (3, versioned),
        (4, JOBS.to_string()),
        (5, ANALYSES.to_string()),
        (6, Types::SQLITE.apply(super::PEOPLE)),
        (7, Types::SQLITE.apply(super::PRESENCE)),
    ]
}

/// Layout 4: the queue of bot moves, one per game at most, each for one version of its
/// game; `worker` holds it until `lease_until_ms`.
const JOBS: &str = "CREATE TABLE jobs (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id TEXT NOT NULL UNIQUE REFERENCES games(id),
        version INTEGER NOT NULL,
        client TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        worker TEXT,
        lease_until_ms INTEGER
    );
    CREATE INDEX jobs_of_client ON jobs (client);";

/// Layout 5: analyses are jobs too (`kind` 'analysis' and the position's `ply`; bot moves
/// are kind 'move'): one bot move per game and one analysis per position at most. Each job
/// has its client's `turn` ([`super::next_turn_sql`]). The analyses made are kept, as
/// JSON, for every later asker. (SQLite cannot drop the
/// uniqueness of `game_id`: the table is made again, its jobs copied.)
const ANALYSES: &str = "CREATE TABLE jobs_of_layout_5 (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id TEXT NOT NULL REFERENCES games(id),
        kind TEXT NOT NULL DEFAULT 'move',
        ply INTEGER,
        turn INTEGER NOT NULL DEFAULT 0,
        version INTEGER NOT NULL,
        client TEXT NOT NULL,
        created_ms INTEGER NOT NULL,
        worker TEXT,
        lease_until_ms INTEGER
    );
    INSERT INTO jobs_of_layout_5 (id, game_id, version, client, created_ms, worker, lease_until_ms)
        SELECT id, game_id, version, client, created_ms, worker, lease_until_ms FROM jobs;
    DROP TABLE jobs;
    ALTER TABLE jobs_of_layout_5 RENAME TO jobs;
    CREATE UNIQUE INDEX jobs_one_move ON jobs (game_id) WHERE kind = 'move';
    CREATE UNIQUE INDEX jobs_one_analysis ON jobs (game_id, ply) WHERE kind = 'analysis';
    CREATE INDEX jobs_of_client ON jobs (client, kind);
    CREATE INDEX jobs_in_turn ON jobs (kind, turn);
    CREATE TABLE analyses (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,
        analysis TEXT NOT NULL,
        made_ms INTEGER NOT NULL,
        PRIMARY KEY (game_id, ply)
    );";

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

/// Brings the layout of `conn` to [`LAYOUT_VERSION`]: the first tables and the columns
/// added before versions were numbered, then each numbered step not yet made. A database
/// of a newer layout is refused.
fn migrate(conn: &Connection, path: &Path) -> StoreResult<()> {
    let version: i64 = conn.query_row("PRAGMA user_version", [], |row| row.get(0))?;
    if version > LAYOUT_VERSION {
        return Err(StoreError::Newer {
            database: path.display().to_string(),
            found: version,
            known: LAYOUT_VERSION,
        });
    }
    conn.execute_batch(FIRST_TABLES)?;
    for (table, column, kind) in ADDED_COLUMNS {
        let has: bool = conn
            .prepare(&format!(
                "SELECT 1 FROM pragma_table_info('{table}') WHERE name = ?1"
            ))
            .and_then(|mut stmt| stmt.exists([column]))?;
        if !has {
            conn.execute_batch(&format!("ALTER TABLE {table} ADD COLUMN {column} {kind};"))?;
        }
    }
    for (reached, sql) in migrations() {
        if reached > version {
            conn.execute_batch(&format!(
                "BEGIN; {sql} PRAGMA user_version = {reached}; COMMIT;"
            ))?;
        }
    }
    Ok(())
}

impl SqliteBackend {
    /// Opens (or creates) the database at `path` and holds it alone until dropped.
    ///
    /// The locking mode is EXCLUSIVE, set before the first access, so that SQLite keeps
    /// the WAL's index in heap memory: it never creates or maps a `-shm` file, which would
    /// kill the process with SIGBUS when the file cannot be written (a full disk).
    pub(super) fn open(path: &Path) -> StoreResult<SqliteBackend> {
        let opening = |error| opening(path, error);
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
        conn.execute_batch("PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;")?;
        migrate(&conn, path)?;
        Ok(SqliteBackend {
            conn: Mutex::new(conn),
            followers: Mutex::new(Vec::new()),
        })
    }

    /// Tells the followers of a change; those that want no more are dropped.
    fn tell(&self, notice: Notice) {
        self.followers
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .retain_mut(|follower| follower(notice.clone()));
    }

    fn conn(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

impl Backend for SqliteBackend {
    fn name(&self) -> &'static str {
        "sqlite"
    }

    fn layout_version(&self) -> StoreResult<i64> {
        Ok(self
            .conn()
            .query_row("PRAGMA user_version", [], |row| row.get(0))?)
    }

    fn paste_key(&self, text: &str) -> StoreResult<Option<String>> {
        Ok(self
            .conn()
            .query_row(
                "SELECT key FROM rules_texts WHERE text = ?1",
                params![text],
                |row| row.get(0),
            )
            .optional()?)
    }

    fn pasted_text(&self, key: &str) -> StoreResult<Option<String>> {
        Ok(self
            .conn()
            .query_row(
                "SELECT text FROM rules_texts WHERE key = ?1",
                params![key],
                |row| row.get(0),
            )
            .optional()?)
    }

    fn store_paste(&self, key: &str, text: &str) -> StoreResult<String> {
        let conn = self.conn();
        conn.execute(
            "INSERT OR IGNORE INTO rules_texts (key, text) VALUES (?1, ?2)",
            params![key, text],
        )?;
        Ok(conn.query_row(
            "SELECT key FROM rules_texts WHERE text = ?1",
            params![text],
            |row| row.get(0),
        )?)
    }

    fn count_games(&self) -> StoreResult<u64> {
        Ok(self
            .conn()
            .query_row("SELECT count(*) FROM games", [], |row| row.get(0))?)
    }

    fn result(&self, game_id: &str) -> StoreResult<Option<String>> {
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

    fn execute_batch(&self, sql: &str) -> StoreResult<()> {
        Ok(self.conn().execute_batch(sql)?)
    }

    fn insert_game(&self, row: &GameRow) -> StoreResult<()> {
        self.conn().execute(
            "INSERT INTO games (id, game, rules, first, mode, bot_seat, bot_level, token1, token2, position, board, clock, creator, draw_offer, takeback_offer, version, player1, player2, rated)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19)",
            params![
                row.id,
                row.game,
                row.rules,
                row.first.number(),
                row.mode.name(),
                row.bot_seat.map(Seat::number),
                row.bot_level,
                row.tokens[0],
                row.tokens[1],
                row.position,
                row.board,
                row.clock,
                row.creator.map(Seat::number),
                row.offers.draw.map(Seat::number),
                row.offers.takeback.map(Seat::number),
                row.version,
                row.players[0],
                row.players[1],
                row.rated
            ],
        )?;
        Ok(())
    }

    fn apply(&self, game_id: &str, expected: Option<i64>, changes: &[Change]) -> StoreResult<i64> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        let mut queue_for = None;
        let version: i64 = tx
            .query_row(
                "SELECT version FROM games WHERE id = ?1",
                params![game_id],
                |row| row.get(0),
            )
            .optional()?
            .ok_or_else(|| StoreError::Missing {
                game: game_id.to_string(),
            })?;
        if expected.is_some_and(|expected| expected != version) {
            return Err(StoreError::Stale {
                game: game_id.to_string(),
            });
        }
        for change in changes {
            match change {
                Change::Move { ply, mv, at_ms } => {
                    let inserted = tx.execute(
                        "INSERT INTO moves (game_id, ply, mv, at_ms) VALUES (?1, ?2, ?3, ?4)",
                        params![game_id, *ply as i64, mv, at_ms],
                    );
                    if let Err(error) = inserted {
                        let stored = tx
                            .prepare_cached("SELECT 1 FROM moves WHERE game_id = ?1 AND ply = ?2")?
                            .exists(params![game_id, *ply as i64])?;
                        return Err(if stored {
                            StoreError::Conflict {
                                game: game_id.to_string(),
                                ply: *ply,
                            }
                        } else {
                            error.into()
                        });
                    }
                }
                Change::TakeBack { from } => {
                    let from = i64::try_from(*from).unwrap_or(i64::MAX);
                    tx.execute(
                        "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2",
                        params![game_id, from],
                    )?;
                    // The positions after the first one taken back are gone with it.
                    tx.execute(
                        "DELETE FROM analyses WHERE game_id = ?1 AND ply > ?2",
                        params![game_id, from],
                    )?;
                    tx.execute(
                        "DELETE FROM jobs WHERE game_id = ?1 AND kind = 'analysis' AND ply > ?2",
                        params![game_id, from],
                    )?;
                }
                Change::Result(result) => {
                    tx.execute(
                        "UPDATE games SET result = ?2 WHERE id = ?1",
                        params![game_id, result],
                    )?;
                }
                Change::Ending(Ending::Resigned(loser)) => {
                    tx.execute(
                        "UPDATE games SET resigned = ?2 WHERE id = ?1",
                        params![game_id, loser.number()],
                    )?;
                }
                Change::Ending(other) => {
                    tx.execute(
                        "UPDATE games SET ended = ?2 WHERE id = ?1",
                        params![game_id, other.stored()],
                    )?;
                }
                Change::Rematch(rematch) => {
                    tx.execute(
                        "UPDATE games SET rematch = ?2 WHERE id = ?1",
                        params![game_id, rematch],
                    )?;
                }
                Change::Offers(offers) => {
                    tx.execute(
                        "UPDATE games SET draw_offer = ?2, takeback_offer = ?3 WHERE id = ?1",
                        params![
                            game_id,
                            offers.draw.map(Seat::number),
                            offers.takeback.map(Seat::number)
                        ],
                    )?;
                }
                Change::QueueBot { client } => queue_for = Some(client),
            }
        }
        let version = version + 1;
        tx.execute(
            "UPDATE games SET version = ?2 WHERE id = ?1",
            params![game_id, version],
        )?;
        // A queued bot move was for the game as it was: void now (its analyses stay).
        tx.execute(
            "DELETE FROM jobs WHERE game_id = ?1 AND kind = 'move'",
            params![game_id],
        )?;
        if let Some(client) = queue_for {
            tx.execute(
                &format!(
                    "INSERT INTO jobs (game_id, version, client, created_ms, turn)
                     VALUES (?1, ?2, ?3, ?4, {})",
                    next_turn_sql(JobKind::Move, "?3", "max")
                ),
                params![game_id, version, client, crate::clock::now_ms()],
            )?;
        }
        tx.commit()?;
        drop(conn);
        self.tell(Notice::Changed {
            game: game_id.to_string(),
            version,
            queued: queue_for.is_some(),
        });
        Ok(version)
    }

    fn take_job(
        &self,
        worker: &str,
        now_ms: i64,
        until_ms: i64,
        analyses: bool,
    ) -> StoreResult<Option<Job>> {
        let taken = self
            .conn()
            .prepare_cached(
                // Bot moves before analyses, each kind in order of turn.
                "UPDATE jobs SET worker = ?1, lease_until_ms = ?3
                 WHERE id = (SELECT id FROM jobs
                             WHERE (worker IS NULL OR lease_until_ms < ?2) AND (kind = 'move' OR ?4)
                             ORDER BY kind = 'analysis', turn, id LIMIT 1)
                 RETURNING id, game_id, version, kind, ply",
            )?
            .query_row(params![worker, now_ms, until_ms, analyses], |row| {
                Ok((
                    row.get::<_, i64>(0)?,
                    row.get::<_, String>(1)?,
                    row.get::<_, i64>(2)?,
                    row.get::<_, String>(3)?,
                    row.get::<_, Option<i64>>(4)?,
                ))
            })
            .optional()?;
        let Some((id, game, version, kind, ply)) = taken else {
            return Ok(None);
        };
        Ok(Some(Job {
            id,
            game,
            version,
            task: task_of(id, &kind, ply)?,
        }))
    }

    fn renew_jobs(&self, worker: &str, ids: &[i64], until_ms: i64) -> StoreResult<()> {
        let conn = self.conn();
        let mut stmt = conn
            .prepare_cached("UPDATE jobs SET lease_until_ms = ?3 WHERE id = ?1 AND worker = ?2")?;
        for id in ids {
            stmt.execute(params![id, worker, until_ms])?;
        }
        Ok(())
    }

    fn drop_job(&self, id: i64) -> StoreResult<()> {
        self.conn()
            .execute("DELETE FROM jobs WHERE id = ?1", params![id])?;
        Ok(())
    }

    fn queue_job(&self, game_id: &str, client: &str, now_ms: i64) -> StoreResult<()> {
        let queued = self.conn().execute(
            &format!(
                "INSERT INTO jobs (game_id, version, client, created_ms, turn)
                 SELECT id, version, ?2, ?3, {} FROM games WHERE id = ?1
                 ON CONFLICT DO NOTHING",
                next_turn_sql(JobKind::Move, "?2", "max")
            ),
            params![game_id, client, now_ms],
        )?;
        if queued > 0 {
            let version = self.version(game_id)?.unwrap_or_default();
            self.tell(Notice::Changed {
                game: game_id.to_string(),
                version,
                queued: true,
            });
        }
        Ok(())
    }

    fn queue_analysis(
        &self,
        game_id: &str,
        ply: usize,
        client: &str,
        now_ms: i64,
    ) -> StoreResult<()> {
        let queued = self.conn().execute(
            &format!(
                "INSERT INTO jobs (game_id, kind, ply, version, client, created_ms, turn)
                 SELECT id, 'analysis', ?2, version, ?3, ?4, {} FROM games WHERE id = ?1
                 ON CONFLICT DO NOTHING",
                next_turn_sql(JobKind::Analysis, "?3", "max")
            ),
            params![
                game_id,
                i64::try_from(ply).unwrap_or(i64::MAX),
                client,
                now_ms
            ],
        )?;
        if queued > 0 {
            self.tell(Notice::Analysis {
                game: game_id.to_string(),
                ply,
                made: false,
            });
        }
        Ok(())
    }

    fn analysis(&self, game_id: &str, ply: usize) -> StoreResult<AnalysisState> {
        let (made, queued) = self.conn().query_row(
            "SELECT (SELECT analysis FROM analyses WHERE game_id = ?1 AND ply = ?2),
                    EXISTS (SELECT 1 FROM jobs WHERE game_id = ?1 AND kind = 'analysis' AND ply = ?2)",
            params![game_id, i64::try_from(ply).unwrap_or(i64::MAX)],
            |row| Ok((row.get::<_, Option<String>>(0)?, row.get::<_, bool>(1)?)),
        )?;
        Ok(AnalysisState::of(made, queued))
    }

    fn finish_analysis(
        &self,
        job_id: i64,
        game_id: &str,
        ply: usize,
        analysis: &str,
        now_ms: i64,
    ) -> StoreResult<bool> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        if tx.execute("DELETE FROM jobs WHERE id = ?1", params![job_id])? == 0 {
            return Ok(false);
        }
        tx.execute(
            "INSERT INTO analyses (game_id, ply, analysis, made_ms) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (game_id, ply) DO UPDATE SET analysis = ?3, made_ms = ?4",
            params![
                game_id,
                i64::try_from(ply).unwrap_or(i64::MAX),
                analysis,
                now_ms
            ],
        )?;
        tx.commit()?;
        drop(conn);
        self.tell(Notice::Analysis {
            game: game_id.to_string(),
            ply,
            made: true,
        });
        Ok(true)
    }

    fn job_counts(&self, now_ms: i64) -> StoreResult<QueueCounts> {
        let conn = self.conn();
        let mut stmt = conn.prepare_cached(
            "SELECT kind, coalesce(sum(worker IS NOT NULL AND lease_until_ms >= ?1), 0), count(*)
             FROM jobs GROUP BY kind",
        )?;
        let rows = stmt
            .query_map(params![now_ms], |row| {
                Ok((
                    row.get::<_, String>(0)?,
                    row.get::<_, i64>(1)?,
                    row.get::<_, i64>(2)?,
                ))
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(QueueCounts::of_rows(rows))
    }

    fn jobs_of(&self, client: &str, kind: JobKind) -> StoreResult<usize> {
        let count: i64 = self.conn().query_row(
            "SELECT count(*) FROM jobs WHERE client = ?1 AND kind = ?2",
            params![client, kind.name()],
            |row| row.get(0),
        )?;
        Ok(count as usize)
    }

    fn version(&self, game_id: &str) -> StoreResult<Option<i64>> {
        Ok(self
            .conn()
            .query_row(
                "SELECT version FROM games WHERE id = ?1",
                params![game_id],
                |row| row.get(0),
            )
            .optional()?)
    }

    fn is_shared(&self) -> bool {
        false
    }

    fn follow_changes(&self, on_notice: Box<dyn FnMut(Notice) -> bool + Send>) -> bool {
        // One server holds the file: the changes are this process's own.
        self.followers
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(on_notice);
        true
    }

    fn move_moments(&self, game_id: &str) -> StoreResult<Vec<Value>> {
        let conn = self.conn();
        let mut stmt =
            conn.prepare_cached("SELECT at_ms FROM moves WHERE game_id = ?1 ORDER BY ply")?;
        let values = stmt
            .query_map(params![game_id], |r| r.get::<_, rusqlite::types::Value>(0))?
            .map(|value| value.map(value_of))
            .collect::<Result<Vec<_>, _>>()?;
        Ok(values)
    }

    fn game_and_moves(&self, game_id: &str) -> StoreResult<Option<GameAndMoves>> {
        let conn = self.conn();
        let values = conn
            .query_row(
                &format!("SELECT {} FROM games WHERE id = ?1", crate::stored::COLUMNS),
                params![game_id],
                |r| {
                    (0..r.as_ref().column_count())
                        .map(|at| r.get::<_, rusqlite::types::Value>(at).map(value_of))
                        .collect::<rusqlite::Result<Vec<_>>>()
                },
            )
            .optional()?;
        let Some(values) = values else {
            return Ok(None);
        };
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
        Ok(Some((values, plies)))
    }

    fn bot_game_ids(&self) -> StoreResult<Vec<String>> {
        let conn = self.conn();
        let mut stmt = conn.prepare(
            "SELECT id FROM games WHERE mode = 'bot' AND resigned IS NULL AND ended IS NULL AND result IS NULL",
        )?;
        let ids = stmt
            .query_map([], |r| r.get::<_, String>(0))?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(ids)
    }

    fn transaction(
        &self,
        work: &mut dyn FnMut(&mut dyn Sql) -> StoreResult<()>,
    ) -> StoreResult<()> {
        let mut conn = self.conn();
        let tx = conn.transaction()?;
        work(&mut SqliteTransaction(&tx))?;
        tx.commit()?;
        Ok(())
    }
}

/// A transaction of portable SQL on SQLite.
struct SqliteTransaction<'a>(&'a rusqlite::Transaction<'a>);

impl rusqlite::ToSql for Param {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, Value as Sqlite};
        Ok(ToSqlOutput::Owned(match self {
            Param::Null => Sqlite::Null,
            Param::Int(n) => Sqlite::Integer(*n),
            Param::Real(x) => Sqlite::Real(*x),
            Param::Text(text) => Sqlite::Text(text.clone()),
        }))
    }
}

impl Sql for SqliteTransaction<'_> {
    fn rows(&mut self, sql: &str, params: &[Param]) -> StoreResult<Vec<Vec<Value>>> {
        let mut stmt = self.0.prepare_cached(sql)?;
        let columns = stmt.column_count();
        let rows = stmt
            .query_map(rusqlite::params_from_iter(params), |row| {
                (0..columns)
                    .map(|at| row.get::<_, rusqlite::types::Value>(at).map(value_of))
                    .collect::<rusqlite::Result<Vec<_>>>()
            })?
            .collect::<rusqlite::Result<Vec<_>>>()?;
        Ok(rows)
    }

    fn execute(&mut self, sql: &str, params: &[Param]) -> StoreResult<u64> {
        let changed = self
            .0
            .prepare_cached(sql)?
            .execute(rusqlite::params_from_iter(params))?;
        Ok(changed as u64)
    }
}
