//! boardlab in the browser: an axum server that owns the truth of every game (each move is
//! checked by `boardlab-games` and committed to SQLite before it is acknowledged), pushes
//! each move to both seats by server-sent events, plays a bot opponent, and serves an SVG
//! board as static files embedded in the binary.

#![warn(missing_docs)]

pub mod accounts;
pub mod api;
pub mod bot;
pub mod catalog;
pub mod client;
pub mod clock;
pub mod create;
pub mod danger;
pub mod ending;
pub mod game_set;
pub mod hub;
pub mod legal;
pub mod limits;
pub mod material;
pub mod memory;
pub mod puzzles;
pub mod record;
pub mod seat;
pub mod server;
pub mod session;
pub mod store;
pub mod stored;
pub mod testing;
pub mod turn;
pub mod view;
pub mod worker;

pub use limits::Limits;
pub use server::{ServeConfig, Server, router, serve_blocking};
pub use store::Database;
