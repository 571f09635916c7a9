//! The generic engine plays the seed games' definitions move for move as the hand-written
//! engines do: on every oracle position and on positions reached by random play from the
//! start (seeded), the sorted legal move texts are equal and, after every move, so are the
//! position texts, the outcomes, the no-progress counts and the side to move. The generic
//! engine's incremental hash equals its hash from scratch after every move, and its text
//! reads back.
//!
//! Normal runs compare 2,000 positions per game and setting (Daisy 1,000, each with some 500
//! moves); the `--ignored` test compares 10,000 of each (run it in release).

use crate::common;

use boardlab_core::rules::RuleOptions;
use boardlab_core::{Player, Position};
use boardlab_games::parity::ParityRules;
use boardlab_games::sprint::SprintRules;
use boardlab_games::{Daisy, Obsidian, Parity, Sprint};
use boardlab_rules::engine::{RulesOptions, RulesPosition};
use common::seed;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

type Generic = RulesPosition<u128>;

/// Compares the two engines on one position (the generic one read from the same text);
/// returns the number of moves compared.
fn compare<P: Position>(generic: &Generic, native: &P) -> usize {
    let text = generic.to_string();
    assert_eq!(text, native.to_string(), "position texts differ");
    assert_eq!(
        generic.hash(),
        generic.hash_from_scratch(),
        "hash of '{text}'"
    );
    let back = Generic::from_text(&text, generic.rules()).expect("the text reads back");
    assert_eq!(&back, generic, "'{text}' reads back to another position");
    assert_eq!(generic.outcome(), native.outcome(), "outcome of '{text}'");
    assert_eq!(generic.side_to_move(), native.side_to_move());
    assert_eq!(generic.no_progress_plies(), native.no_progress_plies());
    assert_eq!(
        generic.material(),
        native.material(),
        "material of '{text}'"
    );
    let generic_moves = generic.legal_move_list();
    let native_moves: HashMap<String, P::Move> = native
        .legal_move_list()
        .iter()
        .map(|&mv| (mv.to_string(), mv))
        .collect();
    let mut moves: Vec<String> = generic_moves.iter().map(|mv| mv.to_string()).collect();
    moves.sort();
    let mut expected: Vec<&String> = native_moves.keys().collect();
    expected.sort();
    assert_eq!(
        moves.iter().collect::<Vec<_>>(),
        expected,
        "legal moves of '{text}'"
    );
    assert_eq!(
        generic.count_legal_moves(),
        moves.len() as u64,
        "count of '{text}'"
    );
    // Reading every move back costs a move generation each: a sample in wide positions.
    let stride = generic_moves.len().div_ceil(48).max(1);
    for (i, &generic_move) in generic_moves.iter().enumerate() {
        let mv = generic_move.to_string();
        if i % stride == 0 {
            assert_eq!(
                generic.parse_move(&mv),
                Ok(generic_move),
                "'{mv}' in '{text}'"
            );
        }
        let mut g = *generic;
        g.play(generic_move);
        let mut n = *native;
        n.play(native_moves[&mv]);
        let after = g.to_string();
        assert_eq!(after, n.to_string(), "after {mv} in '{text}'");
        assert_eq!(
            g.hash(),
            g.hash_from_scratch(),
            "hash after {mv} in '{text}'"
        );
        assert_eq!(g.outcome(), n.outcome(), "outcome after {mv} in '{text}'");
        assert_eq!(g.no_progress_plies(), n.no_progress_plies(), "after {mv}");
        assert_eq!(g.side_to_move(), n.side_to_move(), "after {mv}");
    }
    moves.len()
}

/// Plays random games from both starts in step until `positions` positions are compared;
/// prints how many positions and moves were compared.
fn random_play<P: Position>(generic_start: Generic, native_start: P, positions: usize, seed: u64) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut compared, mut moves_compared, mut games) = (0, 0, 0);
    while compared < positions {
        games += 1;
        let (mut generic, mut native) = (generic_start, native_start);
        for _ in 0..300 {
            moves_compared += compare(&generic, &native);
            compared += 1;
            let moves = generic.legal_move_list();
            if moves.is_empty() || compared >= positions {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            generic.play(mv);
            native
                .play_text(&mv.to_string())
                .expect("the same move is legal");
        }
    }
    println!(
        "{} from '{generic_start}': {compared} positions of {games} random games, {moves_compared} moves played and compared",
        generic_start.game().id()
    );
}

