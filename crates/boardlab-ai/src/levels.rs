//! The strength levels for people: `level:1` (a beginner) up to each game's top level (our
//! strongest bot, the full search for a second a move).
//!
//! Each game gives its own ladder ([`Evaluate::LEVELS`]): the bot behind each level and how
//! many levels there are are the game's, as from a beginner to the full search is a far
//! longer way in Obsidian than in Sprint, whose searches play perfectly after a few thousand
//! positions. Each level beats the one below by about 150 to 300 Elo, measured with
//! `scripts/levels.sh` (docs/levels.md gives the figures). A level above a game's top plays
//! as its top level, so every `level:N` up to [`TOP_LEVEL`] means something in every game.
//!
//! ```
//! use boardlab_ai::levels::{level_spec, TOP_LEVEL};
//! use boardlab_core::Evaluate;
//! use boardlab_games::{Obsidian, Sprint};
//!
//! assert_eq!(Obsidian::LEVELS.count(), TOP_LEVEL);
//! let top = level_spec::<Obsidian>(TOP_LEVEL).unwrap();
//! assert_eq!(top.text(), "alphabeta:time=1s");
//! // Sprint has fewer levels; the numbers above its top play as its top.
//! assert!(Sprint::LEVELS.count() < TOP_LEVEL);
//! assert_eq!(level_spec::<Sprint>(TOP_LEVEL).unwrap().text(), "alphabeta:time=1s");
//! assert!(level_spec::<Obsidian>(TOP_LEVEL + 1).is_err());
//! ```

use crate::spec::{BotSpec, SpecError};
use boardlab_core::{Evaluate, Levels, thousands};
use std::time::Duration;

/// The highest level number, which every game accepts: the most levels a game has
/// (Obsidian's 15). A game's ladder may be shorter, never longer (the registry's tests check
/// every game).
pub const TOP_LEVEL: u8 = 15;

/// The spec of `level` on `levels` (a level above the ladder's top is its top); `None`
/// outside 1 to [`TOP_LEVEL`].
fn spec_at(levels: &Levels, level: u8) -> Option<&'static str> {
    (1..=TOP_LEVEL)
        .contains(&level)
        .then(|| levels.specs[usize::from(level).min(levels.specs.len()) - 1])
}

/// The bot spec of `level` on `levels`, as text (a level above the game's top is its top
/// level).
pub fn level_text(levels: &Levels, level: u8) -> Result<&'static str, SpecError> {
    spec_at(levels, level).ok_or(SpecError::UnknownLevel { level })
}

/// The bot spec of `level` (1 to [`TOP_LEVEL`]) in the games of `P`.
pub fn level_spec<P: Evaluate>(level: u8) -> Result<BotSpec, SpecError> {
    Ok(level_text(&P::LEVELS, level)?
        .parse()
        .expect("the level tables hold valid specs"))
}

/// Whether `level` of `levels` is limited by depth or nodes alone (no time limit), so that
/// its games repeat exactly.
pub fn is_untimed(levels: &Levels, level: u8) -> bool {
    spec_at(levels, level).is_some_and(|spec| !spec.contains("time="))
}

/// How long a move of `level` on `levels` may take, if the level is timed.
pub fn move_time(levels: &Levels, level: u8) -> Option<Duration> {
    spec_at(levels, level)?.parse::<BotSpec>().ok()?.limits.time
}

/// What `level` of `levels` is like for a player: how strong, then what its bot does.
pub fn description(levels: &Levels, level: u8) -> String {
    let count = levels.count();
    let level = level.clamp(1, count);
    if level == count {
        return "the strongest bot, thinking a second a move".to_string();
    }
    // Strength by how far up the game's ladder the level stands.
    let rank = [
        "a beginner",
        "a novice",
        "a casual player",
        "a club player",
        "an expert",
    ][usize::from(level - 1) * 5 / usize::from(count - 1)];
    let spec = levels.specs[usize::from(level) - 1];
    let what = match spec.parse::<BotSpec>() {
        Ok(spec) if spec.text() == "random" => "plays any legal move".to_string(),
        Ok(spec) => {
            let reach = match (spec.limits.depth, spec.limits.nodes) {
                (Some(1), _) => "looks one move ahead".to_string(),
                (Some(2), _) => "looks two moves ahead".to_string(),
                (Some(depth), _) => format!("looks {depth} moves ahead"),
                (None, Some(nodes)) => format!("weighs {} positions a move", thousands(nodes)),
                (None, None) => "searches on a time budget".to_string(),
            };
            if spec.alphabeta.noise.amount > 0 {
                format!("{reach} and often misjudges")
            } else {
                reach
            }
        }
        Err(_) => String::new(),
    };
    format!("{rank}: {what}")
}

