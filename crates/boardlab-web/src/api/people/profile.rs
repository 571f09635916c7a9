//! What is public of a player: `GET /api/players/{name}` (ratings per game, rating history,
//! games with filters and results), `GET /api/leaderboard/{game}`; and, for a signed-in
//! player only, `GET /api/games/{id}/seat`: the seat (and its token) the account plays in a
//! game, so that a player's games are theirs on any device.

use super::Viewer;
use crate::accounts::AccountName;
use crate::api::AppState;
use crate::api::error::{ApiError, ApiResult};
use crate::seat::Seat;
use crate::store::accounts::{GameFilter, PlayedGame};
use crate::store::ratings::GameRating;
use axum::Json;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use boardlab_rating::Score;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::BTreeMap;

/// The most games a profile lists at once.
const MOST_GAMES: usize = 100;

/// The rating points a history gives per game at most.
const HISTORY: usize = 200;

/// A rating as the API gives it: rounded to what is worth showing, with whether it is
/// still provisional (deviation 110 or more).
pub fn rating_json(rating: &GameRating) -> Value {
    let r = rating.rating;
    json!({
        "rating": (r.rating * 100.0).round() / 100.0,
        "deviation": (r.deviation * 100.0).round() / 100.0,
        "volatility": (r.volatility * 1e6).round() / 1e6,
        "games": rating.games,
        "provisional": r.is_provisional(),
    })
}

/// The filters of a profile's game list: `?game=obsidian&rated=true&result=win&limit=20`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProfileQuery {
    /// Only this game.
    pub game: Option<String>,
    /// Only rated (`true`) or casual (`false`) games.
    pub rated: Option<bool>,
    /// Only games the player `win`s, `loss`es, `draw`s, or still `playing`.
    pub result: Option<String>,
    /// How many games (1 to 100, default 20).
    pub limit: Option<usize>,
}

/// The player's result in a listed game: `win`, `loss`, `draw` or `playing`.
fn result_for(game: &PlayedGame, seat: u8) -> &'static str {
    match game
        .seat1_score
        .map(|score| if seat == 1 { score } else { score.opposite() })
    {
        Some(Score::Win) => "win",
        Some(Score::Loss) => "loss",
        Some(Score::Draw) => "draw",
        None => "playing",
    }
}

/// `GET /api/players/{name}`: `{"name", "ratings": {GAME: {"rating", "deviation",
/// "volatility", "games", "provisional"}}, "history": {GAME: [...]}, "games": [...]}`; 404
/// for nobody of that name.
pub async fn player(
    State(hub): State<AppState>,
    Path(name): Path<String>,
    query: Result<Query<ProfileQuery>, axum::extract::rejection::QueryRejection>,
) -> ApiResult<Json<Value>> {
    let Query(query) = query.map_err(|e| {
        ApiError::bad_request(format!(
            "{}; a profile takes game, rated (true/false), result (win, loss, draw, playing) and limit (1 to 100)",
            e.body_text()
        ))
    })?;
    if let Some(result) = &query.result
        && !matches!(result.as_str(), "win" | "loss" | "draw" | "playing")
    {
        return Err(ApiError::bad_request(format!(
            "result {} is not one of win, loss, draw, playing",
            boardlab_core::quoted(result)
        )));
    }
    let limit = query.limit.unwrap_or(20);
    if !(1..=MOST_GAMES).contains(&limit) {
        return Err(ApiError::bad_request(format!(
            "limit {limit} is not from 1 to {MOST_GAMES}"
        )));
    }
    let nobody = || ApiError::not_found(format!("no player {}", boardlab_core::quoted(&name)));
    if !AccountName::is_shaped(&name) {
        return Err(nobody());
    }
    let key = name.to_ascii_lowercase();
    let account = {
        let key = key.clone();
        hub.with_store(move |s| s.account(&key)).await?
    }
    .ok_or_else(nobody)?;
    let filter = GameFilter {
        game: query.game.clone(),
        rated: query.rated,
    };
    let (shown, wanted) = (account.name.clone(), query.result.clone());
    let (ratings, history, games) = {
        let key = key.clone();
        hub.with_store(move |s| {
            let ratings = s.ratings_of(&key)?;
            let mut history = BTreeMap::new();
            for (game, _) in &ratings {
                history.insert(game.clone(), s.rating_history(&key, game, HISTORY)?);
            }
            // A result filter is applied to the newest games that pass the others.
            let fetch = if wanted.is_some() {
                10 * MOST_GAMES
            } else {
                limit
            };
            let games = s.games_of(&shown, &filter, fetch)?;
            Ok((ratings, history, games))
        })
        .await?
    };
    // Whose turn it is in the games going on: from each game itself (its start position
    // and rules say who moved first).
    let mut to_move = BTreeMap::new();
    for game in games.iter().filter(|g| g.seat1_score.is_none()) {
        if let Ok(entry) = hub.entry(&game.id).await {
            let entry = entry.lock().await;
            if crate::hub::result_of(&entry).is_none() {
                to_move.insert(game.id.clone(), entry.session.side_to_move().number());
            }
        }
    }
    let listed: Vec<Value> = games
        .iter()
        .filter_map(|game| {
            let seat = if game.players[0].as_deref() == Some(account.name.as_str()) {
                1
            } else {
                2
            };
            let result = result_for(game, seat);
            if query
                .result
                .as_deref()
                .is_some_and(|wanted| wanted != result)
            {
                return None;
            }
            let opponent = match (&game.players[usize::from(2 - seat)], game.bot) {
                (_, Some((level, _))) => json!({ "bot": level }),
                (Some(name), _) if game.mode != "local" => json!({ "name": name }),
                _ => Value::Null,
            };
            let mover = to_move.get(&game.id).copied();
            let your_turn = result == "playing"
                && mover.is_some_and(|mover| mover == seat || game.mode == "local");
            Some(json!({
                "id": game.id,
                "game": game.game,
                "mode": game.mode,
                "seat": seat,
                "opponent": opponent,
                "rated": game.rated,
                "result": result,
                "your_turn": your_turn,
                "clock": game.clock,
                "created": game.created,
            }))
        })
        .take(limit)
        .collect();
    let ratings: BTreeMap<String, Value> = ratings
        .iter()
        .map(|(game, rating)| (game.clone(), rating_json(rating)))
        .collect();
    let history: BTreeMap<String, Value> = history
        .into_iter()
        .map(|(game, points)| {
            let points: Vec<Value> = points
                .iter()
                .map(|p| {
                    json!({
                        "game_id": p.game_id,
                        "at_ms": p.at_ms,
                        "before": (p.before * 100.0).round() / 100.0,
                        "rating": (p.after.rating * 100.0).round() / 100.0,
                        "deviation": (p.after.deviation * 100.0).round() / 100.0,
                    })
                })
                .collect();
            (game, Value::Array(points))
        })
        .collect();
    Ok(Json(json!({
        "name": account.name,
        "created_ms": account.created_ms,
        "ratings": ratings,
        "history": history,
        "games": listed,
    })))
}

