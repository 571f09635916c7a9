//! The `go` command of the engine protocol: how long, how deep or how far to search.

use boardlab_ai::Limits;
use boardlab_ai::time::game_clock::ClockView;
use boardlab_core::quoted;
use std::time::Duration;

/// What one `go` asks for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// `movetime`, `depth` and `nodes`.
    pub limits: Limits,
    /// `wtime btime winc binc movestogo`: the clocks (Player 1 is "white").
    pub clock: Option<ClockView>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
}

/// The words `go` takes.
pub const GO_WORDS: &str = "movetime MS, depth N, nodes N, wtime MS, btime MS, winc MS, binc MS, movestogo N, infinite (UGI's p1time, p2time, p1inc, p2inc for the clocks)";

/// The words of `go` that a number follows.
const NUMBER_WORDS: [&str; 12] = [
    "movetime",
    "depth",
    "nodes",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "p1time",
    "p2time",
    "p1inc",
    "p2inc",
];

/// Reads the words after `go`. Without any limit the search goes on until `stop`.
pub fn parse_go(words: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let mut clock = ClockView {
        remaining: [Duration::ZERO; 2],
        increment: [Duration::ZERO; 2],
        moves_to_go: None,
    };
    let mut timed = false;
    let mut rest = words.iter();
    while let Some(&word) = rest.next() {
        if word == "infinite" {
            go.infinite = true;
            continue;
        }
        if word == "ponder" {
            return Err("go ponder is not supported (this engine does not ponder)".to_string());
        }
        if !NUMBER_WORDS.contains(&word) {
            return Err(format!(
                "go: unknown word {}; go takes {GO_WORDS}",
                quoted(word)
            ));
        }
        let value = rest
            .next()
            .ok_or_else(|| format!("go {word}: a number must follow"))?;
        let number = value.parse::<u64>().map_err(|_| {
            format!(
                "go {word} {}: expected a whole number of at least 0",
                quoted(value)
            )
        })?;
        let millis = Duration::from_millis(number);
        match word {
            "movetime" => go.limits.time = Some(millis.max(Duration::from_millis(1))),
            "depth" => go.limits.depth = Some(number.clamp(1, 200) as u32),
            "nodes" => go.limits.nodes = Some(number.max(1)),
            "wtime" | "p1time" => (clock.remaining[0], timed) = (millis, true),
            "btime" | "p2time" => (clock.remaining[1], timed) = (millis, true),
            "winc" | "p1inc" => clock.increment[0] = millis,
            "binc" | "p2inc" => clock.increment[1] = millis,
            "movestogo" => {
                clock.moves_to_go = Some(u32::try_from(number).unwrap_or(u32::MAX).max(1))
            }
            other => {
                return Err(format!(
                    "go: unknown word {}; go takes {GO_WORDS}",
                    quoted(other)
                ));
            }
        }
    }
    if timed {
        go.clock = Some(clock);
    }
    let limited =
        go.limits.time.is_some() || go.limits.depth.is_some() || go.limits.nodes.is_some();
    if !limited && go.clock.is_none() {
        go.infinite = true;
    }
    Ok(go)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_clocks_and_infinite_are_read() {
        let go = parse_go(&["movetime", "100", "depth", "7"]).unwrap();
        assert_eq!(go.limits.time, Some(Duration::from_millis(100)));
        assert_eq!(go.limits.depth, Some(7));
        assert!(!go.infinite && go.clock.is_none());
        let go = parse_go(&[
            "wtime",
            "1000",
            "btime",
            "2000",
            "binc",
            "50",
            "movestogo",
            "3",
        ])
        .unwrap();
        let clock = go.clock.unwrap();
        assert_eq!(
            clock.remaining,
            [Duration::from_secs(1), Duration::from_secs(2)]
        );
        assert_eq!(clock.increment[1], Duration::from_millis(50));
        assert_eq!(clock.moves_to_go, Some(3));
        let ugi = parse_go(&["p1time", "1000", "p2time", "2000", "p2inc", "50"]).unwrap();
        assert_eq!(ugi.clock.unwrap().remaining, clock.remaining);
        assert_eq!(ugi.clock.unwrap().increment, clock.increment);
        assert!(parse_go(&[]).unwrap().infinite);
        assert!(parse_go(&["infinite"]).unwrap().infinite);
    }

    #[test]
    fn numbers_beyond_their_range_are_capped_not_wrapped() {
        // 2^32 + 1 moves to go once wrapped to 1: the whole clock spent on one move.
        let go = parse_go(&[
            "wtime",
            "60000",
            "btime",
            "60000",
            "movestogo",
            "4294967297",
        ]);
        assert_eq!(go.unwrap().clock.unwrap().moves_to_go, Some(u32::MAX));
        let go = parse_go(&["depth", "18446744073709551615"]).unwrap();
        assert_eq!(go.limits.depth, Some(200));
    }

    #[test]
    fn bad_words_are_named() {
        assert!(
            parse_go(&["depth"])
                .unwrap_err()
                .contains("a number must follow")
        );
        assert!(
            parse_go(&["depth", "x"])
                .unwrap_err()
                .contains("whole number")
        );
        assert!(
            parse_go(&["sideways", "3"])
                .unwrap_err()
                .contains("unknown word 'sideways'")
        );
        assert!(parse_go(&["ponder"]).unwrap_err().contains("ponder"));
    }
}
