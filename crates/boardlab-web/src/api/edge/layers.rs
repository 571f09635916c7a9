//! The layers around the routes, outermost first: security headers on every answer, every
//! error as JSON, the size of a request's head, the client behind a trusted proxy (only
//! with `--trusted-proxy`), the host and origin checks, and the body read within its
//! timeout.

use crate::api::edge::{body, client_address, json_errors, security};
use crate::api::error::ApiError;
use crate::limits::Limits;
use axum::Router;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::middleware::{Next, from_fn, from_fn_with_state};
use axum::response::{IntoResponse, Response};
use boardlab_core::thousands;
use std::sync::Arc;

/// The longest path and query a request may have, in bytes.
pub const MAX_URI_BYTES: usize = 8 * 1024;
/// The most header lines a request may have.
pub const MAX_HEADERS: usize = 100;
/// The most bytes a request's header lines may hold together.
pub const MAX_HEAD_BYTES: usize = 32 * 1024;

/// Refuses a path too long (414) or headers too large (431), as JSON.
pub async fn check_size(request: Request, next: Next) -> Response {
    let uri = request
        .uri()
        .path_and_query()
        .map_or(0, |path| path.as_str().len());
    if uri > MAX_URI_BYTES {
        return ApiError::new(
            StatusCode::URI_TOO_LONG,
            format!(
                "the request's path and query are too long ({} bytes): at most {} bytes",
                thousands(uri as u64),
                thousands(MAX_URI_BYTES as u64)
            ),
        )
        .into_response();
    }
    let headers = request.headers();
    let bytes: usize = headers
        .iter()
        .map(|(name, value)| name.as_str().len() + value.len() + 4)
        .sum();
    if headers.len() > MAX_HEADERS || bytes > MAX_HEAD_BYTES {
        return ApiError::new(
            StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            format!(
                "the request's headers are too large ({} lines, {} bytes): at most {MAX_HEADERS} lines and {} bytes",
                thousands(headers.len() as u64),
                thousands(bytes as u64),
                thousands(MAX_HEAD_BYTES as u64)
            ),
        )
        .into_response();
    }
    next.run(request).await
}

/// `routes` inside the server's layers, under `limits`, answering for `hosts` besides IP
/// addresses and `localhost`.
pub fn around(routes: Router, limits: &Limits, hosts: &[String]) -> Router {
    // The routes go whole inside an outer router, so that the layers see the answers the
    // routing itself gives (a 405 gets its `Allow` header there).
    let mut router = Router::new()
        .fallback_service(routes.fallback(json_errors::no_route))
        .layer(from_fn_with_state(limits.body_timeout, body::read_body))
        .layer(from_fn_with_state(
            Arc::new(security::AllowedHosts::new(hosts)),
            security::check_origin,
        ));
    // Without trusted proxies every request counts for its peer, and the header is not read.
    if !limits.trusted_proxies.is_empty() {
        let trusted: Arc<[_]> = limits.trusted_proxies.clone().into();
        router = router.layer(from_fn_with_state(trusted, client_address::resolve_client));
    }
    router
        .layer(from_fn(check_size))
        .layer(from_fn(json_errors::as_json))
        .layer(from_fn(security::add_headers))
}
