//! Request bodies are read whole, within [`Limits::body_timeout`](crate::Limits) of their
//! headers and up to [`MAX_BODY_BYTES`], before any route sees them: a body that trickles is
//! answered 408 and one too large 413, as JSON, and the connection is closed.

use crate::api::error::ApiError;
use axum::body::Body;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use boardlab_core::thousands;
use std::time::Duration;
use tokio_stream::StreamExt;

/// The largest request body the server reads (every route's body is a small JSON object).
pub const MAX_BODY_BYTES: usize = 2 << 20;

/// An error answer after which the connection closes (its body was not read to the end).
fn closing(error: ApiError) -> Response {
    let mut response = error.into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

fn too_large() -> Response {
    closing(ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        format!(
            "the request body could not be read: it is larger than {} bytes (2 MiB)",
            thousands(MAX_BODY_BYTES as u64)
        ),
    ))
}

/// Whether the request says it has a body.
fn has_body(request: &Request) -> bool {
    let headers = request.headers();
    headers.contains_key(header::TRANSFER_ENCODING)
        || headers
            .get(header::CONTENT_LENGTH)
            .is_some_and(|length| length.as_bytes() != b"0")
}

/// Reads the request's body within `timeout`, then passes the request on.
pub async fn read_body(State(timeout): State<Duration>, request: Request, next: Next) -> Response {
    if !has_body(&request) {
        return next.run(request).await;
    }
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|length| length.to_str().ok())
        .and_then(|length| length.parse::<u64>().ok());
    if declared.is_some_and(|length| length > MAX_BODY_BYTES as u64) {
        return too_large();
    }
    let (parts, body) = request.into_parts();
    let read = async {
        let mut stream = body.into_data_stream();
        let mut bytes = Vec::new();
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|e| {
                closing(ApiError::bad_request(format!(
                    "the request body could not be read: {e}"
                )))
            })?;
            if bytes.len() + chunk.len() > MAX_BODY_BYTES {
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(bytes)
    };
    match tokio::time::timeout(timeout, read).await {
        Ok(Ok(bytes)) => {
            next.run(Request::from_parts(parts, Body::from(bytes)))
                .await
        }
        Ok(Err(response)) => response,
        Err(_) => closing(ApiError::new(
            StatusCode::REQUEST_TIMEOUT,
            format!(
                "the request body did not arrive within {} after its headers (the server's --body-timeout)",
                boardlab_core::count(timeout.as_secs(), "second", "seconds")
            ),
        )),
    }
}
