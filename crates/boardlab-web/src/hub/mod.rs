//! The games the server holds in memory, each behind its own lock, with its stream of
//! updates; every change is committed to the store before it is applied and announced.
//!
//! One file per concern: `entry.rs` (one game in memory), `cache.rs` (which games are in
//! memory), `actions.rs` (what players do), `events.rs` (what happened, as domain events),
//! `sync.rs` (changes, and what workers and other servers changed), `flags.rs` (the clock's
//! flag), `bots.rs` (resuming the bots after a start), `error.rs` (why an action was not
//! done, by meaning), `state.rs` (what is said of a game: its result, seats and record),
//! `game_state.rs` (the state every client sees, typed).

mod actions;
pub mod analysis;
mod bots;
mod cache;
mod entry;
mod error;
mod events;
mod flags;
mod game_state;
mod state;
mod sync;

pub use cache::{IDLE_TIME, RESIDENT};

/// How often the server looks for correspondence games whose time is up while they are out
/// of memory ([`Hub::flag_correspondence`]).
pub const CORRESPONDENCE_SWEEP: std::time::Duration = std::time::Duration::from_secs(60);
pub use actions::Rematch;
pub use entry::{Entry, EntryRef};
pub use error::{GameError, GameResult};
pub use events::GameEvent;
pub use game_state::{Finished, GameState};
pub use state::{record_tags, result_of, seat_label, setup_of, state_of};

use crate::game_set::{GameSet, PASTED};
use crate::limits::Limits;
use crate::memory::SolverMemory;
use crate::store::{QueueCounts, Store, StoreError, StoreResult};
use boardlab_games::GameId;
use bots::Resuming;
use cache::Resident;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// All games of the server and the store behind them.
pub struct Hub {
    store: Arc<Store>,
    games: Mutex<HashMap<String, Resident>>,
    limits: Limits,
    /// Told when any analysis is made (the requests waiting for one look again).
    analyses_made: tokio::sync::Notify,
    /// The memory of the perfect player's (and the analysis's) solver.
    solver_memory: Arc<SolverMemory>,
    resuming: Resuming,
    /// Sign-in limits and password hashing ([`crate::api::people`]).
    people: crate::api::people::People,
}

impl Hub {
    /// A hub over `store`, with the default limits.
    pub fn new(store: Store) -> Arc<Hub> {
        Hub::with_limits(store, Limits::default())
    }

    /// A hub over `store` that enforces `limits`.
    pub fn with_limits(store: Store, limits: Limits) -> Arc<Hub> {
        Arc::new(Hub {
            store: Arc::new(store),
            games: Mutex::new(HashMap::new()),
            analyses_made: tokio::sync::Notify::new(),
            solver_memory: SolverMemory::new(limits.solver_mib_per_search, limits.solver_mib_total),
            people: crate::api::people::People::new(limits.sign_ins_per_minute),
            limits,
            resuming: Resuming::default(),
        })
    }

    /// The bots' moves and the analyses being made now and waiting for a worker (every
    /// server's, where servers share the database).
    pub async fn queue_counts(&self) -> GameResult<QueueCounts> {
        self.with_store(|s| s.job_counts()).await
    }

    /// Told when any analysis is made ([`crate::hub::analysis`]).
    pub(crate) fn analyses_made(&self) -> &tokio::sync::Notify {
        &self.analyses_made
    }

    /// The memory of the perfect player's and the analyses' solver tables (the server's
    /// own workers share it).
    pub fn solver_memory(&self) -> Arc<SolverMemory> {
        self.solver_memory.clone()
    }

    /// The MiB the solver's tables take now.
    pub fn solver_mib_in_use(&self) -> usize {
        self.solver_memory.in_use()
    }

    /// The store behind the hub (the only connection to its database while the server
    /// runs: tests read what was stored through it).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The store behind the hub, shared (the server's own workers use it).
    pub fn shared_store(&self) -> Arc<Store> {
        self.store.clone()
    }

    /// The sign-in limits and password hashing of the server.
    pub fn people(&self) -> &crate::api::people::People {
        &self.people
    }

    /// The limits this hub enforces.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Runs a storage call off the async threads.
    pub async fn with_store<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Store) -> StoreResult<T> + Send + 'static,
    ) -> GameResult<T> {
        self.store_call(work).await?.map_err(|e| match e {
            // Another request stored this turn's move first: the asker's view is old.
            StoreError::Conflict { .. } => GameError::refused(format!("{e}; load the game again")),
            e => GameError::internal(e.to_string()),
        })
    }

    /// Runs `work` on the store off the async threads, giving back the store's own error.
    pub(super) async fn store_call<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Store) -> StoreResult<T> + Send + 'static,
    ) -> GameResult<StoreResult<T>> {
        let store = self.store.clone();
        tokio::task::spawn_blocking(move || work(&store))
            .await
            .map_err(|e| GameError::internal(format!("storage task failed: {e}")))
    }

    /// The kind of database the games are stored in: `sqlite` or `postgres`.
    pub fn store_kind(&self) -> &'static str {
        self.store.backend_name()
    }

    /// The games this server plays.
    pub fn game_set(&self) -> &Arc<GameSet> {
        self.store.games()
    }

    /// The game a request names by its key (a listed game, or a pasted one), or a 400
    /// error naming the games there are.
    pub async fn game_of_key(&self, key: &str) -> GameResult<GameId> {
        let set = self.game_set().clone();
        if let Some(game) = set.listed_game(key) {
            return Ok(game);
        }
        let unknown = || {
            let ids: Vec<&str> = set.listed().iter().map(|(id, _)| id.as_str()).collect();
            GameError::bad_request(format!(
                "unknown game {}; this server's games: {}, or the key of a pasted rules file \
                 ({PASTED}…, from POST /api/rules)",
                boardlab_core::quoted(key),
                ids.join(", ")
            ))
        };
        let Some(pasted) = key.strip_prefix(PASTED) else {
            return Err(unknown());
        };
        if let Some(game) = set.known_paste(pasted) {
            return Ok(game);
        }
        let wanted = pasted.to_string();
        let text = self.with_store(move |s| s.pasted_text(&wanted)).await?;
        let text = text.ok_or_else(unknown)?;
        let (set, pasted) = (set.clone(), pasted.to_string());
        tokio::task::spawn_blocking(move || set.stored_paste(&pasted, &text))
            .await
            .map_err(|e| GameError::internal(format!("compiling task failed: {e}")))?
            .map_err(|e| GameError::internal(format!("a stored rules text no longer reads: {e}")))
    }
}
