//! What one side of a match did per move: how deep it searched, how fast, how much of its
//! time it used (and, in timed games, how low its clock ran), and how often it failed.

use crate::bot::{FailureKind, SearchInfo};
use crate::search::score::Score;
use std::time::Duration;

/// The width of a bucket of [`SideStats::share_histogram`], as a share of the time limit.
pub const SHARE_BUCKET: f64 = 0.04;

/// The buckets of the histogram of time shares: 0 to 1.28 of the limit, the last one
/// holding everything above.
const SHARE_BUCKETS: usize = 32;

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
    pub failures: [u32; 4],
    /// How many of its evaluated moves (see `evaluated`) took each share of the time
    /// limit, in buckets of [`SHARE_BUCKET`].
    pub share_histogram: [u32; SHARE_BUCKETS],
    /// Moves that took more than 110% of the time limit.
    pub over_limit: u32,
    /// The wall time of all its moves, summed.
    pub think_time: Duration,
    /// The longest wall time of one of its moves.
    pub longest_move: Duration,
    /// In timed games, the least time its clock showed right after one of its moves (before
    /// the increment); `None` in untimed games.
    pub least_time_left: Option<Duration>,
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
        self.think_time += took;
        self.longest_move = self.longest_move.max(took);
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
            let share = took.as_secs_f64() / limit.as_secs_f64();
            self.max_time_share = self.max_time_share.max(share);
            self.over_limit += u32::from(share > 1.1);
            let decided = last.is_some_and(|i| matches!(i.score, Score::Win(_) | Score::Loss(_)));
            if last.is_some() && !decided {
                let bucket = ((share / SHARE_BUCKET) as usize).min(SHARE_BUCKETS - 1);
                self.share_histogram[bucket] += 1;
            }
        }
    }

    /// The median share of the time limit its evaluated moves took (moves that found a
    /// forced win or loss are left out), to within [`SHARE_BUCKET`]: the middle of the
    /// median's bucket (at most the largest share). `None` without a time limit.
    pub fn median_time_share(&self) -> Option<f64> {
        let total: u32 = self.share_histogram.iter().sum();
        let mut seen = 0;
        for (bucket, &count) in self.share_histogram.iter().enumerate() {
            seen += count;
            if count > 0 && 2 * seen >= total {
                // Never above the largest share, which a bucket's middle can pass.
                return Some(((bucket as f64 + 0.5) * SHARE_BUCKET).min(self.max_time_share));
            }
        }
        None
    }

    /// Notes the time left on its clock after a move of a timed game.
    pub fn record_time_left(&mut self, left: Duration) {
        self.least_time_left = Some(self.least_time_left.map_or(left, |least| least.min(left)));
    }

    /// The mean wall time of its moves (zero with none).
    pub fn mean_move_time(&self) -> Duration {
        if self.moves == 0 {
            Duration::ZERO
        } else {
            self.think_time / self.moves
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
        for (mine, theirs) in self.share_histogram.iter_mut().zip(other.share_histogram) {
            *mine += theirs;
        }
        self.over_limit += other.over_limit;
        self.think_time += other.think_time;
        self.longest_move = self.longest_move.max(other.longest_move);
        if let Some(left) = other.least_time_left {
            self.record_time_left(left);
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
            note: None,
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
        // 0.95 and 1.04 of the limit: the mate and the unsearched move are left out.
        assert_eq!(stats.share_histogram.iter().sum::<u32>(), 2);
        let median = stats.median_time_share().unwrap();
        assert!((0.92..=0.96).contains(&median), "{median}");
        assert_eq!(stats.over_limit, 0);
        let mut total = SideStats::default();
        total.add(&stats);
        total.record_failure(FailureKind::Timeout);
        total.add(&stats);
        assert_eq!(total.moves, 8);
        assert_eq!(total.failures_of(FailureKind::Timeout), 1);
        assert_eq!(total.failures_of(FailureKind::Crash), 0);
        assert_eq!(total.mean_move_time(), Duration::from_micros(62_500));
        assert_eq!(total.longest_move, Duration::from_millis(104));
        assert_eq!(total.least_time_left, None);
        let mut timed = SideStats::default();
        timed.record_time_left(Duration::from_millis(800));
        timed.record_time_left(Duration::from_millis(300));
        timed.record_time_left(Duration::from_millis(500));
        total.add(&timed);
        assert_eq!(total.least_time_left, Some(Duration::from_millis(300)));
        assert_eq!(SideStats::default().nodes_per_second(), 0.0);
    }
}
