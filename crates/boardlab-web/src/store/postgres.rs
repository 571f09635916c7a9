//! The PostgreSQL backend: a pool of connections to one database that any number of servers
//! may share. Each call is one statement or one transaction; a move stored twice for one ply
//! is refused by the primary key, whichever server tries second.

use super::location::without_password;
use super::sql::{Param, Sql, Types, dollar_placeholders};
use super::{
    AnalysisState, Backend, Change, GameAndMoves, GameRow, Job, JobKind, LAYOUT_VERSION, Notice,
    QueueCounts, StoreError, StoreResult, first_version, next_turn_sql, task_of,
};
use crate::ending::Ending;
use crate::seat::Seat;
use crate::stored::Value;
use ::postgres::fallible_iterator::FallibleIterator;
use ::postgres::types::Type;
use ::postgres::{NoTls, Row};
use connection::{Connection, Manager};
use std::str::FromStr;
use std::time::Duration;

mod connection;

/// Connections one server keeps to the database at most.
const POOL_SIZE: u32 = 16;

/// How long a request waits for a free connection, or for the database to answer a
/// connection attempt, before it fails.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// The key of the advisory lock that makes servers starting together migrate one at a time.
const MIGRATION_LOCK: i64 = 0x626f_6172_646c_6162; // "boardlab"

/// The channel of PostgreSQL's `NOTIFY` that carries each change to a game and each
/// analysis queued or made ([`notice_payload`], [`analysis_payload`]).
const CHANNEL: &str = "boardlab_games";

/// A PostgreSQL database in use.
pub(super) struct PostgresBackend {
    /// The pool; `None` only while it is dropped ([`Drop`]).
    pool: Option<r2d2::Pool<Manager>>,
    /// How to connect (for the connection that listens for changes).
    config: ::postgres::Config,
}

impl From<::postgres::Error> for StoreError {
    fn from(error: ::postgres::Error) -> StoreError {
        StoreError::Database(said(&error))
    }
}

impl From<r2d2::Error> for StoreError {
    fn from(error: r2d2::Error) -> StoreError {
        StoreError::Database(format!("no connection to PostgreSQL: {error}"))
    }
}

/// What PostgreSQL said, without the client library's wrapping ("db error: ERROR: …").
fn said(error: &::postgres::Error) -> String {
    match error.as_db_error() {
        Some(db) => match db.detail() {
            Some(detail) => format!("{} ({detail})", db.message()),
            None => db.message().to_string(),
        },
        // "error connecting to server" says little: the system's reason follows it.
        None => match std::error::Error::source(error) {
            Some(source) => format!("{error}: {source}"),
            None => error.to_string(),
        },
    }
}

/// A change's notice on [`CHANNEL`]: `GAME:VERSION`, with `:job` after it when the change
/// queued a bot move.
fn notice_payload(game_id: &str, version: i64, queued: bool) -> String {
    format!("{game_id}:{version}{}", if queued { ":job" } else { "" })
}

/// An analysis's notice on [`CHANNEL`]: `GAME:PLY:analysis` when it is queued,
/// `GAME:PLY:analysed` when it is made.
fn analysis_payload(game_id: &str, ply: usize, made: bool) -> String {
    format!(
        "{game_id}:{ply}:{}",
        if made { "analysed" } else { "analysis" }
    )
}

/// Reads a notice's payload ([`notice_payload`], [`analysis_payload`]); `None` for
/// anything else.
fn parse_notice(payload: &str) -> Option<Notice> {
    for (suffix, made) in [(":analysed", true), (":analysis", false)] {
        if let Some(rest) = payload.strip_suffix(suffix) {
            let (game, ply) = rest.rsplit_once(':')?;
            return Some(Notice::Analysis {
                game: game.to_string(),
                ply: ply.parse().ok()?,
                made,
            });
        }
    }
    let (rest, queued) = match payload.strip_suffix(":job") {
        Some(rest) => (rest, true),
        None => (payload, false),
    };
    let (game, version) = rest.rsplit_once(':')?;
    Some(Notice::Changed {
        game: game.to_string(),
        version: version.parse().ok()?,
        queued,
    })
}

