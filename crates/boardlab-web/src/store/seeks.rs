//! The lobby's seeks in the store (portable SQL, [`super::sql`]): a signed-in player's
//! offer of a game that anyone signed in may accept. An open seek lives while its seeker is
//! seen (the lobby asks again every few seconds); an accepted one names its game.

use super::ratings::GameRating;
use super::sql::{RowExt, params};
use super::{Store, StoreResult};
use crate::seat::Seat;
use crate::stored::Value;
use boardlab_rating::Rating;

/// An open seek leaves the lobby when its seeker has not been seen for this long: 60 s.
pub const SEEK_UNSEEN_MS: i64 = 60_000;

/// An accepted seek is kept this long for its seeker to learn the game: one hour.
pub const SEEK_ACCEPTED_KEPT_MS: i64 = 3_600_000;

/// A seek as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct SeekRow {
    /// Its id.
    pub id: String,
    /// The seeker's account key.
    pub account: String,
    /// The seeker's name as shown.
    pub name: String,
    /// The game's key (a catalog key, or `pasted:…`).
    pub game: String,
    /// Whether the game will be rated.
    pub rated: bool,
    /// The time control, if the game has clocks.
    pub clock: Option<String>,
    /// The rule options, a JSON object of strings.
    pub rules: String,
    /// The seat the seeker wants: `1`, `2` or `random`.
    pub side: String,
    /// When it was made, ms since 1970.
    pub created_ms: i64,
    /// The game made when someone accepted it, and the seeker's seat in it.
    pub accepted: Option<(String, Seat)>,
    /// The seeker's rating at the game (read with the seek; a new player's when none).
    pub rating: GameRating,
}

const SEEK_COLUMNS: &str = "s.id, s.account, a.name, s.game, s.rated, s.clock, s.rules, s.side, \
                            s.created_ms, s.game_id, s.seat, r.rating, r.deviation, r.volatility, r.games";

/// The seeks with their seekers' names and ratings at the seek's game.
const SEEKS_JOINED: &str = "seeks s JOIN accounts a ON a.key = s.account \
                            LEFT JOIN ratings r ON r.account = s.account AND r.game = s.game";

fn seek_of(row: &[Value]) -> StoreResult<SeekRow> {
    let accepted = match (row.text_or_null(9)?, row.int_or_null(10)?) {
        (Some(game), Some(seat @ (1 | 2))) => {
            Seat::from_number(seat as u8).map(|seat| (game, seat))
        }
        _ => None,
    };
    let rating = match row.get(11) {
        Some(Value::Null) | None => GameRating::default(),
        Some(_) => GameRating {
            rating: Rating {
                rating: row.real(11)?,
                deviation: row.real(12)?,
                volatility: row.real(13)?,
            },
            games: row.int(14)?,
        },
    };
    Ok(SeekRow {
        id: row.text(0)?,
        account: row.text(1)?,
        name: row.text(2)?,
        game: row.text(3)?,
        rated: row.int(4)? == 1,
        clock: row.text_or_null(5)?,
        rules: row.text(6)?,
        side: row.text(7)?,
        created_ms: row.int(8)?,
        accepted,
        rating,
    })
}

impl Store {
    /// Stores a new open seek (its `accepted` and `rating` are ignored), and deletes the
    /// seeks that left the lobby: open ones whose seeker is gone, accepted ones kept long
    /// enough.
    pub fn insert_seek(&self, seek: &SeekRow) -> StoreResult<()> {
        self.backend.transaction(&mut |sql| {
            sql.execute(
                "DELETE FROM seeks WHERE (game_id IS NULL AND seen_ms < ?1)
                 OR (game_id IS NOT NULL AND created_ms < ?2)",
                params![
                    seek.created_ms - SEEK_UNSEEN_MS,
                    seek.created_ms - SEEK_ACCEPTED_KEPT_MS
                ],
            )?;
            sql.execute(
                "INSERT INTO seeks (id, account, game, rated, clock, rules, side, created_ms, seen_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)",
                params![
                    seek.id.as_str(),
                    seek.account.as_str(),
                    seek.game.as_str(),
                    seek.rated,
                    seek.clock.clone(),
                    seek.rules.as_str(),
                    seek.side.as_str(),
                    seek.created_ms
                ],
            )?;
            Ok(())
        })
    }

