//! Perft speed of the generic engine against the hand-written engines, printed as a table
//! (nodes per second, best of three runs each, same process). Run in release:
//! `cargo test --release -p boardlab-rules --test rules speed:: -- --ignored --nocapture`.

use crate::common;

use boardlab_core::Position;
use boardlab_core::perft::perft;
use boardlab_games::{Daisy, Obsidian, Parity, Sprint};
use boardlab_rules::engine::{BitSet, Bits256, RulesOptions, RulesPosition};
use common::seed;
use std::time::Instant;

/// The best of three perft runs: nodes and nodes per second.
fn speed<P: Position>(position: &P, depth: u32) -> (u64, f64) {
    let mut best = f64::MAX;
    let mut nodes = 0;
    for _ in 0..3 {
        let start = Instant::now();
        nodes = perft(position, depth);
        best = best.min(start.elapsed().as_secs_f64());
    }
    (nodes, nodes as f64 / best)
}

fn generic<B: BitSet>(rules: RulesOptions, text: &str, depth: u32, nodes: u64) -> Option<f64> {
    if !rules.game().fits::<B>() {
        return None;
    }
    let position = RulesPosition::<B>::from_text(text, rules).expect("valid");
    let (count, nps) = speed(&position, depth);
    assert_eq!(count, nodes);
    Some(nps)
}

fn row<P: Position>(
    name: &str,
    rules: RulesOptions,
    native_rules: P::Rules,
    text: &str,
    depth: u32,
) {
    let native = P::from_text(text, native_rules).expect("valid");
    let (nodes, native_nps) = speed(&native, depth);
    let cell = |nps: Option<f64>| match nps {
        Some(nps) => format!("{:>7.1} M/s ({:.2}x slower)", nps / 1e6, native_nps / nps),
        None => "-".to_string(),
    };
    println!(
        "{name:<18} depth {depth} {nodes:>11} nodes | hand-written {:>7.1} M/s | u64 {} | u128 {} | 256 {}",
        native_nps / 1e6,
        cell(generic::<u64>(rules, text, depth, nodes)),
        cell(generic::<u128>(rules, text, depth, nodes)),
        cell(generic::<Bits256>(rules, text, depth, nodes)),
    );
}

#[test]
#[ignore = "a measurement: run in release with --ignored --nocapture"]
fn perft_speed_against_the_hand_written_engines() {
    let obsidian = RulesOptions::new(seed::game(seed::obsidian()));
    row::<Obsidian>(
        "obsidian start",
        obsidian,
        Default::default(),
        "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1 0 1",
        6,
    );
    row::<Obsidian>(
        "obsidian middle",
        obsidian,
        Default::default(),
        "AB3C1A/F1D1FFFF/5B2/1F1F4/3e4/6fb/ff2f2f/abEd3a 1 0 11",
        5,
    );
    let daisy = RulesOptions::new(seed::game(seed::daisy()));
    row::<Daisy>(
        "daisy start",
        daisy,
        Default::default(),
        "9/9/9/9/9/9/9/9/9[ABC2D2E2F2G9Habc2d2e2f2g9h] 1 0 1",
        3,
    );
    row::<Daisy>(
        "daisy middle",
        daisy,
        Default::default(),
        "2f1BD3/H4g3/1eD1h4/3f1b2d/2g1H4/5EE2/H1C1FG2c/d1e4A1/2a1h1H2[G5Hf7h] 1 0 17",
        4,
    );
    let sprint = RulesOptions::new(seed::game(seed::sprint()));
    row::<Sprint>(
        "sprint start",
        sprint,
        Default::default(),
        "1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 1 0 1",
        12,
    );
    let parity = RulesOptions::new(seed::game(seed::parity(&seed::PARITY_DEFAULT)));
    row::<Parity>(
        "parity start",
        parity,
        Default::default(),
        "bbbb/1bb1/4/4/1ww1/wwww 1",
        10,
    );
}
