//! Storage: one row per game, one row per move, each move committed before it is
//! acknowledged; in an embedded SQLite file (the default: one server, nothing to install) or
//! in PostgreSQL (`--db postgres://USER@HOST/DB`: a database several servers may share).
//!
//! [`Store`] is what the server calls. Each database's SQL is a backend of its own
//! ([`sqlite`], [`postgres`]) behind one private trait; what is the same for both (which
//! games a row may name, checking a row read back, the order of the moves) is here.

pub mod accounts;
pub mod chat;
pub mod deadlines;
mod location;
mod postgres;
pub mod presence;
pub mod puzzles;
pub mod ratings;
pub mod seeks;
pub mod sql;
mod sqlite;

pub use location::{Database, DatabaseError};

use crate::ending::Ending;
use crate::game_set::{GameSet, PASTED};
use crate::seat::Seat;
use crate::stored::Value;
use boardlab_games::GameId;
use sql::Sql;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The layout version this build writes and reads. Each backend migrates an older database
/// to it, one numbered step at a time, and refuses a newer one ([`StoreError::Newer`]).
/// SQLite versions 1 and 2 renumbered the bot levels; PostgreSQL starts at 2; version 3
/// gave each game a version (checked by every change) and stored its offers; version 4
/// added the queue of bot moves (table `jobs`); version 5 queues analyses there too and
/// keeps the analyses made (table `analyses`); version 6 added the people's tables
/// ([`PEOPLE`]); version 7 remembers when each seat's player was last on its game's page
/// (table `presence`, [`presence`]).
pub const LAYOUT_VERSION: i64 = 7;

/// Offers of one seat waiting for the other seat's answer (games against a friend); a move
/// withdraws them. They are stored, so that every server sharing the database knows them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Offers {
    /// The seat offering a draw.
    pub draw: Option<Seat>,
    /// The seat asking to take its last move back.
    pub takeback: Option<Seat>,
}

impl Offers {
    /// Whether no offer waits.
    pub fn is_empty(self) -> bool {
        self == Offers::default()
    }
}

/// One change to a stored game. [`Store::change`] makes a list of them in one transaction
/// that checks and advances the game's version, so that of two servers changing one game
/// from the same version, exactly one succeeds.
#[derive(Clone, Debug, PartialEq)]
pub enum Change {
    /// Stores move number `ply` (from 0), made at `at_ms` (ms since 1970).
    Move {
        /// The move's ply.
        ply: usize,
        /// The move, as the game writes it.
        mv: String,
        /// When it was made.
        at_ms: i64,
    },
    /// Deletes the moves from ply `from` on (a takeback), and the analyses, made or
    /// queued, of the positions after them.
    TakeBack {
        /// The first ply deleted.
        from: usize,
    },
    /// Sets the result on the board (`1-0`, `0-1`, `1/2-1/2`).
    Result(String),
    /// Sets how the players (or the clock) ended the game.
    Ending(Ending),
    /// Sets the id of the game's rematch.
    Rematch(String),
    /// Sets the offers waiting.
    Offers(Offers),
    /// Queues the bot's move in the game as it is after these changes, asked for by
    /// `client` (a worker makes it: [`crate::worker`]).
    QueueBot {
        /// Who asked (the per-client limit counts the moves each client has queued).
        client: String,
    },
}

/// What a job of the queue asks a worker to do. Bot moves go before analyses: a player
/// waits for the move on the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Task {
    /// The bot's move in the game as it is at the job's version.
    Move,
    /// The analysis of the position after `ply` moves, kept for every later asker.
    Analysis {
        /// The position's ply.
        ply: usize,
    },
}

impl Task {
    /// The task's kind as the `kind` column of table `jobs` holds it.
    pub fn kind(self) -> JobKind {
        match self {
            Task::Move => JobKind::Move,
            Task::Analysis { .. } => JobKind::Analysis,
        }
    }
}

/// The two kinds of job (column `kind` of table `jobs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    /// A bot's move.
    Move,
    /// An analysis.
    Analysis,
}

impl JobKind {
    /// The kind as stored.
    pub fn name(self) -> &'static str {
        match self {
            JobKind::Move => "move",
            JobKind::Analysis => "analysis",
        }
    }
}

