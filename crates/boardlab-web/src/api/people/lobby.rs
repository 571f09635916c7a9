//! The lobby: `POST /api/seeks` (offer a game), `GET /api/seeks` (the open seeks),
//! `GET /api/seeks/{id}` (the seeker learns its game), `POST /api/seeks/{id}/accept` and
//! `DELETE /api/seeks/{id}` (withdraw). Seeking and accepting need an account; a rated seek
//! plays the game's standard rules. An open seek lives while its seeker is in the lobby
//! ([`crate::store::seeks::SEEK_UNSEEN_MS`]). The bots seek too, always
//! ([`super::bot_seeks`], listed after the people's with `?bots=true`): accepting one needs
//! no account.

use super::Viewer;
use crate::api::error::{ApiError, ApiResult};
use crate::api::{AppState, JsonBody};
use crate::create::{self, NewGame};
use crate::game_set::PASTED;
use crate::limits::ClientId;
use crate::seat::Seat;
use crate::store::seeks::SeekRow;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// Open seeks one account may have at once.
pub const SEEKS_PER_ACCOUNT: usize = 3;

/// The most seeks the lobby lists.
const LISTED: usize = 200;

/// The body of `POST /api/seeks`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeekRequest {
    /// The game's key, as for a new game.
    pub game: String,
    /// Whether the game counts for ratings (default casual).
    #[serde(default)]
    pub rated: bool,
    /// A time control (`5m+3s`, `300+3`); none for a game without clocks.
    #[serde(default)]
    pub clock: Option<String>,
    /// Rule options, name to value (casual games only).
    #[serde(default)]
    pub rules: BTreeMap<String, Value>,
    /// The seeker's seat: `1`, `2` or `random` (default `random`).
    #[serde(default)]
    pub side: Option<String>,
}

/// A seek as the lobby shows it, with the seeker's rating at its game.
fn seek_json(hub: &AppState, seek: &SeekRow, viewer: &Viewer) -> Value {
    let rating = seek.rating.rating;
    let title = hub
        .game_set()
        .listed_game(&seek.game)
        .map(crate::catalog::title);
    json!({
        "id": seek.id,
        "game": seek.game,
        "title": title,
        "rated": seek.rated,
        "clock": seek.clock,
        "rules": serde_json::from_str::<Value>(&seek.rules).unwrap_or(Value::Null),
        "side": seek.side,
        "seeker": {
            "name": seek.name,
            "rating": rating.rating.round(),
            "deviation": rating.deviation.round(),
            "provisional": rating.is_provisional(),
        },
        "created_ms": seek.created_ms,
        "mine": viewer.0.as_ref().is_some_and(|me| me.key == seek.account),
    })
}

/// `POST /api/seeks` with `{"game", "rated", "clock"?, "rules"?, "side"?}`: offers a game in
/// the lobby; 201 `{"id", …}` (the seek as listed).
pub async fn make_seek(
    State(hub): State<AppState>,
    viewer: Viewer,
    JsonBody(request): JsonBody<SeekRequest>,
) -> ApiResult<Response> {
    let account = viewer.clone().required("seek a game")?;
    let game = hub.game_of_key(&request.game).await?;
    if request.rated && request.game.starts_with(PASTED) {
        return Err(ApiError::bad_request(
            "a pasted rules file's game cannot be rated: seek it casual (\"rated\": false)",
        ));
    }
    if request.rated && !request.rules.is_empty() {
        return Err(ApiError::bad_request(
            "a rated game is played by the game's standard rules: leave out \"rules\" or seek a casual game",
        ));
    }
    let rules = serde_json::to_string(&create::checked_rules(game, &request.rules)?)
        .map_err(|e| ApiError::internal(format!("rule options: {e}")))?;
    let clock = create::clock_of(request.clock.as_deref())?;
    let side = request.side.unwrap_or_else(|| "random".to_string());
    if !matches!(side.as_str(), "1" | "2" | "random") {
        return Err(ApiError::bad_request(format!(
            "side {} is not one of 1, 2, random",
            boardlab_core::quoted(&side)
        )));
    }
    if request.rated && side != "random" {
        return Err(ApiError::bad_request(format!(
            "a rated game draws its seats at random (\"side\": \"random\"): the first player scores more in self-play{}; choose a side in a casual game",
            crate::catalog::first_player(game)
                .map(|m| format!(" ({:.1}% in {}'s)", 100.0 * m.score, request.game))
                .unwrap_or_default()
        )));
    }
    let now = crate::clock::now_ms();
    let key = account.key.clone();
    let open = hub.with_store(move |s| s.open_seeks_of(&key, now)).await?;
    if open >= SEEKS_PER_ACCOUNT {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!(
                "you have {open} open seeks, the most one account may have: withdraw one (DELETE /api/seeks/ID) or wait for it to be accepted"
            ),
        ));
    }
    let key = account.key.clone();
    let game_key = request.game.clone();
    let rating = hub
        .with_store(move |s| s.rating_of(&key, &game_key))
        .await?;
    let seek = SeekRow {
        id: create::secret(false),
        account: account.key.clone(),
        name: account.name.clone(),
        game: request.game,
        rated: request.rated,
        clock,
        rules,
        side,
        created_ms: now,
        accepted: None,
        rating,
    };
    let stored = seek.clone();
    hub.with_store(move |s| s.insert_seek(&stored)).await?;
    let body = seek_json(&hub, &seek, &viewer);
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// The query of `GET /api/seeks`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeeksQuery {
    /// Whether the bots' seeks follow the people's (default not).
    #[serde(default)]
    pub bots: bool,
}

