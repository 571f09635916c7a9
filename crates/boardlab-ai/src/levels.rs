//! The strength levels for people: `level:1` (weakest) to `level:6` (our strongest bot).
//!
//! A level means the same to a player in every game (each beats the one below by 150 to 300
//! Elo), but the bot behind it differs: a search of 2,000 nodes is a beginner at Obsidian and
//! nearly perfect at Sprint. So each game has its own ladder of bot specs, calibrated with
//! `scripts/levels.sh`; the README's level table gives the measured gaps.
//!
//! ```
//! use boardlab_ai::levels::{level_spec, TOP_LEVEL};
//! use boardlab_games::Obsidian;
//!
//! let top = level_spec::<Obsidian>(TOP_LEVEL).unwrap();
//! assert_eq!(top.text(), "alphabeta:time=1s");
//! assert!(level_spec::<Obsidian>(TOP_LEVEL + 1).is_err());
//! ```

use crate::spec::{BotSpec, SpecError};
use boardlab_core::Evaluate;

/// The strongest level; levels run from 1 to this.
pub const TOP_LEVEL: u8 = 6;

/// The level proposed first to people: one that plays real moves and leaves room to grow.
pub const DEFAULT_LEVEL: u8 = 3;

/// What each level is like for a player, weakest first (the same in every game).
pub const DESCRIPTIONS: [&str; TOP_LEVEL as usize] = [
    "a beginner: looks one move ahead and often misjudges",
    "a novice: looks one move ahead",
    "a casual player: a short search",
    "a club player: a deeper search",
    "an expert: a long search",
    "the strongest bot, thinking a second a move",
];

/// The bot specs of one game's levels, weakest first.
type Ladder = [&'static str; TOP_LEVEL as usize];

/// Obsidian: the evaluation's error at depth 1, then search nodes growing about fivefold a
/// level up to the full search for a second.
const OBSIDIAN: Ladder = [
    "alphabeta:depth=1,noise=100",
    "alphabeta:nodes=1500",
    "alphabeta:nodes=8000",
    "alphabeta:nodes=40000",
    "alphabeta:nodes=200000",
    "alphabeta:time=1s",
];

/// Daisy: a search of depth 1 already sees every drop, and node budgets below a
/// finished first iteration play worse than it, so the node ladder starts higher.
const DAISY: Ladder = [
    "alphabeta:depth=1,noise=300",
    "alphabeta:depth=1",
    "alphabeta:nodes=10000",
    "alphabeta:nodes=80000",
    "alphabeta:nodes=400000",
    "alphabeta:time=1s",
];

/// Sprint: short searches already see far, so the steps are larger.
const SPRINT: Ladder = [
    "alphabeta:depth=1,noise=200",
    "alphabeta:depth=1",
    "alphabeta:nodes=3000",
    "alphabeta:nodes=30000",
    "alphabeta:nodes=300000",
    "alphabeta:time=1s",
];

/// Parity: mostly drawn between searching bots, so the lower levels misjudge on purpose.
const PARITY: Ladder = [
    "alphabeta:depth=1,noise=300",
    "alphabeta:depth=1,noise=100",
    "alphabeta:depth=1",
    "alphabeta:nodes=2000",
    "alphabeta:nodes=20000",
    "alphabeta:time=1s",
];

/// Every game's ladder.
const ALL: [&Ladder; 4] = [&OBSIDIAN, &DAISY, &SPRINT, &PARITY];

/// The ladder of the game with id `game_id` (Obsidian's for a game without its own).
fn ladder(game_id: &str) -> &'static Ladder {
    match game_id {
        "daisy" => &DAISY,
        "sprint" => &SPRINT,
        "parity" => &PARITY,
        _ => &OBSIDIAN,
    }
}

/// The bot spec of `level` in the game with id `game_id`, as text.
pub fn level_text(game_id: &str, level: u8) -> Result<&'static str, SpecError> {
    match level {
        1..=TOP_LEVEL => Ok(ladder(game_id)[usize::from(level) - 1]),
        _ => Err(SpecError::UnknownLevel { level }),
    }
}

/// The bot spec of `level` (1 to [`TOP_LEVEL`]) in game `P`.
pub fn level_spec<P: Evaluate>(level: u8) -> Result<BotSpec, SpecError> {
    Ok(level_text(P::GAME_ID, level)?
        .parse()
        .expect("the level tables hold valid specs"))
}

/// Whether `level` is limited by depth or nodes alone in every game (no time limit), so that
/// its games repeat exactly.
pub fn is_untimed(level: u8) -> bool {
    ALL.iter().all(|ladder| {
        ladder
            .get(usize::from(level).wrapping_sub(1))
            .is_some_and(|spec| !spec.contains("time="))
    })
}

/// The longest time a move of `level` may take in any game, if the level is timed.
pub fn longest_time(level: u8) -> Option<std::time::Duration> {
    ALL.iter()
        .filter_map(|ladder| ladder.get(usize::from(level).wrapping_sub(1)))
        .filter_map(|text| text.parse::<BotSpec>().ok()?.limits.time)
        .max()
}

/// The levels of the game with id `game_id` for a help text or a menu:
/// `(level, spec, description)`, weakest first.
pub fn levels(game_id: &str) -> Vec<(u8, &'static str, &'static str)> {
    (1..=TOP_LEVEL)
        .map(|level| {
            let index = usize::from(level) - 1;
            (level, ladder(game_id)[index], DESCRIPTIONS[index])
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_of_every_game_is_a_valid_spec() {
        for game in ["obsidian", "daisy", "sprint", "parity"] {
            for (level, text, _) in levels(game) {
                let spec: BotSpec = text.parse().unwrap();
                assert_eq!(spec.text(), text, "{game} level {level}");
            }
            // The top level is the strongest bot: the full search on a time budget.
            assert_eq!(level_text(game, TOP_LEVEL).unwrap(), "alphabeta:time=1s");
        }
        assert!(level_text("obsidian", 0).is_err());
        assert!(level_text("obsidian", TOP_LEVEL + 1).is_err());
        assert!(is_untimed(1) && !is_untimed(TOP_LEVEL));
        assert!(!is_untimed(0) && !is_untimed(TOP_LEVEL + 1));
        assert_eq!(
            longest_time(TOP_LEVEL),
            Some(std::time::Duration::from_secs(1))
        );
        assert_eq!(longest_time(1), None);
    }
}