/// The SQL of the turn of a job of `kind` queued for the client in parameter `client`
/// (`$3`, `?3`), with the database's `greatest` (PostgreSQL `greatest`, SQLite `max`): one
/// after the client's last job of that kind, and not before the earliest turn queued. A
/// client's flood takes turns 5, 6, 7…; a client asking while turn 5 is next gets turn 5,
/// and goes second, whoever queued more before it. Workers take jobs in order of turn.
fn next_turn_sql(kind: JobKind, client: &str, greatest: &str) -> String {
    let kind = kind.name();
    format!(
        "{greatest}(coalesce((SELECT max(turn) + 1 FROM jobs WHERE client = {client} AND kind = '{kind}'), 0),
                   coalesce((SELECT min(turn) FROM jobs WHERE kind = '{kind}'), 0))"
    )
}

/// The task of job `id` from its columns `kind` and `ply`, as either backend reads them.
fn task_of(id: i64, kind: &str, ply: Option<i64>) -> StoreResult<Task> {
    match (kind, ply.map(usize::try_from)) {
        ("move", _) => Ok(Task::Move),
        ("analysis", Some(Ok(ply))) => Ok(Task::Analysis { ply }),
        _ => Err(StoreError::Database(format!(
            "job {id} is damaged: kind {} with ply {ply:?} (a job is a 'move', or an \
             'analysis' of a ply from 0)",
            boardlab_core::quoted(kind)
        ))),
    }
}

/// A job as the queue hands it to a worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Job {
    /// The job's number.
    pub id: i64,
    /// The game.
    pub game: String,
    /// The game's version when the job was queued. A bot move is for that version only:
    /// once the game changes otherwise (a resignation, a takeback), the job is void.
    pub version: i64,
    /// What to do.
    pub task: Task,
}

/// How many jobs of one kind are being made and how many wait.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JobCounts {
    /// Held by a worker whose lease has not run out.
    pub running: usize,
    /// Waiting for a worker (or held by one whose lease ran out).
    pub waiting: usize,
}

/// The queue at one moment: its bot moves and its analyses.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct QueueCounts {
    /// The bots' moves.
    pub moves: JobCounts,
    /// The analyses.
    pub analyses: JobCounts,
}

impl QueueCounts {
    /// The counts from rows `(kind, running, all)`, one per kind in the queue.
    fn of_rows(rows: impl IntoIterator<Item = (String, i64, i64)>) -> QueueCounts {
        let mut counts = QueueCounts::default();
        for (kind, running, all) in rows {
            let of_kind = JobCounts {
                running: running.max(0) as usize,
                waiting: (all - running).max(0) as usize,
            };
            if kind == JobKind::Analysis.name() {
                counts.analyses = of_kind;
            } else {
                counts.moves = of_kind;
            }
        }
        counts
    }
}

/// Where the analysis of one position stands in the store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisState {
    /// Made: the analysis as JSON (`null` where the game is over at that position).
    Made(String),
    /// Queued for a worker (or being made).
    Queued,
    /// Neither made nor queued.
    Absent,
}

impl AnalysisState {
    /// The state from what the tables hold: the analysis made, if any, and whether one is
    /// queued.
    fn of(made: Option<String>, queued: bool) -> AnalysisState {
        match (made, queued) {
            (Some(made), _) => AnalysisState::Made(made),
            (None, true) => AnalysisState::Queued,
            (None, false) => AnalysisState::Absent,
        }
    }
}

/// A change to a game that a server made and the others should know of: the game and its
/// version after the change ([`Store::follow_changes`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// This game is at this version now.
    Changed {
        /// The game's id.
        game: String,
        /// Its version after the change.
        version: i64,
        /// Whether the change queued a bot move (workers look for a job only then).
        queued: bool,
    },
    /// An analysis of a game's position was queued (workers look for a job) or made
    /// (those waiting for it read it).
    Analysis {
        /// The game's id.
        game: String,
        /// The position's ply.
        ply: usize,
        /// Made (else queued).
        made: bool,
    },
    /// The connection that brings notices was (re)made: notices may have been missed, so
    /// every game held may have changed.
    Resync,
}

