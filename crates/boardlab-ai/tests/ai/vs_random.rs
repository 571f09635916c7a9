//! Alpha-beta against random play, and against MCTS: short runs in the normal tests, the
//! full 100-game runs of the issue as ignored tests (`cargo test --release -- --ignored`).

use crate::common;

use boardlab_core::{Encoding, Evaluate};
use boardlab_games::{GameId, GameVisitor, with_game};
use common::{play_match, report};

/// Each game's short check against random play: the search, the games and the least
/// score. A match with no wildcard: a new game must say its own.
fn short_check(game: GameId) -> (&'static str, usize, f64) {
    match game {
        GameId::Obsidian | GameId::Daisy | GameId::Sprint => ("alphabeta:depth=2", 6, 0.95),
        // Parity is won by blocking: it takes a deeper search, with practical chances, to
        // leave random play enough ways to go wrong before the 100-ply no-progress draw.
        GameId::Parity => ("alphabeta:depth=8", 10, 0.75),
        GameId::File(_) => ("alphabeta:depth=2", 6, 0.95),
    }
}

/// The short check of one game: its search scores at least the game's least score against
/// random play and never loses.
struct Short(GameId);

impl GameVisitor for Short {
    type Output = ();

    fn visit<P: Evaluate + Encoding>(self, rules: P::Rules) {
        let (spec, games, minimum) = short_check(self.0);
        let summary = play_match::<P>(rules, spec, "random", games, 2, 0, 11);
        report::<P>(&format!("short {spec} vs random"), &summary);
        assert!(summary.tally.score() >= minimum, "{:?}", summary.tally);
        assert_eq!(summary.tally.losses, 0, "{:?}", summary.tally);
        assert!(summary.games.iter().all(|g| g.illegal.is_none()));
    }
}

#[test]
fn alphabeta_beats_random_in_every_game() {
    for &game in GameId::ALL {
        with_game(game, Short(game));
    }
}

/// The full check of the issue in one game: 200 ms a move, 100 games; its score.
struct Full;

impl GameVisitor for Full {
    type Output = f64;

    fn visit<P: Evaluate + Encoding>(self, rules: P::Rules) -> f64 {
        let summary = play_match::<P>(rules, "alphabeta:time=200ms", "random", 100, 2, 0, 2024);
        report::<P>("alphabeta:time=200ms vs random", &summary);
        summary.tally.score()
    }
}

#[test]
#[ignore = "long: 100 games a game at 200 ms a move"]
fn alphabeta_200ms_scores_95_percent_against_random() {
    // Every game is played and reported before any is judged.
    let scores: Vec<(GameId, f64)> = GameId::ALL
        .iter()
        .map(|&game| (game, with_game(game, Full)))
        .collect();
    let short: Vec<_> = scores.iter().filter(|(_, s)| *s < 0.95).collect();
    assert!(short.is_empty(), "below 95% against random: {short:?}");
}

/// Alpha-beta against MCTS at 200 ms a move in one game: reported, not asserted.
struct VersusMcts(usize);

impl GameVisitor for VersusMcts {
    type Output = ();

    fn visit<P: Evaluate + Encoding>(self, rules: P::Rules) {
        let summary = play_match::<P>(
            rules,
            "alphabeta:time=200ms",
            "mcts:time=200ms",
            self.0,
            2,
            4,
            7,
        );
        report::<P>("alphabeta:time=200ms vs mcts:time=200ms", &summary);
    }
}

#[test]
#[ignore = "long: games at 200 ms a move, reported only"]
fn alphabeta_against_mcts() {
    let games = std::env::var("BOARDLAB_VS_MCTS_GAMES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20);
    for &game in GameId::ALL {
        with_game(game, VersusMcts(games));
    }
}
