//! The server's edge: everything between a socket and the game routes. The accept loop caps
//! the open connections and cuts the slow and the idle ([`accept`], [`watch`]); layers around
//! the router refuse what no route should see — oversized or cross-origin requests, floods
//! of new games, trickling bodies — answer every error as JSON, put security headers on
//! every answer and, behind trusted proxies, name each request's client ([`layers`],
//! [`client_address`]).

pub mod accept;
pub mod body;
pub mod client_address;
pub mod game_rate;
pub mod hyper_errors;
pub mod json_errors;
pub mod layers;
pub mod security;
pub mod watch;
