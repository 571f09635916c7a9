//! Every game's bound on its length holds: no random game (with the no-progress rule, which
//! the bound counts on) outlasts what its rules say is the longest game, for every game of
//! the registry and every rule setting that changes the bound.

use boardlab_core::{Encoding, Evaluate, RuleOptions};
use boardlab_games::{GameId, GameVisitor, with_game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

/// Plays random games of each game under `assignments` (rule options its rules may refuse,
/// then the defaults stand) and checks each against the bound.
struct NoGameOutlastsItsBound {
    assignments: &'static [&'static str],
    games: u64,
}

impl GameVisitor for NoGameOutlastsItsBound {
    type Output = Option<u32>;

    fn visit<P: Evaluate + Encoding>(self, game: P::Rules) -> Option<u32> {
        let mut rules = game;
        for assignment in self.assignments {
            let (name, value) = assignment.split_once('=').expect("NAME=VALUE");
            if rules.set(name, value).is_err() {
                // Not an option of this game: its defaults stand.
                rules = game;
            }
        }
        let bound = rules.longest_game()?;
        let start = P::start(rules);
        let mut longest = 0;
        for seed in 0..self.games {
            let mut rng = SmallRng::seed_from_u64(seed);
            let playout = boardlab_core::playout::random_playout(&start, bound + 1, |n| {
                rng.random_range(0..n)
            });
            assert!(
                playout.outcome.is_some() && playout.plies <= bound,
                "{} {:?}: a game of {} plies against a bound of {bound}",
                start.game_id(),
                self.assignments,
                playout.plies
            );
            longest = longest.max(playout.plies);
        }
        Some(longest)
    }
}

#[test]
fn no_random_game_outlasts_its_games_bound() {
    for &game in GameId::ALL {
        for assignments in [
            &[][..],
            &["backward_captures=true"],
            &["no_progress_plies=10"],
        ] {
            let check = NoGameOutlastsItsBound {
                assignments,
                games: 200,
            };
            let bounded = with_game(game, check);
            let expected = match game {
                GameId::Obsidian | GameId::Sprint | GameId::Parity => true,
                GameId::Daisy => false,
                GameId::File(_) => unreachable!("built-in games only"),
            };
            assert_eq!(bounded.is_some(), expected, "{}", game.id());
        }
    }
}
