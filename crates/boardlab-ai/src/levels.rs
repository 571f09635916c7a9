//! The strength levels for people: `level:1` (a beginner) up to each game's top level (our
//! strongest bot, the full search for a second a move).
//!
//! Each level beats the one below by about 150 to 300 Elo, measured with `scripts/levels.sh`
//! (docs/levels.md gives the figures). The bot behind a level is the game's own,
//! and so is the number of levels: from a beginner to the full search is a far longer way in
//! Obsidian than in Sprint, whose searches play perfectly after a few thousand positions. A
//! level above a game's top plays as its top level, so every `level:N` up to [`TOP_LEVEL`]
//! means something in every game.
//!
//! ```
//! use boardlab_ai::levels::{level_count, level_spec, TOP_LEVEL};
//! use boardlab_games::{Obsidian, Sprint};
//!
//! assert_eq!(level_count("obsidian"), TOP_LEVEL);
//! let top = level_spec::<Obsidian>(TOP_LEVEL).unwrap();
//! assert_eq!(top.text(), "alphabeta:time=1s");
//! // Sprint has fewer levels; the numbers above its top play as its top.
//! assert!(level_count("sprint") < TOP_LEVEL);
//! assert_eq!(level_spec::<Sprint>(TOP_LEVEL).unwrap().text(), "alphabeta:time=1s");
//! assert!(level_spec::<Obsidian>(TOP_LEVEL + 1).is_err());
//! ```

use crate::spec::{BotSpec, SpecError};
use boardlab_core::{Evaluate, thousands};

/// The highest level number: the top level of the game with the most levels (Obsidian).
/// Every game accepts levels 1 to this.
pub const TOP_LEVEL: u8 = OBSIDIAN.len() as u8;

/// Obsidian: the evaluation's error at depth 1, depths 1 and 2, then search nodes doubling a
/// level (a doubling is worth about 250 Elo at first, 165 to 190 from 100,000 nodes on) up to
/// the full search for a second (about three million nodes). From depth 2 to 1,500 nodes was
/// nearly 400 Elo, so 800 nodes stand between.
const OBSIDIAN: &[&str] = &[
    "alphabeta:depth=1,noise=100",
    "alphabeta:depth=1",
    "alphabeta:depth=2",
    "alphabeta:nodes=800",
    "alphabeta:nodes=1500",
    "alphabeta:nodes=3000",
    "alphabeta:nodes=6000",
    "alphabeta:nodes=12000",
    "alphabeta:nodes=25000",
    "alphabeta:nodes=50000",
    "alphabeta:nodes=100000",
    "alphabeta:nodes=200000",
    "alphabeta:nodes=400000",
    "alphabeta:nodes=800000",
    "alphabeta:time=1s",
];

/// Daisy: a search of depth 1 already weighs every drop, and each later level needs six to
/// eight times the positions of the one below to be 150 Elo stronger (four times gained
/// about 140), so the ladder is short. A beginner misjudges by about eight H's.
const DAISY: &[&str] = &[
    "alphabeta:depth=1,noise=800",
    "alphabeta:depth=1",
    "alphabeta:nodes=20000",
    "alphabeta:nodes=150000",
    "alphabeta:time=1s",
];

/// Sprint: a thousand nodes already see far, and the full search solves most positions at
/// once, so the ladder is short.
const SPRINT: &[&str] = &[
    "alphabeta:depth=1,noise=400",
    "alphabeta:depth=1",
    "alphabeta:nodes=1000",
    "alphabeta:time=1s",
];

/// Parity: every game between searching bots is nearly always drawn (a search of depth 1
/// with a large evaluation error holds the draw, and 20,000 nodes draw all of 100 games
/// against depth 1), so a beginner plays any legal move and the ladder is short. The top
/// level plays plain minimax (`chances=0`): the game's default practical chances give up
/// up to two pieces of evaluation to set traps, which lost 14 games in 200 against the
/// alphabeta of issue 11 at 100 ms a move, where minimax lost none.
const PARITY: &[&str] = &["random", "alphabeta:depth=1", "alphabeta:time=1s,chances=0"];

/// Games from rules files (engine `rules`): nobody has measured them, so the ladder doubles
/// and redoubles the positions searched, from a one-move look with a large error to the full
/// search for a second.
const RULES: &[&str] = &[
    "alphabeta:depth=1,noise=300",
    "alphabeta:depth=1",
    "alphabeta:nodes=2000",
    "alphabeta:nodes=10000",
    "alphabeta:nodes=50000",
    "alphabeta:nodes=250000",
    "alphabeta:time=1s",
];

/// Every engine's ladder.
const ALL: [&[&str]; 5] = [OBSIDIAN, DAISY, SPRINT, PARITY, RULES];

