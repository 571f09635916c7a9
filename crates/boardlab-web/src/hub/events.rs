//! What happened to a game, as domain events: each action of the hub says what it did
//! (a move, the end, an offer, a takeback, a rematch), and a game read again after a
//! worker's or another server's change says what changed. The events of the change that
//! made a state travel with it (`"events"` in the state), so that the pages announce what
//! happened instead of guessing it from two states.

use super::entry::Entry;
use super::state::result_of;
use crate::seat::Seat;
use crate::store::Offers;
use serde::Serialize;

/// One thing that happened to a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum GameEvent {
    /// `seat` played `text` as move number `ply` (from 0).
    Moved {
        /// Who moved.
        seat: Seat,
        /// The move's number, from 0.
        ply: usize,
        /// The move, as text.
        text: String,
    },
    /// The game ended.
    Ended {
        /// The score: `1-0`, `0-1` or `1/2-1/2`.
        score: String,
        /// How, in words.
        text: String,
    },
    /// `by` offers a draw.
    DrawOffered {
        /// The seat offering.
        by: Seat,
    },
    /// `by` asks to take its last move back.
    TakebackAsked {
        /// The seat asking.
        by: Seat,
    },
    /// The offers waiting were declined or withdrawn (a move withdraws them too).
    OffersWithdrawn,
    /// Moves were taken back: the game is at move `ply` again.
    TakenBack {
        /// The moves left.
        ply: usize,
    },
    /// The rematch `id` was made.
    RematchMade {
        /// The new game's id.
        id: String,
    },
}

/// What a game held in memory looked like before a change, to tell the change's events.
pub(super) struct Before {
    moves: Vec<String>,
    ended: bool,
    offers: Offers,
    rematch: Option<String>,
}

impl Before {
    /// The game of `entry` now, before it changes.
    pub(super) fn of(entry: &Entry) -> Before {
        Before {
            moves: entry.session.moves(),
            ended: result_of(entry).is_some(),
            offers: entry.row.offers,
            rematch: entry.row.rematch.clone(),
        }
    }

    /// The events that took the game from this to `entry` (a change made elsewhere).
    pub(super) fn events_to(&self, entry: &Entry) -> Vec<GameEvent> {
        let mut events = Vec::new();
        let now = entry.session.moves();
        let kept = self
            .moves
            .iter()
            .zip(&now)
            .take_while(|(a, b)| a == b)
            .count();
        if kept < self.moves.len() {
            events.push(GameEvent::TakenBack { ply: kept });
        }
        for (ply, text) in now.iter().enumerate().skip(kept) {
            events.push(GameEvent::Moved {
                seat: Seat::of(entry.mover(ply)),
                ply,
                text: text.clone(),
            });
        }
        let offers = entry.row.offers;
        if offers != self.offers {
            match (offers.draw, offers.takeback) {
                (Some(by), _) if offers.draw != self.offers.draw => {
                    events.push(GameEvent::DrawOffered { by });
                }
                (_, Some(by)) if offers.takeback != self.offers.takeback => {
                    events.push(GameEvent::TakebackAsked { by });
                }
                _ if offers.is_empty() && now.len() == self.moves.len() => {
                    events.push(GameEvent::OffersWithdrawn);
                }
                _ => {}
            }
        }
        if let Some(ended) = ended_event(entry).filter(|_| !self.ended) {
            events.push(ended);
        }
        if let Some(id) = &entry.row.rematch
            && self.rematch.is_none()
        {
            events.push(GameEvent::RematchMade { id: id.clone() });
        }
        events
    }
}

/// [`GameEvent::Ended`] for the game of `entry`, if it is over.
pub(super) fn ended_event(entry: &Entry) -> Option<GameEvent> {
    result_of(entry).map(|(score, text)| GameEvent::Ended { score, text })
}
