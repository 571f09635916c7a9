//! [`TimeControl`]: the time each side of a timed game gets, read from text like `60+0.6`
//! (60 seconds and 0.6 seconds more after each move), `5m+2s` or `40/5m+1s`.

use boardlab_core::{count, quoted};
use std::fmt;
use std::str::FromStr;
use std::time::Duration;
use thiserror::Error;

/// The shortest base time a control may give.
const MIN_BASE: Duration = Duration::from_millis(1);

/// The most moves a period may hold (`MOVES/BASE`).
const MAX_PERIOD: u32 = 1000;

/// How to write a time control, for error messages.
pub const TIME_CONTROL_FORMS: &str = "write BASE+INC in seconds (60+0.6), with units ms, s or m (5m+2s, 500ms+50ms), or MOVES/BASE+INC (40/5m+0) for BASE again every MOVES moves";

/// The time of each side of a game: a base time, an increment added after each of its moves
/// (Fischer), and optionally a period: the base time is added again after every `moves`
/// moves of the side (`40/5m`: five minutes for every 40 moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The time each side starts with (and gets again at each new period).
    pub base: Duration,
    /// The time added to a side's clock after each of its moves.
    pub increment: Duration,
    /// The moves of a side per period, if the control has periods.
    pub moves: Option<u32>,
}

/// A time control that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad time control {}: {problem}; {TIME_CONTROL_FORMS}", quoted(text))]
pub struct TimeControlError {
    /// The text given.
    pub text: String,
    /// What is wrong with it.
    pub problem: String,
}

/// The longest times a control may give; its error messages name them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeLimits {
    /// The longest base time.
    pub max_base: Duration,
    /// The largest increment.
    pub max_increment: Duration,
}

impl TimeLimits {
    /// The limits of the command line: a base time of up to a day, an increment of up to
    /// an hour.
    pub const DEFAULT: TimeLimits = TimeLimits {
        max_base: Duration::from_secs(24 * 3600),
        max_increment: Duration::from_secs(3600),
    };
}

/// A duration as a message says it: `3 hours`, `1 hour`, `90 minutes`, `1.5 seconds`,
/// `1ms`.
fn spoken(time: Duration) -> String {
    let seconds = time.as_secs();
    if time.subsec_nanos() != 0 {
        return match time.as_millis() {
            0..1000 if time.subsec_nanos().is_multiple_of(1_000_000) => {
                format!("{}ms", time.as_millis())
            }
            _ => format!("{} seconds", time.as_secs_f64()),
        };
    }
    if seconds > 0 && seconds.is_multiple_of(3600) {
        count(seconds / 3600, "hour", "hours")
    } else if seconds > 0 && seconds.is_multiple_of(60) {
        count(seconds / 60, "minute", "minutes")
    } else {
        count(seconds, "second", "seconds")
    }
}

impl TimeControl {
    /// Reads `[MOVES/]BASE[+INC]` (as [`FromStr`] does) within `limits`: the base time
    /// from 1ms to `limits.max_base`, the increment up to `limits.max_increment`. The
    /// error names the limits that were passed.
    pub fn parse_within(text: &str, limits: TimeLimits) -> Result<TimeControl, TimeControlError> {
        let error = |problem: String| TimeControlError {
            text: text.to_string(),
            problem,
        };
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        if compact.is_empty() {
            return Err(error("it is empty".to_string()));
        }
        let (moves, rest) = match compact.split_once('/') {
            Some((moves, rest)) => {
                let period = moves
                    .parse::<u32>()
                    .ok()
                    .filter(|m| (1..=MAX_PERIOD).contains(m))
                    .ok_or_else(|| {
                        error(format!(
                            "{} is not a number of moves from 1 to {MAX_PERIOD}",
                            quoted(moves)
                        ))
                    })?;
                (Some(period), rest)
            }
            None => (None, compact.as_str()),
        };
        let (base, increment) = rest.split_once('+').unwrap_or((rest, "0"));
        let base_time = parse_time(base, limits.max_base)
            .filter(|b| *b >= MIN_BASE)
            .ok_or_else(|| {
                error(format!(
                    "base time {} is not a time from {} to {}",
                    quoted(base),
                    spoken(MIN_BASE),
                    spoken(limits.max_base)
                ))
            })?;
        let increment_time = parse_time(increment, limits.max_increment).ok_or_else(|| {
            error(format!(
                "increment {} is not a time from 0 to {}",
                quoted(increment),
                spoken(limits.max_increment)
            ))
        })?;
        Ok(TimeControl {
            base: base_time,
            increment: increment_time,
            moves,
        })
    }

    /// A control of `base` and `increment` per move, without periods.
    pub fn fischer(base: Duration, increment: Duration) -> TimeControl {
        TimeControl {
            base,
            increment,
            moves: None,
        }
    }
}