/// The numbered steps from one layout version to the next, as in the SQLite backend:
/// `(version reached, SQL)`. PostgreSQL databases start at version 2 (the SQLite layout's
/// version 2, whose earlier steps renumbered levels no PostgreSQL database ever held).
fn migrations() -> Vec<(i64, String)> {
    let versioned = format!(
        "ALTER TABLE games ADD COLUMN draw_offer INTEGER;
         ALTER TABLE games ADD COLUMN takeback_offer INTEGER;
         ALTER TABLE games ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
         UPDATE games SET version = {};",
        first_version()
    );
    vec![
        (2, FIRST_TABLES.to_string()),
        (3, versioned),
        (4, JOBS.to_string()),
        (5, ANALYSES.to_string()),
        (6, Types::POSTGRES.apply(super::PEOPLE)),
        (7, Types::POSTGRES.apply(super::PRESENCE)),
    ]
}

/// Layout 4: the queue of bot moves, one per game at most, each for one version of its
/// game; `worker` holds it until `lease_until_ms`.
const JOBS: &str = "CREATE TABLE jobs (
        id BIGSERIAL PRIMARY KEY,
        game_id TEXT NOT NULL UNIQUE REFERENCES games(id),
        version BIGINT NOT NULL,
        client TEXT NOT NULL,
        created_ms BIGINT NOT NULL,
        worker TEXT,
        lease_until_ms BIGINT
    );
    CREATE INDEX jobs_of_client ON jobs (client);";

/// Layout 5: analyses are jobs too (`kind` 'analysis' and the position's `ply`; bot moves
/// are kind 'move'): one bot move per game and one analysis per position at most. Each job
/// has its client's `turn` ([`super::next_turn_sql`]). The analyses made are kept, as JSON,
/// for every later asker.
const ANALYSES: &str = "ALTER TABLE jobs ADD COLUMN kind TEXT NOT NULL DEFAULT 'move';
    ALTER TABLE jobs ADD COLUMN ply INTEGER;
    ALTER TABLE jobs ADD COLUMN turn BIGINT NOT NULL DEFAULT 0;
    CREATE INDEX jobs_in_turn ON jobs (kind, turn);
    ALTER TABLE jobs DROP CONSTRAINT jobs_game_id_key;
    CREATE UNIQUE INDEX jobs_one_move ON jobs (game_id) WHERE kind = 'move';
    CREATE UNIQUE INDEX jobs_one_analysis ON jobs (game_id, ply) WHERE kind = 'analysis';
    DROP INDEX jobs_of_client;
    CREATE INDEX jobs_of_client ON jobs (client, kind);
    CREATE TABLE analyses (
        game_id TEXT NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,
        analysis TEXT NOT NULL,
        made_ms BIGINT NOT NULL,
        PRIMARY KEY (game_id, ply)
    );";

/// A ply as the tables hold it (INTEGER).
fn stored_ply(ply: usize) -> StoreResult<i32> {
    i32::try_from(ply)
        .map_err(|_| StoreError::Database(format!("ply {ply} is beyond what the tables hold")))
}

/// The tables of layout version 2.
const FIRST_TABLES: &str = "CREATE TABLE games (
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
         created BIGINT NOT NULL DEFAULT (extract(epoch FROM now())::BIGINT),
         result TEXT,
         ended TEXT,
         rematch TEXT,
         clock TEXT,
         creator INTEGER
     );
     CREATE INDEX games_unfinished_bots ON games (id)
         WHERE mode = 'bot' AND resigned IS NULL AND ended IS NULL AND result IS NULL;
     CREATE TABLE moves (
         game_id TEXT NOT NULL REFERENCES games(id),
         ply INTEGER NOT NULL,
         mv TEXT NOT NULL,
         at_ms BIGINT,
         PRIMARY KEY (game_id, ply)
     );
     -- A pasted text may be longer than an index entry may: texts are unique by digest.
     CREATE TABLE rules_texts (
         key TEXT PRIMARY KEY,
         text TEXT NOT NULL
     );
     CREATE UNIQUE INDEX rules_texts_text ON rules_texts (md5(text));";