    /// The seek `id`, open or accepted, unless it has left the lobby.
    pub fn seek(&self, id: &str, now_ms: i64) -> StoreResult<Option<SeekRow>> {
        let mut found = None;
        self.backend.transaction(&mut |sql| {
            found = sql
                .row(
                    &format!(
                        "SELECT {SEEK_COLUMNS} FROM {SEEKS_JOINED}
                         WHERE s.id = ?1 AND (s.game_id IS NOT NULL OR s.seen_ms >= ?2)"
                    ),
                    params![id, now_ms - SEEK_UNSEEN_MS],
                )?
                .map(|row| seek_of(&row))
                .transpose()?;
            Ok(())
        })?;
        Ok(found)
    }

    /// The open seeks of the lobby whose seekers are still there, oldest first (at most
    /// `limit`), each with its seeker's rating: one read, however many seeks.
    pub fn open_seeks(&self, now_ms: i64, limit: usize) -> StoreResult<Vec<SeekRow>> {
        let mut seeks = Vec::new();
        self.backend.transaction(&mut |sql| {
            seeks = sql
                .rows(
                    &format!(
                        "SELECT {SEEK_COLUMNS} FROM {SEEKS_JOINED}
                         WHERE s.game_id IS NULL AND s.seen_ms >= ?1
                         ORDER BY s.created_ms, s.id LIMIT ?2"
                    ),
                    params![now_ms - SEEK_UNSEEN_MS, limit as i64],
                )?
                .iter()
                .map(|row| seek_of(row))
                .collect::<StoreResult<_>>()?;
            Ok(())
        })?;
        Ok(seeks)
    }

    /// How many open seeks the account has.
    pub fn open_seeks_of(&self, account: &str, now_ms: i64) -> StoreResult<usize> {
        let mut count = 0;
        self.backend.transaction(&mut |sql| {
            count = sql
                .rows(
                    "SELECT id FROM seeks WHERE account = ?1 AND game_id IS NULL AND seen_ms >= ?2",
                    params![account, now_ms - SEEK_UNSEEN_MS],
                )?
                .len();
            Ok(())
        })?;
        Ok(count)
    }

    /// Marks the account's open seeks seen now: its seeker is still in the lobby. Only
    /// seeks not seen for 5 s are written (the lobby asks every few seconds); a seeker with
    /// no open seek costs one read.
    pub fn seeker_seen(&self, account: &str, now_ms: i64) -> StoreResult<()> {
        self.backend.transaction(&mut |sql| {
            let stale = sql
                .row(
                    "SELECT 1 FROM seeks WHERE account = ?1 AND game_id IS NULL
                     AND seen_ms >= ?2 AND seen_ms < ?3",
                    params![account, now_ms - SEEK_UNSEEN_MS, now_ms - 5_000],
                )?
                .is_some();
            if stale {
                sql.execute(
                    "UPDATE seeks SET seen_ms = ?2 WHERE account = ?1 AND game_id IS NULL AND seen_ms >= ?3",
                    params![account, now_ms, now_ms - SEEK_UNSEEN_MS],
                )?;
            }
            Ok(())
        })
    }

    /// Gives the open seek `id` its game and the seeker's seat in it; `false` when it was
    /// accepted (or withdrawn, or left) meanwhile: one acceptance wins.
    pub fn claim_seek(
        &self,
        id: &str,
        game_id: &str,
        seat: Seat,
        now_ms: i64,
    ) -> StoreResult<bool> {
        let mut claimed = false;
        self.backend.transaction(&mut |sql| {
            claimed = sql.execute(
                "UPDATE seeks SET game_id = ?2, seat = ?3
                 WHERE id = ?1 AND game_id IS NULL AND seen_ms >= ?4",
                params![
                    id,
                    game_id,
                    i64::from(seat.number()),
                    now_ms - SEEK_UNSEEN_MS
                ],
            )? == 1;
            Ok(())
        })?;
        Ok(claimed)
    }

    /// Deletes the seek `id` (withdrawn, or its game could not be made).
    pub fn delete_seek(&self, id: &str) -> StoreResult<()> {
        self.backend.transaction(&mut |sql| {
            sql.execute("DELETE FROM seeks WHERE id = ?1", params![id])?;
            Ok(())
        })
    }

    /// Deletes the account's open seeks (its player signed out).
    pub fn delete_open_seeks_of(&self, account: &str) -> StoreResult<()> {
        self.backend.transaction(&mut |sql| {
            sql.execute(
                "DELETE FROM seeks WHERE account = ?1 AND game_id IS NULL",
                params![account],
            )?;
            Ok(())
        })
    }
}