/// Reads a time in seconds (`60`, `0.6`) or with a unit (`500ms`, `2s`, `5m`, `1min`);
/// `None` when it is not one or is negative, not finite or above `max`.
fn parse_time(text: &str, max: Duration) -> Option<Duration> {
    let split = text
        .find(|c: char| c.is_ascii_alphabetic())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    if number.is_empty() || !number.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    let value: f64 = number.parse().ok()?;
    let seconds = match unit {
        "" | "s" => value,
        "ms" => value / 1000.0,
        "m" | "min" => value * 60.0,
        _ => return None,
    };
    (seconds.is_finite() && seconds <= max.as_secs_f64()).then(|| Duration::from_secs_f64(seconds))
}

impl FromStr for TimeControl {
    type Err = TimeControlError;

    /// Reads `[MOVES/]BASE[+INC]`: times in seconds or with units `ms`, `s`, `m`, within
    /// [`TimeLimits::DEFAULT`].
    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        TimeControl::parse_within(text, TimeLimits::DEFAULT)
    }
}

/// Seconds with at most three decimals and no trailing zeros: `60`, `0.6`, `0.05`.
fn seconds(time: Duration) -> String {
    let text = format!("{:.3}", time.as_secs_f64());
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

impl fmt::Display for TimeControl {
    /// The control in seconds: `60+0.6`, `40/300+0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(moves) = self.moves {
            write!(f, "{moves}/")?;
        }
        write!(f, "{}+{}", seconds(self.base), seconds(self.increment))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn controls_are_read_and_written() {
        let cases = [
            ("60+0.6", ms(60_000), ms(600), None, "60+0.6"),
            ("10+0.1", ms(10_000), ms(100), None, "10+0.1"),
            ("5m+2s", ms(300_000), ms(2000), None, "300+2"),
            ("500ms+50ms", ms(500), ms(50), None, "0.5+0.05"),
            ("2+0", ms(2000), ms(0), None, "2+0"),
            ("90", ms(90_000), ms(0), None, "90+0"),
            (" 1min + 1 ", ms(60_000), ms(1000), None, "60+1"),
            ("40/5m", ms(300_000), ms(0), Some(40), "40/300+0"),
            ("40/90+30", ms(90_000), ms(30_000), Some(40), "40/90+30"),
        ];
        for (text, base, increment, moves, shown) in cases {
            let control: TimeControl = text.parse().unwrap();
            assert_eq!(
                control,
                TimeControl {
                    base,
                    increment,
                    moves
                },
                "{text}"
            );
            assert_eq!(control.to_string(), shown, "{text}");
            assert_eq!(shown.parse::<TimeControl>().unwrap(), control, "{shown}");
        }
    }

    #[test]
    fn the_limits_named_are_the_limits_checked() {
        let web = TimeLimits {
            max_base: Duration::from_secs(3 * 3600),
            ..TimeLimits::DEFAULT
        };
        assert!(TimeControl::parse_within("180m+0", web).is_ok());
        let err = TimeControl::parse_within("181m+0", web)
            .unwrap_err()
            .to_string();
        assert!(err.contains("from 1ms to 3 hours"), "{err}");
        let err = "100000+0".parse::<TimeControl>().unwrap_err().to_string();
        assert!(err.contains("from 1ms to 24 hours"), "{err}");
        let err = "1+3601".parse::<TimeControl>().unwrap_err().to_string();
        assert!(err.contains("from 0 to 1 hour;"), "{err}");
        assert_eq!(spoken(Duration::from_secs(90 * 60)), "90 minutes");
        assert_eq!(spoken(Duration::from_secs(1)), "1 second");
        assert_eq!(spoken(Duration::from_millis(1500)), "1.5 seconds");
    }

    #[test]
    fn bad_controls_say_what_is_wrong_and_what_is_allowed() {
        let cases = [
            ("", "it is empty"),
            ("+1", "base time ''"),
            ("x+1", "base time 'x'"),
            ("0+1", "base time '0'"),
            ("-5+1", "base time '-5'"),
            ("10+x", "increment 'x'"),
            ("10+-1", "increment '-1'"),
            ("10+", "increment ''"),
            ("10h+1", "base time '10h'"),
            ("1e9+0", "base time '1e9'"),
            ("NaN+0", "base time 'NaN'"),
            ("inf", "base time 'inf'"),
            ("100000+0", "base time '100000'"),
            ("10+1+1", "increment '1+1'"),
            ("0/60+1", "'0' is not a number of moves"),
            ("x/60", "'x' is not a number of moves"),
            ("40/", "base time ''"),
            ("1/2/3", "base time '2/3'"),
        ];
        for (text, problem) in cases {
            let err = text.parse::<TimeControl>().unwrap_err().to_string();
            assert!(err.contains(problem), "{text}: {err}");
            assert!(err.contains("BASE+INC") && err.contains("60+0.6"), "{err}");
            assert!(!err.contains('\n'), "{err}");
        }
    }
}
