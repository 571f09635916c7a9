//! Any game behind one face, for the tools that choose the game at run time (the server, the
//! engine, the Python package): [`AnyPosition`] and [`AnyGame`] hold a position or a game in
//! progress of whatever type the registry gives a [`GameId`], built-in or from a rules file.
//!
//! What every tool needs (text, moves, outcomes, actions, records) is a method. Work that
//! only one tool does (the server's board views, a bot's search, Python's playouts) is
//! written once, generically, as a [`PositionWork`] or [`GameWork`], and run on the
//! concrete type with [`AnyPosition::work`] or [`AnyGame::work`].

mod game;
mod position;
mod work;

pub use game::{AnyGame, ReplayError};
pub use position::{ActionError, AnyPosition};
pub use work::{GameWork, PositionWork};
