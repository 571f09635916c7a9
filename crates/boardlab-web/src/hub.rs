//! The games the server holds in memory, each behind its own lock, with its stream of
//! updates; every change is committed to the store before it is applied and announced.

use crate::bot;
use crate::error::{ApiError, ApiResult};
use crate::record::RecordTags;
use crate::session::{self, GameSetup, Session};
use crate::store::{GameRow, Mode, Store, StoreResult};
use axum::http::StatusCode;
use boardlab_core::Player;
use boardlab_games::GameId;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// One game held in memory.
pub struct Entry {
    /// The stored row.
    pub row: GameRow,
    /// The game itself.
    pub session: Box<dyn Session>,
    /// Each new state, as JSON text, for the players and watchers.
    pub events: broadcast::Sender<Arc<String>>,
}

/// A shared handle to one game.
pub type EntryRef = Arc<tokio::sync::Mutex<Entry>>;

/// How many games stay in memory: beyond it, games nobody is using (no request, no bot
/// thinking, nobody following its updates) are dropped, finished ones first, and loaded again
/// from the store when next asked for.
pub const RESIDENT: usize = 256;

/// All games of the server and the store behind them.
pub struct Hub {
    store: Arc<Store>,
    games: Mutex<HashMap<String, EntryRef>>,
}

impl Hub {
    /// A hub over `store`.
    pub fn new(store: Store) -> Arc<Hub> {
        Arc::new(Hub {
            store: Arc::new(store),
            games: Mutex::new(HashMap::new()),
        })
    }

    /// Runs a storage call off the async threads.
    pub async fn with_store<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Store) -> StoreResult<T> + Send + 'static,
    ) -> ApiResult<T> {
        let store = self.store.clone();
        tokio::task::spawn_blocking(move || work(&store))
            .await
            .map_err(|e| ApiError::internal(format!("storage task failed: {e}")))?
            .map_err(|e| ApiError::internal(e.to_string()))
    }

    /// The game with this id, loaded from the store on first use.
    pub async fn entry(&self, id: &str) -> ApiResult<EntryRef> {
        if let Some(found) = self.games.lock().expect("games lock").get(id) {
            return Ok(found.clone());
        }
        let key = id.to_string();
        let loaded = self.with_store(move |s| s.load(&key)).await?;
        let Some((row, moves)) = loaded else {
            return Err(ApiError::not_found(format!("no game with id '{id}'")));
        };
        let session = session::build(&setup_of(&row)?, &moves)
            .map_err(|e| ApiError::internal(format!("stored game '{id}' cannot be loaded: {e}")))?;
        let entry = Arc::new(tokio::sync::Mutex::new(Entry {
            row,
            session,
            events: broadcast::channel(16).0,
        }));
        let found = {
            let mut games = self.games.lock().expect("games lock");
            games.entry(id.to_string()).or_insert(entry).clone()
        };
        self.trim();
        Ok(found)
    }

    /// The number of games in memory.
    pub fn resident(&self) -> usize {
        self.games.lock().expect("games lock").len()
    }

    /// Drops games nobody is using while more than [`RESIDENT`] are in memory: finished ones
    /// first. A game in use (a request or a bot holds it, or a page follows its updates)
    /// stays.
    fn trim(&self) {
        let mut games = self.games.lock().expect("games lock");
        if games.len() <= RESIDENT {
            return;
        }
        let mut idle: Vec<(bool, String)> = games
            .iter()
            .filter(|(_, entry)| Arc::strong_count(entry) == 1)
            .filter_map(|(id, entry)| {
                let entry = entry.try_lock().ok()?;
                (entry.events.receiver_count() == 0)
                    .then(|| (result_of(&entry).is_none(), id.clone()))
            })
            .collect();
        // Finished games (false) first.
        idle.sort();
        let excess = games.len() - RESIDENT;
        for (_, id) in idle.into_iter().take(excess) {
            games.remove(&id);
        }
    }

    /// Stores a new game and holds it in memory; starts the bot if it moves first.
    pub async fn create(self: &Arc<Hub>, row: GameRow) -> ApiResult<()> {
        let session = session::build(&setup_of(&row)?, &[]).map_err(ApiError::bad_request)?;
        let stored = row.clone();
        self.with_store(move |s| s.insert_game(&stored)).await?;
        let id = row.id.clone();
        let entry = Arc::new(tokio::sync::Mutex::new(Entry {
            row,
            session,
            events: broadcast::channel(16).0,
        }));
        self.games
            .lock()
            .expect("games lock")
            .insert(id, entry.clone());
        self.schedule_bot(entry);
        self.trim();
        Ok(())
    }

    /// Checks and commits a move for `seat`, then announces it. The caller has checked the
    /// seat's token.
    pub async fn play(
        self: &Arc<Hub>,
        entry_ref: &EntryRef,
        seat: u8,
        text: &str,
    ) -> ApiResult<Value> {
        let mut entry = entry_ref.lock().await;
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
        let state = self.commit(&mut entry, canonical).await?;
        drop(entry);
        self.schedule_bot(entry_ref.clone());
        Ok(state)
    }

    /// Records that `seat` resigned and announces it.
    pub async fn resign(&self, entry_ref: &EntryRef, seat: u8) -> ApiResult<Value> {
        let mut entry = entry_ref.lock().await;
        if let Some(result) = result_of(&entry) {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                format!("the game is over: {}", result.1),
            ));
        }
        let id = entry.row.id.clone();
        self.with_store(move |s| s.set_resigned(&id, seat)).await?;
        entry.row.resigned = Some(seat);
        let state = state_of(&entry);
        let _ = entry.events.send(Arc::new(state.to_string()));
        Ok(state)
    }

    /// Commits a checked move, applies it, announces the new state and returns it.
    async fn commit(&self, entry: &mut Entry, canonical: String) -> ApiResult<Value> {
        let (id, ply, mv) = (entry.row.id.clone(), entry.session.ply(), canonical.clone());
        self.with_store(move |s| s.insert_move(&id, ply, &mv))
            .await?;
        entry
            .session
            .apply(&canonical)
            .map_err(|e| ApiError::internal(format!("a checked move failed to play: {e}")))?;
        if let Some((score, _)) = result_of(entry) {
            let id = entry.row.id.clone();
            self.with_store(move |s| s.set_result(&id, &score)).await?;
        }
        let state = state_of(entry);
        if entry.events.receiver_count() > 0 {
            let _ = entry.events.send(Arc::new(state.to_string()));
        }
        Ok(state)
    }

    /// Starts the bot of a bot game if it is the bot's turn: it thinks off the async threads
    /// within its time budget, then its move is committed like any other.
    pub fn schedule_bot(self: &Arc<Hub>, entry_ref: EntryRef) {
        let hub = self.clone();
        tokio::spawn(async move {
            let (work, ply, level) = {
                let entry = entry_ref.lock().await;
                let (Some(bot_seat), Some(level)) = (entry.row.bot_seat, entry.row.bot_level)
                else {
                    return;
                };
                if result_of(&entry).is_some() || entry.session.side_to_move().number() != bot_seat
                {
                    return;
                }
                (entry.session.boxed_clone(), entry.session.ply(), level)
            };
            let budget = bot::budget(level);
            let seed = rand::random::<u64>();
            let fallback = work.random_move(seed);
            let thinking = tokio::task::spawn_blocking(move || work.bot_move(level, seed, budget));
            // A bot that overruns its budget (with a margin) or fails plays a random move.
            let chosen = match tokio::time::timeout(budget * 2, thinking).await {
                Ok(Ok(Some(mv))) => mv,
                _ => match fallback {
                    Some(mv) => mv,
                    None => return,
                },
            };
            let mut entry = entry_ref.lock().await;
            if entry.session.ply() != ply || result_of(&entry).is_some() {
                return;
            }
            let _ = hub.commit(&mut entry, chosen).await;
        });
    }

    /// Restarts the bots of stored bot games whose bot is to move (after a restart).
    pub async fn resume_bots(self: &Arc<Hub>) -> ApiResult<usize> {
        let ids = self.with_store(|s| s.bot_game_ids()).await?;
        let mut resumed = 0;
        for id in ids {
            // One damaged game must not keep the others from being served: it is skipped
            // here, and answers its own error when asked for.
            let entry = match self.entry(&id).await {
                Ok(entry) => entry,
                Err(error) => {
                    eprintln!(
                        "not resuming the bot of stored game '{id}': {}",
                        error.message
                    );
                    continue;
                }
            };
            {
                let guard = entry.lock().await;
                if result_of(&guard).is_some()
                    || Some(guard.session.side_to_move().number()) != guard.row.bot_seat
                {
                    continue;
                }
            }
            resumed += 1;
            self.schedule_bot(entry);
        }
        Ok(resumed)
    }
}

