//! The routes of a game: new games and pasted rules, state, views, the record, live events,
//! moves, invitations, resignation, offers, rematches and analyses.

use super::error::{ApiError, ApiResult};
use super::people::Viewer;
use super::{AppState, JsonBody, SeatBody, authorize};
use crate::catalog;
use crate::create::{self, NewGame};
use crate::game_set::{PASTED, PasteError as GameSetError};
use crate::hub;
use crate::limits::ClientId;
use crate::seat::Seat;
use crate::store::Mode;
use axum::Json;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use std::convert::Infallible;
use tokio_stream::{Stream, StreamExt, wrappers::BroadcastStream};

/// `GET /api/catalog`: the games on offer.
pub async fn catalog(State(hub): State<AppState>) -> Json<Value> {
    Json(catalog::catalog(hub.game_set()))
}

/// `GET /api/cards/{key}`: the card of one game (as in the catalog), listed or pasted.
pub async fn card(State(hub): State<AppState>, Path(key): Path<String>) -> ApiResult<Json<Value>> {
    let game = hub
        .game_of_key(&key)
        .await
        .map_err(|e| ApiError::not_found(e.to_string()))?;
    Ok(Json(catalog::card(&key, game)))
}

/// The body of `POST /api/rules`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PastedRules {
    /// The rules file's text (TOML, docs/rules-files.md).
    pub text: String,
}

/// `POST /api/rules`: checks a pasted rules file and, when it gives a game, stores it and
/// answers the game's card, whose `id` (`pasted:…`) a new game may name. A file that does
/// not read is a 400 whose `error` names the line and column, also given as `line` and
/// `column`.
pub async fn paste_rules(
    State(hub): State<AppState>,
    JsonBody(request): JsonBody<PastedRules>,
) -> ApiResult<Response> {
    let text = request.text;
    let known = {
        let text = text.clone();
        hub.with_store(move |s| s.paste_key(&text)).await?
    };
    let set = hub.game_set().clone();
    let (key, game) = match known {
        Some(key) => {
            let (set, stored, text) = (set.clone(), key.clone(), text.clone());
            let game = tokio::task::spawn_blocking(move || set.stored_paste(&stored, &text))
                .await
                .map_err(|e| ApiError::internal(format!("compiling task failed: {e}")))?
                .map_err(|e| paste_error(&GameSetError::Load(e)))?;
            (key, game)
        }
        None => {
            let (compiling, source) = (set.clone(), text.clone());
            let game = tokio::task::spawn_blocking(move || compiling.new_paste(&source))
                .await
                .map_err(|e| ApiError::internal(format!("compiling task failed: {e}")))?
                .map_err(|e| paste_error(&e))?;
            let key = hub.with_store(move |s| s.store_paste(&text)).await?;
            set.remember_paste(&key, game);
            (key, game)
        }
    };
    let card = catalog::card(&format!("{PASTED}{key}"), game);
    Ok((StatusCode::OK, Json(card)).into_response())
}

/// The answer to a pasted rules file that gives no game: 400 with the place of the problem
/// where it has one, 503 when the server keeps no more pasted games.
fn paste_error(error: &GameSetError) -> ApiError {
    match error {
        GameSetError::Full(_) => ApiError::new(StatusCode::SERVICE_UNAVAILABLE, error.to_string()),
        GameSetError::Load(boardlab_rules::LoadError::File(
            boardlab_rules::file::RulesFileError::At { line, column, .. },
        )) => ApiError::bad_request(error.to_string()).with_place(*line, *column),
        _ => ApiError::bad_request(error.to_string()),
    }
}

