//! The games the server holds in memory, each behind its own lock, with its stream of
//! updates; every change is committed to the store before it is applied and announced.

use crate::bot;
use crate::clock::{LiveClock, now_ms};
use crate::ending::Ending;
use crate::error::{ApiError, ApiResult};
use crate::game_set::{GameSet, PASTED};
use crate::limits::{ClientId, Limits};
use crate::memory::{SolverMemory, give_back_freed_memory};
use crate::record::RecordTags;
use crate::session::{self, GameSetup};
use crate::store::{
    Change, GameRow, JobKind, Mode, Notice, Offers, QueueCounts, Store, StoreError, StoreResult,
};
use crate::turn;
use axum::http::StatusCode;
use boardlab_core::{Player, Setup};
use boardlab_games::AnyGame;
use boardlab_games::GameId;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// One game held in memory.
pub struct Entry {
    /// The stored row.
    pub row: GameRow,
    /// The game itself.
    pub session: AnyGame,
    /// Each new state, as JSON text, for the players and watchers.
    pub events: broadcast::Sender<Arc<String>>,
    /// How many times moves were taken back: a bot's search started before a takeback is
    /// not played after it.
    pub epoch: u64,
    /// The clocks of a timed game.
    pub clock: Option<LiveClock>,
}

impl Entry {
    /// A game in memory; `moments` are when its moves were stored (for its clocks).
    fn new(row: GameRow, session: AnyGame, moments: &[i64]) -> ApiResult<Entry> {
        let clock = row
            .clock
            .as_deref()
            .map(|text| {
                text.parse().map_err(|e: boardlab_ai::TimeControlError| {
                    ApiError::internal(format!(
                        "stored game {}: {e}",
                        boardlab_core::quoted(&row.id)
                    ))
                })
            })
            .transpose()?
            .map(|control| LiveClock::replay(control, session.first_to_move(), moments));
        Ok(Entry {
            clock,
            row,
            session,
            events: broadcast::channel(16).0,
            epoch: 0,
        })
    }

    /// Replays the clocks from the stored moments of the moves (after a takeback).
    fn replay_clock(&mut self, moments: &[i64]) {
        if let Some(clock) = &mut self.clock {
            *clock = LiveClock::replay(clock.control(), self.session.first_to_move(), moments);
        }
    }

    /// Sends the state to everyone following the game (after a change, which advanced the
    /// game's version); returns it.
    fn announce(&mut self) -> Value {
        let state = state_of(self);
        if self.events.receiver_count() > 0 {
            let _ = self.events.send(Arc::new(state.to_string()));
        }
        state
    }

    /// The player who made move number `ply` (from 0): the players alternate from the
    /// first mover.
    fn mover(&self, ply: usize) -> Player {
        let first = self.session.first_to_move();
        if ply.is_multiple_of(2) {
            first
        } else {
            first.opponent()
        }
    }

    fn refuse_if_over(&self) -> ApiResult<()> {
        match result_of(self) {
            Some((_, words)) => Err(ApiError::new(
                StatusCode::CONFLICT,
                format!("the game is over: {words}"),
            )),
            None => Ok(()),
        }
    }
}

/// A shared handle to one game.
pub type EntryRef = Arc<tokio::sync::Mutex<Entry>>;

/// How many games stay in memory: beyond it, games nobody is using (no request, nobody
/// following its updates) are dropped, finished ones first, and loaded again
/// from the store when next asked for.
pub const RESIDENT: usize = 256;

/// A game nobody has asked for in this long is dropped from memory when not in use (it is
/// loaded again from the store when next asked for), so that an idle server holds no games.
pub const IDLE_TIME: Duration = Duration::from_secs(60);

