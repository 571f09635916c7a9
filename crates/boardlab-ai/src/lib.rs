//! Bots for every boardlab game, written once and generic over
//! [`Position`](boardlab_core::Position) plus the game's
//! [`Evaluate`](boardlab_core::Evaluate): a seeded [`RandomBot`], an [`AlphaBeta`] searcher
//! and an [`Mcts`] searcher, all behind the [`Bot`] trait; [`BotSpec`] reads them from
//! command-line text (`alphabeta:time=1s`) and [`levels`] gives each game its strength levels; the
//! [`arena`] plays matches between them and [`elo`] turns the results into ratings. External
//! UCI engines play too, through [`uci`] (`uci:PATH`). Timed games give each side a
//! [`TimeControl`] and a [`GameClock`]; bots told the clocks ([`Bot::choose_on_clock`]) share
//! their time by [`time_budget`].

pub mod alphabeta;
pub mod analyze;
pub mod any_bot;
pub mod arena;
pub mod bad_entry;
pub mod bot;
pub mod clock;
pub mod correction;
pub mod elo;
pub mod eval_cache;
pub mod game_clock;
pub mod levels;
pub mod match_stats;
pub mod mcts;
pub mod network;
pub mod openings;
pub mod ordering;
pub mod puzzles;
pub mod random;
pub mod score;
pub mod solver;
pub mod spec;
pub mod sprt;
pub mod time_budget;
pub mod time_control;
pub mod tt;
pub mod tune;
pub mod uci;

pub use alphabeta::AlphaBeta;
pub use any_bot::{AnyBot, ChooseError};
pub use bad_entry::BadEntry;
pub use bot::{Bot, BotFailure, FailureKind, Limits, SearchInfo, StopFlag};
pub use game_clock::{ClockView, GameClock, OutOfTime};
pub use levels::TOP_LEVEL;
pub use mcts::{Mcts, MctsOptions, PlayoutKind};
pub use random::RandomBot;
pub use score::Score;
pub use spec::{BotKind, BotSpec, SpecError};
pub use time_control::{TimeControl, TimeControlError, TimeLimits};