/// Compares the engines on every oracle position of `file`.
fn oracle_positions<P: Position>(file: &str, rules: RulesOptions, native_rules: P::Rules) {
    for row in common::oracle(file) {
        if !row.rules.is_empty() {
            continue;
        }
        let generic = Generic::from_text(&row.position, rules).expect("oracle position");
        let native = P::from_text(&row.position, native_rules).expect("oracle position");
        compare(&generic, &native);
    }
}

fn rules(definition: boardlab_rules::definition::Definition) -> RulesOptions {
    RulesOptions::new(seed::game(definition))
}

fn sprint_rules(backward: bool) -> (RulesOptions, SprintRules) {
    let mut generic = rules(seed::sprint());
    generic
        .apply(&format!("backward_captures={backward}"))
        .expect("the option exists");
    let native = SprintRules {
        backward_captures: backward,
    };
    (generic, native)
}

fn parity_rules(rows: &[&str]) -> (RulesOptions, ParityRules) {
    let mut native = ParityRules::default();
    native.load_board(&rows.join("\n")).expect("a valid layout");
    (rules(seed::parity(rows)), native)
}

fn obsidian(positions: usize) {
    let obsidian = rules(seed::obsidian());
    oracle_positions::<Obsidian>("obsidian.perft", obsidian, Default::default());
    random_play(Generic::start(obsidian), Obsidian::default(), positions, 1);
}

fn daisy(positions: usize) {
    let daisy = rules(seed::daisy());
    oracle_positions::<Daisy>("daisy.perft", daisy, Default::default());
    random_play(Generic::start(daisy), Daisy::default(), positions, 2);
}

fn sprint(positions: usize) {
    for backward in [false, true] {
        let (generic, native) = sprint_rules(backward);
        oracle_positions::<Sprint>("sprint.perft", generic, native);
        random_play(Generic::start(generic), Sprint::start(native), positions, 3);
    }
}

fn parity(positions: usize) {
    let (generic, native) = parity_rules(&seed::PARITY_DEFAULT);
    oracle_positions::<Parity>("parity.perft", generic, native);
    for layout in [&seed::PARITY_DEFAULT[..], &seed::PARITY_5X5[..]] {
        let (generic, native) = parity_rules(layout);
        for first in Player::BOTH {
            random_play(
                Generic::start_with_first(generic, first),
                Parity::start_with_first(native, first),
                positions,
                4,
            );
        }
    }
}

/// Positions per game and setting in a normal (debug) run.
const QUICK: usize = 2_000;
/// Positions per game and setting in the `--ignored` run.
const FULL: usize = 10_000;

#[test]
fn obsidian_conforms() {
    obsidian(QUICK);
}

#[test]
fn daisy_conforms() {
    // Daisy's positions have some 500 moves each, every one played and compared: fewer
    // positions make the same test time.
    daisy(QUICK / 2);
}

#[test]
fn sprint_conforms_with_and_without_backward_captures() {
    sprint(QUICK);
}

#[test]
fn parity_conforms_on_two_layouts_with_either_player_first() {
    parity(QUICK);
}

#[test]
#[ignore = "10,000 positions per game and setting: run in release with --ignored"]
fn every_seed_game_conforms_on_ten_thousand_positions_each() {
    obsidian(FULL);
    daisy(FULL);
    sprint(FULL);
    parity(FULL);
}

/// Where a random position may put pieces: `(file, rank)` from 0.
type Squares = fn(u8, u8) -> bool;

/// Every square.
fn anywhere(_: u8, _: u8) -> bool {
    true
}

/// Sprint's dark squares (a1 is dark).
fn dark(file: u8, rank: u8) -> bool {
    (file + rank).is_multiple_of(2)
}

