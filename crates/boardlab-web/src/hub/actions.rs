//! What players do to a game: move, resign, offer or accept a draw, take back, decline,
//! ask for a rematch. Each is checked, committed to the store, then announced with the
//! events it caused ([`super::events`]).

use super::Hub;
use super::entry::{Entry, EntryRef};
use super::error::{GameError, GameResult};
use super::events::{GameEvent, ended_event};
use super::game_state::GameState;
use super::state::{result_of, setup_of};
use crate::clock::now_ms;
use crate::ending::Ending;
use crate::limits::ClientId;
use crate::seat::Seat;
use crate::session::{self};
use crate::store::{Change, GameRow, JobKind, Mode, Offers};
use crate::turn;
use std::sync::Arc;

/// The rematch of a finished game, for the player who asked: its id, their new seat and
/// its link (with both seats' tokens at one screen).
#[derive(Clone, Debug, serde::Serialize)]
pub struct Rematch {
    /// The new game's id.
    pub id: String,
    /// The asker's seat in it (the other seat than in the finished game).
    pub seat: Seat,
    /// The page of the new game, for the asker's seat.
    pub link: String,
}

impl Hub {
    /// Refuses (429, naming the limit) a request of `client` that would queue one more
    /// bot move when `client` has as many queued as it may.
    pub(super) async fn check_search_limit(&self, client: ClientId) -> GameResult<()> {
        let key = client.key();
        let queued = self
            .with_store(move |s| s.jobs_of(&key, JobKind::Move))
            .await?;
        let limit = self.limits.searches_per_client;
        if queued < limit {
            return Ok(());
        }
        Err(GameError::busy(
            format!(
                "too many bot searches for one client: at most {} at once \
                 (the server's searches-per-client limit); try again when a bot has moved",
                boardlab_core::count(limit as u64, "search", "searches")
            ),
            1,
        ))
    }

