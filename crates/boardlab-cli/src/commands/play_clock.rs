//! The clock of a timed terminal game (`boardlab play --tc`): each turn runs from the end of
//! the last move to the next move played, for people and bots alike.

use boardlab_ai::{ClockView, GameClock, OutOfTime, TimeControl};
use boardlab_core::{Player, Position};
use std::time::{Duration, Instant};

/// Both sides' clocks and the start of the turn under way.
pub struct TurnClock {
    clock: GameClock,
    turn_started: Instant,
}

impl TurnClock {
    /// The clocks at the start of a game under `control`; the first turn starts now.
    pub fn new(control: TimeControl) -> TurnClock {
        TurnClock {
            clock: GameClock::new(control),
            turn_started: Instant::now(),
        }
    }

    /// What the bot of `player`, to move, is told of the clocks.
    pub fn view(&self, player: Player) -> ClockView {
        self.clock.view(player)
    }

    /// Ends the turn of `player`, who has just moved: its time is taken off its clock.
    pub fn end_turn(&mut self, player: Player) -> Result<(), OutOfTime> {
        let took = self.turn_started.elapsed();
        self.turn_started = Instant::now();
        self.clock.spend(player, took).map(|_| ())
    }

    /// Starts the turn under way afresh (after an undo): the time since the last move is
    /// charged to nobody.
    pub fn restart_turn(&mut self) {
        self.turn_started = Instant::now();
    }

    /// The time `player` has left at this moment, with the turn under way charged to
    /// `to_move`, the side to move.
    pub fn remaining_now(&self, player: Player, to_move: Player) -> Duration {
        let left = self.clock.remaining(player);
        if player == to_move {
            left.saturating_sub(self.turn_started.elapsed())
        } else {
            left
        }
    }

    /// Both clocks in one line: `Clock: Player 1 4:58, Player 2 5:00`.
    pub fn line<P: Position>(&self, position: &P) -> String {
        let sides: Vec<String> = Player::BOTH
            .iter()
            .map(|&p| {
                format!(
                    "{} {}",
                    position.player_name(p),
                    show_time(self.clock.remaining(p))
                )
            })
            .collect();
        format!("Clock: {}", sides.join(", "))
    }
}

/// A clock reading, by one rule for every clock (the web's game page reads the same):
/// `m:ss`, with tenths under ten seconds (`0:09.4`), and `h:mm:ss` from an hour.
pub fn show_time(time: Duration) -> String {
    let whole = time.as_secs();
    if whole < 10 {
        format!("0:0{whole}.{}", time.subsec_millis() / 100)
    } else if whole >= 3600 {
        format!(
            "{}:{:02}:{:02}",
            whole / 3600,
            whole % 3600 / 60,
            whole % 60
        )
    } else {
        format!("{}:{:02}", whole / 60, whole % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_readings() {
        assert_eq!(show_time(Duration::from_millis(298_340)), "4:58");
        assert_eq!(show_time(Duration::from_millis(60_000)), "1:00");
        assert_eq!(show_time(Duration::from_millis(59_999)), "0:59");
        assert_eq!(show_time(Duration::from_millis(12_345)), "0:12");
        assert_eq!(show_time(Duration::from_millis(10_000)), "0:10");
        assert_eq!(show_time(Duration::from_millis(9_999)), "0:09.9");
        assert_eq!(show_time(Duration::ZERO), "0:00.0");
        assert_eq!(show_time(Duration::from_secs(3_723)), "1:02:03");
    }
}
