//! Errors of the HTTP API: a status code and a message, sent as `{"error": "..."}`.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};

/// An API error: the status and the message the client sees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, in words.
    pub message: String,
    /// For 429 (too many requests) and 503 (not ready yet): the seconds after which the
    /// client may try again, sent as the `Retry-After` header.
    pub retry_after: Option<u64>,
    /// For a pasted rules file: the line and column (from 1) of its problem, sent as
    /// `line` and `column` beside `error`.
    pub place: Option<(u32, u32)>,
}

impl ApiError {
    /// An error with any status.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            retry_after: None,
            place: None,
        }
    }

    /// The same error, naming the line and column of a text's problem.
    pub fn with_place(self, line: u32, column: u32) -> ApiError {
        ApiError {
            place: Some((line, column)),
            ..self
        }
    }

    /// 429: the client is at one of its limits; it may try again after `retry_after`
    /// seconds. The message names the limit.
    pub fn too_many(message: impl Into<String>, retry_after: u64) -> ApiError {
        ApiError {
            retry_after: Some(retry_after),
            ..ApiError::new(StatusCode::TOO_MANY_REQUESTS, message)
        }
    }

    /// 400: the request itself is malformed.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 404: no such game.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 500: the server failed (storage).
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = serde_json::json!({ "error": self.message });
        if let Some((line, column)) = self.place {
            body["line"] = line.into();
            body["column"] = column.into();
        }
        let mut response = (self.status, Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

/// The result of an API handler.
pub type ApiResult<T> = Result<T, ApiError>;
