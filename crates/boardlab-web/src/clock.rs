//! The clocks of a timed game on the server: both sides' time, charged from the moments the
//! moves were stored, so that a game read back from the store has the same clocks.
//!
//! The first move of a game is not timed; from then on the clock of the side to move runs
//! from the moment the last move was stored.
//!
//! Two kinds of control: a game clock (`5m+3s`: a bank of time per side, an increment per
//! move), and correspondence (`1d`, `3d`, `7d`: each move within so many days; the time does
//! not carry over).

use crate::seat::{BySeat, Seat};
use boardlab_ai::{ClockView, GameClock, TimeControl};
use boardlab_core::Player;
use serde::Serialize;
use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// The days a move a correspondence game may give.
pub const CORRESPONDENCE_DAYS: [u64; 3] = [1, 3, 7];

/// A game's time control: a game clock, or days a move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Each side's bank of time, with its increment (and periods).
    Timed(TimeControl),
    /// Correspondence: each move within this many days.
    Days(u64),
}

impl Control {
    /// The time each move may take in a correspondence game.
    pub fn per_move(self) -> Option<Duration> {
        match self {
            Control::Days(days) => Some(Duration::from_secs(days * 24 * 3600)),
            Control::Timed(_) => None,
        }
    }
}

impl FromStr for Control {
    type Err = String;

    /// `1d`, `3d` or `7d`, or a game clock as [`TimeControl`] reads it.
    fn from_str(text: &str) -> Result<Control, String> {
        if let Some(days) = text.trim().strip_suffix('d') {
            return match days.parse::<u64>() {
                Ok(days) if CORRESPONDENCE_DAYS.contains(&days) => Ok(Control::Days(days)),
                _ => Err(format!(
                    "{} is not a correspondence control: use 1d, 3d or 7d (days a move)",
                    boardlab_core::quoted(text)
                )),
            };
        }
        text.parse()
            .map(Control::Timed)
            .map_err(|e: boardlab_ai::TimeControlError| e.to_string())
    }
}

impl fmt::Display for Control {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Control::Timed(control) => write!(f, "{control}"),
            Control::Days(days) => write!(f, "{days}d"),
        }
    }
}

/// Milliseconds since 1970, the moments moves are stored with.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// What runs: a game clock, or the days of a correspondence move.
#[derive(Clone, Copy, Debug)]
enum Kind {
    Timed(GameClock),
    /// The time a move may take, and whether a move was made after its time ran out (the
    /// clock then shows zero).
    PerMove {
        per_move: Duration,
        out: bool,
    },
}

/// Both clocks of a game and when the running one started.
#[derive(Clone, Copy, Debug)]
pub struct LiveClock {
    kind: Kind,
    /// When the side to move's clock started (the last move's moment); `None` before the
    /// first move.
    running_since: Option<i64>,
}

