//! The four boardlab games on the shared [`Position`](boardlab_core::Position) API, and the
//! registry that maps a game id to its type.

pub mod any;
pub mod daisy;
pub mod obsidian;
pub mod parity;
pub mod registry;
pub mod sprint;

pub use any::{ActionError, AnyGame, AnyPosition, GameWork, PositionWork, ReplayError};
pub use daisy::Daisy;
pub use obsidian::Obsidian;
pub use parity::Parity;
pub use registry::{GameError, GameId, GameVisitor, RulesFile, UnknownGame, with_game};
pub use sprint::Sprint;
