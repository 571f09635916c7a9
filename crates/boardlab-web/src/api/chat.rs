//! The chat of a game between people: `POST /api/games/{id}/chat` with `{"seat", "token" or
//! the session cookie, "text"}` says something, `GET /api/games/{id}/chat` reads the last
//! messages (players and watchers alike). Text only, at most [`MAX_CHARS`] characters, no
//! control characters; the pages show it as text, never as markup. A seat says at most
//! [`BURST`] messages in [`BURST_MS`] (429 then), a game keeps at most [`MOST_PER_GAME`]. No chat with a bot, nor
//! at one screen.

use crate::api::error::{ApiError, ApiResult};
use crate::api::people::Viewer;
use crate::api::{AppState, JsonBody, SeatBody, authorize};
use crate::seat::Seat;
use crate::store::Mode;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde_json::{Value, json};

/// The longest message, in characters.
pub const MAX_CHARS: usize = 300;

/// The messages a read gives at most (the last ones).
const LAST: usize = 100;

/// The most messages one seat may say within [`BURST_MS`].
pub const BURST: usize = 5;

/// The window of [`BURST`], in ms.
pub const BURST_MS: i64 = 10_000;

/// The most messages a game's chat keeps: then it is full (the game goes on).
pub const MOST_PER_GAME: usize = 1000;

/// `GET /api/games/{id}/chat`: `[{"seat", "name", "text", "at_ms"}]`, oldest first.
pub async fn read(State(hub): State<AppState>, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    let entry = hub.entry(&id).await?;
    let names = {
        let entry = entry.lock().await;
        [
            crate::hub::seat_label(&entry.row, Seat::One),
            crate::hub::seat_label(&entry.row, Seat::Two),
        ]
    };
    let lines = hub.with_store(move |s| s.chat_of(&id, LAST)).await?;
    Ok(Json(Value::Array(
        lines
            .iter()
            .map(|line| {
                json!({
                    "seat": line.seat,
                    "name": names[line.seat.index()],
                    "text": line.text,
                    "at_ms": line.at_ms,
                })
            })
            .collect(),
    )))
}

/// Checks a message: trimmed, 1 to [`MAX_CHARS`] characters, no control characters.
fn checked(text: Option<&str>) -> ApiResult<String> {
    let text = text
        .ok_or_else(|| ApiError::bad_request("missing field 'text': what to say"))?
        .trim();
    let length = text.chars().count();
    if length == 0 || length > MAX_CHARS {
        return Err(ApiError::bad_request(format!(
            "a chat message has 1 to {MAX_CHARS} characters (this one has {length})"
        )));
    }
    if text.chars().any(char::is_control) {
        return Err(ApiError::bad_request(
            "a chat message is one line of text: no control characters",
        ));
    }
    Ok(text.to_string())
}

/// `POST /api/games/{id}/chat` with `{"seat", "token", "text"}` (or the session cookie
/// instead of the token): says `text` for the seat; `201` with the chat as `GET` gives it.
pub async fn say(
    State(hub): State<AppState>,
    viewer: Viewer,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<SeatBody>,
) -> ApiResult<(StatusCode, Json<Value>)> {
    let (entry, seat) = authorize(&hub, &id, &body, &viewer).await?;
    let mode = entry.lock().await.row.mode;
    match mode {
        Mode::Bot => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "there is no chat with a bot",
            ));
        }
        Mode::Local => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "there is no chat at one screen: both players are here",
            ));
        }
        Mode::Friend => {}
    }
    let text = checked(body.text.as_deref())?;
    let (game, now) = (id.clone(), crate::clock::now_ms());
    let (recent, total) = hub
        .with_store(move |s| s.chat_counts(&game, seat, now - BURST_MS))
        .await?;
    if recent >= BURST {
        return Err(ApiError::too_many(
            format!(
                "too many messages: at most {BURST} in {} seconds from one seat; wait a little",
                BURST_MS / 1000
            ),
            (BURST_MS / 1000) as u64,
        ));
    }
    if total >= MOST_PER_GAME {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!("this game's chat is full: it keeps at most {MOST_PER_GAME} messages"),
        ));
    }
    let game = id.clone();
    hub.with_store(move |s| s.insert_chat(&game, seat, &text, now))
        .await?;
    let Json(lines) = read(State(hub), Path(id)).await?;
    Ok((StatusCode::CREATED, Json(lines)))
}