impl LiveClock {
    /// The clocks of a game under `control` whose moves were stored at `moments` (ms since
    /// 1970, in order), the first made by `first`.
    pub fn replay(control: Control, first: Player, moments: &[i64]) -> LiveClock {
        let kind = match control {
            Control::Timed(control) => Kind::Timed(GameClock::new(control)),
            Control::Days(_) => Kind::PerMove {
                per_move: control.per_move().unwrap_or_default(),
                out: false,
            },
        };
        let mut clock = LiveClock {
            kind,
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
    pub fn control(&self) -> Control {
        match self.kind {
            Kind::Timed(clock) => Control::Timed(clock.control()),
            Kind::PerMove { per_move, .. } => Control::Days(per_move.as_secs() / (24 * 3600)),
        }
    }

    /// Charges `mover` for a move made at `at`, and starts the other side's clock. The first
    /// move is free.
    pub fn on_move(&mut self, mover: Player, at: i64) -> Result<(), OutOfTime> {
        let charged = match (self.running_since, &mut self.kind) {
            (None, _) => Ok(()),
            (Some(since), Kind::Timed(clock)) => clock
                .spend(mover, elapsed(since, at))
                .map(|_| ())
                .map_err(|_| OutOfTime),
            (Some(since), Kind::PerMove { per_move, out }) => {
                if elapsed(since, at) > *per_move {
                    *out = true;
                    Err(OutOfTime)
                } else {
                    Ok(())
                }
            }
        };
        self.running_since = Some(at);
        charged
    }

    /// The time on `player`'s clock between moves: its bank, or a whole move's time.
    fn stored(&self, player: Player) -> Duration {
        match self.kind {
            Kind::Timed(clock) => clock.remaining(player),
            Kind::PerMove { out: true, .. } => Duration::ZERO,
            Kind::PerMove { per_move, .. } => per_move,
        }
    }

    /// The time `player` has left at `now`, when `to_move` is to move.
    pub fn left(&self, player: Player, to_move: Player, now: i64) -> Duration {
        let stored = self.stored(player);
        match self.running_since {
            Some(since) if player == to_move => stored.saturating_sub(elapsed(since, now)),
            _ => stored,
        }
    }

    /// When the clock of `to_move` runs out (ms since 1970), if it runs.
    pub fn flag_time(&self, to_move: Player) -> Option<i64> {
        let since = self.running_since?;
        Some(since + self.stored(to_move).as_millis() as i64)
    }

    /// What a bot of `to_move` is told of the clocks at `now`.
    pub fn view(&self, to_move: Player, now: i64) -> ClockView {
        let mut view = match self.kind {
            Kind::Timed(clock) => clock.view(to_move),
            Kind::PerMove { .. } => ClockView {
                remaining: [self.stored(Player::One), self.stored(Player::Two)],
                increment: [Duration::ZERO; 2],
                moves_to_go: Some(1),
            },
        };
        view.remaining[to_move.index()] = self.left(to_move, to_move, now);
        view
    }

    /// The clocks for the page: the control, each side's time left in ms, and the seat
    /// whose clock runs (none once the game is over or before the first move).
    pub fn state(&self, to_move: Player, over: bool, now: i64) -> ClockState {
        let left = |seat: Seat| self.left(seat.player(), to_move, now).as_millis() as u64;
        ClockState {
            control: self.control().to_string(),
            per_move: matches!(self.kind, Kind::PerMove { .. }),
            left: BySeat::each(left),
            running: (!over && self.running_since.is_some()).then(|| Seat::of(to_move)),
        }
    }
}

/// The clocks as the pages see them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ClockState {
    /// The time control (`5m+3s`, `3d`).
    pub control: String,
    /// Whether each move has its own time (correspondence): the time does not carry over.
    pub per_move: bool,
    /// Each side's time left, in ms, at the moment the state was made.
    pub left: BySeat<u64>,
    /// The seat whose clock runs (none before the first move or once the game is over).
    pub running: Option<Seat>,
}

/// A move made after its side's time ran out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTime;

fn elapsed(since: i64, at: i64) -> Duration {
    Duration::from_millis(at.saturating_sub(since).max(0) as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_move_is_free_then_each_side_pays_for_its_own() {
        let control: Control = "10+1".parse().unwrap();
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
        let page = serde_json::to_value(clock.state(Player::Two, false, 6000)).unwrap();
        assert_eq!(page["left"]["2"], 6000);
        assert_eq!(page["running"], 2);
        let over = serde_json::to_value(clock.state(Player::Two, true, 6000)).unwrap();
        assert_eq!(over["running"], serde_json::Value::Null);
    }

    #[test]
    fn a_move_after_the_flag_is_out_of_time() {
        let control: Control = "2+0".parse().unwrap();
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

    #[test]
    fn a_correspondence_move_has_its_days_and_they_do_not_carry_over() {
        let day = 24 * 3600 * 1000;
        let control: Control = "3d".parse().unwrap();
        assert_eq!(control, Control::Days(3));
        assert_eq!(control.to_string(), "3d");
        // Player 2 answered after one day: its next move has three days again, not five.
        let clock = LiveClock::replay(control, Player::One, &[0, day, day + 1000]);
        assert_eq!(
            clock.left(Player::Two, Player::Two, day + 1000),
            Duration::from_millis(3 * day as u64)
        );
        assert_eq!(clock.flag_time(Player::Two), Some(day + 1000 + 3 * day));
        let page = serde_json::to_value(clock.state(Player::Two, false, 2 * day)).unwrap();
        assert_eq!(page["per_move"], true);
        assert_eq!(page["control"], "3d");
        // A move after its three days is out of time.
        let mut late = LiveClock::replay(control, Player::One, &[0]);
        assert_eq!(late.on_move(Player::Two, 3 * day + 1), Err(OutOfTime));
        assert_eq!(
            late.left(Player::One, Player::Two, 3 * day + 1),
            Duration::ZERO
        );
        for bad in ["2d", "0d", "d", "30d", "1.5d"] {
            let error = bad.parse::<Control>().unwrap_err();
            assert!(error.contains("1d, 3d or 7d"), "{bad}: {error}");
        }
    }
}
