//! [`GameClock`]: both sides' clocks in a timed game, and [`ClockView`], what a bot to move
//! is told of them.

use crate::time::time_control::TimeControl;
use boardlab_core::Player;
use std::time::Duration;

/// Both sides' clocks as a bot to move sees them. Arrays are indexed by [`Player::index`]
/// (Player 1 first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClockView {
    /// The time left on each side's clock.
    pub remaining: [Duration; 2],
    /// The time each side gets after each of its moves.
    pub increment: [Duration; 2],
    /// The moves the side to move has to play before its clock is given the base time
    /// again (this move included), if the control has periods.
    pub moves_to_go: Option<u32>,
}

impl ClockView {
    /// The time left on `player`'s clock.
    pub fn remaining_for(&self, player: Player) -> Duration {
        self.remaining[player.index()]
    }

    /// `player`'s increment.
    pub fn increment_for(&self, player: Player) -> Duration {
        self.increment[player.index()]
    }
}

/// A side that used more time than its clock had: it loses on time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfTime {
    /// The time its clock had when the move began.
    pub had: Duration,
    /// The time the move took.
    pub took: Duration,
}

impl OutOfTime {
    /// The loss in words: `took 1.234s with 1.200s left on its clock`.
    pub fn describe(&self) -> String {
        format!(
            "took {:.3}s with {:.3}s left on its clock",
            self.took.as_secs_f64(),
            self.had.as_secs_f64()
        )
    }
}

/// The clocks of one timed game: each side starts with the control's base time; the time a
/// move takes is taken off the mover's clock, then the increment is added (and, with periods,
/// the base time again after every period's last move).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameClock {
    control: TimeControl,
    remaining: [Duration; 2],
    moves: [u32; 2],
}

impl GameClock {
    /// Both clocks at the start of a game under `control`.
    pub fn new(control: TimeControl) -> GameClock {
        GameClock {
            control,
            remaining: [control.base; 2],
            moves: [0; 2],
        }
    }

    /// The time control.
    pub fn control(&self) -> TimeControl {
        self.control
    }

    /// The time left on `player`'s clock.
    pub fn remaining(&self, player: Player) -> Duration {
        self.remaining[player.index()]
    }

    /// What the bot of `player`, to move, is told of the clocks.
    pub fn view(&self, player: Player) -> ClockView {
        ClockView {
            remaining: self.remaining,
            increment: [self.control.increment; 2],
            moves_to_go: self
                .control
                .moves
                .map(|period| period - self.moves[player.index()] % period),
        }
    }

    /// Charges `player` for a move that took `took`. Returns the time left before the
    /// increment was added, or [`OutOfTime`] (the clock then shows zero) when the move took
    /// longer than the clock had.
    pub fn spend(&mut self, player: Player, took: Duration) -> Result<Duration, OutOfTime> {
        let clock = &mut self.remaining[player.index()];
        let had = *clock;
        if took > had {
            *clock = Duration::ZERO;
            return Err(OutOfTime { had, took });
        }
        let left = had - took;
        *clock = left + self.control.increment;
        let moves = &mut self.moves[player.index()];
        *moves += 1;
        if self
            .control
            .moves
            .is_some_and(|period| moves.is_multiple_of(period))
        {
            *clock += self.control.base;
        }
        Ok(left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn moves_cost_time_and_earn_the_increment() {
        let mut clock = GameClock::new("2+0.5".parse().unwrap());
        assert_eq!(clock.spend(Player::One, ms(300)), Ok(ms(1700)));
        assert_eq!(clock.remaining(Player::One), ms(2200));
        assert_eq!(clock.remaining(Player::Two), ms(2000));
        let view = clock.view(Player::Two);
        assert_eq!(view.remaining_for(Player::One), ms(2200));
        assert_eq!(view.increment_for(Player::Two), ms(500));
        assert_eq!(view.moves_to_go, None);
        assert_eq!(clock.spend(Player::Two, ms(2000)), Ok(ms(0)));
        assert_eq!(
            clock.spend(Player::One, ms(2201)),
            Err(OutOfTime {
                had: ms(2200),
                took: ms(2201)
            })
        );
        assert_eq!(clock.remaining(Player::One), Duration::ZERO);
    }

    #[test]
    fn periods_give_the_base_time_again() {
        let mut clock = GameClock::new("2/10+0".parse().unwrap());
        assert_eq!(clock.view(Player::One).moves_to_go, Some(2));
        clock.spend(Player::One, ms(1000)).unwrap();
        assert_eq!(clock.view(Player::One).moves_to_go, Some(1));
        assert_eq!(clock.view(Player::Two).moves_to_go, Some(2));
        clock.spend(Player::One, ms(1000)).unwrap();
        assert_eq!(clock.remaining(Player::One), ms(18_000));
        assert_eq!(clock.view(Player::One).moves_to_go, Some(2));
    }
}
