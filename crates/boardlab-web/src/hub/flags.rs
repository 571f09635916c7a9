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
}
