//! The flag watcher: a timed game whose side to move runs out of time is lost on time,
//! without waiting for a request.

use super::Hub;
use super::entry::EntryRef;
use super::state::result_of;
use crate::clock::now_ms;
use crate::ending::Ending;
use std::sync::Arc;

impl Hub {
    /// Watches the clock of the side to move in a timed game: when it runs out before the
    /// next change, the game is lost on time. The watcher does not keep the game in memory;
    /// a game loaded again is watched again.
    pub fn schedule_flag(self: &Arc<Hub>, entry_ref: &EntryRef) {
        let hub = self.clone();
        let weak = Arc::downgrade(entry_ref);
        tokio::spawn(async move {
            let (at, epoch, ply) = {
                let Some(entry_ref) = weak.upgrade() else {
                    return;
                };
                let entry = entry_ref.lock().await;
                let to_move = entry.session.side_to_move();
                let Some(at) = entry.clock.and_then(|c| c.flag_time(to_move)) else {
                    return;
                };
                if result_of(&entry).is_some() {
                    return;
                }
                (at, entry.epoch, entry.session.ply())
            };
            let wait = (at - now_ms()).max(0) as u64;
            tokio::time::sleep(std::time::Duration::from_millis(wait + 10)).await;
            let Some(entry_ref) = weak.upgrade() else {
                return;
            };
            let mut entry = entry_ref.lock().await;
            if entry.epoch == epoch && entry.session.ply() == ply {
                let to_move = entry.session.side_to_move();
                let _ = hub.end(&mut entry, Ending::Flagged(to_move)).await;
            }
        });
    }

    /// Loads each correspondence game whose move's time is up (or will be within `ahead`):
    /// loaded, its flag watcher ends it on time. Games held in memory are watched already;
    /// the others (left memory while their player thinks for days) are found here. How many
    /// were loaded.
    pub async fn flag_correspondence(self: &Arc<Hub>, ahead: std::time::Duration) -> usize {
        let Ok(running) = self.with_store(|s| s.running_correspondence()).await else {
            return 0;
        };
        let soon = now_ms() + ahead.as_millis() as i64;
        let mut loaded = 0;
        for game in running {
            let per_move = game
                .clock
                .parse::<crate::clock::Control>()
                .ok()
                .and_then(|control| control.per_move());
            let (Some(per_move), Some(last)) = (per_move, game.last_move_ms) else {
                continue;
            };
            if last + per_move.as_millis() as i64 <= soon && self.entry(&game.id).await.is_ok() {
                loaded += 1;
            }
        }
        loaded
    }
}
