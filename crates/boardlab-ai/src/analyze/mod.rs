//! The designer's report: what self-play says about a game (who the first move favours, how
//! games end and how long they last, how the choice of moves and the material change through
//! a game, how often the lead changes, whether skill pays: a ladder of bots of rising
//! strength), what each first move is worth, and the exact value of the start where the
//! solver or tablebases reach.
//!
//! A run keeps small raw records ([`RunData`]), from which [`report`] computes every
//! statistic; a run can be split into shares ([`Shard`]) played anywhere and merged
//! ([`merge`]) into exactly the run played at once.

mod data;
mod merge;
mod run;
mod stats;

pub use data::{AnalyzeFile, FirstMove, GameSummary, LadderGame, RunData};
pub use merge::{MergeError, merge};
pub use run::{AnalyzeConfig, RunProgress, Shard, run};
pub use stats::{FEW, Interval, LEAD, LENGTH_BIN, Lengths, Report, Rung, report};