/// The ladder of the game with id `game_id` (Obsidian's for a game without its own).
fn ladder(game_id: &str) -> &'static [&'static str] {
    match game_id {
        "daisy" => DAISY,
        "sprint" => SPRINT,
        "parity" => PARITY,
        "rules" => RULES,
        _ => OBSIDIAN,
    }
}

/// The spec of `level` on `ladder` (a level above the ladder's top is its top); `None`
/// outside 1 to [`TOP_LEVEL`].
fn spec_at(ladder: &'static [&'static str], level: u8) -> Option<&'static str> {
    (1..=TOP_LEVEL)
        .contains(&level)
        .then(|| ladder[usize::from(level).min(ladder.len()) - 1])
}

/// How many levels the game with id `game_id` has: its top level.
pub fn level_count(game_id: &str) -> u8 {
    ladder(game_id).len() as u8
}

/// The level proposed first to people in the game with id `game_id`: the first that searches
/// beyond one move without misjudging on purpose, so it plays real moves and leaves room to
/// grow.
pub fn default_level(game_id: &str) -> u8 {
    match game_id {
        "daisy" => 3,
        "sprint" | "parity" => 2,
        "rules" => 3,
        _ => 6,
    }
}

/// The bot spec of `level` in the game with id `game_id`, as text (a level above the game's
/// top is its top level).
pub fn level_text(game_id: &str, level: u8) -> Result<&'static str, SpecError> {
    spec_at(ladder(game_id), level).ok_or(SpecError::UnknownLevel { level })
}

/// The bot spec of `level` (1 to [`TOP_LEVEL`]) in the games of engine `P`
/// ([`Evaluate::ENGINE`]).
pub fn level_spec<P: Evaluate>(level: u8) -> Result<BotSpec, SpecError> {
    Ok(level_text(P::ENGINE, level)?
        .parse()
        .expect("the level tables hold valid specs"))
}

/// Whether `level` is limited by depth or nodes alone in every game (no time limit), so that
/// its games repeat exactly.
pub fn is_untimed(level: u8) -> bool {
    ALL.iter()
        .all(|ladder| spec_at(ladder, level).is_some_and(|spec| !spec.contains("time=")))
}

/// The longest time a move of `level` may take in any game, if the level is timed there.
pub fn longest_time(level: u8) -> Option<std::time::Duration> {
    ALL.iter()
        .filter_map(|ladder| spec_at(ladder, level))
        .filter_map(|text| text.parse::<BotSpec>().ok()?.limits.time)
        .max()
}

/// What a level of the game with id `game_id` is like for a player: how strong, then what
/// its bot does.
pub fn description(game_id: &str, level: u8) -> String {
    let count = level_count(game_id);
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
    let spec = ladder(game_id)[usize::from(level) - 1];
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

/// The levels of the game with id `game_id` for a help text or a menu:
/// `(level, spec, description)`, weakest first.
pub fn levels(game_id: &str) -> Vec<(u8, &'static str, String)> {
    (1..=level_count(game_id))
        .map(|level| {
            let spec = ladder(game_id)[usize::from(level) - 1];
            (level, spec, description(game_id, level))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_level_of_every_game_is_a_valid_spec() {
        for game in ["obsidian", "daisy", "sprint", "parity"] {
            for (level, text, about) in levels(game) {
                let spec: BotSpec = text.parse().unwrap();
                assert_eq!(spec.text(), text, "{game} level {level}");
                assert!(!about.is_empty(), "{game} level {level}");
            }
            // The top level is the strongest bot: the full search on a time budget, and the
            // numbers above it play as it does.
            let top = level_count(game);
            let strongest = match game {
                "parity" => "alphabeta:time=1s,chances=0",
                _ => "alphabeta:time=1s",
            };
            assert_eq!(level_text(game, top).unwrap(), strongest);
            assert_eq!(level_text(game, TOP_LEVEL).unwrap(), strongest);
            assert!((2..top).contains(&default_level(game)), "{game}");
            assert!(description(game, 1).starts_with("a beginner"));
            assert!(description(game, top).starts_with("the strongest bot"));
        }
        assert_eq!(level_count("obsidian"), TOP_LEVEL);
        assert!(level_text("obsidian", 0).is_err());
        assert!(level_text("obsidian", TOP_LEVEL + 1).is_err());
        assert!(is_untimed(1) && !is_untimed(TOP_LEVEL));
        assert!(!is_untimed(0) && !is_untimed(TOP_LEVEL + 1));
        assert_eq!(
            longest_time(TOP_LEVEL),
            Some(std::time::Duration::from_secs(1))
        );
        assert_eq!(longest_time(1), None);
        assert_eq!(thousands(1_000_000), "1,000,000");
        assert_eq!(thousands(500), "500");
    }
}
