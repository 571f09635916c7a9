//! `POST /api/accounts` (sign up), `POST /api/session` (sign in), `GET /api/session` (who
//! am I) and `DELETE /api/session` (sign out). A new account and a sign-in each answer with
//! the session cookie. A wrong name and a wrong password get the same 401, after the same
//! work (a decoy hash for a name nobody has), so that nobody learns which names exist from
//! the answer or its time.

use super::{Viewer, session_secret};
use crate::accounts::{
    self, AccountName, SESSION_COOKIE, SESSION_IDLE_DAYS, new_session_secret, session_hash,
};
use crate::api::edge::game_rate::{GameRate, whole_seconds};
use crate::api::error::{ApiError, ApiResult};
use crate::api::{AppState, JsonBody};
use crate::limits::ClientId;
use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;
use std::hash::Hash;
use std::time::Instant;

/// The body of a sign-up or a sign-in.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Credentials {
    /// The account's name.
    pub name: String,
    /// Its password.
    pub password: String,
}

/// Counts one more of a limited kind, or the 429 naming the limit and the wait.
fn count_one<K: Hash + Eq + Clone>(rate: &GameRate<K>, key: K, whose: &str) -> ApiResult<Instant> {
    rate.take(key, Instant::now()).map_err(|wait| {
        let seconds = whole_seconds(wait);
        ApiError::too_many(
            format!(
                "too many {whose}: at most {} a minute (the server's --sign-ins-per-minute); try again in {}",
                rate.per_window(),
                boardlab_core::count(seconds, "second", "seconds")
            ),
            seconds,
        )
    })
}

/// Hashes or checks a password off the async threads, a few at once.
async fn with_hashing<T: Send + 'static>(
    hub: &AppState,
    work: impl FnOnce() -> T + Send + 'static,
) -> ApiResult<T> {
    let _permit = hub
        .people()
        .hashing
        .acquire()
        .await
        .map_err(|_| ApiError::internal("the server is stopping"))?;
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| ApiError::internal(format!("password task failed: {e}")))
}

/// The `Set-Cookie` of a new session (or, with `None`, of one ended): `HttpOnly`,
/// `SameSite=Lax`, for the whole site, `Secure` where the page was served over HTTPS.
fn session_cookie(secret: Option<&str>, headers: &HeaderMap) -> HeaderValue {
    let https = headers
        .get(header::ORIGIN)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|origin| origin.starts_with("https://"))
        || headers
            .get("x-forwarded-proto")
            .and_then(|v| v.to_str().ok())
            .is_some_and(|proto| proto.eq_ignore_ascii_case("https"));
    let max_age = match secret {
        Some(_) => cookie::time::Duration::days(SESSION_IDLE_DAYS),
        None => cookie::time::Duration::ZERO,
    };
    let cookie = cookie::Cookie::build((SESSION_COOKIE, secret.unwrap_or("").to_string()))
        .http_only(true)
        .same_site(cookie::SameSite::Lax)
        .path("/")
        .secure(https)
        .max_age(max_age)
        .build();
    HeaderValue::from_str(&cookie.to_string()).unwrap_or(HeaderValue::from_static(""))
}

/// Starts a session of `name` and answers `status` with `{"name"}` and its cookie.
async fn signed_in(
    hub: &AppState,
    name: AccountName,
    status: StatusCode,
    headers: &HeaderMap,
) -> ApiResult<Response> {
    let secret = new_session_secret();
    let (hash, key) = (session_hash(&secret), name.key.clone());
    hub.with_store(move |s| s.insert_session(&hash, &key, crate::clock::now_ms()))
        .await?;
    let mut response = (status, Json(json!({ "name": name.name }))).into_response();
    response
        .headers_mut()
        .insert(header::SET_COOKIE, session_cookie(Some(&secret), headers));
    Ok(response)
}

