//! Sprint's own properties: positions set up on random dark squares round-trip and their
//! moves parse back, near-miss texts (the generic ones are in the conformance suite).

use boardlab_core::{MoveList, Position};
use boardlab_games::Sprint;
use boardlab_games::sprint::SprintRules;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The position after up to `plies` random moves from the start (fewer if the game ends),
/// checking the hash after every move.
fn random_game(seed: u64, plies: usize, backward_captures: bool) -> Sprint {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut position = Sprint::start(SprintRules { backward_captures });
    let mut moves = MoveList::new();
    for _ in 0..plies {
        moves.clear();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        position.play(moves[rng.random_range(0..moves.len())]);
        assert_eq!(position.hash(), position.hash_from_scratch(), "{position}");
    }
    position
}

/// A position text with pieces on random dark squares (0 = empty, 1 = w, 2 = b), which the
/// parser may refuse (a side to move on its goal rank, a last mover without pieces).
fn setup_text(cells: &[u8], side: u8, counters: Option<(u32, u32)>) -> String {
    let mut ranks = Vec::new();
    let mut cell = cells.iter();
    for rank in (0..6).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..6 {
            let piece = if (file + rank) % 2 == 0 {
                *cell.next().unwrap()
            } else {
                0
            };
            if piece == 0 {
                empty += 1;
                continue;
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
                empty = 0;
            }
            row.push(if piece == 1 { 'w' } else { 'b' });
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        ranks.push(row);
    }
    let mut text = format!("{} {side}", ranks.join("/"));
    if let Some((plies, number)) = counters {
        text.push_str(&format!(" {plies} {number}"));
    }
    text
}

fn any_position() -> impl Strategy<Value = Sprint> {
    let from_play = (any::<u64>(), 0usize..20, any::<bool>())
        .prop_map(|(seed, plies, backward)| random_game(seed, plies, backward));
    let from_setup = (
        proptest::collection::vec(0u8..3, 18),
        1u8..3,
        proptest::option::of((0u32..1000, 1u32..1000)),
        any::<bool>(),
    )
        .prop_filter_map("refused setup", |(cells, side, counters, backward)| {
            Sprint::from_text(
                &setup_text(&cells, side, counters),
                SprintRules {
                    backward_captures: backward,
                },
            )
            .ok()
        });
    prop_oneof![from_play, from_setup]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    #[test]
    fn position_text_round_trips(position in any_position()) {
        let text = position.to_string();
        let back = Sprint::from_text(&text, position.rules()).unwrap();
        prop_assert_eq!(back, position);
        prop_assert_eq!(back.to_string(), text);
        prop_assert_eq!(position.hash(), position.hash_from_scratch());
    }

    #[test]
    fn every_legal_move_parses_back(position in any_position()) {
        for &mv in position.legal_move_list().iter() {
            let text = mv.to_string();
            prop_assert_eq!(position.parse_move(&text), Ok(mv));
            let squares: Vec<String> = text.as_bytes().chunks(2)
                .map(|c| String::from_utf8(c.to_vec()).unwrap()).collect();
            prop_assert_eq!(position.parse_move(&squares.join("x")), Ok(mv));
            prop_assert_eq!(position.parse_move(&format!(" {} ", squares.join("-"))), Ok(mv));
        }
    }



    #[test]
    fn position_parser_never_panics_on_near_misses(
        text in "[wbx0-9/]{0,24} [0-3]( [0-9]{1,8}){0,3}"
    ) {
        if let Ok(position) = text.parse::<Sprint>() {
            prop_assert_eq!(position.hash(), position.hash_from_scratch());
        }
    }

    #[test]
    fn move_parser_never_panics(position in any_position(), text in ".{0,30}") {
        let _ = position.parse_move(&text);
    }

    #[test]
    fn move_parser_never_panics_on_near_misses(
        position in any_position(),
        text in "[a-g][0-7]([x-]?[a-g][0-8]){0,9}[a-z]?"
    ) {
        if let Ok(mv) = position.parse_move(&text) {
            prop_assert!(position.is_legal(mv));
        }
    }
}
