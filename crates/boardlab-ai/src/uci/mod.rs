//! External engines as players: any UCI engine that speaks Fairy-Stockfish's variant dialect
//! (`UCI_Variant`, `VariantPath`, `position fen … moves …`, `go movetime`), named by the spec
//! `uci:PATH[,param=value…]`. Positions and moves are translated by the game's
//! [`EngineNotation`](boardlab_core::EngineNotation); every answer is checked by our rules,
//! and an illegal move, a crash or a time-out is reported as a
//! [`BotFailure`](crate::bot::BotFailure) with the engine's last words.

mod info;
pub mod options;
mod player;
mod process;

pub use info::parse_info;
pub use options::{Notation, UciOptions};
pub use player::UciBot;
pub use process::{EngineError, EngineProcess};
