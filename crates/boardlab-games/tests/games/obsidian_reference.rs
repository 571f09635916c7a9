//! Obsidian's own comparisons with its plain second implementation (`reference/obsidian.rs`;
//! the conformance suite compares them from the start): random play from mid-game
//! positions, checking that it reaches promotions and D captures often enough to count.

use boardlab_core::Position;
use boardlab_games::Obsidian;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeSet;

use crate::reference::obsidian as plain;
use plain::Plain;

fn fast_moves(position: &Obsidian) -> BTreeSet<String> {
    position
        .legal_move_list()
        .iter()
        .map(|m| m.to_string())
        .collect()
}

#[test]
fn plain_and_fast_agree_on_random_play() {
    let mut rng = StdRng::seed_from_u64(0x0B51_D1A4);
    let starts = [
        "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1 0 1",
        "ABCD1CBA/1FFF2FF/F4F2/4E3/ff6/8/2fff1ff/abcdecba 1 0 5",
        "2D3B1/5b2/1f1BF3/4f2F/7f/2d5/6F1/8 1 1 41",
        "6B1/6F1/4F2A/7F/2D2f2/7f/3Cd1f1/2a2c1a 2 0 38",
    ];
    let (mut positions, mut promotions, mut d_captures, mut games) = (0, 0, 0, 0);
    while positions < 12_000 {
        let start = starts[games % starts.len()];
        games += 1;
        let mut fast: Obsidian = start.parse().unwrap();
        let mut plain = Plain::from_text(start);
        for _ in 0..400 {
            positions += 1;
            assert_eq!(fast.to_string(), plain.to_text(), "positions differ");
            let expected = plain.moves();
            assert_eq!(fast_moves(&fast), expected, "moves differ in {fast}");
            assert_eq!(
                fast.count_legal_moves(),
                expected.len() as u64,
                "count differs in {fast}"
            );
            assert_eq!(
                fast.outcome().is_some(),
                expected.is_empty(),
                "outcome in {fast}"
            );
            if expected.is_empty() {
                break;
            }
            let choice = expected
                .iter()
                .nth(rng.random_range(0..expected.len()))
                .unwrap()
                .clone();
            let (promoted, took_d) = plain.play(&choice);
            promotions += promoted as usize;
            d_captures += took_d as usize;
            fast.play(fast.parse_move(&choice).unwrap());
        }
    }
    eprintln!(
        "{positions} positions in {games} games; {promotions} promotions, {d_captures} D captures"
    );
    assert!(
        promotions >= 50,
        "random play promoted only {promotions} times"
    );
    assert!(
        d_captures >= 20,
        "random play captured a D only {d_captures} times"
    );
    assert!(games >= 20);
}
