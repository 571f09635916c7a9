//! Bad input to the Obsidian parsers gives an error that names the problem.

use boardlab_core::{MoveError, Position, PositionField};
use boardlab_games::Obsidian;

fn position_error(text: &str) -> (PositionField, String) {
    let err = text.parse::<Obsidian>().unwrap_err();
    (err.field, err.to_string())
}

fn move_error(position: &str, text: &str) -> String {
    let position: Obsidian = position.parse().unwrap();
    position.parse_move(text).unwrap_err().to_string()
}

const START: &str = "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1";

#[test]
fn malformed_positions_are_named() {
    let (field, text) = position_error("xyz");
    assert_eq!(field, PositionField::SideToMove, "{text}");
    let (field, text) = position_error("ABCDECBA/FFFFFFFF/9/8/8/8/ffffffff/abcdecba 1");
    assert_eq!(field, PositionField::Placement);
    assert!(
        text.contains("rank 6 '9' has 9 squares, expected 8"),
        "{text}"
    );
    let (_, text) = position_error("ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecbz 1");
    assert!(text.contains("'z' is not a piece"), "{text}");
    let (field, _) = position_error("ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba");
    assert_eq!(field, PositionField::SideToMove);
    let (field, _) = position_error("ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 3");
    assert_eq!(field, PositionField::SideToMove);
    let (field, _) = position_error("ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff 1");
    assert_eq!(field, PositionField::Placement);
    let (field, _) = position_error("ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba[] 1");
    assert_eq!(field, PositionField::Reserves);
    let (field, _) = position_error("ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1 -4 1");
    assert_eq!(field, PositionField::NoProgressPlies);
    let (_, text) = position_error("ABCDDCBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1");
    assert!(text.contains("more than one D"), "{text}");
    let (_, text) = position_error("ABCEECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1");
    assert!(text.contains("has no D although"), "{text}");
    let (_, text) = position_error("ABCDECBF/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1");
    assert!(text.contains("never stands on rank 1 or 8"), "{text}");
    assert_eq!(position_error("").0, PositionField::Whole);
}

#[test]
fn a_side_without_its_d_has_lost() {
    let position: Obsidian = "3D4/8/8/8/8/8/8/4e3 1".parse().unwrap();
    assert_eq!(position.count_legal_moves(), 0);
    let outcome = position.outcome().unwrap();
    assert_eq!(
        outcome.to_string(),
        "Player 2 wins: Player 1's D was captured"
    );
}

#[test]
fn a_side_that_cannot_move_loses() {
    // Player 1's pieces fill ranks 7 and 8 and block each other; Player 2's D is far away.
    let stuck: Obsidian = "aaadaaaa/ffffffff/8/8/8/8/8/D7 1".parse().unwrap();
    assert_eq!(stuck.count_legal_moves(), 0);
    assert_eq!(
        stuck.outcome().unwrap().to_string(),
        "Player 2 wins: Player 1 has no legal move"
    );
}

#[test]
fn illegal_moves_say_why() {
    assert_eq!(
        move_error(START, "e2e5"),
        "illegal move 'e2e5' in obsidian: the f on e2 cannot reach e5: an F moves one step forward to an empty square \
         (two from its starting rank, both empty) and captures one step diagonally forward"
    );
    assert!(move_error(START, "e3e4").contains("there is no piece on e3"));
    assert!(move_error(START, "e7e5").contains("belongs to Player 2"));
    assert!(move_error(START, "a1a2").contains("holds a piece of Player 1 (lowercase)'s own"));
    assert!(move_error(START, "c1e3").contains("the way is blocked"));
    assert!(move_error(START, "e2d3").contains("diagonally only to capture"));
    assert!(move_error(START, "e2e4q").contains("not a promotion"));
    assert!(move_error(START, "e2e4e").contains("only for an F reaching the far rank"));
    assert!(move_error("3D4/8/8/8/8/8/8/4e3 1", "e1e2").contains("the game is over"));
}

#[test]
fn squares_may_be_written_in_capitals() {
    let position = Obsidian::default();
    assert_eq!(
        position.parse_move("E2E4").unwrap(),
        position.parse_move("e2e4").unwrap()
    );
}

#[test]
fn malformed_moves_say_what_is_allowed() {
    for (text, expected) in [
        ("", "empty"),
        ("e2", "1 square(s) given"),
        ("e2e4e6", "3 square(s) given"),
        ("z2e4", "'z2' is not a square"),
        ("e9e4", "'e9' is not a square of the 8x8 board"),
        ("F@e4", "no drops"),
        ("e2e4!", "unexpected '!'"),
    ] {
        let err = Obsidian::default().parse_move(text).unwrap_err();
        assert!(matches!(err, MoveError::Malformed { .. }), "{text}: {err}");
        assert!(err.to_string().contains(expected), "{text}: {err}");
    }
}

#[test]
fn promotion_makes_an_e_and_accepts_the_suffix() {
    let position: Obsidian = "3D4/5f2/8/8/8/8/8/3d4 1".parse().unwrap();
    for text in ["f7f8", "f7f8e", "f7f8E", "f7-f8"] {
        let mut after = position;
        after.play(position.parse_move(text).unwrap());
        assert_eq!(after.to_string(), "3D1e2/8/8/8/8/8/8/3d4 2 0 1", "{text}");
    }
}
