//! The bot opponent, behind one function: the strength levels of `boardlab-ai`
//! ([`boardlab_ai::LEVELS`], the one table of levels 1 to 5) searching within their budget.

use boardlab_ai::level_spec;
use boardlab_core::{Evaluate, GameHistory, Position};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// The levels a player can choose, weakest first.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=5;

/// How long a bot of `level` may think about one move: the time its level gives it, or one
/// second for levels limited by depth alone.
pub fn budget(level: u8) -> Duration {
    level_spec(level)
        .ok()
        .and_then(|spec| spec.limits.time)
        .unwrap_or(Duration::from_secs(1))
}

/// The level descriptions for the start page: `(level, description)`.
pub fn level_descriptions() -> Vec<(u8, &'static str)> {
    boardlab_ai::LEVELS
        .iter()
        .map(|(level, _, description)| (*level, *description))
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
    match level_spec(level) {
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
