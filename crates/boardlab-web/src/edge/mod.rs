//! The server's edge: everything between a socket and the game routes. The accept loop caps
//! the open connections and cuts the slow and the idle ([`accept`], [`watch`]); layers around
//! the router refuse what no route should see — oversized or cross-origin requests, floods
//! of new games, trickling bodies — answer every error as JSON and put security headers on
//! every answer ([`layers`]).

pub mod accept;
pub mod body;
pub mod game_rate;
pub mod hyper_errors;
pub mod json_errors;
pub mod layers;
pub mod security;
pub mod watch;
