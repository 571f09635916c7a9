//! The bots of stored games after a start: each unfinished bot game whose bot is to move
//! gets its move queued again, in the background.

use super::Hub;
use super::error::GameResult;
use super::state::setup_of;
use crate::limits::ClientId;
use crate::session::{self};
use crate::turn;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How far the background resume of stored bot games has come.
#[derive(Debug, Default)]
pub(super) struct Resuming {
    /// Stored unfinished bot games to look at.
    total: AtomicUsize,
    /// Games looked at so far.
    done: AtomicUsize,
    /// Whether the resume runs now.
    running: std::sync::atomic::AtomicBool,
}

impl Hub {
    /// The progress of the background resume of stored bot games after a start, as
    /// `(games looked at, games to look at)`; `None` when it does not run.
    pub fn resume_progress(&self) -> Option<(usize, usize)> {
        self.resuming.running.load(Ordering::Relaxed).then(|| {
            (
                self.resuming.done.load(Ordering::Relaxed),
                self.resuming.total.load(Ordering::Relaxed),
            )
        })
    }

    /// Starts [`resume_bots`](Hub::resume_bots) on its own task and returns at once; the
    /// progress shows from now on (a total of 0 while the games are being counted).
    pub fn resume_bots_in_background(self: &Arc<Hub>) {
        self.resuming.running.store(true, Ordering::Relaxed);
        let hub = self.clone();
        tokio::spawn(async move {
            if let Err(error) = hub.resume_bots().await {
                use std::io::Write;
                let _ = writeln!(
                    std::io::stderr(),
                    "the bots of stored games were not resumed: {}",
                    error
                );
            }
        });
    }

    /// Queues the move of each stored bot game whose bot is to move and whose move is not
    /// queued (games stored before the queue was, or queued moves lost with a database
    /// restored from a backup), without holding the games in memory. Returns the number of
    /// games looked at; progress shows in [`Hub::resume_progress`].
    pub async fn resume_bots(self: &Arc<Hub>) -> GameResult<usize> {
        self.resuming.running.store(true, Ordering::Relaxed);
        self.resuming.total.store(0, Ordering::Relaxed);
        self.resuming.done.store(0, Ordering::Relaxed);
        let ids = self.with_store(|s| s.bot_game_ids()).await;
        let ids = match ids {
            Ok(ids) => ids,
            Err(error) => {
                self.resuming.running.store(false, Ordering::Relaxed);
                return Err(error);
            }
        };
        self.resuming.total.store(ids.len(), Ordering::Relaxed);
        for id in &ids {
            // One damaged game must not keep the others from being served: it is skipped
            // here, and answers its own error when asked for.
            let key = id.clone();
            let queued = self
                .with_store(move |s| {
                    let Some((row, moves)) = s.load(&key)? else {
                        return Ok(());
                    };
                    let owed = setup_of(&row)
                        .ok()
                        .and_then(|setup| session::build(&setup, &moves).ok())
                        .is_some_and(|game| turn::bot_to_move(&row, &game));
                    if owed {
                        s.queue_bot(&key, &ClientId::SERVER.key())?;
                    }
                    Ok(())
                })
                .await;
            if let Err(error) = queued {
                use std::io::Write;
                let _ = writeln!(
                    std::io::stderr(),
                    "not resuming the bot of stored game '{id}': {}",
                    error
                );
            }
            self.resuming.done.fetch_add(1, Ordering::Relaxed);
        }
        self.resuming.running.store(false, Ordering::Relaxed);
        Ok(ids.len())
    }
}