/// A random position text of a `width` x `height` board: each square of `squares` empty or
/// one of `letters`, the side to move, and reserves drawn from `letters` where `reserves`.
fn random_text(
    rng: &mut SmallRng,
    (width, height): (u8, u8),
    squares: Squares,
    letters: &[char],
    reserves: bool,
) -> String {
    let density = rng.random_range(0.05..0.6);
    let ranks: Vec<String> = (0..height)
        .rev()
        .map(|rank| {
            let mut rank_text = String::new();
            let mut empty = 0;
            for file in 0..width {
                if squares(file, rank) && rng.random_bool(density) {
                    if empty > 0 {
                        rank_text.push_str(&empty.to_string());
                        empty = 0;
                    }
                    rank_text.push(letters[rng.random_range(0..letters.len())]);
                } else {
                    empty += 1;
                }
            }
            if empty > 0 {
                rank_text.push_str(&empty.to_string());
            }
            rank_text
        })
        .collect();
    let hand: String = if reserves {
        let n = rng.random_range(0..8);
        let picked: String = (0..n)
            .map(|_| letters[rng.random_range(0..letters.len())])
            .collect();
        format!("[{picked}]")
    } else {
        String::new()
    };
    format!(
        "{}{hand} {} {} {}",
        ranks.join("/"),
        rng.random_range(1..=2),
        rng.random_range(0..5),
        rng.random_range(1..9)
    )
}

/// On random (mostly unreachable) position texts: every text the hand-written reader
/// accepts, the generic one accepts too, writes the same way and gives the same moves; the
/// generic reader may accept more (it refuses fewer unreachable positions). Returns how many
/// texts both accepted.
fn random_texts<P: Position>(
    (rules, native_rules): (RulesOptions, P::Rules),
    squares: Squares,
    letters: &str,
    count: usize,
    seed: u64,
) -> usize {
    let mut rng = SmallRng::seed_from_u64(seed);
    let letters: Vec<char> = letters.chars().collect();
    let (width, height) = (rules.game().width(), rules.game().height());
    let reserves = rules.game().has_drops();
    let mut accepted = 0;
    for _ in 0..count {
        let text = random_text(&mut rng, (width, height), squares, &letters, reserves);
        let Ok(native) = P::from_text(&text, native_rules) else {
            continue;
        };
        let generic = Generic::from_text(&text, rules)
            .unwrap_or_else(|e| panic!("the hand-written reader accepts '{text}' but: {e}"));
        compare(&generic, &native);
        accepted += 1;
    }
    accepted
}

/// Random position texts of every game and setting, `count` each.
fn random_positions(count: usize) {
    let mut report = Vec::new();
    let obsidian = (rules(seed::obsidian()), Default::default());
    let accepted = random_texts::<Obsidian>(obsidian, anywhere, "abcdeABCDEffFF", count, 6);
    report.push(("obsidian", accepted));
    let daisy = (rules(seed::daisy()), Default::default());
    let accepted = random_texts::<Daisy>(daisy, anywhere, "ABCDEFGHabcdefghHh", count, 7);
    report.push(("daisy", accepted));
    for backward in [false, true] {
        let accepted = random_texts::<Sprint>(sprint_rules(backward), dark, "wb", count, 8);
        report.push(("sprint", accepted));
    }
    for layout in [&seed::PARITY_DEFAULT[..], &seed::PARITY_5X5[..]] {
        let accepted = random_texts::<Parity>(parity_rules(layout), anywhere, "wb", count, 9);
        report.push(("parity", accepted));
    }
    println!("random position texts accepted by both readers and compared: {report:?}");
    for (game, accepted) in report {
        assert!(
            accepted * 50 > count,
            "{game}: only {accepted} of {count} accepted"
        );
    }
}

#[test]
fn random_position_texts_read_and_play_alike() {
    random_positions(QUICK);
}

#[test]
#[ignore = "20,000 random texts per game and setting: run in release with --ignored"]
fn twenty_thousand_random_position_texts_each_read_and_play_alike() {
    random_positions(2 * FULL);
}