/// `GET /api/seeks`: the open seeks, oldest first (a JSON array); with `?bots=true` the
/// bots' seeks follow. A signed-in seeker asking keeps its own seeks open.
pub async fn list_seeks(
    State(hub): State<AppState>,
    viewer: Viewer,
    query: Result<Query<SeeksQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Json<Value>> {
    let Query(query) = query.map_err(|e| {
        ApiError::bad_request(format!(
            "{}; the lobby takes bots (true or false)",
            e.body_text()
        ))
    })?;
    let now = crate::clock::now_ms();
    let me = viewer.0.as_ref().map(|me| me.key.clone());
    let seeks = hub
        .with_store(move |s| {
            if let Some(me) = me {
                s.seeker_seen(&me, now)?;
            }
            s.open_seeks(now, LISTED)
        })
        .await?;
    let mut listed: Vec<Value> = seeks
        .iter()
        .map(|seek| seek_json(&hub, seek, &viewer))
        .collect();
    if query.bots {
        listed.extend(super::bot_seeks::listed(hub.game_set()));
    }
    Ok(Json(Value::Array(listed)))
}

/// The seek `id` as the store has it, or 404; 403 for a bot's seek, which nobody follows
/// or withdraws (`doing` says what was asked).
async fn find_seek(hub: &AppState, id: &str, doing: &str) -> ApiResult<SeekRow> {
    if super::bot_seeks::is_bot_seek(id) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "nobody may {doing} a bot's seek: it stays in the lobby; accept it with POST /api/seeks/ID/accept"
            ),
        ));
    }
    let wanted = id.to_string();
    hub.with_store(move |s| s.seek(&wanted, crate::clock::now_ms()))
        .await?
        .ok_or_else(|| {
            ApiError::not_found(format!(
                "no seek {}: it was withdrawn, or its seeker left the lobby",
                boardlab_core::quoted(id)
            ))
        })
}

/// The link of seat `seat` of game `game_id` (with the seat's token), for a player of it.
async fn seat_link(hub: &AppState, game_id: &str, seat: Seat) -> ApiResult<String> {
    let entry = hub.entry(game_id).await?;
    let token = entry.lock().await.row.tokens[seat.index()].clone();
    Ok(format!("/g/{game_id}#{seat}={token}"))
}

/// `GET /api/seeks/{id}`, for its seeker only: `{"id", "game", "seat", "link"}`, the game
/// `null` until someone accepts. Asking keeps the seek open.
pub async fn seek_state(
    State(hub): State<AppState>,
    viewer: Viewer,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let me = viewer.required("follow a seek")?;
    let seek = find_seek(&hub, &id, "follow").await?;
    if seek.account != me.key {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "only its seeker may follow a seek; accept it with POST /api/seeks/ID/accept",
        ));
    }
    let now = crate::clock::now_ms();
    let key = me.key.clone();
    hub.with_store(move |s| s.seeker_seen(&key, now)).await?;
    Ok(Json(match seek.accepted {
        Some((game, seat)) => {
            let link = seat_link(&hub, &game, seat).await?;
            json!({ "id": seek.id, "game": game, "seat": seat, "link": link })
        }
        None => json!({ "id": seek.id, "game": null, "seat": null, "link": null }),
    }))
}

