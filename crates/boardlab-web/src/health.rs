//! `GET /api/health`: whether the server can serve, read from its store for real.

use crate::api::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// `GET /api/health`: `ok` and the games stored (a read through the store), the games in
/// memory and the bot searches running; 503 with `"ok": false` and the store's error when
/// the store cannot be read.
pub async fn health(State(hub): State<AppState>) -> Response {
    let stored = hub.with_store(|store| store.count_games()).await;
    let resident = hub.resident();
    let searches = crate::bot::searches_running();
    match stored {
        Ok(stored) => Json(json!({
            "ok": true,
            "games_stored": stored,
            "games_in_memory": resident,
            "bot_searches": searches,
        }))
        .into_response(),
        Err(error) => (
            StatusCode::SERVICE_UNAVAILABLE,
            Json(json!({
                "ok": false,
                "error": format!("the game store cannot be read: {}", error.message),
                "games_in_memory": resident,
                "bot_searches": searches,
            })),
        )
            .into_response(),
    }
}
