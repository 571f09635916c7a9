//! The vocabulary every boardlab game and tool shares.
//!
//! A game implements [`Position`]; everything else here — [`perft`](perft::perft), the
//! draw rules of [`GameHistory`], the text helpers of [`text`] — works for any such game.

pub mod bitboard;
pub mod conformance;
pub mod encoding;
pub mod engine_notation;
pub mod error;
pub mod eval;
pub mod game_value;
pub mod history;
pub mod levels;
pub mod move_bits;
pub mod move_list;
pub mod move_sink;
pub mod network_inputs;
pub mod outcome;
pub mod perft;
pub mod player;
pub mod playout;
pub mod position;
pub mod presentation;
pub mod reading;
pub mod record;
pub mod rules;
pub mod setup;
pub mod tablebase;
pub mod text;
pub mod weights;
pub mod words;
pub mod zobrist;

pub use encoding::Encoding;
pub use engine_notation::EngineNotation;
pub use error::{MoveError, PositionError, PositionField, RuleError};
pub use eval::{Evaluate, MAX_EVAL};
pub use game_value::{GameValue, OracleError, ValueOracle};
pub use history::GameHistory;
pub use levels::Levels;
pub use move_bits::MoveBits;
pub use move_list::MoveList;
pub use move_sink::{MoveCount, MoveSink, SquareBits};
pub use network_inputs::PieceInputs;
pub use outcome::{DrawReason, Outcome, WinReason};
pub use player::Player;
pub use position::Position;
pub use presentation::{Lesson, PieceKind, Presentation};
pub use rules::{DrawRules, FirstPlayerScore, RuleInfo, RuleOptions};
pub use setup::{Setup, SetupError};
pub use weights::{Tunable, WeightsError};
pub use words::{count, quoted, thousands};
