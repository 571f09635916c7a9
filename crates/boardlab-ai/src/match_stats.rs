//! What one side of a match did per move: how deep it searched, how fast, how much of its
//! time it used, and how often it failed.

use crate::bot::{FailureKind, SearchInfo};
use crate::score::Score;
use std::time::Duration;

/// One bot's search figures over its moves of a game or a match, from the last
/// [`SearchInfo`] it reported for each move.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SideStats {
    /// Moves asked of the bot.
    pub moves: u32,
    /// Moves for which it reported a search (random bots report none).
    pub searched: u32,
    /// Searched moves whose last report was an evaluation, not a forced win or loss (an
    /// engine that has found a mate runs on to absurd depths, which would swamp the mean).
    pub evaluated: u32,
    /// The sum of the depths of the last reports of the evaluated moves.
    pub depth_sum: u64,
    /// The nodes of its last reports, summed.
    pub nodes: u64,
    /// The search time of its last reports, summed.
    pub search_time: Duration,
    /// The longest time it took for a move, as a share of its time limit (0 with none).
    pub max_time_share: f64,
    /// Games it lost by each kind of failure, indexed as [`FailureKind::ALL`].
    pub failures: [u32; 3],
}

impl SideStats {
    /// Counts one move: the last report of its search (if any), the wall time it took and
    /// the bot's time limit.
    pub fn record_move(
        &mut self,
        last: Option<&SearchInfo>,
        took: Duration,
        limit: Option<Duration>,
    ) {
        self.moves += 1;
        if let Some(info) = last {
            self.searched += 1;
            if !matches!(info.score, Score::Win(_) | Score::Loss(_)) {
                self.evaluated += 1;
                self.depth_sum += info.depth as u64;
            }
            self.nodes += info.nodes;
            self.search_time += info.elapsed;
        }
        if let Some(limit) = limit.filter(|l| !l.is_zero()) {
            self.max_time_share = self
                .max_time_share
                .max(took.as_secs_f64() / limit.as_secs_f64());
        }
    }

    /// Counts a game lost by `kind` of failure.
    pub fn record_failure(&mut self, kind: FailureKind) {
        let index = FailureKind::ALL
            .iter()
            .position(|&k| k == kind)
            .unwrap_or(0);
        self.failures[index] += 1;
    }

    /// Adds another game's (or match's) figures.
    pub fn add(&mut self, other: &SideStats) {
        self.moves += other.moves;
        self.searched += other.searched;
        self.evaluated += other.evaluated;
        self.depth_sum += other.depth_sum;
        self.nodes += other.nodes;
        self.search_time += other.search_time;
        self.max_time_share = self.max_time_share.max(other.max_time_share);
        for (mine, theirs) in self.failures.iter_mut().zip(other.failures) {
            *mine += theirs;
        }
    }

    /// The mean depth of its evaluated moves (0 with none): moves whose search ended in a
    /// forced win or loss are left out.
    pub fn mean_depth(&self) -> f64 {
        if self.evaluated == 0 {
            0.0
        } else {
            self.depth_sum as f64 / self.evaluated as f64
        }
    }

    /// Its nodes per second over all its searches (0 when no time was reported).
    pub fn nodes_per_second(&self) -> f64 {
        let secs = self.search_time.as_secs_f64();
        if secs > 0.0 {
            self.nodes as f64 / secs
        } else {
            0.0
        }
    }

    /// Games lost by failures of `kind`.
    pub fn failures_of(&self, kind: FailureKind) -> u32 {
        FailureKind::ALL
            .iter()
            .position(|&k| k == kind)
            .map_or(0, |i| self.failures[i])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn info(depth: u32, nodes: u64, ms: u64) -> SearchInfo {
        SearchInfo {
            depth,
            score: Score::Eval(0),
            nodes,
            elapsed: Duration::from_millis(ms),
            pv: Vec::new(),
        }
    }

    #[test]
    fn means_and_shares() {
        let mut stats = SideStats::default();
        let limit = Some(Duration::from_millis(100));
        stats.record_move(Some(&info(6, 50_000, 90)), Duration::from_millis(95), limit);
        stats.record_move(
            Some(&info(8, 70_000, 110)),
            Duration::from_millis(104),
            limit,
        );
        stats.record_move(None, Duration::from_millis(1), limit);
        let mut mate = info(99, 1_000, 50);
        mate.score = Score::Win(3);
        stats.record_move(Some(&mate), Duration::from_millis(50), limit);
        assert_eq!((stats.moves, stats.searched, stats.evaluated), (4, 3, 2));
        assert!((stats.mean_depth() - 7.0).abs() < 1e-9);
        assert!((stats.nodes_per_second() - 121_000.0 / 0.25).abs() < 1e-6);
        assert!((stats.max_time_share - 1.04).abs() < 1e-9);
        let mut total = SideStats::default();
        total.add(&stats);
        total.record_failure(FailureKind::Timeout);
        total.add(&stats);
        assert_eq!(total.moves, 8);
        assert_eq!(total.failures_of(FailureKind::Timeout), 1);
        assert_eq!(total.failures_of(FailureKind::Crash), 0);
        assert_eq!(SideStats::default().nodes_per_second(), 0.0);
    }
}
