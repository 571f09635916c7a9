//! The clocks of a timed game on the server: both sides' time, charged from the moments the
//! moves were stored, so that a game read back from the store has the same clocks.
//!
//! The first move of a game is not timed; from then on the clock of the side to move runs
//! from the moment the last move was stored.

use boardlab_ai::{ClockView, GameClock, TimeControl};
use boardlab_core::Player;
use serde_json::{Value, json};
use std::time::Duration;

/// Milliseconds since 1970, the moments moves are stored with.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// Both clocks of a game and when the running one started.
#[derive(Clone, Copy, Debug)]
pub struct LiveClock {
    clock: GameClock,
    /// When the side to move's clock started (the last move's moment); `None` before the
    /// first move.
    running_since: Option<i64>,
}

impl LiveClock {
    /// The clocks of a game under `control` whose moves were stored at `moments` (ms since
    /// 1970, in order), the first made by `first`.
    pub fn replay(control: TimeControl, first: Player, moments: &[i64]) -> LiveClock {
        let mut clock = LiveClock {
            clock: GameClock::new(control),
            running_since: None,
        };
        let mut mover = first;
        for &at in moments {
            // A move stored after its clock ran out would have flagged the game instead;
            // the clock then shows zero.
            let _ = clock.on_move(mover, at);
            mover = mover.opponent();
        }
        clock
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.clock.control()
    }

    /// Charges `mover` for a move made at `at`, and starts the other side's clock. The first
    /// move is free.
    pub fn on_move(&mut self, mover: Player, at: i64) -> Result<(), boardlab_ai::OutOfTime> {
        let charged = match self.running_since {
            Some(since) => self.clock.spend(mover, elapsed(since, at)).map(|_| ()),
            None => Ok(()),
        };
        self.running_since = Some(at);
        charged
    }

    /// The time `player` has left at `now`, when `to_move` is to move.
    pub fn left(&self, player: Player, to_move: Player, now: i64) -> Duration {
        let stored = self.clock.remaining(player);
        match self.running_since {
            Some(since) if player == to_move => stored.saturating_sub(elapsed(since, now)),
            _ => stored,
        }
    }

    /// When the clock of `to_move` runs out (ms since 1970), if it runs.
    pub fn flag_time(&self, to_move: Player) -> Option<i64> {
        let since = self.running_since?;
        Some(since + self.clock.remaining(to_move).as_millis() as i64)
    }

    /// What a bot of `to_move` is told of the clocks at `now`.
    pub fn view(&self, to_move: Player, now: i64) -> ClockView {
        let mut view = self.clock.view(to_move);
        view.remaining[to_move.index()] = self.left(to_move, to_move, now);
        view
    }

    /// The clocks for the page: the control, each side's time left in ms, and the seat
    /// whose clock runs (none once the game is over or before the first move).
    pub fn json(&self, to_move: Player, over: bool, now: i64) -> Value {
        let left = |p: Player| self.left(p, to_move, now).as_millis() as u64;
        let running = (!over && self.running_since.is_some()).then(|| to_move.number());
        json!({
            "control": self.control().to_string(),
            "left": { "1": left(Player::One), "2": left(Player::Two) },
            "running": running,
        })
    }
}

fn elapsed(since: i64, at: i64) -> Duration {
    Duration::from_millis(at.saturating_sub(since).max(0) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_move_is_free_then_each_side_pays_for_its_own() {
        let control: TimeControl = "10+1".parse().unwrap();
        // Moves at 0 s (free), 3 s (Player 2 took 3 s: 10 - 3 + 1), 4 s (Player 1 took 1 s).
        let clock = LiveClock::replay(control, Player::One, &[0, 3000, 4000]);
        assert_eq!(
            clock.left(Player::Two, Player::Two, 4000),
            Duration::from_secs(8)
        );
        assert_eq!(
            clock.left(Player::One, Player::Two, 4000),
            Duration::from_secs(10)
        );
        // Player 2 is to move: its clock runs, Player 1's does not.
        assert_eq!(
            clock.left(Player::Two, Player::Two, 6000),
            Duration::from_secs(6)
        );
        assert_eq!(
            clock.left(Player::One, Player::Two, 6000),
            Duration::from_secs(10)
        );
        assert_eq!(clock.flag_time(Player::Two), Some(12_000));
        let page = clock.json(Player::Two, false, 6000);
        assert_eq!(page["left"]["2"], 6000);
        assert_eq!(page["running"], 2);
        assert_eq!(clock.json(Player::Two, true, 6000)["running"], Value::Null);
    }

    #[test]
    fn a_move_after_the_flag_is_out_of_time() {
        let control: TimeControl = "2+0".parse().unwrap();
        let mut clock = LiveClock::replay(control, Player::One, &[0]);
        assert!(clock.on_move(Player::Two, 2500).is_err());
        assert_eq!(clock.left(Player::Two, Player::One, 2500), Duration::ZERO);
        // Before the first move no clock runs.
        let fresh = LiveClock::replay(control, Player::One, &[]);
        assert_eq!(fresh.flag_time(Player::One), None);
        assert_eq!(
            fresh.left(Player::One, Player::One, 99_999),
            Duration::from_secs(2)
        );
    }
}
