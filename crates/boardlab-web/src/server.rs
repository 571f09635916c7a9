//! Building the router and running the server.

use crate::api::assets;
use crate::api::edge;
use crate::api::edge::game_rate::{GameRate, limit_new_games};
use crate::api::health;
use crate::api::people::{lobby, profile, sign_in};
use crate::api::{AppState, chat, games, presence, puzzles};
use crate::bot;
use crate::game_set::GameSet;
use crate::hub::Hub;
use crate::limits::Limits;
use crate::store::{Database, Store};
use axum::Router;
use axum::middleware::from_fn_with_state;
use axum::routing::{get, post};
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

/// Where the server listens and where it keeps its games.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The address to listen on (port 0 picks a free port).
    pub addr: SocketAddr,
    /// The database: an SQLite file, or a PostgreSQL database that several servers share.
    pub db: Database,
    /// A folder of Parity tablebases for the perfect player (`None`: it plays Sprint only).
    pub tablebases: Option<PathBuf>,
    /// A folder of rules files whose games the start page lists beside the built-in ones.
    pub rules: Option<PathBuf>,
    /// What one connection, one client and the whole server may use.
    pub limits: Limits,
    /// Host names the server answers for besides IP addresses and `localhost` (`--host`):
    /// a request naming any other host is refused, against DNS rebinding.
    pub hosts: Vec<String>,
}

impl ServeConfig {
    /// A server on `addr` over the database `db`, with the default limits and no tablebases.
    pub fn new(addr: SocketAddr, db: impl Into<Database>) -> ServeConfig {
        ServeConfig {
            addr,
            db: db.into(),
            tablebases: None,
            rules: None,
            limits: Limits::default(),
            hosts: Vec::new(),
        }
    }
}

/// The router of every page and API route over a hub, inside the server's layers (security
/// headers, JSON errors, host and origin checks, body timeout), answering for `hosts`
/// besides IP addresses and `localhost`.
pub fn router(hub: AppState, hosts: &[String]) -> Router {
    let limits = hub.limits().clone();
    edge::layers::around(routes(hub), &limits, hosts)
}

/// Every page and API route over a hub.
fn routes(hub: AppState) -> Router {
    let new_games = Arc::new(GameRate::new(hub.limits().games_per_minute));
    // Pasted rules files count apart from new games, at the same pace.
    let pastes = Arc::new(GameRate::for_pastes(hub.limits().games_per_minute));
    Router::new()
        .route("/", get(assets::index))
        .route("/g/{id}", get(assets::play_page))
        .route("/rules/{game}", get(assets::rules_page))
        .route("/players/{name}", get(assets::profile_page))
        .route("/puzzles", get(assets::puzzle_page))
        .route("/static/{name}", get(assets::static_file))
        .route("/favicon.ico", get(assets::favicon))
        .route("/api/catalog", get(games::catalog))
        .route("/api/health", get(health::health))
        .route("/api/live", get(health::live))
        .route(
            "/api/games",
            post(games::create_game).layer(from_fn_with_state(new_games, limit_new_games)),
        )
        .route(
            "/api/rules",
            post(games::paste_rules).layer(from_fn_with_state(pastes, limit_new_games)),
        )
        .route("/api/cards/{key}", get(games::card))
        .route("/api/games/{id}", get(games::game_state))
        .route("/api/games/{id}/view/{ply}", get(games::game_view))
        .route("/api/games/{id}/events", get(games::game_events))
        .route("/api/games/{id}/record", get(games::game_record))
        .route("/api/games/{id}/moves", post(games::play_move))
        .route("/api/games/{id}/resign", post(games::resign))
        .route("/api/games/{id}/invite", post(games::invite))
        .route("/api/games/{id}/draw", post(games::offer_draw))
        .route("/api/games/{id}/takeback", post(games::takeback))
        .route("/api/games/{id}/decline", post(games::decline))
        .route("/api/games/{id}/rematch", post(games::rematch))
        .route("/api/games/{id}/analysis/{ply}", get(games::analysis))
        .route("/api/games/{id}/seat", get(profile::my_seats))
        .route("/api/games/{id}/chat", get(chat::read).post(chat::say))
        .route(
            "/api/games/{id}/presence",
            get(presence::read).post(presence::here),
        )
        .route("/api/accounts", post(sign_in::sign_up))
        .route(
            "/api/session",
            get(sign_in::who)
                .post(sign_in::sign_in)
                .delete(sign_in::sign_out),
        )
        .route("/api/players/{name}", get(profile::player))
        .route("/api/leaderboard/{game}", get(profile::leaderboard))
        .route("/api/seeks", get(lobby::list_seeks).post(lobby::make_seek))
        .route(
            "/api/seeks/{id}",
            get(lobby::seek_state).delete(lobby::withdraw_seek),
        )
        .route("/api/seeks/{id}/accept", post(lobby::accept_seek))
        .route("/api/puzzles", get(puzzles::games))
        .route("/api/puzzles/next", get(puzzles::next))
        .route("/api/puzzles/{id}", get(puzzles::puzzle))
        .route("/api/puzzles/{id}/answer", post(puzzles::answer))
        .with_state(hub)
}