/// A fresh game's version: microseconds since 1970, so that versions only grow, also from
/// the change stamps of pages opened before versions were stored.
pub fn first_version() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_micros() as i64)
}

/// Layout 6, the same on both backends ([`sql::Types`] names the column types): people.
/// Accounts (`key` is the name in lower case: names are unique whatever their case) with an
/// argon2id hash of the password (never the password), sessions by the SHA-256 of their
/// secret (a stolen database gives no usable session), each game's players (accounts, or
/// NULL for a seat played by link) and whether it is rated, the ratings per game, each
/// rated game's rating change (whose presence says the game was rated: at most once), the
/// lobby's seeks, the chat of games between people, and the puzzles' ratings and each
/// account's first answer to each puzzle.
const PEOPLE: &str = "CREATE TABLE accounts (
        key TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        password TEXT NOT NULL,
        created_ms {INT} NOT NULL
    );
    CREATE TABLE sessions (
        hash TEXT PRIMARY KEY,
        account TEXT NOT NULL REFERENCES accounts(key),
        created_ms {INT} NOT NULL,
        seen_ms {INT} NOT NULL
    );
    CREATE INDEX sessions_of_account ON sessions (account);
    ALTER TABLE games ADD COLUMN player1 TEXT;
    ALTER TABLE games ADD COLUMN player2 TEXT;
    ALTER TABLE games ADD COLUMN rated {INT} NOT NULL DEFAULT 0;
    CREATE INDEX games_of_player1 ON games (player1) WHERE player1 IS NOT NULL;
    CREATE INDEX games_of_player2 ON games (player2) WHERE player2 IS NOT NULL;
    CREATE TABLE ratings (
        account TEXT NOT NULL REFERENCES accounts(key),
        game TEXT NOT NULL,
        rating {REAL} NOT NULL,
        deviation {REAL} NOT NULL,
        volatility {REAL} NOT NULL,
        games {INT} NOT NULL,
        PRIMARY KEY (account, game)
    );
    CREATE INDEX ratings_of_game ON ratings (game, rating);
    CREATE TABLE rating_changes (
        game_id TEXT NOT NULL REFERENCES games(id),
        account TEXT NOT NULL REFERENCES accounts(key),
        game TEXT NOT NULL,
        rating_before {REAL} NOT NULL,
        rating {REAL} NOT NULL,
        deviation {REAL} NOT NULL,
        volatility {REAL} NOT NULL,
        at_ms {INT} NOT NULL,
        PRIMARY KEY (game_id, account)
    );
    CREATE INDEX rating_changes_of_account ON rating_changes (account, game, at_ms);
    CREATE TABLE seeks (
        id TEXT PRIMARY KEY,
        account TEXT NOT NULL REFERENCES accounts(key),
        game TEXT NOT NULL,
        rated {INT} NOT NULL,
        clock TEXT,
        rules TEXT NOT NULL,
        side TEXT NOT NULL,
        created_ms {INT} NOT NULL,
        seen_ms {INT} NOT NULL,
        game_id TEXT,
        seat {INT}
    );
    CREATE INDEX seeks_of_account ON seeks (account);
    CREATE TABLE chat (
        game_id TEXT NOT NULL REFERENCES games(id),
        at_ms {INT} NOT NULL,
        seat {INT} NOT NULL,
        text TEXT NOT NULL
    );
    CREATE INDEX chat_of_game ON chat (game_id, at_ms);
    CREATE TABLE puzzle_ratings (
        puzzle_id TEXT PRIMARY KEY,
        rating {REAL} NOT NULL,
        deviation {REAL} NOT NULL,
        volatility {REAL} NOT NULL,
        attempts {INT} NOT NULL,
        solved {INT} NOT NULL
    );
    CREATE TABLE puzzle_attempts (
        account TEXT NOT NULL REFERENCES accounts(key),
        puzzle_id TEXT NOT NULL,
        solved {INT} NOT NULL,
        at_ms {INT} NOT NULL,
        PRIMARY KEY (account, puzzle_id)
    );";