/// A game in memory and when it was last asked for.
struct Resident {
    entry: EntryRef,
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
struct IdleGame {
    unfinished: bool,
    used: Instant,
}

/// How far the background resume of stored bot games has come.
#[derive(Debug, Default)]
struct Resuming {
    /// Stored unfinished bot games to look at.
    total: AtomicUsize,
    /// Games looked at so far.
    done: AtomicUsize,
    /// Whether the resume runs now.
    running: std::sync::atomic::AtomicBool,
}

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
            limits,
            resuming: Resuming::default(),
        })
    }

    /// The bots' moves and the analyses being made now and waiting for a worker (every
    /// server's, where servers share the database).
    pub async fn queue_counts(&self) -> ApiResult<QueueCounts> {
        self.with_store(|s| s.job_counts()).await
    }

    /// Told when any analysis is made ([`crate::analysis`]).
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

    /// Refuses (429, naming the limit) a request of `client` that would queue one more
    /// bot move when `client` has as many queued as it may.
    async fn check_search_limit(&self, client: ClientId) -> ApiResult<()> {
        let key = client.key();
        let queued = self
            .with_store(move |s| s.jobs_of(&key, JobKind::Move))
            .await?;
        let limit = self.limits.searches_per_client;
        if queued < limit {
            return Ok(());
        }
        Err(ApiError::too_many(
            format!(
                "too many bot searches for one client: at most {} at once \
                 (the server's searches-per-client limit); try again when a bot has moved",
                boardlab_core::count(limit as u64, "search", "searches")
            ),
            1,
        ))
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

    /// The limits this hub enforces.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Runs a storage call off the async threads.
    pub async fn with_store<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Store) -> StoreResult<T> + Send + 'static,
    ) -> ApiResult<T> {
        self.store_call(work).await?.map_err(|e| match e {
            // Another request stored this turn's move first: the asker's view is old.
            StoreError::Conflict { .. } => {
                ApiError::new(StatusCode::CONFLICT, format!("{e}; load the game again"))
            }
            e => ApiError::internal(e.to_string()),
        })
    }

    /// Runs `work` on the store off the async threads, giving back the store's own error.
    async fn store_call<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Store) -> StoreResult<T> + Send + 'static,
    ) -> ApiResult<StoreResult<T>> {
        let store = self.store.clone();
        tokio::task::spawn_blocking(move || work(&store))
            .await
            .map_err(|e| ApiError::internal(format!("storage task failed: {e}")))
    }

    /// Stores `changes` to the game of `entry` in one transaction that checks its version
    /// and advances it. When the game changed meanwhile (a worker's bot move, or another
    /// server sharing the database), nothing is stored: the game is read again (and its new
    /// state announced) and the request is refused (409), to be made again on the new
    /// state if it still holds.
    async fn change(&self, entry: &mut Entry, changes: Vec<Change>) -> ApiResult<()> {
        self.try_change(entry, changes).await?.map_err(|error| {
            ApiError::new(
                StatusCode::CONFLICT,
                format!("{error}: nothing was changed; this is the game as it is now"),
            )
        })
    }

    /// [`Hub::change`], but a game changed meanwhile is `Ok(Err(why))`, read again, for
    /// the caller to decide again on the game as it is now.
    async fn try_change(
        &self,
        entry: &mut Entry,
        changes: Vec<Change>,
    ) -> ApiResult<Result<(), StoreError>> {
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
            Err(error) => Err(ApiError::internal(error.to_string())),
        }
    }

    /// Reads the game of `entry` again where a worker or another server sharing the
    /// database changed it: the request that follows sees the game as it is, also just
    /// after a bot's move whose notice has not arrived yet.
    pub async fn sync(&self, entry: &mut Entry) -> ApiResult<()> {
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
    async fn refresh(&self, entry: &mut Entry) -> ApiResult<()> {
        let id = entry.row.id.clone();
        let loaded = self
            .with_store(move |s| Ok(s.load(&id)?.zip(Some(s.move_moments(&id)?))))
            .await?;
        let Some(((row, moves), moments)) = loaded else {
            return Err(ApiError::not_found(format!(
                "no game with id {}",
                boardlab_core::quoted(&entry.row.id)
            )));
        };
        if row.version == entry.row.version {
            return Ok(());
        }
        let session = session::build(&setup_of(&row)?, &moves).map_err(|e| {
            ApiError::internal(format!(
                "stored game {} cannot be loaded: {e}",
                boardlab_core::quoted(&row.id)
            ))
        })?;
        if !moves.starts_with(&entry.session.moves()) {
            entry.epoch += 1;
        }
        entry.row = row;
        entry.session = session;
        entry.replay_clock(&moments);
        entry.announce();
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
                            error.message
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
    pub async fn game_of_key(&self, key: &str) -> ApiResult<GameId> {
        let set = self.game_set().clone();
        if let Some(game) = set.listed_game(key) {
            return Ok(game);
        }
        let unknown = || {
            let ids: Vec<&str> = set.listed().iter().map(|(id, _)| id.as_str()).collect();
            ApiError::bad_request(format!(
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
            .map_err(|e| ApiError::internal(format!("compiling task failed: {e}")))?
            .map_err(|e| ApiError::internal(format!("a stored rules text no longer reads: {e}")))
    }

    /// The game with this id, loaded from the store on first use.
    pub async fn entry(self: &Arc<Hub>, id: &str) -> ApiResult<EntryRef> {
        if let Some(found) = self.games.lock().expect("games lock").get_mut(id) {
            found.used = Instant::now();
            return Ok(found.entry.clone());
        }
        let key = id.to_string();
        let loaded = self
            .with_store(move |s| Ok(s.load(&key)?.zip(Some(s.move_moments(&key)?))))
            .await?;
        let Some(((row, moves), moments)) = loaded else {
            return Err(ApiError::not_found(format!(
                "no game with id {}",
                boardlab_core::quoted(id)
            )));
        };
        let session = session::build(&setup_of(&row)?, &moves).map_err(|e| {
            ApiError::internal(format!(
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
    fn trim(&self) {
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
    pub async fn create(self: &Arc<Hub>, row: GameRow, client: ClientId) -> ApiResult<()> {
        let session = session::build(&setup_of(&row)?, &[])
            .map_err(|e| ApiError::bad_request(e.to_string()))?;
        let bot_first =
            row.bot_level.is_some() && row.bot_seat == Some(session.side_to_move().number());
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

    /// Checks and commits a move for `seat`, then announces it. The caller has checked the
    /// seat's token. In a bot game the bot's answer is a search of `client`: when `client`
    /// has as many as it may, the move is refused (429) and not played.
    pub async fn play(
        self: &Arc<Hub>,
        entry_ref: &EntryRef,
        seat: u8,
        text: &str,
        client: ClientId,
    ) -> ApiResult<Value> {
        let mut entry = entry_ref.lock().await;
        self.sync(&mut entry).await?;
        if let Some(result) = result_of(&entry) {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                format!("the game is over: {}", result.1),
            ));
        }
        let to_move = entry.session.side_to_move().number();
        if to_move != seat {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                format!("it is not seat {seat}'s turn: seat {to_move} is to move"),
            ));
        }
        let canonical = entry
            .session
            .check(text)
            .map_err(|e| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, e.to_string()))?;
        // The bot answers unless the move ends the game: that search needs a place.
        let answers =
            entry.row.bot_level.is_some() && entry.row.bot_seat.is_some_and(|bot| bot != seat) && {
                let mut after = entry.session.clone();
                after.play(&canonical).is_ok() && after.outcome().is_none()
            };
        if answers {
            self.check_search_limit(client).await?;
        }
        let state = self
            .commit(&mut entry, canonical, answers.then_some(client))
            .await?;
        drop(entry);
        self.schedule_flag(entry_ref);
        Ok(state)
    }

    /// Records that `seat` resigned and announces it.
    pub async fn resign(&self, entry_ref: &EntryRef, seat: u8) -> ApiResult<Value> {
        let mut entry = entry_ref.lock().await;
        self.end(&mut entry, Ending::Resigned(seat_player(seat)))
            .await
    }

    /// Ends a game that goes on as the players (or the clock) decided, and announces it.
    /// An ending holds whatever move came meanwhile (a bot's, made by a worker while the
    /// player resigned): on a game changed meanwhile it is made again, unless that ended it.
    async fn end(&self, entry: &mut Entry, ending: Ending) -> ApiResult<Value> {
        self.sync(entry).await?;
        let mut tries = 0;
        loop {
            entry.refuse_if_over()?;
            let mut changes = vec![Change::Ending(ending)];
            if !entry.row.offers.is_empty() {
                changes.push(Change::Offers(Offers::default()));
            }
            tries += 1;
            match self.try_change(entry, changes).await? {
                Ok(()) => break,
                Err(_) if tries < 3 => continue,
                Err(error) => {
                    return Err(ApiError::new(
                        StatusCode::CONFLICT,
                        format!("{error}, three times: the game was not ended; try again"),
                    ));
                }
            }
        }
        entry.row.ending = Some(ending);
        entry.row.offers = Offers::default();
        Ok(entry.announce())
    }

    /// `seat` offers a draw, or accepts the other seat's offer. At one screen the draw is
    /// agreed at once; a bot plays on.
    pub async fn offer_draw(&self, entry_ref: &EntryRef, seat: u8) -> ApiResult<Value> {
        let mut entry = entry_ref.lock().await;
        self.sync(&mut entry).await?;
        entry.refuse_if_over()?;
        match entry.row.mode {
            Mode::Bot => Err(ApiError::new(
                StatusCode::CONFLICT,
                "the bot plays on: bots do not accept draw offers (resign, or play the game out)",
            )),
            Mode::Local => self.end(&mut entry, Ending::Agreed).await,
            Mode::Friend if entry.row.offers.draw == Some(3 - seat) => {
                self.end(&mut entry, Ending::Agreed).await
            }
            Mode::Friend => {
                let offers = Offers {
                    draw: Some(seat),
                    ..entry.row.offers
                };
                self.change(&mut entry, vec![Change::Offers(offers)])
                    .await?;
                entry.row.offers = offers;
                Ok(entry.announce())
            }
        }
    }

    /// `seat` takes its last move back: at once against a bot (with the bot's answer) and
    /// at one screen (the last move, whoever made it); against a friend it asks, and the
    /// other seat's takeback accepts.
    pub async fn takeback(self: &Arc<Hub>, entry_ref: &EntryRef, seat: u8) -> ApiResult<Value> {
        let mut entry = entry_ref.lock().await;
        self.sync(&mut entry).await?;
        entry.refuse_if_over()?;
        let ply = entry.session.ply();
        let last_of = |entry: &Entry, seat: u8| {
            (0..ply)
                .rev()
                .find(|&p| entry.mover(p).number() == seat)
                .ok_or_else(|| {
                    ApiError::new(
                        StatusCode::CONFLICT,
                        format!("seat {seat} has no move to take back"),
                    )
                })
        };
        let back_to = match entry.row.mode {
            Mode::Local if ply == 0 => {
                return Err(ApiError::new(StatusCode::CONFLICT, "no move to take back"));
            }
            Mode::Local => ply - 1,
            Mode::Bot => last_of(&entry, seat)?,
            Mode::Friend if entry.row.offers.takeback == Some(3 - seat) => {
                last_of(&entry, 3 - seat)?
            }
            Mode::Friend => {
                last_of(&entry, seat)?;
                let offers = Offers {
                    takeback: Some(seat),
                    ..entry.row.offers
                };
                self.change(&mut entry, vec![Change::Offers(offers)])
                    .await?;
                entry.row.offers = offers;
                return Ok(entry.announce());
            }
        };
        let mut changes = vec![Change::TakeBack { from: back_to }];
        if !entry.row.offers.is_empty() {
            changes.push(Change::Offers(Offers::default()));
        }
        let moves = entry.session.moves();
        let after = session::build(&setup_of(&entry.row)?, &moves[..back_to])
            .map_err(|e| ApiError::internal(format!("the game cannot be replayed: {e}")))?;
        // Taken back to the bot's turn (at one screen never): its move is queued again.
        if turn::bot_to_move(&entry.row, &after) {
            changes.push(Change::QueueBot {
                client: ClientId::SERVER.key(),
            });
        }
        self.change(&mut entry, changes).await?;
        let id = entry.row.id.clone();
        let moments = self.with_store(move |s| s.move_moments(&id)).await?;
        entry.session = after;
        entry.replay_clock(&moments);
        entry.epoch += 1;
        entry.row.offers = Offers::default();
        let state = entry.announce();
        drop(entry);
        self.schedule_flag(entry_ref);
        Ok(state)
    }

    /// Declines the other seat's offers, or withdraws one's own: every offer is gone. A
    /// finished game, or one with no offer waiting, is refused (409) and left as it was.
    pub async fn decline(&self, entry_ref: &EntryRef) -> ApiResult<Value> {
        let mut entry = entry_ref.lock().await;
        self.sync(&mut entry).await?;
        entry.refuse_if_over()?;
        if entry.row.offers.is_empty() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "there is no offer to decline: decline answers a draw offer or a takeback request while it waits",
            ));
        }
        self.change(&mut entry, vec![Change::Offers(Offers::default())])
            .await?;
        entry.row.offers = Offers::default();
        Ok(entry.announce())
    }

    /// The rematch of a finished game: the same game, rules and opponents with the seats
    /// swapped, made by the first player to ask. Answers the new game's id and the link
    /// of the asking player's new seat only (both seats at one screen). The rematch's
    /// creator is the seat the old game's creator now holds, whoever asked first, so that
    /// only they may ask for its invite link. A bot that moves first in the new game is a
    /// search of `client`.
    pub async fn rematch(
        self: &Arc<Hub>,
        entry_ref: &EntryRef,
        seat: u8,
        client: ClientId,
    ) -> ApiResult<Value> {
        let mut entry = entry_ref.lock().await;
        self.sync(&mut entry).await?;
        if result_of(&entry).is_none() {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "the game is not over: a rematch starts when it is",
            ));
        }
        let new_seat = 3 - seat;
        let row = match entry.row.rematch.clone() {
            Some(id) => {
                drop(entry);
                self.entry(&id).await?.lock().await.row.clone()
            }
            None => {
                let old = &entry.row;
                let row = GameRow {
                    id: crate::create::secret(false),
                    bot_seat: old.bot_seat.map(|bot| 3 - bot),
                    tokens: [crate::create::secret(true), crate::create::secret(true)],
                    // The creator of the game creates its rematch too, whoever asks first:
                    // the invited player never gets the creator's link (docs/web.md).
                    creator: old.creator.map(|creator| 3 - creator),
                    ending: None,
                    rematch: None,
                    offers: Offers::default(),
                    version: crate::store::first_version(),
                    ..old.clone()
                };
                // The new game first: a rematch link never names a game not stored. If
                // another server made the rematch meanwhile, this one is left unused.
                self.create(row.clone(), client).await?;
                self.change(&mut entry, vec![Change::Rematch(row.id.clone())])
                    .await?;
                entry.row.rematch = Some(row.id.clone());
                entry.announce();
                row
            }
        };
        let link = match row.mode {
            Mode::Local => format!("/g/{}#1={}&2={}", row.id, row.tokens[0], row.tokens[1]),
            _ => format!(
                "/g/{}#{new_seat}={}",
                row.id,
                row.tokens[usize::from(new_seat - 1)]
            ),
        };
        Ok(json!({ "id": row.id, "seat": new_seat, "link": link }))
    }

    /// Commits a checked move (with the bot's answer queued for `queue`, the client it
    /// counts against), applies it, announces the new state and returns it.
    async fn commit(
        &self,
        entry: &mut Entry,
        canonical: String,
        queue: Option<ClientId>,
    ) -> ApiResult<Value> {
        let played = match turn::play(
            &entry.row,
            &entry.session,
            entry.clock,
            &canonical,
            now_ms(),
        ) {
            Ok(played) => played,
            // A move that comes after its clock ran out loses on time instead.
            Err(turn::NotPlayed::Flagged(mover)) => {
                self.end(entry, Ending::Flagged(mover)).await?;
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    format!(
                        "the game is over: {}'s time ran out before the move",
                        entry.session.side_name(mover)
                    ),
                ));
            }
            Err(turn::NotPlayed::Refused(why)) => {
                return Err(ApiError::internal(format!(
                    "a checked move failed to play: {why}"
                )));
            }
        };
        let mut changes = played.changes;
        if let Some(client) = queue {
            changes.push(Change::QueueBot {
                client: client.key(),
            });
        }
        self.change(entry, changes).await?;
        entry.clock = played.clock;
        entry.session = played.after;
        entry.row.offers = Offers::default();
        Ok(entry.announce())
    }

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
                    error.message
                );
            }
        });
    }

    /// Queues the move of each stored bot game whose bot is to move and whose move is not
    /// queued (games stored before the queue was, or queued moves lost with a database
    /// restored from a backup), without holding the games in memory. Returns the number of
    /// games looked at; progress shows in [`Hub::resume_progress`].
    pub async fn resume_bots(self: &Arc<Hub>) -> ApiResult<usize> {
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
                    error.message
                );
            }
            self.resuming.done.fetch_add(1, Ordering::Relaxed);
        }
        self.resuming.running.store(false, Ordering::Relaxed);
        Ok(ids.len())
    }
}

