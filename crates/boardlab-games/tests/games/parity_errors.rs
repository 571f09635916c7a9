//! Parity's rules at their edges and bad input: layouts, positions and moves.

use boardlab_core::{GameHistory, Outcome, Position, RuleOptions, WinReason};
use boardlab_games::parity::{Layout, Parity, ParityRules};

#[test]
fn layout_errors_name_line_and_column() {
    let cases = [
        (
            "WBWB\nWBW\n",
            "line 2, column 4: the row has 3 spaces but the row on line 1 has 4",
        ),
        (
            "WBWB\nWBXB\n",
            "line 2, column 3: 'X' is not a space colour",
        ),
        (
            "# top\nWBWBWBWBWB\n",
            "line 2, column 10: more than 9 spaces",
        ),
        (
            "WB\nWB\nWB\nWB\nWB\nWB\nWB\nWB\nWB\nWB\n",
            "line 10, column 1: more than 9 rows",
        ),
        ("", "0 row(s)"),
        ("WBWB\nRURU\nWBWB\n", "too few black and white spaces"),
    ];
    for (text, expected) in cases {
        let err = Layout::parse(text).unwrap_err();
        assert!(err.contains(expected), "{text:?}: {err}");
    }
    let mut rules = ParityRules::default();
    let err = rules.load_board("WBWB\nWBXB\n").unwrap_err().to_string();
    assert!(
        err.starts_with("bad parity board layout: line 2, column 3"),
        "{err}"
    );
}

#[test]
fn layouts_accept_comments_spaces_and_lowercase() {
    let layout =
        Layout::parse("# a comment\nW B W B   # top\n\nu w b r\nWRUB\nBURW\nRBWU\nBWBW\n").unwrap();
    assert_eq!(layout, Layout::default());
    assert_eq!(Layout::parse(&layout.to_string()), Ok(layout));
}

#[test]
fn positions_must_fit_the_layout() {
    let err = "bbbbb/1bb1/4/4/1ww1/wwww 1"
        .parse::<Parity>()
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("rank 6 'bbbbb' has 5 squares, expected 4"),
        "{err}"
    );
    let err = "bbbb/1bb1/4/4/wwww 1"
        .parse::<Parity>()
        .unwrap_err()
        .to_string();
    assert!(err.contains("5 ranks, expected 6"), "{err}");
    let err = "bbbb/1bb1/4/4/1wx1/wwww 1"
        .parse::<Parity>()
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("'x' is not a piece; allowed are w (White, Player 1) and b (Black, Player 2)"),
        "{err}"
    );
    let err = "4/4/4/4/1ww1/wwww 1"
        .parse::<Parity>()
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("Black (Player 2) has no pieces although White (Player 1) is to move"),
        "{err}"
    );
}

#[test]
fn illegal_moves_say_why() {
    let start = Parity::default();
    let says = |position: &Parity, text: &str, expected: &str| {
        let err = position.parse_move(text).unwrap_err().to_string();
        assert!(err.contains(expected), "{text}: {err}");
    };
    says(&start, "a2a3", "there is no piece on a2");
    says(
        &start,
        "a6a5",
        "the piece on a6 belongs to Black (Player 2), and it is White (Player 1)'s turn",
    );
    says(&start, "a1b1", "b1 is occupied");
    says(
        &start,
        "b2c3",
        "neither a step to an edge-adjacent space nor a straight jump",
    );
    // 12 pieces: even, so blue spaces are closed; d2 is blue.
    says(
        &start,
        "c2d2",
        "d2 is a blue space, closed while the number of pieces on the board is even (12 now)",
    );
    says(&start, "b2b4", "there is no piece on b3 to jump over");
    says(
        &start,
        "b1b3",
        "b2 holds a piece of White (Player 1), the side to move",
    );
    says(&start, "a1", "1 square(s) given");
    says(&start, "w@a1", "no drops");
    says(&start, "a1a2q", "unexpected 'q'");
    says(&start, "e1e2", "'e1' is not a square of the 4x6 board");
    let back: Parity = "4/4/1w2/1b2/4/4 1".parse().unwrap();
    says(&back, "b4b2", "a capture jumps forward only");
}

#[test]
fn a_player_who_cannot_move_loses() {
    // Three pieces (odd): red spaces are closed. White's only piece stands on the red c3, so it
    // cannot move out, and it cannot capture.
    let position: Parity = "bb2/4/4/2w1/4/4 1".parse().unwrap();
    assert_eq!(position.count_legal_moves(), 0);
    assert_eq!(
        position.outcome(),
        Some(Outcome::Win {
            winner: boardlab_core::Player::Two,
            reason: WinReason::NoLegalMove
        })
    );
}

#[test]
fn capturing_the_last_enemy_piece_wins() {
    // White's b4 jumps Black's only piece on b5: two pieces remain (even), so the red b4 is open.
    let position: Parity = "4/1b2/1w2/4/4/w3 1".parse().unwrap();
    let mut after = position;
    after.play(position.parse_move("b4b6").unwrap());
    assert_eq!(after.to_string(), "1w2/4/4/4/4/w3 2 0 1");
    assert_eq!(
        after.outcome().unwrap().to_string(),
        "Player 1 wins: Player 2 has no pieces left"
    );
    assert_eq!(
        after.outcome().unwrap().describe(|p| after.player_name(p)),
        "White (Player 1) wins: Black (Player 2) has no pieces left"
    );
}

#[test]
fn repetition_and_no_progress_draw_a_game() {
    let start: Parity = "b3/4/4/4/4/3w 1".parse().unwrap();
    let mut game = GameHistory::new(start);
    for mv in [
        "d1c1", "a6b6", "c1d1", "b6a6", "d1c1", "a6b6", "c1d1", "b6a6",
    ] {
        assert!(game.outcome().is_none());
        game.play_text(mv).unwrap();
    }
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "draw: the same position occurred three times"
    );

    let near_limit: Parity = "b3/4/4/4/4/3w 1 99 50".parse().unwrap();
    let mut game = GameHistory::new(near_limit);
    game.play_text("d1c1").unwrap();
    assert_eq!(
        game.outcome().unwrap().to_string(),
        "draw: 100 plies without progress"
    );

    let mut rules = ParityRules::default();
    rules.apply("no_progress_plies=0").unwrap();
    rules.apply("threefold_repetition=false").unwrap();
    let mut game = GameHistory::new(Parity::from_text("b3/4/4/4/4/3w 1 99 50", rules).unwrap());
    for mv in [
        "d1c1", "a6b6", "c1d1", "b6a6", "d1c1", "a6b6", "c1d1", "b6a6",
    ] {
        game.play_text(mv).unwrap();
    }
    assert!(game.outcome().is_none(), "both draw rules are off");
}
