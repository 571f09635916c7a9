//! The learning encoding of every game: actions are a bijection with the legal moves of
//! positions reached by random play, all below the game's action count, and observations
//! have the shape the game announces.

use boardlab_core::{Encoding, Evaluate, RuleOptions};
use boardlab_games::{Daisy, GameId, GameVisitor, Obsidian, Parity, with_game};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashSet;

fn check_game<P: Encoding>(rules: P::Rules, games: usize, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let count = P::action_count(rules);
    let shape = P::observation_shape(rules);
    for _ in 0..games {
        let mut position = P::start(rules);
        for _ in 0..300 {
            let moves = position.legal_move_list();
            if moves.is_empty() {
                break;
            }
            let actions = position.legal_actions();
            assert_eq!(actions.len(), moves.len(), "{position}");
            assert_eq!(
                actions.iter().collect::<HashSet<_>>().len(),
                moves.len(),
                "two legal moves share an action in {position}"
            );
            for &mv in moves.iter() {
                let action = position.action(mv);
                assert!(action < count, "action {action} of {mv} in {position}");
                assert_eq!(position.action_move(action), Some(mv));
            }
            let observation = position.observation();
            assert_eq!(observation.len(), shape.iter().product::<usize>());
            position.play(moves[rng.random_range(0..moves.len())]);
        }
    }
}

/// How many random games each game's check plays (their lengths differ a lot). A match
/// with no wildcard: a new game must say its own.
fn random_games(game: GameId) -> usize {
    match game {
        GameId::Obsidian => 20,
        GameId::Daisy => 10,
        GameId::Sprint => 200,
        GameId::Parity => 50,
        GameId::File(_) => 20,
    }
}

/// The check of one game under its default rules, then under each of its on-off variants
/// (Sprint's backward captures change its moves).
struct CheckGame {
    games: usize,
    seed: u64,
}

impl GameVisitor for CheckGame {
    type Output = ();

    fn visit<P: Evaluate + Encoding>(self, rules: P::Rules) {
        check_game::<P>(rules, self.games, self.seed);
        for variant in rules.on_off_variants() {
            check_game::<P>(variant, self.games, self.seed + 1);
        }
    }
}

#[test]
fn actions_are_a_bijection_with_the_legal_moves() {
    for (seed, &game) in GameId::ALL.iter().enumerate() {
        let games = random_games(game);
        with_game(
            game,
            CheckGame {
                games,
                seed: 10 * seed as u64,
            },
        );
    }
}

#[test]
fn the_start_observations_show_the_pieces_and_the_side_to_move() {
    let start = Obsidian::default();
    let planes = start.observation();
    assert_eq!(Obsidian::observation_shape(Default::default()), [13, 8, 8]);
    // Player 1's a (plane 0) on a1 and h1; the side-to-move plane (12) full.
    assert_eq!(planes[0], 1.0);
    assert_eq!(planes[7], 1.0);
    assert_eq!(planes[12 * 64..13 * 64].iter().sum::<f32>(), 64.0);
    let daisy = Daisy::default();
    assert_eq!(Daisy::observation_shape(Default::default()), [33, 9, 9]);
    let planes = daisy.observation();
    // Player 1 holds 9 H (reserve plane 17 + 7 = 24).
    assert_eq!(planes[24 * 81], 9.0);
    let parity = Parity::default();
    assert_eq!(Parity::observation_shape(Default::default()), [6, 6, 4]);
    let planes = parity.observation();
    // 12 pieces: red open. a2 is red (plane 3) and open (plane 5); d2 is blue (plane 4), closed.
    assert_eq!(planes[3 * 24 + 4], 1.0);
    assert_eq!(planes[5 * 24 + 4], 1.0);
    assert_eq!(planes[4 * 24 + 7], 1.0);
    assert_eq!(planes[5 * 24 + 7], 0.0);
}
