//! Changes to the store and what others changed: each change checks the game's version,
//! and a game changed by a worker or by another server sharing the database is read again.

use super::Hub;
use super::entry::{Entry, EntryRef};
use super::error::{GameError, GameResult};
use super::events::Before;
use super::state::setup_of;
use crate::session::{self};
use crate::store::{Change, Notice, StoreError};
use std::sync::Arc;

impl Hub {
    /// Stores `changes` to the game of `entry` in one transaction that checks its version
    /// and advances it. When the game changed meanwhile (a worker's bot move, or another
    /// server sharing the database), nothing is stored: the game is read again (and its new
    /// state announced) and the request is refused (409), to be made again on the new
    /// state if it still holds.
    pub(super) async fn change(&self, entry: &mut Entry, changes: Vec<Change>) -> GameResult<()> {
        self.try_change(entry, changes).await?.map_err(|error| {
            GameError::refused(format!(
                "{error}: nothing was changed; this is the game as it is now"
            ))
        })
    }

    /// [`Hub::change`], but a game changed meanwhile is `Ok(Err(why))`, read again, for
    /// the caller to decide again on the game as it is now.
    pub(super) async fn try_change(
        &self,
        entry: &mut Entry,
        changes: Vec<Change>,
    ) -> GameResult<Result<(), StoreError>> {
        let (id, expected) = (entry.row.id.clone(), entry.row.version);
        match self
            .store_call(move |s| s.change(&id, expected, &changes))
            .await?
        {
            Ok(version) => {
                entry.row.version = version;
                Ok(Ok(()))
            }
            Err(error @ (StoreError::Stale { .. } | StoreError::Conflict { .. })) => {
                self.refresh(entry).await?;
                Ok(Err(error))
            }
            Err(error) => Err(GameError::internal(error.to_string())),
        }
    }

    /// Reads the game of `entry` again where a worker or another server sharing the
    /// database changed it: the request that follows sees the game as it is, also just
    /// after a bot's move whose notice has not arrived yet.
    pub async fn sync(&self, entry: &mut Entry) -> GameResult<()> {
        let id = entry.row.id.clone();
        let version = self.with_store(move |s| s.version(&id)).await?;
        if version != Some(entry.row.version) {
            self.refresh(entry).await?;
        }
        Ok(())
    }

    /// Reads the game of `entry` from the store again and, if it changed, replaces it in
    /// memory and announces its new state: the clock is replayed, and a bot's search for the
    /// old position stops.
    pub(super) async fn refresh(&self, entry: &mut Entry) -> GameResult<()> {
        let id = entry.row.id.clone();
        let loaded = self
            .with_store(move |s| Ok(s.load(&id)?.zip(Some(s.move_moments(&id)?))))
            .await?;
        let Some(((row, moves), moments)) = loaded else {
            return Err(GameError::not_found(format!(
                "no game with id {}",
                boardlab_core::quoted(&entry.row.id)
            )));
        };
        if row.version == entry.row.version {
            return Ok(());
        }
        let session = session::build(&setup_of(&row)?, &moves).map_err(|e| {
            GameError::internal(format!(
                "stored game {} cannot be loaded: {e}",
                boardlab_core::quoted(&row.id)
            ))
        })?;
        if !moves.starts_with(&entry.session.moves()) {
            entry.epoch += 1;
        }
        let before = Before::of(entry);
        entry.row = row;
        entry.session = session;
        entry.replay_moments(&moments);
        let events = before.events_to(entry);
        entry.announce(events);
        Ok(())
    }

    /// Follows the changes other servers sharing the database make (PostgreSQL's
    /// `LISTEN`): a game held here that has watchers here or a clock is read again, its
    /// watchers get its new state and its clock is watched; any other waits for the next
    /// request to read it. After a lost connection every such game held is checked. Does nothing for a database of one
    /// server.
    pub fn follow_other_servers(self: &Arc<Hub>) {
        let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Notice>();
        let following = self
            .store
            .follow_changes(Box::new(move |notice| tx.send(notice).is_ok()));
        if !following {
            return;
        }
        let hub = Arc::downgrade(self);
        tokio::spawn(async move {
            while let Some(notice) = rx.recv().await {
                let Some(hub) = hub.upgrade() else { return };
                let held: Vec<EntryRef> = {
                    let games = hub.games.lock().expect("games lock");
                    match &notice {
                        Notice::Changed { game, .. } => games
                            .get(game)
                            .map(|r| r.entry.clone())
                            .into_iter()
                            .collect(),
                        Notice::Analysis { made, .. } => {
                            if *made {
                                hub.analyses_made.notify_waiters();
                            }
                            continue;
                        }
                        Notice::Resync => {
                            hub.analyses_made.notify_waiters();
                            games.values().map(|r| r.entry.clone()).collect()
                        }
                    }
                };
                for entry_ref in held {
                    let mut entry = entry_ref.lock().await;
                    let behind = match &notice {
                        Notice::Changed { version, .. } => *version > entry.row.version,
                        Notice::Analysis { .. } => false,
                        Notice::Resync => true,
                    };
                    // On a shared database, a game that nobody follows here and that has
                    // no clock to watch is read again only when a request asks for it
                    // (`sync`): with requests spread over the servers, each would otherwise
                    // replay every move. (On SQLite the notice is all that brings the
                    // workers' moves.)
                    let followed = !hub.store.is_shared()
                        || entry.events.receiver_count() > 0
                        || entry.clock.is_some();
                    if !behind || !followed {
                        continue;
                    }
                    if let Err(error) = hub.refresh(&mut entry).await {
                        use std::io::Write;
                        let _ = writeln!(
                            std::io::stderr(),
                            "game {} changed by another server cannot be read again: {}",
                            boardlab_core::quoted(&entry.row.id),
                            error
                        );
                        continue;
                    }
                    drop(entry);
                    // This server watches the new clock too: whichever server notices the
                    // flag first ends the game (the version check lets one do it).
                    hub.schedule_flag(&entry_ref);
                }
            }
        });
    }
}
