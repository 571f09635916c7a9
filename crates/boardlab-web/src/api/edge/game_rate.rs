//! How many games each client may create: at most [`Limits::games_per_minute`](crate::Limits)
//! in any 60 seconds, counted by a sliding window per [`ClientId`]; one more is answered 429
//! with `Retry-After`, the seconds until the oldest creation in the window leaves it.

use crate::api::error::ApiError;
use crate::limits::ClientId;
use axum::extract::{Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use boardlab_core::count;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The window the limit counts over.
pub const WINDOW: Duration = Duration::from_secs(60);

/// The games created by each client in the last [`WINDOW`].
/// Counted per client by default; per any key (an account name) where another key is given.
#[derive(Debug)]
pub struct GameRate<K = ClientId> {
    per_window: usize,
    /// What is counted, one and many (`game`, `games`).
    what: (&'static str, &'static str),
    clients: Mutex<Clients<K>>,
}

#[derive(Debug)]
struct Clients<K> {
    created: HashMap<K, VecDeque<Instant>>,
    /// How many clients were kept at the last sweep of those with nothing in the window.
    kept_at_sweep: usize,
}

impl GameRate {
    /// A limit of `per_minute` games per client.
    pub fn new(per_minute: u32) -> GameRate {
        GameRate::counting(per_minute, ("game", "games"))
    }

    /// A limit of `per_minute` pasted rules files per client (`POST /api/rules`).
    pub fn for_pastes(per_minute: u32) -> GameRate {
        GameRate::counting(per_minute, ("rules file", "rules files"))
    }
}

impl<K: std::hash::Hash + Eq + Clone> GameRate<K> {
    /// A limit of `per_minute` of `what` (one, many) per key.
    pub fn counting(per_minute: u32, what: (&'static str, &'static str)) -> GameRate<K> {
        GameRate {
            per_window: usize::try_from(per_minute).unwrap_or(usize::MAX).max(1),
            what,
            clients: Mutex::new(Clients {
                created: HashMap::new(),
                kept_at_sweep: 0,
            }),
        }
    }

    fn clients(&self) -> MutexGuard<'_, Clients<K>> {
        self.clients
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Counts a new game of `client` at `now`, or says how long until it may create one.
    pub fn take(&self, client: K, now: Instant) -> Result<Instant, Duration> {
        let mut clients = self.clients();
        // Clients gone quiet are forgotten once they make up half of those remembered.
        if clients.created.len() > 2 * clients.kept_at_sweep.max(64) {
            clients
                .created
                .retain(|_, times| times.back().is_some_and(|&t| now - t < WINDOW));
            clients.kept_at_sweep = clients.created.len();
        }
        let times = clients.created.entry(client).or_default();
        while times
            .front()
            .is_some_and(|&t| now.saturating_duration_since(t) >= WINDOW)
        {
            times.pop_front();
        }
        if times.len() >= self.per_window {
            let oldest = times.front().copied().unwrap_or(now);
            return Err(WINDOW.saturating_sub(now.saturating_duration_since(oldest)));
        }
        times.push_back(now);
        Ok(now)
    }

    /// How many may be counted in one window.
    pub fn per_window(&self) -> usize {
        self.per_window
    }

    /// Takes back a creation counted at `at` that did not happen (the request was refused).
    pub fn give_back(&self, client: &K, at: Instant) {
        let mut clients = self.clients();
        if let Some(times) = clients.created.get_mut(client)
            && let Some(index) = times.iter().rposition(|&t| t == at)
        {
            times.remove(index);
        }
    }

    /// How many clients are remembered (for tests).
    pub fn clients_remembered(&self) -> usize {
        self.clients().created.len()
    }
}

/// The layer of `POST /api/games`: refuses a game past the client's limit, and counts only
/// the games created.
pub async fn limit_new_games(
    State(rate): State<Arc<GameRate>>,
    client: ClientId,
    request: Request,
    next: Next,
) -> Response {
    match rate.take(client, Instant::now()) {
        Ok(at) => {
            let response = next.run(request).await;
            if !response.status().is_success() {
                rate.give_back(&client, at);
            }
            response
        }
        Err(wait) => {
            let seconds = whole_seconds(wait);
            let mut response = ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "too many new {} from your address: at most {} a minute (the server's --games-per-minute); try again in {}",
                    rate.what.1,
                    count(rate.per_window as u64, rate.what.0, rate.what.1),
                    count(seconds, "second", "seconds")
                ),
            )
            .into_response();
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
            response
        }
    }
}

/// A wait in whole seconds, rounded up and at least one, so that a retry after them
/// succeeds.
pub fn whole_seconds(wait: Duration) -> u64 {
    (wait.as_secs() + u64::from(wait.subsec_nanos() > 0)).max(1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::{IpAddr, Ipv4Addr};

    fn client(n: u8) -> ClientId {
        ClientId(IpAddr::V4(Ipv4Addr::new(10, 0, 0, n)))
    }

    #[test]
    fn a_client_past_its_limit_waits_until_its_oldest_game_leaves_the_window() {
        let rate = GameRate::new(3);
        let start = Instant::now();
        let at = |s: u64| start + Duration::from_secs(s);
        assert!(rate.take(client(1), at(0)).is_ok());
        assert!(rate.take(client(1), at(10)).is_ok());
        assert!(rate.take(client(1), at(20)).is_ok());
        assert_eq!(rate.take(client(1), at(30)), Err(Duration::from_secs(30)));
        // Another client is not affected.
        assert!(rate.take(client(2), at(30)).is_ok());
        // Once the first game is a minute old, one more may be created, and no more.
        assert!(rate.take(client(1), at(60)).is_ok());
        assert_eq!(rate.take(client(1), at(61)), Err(Duration::from_secs(9)));
    }

    #[test]
    fn a_refused_creation_is_given_back() {
        let rate = GameRate::new(1);
        let now = Instant::now();
        let taken = rate.take(client(1), now).unwrap();
        assert!(rate.take(client(1), now).is_err());
        rate.give_back(&client(1), taken);
        assert!(rate.take(client(1), now).is_ok());
    }

    #[test]
    fn quiet_clients_are_forgotten() {
        let rate = GameRate::new(5);
        let start = Instant::now();
        for n in 0..200u8 {
            rate.take(client(n), start).unwrap();
        }
        let later = start + WINDOW + Duration::from_secs(1);
        for n in 0..200u8 {
            let other = ClientId(IpAddr::V4(Ipv4Addr::new(10, 0, 1, n)));
            rate.take(other, later).unwrap();
        }
        assert!(
            rate.clients_remembered() < 400,
            "{}",
            rate.clients_remembered()
        );
    }
}
