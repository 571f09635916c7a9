//! The bot opponent, behind one function: the strength levels of `boardlab-ai`
//! ([`boardlab_ai::levels`]: each game has its own bot for each level) within their budget.

use boardlab_ai::levels;
use boardlab_core::{Evaluate, GameHistory, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// The levels a player can choose, weakest first.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=boardlab_ai::TOP_LEVEL;

/// How long a bot of `level` may think about one move: the longest time its level gives it
/// in any game, or one second for levels limited by depth or nodes alone.
pub fn budget(level: u8) -> Duration {
    levels::longest_time(level).unwrap_or(Duration::from_secs(1))
}

/// The level descriptions for the start page: `(level, description)`.
pub fn level_descriptions() -> Vec<(u8, &'static str)> {
    (1..=boardlab_ai::TOP_LEVEL)
        .zip(levels::DESCRIPTIONS)
        .collect()
}

/// The bot's move in the current position of `history`, or `None` when there is none.
/// `seed` makes random choices repeatable; the level's own limits bound its time, and
/// `budget` is what the caller allows before it plays [`random_move`] instead.
pub fn bot_move<P: Evaluate>(
    history: &GameHistory<P>,
    level: u8,
    seed: u64,
    budget: Duration,
) -> Option<P::Move> {
    let _ = budget;
    match levels::level_spec::<P>(level) {
        Ok(spec) => spec.build::<P>(seed).choose(history, &mut |_| {}),
        Err(_) => random_move(history, seed),
    }
}

/// A random legal move chosen by a seeded generator: the fallback when a bot runs out of
/// time.
pub fn random_move<P: Position>(history: &GameHistory<P>, seed: u64) -> Option<P::Move> {
    let moves = history.current().legal_move_list();
    if moves.is_empty() {
        return None;
    }
    let mut rng = StdRng::seed_from_u64(seed ^ history.moves().len() as u64);
    Some(moves[rng.random_range(0..moves.len())])
}
