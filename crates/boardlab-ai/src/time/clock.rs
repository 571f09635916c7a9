//! Time and node limits of one search: when to stop at once, and when not to start another
//! iteration.
//!
//! A search with a time limit uses nearly all of it: it stops at [`HARD_SHARE`] of the
//! budget less a fixed margin, and the alpha-beta bot keeps what an unfinished iteration has
//! already found, so a new iteration is worth starting until then. A move played to a game
//! clock gets its two times from the clock instead (see [`crate::time::time_budget`]).

use crate::bot::Limits;
use std::time::{Duration, Instant};

/// The share of the time budget after which a search stops at once. The rest, with
/// [`MARGIN`], is for unwinding, the caller and a busy machine.
const HARD_SHARE: f64 = 0.97;

/// Time kept back from every budget, besides the share; at most a tenth of the budget, so
/// that a move of a few milliseconds is not cut to half of them.
const MARGIN: Duration = Duration::from_micros(1500);

/// The share of the time budget after which no new iteration is started.
const SOFT_SHARE: f64 = 0.9;

/// The time one move may take: no new iteration after `soft`, a stop at once at `hard`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// After this, no new iteration is started.
    pub soft: Duration,
    /// At this, the search stops at once.
    pub hard: Duration,
}

impl Budget {
    /// The budget of a fixed time per move `time`: a stop at [`HARD_SHARE`] of it less
    /// [`MARGIN`] (or a tenth of it, when that is less; at least half of it in any case),
    /// and no new iteration after [`SOFT_SHARE`].
    pub fn per_move(time: Duration) -> Budget {
        Budget {
            soft: time.mul_f64(SOFT_SHARE),
            hard: time
                .mul_f64(HARD_SHARE)
                .saturating_sub(MARGIN.min(time / 10))
                .max(time / 2),
        }
    }
}

/// The clock of one search.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    start: Instant,
    hard: Option<Duration>,
    soft: Option<Duration>,
    nodes: Option<u64>,
}

impl Clock {
    /// Starts the clock for `limits`.
    pub fn start(limits: &Limits) -> Clock {
        Clock::with_budget(limits.time.map(Budget::per_move), limits.nodes)
    }

    /// Starts the clock for a time `budget` (none: no time limit) and a node limit.
    pub fn with_budget(budget: Option<Budget>, nodes: Option<u64>) -> Clock {
        Clock {
            start: Instant::now(),
            hard: budget.map(|b| b.hard),
            soft: budget.map(|b| b.soft),
            nodes,
        }
    }

    /// The time since the start.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Whether the search must stop now, having visited `nodes` positions.
    #[inline]
    pub fn must_stop(&self, nodes: u64) -> bool {
        self.nodes.is_some_and(|limit| nodes >= limit)
            || self.hard.is_some_and(|hard| self.start.elapsed() >= hard)
    }

    /// Whether there is time to start another iteration.
    pub fn may_start_iteration(&self) -> bool {
        self.soft.is_none_or(|soft| self.start.elapsed() < soft)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_move_keeps_a_margin_that_shrinks_with_short_budgets() {
        let ms = Duration::from_millis;
        // 100 ms: 97 ms less the full margin of 1.5 ms.
        assert_eq!(
            Budget::per_move(ms(100)).hard,
            Duration::from_micros(95_500)
        );
        assert_eq!(Budget::per_move(ms(100)).soft, ms(90));
        // 2 ms: 1.94 ms less a tenth (0.2 ms), not cut to the half.
        assert_eq!(Budget::per_move(ms(2)).hard, Duration::from_micros(1_740));
        // The margin is never more than the full one, and the hard stop never below half.
        for time in [1, 3, 10, 15, 16, 50, 1000].map(ms) {
            let budget = Budget::per_move(time);
            assert!(budget.hard >= time / 2 && budget.hard < time.mul_f64(HARD_SHARE));
            assert!(time.mul_f64(HARD_SHARE) - budget.hard <= MARGIN);
        }
    }
}
