//! What a game with tablebases offers every tool: a build that `boardlab tablebase` asks
//! for ([`Position::build_tablebases`](crate::Position::build_tablebases)), its progress,
//! and what each table holds once built. Opening tables for play is
//! [`Position::open_tablebases`](crate::Position::open_tablebases).

use std::time::Duration;

/// What to build: every material up to a number of pieces a side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TablebaseRequest {
    /// The most pieces of Player 1 and of Player 2, each from 1 to the game's
    /// [`TABLEBASE_MAX_PIECES`](crate::Position::TABLEBASE_MAX_PIECES).
    pub max_pieces: [u32; 2],
    /// Worker threads.
    pub threads: usize,
}

/// Told what a build is doing, for a progress bar.
pub trait BuildProgress: Sync {
    /// A table (or two solved together) begins: `positions` in all.
    fn begin(&self, name: &str, positions: u64);
    /// `positions` more are decided.
    fn advance(&self, positions: u64);
    /// The table is done (written, or found complete on disk).
    fn finish(&self, name: &str, report: &TableReport);
}

/// Does nothing with progress.
pub struct Quiet;

impl BuildProgress for Quiet {
    fn begin(&self, _name: &str, _positions: u64) {}
    fn advance(&self, _positions: u64) {}
    fn finish(&self, _name: &str, _report: &TableReport) {}
}

/// What building one material level gave.
#[derive(Clone, Debug, Default)]
pub struct TableReport {
    /// Positions in its tables.
    pub positions: u64,
    /// Wins for the side to move.
    pub wins: u64,
    /// Losses.
    pub losses: u64,
    /// Draws.
    pub draws: u64,
    /// The longest distance to the end, in plies.
    pub longest: u32,
    /// Bytes written.
    pub bytes: u64,
    /// How long it took.
    pub time: Duration,
    /// False when the tables were already on disk.
    pub built: bool,
}