/// `POST /api/accounts` with `{"name", "password"}`: makes an account and signs it in
/// (201 `{"name"}` and the session cookie); 409 when the name is taken in any case.
pub async fn sign_up(
    State(hub): State<AppState>,
    client: ClientId,
    headers: HeaderMap,
    JsonBody(request): JsonBody<Credentials>,
) -> ApiResult<Response> {
    let name =
        AccountName::parse(&request.name).map_err(|e| ApiError::bad_request(e.to_string()))?;
    accounts::check_password(&request.password)
        .map_err(|e| ApiError::bad_request(e.to_string()))?;
    count_one(
        &hub.people().attempts,
        client,
        "sign-ins and new accounts from your address",
    )?;
    let password = request.password;
    let hash = with_hashing(&hub, move || accounts::hash_password(&password))
        .await?
        .map_err(ApiError::internal)?;
    let stored = name.clone();
    let made = hub
        .with_store(move |s| s.insert_account(&stored, &hash, crate::clock::now_ms()))
        .await?;
    if !made {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            format!(
                "the name {} is taken (names are the same whatever their case); choose another",
                boardlab_core::quoted(&name.name)
            ),
        ));
    }
    signed_in(&hub, name, StatusCode::CREATED, &headers).await
}

/// `POST /api/session` with `{"name", "password"}`: signs in (200 `{"name"}` and the
/// session cookie); 401 when the name or the password is wrong (the same answer for both).
pub async fn sign_in(
    State(hub): State<AppState>,
    client: ClientId,
    headers: HeaderMap,
    JsonBody(request): JsonBody<Credentials>,
) -> ApiResult<Response> {
    count_one(
        &hub.people().attempts,
        client,
        "sign-ins and new accounts from your address",
    )?;
    let wrong = || {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "wrong name or password (names are the same whatever their case)",
        )
    };
    // A name that cannot be one is still checked against the decoy: the same time.
    let name = AccountName::parse(&request.name).ok();
    let key = name
        .as_ref()
        .map_or_else(|| request.name.to_ascii_lowercase(), |n| n.key.clone());
    let limited = count_one(
        &hub.people().wrong_passwords,
        key.clone(),
        "wrong passwords for this name",
    )?;
    let account = match &name {
        Some(name) => {
            let key = name.key.clone();
            hub.with_store(move |s| s.account(&key)).await?
        }
        None => None,
    };
    let hash = account.as_ref().map_or_else(
        || accounts::decoy_hash().to_string(),
        |a| a.password_hash.clone(),
    );
    let password = request.password;
    let matches = with_hashing(&hub, move || accounts::password_matches(&password, &hash)).await?;
    let (Some(account), true) = (account, matches) else {
        return Err(wrong());
    };
    // Only wrong passwords count against the name.
    hub.people().wrong_passwords.give_back(&key, limited);
    let name = AccountName {
        name: account.name,
        key,
    };
    signed_in(&hub, name, StatusCode::OK, &headers).await
}

/// `GET /api/session`: `{"name"}` of the signed-in account, `{"name": null}` for nobody.
pub async fn who(viewer: Viewer) -> Json<serde_json::Value> {
    Json(json!({ "name": viewer.0.map(|account| account.name) }))
}

/// `DELETE /api/session`: signs out (the session ends on the server, the cookie is cleared,
/// the account's open seeks leave the lobby). Signing out twice is no error.
pub async fn sign_out(
    State(hub): State<AppState>,
    viewer: Viewer,
    headers: HeaderMap,
) -> ApiResult<Response> {
    if let Some(secret) = session_secret(&headers) {
        let hash = session_hash(&secret);
        hub.with_store(move |s| s.delete_session(&hash)).await?;
    }
    if let Some(account) = viewer.0 {
        hub.with_store(move |s| s.delete_open_seeks_of(&account.key))
            .await?;
    }
    let mut response = Json(json!({ "name": null })).into_response();
    response
        .headers_mut()
        .insert(header::SET_COOKIE, session_cookie(None, &headers));
    Ok(response)
}
