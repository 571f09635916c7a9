//! Daisy's own properties: the repeated form of reserves, move text variants, reserve texts,
//! random boards and counters (the generic ones are in the conformance suite).

use boardlab_core::Position;
use boardlab_games::Daisy;
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Every position of a seeded random game of up to `plies` moves from the start. Half the
/// time a board move is preferred when there is one, so that games get to captures and
/// pieces changing sides instead of only dropping.
fn random_game(seed: u64, plies: usize) -> Vec<Daisy> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut position = Daisy::default();
    let mut seen = vec![position];
    for _ in 0..plies {
        let moves = position.legal_move_list();
        if moves.is_empty() {
            break;
        }
        let board_moves: Vec<_> = moves.iter().filter(|m| !m.is_drop()).copied().collect();
        let mv = if !board_moves.is_empty() && rng.random_bool(0.5) {
            board_moves[rng.random_range(0..board_moves.len())]
        } else {
            moves[rng.random_range(0..moves.len())]
        };
        position.play(mv);
        seen.push(position);
    }
    seen
}

/// The reserve part of a position text rewritten in the repeated form (`2H` -> `HH`).
fn repeated_form(text: &str) -> String {
    let open = text.find('[').unwrap();
    let close = text.find(']').unwrap();
    let mut reserves = String::new();
    let mut count = String::new();
    for c in text[open + 1..close].chars() {
        if c.is_ascii_digit() {
            count.push(c);
        } else {
            let n: usize = if count.is_empty() {
                1
            } else {
                count.parse().unwrap()
            };
            count.clear();
            reserves.extend(std::iter::repeat_n(c, n));
        }
    }
    format!("{}[{reserves}]{}", &text[..open], &text[close + 1..])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]


    #[test]
    fn reserves_written_letter_by_letter_read_the_same(seed in any::<u64>(), plies in 0usize..200) {
        // The round-trip of the text itself is in the conformance suite; this is Daisy's
        // second way of writing a reserve (`HHH` for `3H`).
        for position in random_game(seed, plies) {
            let repeated = repeated_form(&position.to_string());
            let again: Daisy = repeated.parse().unwrap();
            prop_assert_eq!(again, position, "repeated form {}", repeated);
        }
    }

    #[test]
    fn move_text_round_trips(seed in any::<u64>(), plies in 0usize..150) {
        let position = *random_game(seed, plies).last().unwrap();
        for &mv in position.legal_move_list().iter() {
            let text = mv.to_string();
            prop_assert_eq!(position.parse_move(&text), Ok(mv));
            if mv.is_drop() {
                prop_assert!(text.as_bytes()[0].is_ascii_uppercase());
                let lower = format!(" {}{} ", text[..1].to_ascii_lowercase(), &text[1..]);
                prop_assert_eq!(position.parse_move(&lower), Ok(mv));
            } else {
                let spaced = format!("  {}-{} ", &text[..2], &text[2..]);
                prop_assert_eq!(position.parse_move(&spaced), Ok(mv));
                let crossed = format!("{}x{}", &text[..2], &text[2..]);
                prop_assert_eq!(position.parse_move(&crossed), Ok(mv));
            }
        }
    }



    #[test]
    fn position_like_strings_are_read_or_refused(text in "[A-Ia-i0-9/ \\[\\]]{0,120}") {
        if let Ok(position) = text.parse::<Daisy>() {
            let again: Daisy = position.to_string().parse().unwrap();
            prop_assert_eq!(again, position);
        }
    }

    #[test]
    fn any_reserve_text_is_read_or_refused(reserves in "[0-9A-Ja-j@ ]{0,16}", side in 1u8..=2) {
        let text = format!("9/9/9/9/4A4/9/9/9/4a4[{reserves}] {side}");
        if let Ok(position) = text.parse::<Daisy>() {
            prop_assert_eq!(position.to_string().parse::<Daisy>().unwrap(), position);
            prop_assert_eq!(position.hash(), position.hash_from_scratch());
        }
    }

    #[test]
    fn random_boards_round_trip(cells in prop::collection::vec(0u8..40, 81), side in 1u8..=2) {
        // Codes 0..16 are pieces (A-H, a-h) except the A's, placed by hand; the rest empty.
        let letters = "ABCDEFGHabcdefgh";
        let mut ranks = Vec::new();
        let mut counts = std::collections::HashMap::new();
        for rank in (0..9).rev() {
            let mut row = String::new();
            for file in 0..9 {
                let code = cells[rank * 9 + file] as usize;
                let letter = match (rank, file) {
                    (0, 4) => Some('A'),
                    (8, 4) => Some('a'),
                    _ => letters.chars().nth(code).filter(|&c| !"Aa".contains(c)),
                };
                // Keep to the game's totals: at most 2 of B, C, 4 of D-G, 18 of H.
                let letter = letter.filter(|&c| {
                    let n = counts.entry(c.to_ascii_uppercase()).or_insert(0u32);
                    *n += 1;
                    *n <= match c.to_ascii_uppercase() { 'A' | 'B' | 'C' => 2, 'H' => 18, _ => 4 }
                });
                row.push(letter.unwrap_or('1'));
            }
            ranks.push(row);
        }
        let text = format!("{}[] {side}", ranks.join("/"));
        let position: Daisy = text.parse().unwrap();
        prop_assert_eq!(position.to_string().parse::<Daisy>().unwrap(), position);
        prop_assert_eq!(position.hash(), position.hash_from_scratch());
        prop_assert_eq!(position.count_legal_moves(), position.legal_move_list().len() as u64);
    }

    #[test]
    fn any_move_text_on_random_positions(
        seed in any::<u64>(),
        plies in 0usize..100,
        text in "[a-jA-J0-9xX@ -]{0,8}",
    ) {
        let position = *random_game(seed, plies).last().unwrap();
        if let Ok(mv) = position.parse_move(&text) {
            prop_assert!(position.is_legal(mv));
        }
    }
}

