//! What the server allows one connection, one client and everyone together: the limits that
//! keep a flood of sockets, games, bot searches or analyses from starving the others. Every
//! limit is an option of `boardlab serve`; the defaults and why they were chosen are in
//! `docs/web.md` ("Limits").

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use std::convert::Infallible;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

/// An IP network (`10.0.0.0/8`), or one address (`127.0.0.1/32`): a trusted proxy.
pub use ipnet::IpNet;

/// Every limit the server enforces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// How long a client may take to send a request's headers (at most 10 s by default).
    pub header_timeout: Duration,
    /// How long a client may take to send a request's body once its headers arrived.
    pub body_timeout: Duration,
    /// How long a kept-alive connection may stay idle between requests.
    pub idle_timeout: Duration,
    /// The most connections open at once; further ones wait in the kernel's backlog.
    pub max_connections: usize,
    /// Games one client (one IP address) may create in a minute.
    pub games_per_minute: u32,
    /// Sign-ins and new accounts one client (one IP address) may ask for in a minute; wrong
    /// passwords for one account name count apart, a sixth as many (at least 5).
    pub sign_ins_per_minute: u32,
    /// Bot searches one client's games may have running or queued at once.
    pub searches_per_client: usize,
    /// Bot moves this server's own workers make at once (`--workers`; 0: none, the
    /// moves wait for `boardlab worker` processes); more wait in the queue.
    pub searches: usize,
    /// Analyses one client may have running or queued at once.
    pub analyses_per_client: usize,
    /// Analyses this server's own workers make at once, at most (the others make only bot
    /// moves meanwhile); more wait in the queue. By default any worker may.
    pub analyses: usize,
    /// The memory one perfect-player (solver) search may use, in MiB.
    pub solver_mib_per_search: usize,
    /// The memory all perfect-player searches together may use, in MiB.
    pub solver_mib_total: usize,
    /// The distinct pasted rules files the server compiles since it started (each stays
    /// in memory until it stops); more are refused with 503 until a restart.
    pub pasted_rules: usize,
    /// The reverse proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`,
    /// addresses or networks): a request from one of them counts for the client it forwards
    /// ([`crate::api::edge::client_address`]); every other request counts for its peer, whatever
    /// its headers say. None by default: the header is ignored.
    pub trusted_proxies: Vec<IpNet>,
}

impl Default for Limits {
    fn default() -> Limits {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        Limits {
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            max_connections: 512,
            games_per_minute: 30,
            sign_ins_per_minute: 60,
            searches_per_client: 4,
            searches: cores,
            analyses_per_client: 2,
            analyses: usize::MAX,
            solver_mib_per_search: 128,
            solver_mib_total: 512,
            pasted_rules: crate::game_set::DEFAULT_MAX_PASTED,
            trusted_proxies: Vec::new(),
        }
    }
}

/// Who sent a request, for the per-client limits: the peer's IP address (port left out, so
/// every connection of one machine counts as one client), or, when the peer is a trusted
/// proxy, the client it forwards (put in the request's extensions by
/// [`crate::api::edge::client_address::resolve_client`]). Requests that reach the router without
/// a connection (tests calling it directly) all count as one local client.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClientId(pub IpAddr);

impl ClientId {
    /// The client of requests that carry no peer address.
    pub const LOCAL: ClientId = ClientId(IpAddr::V4(Ipv4Addr::LOCALHOST));

    /// The server itself, for the work it starts on its own: the bots of stored games it
    /// resumes (after a start, or when a game is loaded again). No peer has this address.
    pub const SERVER: ClientId = ClientId(IpAddr::V4(Ipv4Addr::UNSPECIFIED));

    /// The client's name in the queue of bot moves (`jobs.client`): its address, or
    /// `server` for the server's own.
    pub fn key(self) -> String {
        if self == ClientId::SERVER {
            "server".to_string()
        } else {
            self.0.to_string()
        }
    }
}

impl<S: Send + Sync> FromRequestParts<S> for ClientId {
    type Rejection = Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Infallible> {
        if let Some(&client) = parts.extensions.get::<ClientId>() {
            return Ok(client);
        }
        Ok(parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(ClientId::LOCAL, |ConnectInfo(addr)| ClientId(addr.ip())))
    }
}
