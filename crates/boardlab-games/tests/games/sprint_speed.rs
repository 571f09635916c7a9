//! Sprint speed: perft nodes per second and random playouts per second (issue 4 asks for at
//! least 1,000,000 playouts/s on one core). Timing tests are `#[ignore]`d: run them with
//! `cargo test --release -p boardlab-games --test games sprint_speed:: -- --ignored --nocapture`.

use boardlab_core::perft::perft;
use boardlab_core::playout::random_playout;
use boardlab_core::{Player, Position};
use boardlab_games::Sprint;
use boardlab_games::sprint::SprintRules;
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::time::Instant;

/// Plays one whole game from `start` with uniformly random legal moves; returns the final
/// position and the number of plies. A finished game has no legal moves.
fn playout(start: &Sprint, rng: &mut impl Rng) -> (Sprint, u32) {
    let result = random_playout(start, u32::MAX, |n| rng.random_range(0..n));
    (result.end, result.plies)
}

/// In Sprint every finished game is won by the player who made the last move.
fn winner(end: &Sprint) -> Player {
    end.side_to_move().opponent()
}

#[test]
fn playouts_end_with_the_right_winner() {
    let mut rng = SmallRng::seed_from_u64(1);
    for backward_captures in [false, true] {
        let start = Sprint::start(SprintRules { backward_captures });
        for _ in 0..1000 {
            let (end, plies) = playout(&start, &mut rng);
            assert!(plies > 0);
            let outcome = end.outcome().expect("the game is over");
            assert_eq!(outcome.winner(), Some(winner(&end)), "{end}");
        }
    }
}

fn measure_playouts(backward_captures: bool) -> f64 {
    let start = Sprint::start(SprintRules { backward_captures });
    let mut rng = SmallRng::seed_from_u64(7);
    let mut wins = [0u64; 2];
    let mut plies = 0u64;
    let games = 2_000_000;
    let begin = Instant::now();
    for _ in 0..games {
        let (end, n) = playout(&start, &mut rng);
        wins[winner(&end).index()] += 1;
        plies += n as u64;
    }
    let seconds = begin.elapsed().as_secs_f64();
    let rate = games as f64 / seconds;
    println!(
        "backward_captures={backward_captures}: {games} playouts in {seconds:.2} s = {rate:.0} playouts/s, {:.1} plies/game, White won {:.1}%",
        plies as f64 / games as f64,
        100.0 * wins[0] as f64 / games as f64
    );
    rate
}

#[test]
#[ignore = "timing: run in release with --ignored --nocapture"]
fn random_playouts_per_second() {
    let forward = measure_playouts(false);
    measure_playouts(true);
    assert!(forward > 0.0);
}

#[test]
#[ignore = "timing: run in release with --ignored --nocapture"]
fn perft_nodes_per_second() {
    for backward_captures in [false, true] {
        let start = Sprint::start(SprintRules { backward_captures });
        for depth in [12, 14] {
            let begin = Instant::now();
            let nodes = perft(&start, depth);
            let seconds = begin.elapsed().as_secs_f64();
            println!(
                "backward_captures={backward_captures}: perft({depth}) = {nodes} in {seconds:.2} s = {:.1} M nodes/s",
                nodes as f64 / seconds / 1e6
            );
        }
    }
}
