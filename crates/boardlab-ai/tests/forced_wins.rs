//! A depth-limited search finds forced wins in 1 and 3 plies in every game: take the D,
//! take the A, reach the baseline, take the last piece.

use boardlab_ai::bot::Limits;
use boardlab_ai::{AlphaBeta, Score};
use boardlab_core::{Evaluate, GameHistory};
use boardlab_games::{Daisy, Obsidian, Parity, Sprint};

/// Searches `text` to `depth` and checks the move and the win distance.
fn finds_win<P: Evaluate>(text: &str, depth: u32, best: &str, plies: u32) {
    let position = P::from_text(text, P::Rules::default()).expect("a valid test position");
    let mut bot = AlphaBeta::<P>::new(
        "test",
        Limits {
            depth: Some(depth),
            ..Limits::default()
        },
    );
    let (mv, info) = bot
        .search(&GameHistory::new(position), &mut |_| {})
        .expect("the position has moves");
    assert_eq!(mv.to_string(), best, "{} {text}: {info:?}", P::GAME_ID);
    assert_eq!(
        info.score,
        Score::Win(plies),
        "{} {text}: {info:?}",
        P::GAME_ID
    );
    // The win is really there: play the principal variation and see the game end.
    let mut game = GameHistory::new(position);
    for text in &info.pv {
        game.play_text(text)
            .expect("the principal variation is legal");
    }
    let outcome = game
        .outcome()
        .expect("the principal variation ends the game");
    assert_eq!(outcome.winner(), Some(position.side_to_move()));
}

#[test]
fn obsidian_takes_the_d() {
    // The A on d1 takes the D on d8 at once.
    finds_win::<Obsidian>("3D4/8/8/8/8/8/8/3a3d 1", 2, "d1d8", 1);
    // The A goes to a8; the D on h8, walled in by its own Fs, cannot escape the rank.
    finds_win::<Obsidian>("7D/6FF/8/8/8/8/8/a2d4 1", 3, "a1a8", 3);
}

#[test]
fn daisy_takes_the_a() {
    finds_win::<Daisy>("4a4/9/9/9/9/9/9/9/A3B4[] 1", 2, "e1e9", 1);
    // The B goes to a9; the a on i9, walled in by its own hs, cannot leave rank 9.
    finds_win::<Daisy>("8a/7hh/9/9/9/9/9/9/B3A4[] 1", 3, "a1a9", 3);
}

#[test]
fn sprint_reaches_the_baseline() {
    finds_win::<Sprint>("6/4w1/6/6/1b4/6 1", 2, "e5d6", 1);
    // d4-e5 cannot be stopped: Black's piece is too far to block or capture.
    finds_win::<Sprint>(
        "1b4/6/6/3w2/6/6 1"
            .replace("6/6/3w2/6/6", "6/3w2/6/6/6")
            .as_str(),
        3,
        "d4e5",
        3,
    );
}

#[test]
fn parity_takes_the_last_piece() {
    finds_win::<Parity>("4/4/4/4/1b2/1w2 1", 2, "b1b3", 1);
    // d2-d3 puts the black piece in front of a capture it cannot avoid.
    finds_win::<Parity>("4/2w1/2b1/4/3w/4 1", 3, "d2d3", 3);
}
