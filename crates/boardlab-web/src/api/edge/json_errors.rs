//! Every error answer is JSON: the answers that axum and the router give by themselves —
//! no such route (404), a method the route does not take (405, with `Allow`), a path
//! segment or query that cannot be read (400) — come out of this layer as
//! `{"error": "..."}` with `application/json`. HTML pages (a missing game's page) and JSON
//! errors pass as they are.

use axum::Json;
use axum::body::Body;
use axum::extract::Request;
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use boardlab_core::quoted;

/// How much of an error's text body is kept.
const MAX_ERROR_BYTES: usize = 16 * 1024;

/// The answer for a path no route serves: for a browser asking for a page (it accepts
/// HTML, outside `/api/` and `/static/`) the site's not-found page, else JSON.
pub async fn no_route(request: Request) -> Response {
    let path = request.uri().path();
    let wants_page = request
        .headers()
        .get(header::ACCEPT)
        .and_then(|accept| accept.to_str().ok())
        .is_some_and(|accept| accept.contains("text/html"));
    if wants_page && !path.starts_with("/api/") && !path.starts_with("/static/") {
        return crate::api::assets::no_page();
    }
    let message = format!(
        "no page, file or API route at {}: the API is under /api/ (see docs/web.md)",
        quoted(request.uri().path())
    );
    (
        StatusCode::NOT_FOUND,
        Json(serde_json::json!({ "error": message })),
    )
        .into_response()
}

/// Turns an error answer that is neither JSON nor a page into JSON.
pub async fn as_json(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_string();
    let response = next.run(request).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) {
        return response;
    }
    let kind = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|kind| kind.to_str().ok())
        .unwrap_or("");
    if kind.starts_with("application/json") || kind.starts_with("text/html") {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let text = axum::body::to_bytes(body, MAX_ERROR_BYTES)
        .await
        .map(|bytes| String::from_utf8_lossy(&bytes).trim().to_string())
        .unwrap_or_default();
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => {
            let allowed = parts
                .headers
                .get(header::ALLOW)
                .and_then(|allow| allow.to_str().ok())
                .unwrap_or("");
            format!(
                "the method {method} is not allowed on {}: it takes {allowed}",
                quoted(&path)
            )
        }
        StatusCode::NOT_FOUND => format!("there is nothing at {}", quoted(&path)),
        _ if text.starts_with("Invalid URL") || text.starts_with("Failed to deserialize query") => {
            format!(
                "the request's path or query {} cannot be read: {text}",
                quoted(&path)
            )
        }
        _ if !text.is_empty() => text,
        _ => status
            .canonical_reason()
            .unwrap_or("the request failed")
            .to_string(),
    };
    let body = serde_json::json!({ "error": message }).to_string();
    parts.headers.remove(header::CONTENT_LENGTH);
    parts.headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    Response::from_parts(parts, Body::from(body))
}
