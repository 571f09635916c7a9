//! Alpha-beta against random play, and against MCTS: short runs in the normal tests, the
//! full 100-game runs of the issue as ignored tests (`cargo test --release -- --ignored`).

mod common;

use boardlab_core::Evaluate;
use boardlab_games::{Daisy, Obsidian, Parity, Sprint};
use common::{play_match, report};

/// The short check: a depth-limited search (`spec`) scores at least `minimum` over `games`
/// games against random play and never loses.
fn short<P: Evaluate<Rules: Default>>(spec: &str, games: usize, minimum: f64) {
    let summary = play_match::<P>(spec, "random", games, 2, 0, 11);
    report::<P>(&format!("short {spec} vs random"), &summary);
    assert!(summary.tally.score() >= minimum, "{:?}", summary.tally);
    assert_eq!(summary.tally.losses, 0, "{:?}", summary.tally);
    assert!(summary.games.iter().all(|g| g.illegal.is_none()));
}

#[test]
fn alphabeta_beats_random_obsidian() {
    short::<Obsidian>("alphabeta:depth=2", 6, 0.95);
}

#[test]
fn alphabeta_beats_random_daisy() {
    short::<Daisy>("alphabeta:depth=2", 6, 0.95);
}

#[test]
fn alphabeta_beats_random_sprint() {
    short::<Sprint>("alphabeta:depth=2", 6, 0.95);
}

#[test]
fn alphabeta_beats_random_parity() {
    // Parity is won by blocking: it takes a deeper search, with practical chances, to leave
    // random play enough ways to go wrong before the 100-ply no-progress draw.
    short::<Parity>("alphabeta:depth=8", 10, 0.75);
}

/// The full check of the issue: 200 ms a move, 100 games; returns the game id and score.
fn full<P: Evaluate<Rules: Default>>() -> (&'static str, f64) {
    let summary = play_match::<P>("alphabeta:time=200ms", "random", 100, 2, 0, 2024);
    report::<P>("alphabeta:time=200ms vs random", &summary);
    (
        P::start(P::Rules::default()).game_id(),
        summary.tally.score(),
    )
}

#[test]
#[ignore = "long: 400 games at 200 ms a move"]
fn alphabeta_200ms_scores_95_percent_against_random() {
    // Every game is played and reported before any is judged.
    let scores = [
        full::<Obsidian>(),
        full::<Daisy>(),
        full::<Sprint>(),
        full::<Parity>(),
    ];
    let short: Vec<_> = scores.iter().filter(|(_, s)| *s < 0.95).collect();
    assert!(short.is_empty(), "below 95% against random: {short:?}");
}

/// Alpha-beta against MCTS at 200 ms a move: reported, not asserted.
fn versus_mcts<P: Evaluate<Rules: Default>>(games: usize) {
    let summary = play_match::<P>("alphabeta:time=200ms", "mcts:time=200ms", games, 2, 4, 7);
    report::<P>("alphabeta:time=200ms vs mcts:time=200ms", &summary);
}

#[test]
#[ignore = "long: games at 200 ms a move, reported only"]
fn alphabeta_against_mcts() {
    let games = std::env::var("BOARDLAB_VS_MCTS_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    versus_mcts::<Obsidian>(games);
    versus_mcts::<Daisy>(games);
    versus_mcts::<Sprint>(games);
    versus_mcts::<Parity>(games);
}