/// A server bound to its address, ready to run.
pub struct Server {
    listener: tokio::net::TcpListener,
    hub: AppState,
    hosts: Vec<String>,
}

impl Server {
    /// Binds the address (first, so that a second server on a busy port leaves the store
    /// alone) and opens the store.
    pub async fn bind(config: &ServeConfig) -> anyhow::Result<Server> {
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(|error| anyhow::anyhow!(cannot_listen(config.addr, &error)))?;
        if let Some(dir) = &config.tablebases {
            bot::use_tablebases(dir)?;
        }
        let games = match &config.rules {
            Some(dir) => GameSet::with_folder(dir)?,
            None => GameSet::built_in(),
        }
        .with_max_pasted(config.limits.pasted_rules);
        // Opening PostgreSQL blocks (connecting, migrating): off the async threads.
        let db = config.db.clone();
        let store =
            tokio::task::spawn_blocking(move || Store::open_serving(db, Arc::new(games))).await??;
        // Rated games that ended while no server could rate them (one stopped in between).
        let store = tokio::task::spawn_blocking(move || {
            store.rate_pending(crate::clock::now_ms())?;
            Ok::<_, crate::store::StoreError>(store)
        })
        .await??;
        let hub = Hub::with_limits(store, config.limits.clone());
        Ok(Server {
            listener,
            hub,
            hosts: config.hosts.clone(),
        })
    }

    /// The games and store the server serves.
    pub fn hub(&self) -> AppState {
        self.hub.clone()
    }

    /// The address the server listens on.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until the process ends, resuming the bots of stored games in the background
    /// meanwhile (a game asked for first is resumed when it is loaded).
    pub async fn run(self) -> anyhow::Result<()> {
        self.hub.follow_other_servers();
        // The server's own workers make the bots' moves and the analyses (none with
        // `--workers 0`); they stop when the server does.
        let limits = self.hub.limits();
        let _workers = crate::worker::Workers::start(
            self.hub.shared_store(),
            crate::worker::WorkerConfig {
                analyses: limits.analyses.min(limits.searches),
                memory: Some(self.hub.solver_memory()),
                ..crate::worker::WorkerConfig::new(limits.searches)
            },
        );
        self.hub.resume_bots_in_background();
        // Correspondence games whose time runs out while nobody has them in memory.
        let watched = std::sync::Arc::downgrade(&self.hub);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(crate::hub::CORRESPONDENCE_SWEEP);
            loop {
                every.tick().await;
                let Some(hub) = watched.upgrade() else { break };
                hub.flag_correspondence(crate::hub::CORRESPONDENCE_SWEEP)
                    .await;
            }
        });
        // Games nobody has asked for in a while leave memory.
        let hub = std::sync::Arc::downgrade(&self.hub);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(crate::hub::IDLE_TIME / 4);
            loop {
                every.tick().await;
                let Some(hub) = hub.upgrade() else { break };
                hub.drop_idle(crate::hub::IDLE_TIME);
            }
        });
        let limits = self.hub.limits().clone();
        let app = router(self.hub, &self.hosts);
        edge::accept::serve(self.listener, app, limits).await;
        Ok(())
    }
}

/// Runs the server on a new multi-threaded runtime, printing the address to open.
pub fn serve_blocking(config: ServeConfig) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?;
    runtime.block_on(async {
        let server = Server::bind(&config).await?;
        let addr = server.local_addr()?;
        // A closed stdout (`boardlab serve | true`) must not stop the server.
        let _ = writeln!(
            std::io::stdout(),
            "boardlab is serving on http://{addr}/ (games stored in {})",
            config.db
        );
        server.run().await
    })
}

/// The one-line error for an address the server cannot listen on, naming `--addr`.
fn cannot_listen(addr: SocketAddr, error: &std::io::Error) -> String {
    let why = match error.kind() {
        std::io::ErrorKind::AddrInUse => {
            "the address is already in use (is another server running?)".to_string()
        }
        std::io::ErrorKind::AddrNotAvailable => {
            "no network interface of this machine has that address".to_string()
        }
        std::io::ErrorKind::PermissionDenied => {
            "permission denied (ports below 1024 need privileges)".to_string()
        }
        _ => error.to_string(),
    };
    format!("cannot listen on {addr}: {why}; choose another with --addr HOST:PORT")
}