/// `POST /api/games`: starts a game and returns its links.
pub async fn create_game(
    State(hub): State<AppState>,
    client: ClientId,
    viewer: Viewer,
    JsonBody(request): JsonBody<NewGame>,
) -> ApiResult<Response> {
    let game = hub.game_of_key(&request.game).await?;
    let (mut row, seat) = create::new_row(request, game)?;
    // A signed-in creator's seat is the account's (both seats at one screen): its games
    // are its own on any device.
    if let Some(me) = viewer.0 {
        for s in Seat::BOTH {
            if s == seat || row.mode == Mode::Local {
                row.players[s.index()] = Some(me.name.clone());
            }
        }
    }
    let id = row.id.clone();
    let token = |s: Seat| row.tokens[s.index()].clone();
    let play = match row.mode {
        Mode::Local => format!("/g/{id}#1={}&2={}", token(Seat::One), token(Seat::Two)),
        _ => format!("/g/{id}#{seat}={}", token(seat)),
    };
    let other = seat.other();
    let invite = (row.mode == Mode::Friend).then(|| format!("/g/{id}#{other}={}", token(other)));
    let tokens = match row.mode {
        Mode::Local => json!({ "1": token(Seat::One), "2": token(Seat::Two) }),
        _ => json!({ seat.to_string(): token(seat) }),
    };
    hub.create(row, client).await?;
    let body = json!({
        "id": id,
        "seat": seat,
        "tokens": tokens,
        "links": { "play": play, "invite": invite, "watch": format!("/g/{id}") },
    });
    Ok((StatusCode::CREATED, Json(body)).into_response())
}

/// `GET /api/games/{id}`: the state every client sees.
pub async fn game_state(
    State(hub): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Json<hub::GameState>> {
    let entry = hub.entry(&id).await?;
    let mut entry = entry.lock().await;
    hub.sync(&mut entry).await?;
    Ok(Json(hub::state_of(&entry)))
}

/// `GET /api/games/{id}/view/{ply}`: the board after `ply` moves, for stepping through.
pub async fn game_view(
    State(hub): State<AppState>,
    Path((id, ply)): Path<(String, String)>,
) -> ApiResult<Json<Value>> {
    let ply: usize = ply.parse().map_err(|_| {
        ApiError::bad_request(format!(
            "{} is not a ply: use a whole number from 0",
            boardlab_core::quoted(&ply)
        ))
    })?;
    let entry = hub.entry(&id).await?;
    let mut entry = entry.lock().await;
    hub.sync(&mut entry).await?;
    let view = crate::view::view_at(&entry.session, ply)
        .ok_or_else(|| ApiError::not_found(format!("the game has no ply {ply}")))?;
    Ok(Json(serde_json::to_value(view).unwrap_or(Value::Null)))
}

/// `GET /api/games/{id}/record`: the game record as a file.
pub async fn game_record(
    State(hub): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Response> {
    let entry = hub.entry(&id).await?;
    let mut entry = entry.lock().await;
    hub.sync(&mut entry).await?;
    let text = crate::record::write_record(&entry.session, &hub::record_tags(&entry));
    let name = format!("boardlab-{}-{}.pgn", entry.row.game, entry.row.id);
    Ok((
        [
            (
                header::CONTENT_TYPE,
                "text/plain; charset=utf-8".to_string(),
            ),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        text,
    )
        .into_response())
}

/// `GET /api/games/{id}/events`: server-sent events, one `state` event per change,
/// starting with the state now.
pub async fn game_events(
    State(hub): State<AppState>,
    Path(id): Path<String>,
) -> ApiResult<Sse<impl Stream<Item = Result<Event, Infallible>>>> {
    let entry = hub.entry(&id).await?;
    let (first, updates) = {
        let mut entry = entry.lock().await;
        hub.sync(&mut entry).await?;
        let first = serde_json::to_string(&hub::state_of(&entry))
            .map_err(|e| ApiError::internal(format!("the state does not serialize: {e}")))?;
        (first, entry.events.subscribe())
    };
    let first = tokio_stream::once(Ok(Event::default().event("state").data(first)));
    let rest = BroadcastStream::new(updates).filter_map(|item| {
        item.ok()
            .map(|text| Ok(Event::default().event("state").data(text.as_str())))
    });
    Ok(Sse::new(first.chain(rest)).keep_alive(KeepAlive::default()))
}

/// `POST /api/games/{id}/moves` with `{"seat", "token", "move"}`: plays a move; answers
/// only after the move is committed to the store.
pub async fn play_move(
    State(hub): State<AppState>,
    client: ClientId,
    viewer: Viewer,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<SeatBody>,
) -> ApiResult<Json<hub::GameState>> {
    let (entry, seat) = authorize(&hub, &id, &body, &viewer).await?;
    let text = body
        .mv
        .as_deref()
        .ok_or_else(|| ApiError::bad_request("missing field 'move'"))?;
    Ok(Json(hub.play(&entry, seat, text, client).await?))
}

/// `POST /api/games/{id}/invite` with `{"seat", "token"}`: the link for the other seat of a
/// game against a friend, given again to the seat that created the game (in any tab or
/// browser) and to no other: the invited seat never learns the creator's token.
pub async fn invite(
    State(hub): State<AppState>,
    viewer: Viewer,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<SeatBody>,
) -> ApiResult<Json<Value>> {
    let (entry, seat) = authorize(&hub, &id, &body, &viewer).await?;
    let entry = entry.lock().await;
    if entry.row.mode != Mode::Friend {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "only a game against a friend has an invite link",
        ));
    }
    if entry.row.players.iter().all(Option::is_some) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "a game between two accounts has no invite link: each player has their seat",
        ));
    }
    if entry.row.creator != Some(seat) {
        let why = match entry.row.creator {
            Some(creator) => format!("seat {creator} created this game"),
            None => "this game was stored before the server remembered who created it; \
                     the creator's page keeps the link"
                .to_string(),
        };
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!("only the seat that created the game can get its invite link: {why}"),
        ));
    }
    let other = seat.other();
    let token = &entry.row.tokens[other.index()];
    Ok(Json(
        json!({ "invite": format!("/g/{id}#{other}={token}") }),
    ))
}