/// Layout 7: when each seat's player was last seen on its game's page (the page says so
/// every few seconds), so that every server sharing the database can tell whether a
/// player is online.
const PRESENCE: &str = "CREATE TABLE presence (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat {INT} NOT NULL,
        seen_ms {INT} NOT NULL,
        PRIMARY KEY (game_id, seat)
    );";

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
    pub first: Seat,
    /// Who plays.
    pub mode: Mode,
    /// The bot's seat (1 or 2) in a bot game.
    pub bot_seat: Option<Seat>,
    /// The bot's level in a bot game.
    pub bot_level: Option<u8>,
    /// The secret tokens of seat 1 and seat 2.
    pub tokens: [String; 2],
    /// The seat (1 or 2) of the player who created the game: the only seat that may ask
    /// for its invite link again. `None` for games stored before the server remembered it
    /// (nobody may ask; the creator's page keeps the link it was given).
    pub creator: Option<Seat>,
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
    /// The offers waiting for an answer.
    pub offers: Offers,
    /// The accounts that play seat 1 and seat 2, by name; `None` for a seat played by its
    /// link alone (anonymous) or by a bot.
    pub players: [Option<String>; 2],
    /// Whether the game counts for its players' ratings (only between two accounts).
    pub rated: bool,
    /// The game's version: it grows by one with each change ([`Store::change`]), and pages
    /// keep the state of the highest version they were sent.
    pub version: i64,
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
    /// A game's result on the board, if stored.
    fn result(&self, game_id: &str) -> StoreResult<Option<String>>;
    /// Runs SQL statements (tests only).
    fn execute_batch(&self, sql: &str) -> StoreResult<()>;
    /// Stores a new game.
    fn insert_game(&self, row: &GameRow) -> StoreResult<()>;
    /// Makes `changes` to a game in one transaction with its version advanced by one;
    /// returns the new version. With `expected`, a game at another version is
    /// [`StoreError::Stale`] and nothing changes; a move at a stored ply is
    /// [`StoreError::Conflict`]. A shared database tells the other servers.
    fn apply(&self, game_id: &str, expected: Option<i64>, changes: &[Change]) -> StoreResult<i64>;
    /// A game's version, `None` when there is no such game.
    fn version(&self, game_id: &str) -> StoreResult<Option<i64>>;
    /// Whether other servers may share the database (and change its games).
    fn is_shared(&self) -> bool;
    /// Calls `on_notice` with each change made to the games (by this process, and by other
    /// servers where they share the database) until it returns `false`; `false` when the
    /// changes cannot be followed.
    fn follow_changes(&self, on_notice: Box<dyn FnMut(Notice) -> bool + Send>) -> bool;
    /// The column `at_ms` of each move, in order.
    fn move_moments(&self, game_id: &str) -> StoreResult<Vec<Value>>;
    /// Gives the next job nobody holds (or whose holder's lease ended before `now_ms`) to
    /// `worker` until `until_ms`: bot moves first, then analyses if `analyses`, each kind
    /// round-robin over the clients that asked.
    fn take_job(
        &self,
        worker: &str,
        now_ms: i64,
        until_ms: i64,
        analyses: bool,
    ) -> StoreResult<Option<Job>>;
    /// Extends the lease of `worker` on its jobs `ids` to `until_ms`.
    fn renew_jobs(&self, worker: &str, ids: &[i64], until_ms: i64) -> StoreResult<()>;
    /// Deletes job `id` (void: its game changed, or it needs no move).
    fn drop_job(&self, id: i64) -> StoreResult<()>;
    /// Queues the bot's move of a game at its current version for `client`, unless one is
    /// queued; tells the workers.
    fn queue_job(&self, game_id: &str, client: &str, now_ms: i64) -> StoreResult<()>;
    /// Queues the analysis of the position after `ply` moves of a game for `client`,
    /// unless one is queued; tells the workers.
    fn queue_analysis(
        &self,
        game_id: &str,
        ply: usize,
        client: &str,
        now_ms: i64,
    ) -> StoreResult<()>;
    /// Where the analysis of the position after `ply` moves of a game stands.
    fn analysis(&self, game_id: &str, ply: usize) -> StoreResult<AnalysisState>;
    /// Stores `analysis` (JSON) for the position of job `job_id` and deletes the job, in
    /// one transaction, and tells those waiting; `false` (nothing stored) when the job is
    /// gone. A takeback deletes the jobs of the positions it takes away in its own
    /// transaction: if it came first, the analysis is of a position the game no longer has.
    fn finish_analysis(
        &self,
        job_id: i64,
        game_id: &str,
        ply: usize,
        analysis: &str,
        now_ms: i64,
    ) -> StoreResult<bool>;
    /// The queued jobs at `now_ms`.
    fn job_counts(&self, now_ms: i64) -> StoreResult<QueueCounts>;
    /// How many queued jobs of `kind` `client` asked for.
    fn jobs_of(&self, client: &str, kind: JobKind) -> StoreResult<usize>;
    /// A game's columns (in the order of [`crate::stored::COLUMNS`]) and its moves as
    /// `(ply, move)` in order of ply, read together; `None` when there is no such game.
    fn game_and_moves(&self, game_id: &str) -> StoreResult<Option<GameAndMoves>>;
    /// The ids of bot games that have not ended.
    fn bot_game_ids(&self) -> StoreResult<Vec<String>>;
    /// Runs `work` in one transaction of portable SQL ([`sql`]): kept when it returns
    /// `Ok`, undone when it fails.
    fn transaction(&self, work: &mut dyn FnMut(&mut dyn Sql) -> StoreResult<()>)
    -> StoreResult<()>;
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
    /// The game changed since the server read it (through another server sharing the
    /// database): nothing was changed; the server reads it again.
    #[error(
        "game {} changed meanwhile (another server sharing the database changed it)",
        boardlab_core::quoted(.game)
    )]
    Stale {
        /// The game's id.
        game: String,
    },
    /// There is no game with this id.
    #[error("no game with id {}", boardlab_core::quoted(.game))]
    Missing {
        /// The game's id.
        game: String,
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

    /// Makes `changes` to a game at version `expected` in one transaction, and advances its
    /// version by one; returns the new version. A game at another version (another server
    /// changed it meanwhile) is [`StoreError::Stale`], a move at a stored ply
    /// [`StoreError::Conflict`]: nothing changes then.
    pub fn change(&self, game_id: &str, expected: i64, changes: &[Change]) -> StoreResult<i64> {
        let version = self.backend.apply(game_id, Some(expected), changes)?;
        self.rate_if_ended(game_id, changes);
        Ok(version)
    }

    /// Rates the game if `changes` ended it and it is rated. The game's end is stored
    /// already: a rating that fails here is made by [`Store::rate_pending`] when a server
    /// starts, so the failure is only told to the operator.
    fn rate_if_ended(&self, game_id: &str, changes: &[Change]) {
        let ends = changes
            .iter()
            .any(|change| matches!(change, Change::Result(_) | Change::Ending(_)));
        if ends && let Err(error) = self.rate_game(game_id, crate::clock::now_ms()) {
            eprintln!("boardlab: game {game_id} ended but could not be rated yet: {error}");
        }
    }

    /// A game's version, `None` when there is no such game.
    pub fn version(&self, game_id: &str) -> StoreResult<Option<i64>> {
        self.backend.version(game_id)
    }

    /// Whether other servers may share the database and change its games: then a server
    /// checks a game's version before it changes it ([`Store::version`]).
    pub fn is_shared(&self) -> bool {
        self.backend.is_shared()
    }

    /// Calls `on_notice` with each change made to the database's games until it returns
    /// `false`: on PostgreSQL every server's changes (`LISTEN`, from a thread of its own),
    /// on SQLite this process's own (called by the thread that made the change, so
    /// `on_notice` must not block). Returns `false` when the changes cannot be followed.
    pub fn follow_changes(&self, on_notice: Box<dyn FnMut(Notice) -> bool + Send>) -> bool {
        self.backend.follow_changes(on_notice)
    }

    /// Commits move number `ply` (from 0) of a game, made at `at_ms` (ms since 1970),
    /// whatever the game's version (tests and tools that set games up).
    pub fn insert_move(&self, game_id: &str, ply: usize, mv: &str, at_ms: i64) -> StoreResult<()> {
        let mv = mv.to_string();
        self.backend
            .apply(game_id, None, &[Change::Move { ply, mv, at_ms }])
            .map(|_| ())
    }

    /// Records how a game ended on the board, whatever its version (tests and tools).
    pub fn set_result(&self, game_id: &str, result: &str) -> StoreResult<()> {
        self.unchecked(game_id, Change::Result(result.to_string()))
    }

    /// Records how the players ended a game, whatever its version (tests and tools).
    pub fn set_ending(&self, game_id: &str, ending: Ending) -> StoreResult<()> {
        self.unchecked(game_id, Change::Ending(ending))
    }

    /// Records a game's rematch, whatever its version (tests and tools).
    pub fn set_rematch(&self, game_id: &str, rematch: &str) -> StoreResult<()> {
        self.unchecked(game_id, Change::Rematch(rematch.to_string()))
    }

    /// Deletes the moves from ply `from` on, whatever the game's version (tests and tools).
    pub fn truncate_moves(&self, game_id: &str, from: usize) -> StoreResult<()> {
        self.unchecked(game_id, Change::TakeBack { from })
    }

    fn unchecked(&self, game_id: &str, change: Change) -> StoreResult<()> {
        let changes = [change];
        self.backend.apply(game_id, None, &changes)?;
        self.rate_if_ended(game_id, &changes);
        Ok(())
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

    /// Gives the next job nobody holds (or whose holder's lease ended) to `worker` until
    /// `until_ms` (ms since 1970): bot moves first, then (if `analyses`) analyses, each
    /// kind round-robin over the clients that asked. Of two workers asking at once, each
    /// gets its own.
    pub fn take_job(
        &self,
        worker: &str,
        until_ms: i64,
        analyses: bool,
    ) -> StoreResult<Option<Job>> {
        self.backend
            .take_job(worker, crate::clock::now_ms(), until_ms, analyses)
    }

    /// Extends the lease of `worker` on its jobs `ids` to `until_ms`.
    pub fn renew_jobs(&self, worker: &str, ids: &[i64], until_ms: i64) -> StoreResult<()> {
        if ids.is_empty() {
            return Ok(());
        }
        self.backend.renew_jobs(worker, ids, until_ms)
    }

    /// Deletes job `id`: its game changed, or its bot is not to move. (A move made
    /// deletes its job with the game's change.)
    pub fn drop_job(&self, id: i64) -> StoreResult<()> {
        self.backend.drop_job(id)
    }

    /// Queues the bot's move in a game at its current version for `client`; a game whose
    /// move is queued already keeps its place (and its worker).
    pub fn queue_bot(&self, game_id: &str, client: &str) -> StoreResult<()> {
        self.backend
            .queue_job(game_id, client, crate::clock::now_ms())
    }

    /// Queues the analysis of the position after `ply` moves of a game for `client`; one
    /// queued already keeps its place (and its worker).
    pub fn queue_analysis(&self, game_id: &str, ply: usize, client: &str) -> StoreResult<()> {
        self.backend
            .queue_analysis(game_id, ply, client, crate::clock::now_ms())
    }

    /// Where the analysis of the position after `ply` moves of a game stands: made (its
    /// JSON), queued, or neither.
    pub fn analysis(&self, game_id: &str, ply: usize) -> StoreResult<AnalysisState> {
        self.backend.analysis(game_id, ply)
    }

    /// Stores the `analysis` (JSON) a worker made for analysis job `job` and deletes the
    /// job; `false`, and nothing stored, when the job was voided meanwhile (moves were
    /// taken back: the position is not the game's any more).
    pub fn finish_analysis(&self, job: &Job, analysis: &str) -> StoreResult<bool> {
        let Task::Analysis { ply } = job.task else {
            return Ok(false);
        };
        self.backend
            .finish_analysis(job.id, &job.game, ply, analysis, crate::clock::now_ms())
    }

    /// The queue: bot moves and analyses, being made and waiting.
    pub fn job_counts(&self) -> StoreResult<QueueCounts> {
        self.backend.job_counts(crate::clock::now_ms())
    }

    /// How many queued jobs of `kind` `client` asked for.
    pub fn jobs_of(&self, client: &str, kind: JobKind) -> StoreResult<usize> {
        self.backend.jobs_of(client, kind)
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