    /// Checks and commits a move for `seat`, then announces it. The caller has checked the
    /// seat's token. In a bot game the bot's answer is a search of `client`: when `client`
    /// has as many as it may, the move is refused (429) and not played.
    pub async fn play(
        self: &Arc<Hub>,
        entry_ref: &EntryRef,
        seat: Seat,
        text: &str,
        client: ClientId,
    ) -> GameResult<GameState> {
        let mut entry = entry_ref.lock().await;
        self.sync(&mut entry).await?;
        if let Some(result) = result_of(&entry) {
            return Err(GameError::refused(format!(
                "the game is over: {}",
                result.1
            )));
        }
        let to_move = Seat::of(entry.session.side_to_move());
        if to_move != seat {
            return Err(GameError::refused(format!(
                "It is {}'s turn, not {}'s",
                entry.session.side_name(entry.session.side_to_move()),
                entry.session.side_name(seat.player()),
            )));
        }
        let canonical = entry
            .session
            .check(text)
            .map_err(|e| GameError::illegal(e.to_string()))?;
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
    pub async fn resign(&self, entry_ref: &EntryRef, seat: Seat) -> GameResult<GameState> {
        let mut entry = entry_ref.lock().await;
        self.end(&mut entry, Ending::Resigned(seat.player())).await
    }

    /// Ends a game that goes on as the players (or the clock) decided, and announces it.
    /// An ending holds whatever move came meanwhile (a bot's, made by a worker while the
    /// player resigned): on a game changed meanwhile it is made again, unless that ended it.
    pub(super) async fn end(&self, entry: &mut Entry, ending: Ending) -> GameResult<GameState> {
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
                    return Err(GameError::refused(format!(
                        "{error}, three times: the game was not ended; try again"
                    )));
                }
            }
        }
        entry.row.ending = Some(ending);
        entry.row.offers = Offers::default();
        let ended = ended_event(entry).into_iter().collect();
        Ok(entry.announce(ended))
    }

    /// `seat` offers a draw, or accepts the other seat's offer. At one screen the draw is
    /// agreed at once; a bot plays on.
    pub async fn offer_draw(&self, entry_ref: &EntryRef, seat: Seat) -> GameResult<GameState> {
        let mut entry = entry_ref.lock().await;
        self.sync(&mut entry).await?;
        entry.refuse_if_over()?;
        match entry.row.mode {
            Mode::Bot => Err(GameError::refused(
                "the bot plays on: bots do not accept draw offers (resign, or play the game out)",
            )),
            Mode::Local => self.end(&mut entry, Ending::Agreed).await,
            Mode::Friend if entry.row.offers.draw == Some(seat.other()) => {
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
                Ok(entry.announce(vec![GameEvent::DrawOffered { by: seat }]))
            }
        }
    }

    /// `seat` takes its last move back: at once against a bot (with the bot's answer) and
    /// at one screen (the last move, whoever made it); against a friend it asks, and the
    /// other seat's takeback accepts.
    pub async fn takeback(
        self: &Arc<Hub>,
        entry_ref: &EntryRef,
        seat: Seat,
    ) -> GameResult<GameState> {
        let mut entry = entry_ref.lock().await;
        self.sync(&mut entry).await?;
        entry.refuse_if_over()?;
        let ply = entry.session.ply();
        let last_of = |entry: &Entry, seat: Seat| {
            (0..ply)
                .rev()
                .find(|&p| Seat::of(entry.mover(p)) == seat)
                .ok_or_else(|| GameError::refused(format!("seat {seat} has no move to take back")))
        };
        let back_to = match entry.row.mode {
            Mode::Local if ply == 0 => {
                return Err(GameError::refused("no move to take back"));
            }
            Mode::Local => ply - 1,
            Mode::Bot => last_of(&entry, seat)?,
            Mode::Friend if entry.row.offers.takeback == Some(seat.other()) => {
                last_of(&entry, seat.other())?
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
                return Ok(entry.announce(vec![GameEvent::TakebackAsked { by: seat }]));
            }
        };
        let mut changes = vec![Change::TakeBack { from: back_to }];
        if !entry.row.offers.is_empty() {
            changes.push(Change::Offers(Offers::default()));
        }
        let moves = entry.session.moves();
        let after = session::build(&setup_of(&entry.row)?, &moves[..back_to])
            .map_err(|e| GameError::internal(format!("the game cannot be replayed: {e}")))?;
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
        entry.replay_moments(&moments);
        entry.epoch += 1;
        entry.row.offers = Offers::default();
        let state = entry.announce(vec![GameEvent::TakenBack { ply: back_to }]);
        drop(entry);
        self.schedule_flag(entry_ref);
        Ok(state)
    }

    /// Declines the other seat's offers, or withdraws one's own: every offer is gone. A
    /// finished game, or one with no offer waiting, is refused (409) and left as it was.
    pub async fn decline(&self, entry_ref: &EntryRef) -> GameResult<GameState> {
        let mut entry = entry_ref.lock().await;
        self.sync(&mut entry).await?;
        entry.refuse_if_over()?;
        if entry.row.offers.is_empty() {
            return Err(GameError::refused(
                "there is no offer to decline: decline answers a draw offer or a takeback request while it waits",
            ));
        }
        self.change(&mut entry, vec![Change::Offers(Offers::default())])
            .await?;
        entry.row.offers = Offers::default();
        Ok(entry.announce(vec![GameEvent::OffersWithdrawn]))
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
        seat: Seat,
        client: ClientId,
    ) -> GameResult<Rematch> {
        let mut entry = entry_ref.lock().await;
        self.sync(&mut entry).await?;
        if result_of(&entry).is_none() {
            return Err(GameError::refused(
                "the game is not over: a rematch starts when it is",
            ));
        }
        let new_seat = seat.other();
        let row = match entry.row.rematch.clone() {
            Some(id) => {
                drop(entry);
                self.entry(&id).await?.lock().await.row.clone()
            }
            None => {
                let old = &entry.row;
                let row = GameRow {
                    id: crate::create::secret(false),
                    bot_seat: old.bot_seat.map(Seat::other),
                    tokens: [crate::create::secret(true), crate::create::secret(true)],
                    // The creator of the game creates its rematch too, whoever asks first:
                    // the invited player never gets the creator's link (docs/web.md).
                    creator: old.creator.map(Seat::other),
                    ending: None,
                    rematch: None,
                    offers: Offers::default(),
                    // The players change seats; a rated game's rematch is rated too.
                    players: [old.players[1].clone(), old.players[0].clone()],
                    version: crate::store::first_version(),
                    ..old.clone()
                };
                // The new game first: a rematch link never names a game not stored. If
                // another server made the rematch meanwhile, this one is left unused.
                self.create(row.clone(), client).await?;
                self.change(&mut entry, vec![Change::Rematch(row.id.clone())])
                    .await?;
                entry.row.rematch = Some(row.id.clone());
                entry.announce(vec![GameEvent::RematchMade { id: row.id.clone() }]);
                row
            }
        };
        let link = match row.mode {
            Mode::Local => format!("/g/{}#1={}&2={}", row.id, row.tokens[0], row.tokens[1]),
            _ => format!("/g/{}#{new_seat}={}", row.id, row.tokens[new_seat.index()]),
        };
        Ok(Rematch {
            id: row.id,
            seat: new_seat,
            link,
        })
    }

    /// Commits a checked move (with the bot's answer queued for `queue`, the client it
    /// counts against), applies it, announces the new state and returns it.
    pub(super) async fn commit(
        &self,
        entry: &mut Entry,
        canonical: String,
        queue: Option<ClientId>,
    ) -> GameResult<GameState> {
        let at = now_ms();
        let played = match turn::play(&entry.row, &entry.session, entry.clock, &canonical, at) {
            Ok(played) => played,
            // A move that comes after its clock ran out loses on time instead.
            Err(turn::NotPlayed::Flagged(mover)) => {
                self.end(entry, Ending::Flagged(mover)).await?;
                return Err(GameError::refused(format!(
                    "the game is over: {}'s time ran out before the move",
                    entry.session.side_name(mover)
                )));
            }
            Err(turn::NotPlayed::Refused(why)) => {
                return Err(GameError::internal(format!(
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
        let (seat, ply) = (Seat::of(entry.session.side_to_move()), entry.session.ply());
        let withdrawn = !entry.row.offers.is_empty();
        entry.clock = played.clock;
        entry.session = played.after;
        entry.moments.push(at);
        entry.row.offers = Offers::default();
        let mut events = vec![GameEvent::Moved {
            seat,
            ply,
            text: canonical,
        }];
        if withdrawn {
            events.push(GameEvent::OffersWithdrawn);
        }
        events.extend(ended_event(entry));
        Ok(entry.announce(events))
    }
}