/// The levels of `levels` for a help text or a menu: `(level, spec, description)`, weakest
/// first.
pub fn listing(levels: &Levels) -> Vec<(u8, &'static str, String)> {
    (1..=levels.count())
        .map(|level| {
            let spec = levels.specs[usize::from(level) - 1];
            (level, spec, description(levels, level))
        })
        .collect()
}

/// Checks a game's ladder: at most [`TOP_LEVEL`] levels, each a valid bot spec written as
/// the spec prints itself, the top one timed and every other untimed (so that games between
/// lower levels repeat), and a default level above the first and below the top. The
/// registry's tests run it on every game.
pub fn check_ladder(levels: &Levels) -> Result<(), String> {
    let count = levels.count();
    if !(2..=TOP_LEVEL).contains(&count) {
        return Err(format!("{count} levels; a game has 2 to {TOP_LEVEL}"));
    }
    for (level, text) in (1..).zip(levels.specs) {
        let spec: BotSpec = text
            .parse()
            .map_err(|e| format!("level {level}: {text}: {e}"))?;
        if spec.text() != *text {
            return Err(format!("level {level}: {text} prints as {}", spec.text()));
        }
        if (level == count) == is_untimed(levels, level) {
            return Err(format!(
                "level {level}: {text}: the top level alone is timed"
            ));
        }
    }
    if !(2..count).contains(&levels.default) {
        return Err(format!(
            "default level {}: give one from 2 to {}",
            levels.default,
            count - 1
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const LADDER: Levels = Levels {
        specs: &[
            "alphabeta:depth=1,noise=100",
            "alphabeta:depth=1",
            "alphabeta:time=1s",
        ],
        default: 2,
    };

    #[test]
    fn levels_above_the_top_play_as_the_top() {
        assert_eq!(level_text(&LADDER, 3).unwrap(), "alphabeta:time=1s");
        assert_eq!(level_text(&LADDER, TOP_LEVEL).unwrap(), "alphabeta:time=1s");
        assert!(level_text(&LADDER, 0).is_err());
        assert!(level_text(&LADDER, TOP_LEVEL + 1).is_err());
        assert!(is_untimed(&LADDER, 1) && !is_untimed(&LADDER, TOP_LEVEL));
        assert!(!is_untimed(&LADDER, 0) && !is_untimed(&LADDER, TOP_LEVEL + 1));
        assert_eq!(move_time(&LADDER, 3), Some(Duration::from_secs(1)));
        assert_eq!(move_time(&LADDER, 1), None);
    }

    #[test]
    fn descriptions_name_the_strength_then_the_bot() {
        assert_eq!(
            description(&LADDER, 1),
            "a beginner: looks one move ahead and often misjudges"
        );
        assert!(description(&LADDER, 3).starts_with("the strongest bot"));
        assert_eq!(listing(&LADDER).len(), 3);
        assert_eq!(thousands(1_000_000), "1,000,000");
        assert_eq!(thousands(500), "500");
    }

    #[test]
    fn a_bad_ladder_is_named() {
        assert!(check_ladder(&LADDER).is_ok());
        let unknown = Levels {
            specs: &["alphabeta:depth=1", "nonsense", "alphabeta:time=1s"],
            default: 2,
        };
        assert!(check_ladder(&unknown).unwrap_err().contains("level 2"));
        let untimed_top = Levels {
            specs: &["alphabeta:depth=1", "alphabeta:depth=2"],
            default: 1,
        };
        assert!(check_ladder(&untimed_top).is_err());
        let bad_default = Levels {
            default: 3,
            ..LADDER
        };
        assert!(
            check_ladder(&bad_default)
                .unwrap_err()
                .contains("default level 3")
        );
    }
}