/// Brings the database to [`LAYOUT_VERSION`] in one transaction, under an advisory lock so
/// that servers starting together take turns: the version table, then each step not made.
fn migrate(client: &mut ::postgres::Client, shown: &str) -> StoreResult<()> {
    let mut tx = client.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    tx.batch_execute(
        "CREATE TABLE IF NOT EXISTS boardlab_layout (
             version BIGINT PRIMARY KEY,
             applied TIMESTAMPTZ NOT NULL DEFAULT now()
         )",
    )?;
    let version: i64 = tx
        .query_one("SELECT coalesce(max(version), 0) FROM boardlab_layout", &[])?
        .get(0);
    if version > LAYOUT_VERSION {
        return Err(StoreError::Newer {
            database: shown.to_string(),
            found: version,
            known: LAYOUT_VERSION,
        });
    }
    for (reached, sql) in migrations() {
        if reached > version {
            tx.batch_execute(&sql)?;
            tx.execute(
                "INSERT INTO boardlab_layout (version) VALUES ($1)",
                &[&reached],
            )?;
        }
    }
    tx.commit()?;
    Ok(())
}

/// A column of a row as the store's checks take it, whatever its PostgreSQL type.
fn value_at(row: &Row, at: usize) -> StoreResult<Value> {
    let kind = row.columns()[at].type_().clone();
    let value = if kind == Type::INT2 {
        row.try_get::<_, Option<i16>>(at)?
            .map_or(Value::Null, |n| Value::Integer(n.into()))
    } else if kind == Type::INT4 {
        row.try_get::<_, Option<i32>>(at)?
            .map_or(Value::Null, |n| Value::Integer(n.into()))
    } else if kind == Type::INT8 {
        row.try_get::<_, Option<i64>>(at)?
            .map_or(Value::Null, Value::Integer)
    } else if kind == Type::FLOAT4 || kind == Type::FLOAT8 {
        row.try_get::<_, Option<f64>>(at)?
            .map_or(Value::Null, Value::Real)
    } else if kind == Type::BYTEA {
        row.try_get::<_, Option<Vec<u8>>>(at)?
            .map_or(Value::Null, Value::Blob)
    } else {
        row.try_get::<_, Option<String>>(at)?
            .map_or(Value::Null, Value::Text)
    };
    Ok(value)
}

impl PostgresBackend {
    /// Connects to the database at `url`, migrates it and keeps a pool of connections.
    pub(super) fn connect(url: &str) -> StoreResult<PostgresBackend> {
        let shown = without_password(url);
        let cannot = |problem: String| StoreError::Open {
            database: shown.clone(),
            problem,
        };
        let mut config = ::postgres::Config::from_str(url).map_err(|e| cannot(e.to_string()))?;
        config.connect_timeout(CONNECT_TIMEOUT);
        if config.get_application_name().is_none() {
            config.application_name("boardlab");
        }
        // One connection first: its error is the database's own words (the pool's would
        // only say it timed out), and it migrates before any request is served.
        let mut client = config.connect(NoTls).map_err(|e| cannot(said(&e)))?;
        migrate(&mut client, &shown)?;
        drop(client);
        let pool = r2d2::Pool::builder()
            .max_size(POOL_SIZE)
            .min_idle(Some(1))
            .connection_timeout(CONNECT_TIMEOUT)
            .build(Manager {
                config: config.clone(),
            })
            .map_err(|e| cannot(e.to_string()))?;
        Ok(PostgresBackend {
            pool: Some(pool),
            config,
        })
    }

