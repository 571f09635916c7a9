//! Obsidian's own properties: move text variants (`e2-e4`, `e2xe4`), random boards, move texts
//! on random positions (the generic ones are in the conformance suite).

use boardlab_core::Position;
use boardlab_games::Obsidian;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// The position after up to `plies` uniformly random moves from the start, seeded by `seed`,
/// with every position on the way.
fn random_game(seed: u64, plies: usize) -> Vec<Obsidian> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut position = Obsidian::default();
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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]


    #[test]
    fn move_text_round_trips(seed in any::<u64>(), plies in 0usize..150) {
        let position = *random_game(seed, plies).last().unwrap();
        for &mv in position.legal_move_list().iter() {
            let text = mv.to_string();
            prop_assert_eq!(position.parse_move(&text), Ok(mv));
            let spaced = format!("  {}-{} ", &text[..2], &text[2..]);
            prop_assert_eq!(position.parse_move(&spaced), Ok(mv));
            let crossed = format!("{}x{}", &text[..2], &text[2..]);
            prop_assert_eq!(position.parse_move(&crossed), Ok(mv));
        }
    }



    #[test]
    fn position_like_strings_are_read_or_refused(text in "[A-Fa-g0-9/ \\[\\]]{0,90}") {
        if let Ok(position) = text.parse::<Obsidian>() {
            let again: Obsidian = position.to_string().parse().unwrap();
            prop_assert_eq!(again, position);
        }
    }

    #[test]
    fn random_boards_round_trip(cells in prop::collection::vec(0u8..20, 64), side in 1u8..=2) {
        // 0..12 are pieces (a-f, A-F), the rest empty; kings are placed by hand below.
        let letters = "abcdefABCDEF";
        let mut ranks = Vec::new();
        for rank in (0..8).rev() {
            let mut row = String::new();
            for file in 0..8 {
                let code = cells[rank * 8 + file] as usize;
                let letter = letters.chars().nth(code).filter(|&c| !"dD".contains(c));
                let letter = match (rank, file) {
                    (0, 3) => Some('d'),
                    (7, 3) => Some('D'),
                    _ => letter.filter(|c| !("fF".contains(*c) && (rank == 0 || rank == 7))),
                };
                row.push(letter.unwrap_or('1'));
            }
            ranks.push(row);
        }
        let text = format!("{} {side}", ranks.join("/"));
        let position: Obsidian = text.parse().unwrap();
        prop_assert_eq!(position.to_string().parse::<Obsidian>().unwrap(), position);
        prop_assert_eq!(position.hash(), position.hash_from_scratch());
    }

    #[test]
    fn any_move_text_on_random_positions(seed in any::<u64>(), plies in 0usize..100, text in "[a-j0-9xX@eE -]{0,8}") {
        let position = *random_game(seed, plies).last().unwrap();
        if let Ok(mv) = position.parse_move(&text) {
            prop_assert!(position.is_legal(mv));
        }
    }
}
