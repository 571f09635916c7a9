//! Properties of the generic engine on the seed games: no input string makes a reader
//! panic, any 32 bits make a move that prints and plays without a panic, and positions
//! reached by random play keep the core's invariants (text round trip, incremental hash,
//! move text round trip, counting equals generating, outcome exactly when there is no move).

use crate::common;

use boardlab_core::conformance::check_position;
use boardlab_core::rules::RuleOptions;
use boardlab_core::{MoveBits, Position};
use boardlab_rules::engine::{Bits256, RulesMove, RulesOptions, RulesPosition};
use common::seed;
use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

type Generic = RulesPosition<u128>;

/// The rule options of every seed game and setting.
fn all_rules() -> Vec<RulesOptions> {
    let mut sprint_backward = RulesOptions::new(seed::game(seed::sprint()));
    sprint_backward
        .apply("backward_captures=true")
        .expect("the option exists");
    vec![
        RulesOptions::new(seed::game(seed::obsidian())),
        RulesOptions::new(seed::game(seed::daisy())),
        RulesOptions::new(seed::game(seed::sprint())),
        sprint_backward,
        RulesOptions::new(seed::game(seed::parity(&seed::PARITY_DEFAULT))),
        RulesOptions::new(seed::game(seed::parity(&seed::PARITY_5X5))),
    ]
}

/// A few positions of each game: the start and some reached by random play.
fn sample_positions() -> Vec<Generic> {
    let mut rng = SmallRng::seed_from_u64(7);
    let mut positions = Vec::new();
    for rules in all_rules() {
        let mut position = Generic::start(rules);
        for _ in 0..12 {
            positions.push(position);
            let moves = position.legal_move_list();
            if moves.is_empty() {
                break;
            }
            position.play(moves[rng.random_range(0..moves.len())]);
        }
    }
    positions
}

#[test]
fn random_play_keeps_the_core_invariants() {
    let mut rng = SmallRng::seed_from_u64(11);
    for rules in all_rules() {
        for _ in 0..4 {
            let mut position = Generic::start(rules);
            for _ in 0..40 {
                check_position(&position);
                let wide = RulesPosition::<Bits256>::from_text(&position.to_string(), rules)
                    .expect("the same position on 256 bits");
                assert_eq!(wide.legal_move_texts(), position.legal_move_texts());
                let moves = position.legal_move_list();
                if moves.is_empty() {
                    break;
                }
                position.play(moves[rng.random_range(0..moves.len())]);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn position_reader_never_panics(text in "\\PC{0,60}") {
        for rules in all_rules() {
            let _ = Generic::from_text(&text, rules);
        }
    }

    #[test]
    fn position_reader_never_panics_on_near_misses(
        text in "[a-hA-Hwb0-9/\\[\\] ]{0,50}( [12])?( [0-9]{1,3} [0-9]{1,3})?"
    ) {
        for rules in all_rules() {
            let _ = Generic::from_text(&text, rules);
        }
    }

    #[test]
    fn move_reader_never_panics(text in "\\PC{0,24}") {
        for position in sample_positions().iter().step_by(5) {
            let _ = position.parse_move(&text);
        }
    }

    #[test]
    fn move_reader_never_panics_on_near_misses(text in "([A-Ha-h]@)?([a-px][0-9]{1,2}[-x ]?){0,4}[a-zA-Z]?") {
        for position in sample_positions().iter().step_by(3) {
            if let Ok(mv) = position.parse_move(&text) {
                prop_assert!(position.legal_move_list().contains(&mv));
            }
        }
    }

    #[test]
    fn any_bits_print_and_play_without_panic(bits in any::<u32>()) {
        let mv = RulesMove::from_bits(bits);
        prop_assert_eq!(mv.to_bits(), bits);
        let _ = mv.to_string();
        for position in sample_positions().iter().step_by(4) {
            let mut copy = *position;
            copy.play(mv);
            let _ = copy.to_string();
        }
    }
}