/// `POST /api/seeks/{id}/accept`: plays the seek: the game is made for both players and
/// the acceptor gets `{"game", "seat", "link"}`. 409 for one's own seek or one accepted
/// meanwhile. A bot's seek starts a game against it (no account needed).
pub async fn accept_seek(
    State(hub): State<AppState>,
    viewer: Viewer,
    client: ClientId,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    if super::bot_seeks::is_bot_seek(&id) {
        let found = super::bot_seeks::find(hub.game_set(), &id).ok_or_else(|| {
            ApiError::not_found(format!(
                "no bot seeks as {}: the bots' seeks are listed by GET /api/seeks?bots=true",
                boardlab_core::quoted(&id)
            ))
        })?;
        return accept_bot_seek(&hub, &viewer, client, found).await;
    }
    let me = viewer.required("accept a seek")?;
    let seek = find_seek(&hub, &id, "accept").await?;
    if seek.account == me.key {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "this is your own seek: another player must accept it (withdraw it with DELETE)",
        ));
    }
    if seek.accepted.is_some() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "this seek was accepted already",
        ));
    }
    let game = hub.game_of_key(&seek.game).await?;
    let rules: BTreeMap<String, Value> = serde_json::from_str(&seek.rules).unwrap_or_default();
    let request = NewGame {
        game: seek.game.clone(),
        opponent: Some("friend".to_string()),
        level: None,
        side: Some(seek.side.clone()),
        first: None,
        position: None,
        board: None,
        rules,
        clock: seek.clock.clone(),
    };
    let (mut row, seeker_seat) = create::new_row(request, game)?;
    let mut players = [None, None];
    players[seeker_seat.index()] = Some(seek.name.clone());
    players[seeker_seat.other().index()] = Some(me.name.clone());
    row.players = players;
    row.rated = seek.rated;
    // Both seats are accounts: nobody is the creator with an invite link to give.
    row.creator = None;
    let (seek_id, game_id) = (seek.id.clone(), row.id.clone());
    let claimed = hub
        .with_store(move |s| s.claim_seek(&seek_id, &game_id, seeker_seat, crate::clock::now_ms()))
        .await?;
    if !claimed {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "this seek was accepted or withdrawn meanwhile",
        ));
    }
    let (game_id, my_seat) = (row.id.clone(), seeker_seat.other());
    let token = row.tokens[my_seat.index()].clone();
    if let Err(error) = hub.create(row, client).await {
        let seek_id = seek.id.clone();
        hub.with_store(move |s| s.delete_seek(&seek_id)).await?;
        return Err(error.into());
    }
    Ok(Json(json!({
        "game": game_id,
        "seat": my_seat,
        "link": format!("/g/{game_id}#{my_seat}={token}"),
    })))
}

/// `DELETE /api/seeks/{id}`: withdraws one's own open seek.
pub async fn withdraw_seek(
    State(hub): State<AppState>,
    viewer: Viewer,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let me = viewer.required("withdraw a seek")?;
    let seek = find_seek(&hub, &id, "withdraw").await?;
    if seek.account != me.key {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "only its seeker may withdraw a seek",
        ));
    }
    if seek.accepted.is_some() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "this seek was accepted: its game has begun",
        ));
    }
    let seek_id = seek.id.clone();
    hub.with_store(move |s| s.delete_seek(&seek_id)).await?;
    Ok(Json(json!({ "id": seek.id, "withdrawn": true })))
}

/// Accepts the seek of `game`'s bot at `level`: a casual game against it, the seats drawn
/// at random; a signed-in player's seat is their account's.
async fn accept_bot_seek(
    hub: &AppState,
    viewer: &Viewer,
    client: ClientId,
    (key, game, level): (String, boardlab_games::GameId, u8),
) -> ApiResult<Json<Value>> {
    let request = NewGame {
        game: key,
        opponent: Some("bot".to_string()),
        level: Some(level),
        side: Some("random".to_string()),
        first: None,
        position: None,
        board: None,
        rules: BTreeMap::new(),
        clock: None,
    };
    let (mut row, seat) = create::new_row(request, game)?;
    if let Some(me) = &viewer.0 {
        row.players[seat.index()] = Some(me.name.clone());
    }
    let (game_id, token) = (row.id.clone(), row.tokens[seat.index()].clone());
    hub.create(row, client).await?;
    Ok(Json(json!({
        "game": game_id,
        "seat": seat,
        "link": format!("/g/{game_id}#{seat}={token}"),
    })))
}
