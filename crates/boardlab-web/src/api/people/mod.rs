//! People, not only seats: accounts and their sessions ([`sign_in`]), the lobby's seeks
//! ([`lobby`]), and what is public of a player: ratings, history and games ([`profile`]).
//!
//! A browser signed in holds a session secret in an `HttpOnly`, `SameSite=Lax` cookie
//! ([`SESSION_COOKIE`]); each request that carries one is a [`Viewer`] with its account.
//! A request that changes something and carries the cookie is accepted only from the site's
//! own pages ([`crate::api::edge::security`]).

pub mod bot_seeks;
pub mod lobby;
pub mod profile;
pub mod sign_in;

use crate::accounts::{AccountName, SESSION_COOKIE, session_hash};
use crate::api::AppState;
use crate::api::edge::game_rate::GameRate;
use crate::api::error::ApiError;
use crate::limits::ClientId;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, StatusCode, header};

/// What the server keeps in memory for sign-ins: the attempts of each client and the wrong
/// passwords of each name (each at most the limit a minute), and the hashing allowed at once.
pub struct People {
    /// Sign-ins and new accounts per client address.
    pub(crate) attempts: GameRate<ClientId>,
    /// Wrong passwords per account key.
    pub(crate) wrong_passwords: GameRate<String>,
    /// Password hashes computed at once (each takes ~19 MiB and tens of milliseconds).
    pub(crate) hashing: tokio::sync::Semaphore,
}

impl People {
    /// The sign-in limits: `per_minute` attempts per client, a sixth as many wrong passwords
    /// per name (at least 5): a guesser tries at most that many passwords a minute whatever
    /// addresses they use.
    pub fn new(per_minute: u32) -> People {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        People {
            attempts: GameRate::counting(per_minute, ("sign-in", "sign-ins")),
            wrong_passwords: GameRate::counting(
                (per_minute / 6).max(5),
                ("wrong password", "wrong passwords"),
            ),
            hashing: tokio::sync::Semaphore::new(2 * cores),
        }
    }
}

/// The session secret a request's cookies carry, if any.
pub fn session_secret(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(cookie::Cookie::split_parse)
        .filter_map(Result::ok)
        .find(|cookie| cookie.name() == SESSION_COOKIE)
        .map(|cookie| cookie.value().to_string())
        .filter(|secret| !secret.is_empty())
}

/// Who sent a request: the signed-in account of its session cookie, or nobody.
#[derive(Debug, Clone, Default)]
pub struct Viewer(pub Option<AccountName>);

impl Viewer {
    /// The account, or 401 saying that `what` needs one.
    pub fn required(self, what: &str) -> Result<AccountName, ApiError> {
        self.0.ok_or_else(|| {
            ApiError::new(
                StatusCode::UNAUTHORIZED,
                format!(
                    "sign in to {what}: POST /api/session with your name and password, or make an account with POST /api/accounts"
                ),
            )
        })
    }
}

impl FromRequestParts<AppState> for Viewer {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, hub: &AppState) -> Result<Viewer, ApiError> {
        let Some(secret) = session_secret(&parts.headers) else {
            return Ok(Viewer(None));
        };
        // A secret of another shape is no session (nothing to look up).
        if secret.len() != 64 || !secret.bytes().all(|b| b.is_ascii_hexdigit()) {
            return Ok(Viewer(None));
        }
        let hash = session_hash(&secret);
        let account = hub
            .with_store(move |s| s.session_account(&hash, crate::clock::now_ms()))
            .await?;
        Ok(Viewer(account))
    }
}