    fn client(&self) -> StoreResult<r2d2::PooledConnection<Manager>> {
        let pool = self.pool.as_ref().ok_or_else(|| {
            StoreError::Database("the connections to PostgreSQL are closed".into())
        })?;
        Ok(pool.get()?)
    }
}

impl Drop for PostgresBackend {
    /// Closes the connections on a thread of their own where the store is dropped on an
    /// async runtime's thread (the blocking client may not block one).
    fn drop(&mut self) {
        if let Some(pool) = self.pool.take()
            && tokio::runtime::Handle::try_current().is_ok()
        {
            let _ = std::thread::Builder::new()
                .name("boardlab-pool-close".into())
                .spawn(move || drop(pool));
        }
    }
}

impl Backend for PostgresBackend {
    fn name(&self) -> &'static str {
        "postgres"
    }

    fn layout_version(&self) -> StoreResult<i64> {
        Ok(self
            .client()?
            .query_one("SELECT coalesce(max(version), 0) FROM boardlab_layout", &[])?
            .get(0))
    }

    fn paste_key(&self, text: &str) -> StoreResult<Option<String>> {
        Ok(self
            .client()?
            .query_opt(
                "SELECT key FROM rules_texts WHERE md5(text) = md5($1) AND text = $1",
                &[&text],
            )?
            .map(|row| row.get(0)))
    }

    fn pasted_text(&self, key: &str) -> StoreResult<Option<String>> {
        Ok(self
            .client()?
            .query_opt("SELECT text FROM rules_texts WHERE key = $1", &[&key])?
            .map(|row| row.get(0)))
    }

    fn store_paste(&self, key: &str, text: &str) -> StoreResult<String> {
        let mut client = self.client()?;
        client.execute(
            "INSERT INTO rules_texts (key, text) VALUES ($1, $2) ON CONFLICT DO NOTHING",
            &[&key, &text],
        )?;
        Ok(client
            .query_one(
                "SELECT key FROM rules_texts WHERE md5(text) = md5($1) AND text = $1",
                &[&text],
            )?
            .get(0))
    }

    fn count_games(&self) -> StoreResult<u64> {
        let count: i64 = self
            .client()?
            .query_one("SELECT count(*) FROM games", &[])?
            .get(0);
        Ok(count.max(0) as u64)
    }

    fn result(&self, game_id: &str) -> StoreResult<Option<String>> {
        Ok(self
            .client()?
            .query_opt("SELECT result FROM games WHERE id = $1", &[&game_id])?
            .and_then(|row| row.get(0)))
    }

    fn execute_batch(&self, sql: &str) -> StoreResult<()> {
        Ok(self.client()?.batch_execute(sql)?)
    }

    fn insert_game(&self, row: &GameRow) -> StoreResult<()> {
        let seat = |seat: Option<Seat>| seat.map(|seat| i32::from(seat.number()));
        let level = |level: Option<u8>| level.map(i32::from);
        self.client()?.execute(
            "INSERT INTO games (id, game, rules, first, mode, bot_seat, bot_level, token1, token2, position, board, clock, creator, draw_offer, takeback_offer, version, player1, player2, rated)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19)",
            &[
                &row.id,
                &row.game,
                &row.rules,
                &i32::from(row.first.number()),
                &row.mode.name(),
                &seat(row.bot_seat),
                &level(row.bot_level),
                &row.tokens[0],
                &row.tokens[1],
                &row.position,
                &row.board,
                &row.clock,
                &seat(row.creator),
                &seat(row.offers.draw),
                &seat(row.offers.takeback),
                &row.version,
                &row.players[0],
                &row.players[1],
                &i64::from(row.rated),
            ],
        )?;
        Ok(())
    }

    fn apply(&self, game_id: &str, expected: Option<i64>, changes: &[Change]) -> StoreResult<i64> {
        let mut connection = self.client()?;
        let (client, prepared) = Connection::parts(&mut connection);
        let mut tx = client.transaction()?;
        let mut queue_for = None;
        // The row's lock makes servers changing one game take turns.
        let version: i64 = tx
            .query_opt(&prepared.lock_version, &[&game_id])?
            .ok_or_else(|| StoreError::Missing {
                game: game_id.to_string(),
            })?
            .get(0);
        if expected.is_some_and(|expected| expected != version) {
            return Err(StoreError::Stale {
                game: game_id.to_string(),
            });
        }
        let seat = |seat: Option<Seat>| seat.map(|seat| i32::from(seat.number()));
        for change in changes {
            match change {
                Change::Move { ply, mv, at_ms } => {
                    let ply_number = stored_ply(*ply)?;
                    let inserted =
                        tx.execute(&prepared.insert_move, &[&game_id, &ply_number, mv, at_ms]);
                    match inserted {
                        Ok(_) => {}
                        Err(error)
                            if error.code()
                                == Some(&::postgres::error::SqlState::UNIQUE_VIOLATION) =>
                        {
                            return Err(StoreError::Conflict {
                                game: game_id.to_string(),
                                ply: *ply,
                            });
                        }
                        Err(error) => return Err(error.into()),
                    }
                }
                Change::TakeBack { from } => {
                    // Plies are INTEGER: a `from` beyond them deletes nothing.
                    let from = i32::try_from(*from).unwrap_or(i32::MAX);
                    tx.execute(
                        "DELETE FROM moves WHERE game_id = $1 AND ply >= $2",
                        &[&game_id, &from],
                    )?;
                    // The positions after the first one taken back are gone with it.
                    tx.execute(
                        "DELETE FROM analyses WHERE game_id = $1 AND ply > $2",
                        &[&game_id, &from],
                    )?;
                    tx.execute(
                        "DELETE FROM jobs WHERE game_id = $1 AND kind = 'analysis' AND ply > $2",
                        &[&game_id, &from],
                    )?;
                }
                Change::Result(result) => {
                    tx.execute(&prepared.set_result, &[&game_id, result])?;
                }
                Change::Ending(Ending::Resigned(loser)) => {
                    tx.execute(
                        "UPDATE games SET resigned = $2 WHERE id = $1",
                        &[&game_id, &i32::from(loser.number())],
                    )?;
                }
                Change::Ending(other) => {
                    tx.execute(
                        "UPDATE games SET ended = $2 WHERE id = $1",
                        &[&game_id, &other.stored()],
                    )?;
                }
                Change::Rematch(rematch) => {
                    tx.execute(
                        "UPDATE games SET rematch = $2 WHERE id = $1",
                        &[&game_id, rematch],
                    )?;
                }
                Change::Offers(offers) => {
                    tx.execute(
                        &prepared.set_offers,
                        &[&game_id, &seat(offers.draw), &seat(offers.takeback)],
                    )?;
                }
                Change::QueueBot { client } => queue_for = Some(client),
            }
        }
        // One statement: the new version; a queued bot move, made for the game as it was,
        // void; and the notice, delivered to every listening server when (and only if) the
        // change commits.
        let version = version + 1;
        let notice = notice_payload(game_id, version, queue_for.is_some());
        tx.execute(&prepared.bump, &[&game_id, &version, &CHANNEL, &notice])?;
        if let Some(client) = queue_for {
            tx.execute(
                &prepared.insert_job,
                &[&game_id, &version, client, &crate::clock::now_ms()],
            )?;
        }
        tx.commit()?;
        Ok(version)
    }

    fn take_job(
        &self,
        worker: &str,
        now_ms: i64,
        until_ms: i64,
        analyses: bool,
    ) -> StoreResult<Option<Job>> {
        let mut connection = self.client()?;
        let (client, prepared) = connection.parts();
        let Some(row) = client.query_opt(
            &prepared.take_job,
            &[&worker, &now_ms, &until_ms, &analyses],
        )?
        else {
            return Ok(None);
        };
        let id: i64 = row.get(0);
        let (kind, ply): (String, Option<i32>) = (row.get(3), row.get(4));
        Ok(Some(Job {
            id,
            game: row.get(1),
            version: row.get(2),
            task: task_of(id, &kind, ply.map(i64::from))?,
        }))
    }

    fn renew_jobs(&self, worker: &str, ids: &[i64], until_ms: i64) -> StoreResult<()> {
        let mut connection = self.client()?;
        let (client, prepared) = connection.parts();
        client.execute(&prepared.renew_jobs, &[&ids, &worker, &until_ms])?;
        Ok(())
    }

    fn drop_job(&self, id: i64) -> StoreResult<()> {
        let mut connection = self.client()?;
        let (client, prepared) = connection.parts();
        client.execute(&prepared.drop_job, &[&id])?;
        Ok(())
    }

    fn queue_job(&self, game_id: &str, client: &str, now_ms: i64) -> StoreResult<()> {
        let mut connection = self.client()?;
        let mut tx = connection.transaction()?;
        let queued = tx.execute(
            &format!(
                "INSERT INTO jobs (game_id, version, client, created_ms, turn)
                 SELECT id, version, $2, $3, {} FROM games WHERE id = $1
                 ON CONFLICT DO NOTHING",
                next_turn_sql(JobKind::Move, "$2", "greatest")
            ),
            &[&game_id, &client, &now_ms],
        )?;
        if queued > 0 {
            tx.execute(
                "SELECT pg_notify($1, id || ':' || version || ':job') FROM games WHERE id = $2",
                &[&CHANNEL, &game_id],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    fn queue_analysis(
        &self,
        game_id: &str,
        ply: usize,
        client: &str,
        now_ms: i64,
    ) -> StoreResult<()> {
        let ply_number = stored_ply(ply)?;
        let mut connection = self.client()?;
        let mut tx = connection.transaction()?;
        let queued = tx.execute(
            &format!(
                "INSERT INTO jobs (game_id, kind, ply, version, client, created_ms, turn)
                 SELECT id, 'analysis', $2, version, $3, $4, {} FROM games WHERE id = $1
                 ON CONFLICT DO NOTHING",
                next_turn_sql(JobKind::Analysis, "$3", "greatest")
            ),
            &[&game_id, &ply_number, &client, &now_ms],
        )?;
        if queued > 0 {
            tx.execute(
                "SELECT pg_notify($1, $2)",
                &[&CHANNEL, &analysis_payload(game_id, ply, false)],
            )?;
        }
        tx.commit()?;
        Ok(())
    }

    fn analysis(&self, game_id: &str, ply: usize) -> StoreResult<AnalysisState> {
        let ply = stored_ply(ply)?;
        let row = self.client()?.query_one(
            "SELECT (SELECT analysis FROM analyses WHERE game_id = $1 AND ply = $2),
                    EXISTS (SELECT 1 FROM jobs WHERE game_id = $1 AND kind = 'analysis' AND ply = $2)",
            &[&game_id, &ply],
        )?;
        Ok(AnalysisState::of(row.get(0), row.get(1)))
    }

    fn finish_analysis(
        &self,
        job_id: i64,
        game_id: &str,
        ply: usize,
        analysis: &str,
        now_ms: i64,
    ) -> StoreResult<bool> {
        let ply_number = stored_ply(ply)?;
        let mut connection = self.client()?;
        let mut tx = connection.transaction()?;
        if tx.execute("DELETE FROM jobs WHERE id = $1", &[&job_id])? == 0 {
            return Ok(false);
        }
        tx.execute(
            "INSERT INTO analyses (game_id, ply, analysis, made_ms) VALUES ($1, $2, $3, $4)
             ON CONFLICT (game_id, ply) DO UPDATE SET analysis = $3, made_ms = $4",
            &[&game_id, &ply_number, &analysis, &now_ms],
        )?;
        tx.execute(
            "SELECT pg_notify($1, $2)",
            &[&CHANNEL, &analysis_payload(game_id, ply, true)],
        )?;
        tx.commit()?;
        Ok(true)
    }

    fn job_counts(&self, now_ms: i64) -> StoreResult<QueueCounts> {
        let rows = self.client()?.query(
            "SELECT kind, count(*) FILTER (WHERE worker IS NOT NULL AND lease_until_ms >= $1), count(*)
             FROM jobs GROUP BY kind",
            &[&now_ms],
        )?;
        Ok(QueueCounts::of_rows(rows.iter().map(|row| {
            (row.get::<_, String>(0), row.get(1), row.get(2))
        })))
    }

    fn jobs_of(&self, client: &str, kind: JobKind) -> StoreResult<usize> {
        let mut connection = self.client()?;
        let (db, prepared) = connection.parts();
        let count: i64 = db
            .query_one(&prepared.jobs_of, &[&client, &kind.name()])?
            .get(0);
        Ok(count as usize)
    }

    fn version(&self, game_id: &str) -> StoreResult<Option<i64>> {
        let mut connection = self.client()?;
        let (client, prepared) = connection.parts();
        Ok(client
            .query_opt(&prepared.version, &[&game_id])?
            .map(|row| row.get(0)))
    }

    fn is_shared(&self) -> bool {
        true
    }

    fn follow_changes(&self, mut on_notice: Box<dyn FnMut(Notice) -> bool + Send>) -> bool {
        let config = self.config.clone();
        std::thread::Builder::new()
            .name("boardlab-listen".into())
            .spawn(move || {
                // Connects (again after a lost connection, a second later) and passes on
                // each notice until one is not wanted (the server is gone).
                loop {
                    if let Ok(mut client) = config.connect(NoTls)
                        && client.batch_execute(&format!("LISTEN {CHANNEL}")).is_ok()
                    {
                        if !on_notice(Notice::Resync) {
                            return;
                        }
                        let mut notifications = client.notifications();
                        let mut arriving = notifications.blocking_iter();
                        // An error is a lost connection: connect again.
                        while let Ok(Some(note)) = arriving.next() {
                            let notice = parse_notice(note.payload());
                            if let Some(notice) = notice
                                && !on_notice(notice)
                            {
                                return;
                            }
                        }
                    }
                    std::thread::sleep(Duration::from_secs(1));
                }
            })
            .is_ok()
    }

    fn move_moments(&self, game_id: &str) -> StoreResult<Vec<Value>> {
        let mut connection = self.client()?;
        let (client, prepared) = connection.parts();
        client
            .query(&prepared.moments, &[&game_id])?
            .iter()
            .map(|row| value_at(row, 0))
            .collect()
    }

    fn game_and_moves(&self, game_id: &str) -> StoreResult<Option<GameAndMoves>> {
        let mut connection = self.client()?;
        let (client, prepared) = connection.parts();
        // One snapshot for the row and its moves.
        let mut tx = client
            .build_transaction()
            .isolation_level(::postgres::IsolationLevel::RepeatableRead)
            .read_only(true)
            .start()?;
        let Some(row) = tx.query_opt(&prepared.game_row, &[&game_id])? else {
            return Ok(None);
        };
        let values = (0..row.len())
            .map(|at| value_at(&row, at))
            .collect::<StoreResult<Vec<_>>>()?;
        let plies = tx
            .query(&prepared.moves, &[&game_id])?
            .iter()
            .map(|row| (i64::from(row.get::<_, i32>(0)), row.get::<_, String>(1)))
            .collect();
        tx.commit()?;
        Ok(Some((values, plies)))
    }

    fn bot_game_ids(&self) -> StoreResult<Vec<String>> {
        Ok(self
            .client()?
            .query(
                "SELECT id FROM games WHERE mode = 'bot' AND resigned IS NULL AND ended IS NULL AND result IS NULL",
                &[],
            )?
            .iter()
            .map(|row| row.get(0))
            .collect())
    }

    fn transaction(
        &self,
        work: &mut dyn FnMut(&mut dyn Sql) -> StoreResult<()>,
    ) -> StoreResult<()> {
        let mut client = self.client()?;
        let mut tx = client.transaction()?;
        work(&mut PostgresTransaction(&mut tx))?;
        tx.commit()?;
        Ok(())
    }
}

/// A transaction of portable SQL on PostgreSQL.
struct PostgresTransaction<'a, 'b>(&'a mut ::postgres::Transaction<'b>);

impl PostgresTransaction<'_, '_> {
    fn bound(params: &[Param]) -> Vec<&(dyn ::postgres::types::ToSql + Sync)> {
        params
            .iter()
            .map(|param| param as &(dyn ::postgres::types::ToSql + Sync))
            .collect()
    }
}

impl ::postgres::types::ToSql for Param {
    fn to_sql(
        &self,
        kind: &Type,
        out: &mut ::postgres::types::private::BytesMut,
    ) -> Result<::postgres::types::IsNull, Box<dyn std::error::Error + Sync + Send>> {
        match self {
            Param::Null => Ok(::postgres::types::IsNull::Yes),
            // A whole number binds to whichever integer column it meets, if it fits.
            Param::Int(n) if *kind == Type::INT4 => i32::try_from(*n)?.to_sql(kind, out),
            Param::Int(n) if *kind == Type::INT2 => i16::try_from(*n)?.to_sql(kind, out),
            Param::Int(n) if *kind == Type::FLOAT8 => (*n as f64).to_sql(kind, out),
            Param::Int(n) => n.to_sql(kind, out),
            Param::Real(x) if *kind == Type::FLOAT4 => (*x as f32).to_sql(kind, out),
            Param::Real(x) => x.to_sql(kind, out),
            Param::Text(text) => text.to_sql(kind, out),
        }
    }

    fn accepts(kind: &Type) -> bool {
        [
            Type::INT2,
            Type::INT4,
            Type::INT8,
            Type::FLOAT4,
            Type::FLOAT8,
            Type::TEXT,
            Type::VARCHAR,
        ]
        .contains(kind)
    }

    ::postgres::types::to_sql_checked!();
}

impl Sql for PostgresTransaction<'_, '_> {
    fn rows(&mut self, sql: &str, params: &[Param]) -> StoreResult<Vec<Vec<Value>>> {
        let rows = self
            .0
            .query(&dollar_placeholders(sql), &Self::bound(params))?;
        rows.iter()
            .map(|row| (0..row.len()).map(|at| value_at(row, at)).collect())
            .collect()
    }

    fn execute(&mut self, sql: &str, params: &[Param]) -> StoreResult<u64> {
        Ok(self
            .0
            .execute(&dollar_placeholders(sql), &Self::bound(params))?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notice_says_the_game_its_version_and_whether_a_bot_move_was_queued() {
        for (game, version, queued) in [("abc", 7, false), ("x:y", 1_700_000_000_000_000, true)] {
            let payload = notice_payload(game, version, queued);
            assert_eq!(
                parse_notice(&payload),
                Some(Notice::Changed {
                    game: game.to_string(),
                    version,
                    queued
                })
            );
        }
        for (game, ply, made) in [("abc", 0, false), ("x:y", 41, true)] {
            let payload = analysis_payload(game, ply, made);
            assert_eq!(
                parse_notice(&payload),
                Some(Notice::Analysis {
                    game: game.to_string(),
                    ply,
                    made
                })
            );
        }
        for bad in [
            "",
            "abc",
            "abc:",
            "abc:x",
            ":job",
            "abc:job",
            "abc:analysis",
            "abc:-1:analysed",
            "abc:x:analysis",
        ] {
            assert_eq!(parse_notice(bad), None, "{bad}");
        }
    }
}
