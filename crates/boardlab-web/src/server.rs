//! Building the router and running the server.

use crate::api::{self, AppState};
use crate::assets;
use crate::bot;
use crate::hub::Hub;
use crate::limits::Limits;
use crate::store::Store;
use axum::Router;
use axum::routing::{get, post};
use std::net::SocketAddr;
use std::path::PathBuf;

/// Where the server listens and where it keeps its games.
#[derive(Clone, Debug)]
pub struct ServeConfig {
    /// The address to listen on (port 0 picks a free port).
    pub addr: SocketAddr,
    /// The SQLite database file.
    pub db: PathBuf,
    /// A folder of Parity tablebases for the perfect player (`None`: it plays Sprint only).
    pub tablebases: Option<PathBuf>,
    /// What one connection, one client and the whole server may use.
    pub limits: Limits,
}

impl ServeConfig {
    /// A server on `addr` over the database `db`, with the default limits and no tablebases.
    pub fn new(addr: SocketAddr, db: PathBuf) -> ServeConfig {
        ServeConfig {
            addr,
            db,
            tablebases: None,
            limits: Limits::default(),
        }
    }
}

/// The router of every page and API route over a hub.
pub fn router(hub: AppState) -> Router {
    Router::new()
        .route("/", get(assets::index))
        .route("/g/{id}", get(assets::play_page))
        .route("/rules/{game}", get(assets::rules_page))
        .route("/static/{name}", get(assets::static_file))
        .route("/api/catalog", get(api::catalog))
        .route("/api/health", get(api::health))
        .route("/api/games", post(api::create_game))
        .route("/api/games/{id}", get(api::game_state))
        .route("/api/games/{id}/view/{ply}", get(api::game_view))
        .route("/api/games/{id}/events", get(api::game_events))
        .route("/api/games/{id}/record", get(api::game_record))
        .route("/api/games/{id}/moves", post(api::play_move))
        .route("/api/games/{id}/resign", post(api::resign))
        .route("/api/games/{id}/invite", post(api::invite))
        .route("/api/games/{id}/draw", post(api::offer_draw))
        .route("/api/games/{id}/takeback", post(api::takeback))
        .route("/api/games/{id}/decline", post(api::decline))
        .route("/api/games/{id}/rematch", post(api::rematch))
        .route("/api/games/{id}/analysis/{ply}", get(api::analysis))
        .with_state(hub)
}

/// A server bound to its address, ready to run.
pub struct Server {
    listener: tokio::net::TcpListener,
    hub: AppState,
}

impl Server {
    /// Opens the store and binds the address.
    pub async fn bind(config: &ServeConfig) -> anyhow::Result<Server> {
        if let Some(dir) = &config.tablebases {
            bot::use_tablebases(dir)?;
        }
        let store = Store::open(&config.db)?;
        let hub = Hub::with_limits(store, config.limits.clone());
        let listener = tokio::net::TcpListener::bind(config.addr).await?;
        Ok(Server { listener, hub })
    }

    /// The address the server listens on.
    pub fn local_addr(&self) -> std::io::Result<SocketAddr> {
        self.listener.local_addr()
    }

    /// Serves until the process ends, resuming the bots of stored games in the background
    /// meanwhile (a game asked for first is resumed when it is loaded).
    pub async fn run(self) -> anyhow::Result<()> {
        self.hub.resume_bots_in_background();
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
        axum::serve(
            self.listener,
            router(self.hub).into_make_service_with_connect_info::<SocketAddr>(),
        )
        .await?;
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
        println!(
            "boardlab is serving on http://{addr}/ (games stored in {})",
            config.db.display()
        );
        server.run().await
    })
}
