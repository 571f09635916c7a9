//! Analyses asked for through the web. An analysis is a job in the store's queue, like a
//! bot's move: a worker of any server (or a `boardlab worker`) makes it, after the bot
//! moves waiting, and stores it; the request waits for it, and every later request for the
//! same position reads it from the store.

use crate::hub::{EntryRef, GameError, GameResult, Hub, result_of};
use crate::limits::ClientId;
use crate::store::{AnalysisState, JobKind, Mode};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// How long a request waits for a worker to make its analysis before it answers 503 (the
/// analysis stays queued: a later request finds it made).
pub const ANALYSIS_WAIT: Duration = Duration::from_secs(30);

/// How often a waiting request looks in the store even without news (a notice lost with a
/// connection to the database).
const LOOK_AGAIN: Duration = Duration::from_secs(1);

impl Hub {
    /// The analysis of the position after `ply` moves: for finished games, and for games at
    /// one screen at any time (not while a game against a bot or a friend goes on). One made
    /// already is answered at once; else it is queued for the workers (one per position,
    /// whoever asks) and awaited. A `client` with as many analyses queued as it may gets a
    /// [`GameError::Busy`]; an analysis no worker made within [`ANALYSIS_WAIT`] is
    /// [`GameError::NotReady`].
    pub async fn analysis(
        &self,
        entry_ref: &EntryRef,
        ply: usize,
        client: ClientId,
    ) -> GameResult<Value> {
        let id = {
            let entry = entry_ref.lock().await;
            if entry.row.mode != Mode::Local && result_of(&entry).is_none() {
                return Err(GameError::refused(
                    "analysis opens when the game is over (at any time in a game at one screen)",
                ));
            }
            if ply > entry.session.ply() {
                return Err(beyond_the_game(entry.session.ply(), ply));
            }
            entry.row.id.clone()
        };
        let deadline = Instant::now() + ANALYSIS_WAIT;
        let mut queued = false;
        loop {
            // Listen before looking: a notice between the look and the wait is not lost.
            let made = self.analyses_made().notified();
            tokio::pin!(made);
            made.as_mut().enable();
            let game = id.clone();
            match self.with_store(move |s| s.analysis(&game, ply)).await? {
                AnalysisState::Made(json) => return answer(&id, ply, &json),
                AnalysisState::Queued => {}
                AnalysisState::Absent if !queued => {
                    self.check_analysis_limit(client).await?;
                    let (game, key) = (id.clone(), client.key());
                    self.with_store(move |s| s.queue_analysis(&game, ply, &key))
                        .await?;
                    queued = true;
                    continue;
                }
                AnalysisState::Absent => return Err(self.not_made(entry_ref, ply).await),
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(GameError::NotReady {
                    message: format!(
                        "no worker has made this analysis within {} s: the workers are \
                         busy, or none makes analyses (serve --workers 0 or --analyses 0 \
                         leaves them to boardlab worker processes); it stays queued, so \
                         ask again later",
                        ANALYSIS_WAIT.as_secs()
                    ),
                    retry_after: 5,
                });
            }
            let _ = tokio::time::timeout(left.min(LOOK_AGAIN), made).await;
        }
    }

    /// Refuses ([`GameError::Busy`], naming the limit) an analysis `client` asks for when it has as many
    /// queued as it may.
    async fn check_analysis_limit(&self, client: ClientId) -> GameResult<()> {
        let key = client.key();
        let queued = self
            .with_store(move |s| s.jobs_of(&key, JobKind::Analysis))
            .await?;
        let limit = self.limits().analyses_per_client;
        if queued < limit {
            return Ok(());
        }
        Err(GameError::busy(
            format!(
                "too many analyses for one client: at most {} at once (the server's \
                 analyses-per-client limit); try again when one has answered",
                boardlab_core::count(limit as u64, "analysis", "analyses")
            ),
            1,
        ))
    }

    /// Why an analysis that was queued is neither made nor queued any more: moves were
    /// taken back from before its position, or its worker could not read the game.
    async fn not_made(&self, entry_ref: &EntryRef, ply: usize) -> GameError {
        let mut entry = entry_ref.lock().await;
        // Another server may have taken the moves back.
        let _ = self.sync(&mut entry).await;
        if ply > entry.session.ply() {
            return GameError::refused(format!(
                "moves were taken back while the position after {ply} was analysed: the \
                     game has {} now",
                boardlab_core::count(entry.session.ply() as u64, "move", "moves")
            ));
        }
        GameError::internal(
            "the analysis could not be made: its worker could not read the game (the \
             worker's log says why)",
        )
    }
}

/// 404 for a ply beyond the game's moves.
fn beyond_the_game(moves: usize, ply: usize) -> GameError {
    GameError::not_found(format!(
        "the game has {}, not {ply}",
        boardlab_core::count(moves as u64, "move", "moves")
    ))
}

/// The answer: `{"ply", "analysis"}` with the analysis as stored (`null` where the game is
/// over at that position).
fn answer(id: &str, ply: usize, json: &str) -> GameResult<Value> {
    let analysis: Value = serde_json::from_str(json).map_err(|e| {
        GameError::internal(format!(
            "the stored analysis of game {} at ply {ply} cannot be read: {e}",
            boardlab_core::quoted(id)
        ))
    })?;
    Ok(json!({ "ply": ply, "analysis": analysis }))
}
