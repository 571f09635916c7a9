//! Bots for every boardlab game, written once and generic over
//! [`Position`](boardlab_core::Position) plus the game's
//! [`Evaluate`](boardlab_core::Evaluate), grouped by job:
//!
//! - [`search`]: the searchers behind the [`Bot`] trait: a seeded [`RandomBot`], the
//!   [`AlphaBeta`] searcher (its numbers in [`alphabeta::SearchParams`]) and an [`Mcts`]
//!   searcher, with the table, move ordering and evaluation cache they use;
//! - [`time`]: a search's clock, [`TimeControl`]s and [`GameClock`]s of timed games, and how a
//!   bot told the clocks ([`Bot::choose_on_clock`]) shares its time;
//! - [`matches`]: the arena that plays matches, their openings, Elo and SPRT;
//! - [`learning`]: fitting evaluation weights and search parameters (Texel tuning, SPSA) and
//!   the network evaluation;
//! - [`uci`]: external UCI engines as bots (`uci:PATH`);
//! - and beside them: [`BotSpec`] reads bots from command-line text (`alphabeta:time=1s`),
//!   [`levels`] gives each game its strength levels, [`solver`] plays perfectly where a game
//!   is solved, [`analyze`] writes the designer's report and [`puzzles`] finds puzzles.

pub mod analyze;
pub mod any_bot;
pub mod bad_entry;
pub mod bot;
pub mod learning;
pub mod levels;
pub mod matches;
pub mod puzzles;
pub mod search;
pub mod solver;
pub mod spec;
pub mod time;
pub mod uci;

pub use any_bot::{AnyBot, ChooseError};
pub use bad_entry::BadEntry;
pub use bot::{Bot, BotFailure, FailureKind, Limits, SearchInfo, StopFlag};
pub use levels::TOP_LEVEL;
pub use search::alphabeta::{self, AlphaBeta};
pub use search::mcts::{Mcts, MctsOptions, PlayoutKind};
pub use search::random::RandomBot;
pub use search::score::Score;
pub use spec::{BotKind, BotSpec, SpecError};
pub use time::game_clock::{ClockView, GameClock, OutOfTime};
pub use time::time_control::{TimeControl, TimeControlError, TimeLimits};
