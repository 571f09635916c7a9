//! Daisy's own comparisons with its plain second implementation (`reference/daisy.rs`: a 9x9
//! array, reserves as maps; the conformance suite compares them from the start): random
//! play from the start and from the oracle's positions with a count of the rules it
//! reached, the plain perft at small depths, and the A rule that general engines lack.

use crate::oracle;

use boardlab_core::Position;
use boardlab_core::perft::perft;
use boardlab_games::Daisy;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::{BTreeMap, BTreeSet};

use crate::reference::daisy as plain;

/// What the random play has met so far.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    moves_compared: usize,
    captures_refused: usize,
    no_a_on_board_with_moves: usize,
    stuck_pieces: usize,
    full_reserve: usize,
    empty_reserve: usize,
    captures: usize,
    captured_piece_dropped_back: usize,
    a_captured: usize,
}

/// Compares the two implementations on one position; `all_results` compares the position
/// reached by every move, otherwise by every board move and a few drops of each letter.
fn compare(
    fast: &Daisy,
    slow: &plain::Game,
    all_results: bool,
    rng: &mut StdRng,
    seen: &mut Coverage,
) {
    let text = fast.to_string();
    assert_eq!(slow.to_text(), text, "the two readers disagree");
    let fast_moves: Vec<String> = fast
        .legal_move_list()
        .iter()
        .map(|m| m.to_string())
        .collect();
    let fast_set: BTreeSet<String> = fast_moves.iter().cloned().collect();
    assert_eq!(
        fast_set.len(),
        fast_moves.len(),
        "duplicate moves in '{text}'"
    );
    let slow_set: BTreeSet<String> = slow.moves(false).into_iter().collect();
    if fast_set != slow_set {
        let missing: Vec<_> = slow_set.difference(&fast_set).collect();
        let extra: Vec<_> = fast_set.difference(&slow_set).collect();
        panic!("move sets differ in '{text}': missing {missing:?}, extra {extra:?}");
    }
    assert_eq!(
        fast.count_legal_moves(),
        fast_moves.len() as u64,
        "count in '{text}'"
    );
    assert_eq!(fast.hash(), fast.hash_from_scratch(), "hash in '{text}'");

    let side = slow.side;
    if !slow.a_placed(side) && !fast_moves.is_empty() {
        seen.no_a_on_board_with_moves += 1;
        if slow.moves(true).len() > slow_set.len() {
            seen.captures_refused += 1;
        }
    }
    if slow.has_stuck_piece() {
        seen.stuck_pieces += 1;
    }
    if slow.hand_full(0) || slow.hand_full(1) {
        seen.full_reserve += 1;
    }
    if slow.hand_size(0) == 0 || slow.hand_size(1) == 0 {
        seen.empty_reserve += 1;
    }

    // Which moves to follow: all, or every board move and three drops per letter.
    let mut drops_left: BTreeMap<char, u32> = BTreeMap::new();
    for &mv in fast.legal_move_list().iter() {
        let mv_text = mv.to_string();
        if !all_results && mv.is_drop() {
            let letter = mv_text.chars().next().unwrap();
            let left = drops_left.entry(letter).or_insert(3);
            if *left == 0 || rng.random_range(0..30) != 0 {
                continue;
            }
            *left -= 1;
        }
        let mut fast_next = *fast;
        fast_next.play(mv);
        let mut slow_next = slow.clone();
        slow_next.play(&mv_text);
        assert_eq!(
            fast_next.to_string(),
            slow_next.to_text(),
            "after {mv_text} from '{text}'"
        );
        seen.moves_compared += 1;
    }
    seen.positions += 1;
}

/// Picks a move: half the time a capture when there is one (but not of an A, so that games
/// last long enough to empty the reserves), a board move a quarter of the time when there is
/// one, otherwise any move (mostly drops) uniformly.
fn pick(moves: &[String], slow: &plain::Game, rng: &mut StdRng) -> usize {
    let is_capture = |m: &String| {
        !m.contains('@') && {
            let b = m.as_bytes();
            matches!(
                slow.board[(b[3] - b'1') as usize][(b[2] - b'a') as usize],
                Some((_, letter)) if letter != 'A'
            )
        }
    };
    let captures: Vec<usize> = (0..moves.len())
        .filter(|&i| is_capture(&moves[i]))
        .collect();
    let board_moves: Vec<usize> = (0..moves.len())
        .filter(|&i| !moves[i].contains('@'))
        .collect();
    let roll = rng.random_range(0..4);
    if roll < 2 && !captures.is_empty() {
        captures[rng.random_range(0..captures.len())]
    } else if roll == 2 && !board_moves.is_empty() {
        board_moves[rng.random_range(0..board_moves.len())]
    } else {
        rng.random_range(0..moves.len())
    }
}

