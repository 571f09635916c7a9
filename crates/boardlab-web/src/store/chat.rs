//! The chat of a game between people, in the store (portable SQL, [`super::sql`]).

use super::sql::{RowExt, params};
use super::{Store, StoreResult};
use crate::seat::Seat;

/// One message of a game's chat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatLine {
    /// When it was said, ms since 1970.
    pub at_ms: i64,
    /// The seat that said it.
    pub seat: Seat,
    /// What was said (as typed: the pages show it as text, never as markup).
    pub text: String,
}

impl Store {
    /// Stores a message of `seat` in the chat of `game_id`.
    pub fn insert_chat(
        &self,
        game_id: &str,
        seat: Seat,
        text: &str,
        now_ms: i64,
    ) -> StoreResult<()> {
        self.backend.transaction(&mut |sql| {
            sql.execute(
                "INSERT INTO chat (game_id, at_ms, seat, text) VALUES (?1, ?2, ?3, ?4)",
                params![game_id, now_ms, i64::from(seat.number()), text],
            )?;
            Ok(())
        })
    }

    /// How many messages `seat` said in the chat of `game_id` since `since_ms`, and how
    /// many the chat holds in all.
    pub fn chat_counts(
        &self,
        game_id: &str,
        seat: Seat,
        since_ms: i64,
    ) -> StoreResult<(usize, usize)> {
        let mut counts = (0, 0);
        self.backend.transaction(&mut |sql| {
            let rows = sql.rows(
                "SELECT COUNT(*), COALESCE(SUM(CASE WHEN seat = ?2 AND at_ms >= ?3 THEN 1 ELSE 0 END), 0)
                 FROM chat WHERE game_id = ?1",
                params![game_id, i64::from(seat.number()), since_ms],
            )?;
            if let Some(row) = rows.first() {
                counts = (row.int(1)? as usize, row.int(0)? as usize);
            }
            Ok(())
        })?;
        Ok(counts)
    }

    /// The last `limit` messages of a game's chat, oldest first.
    pub fn chat_of(&self, game_id: &str, limit: usize) -> StoreResult<Vec<ChatLine>> {
        let mut lines = Vec::new();
        self.backend.transaction(&mut |sql| {
            lines = sql
                .rows(
                    "SELECT at_ms, seat, text FROM chat WHERE game_id = ?1
                     ORDER BY at_ms DESC LIMIT ?2",
                    params![game_id, limit as i64],
                )?
                .iter()
                .map(|row| {
                    Ok(ChatLine {
                        at_ms: row.int(0)?,
                        seat: Seat::from_number(row.int(1)? as u8).unwrap_or(Seat::One),
                        text: row.text(2)?,
                    })
                })
                .collect::<StoreResult<_>>()?;
            Ok(())
        })?;
        lines.reverse();
        Ok(lines)
    }
}
