//! `GET /api/health`: whether the server can serve, read from its store for real.

use crate::api::AppState;
use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// `GET /api/live`: `{"ok": true}` while the process answers requests, whatever its
/// database does (the liveness check: an orchestrator restarts a server that does not
/// answer, not one whose database is away; [`health`] is the readiness check).
pub async fn live() -> Json<Value> {
    Json(json!({ "ok": true }))
}

/// `GET /api/health`: `ok`, the database's kind (`sqlite`, `postgres`) and the games stored
/// (a read through the store), the games in
/// memory, the bots' moves and the analyses being made and waiting (the database's whole
/// queue), the MiB the solver's tables
/// take, and how far the background resume of stored bot games has come (`null` when done);
/// 503 with `"ok": false` and the store's error when the store cannot be read.
pub async fn health(State(hub): State<AppState>) -> Response {
    let stored = hub.with_store(|store| store.count_games()).await;
    let queue = hub.queue_counts().await.unwrap_or_default();
    let mut answer = json!({
        "database": hub.store_kind(),
        "games_in_memory": hub.resident(),
        "bot_searches": queue.moves.running,
        "bot_searches_waiting": queue.moves.waiting,
        "analyses": queue.analyses.running,
        "analyses_waiting": queue.analyses.waiting,
        "solver_mib": hub.solver_mib_in_use(),
        "resuming": hub
            .resume_progress()
            .map(|(done, total)| json!({ "done": done, "total": total })),
    });
    let fields = answer.as_object_mut().expect("a JSON object");
    match stored {
        Ok(stored) => {
            fields.insert("ok".into(), Value::Bool(true));
            fields.insert("games_stored".into(), json!(stored));
            Json(answer).into_response()
        }
        Err(error) => {
            fields.insert("ok".into(), Value::Bool(false));
            fields.insert(
                "error".into(),
                json!(format!("the game store cannot be read: {}", error)),
            );
            (StatusCode::SERVICE_UNAVAILABLE, Json(answer)).into_response()
        }
    }
}
