//! Sprint's own comparisons with its plain second implementation (`reference/sprint.rs`; the
//! conformance suite compares them from the start): random set-ups on the dark squares
//! and a count of the capture chains reached, for both settings of `backward_captures`.

use boardlab_core::{MoveList, Player, Position};
use boardlab_games::Sprint;
use boardlab_games::sprint::SprintRules;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

use crate::reference::sprint as plain;
use plain::{Plain, other, path_text};

/// What the comparison saw.
#[derive(Default, Debug)]
struct Coverage {
    positions: usize,
    moves: usize,
    captures: usize,
    multi_jumps: usize,
    longest_chain: usize,
    wins_by_goal: usize,
    wins_by_no_pieces: usize,
    wins_by_no_move: usize,
}

/// Compares the two implementations on one position; returns the fast legal moves.
fn compare(fast: &Sprint, coverage: &mut Coverage) -> MoveList<boardlab_games::sprint::SprintMove> {
    let text = fast.to_string();
    let plain = Plain::from_text(&text, fast.rules().backward_captures);
    assert_eq!(
        plain.text(),
        format!(
            "{} {} 0 {}",
            text.split(' ').next().unwrap(),
            fast.side_to_move().number(),
            fast.move_number()
        )
    );
    let moves = fast.legal_move_list();
    let fast_set: BTreeSet<String> = moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(fast_set.len(), moves.len(), "duplicate moves in {text}");
    let plain_moves = plain.moves();
    let plain_set: BTreeSet<String> = plain_moves.iter().map(|p| path_text(p)).collect();
    assert_eq!(fast_set, plain_set, "legal moves of {text}");
    assert_eq!(fast.count_legal_moves(), moves.len() as u64, "{text}");
    let plain_winner = plain.winner();
    let outcome = fast.outcome();
    assert_eq!(
        outcome.and_then(|o| o.winner()),
        plain_winner,
        "winner of {text}"
    );
    if let Some(boardlab_core::Outcome::Win { reason, .. }) = outcome {
        use boardlab_core::WinReason::*;
        match reason {
            ReachedGoal => coverage.wins_by_goal += 1,
            NoPiecesLeft => coverage.wins_by_no_pieces += 1,
            NoLegalMove => coverage.wins_by_no_move += 1,
            KeyPieceCaptured(_) => panic!("Sprint has no key piece"),
            OutOfMoves => panic!("in Sprint a player without a move loses"),
        }
    }
    for path in &plain_moves {
        let move_text = path_text(path);
        let mv = *moves
            .iter()
            .find(|m| m.to_string() == move_text)
            .expect("the sets are equal");
        let mut fast_child = *fast;
        fast_child.play(mv);
        let mut plain_child = plain.clone();
        plain_child.play(path);
        assert_eq!(
            fast_child.to_string(),
            plain_child.text(),
            "{text} after {move_text}"
        );
        assert_eq!(fast_child.hash(), fast_child.hash_from_scratch());
        if mv.is_capture() {
            coverage.captures += 1;
            if path.len() > 2 {
                coverage.multi_jumps += 1;
            }
            coverage.longest_chain = coverage.longest_chain.max(path.len() - 1);
        }
    }
    coverage.positions += 1;
    coverage.moves += moves.len();
    moves
}

/// Plays random games from `start` until `positions` positions have been compared.
fn random_games(start: &Sprint, positions: usize, rng: &mut StdRng, coverage: &mut Coverage) {
    let target = coverage.positions + positions;
    while coverage.positions < target {
        let mut position = *start;
        loop {
            let moves = compare(&position, coverage);
            if moves.is_empty() {
                break;
            }
            position.play(moves[rng.random_range(0..moves.len())]);
        }
    }
}

/// A random placement on the dark squares, as position text (it may be refused). The side
/// to move often gets few pieces among many enemies, which makes long chains likely.
fn random_setup(rng: &mut StdRng) -> String {
    let side = if rng.random_bool(0.5) {
        Player::One
    } else {
        Player::Two
    };
    let own_density = rng.random_range(0.05..0.4);
    let enemy_density = rng.random_range(0.2..0.7);
    let mut plain = Plain::from_text("6/6/6/6/6/6 1", false);
    for r in 0..6 {
        for f in 0..6 {
            if (f + r) % 2 != 0 {
                continue;
            }
            if rng.random_bool(enemy_density) {
                plain.set((f, r), Some(other(side)));
            } else if rng.random_bool(own_density) {
                plain.set((f, r), Some(side));
            }
        }
    }
    plain.side = side;
    plain.text()
}

fn run(backward_captures: bool, seed: u64) -> Coverage {
    let rules = SprintRules { backward_captures };
    let mut rng = StdRng::seed_from_u64(seed);
    let mut coverage = Coverage::default();
    random_games(&Sprint::start(rules), 15_000, &mut rng, &mut coverage);
    let mut setups = 0;
    while coverage.positions < 40_000 {
        let text = random_setup(&mut rng);
        if let Ok(position) = Sprint::from_text(&text, rules) {
            setups += 1;
            random_games(&position, 1, &mut rng, &mut coverage);
        }
    }
    assert!(setups > 100);
    println!("backward_captures={backward_captures}: {coverage:?}");
    coverage
}

#[test]
fn forward_captures_agree_with_the_plain_rules() {
    let c = run(false, 11);
    assert!(c.positions >= 40_000);
    assert!(c.multi_jumps > 100, "{c:?}");
    assert_eq!(c.longest_chain, 2, "forward chains have at most two jumps");
    assert!(
        c.wins_by_goal > 100 && c.wins_by_no_pieces > 10 && c.wins_by_no_move > 10,
        "{c:?}"
    );
}

#[test]
fn backward_captures_agree_with_the_plain_rules() {
    let c = run(true, 12);
    assert!(c.positions >= 40_000);
    assert!(c.multi_jumps > 100, "{c:?}");
    assert!(c.longest_chain >= 4, "{c:?}");
    assert!(
        c.wins_by_goal > 100 && c.wins_by_no_pieces > 10 && c.wins_by_no_move > 10,
        "{c:?}"
    );
}