/// The setup of a stored game.
pub fn setup_of(row: &GameRow) -> ApiResult<GameSetup> {
    let game = row.played;
    // A stored row that does not read is the server's fault (5xx), not the request's.
    let rules: HashMap<String, String> = serde_json::from_str(&row.rules).map_err(|e| {
        ApiError::internal(format!(
            "stored game '{}' cannot be loaded: its rules are not JSON: {e}",
            row.id
        ))
    })?;
    let mut rules: Vec<String> = rules
        .into_iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect();
    rules.sort();
    Ok(GameSetup {
        game,
        setup: Setup {
            rules,
            first: Player::from_number(row.first).unwrap_or(Player::One),
            position: row.position.clone(),
            board: row.board.clone(),
        },
    })
}

/// The result of a finished game, `(score, words)`, or `None` while it goes on.
pub fn result_of(entry: &Entry) -> Option<(String, String)> {
    let session = &entry.session;
    if let Some(outcome) = session.outcome() {
        let words = outcome.describe(|p| session.side_name(p));
        return Some((outcome.score_text().to_string(), words));
    }
    let ending = entry.row.ending?;
    Some((
        ending.score().to_string(),
        ending.describe(|p| session.side_name(p)),
    ))
}

/// The player of a seat number the API has checked (1 or 2).
fn seat_player(seat: u8) -> Player {
    Player::from_number(seat).unwrap_or(Player::One)
}

