//! The accounts and their sessions in the store (portable SQL, [`super::sql`]).

use super::sql::{RowExt, params};
use super::{Store, StoreResult};
use crate::accounts::{AccountName, SESSION_IDLE_DAYS};

/// An account as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAccount {
    /// Its name as chosen.
    pub name: String,
    /// The argon2id hash of its password (PHC string).
    pub password_hash: String,
    /// When it was made, ms since 1970.
    pub created_ms: i64,
}

/// A session is seen again (its `seen_ms` written) at most once a minute.
const SEEN_EVERY_MS: i64 = 60_000;

impl Store {
    /// Stores a new account; `false` (nothing stored) when its name, in any case, is taken.
    pub fn insert_account(&self, name: &AccountName, hash: &str, now_ms: i64) -> StoreResult<bool> {
        let mut made = false;
        self.backend.transaction(&mut |sql| {
            made = sql.execute(
                "INSERT INTO accounts (key, name, password, created_ms) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (key) DO NOTHING",
                params![name.key.as_str(), name.name.as_str(), hash, now_ms],
            )? == 1;
            Ok(())
        })?;
        Ok(made)
    }

    /// The account whose name, in any case, is `key`'s.
    pub fn account(&self, key: &str) -> StoreResult<Option<StoredAccount>> {
        let mut found = None;
        self.backend.transaction(&mut |sql| {
            found = match sql.row(
                "SELECT name, password, created_ms FROM accounts WHERE key = ?1",
                params![key],
            )? {
                Some(row) => Some(StoredAccount {
                    name: row.text(0)?,
                    password_hash: row.text(1)?,
                    created_ms: row.int(2)?,
                }),
                None => None,
            };
            Ok(())
        })?;
        Ok(found)
    }

    /// Stores a session of the account `key`, by the hash of its secret.
    pub fn insert_session(&self, hash: &str, key: &str, now_ms: i64) -> StoreResult<()> {
        self.backend.transaction(&mut |sql| {
            sql.execute(
                "INSERT INTO sessions (hash, account, created_ms, seen_ms) VALUES (?1, ?2, ?3, ?3)",
                params![hash, key, now_ms],
            )?;
            Ok(())
        })
    }

    /// The account of the session whose secret has this hash, if it is live: unused for
    /// less than [`SESSION_IDLE_DAYS`] (an older one is deleted). Marks it seen.
    pub fn session_account(&self, hash: &str, now_ms: i64) -> StoreResult<Option<AccountName>> {
        let oldest = now_ms - SESSION_IDLE_DAYS * 24 * 3600 * 1000;
        let mut found = None;
        self.backend.transaction(&mut |sql| {
            let Some(row) = sql.row(
                "SELECT a.key, a.name, s.seen_ms FROM sessions s JOIN accounts a ON a.key = s.account
                 WHERE s.hash = ?1",
                params![hash],
            )?
            else {
                return Ok(());
            };
            let seen = row.int(2)?;
            if seen < oldest {
                sql.execute("DELETE FROM sessions WHERE hash = ?1", params![hash])?;
                return Ok(());
            }
            if now_ms - seen >= SEEN_EVERY_MS {
                sql.execute(
                    "UPDATE sessions SET seen_ms = ?2 WHERE hash = ?1",
                    params![hash, now_ms],
                )?;
            }
            found = Some(AccountName {
                key: row.text(0)?,
                name: row.text(1)?,
            });
            Ok(())
        })?;
        Ok(found)
    }

    /// Ends the session whose secret has this hash (signing out); nothing if there is none.
    pub fn delete_session(&self, hash: &str) -> StoreResult<()> {
        self.backend.transaction(&mut |sql| {
            sql.execute("DELETE FROM sessions WHERE hash = ?1", params![hash])?;
            Ok(())
        })
    }
}

/// A game an account played, as its profile lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayedGame {
    /// The game's id.
    pub id: String,
    /// The game's key (`obsidian`).
    pub game: String,
    /// Who played: `bot`, `friend` (also the lobby's games) or `local`.
    pub mode: String,
    /// The accounts of seat 1 and seat 2 (`None`: by link, or a bot).
    pub players: [Option<String>; 2],
    /// The bot's level and seat in a bot game.
    pub bot: Option<(u8, u8)>,
    /// Whether it counted for the ratings.
    pub rated: bool,
    /// Seat 1's score once it is over.
    pub seat1_score: Option<boardlab_rating::Score>,
    /// When it was made, seconds since 1970.
    pub created: i64,
    /// Its time control (`5m+3s`, `3d`), if it has clocks.
    pub clock: Option<String>,
}

/// What a list of an account's games keeps: one game, rated games only.
#[derive(Debug, Clone, Default)]
pub struct GameFilter {
    /// Only this game's key.
    pub game: Option<String>,
    /// Only rated (`Some(true)`) or casual (`Some(false)`) games.
    pub rated: Option<bool>,
}

impl Store {
    /// The games the account `name` (as stored in its games) played, newest first (by the
    /// second of creation, then by version, which starts at the microsecond of creation), at most
    /// `limit` of those `filter` keeps.
    pub fn games_of(
        &self,
        name: &str,
        filter: &GameFilter,
        limit: usize,
    ) -> StoreResult<Vec<PlayedGame>> {
        let mut games = Vec::new();
        self.backend.transaction(&mut |sql| {
            let rated = filter.rated.map(i64::from);
            games = sql
                .rows(
                    "SELECT id, game, mode, player1, player2, bot_level, bot_seat, rated, result,
                            resigned, ended, created, clock
                     FROM games
                     WHERE (player1 = ?1 OR player2 = ?1)
                       AND game = COALESCE(?2, game) AND rated = COALESCE(?3, rated)
                     ORDER BY created DESC, version DESC LIMIT ?4",
                    params![name, filter.game.clone(), rated, limit as i64],
                )?
                .into_iter()
                .map(|row| {
                    let bot = match (row.int_or_null(5)?, row.int_or_null(6)?) {
                        (Some(level), Some(seat)) => Some((level as u8, seat as u8)),
                        _ => None,
                    };
                    Ok(PlayedGame {
                        id: row.text(0)?,
                        game: row.text(1)?,
                        mode: row.text(2)?,
                        players: [row.text_or_null(3)?, row.text_or_null(4)?],
                        bot,
                        rated: row.int(7)? == 1,
                        seat1_score: super::ratings::seat1_score(
                            row.text_or_null(8)?.as_deref(),
                            row.int_or_null(9)?,
                            row.text_or_null(10)?.as_deref(),
                        ),
                        created: row.int(11)?,
                        clock: row.text_or_null(12)?,
                    })
                })
                .collect::<StoreResult<_>>()?;
            Ok(())
        })?;
        Ok(games)
    }
}