/// `POST /api/games/{id}/resign` with `{"seat", "token"}`.
pub async fn resign(
    State(hub): State<AppState>,
    viewer: Viewer,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<SeatBody>,
) -> ApiResult<Json<hub::GameState>> {
    let (entry, seat) = authorize(&hub, &id, &body, &viewer).await?;
    Ok(Json(hub.resign(&entry, seat).await?))
}

/// `POST /api/games/{id}/draw` with `{"seat", "token"}`: offers a draw, or accepts the
/// other seat's offer (at one screen the draw is agreed at once; a bot declines).
pub async fn offer_draw(
    State(hub): State<AppState>,
    viewer: Viewer,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<SeatBody>,
) -> ApiResult<Json<hub::GameState>> {
    let (entry, seat) = authorize(&hub, &id, &body, &viewer).await?;
    Ok(Json(hub.offer_draw(&entry, seat).await?))
}

/// `POST /api/games/{id}/takeback` with `{"seat", "token"}`: takes the seat's last move
/// back (against a bot with its answer; at one screen the last move); against a friend it
/// asks, and the other seat's takeback accepts.
pub async fn takeback(
    State(hub): State<AppState>,
    viewer: Viewer,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<SeatBody>,
) -> ApiResult<Json<hub::GameState>> {
    let (entry, seat) = authorize(&hub, &id, &body, &viewer).await?;
    Ok(Json(hub.takeback(&entry, seat).await?))
}

/// `POST /api/games/{id}/decline` with `{"seat", "token"}`: declines the other seat's
/// offers, or withdraws the seat's own.
pub async fn decline(
    State(hub): State<AppState>,
    viewer: Viewer,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<SeatBody>,
) -> ApiResult<Json<hub::GameState>> {
    let (entry, _) = authorize(&hub, &id, &body, &viewer).await?;
    Ok(Json(hub.decline(&entry).await?))
}

/// `POST /api/games/{id}/rematch` with `{"seat", "token"}` on a finished game: the new
/// game with the seats swapped, `{"id", "seat", "link"}` (the same game for both players).
pub async fn rematch(
    State(hub): State<AppState>,
    client: ClientId,
    viewer: Viewer,
    Path(id): Path<String>,
    JsonBody(body): JsonBody<SeatBody>,
) -> ApiResult<Json<hub::Rematch>> {
    let (entry, seat) = authorize(&hub, &id, &body, &viewer).await?;
    Ok(Json(hub.rematch(&entry, seat, client).await?))
}

/// `GET /api/games/{id}/analysis/{ply}`: the search's evaluation, best line and (where the
/// solver or tablebases reach) exact value of the position after `ply` moves, for finished
/// games and games at one screen; `"analysis": null` where the game is over at that ply.
pub async fn analysis(
    State(hub): State<AppState>,
    client: ClientId,
    Path((id, ply)): Path<(String, String)>,
) -> ApiResult<Json<Value>> {
    let ply: usize = ply.parse().map_err(|_| {
        ApiError::bad_request(format!(
            "{} is not a ply (0, 1, 2, …)",
            boardlab_core::quoted(&ply)
        ))
    })?;
    let entry = hub.entry(&id).await?;
    Ok(Json(hub.analysis(&entry, ply, client).await?))
}
