//! The games whose clock may run out while nobody has them in memory: correspondence games
//! (days a move), read with the moment of their last move so that the server can flag the
//! ones whose time is up ([`crate::hub::Hub::flag_correspondence`]).

use super::sql::{RowExt, params};
use super::{Store, StoreResult};

/// An unfinished correspondence game: its id, its control (`3d`) and when its last move was
/// stored (ms since 1970; `None` before the second move, when no clock runs yet).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Running {
    /// The game's id.
    pub id: String,
    /// Its control.
    pub clock: String,
    /// When its last move was stored.
    pub last_move_ms: Option<i64>,
}

impl Store {
    /// The unfinished correspondence games.
    pub fn running_correspondence(&self) -> StoreResult<Vec<Running>> {
        let mut games = Vec::new();
        self.backend.transaction(&mut |sql| {
            games = sql
                .rows(
                    "SELECT g.id, g.clock, (SELECT MAX(m.at_ms) FROM moves m WHERE m.game_id = g.id)
                     FROM games g
                     WHERE g.clock LIKE ?1 AND g.result IS NULL AND g.resigned IS NULL AND g.ended IS NULL",
                    params!["%d"],
                )?
                .iter()
                .map(|row| {
                    Ok(Running {
                        id: row.text(0)?,
                        clock: row.text(1)?,
                        last_move_ms: row.int_or_null(2)?,
                    })
                })
                .collect::<StoreResult<_>>()?;
            Ok(())
        })?;
        Ok(games)
    }
}
