//! The pool's connections, each with the statements of every move and every bot move
//! prepared once when it opens: PostgreSQL then neither parses nor plans them again, and
//! each costs one round trip.

use crate::store::{JobKind, next_turn_sql};
use ::postgres::{Client, Config, Error, NoTls, Statement};
use std::ops::{Deref, DerefMut};

/// The statements a move, a sync, a reload and the queue of bot moves use.
pub(super) struct Prepared {
    /// `version` of game `$1`.
    pub version: Statement,
    /// `version` of game `$1`, its row locked until the transaction ends.
    pub lock_version: Statement,
    /// Stores move `$3` of game `$1` at ply `$2`, made at `$4` ms.
    pub insert_move: Statement,
    /// Sets game `$1`'s `result` to `$2`.
    pub set_result: Statement,
    /// Sets game `$1`'s offers: draw `$2`, takeback `$3`.
    pub set_offers: Statement,
    /// Game `$1` to version `$2`, its queued bot move voided (its analyses stay), notice
    /// `$4` on channel `$3`.
    pub bump: Statement,
    /// Queues the bot move of game `$1` at version `$2` for client `$3` at `$4` ms.
    pub insert_job: Statement,
    /// Game `$1`'s stored columns ([`crate::stored::COLUMNS`]).
    pub game_row: Statement,
    /// Game `$1`'s `(ply, mv)` in order.
    pub moves: Statement,
    /// Game `$1`'s `at_ms` of each move in order.
    pub moments: Statement,
    /// Gives worker `$1` the next free job at `$2` ms until `$3` ms, analyses too if `$4`
    /// (bot moves first, each kind in order of turn).
    pub take_job: Statement,
    /// Renews worker `$2`'s jobs `$1` until `$3` ms.
    pub renew_jobs: Statement,
    /// Deletes job `$1`.
    pub drop_job: Statement,
    /// Counts client `$1`'s queued jobs of kind `$2`.
    pub jobs_of: Statement,
}

impl Prepared {
    fn prepare(client: &mut Client) -> Result<Prepared, Error> {
        Ok(Prepared {
            version: client.prepare("SELECT version FROM games WHERE id = $1")?,
            lock_version: client.prepare("SELECT version FROM games WHERE id = $1 FOR UPDATE")?,
            insert_move: client
                .prepare("INSERT INTO moves (game_id, ply, mv, at_ms) VALUES ($1, $2, $3, $4)")?,
            set_result: client.prepare("UPDATE games SET result = $2 WHERE id = $1")?,
            set_offers: client
                .prepare("UPDATE games SET draw_offer = $2, takeback_offer = $3 WHERE id = $1")?,
            bump: client.prepare(
                "WITH bumped AS (UPDATE games SET version = $2 WHERE id = $1 RETURNING id),
                      voided AS (DELETE FROM jobs WHERE game_id = $1 AND kind = 'move' RETURNING id)
                 SELECT pg_notify($3, $4)",
            )?,
            insert_job: client.prepare(&format!(
                "INSERT INTO jobs (game_id, version, client, created_ms, turn)
                 VALUES ($1, $2, $3, $4, {})",
                next_turn_sql(JobKind::Move, "$3", "greatest")
            ))?,
            game_row: client.prepare(&format!(
                "SELECT {} FROM games WHERE id = $1",
                crate::stored::COLUMNS
            ))?,
            moves: client.prepare("SELECT ply, mv FROM moves WHERE game_id = $1 ORDER BY ply")?,
            moments: client.prepare("SELECT at_ms FROM moves WHERE game_id = $1 ORDER BY ply")?,
            // Bot moves before analyses, each kind in order of turn. SKIP LOCKED: workers
            // asking at once each get another job, none waits for another.
            take_job: client.prepare(
                "WITH next AS (
                     SELECT id FROM jobs
                     WHERE (worker IS NULL OR lease_until_ms < $2) AND (kind = 'move' OR $4)
                     ORDER BY kind = 'analysis', turn, id
                     LIMIT 1 FOR UPDATE SKIP LOCKED)
                 UPDATE jobs SET worker = $1, lease_until_ms = $3 FROM next
                 WHERE jobs.id = next.id
                 RETURNING jobs.id, jobs.game_id, jobs.version, jobs.kind, jobs.ply",
            )?,
            renew_jobs: client.prepare(
                "UPDATE jobs SET lease_until_ms = $3 WHERE id = ANY($1) AND worker = $2",
            )?,
            drop_job: client.prepare("DELETE FROM jobs WHERE id = $1")?,
            jobs_of: client.prepare("SELECT count(*) FROM jobs WHERE client = $1 AND kind = $2")?,
        })
    }
}

/// A connection of the pool and its prepared statements.
pub(super) struct Connection {
    client: Client,
    /// Its prepared statements.
    pub prepared: Prepared,
}

impl Connection {
    /// The client and the statements apart, so that a transaction of the one may use the
    /// other.
    pub fn parts(&mut self) -> (&mut Client, &Prepared) {
        (&mut self.client, &self.prepared)
    }
}

impl Deref for Connection {
    type Target = Client;
    fn deref(&self) -> &Client {
        &self.client
    }
}

impl DerefMut for Connection {
    fn deref_mut(&mut self) -> &mut Client {
        &mut self.client
    }
}

/// Opens the pool's connections (after the database was migrated: the statements name
/// the tables of the current layout).
pub(super) struct Manager {
    pub config: Config,
}

impl r2d2::ManageConnection for Manager {
    type Connection = Connection;
    type Error = Error;

    fn connect(&self) -> Result<Connection, Error> {
        let mut client = self.config.connect(NoTls)?;
        let prepared = Prepared::prepare(&mut client)?;
        Ok(Connection { client, prepared })
    }

    fn is_valid(&self, connection: &mut Connection) -> Result<(), Error> {
        connection.client.simple_query("").map(|_| ())
    }

    fn has_broken(&self, connection: &mut Connection) -> bool {
        connection.client.is_closed()
    }
}
