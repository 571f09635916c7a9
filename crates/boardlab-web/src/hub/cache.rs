//! The games held in memory: loaded from the store when asked for, created, and dropped
//! again when nobody has used them for a while or there are too many.

use super::Hub;
use super::entry::{Entry, EntryRef};
use super::error::{GameError, GameResult};
use super::state::{result_of, setup_of};
use crate::limits::ClientId;
use crate::memory::give_back_freed_memory;
use crate::seat::Seat;
use crate::session::{self};
use crate::store::GameRow;
use crate::turn;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// How many games stay in memory: beyond it, games nobody is using (no request, nobody
/// following its updates) are dropped, finished ones first, and loaded again
/// from the store when next asked for.
pub const RESIDENT: usize = 256;

/// A game nobody has asked for in this long is dropped from memory when not in use (it is
/// loaded again from the store when next asked for), so that an idle server holds no games.
pub const IDLE_TIME: Duration = Duration::from_secs(60);

/// A game in memory and when it was last asked for.
pub(super) struct Resident {
    /// The game.
    pub(super) entry: EntryRef,
    /// When it was last asked for.
    used: Instant,
}

impl Resident {
    fn new(entry: EntryRef) -> Resident {
        Resident {
            entry,
            used: Instant::now(),
        }
    }

    /// Whether nobody uses the game: no request or bot holds it, no page follows it.
    fn unused(&self) -> Option<IdleGame> {
        if Arc::strong_count(&self.entry) != 1 {
            return None;
        }
        let entry = self.entry.try_lock().ok()?;
        (entry.events.receiver_count() == 0).then(|| IdleGame {
            unfinished: result_of(&entry).is_none(),
            used: self.used,
        })
    }
}

/// What decides which unused game leaves memory first: finished ones, then the longest
/// unused.
#[derive(PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct IdleGame {
    unfinished: bool,
    used: Instant,
}

impl Hub {
    /// The game with this id, loaded from the store on first use.
    pub async fn entry(self: &Arc<Hub>, id: &str) -> GameResult<EntryRef> {
        if let Some(found) = self.games.lock().expect("games lock").get_mut(id) {
            found.used = Instant::now();
            return Ok(found.entry.clone());
        }
        let key = id.to_string();
        let loaded = self
            .with_store(move |s| Ok(s.load(&key)?.zip(Some(s.move_moments(&key)?))))
            .await?;
        let Some(((row, moves), moments)) = loaded else {
            return Err(GameError::not_found(format!(
                "no game with id {}",
                boardlab_core::quoted(id)
            )));
        };
        let session = session::build(&setup_of(&row)?, &moves).map_err(|e| {
            GameError::internal(format!(
                "stored game {} cannot be loaded: {e}",
                boardlab_core::quoted(id)
            ))
        })?;
        let has_bot = row.bot_level.is_some();
        let entry = Arc::new(tokio::sync::Mutex::new(Entry::new(row, session, &moments)?));
        let (found, loaded) = {
            let mut games = self.games.lock().expect("games lock");
            let mut loaded = false;
            let found = games
                .entry(id.to_string())
                .or_insert_with(|| {
                    loaded = true;
                    Resident::new(entry)
                })
                .entry
                .clone();
            (found, loaded)
        };
        self.trim();
        if loaded {
            // A bot to move whose move is not queued (a game stored before the queue was)
            // gets it queued; a queued one keeps its place.
            let bot_to_move = has_bot && {
                let entry = found.lock().await;
                turn::bot_to_move(&entry.row, &entry.session)
            };
            if bot_to_move {
                let id = id.to_string();
                self.with_store(move |s| s.queue_bot(&id, &ClientId::SERVER.key()))
                    .await?;
            }
            self.schedule_flag(&found);
        }
        Ok(found)
    }

    /// The number of games in memory.
    pub fn resident(&self) -> usize {
        self.games.lock().expect("games lock").len()
    }

    /// Drops games nobody is using while more than [`RESIDENT`] are in memory: finished ones
    /// first, then the longest unused. A game in use (a request or a bot holds it, or a page
    /// follows its updates) stays.
    pub(super) fn trim(&self) {
        let mut games = self.games.lock().expect("games lock");
        if games.len() <= RESIDENT {
            return;
        }
        let mut idle: Vec<(IdleGame, String)> = games
            .iter()
            .filter_map(|(id, resident)| Some((resident.unused()?, id.clone())))
            .collect();
        idle.sort();
        let excess = games.len() - RESIDENT;
        for (_, id) in idle.into_iter().take(excess) {
            games.remove(&id);
        }
    }

    /// Drops every game not in use that nobody has asked for in `idle` or longer; returns
    /// how many were dropped.
    pub fn drop_idle(&self, idle: Duration) -> usize {
        let mut games = self.games.lock().expect("games lock");
        let before = games.len();
        games.retain(|_, resident| {
            resident
                .unused()
                .is_none_or(|game| game.used.elapsed() < idle)
        });
        let dropped = before - games.len();
        drop(games);
        if dropped > 0 {
            give_back_freed_memory();
        }
        dropped
    }

    /// Stores a new game and holds it in memory; starts the bot if it moves first, as a
    /// search of `client` (refused with 429, storing nothing, when `client` has as many
    /// searches as it may).
    pub async fn create(self: &Arc<Hub>, row: GameRow, client: ClientId) -> GameResult<()> {
        let session = session::build(&setup_of(&row)?, &[])
            .map_err(|e| GameError::bad_request(e.to_string()))?;
        let bot_first =
            row.bot_level.is_some() && row.bot_seat == Some(Seat::of(session.side_to_move()));
        if bot_first {
            self.check_search_limit(client).await?;
        }
        let stored = row.clone();
        let key = client.key();
        self.with_store(move |s| {
            s.insert_game(&stored)?;
            if bot_first {
                s.queue_bot(&stored.id, &key)?;
            }
            Ok(())
        })
        .await?;
        let id = row.id.clone();
        let entry = Arc::new(tokio::sync::Mutex::new(Entry::new(row, session, &[])?));
        self.games
            .lock()
            .expect("games lock")
            .insert(id, Resident::new(entry.clone()));
        drop(entry);
        self.trim();
        Ok(())
    }
}
