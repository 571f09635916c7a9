//! The random bot: a uniformly random legal move, from a seeded generator.

use crate::bot::{Bot, SearchInfo};
use crate::search::score::Score;
use boardlab_core::{GameHistory, Position};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Duration;

/// Plays a uniformly random legal move; the same seed gives the same moves.
pub struct RandomBot {
    name: String,
    seed: u64,
    rng: SmallRng,
}

impl RandomBot {
    /// A random bot called `name` whose choices follow from `seed`.
    pub fn new(name: impl Into<String>, seed: u64) -> RandomBot {
        RandomBot {
            name: name.into(),
            seed,
            rng: SmallRng::seed_from_u64(seed),
        }
    }
}

impl<P: Position> Bot<P> for RandomBot {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self) {
        self.rng = SmallRng::seed_from_u64(self.seed);
    }

    fn choose(
        &mut self,
        game: &GameHistory<P>,
        report: &mut dyn FnMut(&SearchInfo),
    ) -> Option<P::Move> {
        let moves = game.current().legal_move_list();
        if moves.is_empty() {
            return None;
        }
        let mv = moves[self.rng.random_range(0..moves.len())];
        report(&SearchInfo {
            depth: 0,
            score: Score::Eval(0),
            nodes: 1,
            elapsed: Duration::ZERO,
            pv: vec![mv.to_string()],
            note: None,
        });
        Some(mv)
    }
}