/// How the ratings use the first player's advantage, in words for the pages.
pub const FIRST_PLAYER_USE: &str = "The ratings do not adjust for it: a rated game draws its seats at random, so over many games each player moves first about half the time and the advantage evens out.";

/// `GET /api/leaderboard/{game}`: `{"game", "players": [{"name", "rating", …}]}`, the 50
/// best established ratings (provisional ones are left out).
pub async fn leaderboard(
    State(hub): State<AppState>,
    Path(game): Path<String>,
) -> ApiResult<Json<Value>> {
    let Some(played) = hub.game_set().listed_game(&game) else {
        return Err(ApiError::not_found(format!(
            "no rated game {}: ratings are kept for the server's listed games",
            boardlab_core::quoted(&game)
        )));
    };
    let wanted = game.clone();
    let leaders = hub.with_store(move |s| s.leaderboard(&wanted, 50)).await?;
    let players: Vec<Value> = leaders
        .iter()
        .map(|leader| {
            let mut line = rating_json(&leader.rating);
            line["name"] = leader.name.clone().into();
            line
        })
        .collect();
    Ok(Json(json!({
        "game": game,
        "players": players,
        "first_player": crate::catalog::first_player_json(crate::catalog::first_player(played)),
        "first_player_use": FIRST_PLAYER_USE,
    })))
}

/// `GET /api/games/{id}/seat`, signed in: `{"seats": {SEAT: TOKEN}}`, the seats the
/// account plays in the game with their tokens (both at one screen); 403 for a game the
/// account does not play.
pub async fn my_seats(
    State(hub): State<AppState>,
    viewer: Viewer,
    Path(id): Path<String>,
) -> ApiResult<Json<Value>> {
    let me = viewer.required("take your seat from another device")?;
    let entry = hub.entry(&id).await?;
    let entry = entry.lock().await;
    let seats: BTreeMap<String, String> = Seat::BOTH
        .into_iter()
        .filter(|seat| {
            entry.row.players[seat.index()]
                .as_deref()
                .is_some_and(|name| name.eq_ignore_ascii_case(&me.key))
        })
        .map(|seat| (seat.to_string(), entry.row.tokens[seat.index()].clone()))
        .collect();
    if seats.is_empty() {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!("your account ({}) plays no seat of this game", me.name),
        ));
    }
    Ok(Json(json!({ "seats": seats })))
}
