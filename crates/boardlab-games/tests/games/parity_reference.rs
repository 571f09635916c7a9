//! Parity's own comparisons with its plain second implementation (`reference/parity.rs`; the
//! conformance suite compares them from the start): random placements on three layouts.

use boardlab_core::{Player, Position, RuleOptions};
use boardlab_games::parity::{DEFAULT_LAYOUT_TEXT, Parity, ParityRules};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

use crate::reference::parity as plain;
use plain::Plain;

/// A 5x5 layout (rows from the top).
pub const LAYOUT_5X5: &str = "BWBWB\nRUWRU\nWRBUW\nURWUR\nBWBWB\n";
/// An 8x8 layout (rows from the top).
pub const LAYOUT_8X8: &str = "\
WBWBWBWB
BRWUBRWU
URBWURBW
WBRUWBRU
RWUBRWUB
BUWRBUWR
WBUBWRWB
BWBWBWBW
";

/// A random placement on a `width` x `height` board with at least one piece each.
fn random_placement(rng: &mut StdRng, width: u8, height: u8) -> String {
    loop {
        let mut rows = Vec::new();
        let density = rng.random_range(0.05..0.6);
        for _ in 0..height {
            let row: String = (0..width)
                .map(|_| {
                    if rng.random_bool(density) {
                        if rng.random_bool(0.5) { 'w' } else { 'b' }
                    } else {
                        '1'
                    }
                })
                .collect();
            rows.push(row);
        }
        let text = rows.join("/");
        if text.contains('w') && text.contains('b') {
            return format!("{text} {}", rng.random_range(1..=2));
        }
    }
}

fn compare_on_layout(layout: &str, seed: u64, wanted: usize) -> (usize, usize, usize) {
    let mut rules = ParityRules::default();
    rules.load_board(layout).unwrap();
    let mut rng = StdRng::seed_from_u64(seed);
    let (mut positions, mut captures, mut stuck) = (0, 0, 0);
    let mut game = 0;
    while positions < wanted {
        game += 1;
        let start_text = if game % 3 == 0 {
            let first = if rng.random_bool(0.5) {
                Player::One
            } else {
                Player::Two
            };
            Parity::start_with_first(rules, first).to_string()
        } else {
            let probe = Parity::start(rules);
            random_placement(&mut rng, probe.width(), probe.height())
        };
        let mut fast = Parity::from_text(&start_text, rules).unwrap();
        let mut plain = Plain::new(layout, &start_text);
        for _ in 0..150 {
            positions += 1;
            let fast_text = fast.to_string();
            assert!(
                fast_text.starts_with(&plain.placement()),
                "{fast_text} vs {}",
                plain.placement()
            );
            let expected = plain.moves();
            let got: BTreeSet<String> = fast
                .legal_move_list()
                .iter()
                .map(|m| m.to_string())
                .collect();
            assert_eq!(got, expected, "moves differ in {fast_text}");
            assert_eq!(fast.count_legal_moves(), expected.len() as u64);
            if expected.is_empty() {
                stuck += 1;
                assert!(fast.outcome().is_some());
                break;
            }
            let choice = expected
                .iter()
                .nth(rng.random_range(0..expected.len()))
                .unwrap()
                .clone();
            captures += plain.play(&choice) as usize;
            fast.play(fast.parse_move(&choice).unwrap());
        }
    }
    (positions, captures, stuck)
}

#[test]
fn plain_and_fast_agree_on_the_default_layout() {
    let (positions, captures, stuck) = compare_on_layout(DEFAULT_LAYOUT_TEXT, 1, 10_000);
    assert!(
        positions >= 10_000 && captures >= 50 && stuck >= 5,
        "{positions} {captures} {stuck}"
    );
}

#[test]
fn plain_and_fast_agree_on_a_5x5_layout() {
    let (positions, captures, stuck) = compare_on_layout(LAYOUT_5X5, 2, 10_000);
    assert!(
        positions >= 10_000 && captures >= 50 && stuck >= 5,
        "{positions} {captures} {stuck}"
    );
}

#[test]
fn plain_and_fast_agree_on_an_8x8_layout() {
    let (positions, captures, _) = compare_on_layout(LAYOUT_8X8, 3, 10_000);
    assert!(
        positions >= 10_000 && captures >= 50,
        "{positions} {captures}"
    );
}