/// The setup of a stored game.
pub fn setup_of(row: &GameRow) -> ApiResult<GameSetup> {
    // A stored row that does not read is the server's fault (5xx), not the request's.
    let game: GameId = row
        .game
        .parse()
        .map_err(|e: boardlab_games::registry::UnknownGame| {
            ApiError::internal(format!("stored game '{}' cannot be loaded: {e}", row.id))
        })?;
    let rules: HashMap<String, String> = serde_json::from_str(&row.rules).map_err(|e| {
        ApiError::internal(format!(
            "stored game '{}' cannot be loaded: its rules are not JSON: {e}",
            row.id
        ))
    })?;
    let mut rules: Vec<(String, String)> = rules.into_iter().collect();
    rules.sort();
    Ok(GameSetup {
        game,
        rules,
        first: Player::from_number(row.first).unwrap_or(Player::One),
        position: row.position.clone(),
        board: row.board.clone(),
    })
}

/// The result of a finished game, `(score, words)`, or `None` while it goes on.
pub fn result_of(entry: &Entry) -> Option<(String, String)> {
    let session = &entry.session;
    if let Some(outcome) = session.outcome() {
        let words = outcome.describe(|p| session.player_name(p));
        return Some((outcome.score_text().to_string(), words));
    }
    let seat = entry.row.resigned?;
    let loser = Player::from_number(seat)?;
    let score = if seat == 1 { "0-1" } else { "1-0" };
    Some((
        score.to_string(),
        format!(
            "{} wins: {} resigned",
            session.player_name(loser.opponent()),
            session.player_name(loser)
        ),
    ))
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
        resigned: entry.row.resigned,
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
        "moves": session.move_texts(),
        "legal": if result.is_some() { Vec::new() } else { session.legal_texts() },
        "view": session.view(ply),
        "result": result,
        "names": { "1": session.player_name(Player::One), "2": session.player_name(Player::Two) },
        "seats": { "1": seat_label(&entry.row, 1), "2": seat_label(&entry.row, 2) },
    })
}
