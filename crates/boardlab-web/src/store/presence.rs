//! When each seat's player was last on its game's page (portable SQL, [`super::sql`]): the
//! page says so every few seconds, and a seat seen within [`ONLINE_MS`] is online.

use super::sql::{RowExt, params};
use super::{Store, StoreResult};
use crate::seat::Seat;

/// How recently a seat must have been seen to count as online, in ms: a little more than
/// two of the page's signs ([`crate::api::presence::EVERY_MS`]), so that one late sign does not
/// show the player away.
pub const ONLINE_MS: i64 = 25_000;

impl Store {
    /// Records that the player of `seat` is on the page of `game_id` at `now_ms`.
    pub fn seat_seen(&self, game_id: &str, seat: Seat, now_ms: i64) -> StoreResult<()> {
        self.backend.transaction(&mut |sql| {
            sql.execute(
                "INSERT INTO presence (game_id, seat, seen_ms) VALUES (?1, ?2, ?3)
                 ON CONFLICT (game_id, seat) DO UPDATE SET seen_ms = excluded.seen_ms",
                params![game_id, i64::from(seat.number()), now_ms],
            )?;
            Ok(())
        })
    }

    /// Whether the players of seats 1 and 2 of `game_id` were seen within [`ONLINE_MS`]
    /// of `now_ms`.
    pub fn seats_online(&self, game_id: &str, now_ms: i64) -> StoreResult<[bool; 2]> {
        let mut online = [false; 2];
        self.backend.transaction(&mut |sql| {
            for row in sql.rows(
                "SELECT seat FROM presence WHERE game_id = ?1 AND seen_ms >= ?2",
                params![game_id, now_ms - ONLINE_MS],
            )? {
                if let seat @ 1..=2 = row.int(0)? {
                    online[seat as usize - 1] = true;
                }
            }
            Ok(())
        })?;
        Ok(online)
    }
}