/// Plays seeded random games from `start` until `target` positions have been compared.
fn random_play(start: &str, seed: u64, target: usize, seen: &mut Coverage) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = 0;
    while seen.positions < target {
        game += 1;
        let mut fast: Daisy = start.parse().unwrap();
        let mut slow = plain::Game::from_text(start);
        // Letters each player has captured so far this game.
        let mut captured_by: [BTreeSet<char>; 2] = [BTreeSet::new(), BTreeSet::new()];
        for ply in 0..400 {
            let all_results = ply == 0 || rng.random_range(0..100) == 0;
            compare(&fast, &slow, all_results, &mut rng, seen);
            let moves: Vec<String> = slow.moves(false);
            if moves.is_empty() {
                if !slow.a_placed(slow.side) {
                    seen.a_captured += 1;
                }
                break;
            }
            let mv = moves[pick(&moves, &slow, &mut rng)].clone();
            let side = slow.side;
            if let Some((letter, _)) = mv.split_once('@') {
                let letter = letter.chars().next().unwrap();
                if captured_by[side].contains(&letter) {
                    seen.captured_piece_dropped_back += 1;
                }
            }
            let parsed = fast.parse_move(&mv).expect("a legal move parses");
            fast.play(parsed);
            if let Some(letter) = slow.play(&mv) {
                seen.captures += 1;
                captured_by[side].insert(letter);
            }
            if seen.positions >= target {
                break;
            }
        }
        assert!(game < 10_000, "random play does not reach its target");
    }
}

#[test]
fn plain_implementation_agrees_on_random_play_from_the_start() {
    let mut seen = Coverage::default();
    random_play(boardlab_games::daisy::START_TEXT, 0xDA15, 10_000, &mut seen);
    println!("{seen:?}");
    assert!(seen.positions >= 10_000);
    assert!(seen.captures_refused >= 50, "{seen:?}");
    assert!(seen.no_a_on_board_with_moves >= 100, "{seen:?}");
    assert!(seen.stuck_pieces >= 100, "{seen:?}");
    assert!(seen.full_reserve >= 10, "{seen:?}");
    assert!(seen.empty_reserve >= 100, "{seen:?}");
    assert!(seen.captures >= 100, "{seen:?}");
    assert!(seen.captured_piece_dropped_back >= 50, "{seen:?}");
    assert!(seen.a_captured >= 5, "{seen:?}");
}

#[test]
fn plain_implementation_agrees_on_random_play_from_oracle_positions() {
    let mut seen = Coverage::default();
    let starts: BTreeSet<String> = oracle::rows("daisy.perft")
        .into_iter()
        .map(|r| r.position)
        .collect();
    for (i, start) in starts.iter().enumerate() {
        let target = seen.positions + 300;
        random_play(start, 100 + i as u64, target, &mut seen);
    }
    println!("{seen:?}");
    assert!(seen.positions >= 2_400);
}

/// Perft by the plain implementation (moves made as text, no bulk counting tricks).
fn plain_perft(game: &plain::Game, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let moves = game.moves(false);
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| {
            let mut next = game.clone();
            next.play(mv);
            plain_perft(&next, depth - 1)
        })
        .sum()
}

#[test]
fn plain_perft_matches_on_small_depths() {
    let mut checked = 0;
    for row in oracle::rows("daisy.perft")
        .iter()
        .filter(|r| r.depth <= 2 || r.nodes <= 3_000_000)
    {
        let game = plain::Game::from_text(&row.position);
        assert_eq!(plain_perft(&game, row.depth), row.nodes, "{}", row.position);
        let fast: Daisy = row.position.parse().unwrap();
        assert_eq!(perft(&fast, row.depth), row.nodes);
        checked += 1;
    }
    assert_eq!(checked, 21);
}

#[test]
fn the_a_rule_accounts_for_the_general_engine_difference() {
    // A general engine without "no capture before your own A is on the board" counts
    // 252277088 at depth 3 from the start; the difference must be exactly the captures the
    // rule refuses at the third ply.
    let start = plain::Game::from_text(boardlab_games::daisy::START_TEXT);
    let mut refused = 0u64;
    for first in start.moves(false) {
        let mut one = start.clone();
        one.play(&first);
        for second in one.moves(false) {
            let mut two = one.clone();
            two.play(&second);
            refused += (two.board_moves(true).len() - two.board_moves(false).len()) as u64;
        }
    }
    assert_eq!(refused, 252_277_088 - 252_250_176);
}

#[test]
#[ignore = "slow: about half a minute in release (run with --ignored)"]
fn plain_perft_matches_the_middle_game_rows_at_depth_3() {
    let mut checked = 0;
    for row in oracle::rows("daisy.perft")
        .iter()
        .filter(|r| r.depth == 3 && r.nodes <= 21_000_000)
    {
        let game = plain::Game::from_text(&row.position);
        assert_eq!(plain_perft(&game, 3), row.nodes, "{}", row.position);
        checked += 1;
    }
    assert_eq!(checked, 6);
}
