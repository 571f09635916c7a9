//! The HTTP face of the server, and the only part of it that speaks HTTP: every route, the
//! JSON errors and their status codes, the layers every request passes ([`edge`]) and the
//! embedded pages ([`assets`]). What is behind it (the hub of games, the store, clocks,
//! bots, workers, puzzles, accounts) says what happened by meaning, and is turned into a
//! status here alone: a [`crate::hub::GameError`] by the `From` below, the rest by the
//! route that asked.
//!
//! One module per concern, as the routes are grouped: [`games`] (new games, state, moves,
//! offers, the record, live events, analyses), [`people`] (accounts, sessions, the lobby,
//! profiles), [`chat`], [`presence`], [`puzzles`], [`health`].

pub mod assets;
pub mod chat;
pub mod edge;
pub mod error;
pub mod games;
pub mod health;
pub mod people;
pub mod presence;
pub mod puzzles;

use crate::hub::{self, Hub};
use crate::seat::Seat;
use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{StatusCode, header};
use error::{ApiError, ApiResult};
use people::Viewer;
use serde::Deserialize;
use serde::de::DeserializeOwned;
use std::sync::Arc;

/// The shared state of every handler.
pub type AppState = Arc<Hub>;

/// A JSON request body, parsed: every way it can fail (not sent as JSON, too large,
/// unreadable, malformed) is an [`ApiError`], answered as JSON like every other error.
pub struct JsonBody<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, ApiError> {
        let is_json = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.split(';').next())
            .is_some_and(|kind| kind.trim().eq_ignore_ascii_case("application/json"));
        if !is_json {
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "send the body as JSON, with the header Content-Type: application/json",
            ));
        }
        let body = Bytes::from_request(request, state)
            .await
            .map_err(|rejection| {
                ApiError::new(
                    rejection.status(),
                    format!(
                        "the request body could not be read: {}",
                        rejection.body_text()
                    ),
                )
            })?;
        serde_json::from_slice(&body).map(JsonBody).map_err(|e| {
            ApiError::bad_request(format!(
                "malformed JSON body: {}",
                boardlab_core::words::requoted(&e.to_string(), '"')
            ))
        })
    }
}

/// The seat and its secret token, as every seat action carries them.
#[derive(Debug, Deserialize)]
pub struct SeatBody {
    /// The seat, 1 or 2.
    pub seat: Option<u8>,
    /// The seat's secret token.
    pub token: Option<String>,
    /// The move, for a move.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// What is said, for a chat message.
    pub text: Option<String>,
    /// Whether the seat's player is on the page (`false` when leaving it), for presence.
    pub here: Option<bool>,
}

/// Checks who acts for a seat: its secret token, or the session of the account that plays
/// it. 401 with neither, 403 when the token is not the seat's or the account plays
/// another seat. A signed-in player of one seat may leave the seat out.
pub(crate) async fn authorize(
    hub: &Arc<Hub>,
    id: &str,
    body: &SeatBody,
    viewer: &Viewer,
) -> ApiResult<(hub::EntryRef, Seat)> {
    let token = body.token.as_deref().unwrap_or("");
    if token.is_empty() && viewer.0.is_none() {
        return Err(ApiError::new(
            StatusCode::UNAUTHORIZED,
            "missing token: a seat's secret token, or the session of the account that plays it, is needed to act for it",
        ));
    }
    let entry_ref = hub.entry(id).await?;
    let players = entry_ref.lock().await.row.players.clone();
    let plays = |seat: Seat| {
        viewer.0.as_ref().is_some_and(|me| {
            players[seat.index()]
                .as_deref()
                .is_some_and(|name| name.eq_ignore_ascii_case(&me.key))
        })
    };
    let seat = match body.seat {
        Some(number) => Seat::try_from(number).map_err(ApiError::bad_request)?,
        None if token.is_empty() && plays(Seat::One) != plays(Seat::Two) => {
            if plays(Seat::One) {
                Seat::One
            } else {
                Seat::Two
            }
        }
        None => return Err(ApiError::bad_request("missing field 'seat' (1 or 2)")),
    };
    if token.is_empty() {
        if plays(seat) {
            return Ok((entry_ref, seat));
        }
        let name = viewer.0.as_ref().map_or("", |me| me.name.as_str());
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!("your account ({name}) does not play seat {seat} of this game"),
        ));
    }
    let expected = entry_ref.lock().await.row.tokens[seat.index()].clone();
    let same = expected.len() == token.len()
        && expected
            .bytes()
            .zip(token.bytes())
            .fold(0u8, |acc, (a, b)| acc | (a ^ b))
            == 0;
    if !same {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!("this token does not belong to seat {seat} of this game"),
        ));
    }
    Ok((entry_ref, seat))
}

/// The one place where what the hub says of a game becomes an HTTP status: 404 for no such
/// game, 409 for an action the game's state refuses, 422 for a move that does not play,
/// 400 for a request naming what does not exist, 429 at a limit, 503 for what is not
/// ready yet, 500 for the server's own failure.
impl From<hub::GameError> for ApiError {
    fn from(error: hub::GameError) -> ApiError {
        use hub::GameError as E;
        match error {
            E::NotFound(message) => ApiError::not_found(message),
            E::Refused(message) => ApiError::new(StatusCode::CONFLICT, message),
            E::IllegalMove(message) => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message),
            E::BadRequest(message) => ApiError::bad_request(message),
            E::Busy {
                message,
                retry_after,
            } => ApiError::too_many(message, retry_after),
            E::NotReady {
                message,
                retry_after,
            } => ApiError {
                retry_after: Some(retry_after),
                ..ApiError::new(StatusCode::SERVICE_UNAVAILABLE, message)
            },
            E::Internal(message) => ApiError::internal(message),
        }
    }
}
