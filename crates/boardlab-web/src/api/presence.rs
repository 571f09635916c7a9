//! Whether each seat's player is on its game's page now: the page of a seat says so with
//! `POST /api/games/{id}/presence` (its token or session, as for a move) every
//! [`EVERY_MS`], and `{"here": false}` when it leaves; anyone asks with
//! `GET /api/games/{id}/presence`. Both answer
//! `{"online": {"1": bool, "2": bool}}`. It is kept in the store, so every server sharing
//! the database answers alike. A bot's seat is always online; at one screen both are
//! whenever one is.

use crate::api::error::ApiResult;
use crate::api::people::Viewer;
use crate::api::{AppState, JsonBody, SeatBody, authorize};
use crate::store::Mode;
use axum::Json;
use axum::extract::{Path, State};
use serde_json::{Value, json};

/// How often a player's page says it is there, in ms (the pages read it from here).
pub const EVERY_MS: i64 = 10_000;

/// The answer of both routes: the seats' presence, with a bot's seat always there and
/// both seats of a game at one screen there together.
async fn answer(hub: &AppState, id: &str) -> ApiResult<Json<Value>> {
    let entry = hub.entry(id).await?;
    let (mode, bot_seat) = {
        let entry = entry.lock().await;
        (entry.row.mode, entry.row.bot_seat)
    };
    let game = id.to_string();
    let now = crate::clock::now_ms();
    let mut online = hub.with_store(move |s| s.seats_online(&game, now)).await?;
    if let Some(bot) = bot_seat.filter(|_| mode == Mode::Bot) {
        online[bot.index()] = true;
    }
    if mode == Mode::Local {
        online = [online[0] || online[1]; 2];
    }
    Ok(Json(json!({
        "online": { "1": online[0], "2": online[1] },
        "every_ms": EVERY_MS,
    })))
}

/// `GET /api/games/{id}/presence`: whether each seat's player is on the page now.
pub async fn read(State(hub): State<AppState>, Path(id): Path<String>) -> ApiResult<Json<Value>> {
    answer(&hub, &id).await
}

/// `POST /api/games/{id}/presence` with `{"seat", "token"}` (or the session cookie): the
/// seat's player is on the page now (or, with `"here": false`, has just left it); answers
/// as `GET` does.
pub async fn here(
    State(hub): State<AppState>,
    viewer: Viewer,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<SeatBody>,
) -> ApiResult<Json<Value>> {
    let (_, seat) = authorize(&hub, &id, &body, &viewer).await?;
    let game = id.clone();
    // Leaving is told as having been seen long ago.
    let seen = match body.here {
        Some(false) => 0,
        _ => crate::clock::now_ms(),
    };
    hub.with_store(move |s| s.seat_seen(&game, seat, seen))
        .await?;
    answer(&hub, &id).await
}
