//! How much of a game clock one move may use: [`clock_budget`] turns the clocks a bot sees
//! into a soft target (no new iteration after it) and a hard limit (stop at once).
//!
//! The soft target is the time left shared over the moves still to come (the period's moves
//! to go, or an estimate of [`MOVES_HORIZON`]) plus most of the increment; the hard limit is
//! a few soft targets, but never more than [`MAX_SHARE`] of the time left (a larger share
//! when only one or two moves of a period are left). Both keep [`MOVE_OVERHEAD`] back for
//! the work around the search and a busy machine. As the clock runs down every move gets
//! less, so a bot playing by these budgets does not run out of time.

use crate::time::clock::Budget;
use crate::time::game_clock::ClockView;
use boardlab_core::Player;
use std::time::Duration;

/// Time kept back on every move for the work outside the search (move generation, the
/// caller, a busy machine).
pub const MOVE_OVERHEAD: Duration = Duration::from_millis(10);

/// The moves still to play assumed when the control has no periods.
pub const MOVES_HORIZON: u32 = 25;

/// The share of the increment the soft target adds.
const INCREMENT_SHARE: f64 = 0.8;

/// The hard limit is at most this many soft targets…
const HARD_OVER_SOFT: u32 = 4;

/// … and at most this share of the time left.
pub const MAX_SHARE: f64 = 0.2;

/// The share of the time left the hard limit may reach when `moves_to_go` moves remain in
/// the period: [`MAX_SHARE`], or more for the last two moves (70% for the last one).
fn max_share(moves_to_go: Option<u32>) -> f64 {
    match moves_to_go {
        Some(moves) if moves > 0 => MAX_SHARE.max(0.7 / f64::from(moves)),
        _ => MAX_SHARE,
    }
}

/// The budget of `player`'s move, with the clocks `view` shows.
pub fn clock_budget(view: &ClockView, player: Player) -> Budget {
    let available = view.remaining_for(player).saturating_sub(MOVE_OVERHEAD);
    let moves_left = view
        .moves_to_go
        .filter(|&m| m > 0)
        .map_or(MOVES_HORIZON, |m| m.min(MOVES_HORIZON));
    let target = available / moves_left + view.increment_for(player).mul_f64(INCREMENT_SHARE);
    let hard = (target * HARD_OVER_SOFT).min(available.mul_f64(max_share(view.moves_to_go)));
    Budget {
        soft: target.min(hard),
        hard,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn view(mine: f64, theirs: f64, increment: f64, moves_to_go: Option<u32>) -> ClockView {
        let secs = Duration::from_secs_f64;
        ClockView {
            remaining: [secs(mine), secs(theirs)],
            increment: [secs(increment); 2],
            moves_to_go,
        }
    }

    fn budget(mine: f64, increment: f64, moves_to_go: Option<u32>) -> (f64, f64) {
        let b = clock_budget(&view(mine, 5.0, increment, moves_to_go), Player::One);
        (b.soft.as_secs_f64(), b.hard.as_secs_f64())
    }

    #[test]
    fn a_second_left_without_increment_gets_a_small_share() {
        let (soft, hard) = budget(1.0, 0.0, None);
        assert!(soft <= 0.05 && hard <= 0.2, "{soft} {hard}");
        assert!(soft > 0.01 && hard >= soft, "{soft} {hard}");
    }

    #[test]
    fn the_hard_limit_never_exceeds_a_safe_share() {
        for mine in [0.0, 0.005, 0.01, 0.05, 0.3, 1.0, 10.0, 60.0, 3600.0] {
            for increment in [0.0, 0.01, 0.1, 1.0, 30.0] {
                for moves_to_go in [None, Some(1), Some(2), Some(3), Some(40)] {
                    let (soft, hard) = budget(mine, increment, moves_to_go);
                    let share = max_share(moves_to_go);
                    assert!(soft <= hard, "{mine} {increment} {moves_to_go:?}");
                    assert!(
                        hard <= share * mine + 1e-9,
                        "{mine}+{increment} {moves_to_go:?}: hard {hard}"
                    );
                    assert!(share <= 0.7);
                }
            }
        }
    }

    #[test]
    fn the_opponent_does_not_change_the_budget_but_the_increment_does() {
        let a = clock_budget(&view(10.0, 1.0, 0.1, None), Player::One);
        let b = clock_budget(&view(10.0, 100.0, 0.1, None), Player::One);
        assert_eq!(a, b);
        // Player 2's clock is the second one.
        let c = clock_budget(&view(100.0, 10.0, 0.1, None), Player::Two);
        assert_eq!(a, c);
        // 10+0.1: about a 25th of the clock and most of the increment.
        let (soft, hard) = budget(10.0, 0.1, None);
        assert!((0.45..0.5).contains(&soft), "{soft}");
        assert!(hard > 3.0 * soft && hard <= 2.0, "{hard}");
        // The increment is used when the clock is low, but kept within the share.
        let (soft, _) = budget(0.3, 1.0, None);
        assert!(soft <= 0.06, "{soft}");
        let (soft, _) = budget(30.0, 1.0, None);
        assert!(soft > 1.5, "{soft}");
    }

    #[test]
    fn moves_to_go_share_the_clock_over_the_period() {
        let (soft, hard) = budget(60.0, 0.0, Some(2));
        assert!(
            (20.0..=30.0).contains(&soft) && hard <= 21.0,
            "{soft} {hard}"
        );
        let (soft, hard) = budget(60.0, 0.0, Some(1));
        assert!(soft >= 40.0 && hard <= 42.0, "{soft} {hard}");
        let (soft, _) = budget(60.0, 0.0, Some(40));
        assert!((1.4..=2.5).contains(&soft), "{soft}");
    }
}