/// Who sits in a seat, in words.
pub fn seat_label(row: &GameRow, seat: u8) -> String {
    match (row.mode, row.bot_seat) {
        (Mode::Bot, Some(bot)) if bot == seat => match row.bot_level.unwrap_or(1) {
            bot::PERFECT => "bot (perfect)".to_string(),
            level => format!("bot (level {level})"),
        },
        // Not "you": watchers see this label too, and records keep it. The page says "you"
        // to whoever holds the seat's link.
        (Mode::Bot, _) => "human player".to_string(),
        (Mode::Friend, _) => format!("player at seat {seat}"),
        (Mode::Local, _) => format!("seat {seat} (this screen)"),
    }
}

/// The tags of the game's record.
pub fn record_tags(entry: &Entry) -> RecordTags {
    RecordTags {
        player1: seat_label(&entry.row, 1),
        player2: seat_label(&entry.row, 2),
        ending: entry.row.ending,
    }
}

/// The state of a game that every client sees: the same for players and watchers.
pub fn state_of(entry: &Entry) -> Value {
    let session = &entry.session;
    let ply = session.ply();
    let result = result_of(entry).map(|(score, text)| json!({ "score": score, "text": text }));
    json!({
        "id": entry.row.id,
        "game": entry.row.game,
        "mode": entry.row.mode.name(),
        "rules": serde_json::from_str::<Value>(&entry.row.rules).unwrap_or(Value::Null),
        "bot_seat": entry.row.bot_seat,
        "bot_level": entry.row.bot_level,
        "ply": ply,
        "first": session.first_to_move().number(),
        "restriction": if result.is_some() { None } else { session.restriction() },
        "moves": session.moves(),
        "legal": if result.is_some() { Vec::new() } else { session.legal_moves() },
        "view": crate::view::view_at(session, ply),
        "result": result,
        "names": { "1": session.side_name(Player::One), "2": session.side_name(Player::Two) },
        "seats": { "1": seat_label(&entry.row, 1), "2": seat_label(&entry.row, 2) },
        "offers": { "draw": entry.row.offers.draw, "takeback": entry.row.offers.takeback },
        "version": entry.row.version,
        "clock": entry.clock.map(|c| c.json(session.side_to_move(), result.is_some(), now_ms())),
        "rematch": entry.row.rematch,
    })
}
