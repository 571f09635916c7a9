//! Parity's own properties: round-trips and hashes on other layouts, position-like and
//! layout-like strings (the generic ones are in the conformance suite).

use boardlab_core::{Player, Position, RuleOptions};
use boardlab_games::parity::{Layout, Parity, ParityRules};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Every position of a random game from the start, seeded by `seed`, on `rules`' layout.
fn random_game(rules: ParityRules, seed: u64, plies: usize) -> Vec<Parity> {
    let mut rng = StdRng::seed_from_u64(seed);
    let first = if seed.is_multiple_of(2) {
        Player::One
    } else {
        Player::Two
    };
    let mut position = Parity::start_with_first(rules, first);
    let mut seen = vec![position];
    for _ in 0..plies {
        let moves = position.legal_move_list();
        if moves.is_empty() {
            break;
        }
        position.play(moves[rng.random_range(0..moves.len())]);
        seen.push(position);
    }
    seen
}

fn layout_rules(text: &str) -> ParityRules {
    let mut rules = ParityRules::default();
    rules.load_board(text).unwrap();
    rules
}

fn some_rules(choice: u8) -> ParityRules {
    match choice % 3 {
        0 => ParityRules::default(),
        1 => layout_rules("BWBWB\nRUWRU\nWRBUW\nURWUR\nBWBWB\n"),
        _ => layout_rules("BWBWBWB\nWRUBRUW\nURWBWRU\nBWBWBWB\n"),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn position_text_round_trips(seed in any::<u64>(), plies in 0usize..200, layout in 0u8..3) {
        let rules = some_rules(layout);
        for position in random_game(rules, seed, plies) {
            let text = position.to_string();
            let back = Parity::from_text(&text, rules).unwrap();
            prop_assert_eq!(back, position);
            prop_assert_eq!(back.to_string(), text);
        }
    }

    #[test]
    fn move_text_round_trips(seed in any::<u64>(), plies in 0usize..100, layout in 0u8..3) {
        let position = *random_game(some_rules(layout), seed, plies).last().unwrap();
        for &mv in position.legal_move_list().iter() {
            prop_assert_eq!(position.parse_move(&mv.to_string()), Ok(mv));
            prop_assert_eq!(position.parse_move(&format!(" {}-{} ", mv.from, mv.to)), Ok(mv));
        }
    }

    #[test]
    fn incremental_hash_equals_scratch_hash(seed in any::<u64>(), plies in 0usize..200, layout in 0u8..3) {
        for position in random_game(some_rules(layout), seed, plies) {
            prop_assert_eq!(position.hash(), position.hash_from_scratch());
        }
    }


    #[test]
    fn position_like_strings_are_read_or_refused(text in "[wb0-9/ ]{0,40}") {
        if let Ok(position) = text.parse::<Parity>() {
            prop_assert_eq!(position.to_string().parse::<Parity>().unwrap(), position);
        }
    }

    #[test]
    fn layout_like_strings_are_read_or_refused(text in "[BWRUbx #\n]{0,120}") {
        if let Ok(layout) = Layout::parse(&text) {
            prop_assert_eq!(Layout::parse(&layout.to_string()), Ok(layout));
        }
    }
}