#[test]
fn the_hash_sees_the_reserves() {
    let texts = [
        "9/9/9/9/4A4/9/9/9/4a4[] 1",
        "9/9/9/9/4A4/9/9/9/4a4[H] 1",
        "9/9/9/9/4A4/9/9/9/4a4[2H] 1",
        "9/9/9/9/4A4/9/9/9/4a4[h] 1",
        "9/9/9/9/4A4/9/9/9/4a4[G] 1",
        "9/9/9/9/4A4/9/9/9/4a4[Hh] 1",
        "9/9/9/9/4A4/9/9/9/4a4[Hh] 2",
    ];
    let hashes: std::collections::HashSet<u64> = texts
        .iter()
        .map(|t| t.parse::<Daisy>().unwrap().hash())
        .collect();
    assert_eq!(hashes.len(), texts.len());
    // The counters are not part of the hash.
    let a: Daisy = "9/9/9/9/4A4/9/9/9/4a4[H] 1 0 1".parse().unwrap();
    let b: Daisy = "9/9/9/9/4A4/9/9/9/4a4[H] 1 7 30".parse().unwrap();
    assert_eq!(a.hash(), b.hash());
}

#[test]
fn counters_follow_the_rules() {
    // Drops and captures are progress; quiet board moves are not.
    let mut p: Daisy = "9/9/9/9/4h4/9/4H4/9/A3a4[Hh] 1 5 3".parse().unwrap();
    p.play(p.parse_move("e3e4").unwrap());
    assert_eq!((p.no_progress_plies(), p.move_number()), (6, 3));
    p.play(p.parse_move("h@a9").unwrap());
    assert_eq!((p.no_progress_plies(), p.move_number()), (0, 4));
    p.play(p.parse_move("e4e5").unwrap());
    assert_eq!(p.no_progress_plies(), 0);
    assert_eq!(p.to_string(), "h8/9/9/9/4H4/9/9/9/A3a4[2H] 2 0 4");
}

#[test]
fn reserves_are_given_for_both_players() {
    let reserves = Daisy::default().reserves().unwrap();
    let start = [
        ('A', 1),
        ('B', 1),
        ('C', 1),
        ('D', 2),
        ('E', 2),
        ('F', 2),
        ('G', 2),
        ('H', 9),
    ];
    assert_eq!(reserves[0], start.to_vec());
    let lower: Vec<(char, u32)> = start
        .iter()
        .map(|&(c, n)| (c.to_ascii_lowercase(), n))
        .collect();
    assert_eq!(reserves[1], lower);
    let p: Daisy = "9/9/9/9/4A4/9/9/9/4a4[] 1".parse().unwrap();
    assert!(p.reserves().unwrap()[1].is_empty());
    // Both A's are placed: no rule holds a player back.
    assert!(p.status_lines().is_empty());
    assert_eq!(
        Daisy::default().status_lines(),
        vec![
            "Player 1 may not capture until their A is on the board",
            "Player 2 may not capture until their A is on the board"
        ]
    );
    assert_eq!(
        Daisy::default().player_name(boardlab_core::Player::One),
        "Player 1 (uppercase)"
    );
}
