//! Bad input to the Daisy parsers, tried as a new user would: each time a one-line error
//! that names the problem, never a panic.

use boardlab_core::{MoveError, Outcome, Player, Position, PositionField, WinReason};
use boardlab_games::Daisy;

const START: &str = "9/9/9/9/9/9/9/9/9[ABC2D2E2F2G9Habc2d2e2f2g9h] 1";

fn position_error(text: &str) -> (PositionField, String) {
    let err = text.parse::<Daisy>().unwrap_err();
    let message = err.to_string();
    assert!(!message.contains('\n'), "one line: {message}");
    (err.field, message)
}

fn move_error(position: &str, text: &str) -> String {
    let position: Daisy = position.parse().unwrap();
    let message = position.parse_move(text).unwrap_err().to_string();
    assert!(!message.contains('\n'), "one line: {message}");
    message
}

fn is_illegal(position: &str, text: &str) -> bool {
    let position: Daisy = position.parse().unwrap();
    matches!(position.parse_move(text), Err(MoveError::Illegal { .. }))
}

#[test]
fn unknown_reserve_letters_are_named() {
    let (field, text) = position_error("9/9/9/9/9/9/9/9/9[ABC2D2E2F2G9Habc2d2e2f2g9hz] 1");
    assert_eq!(field, PositionField::Reserves);
    assert!(text.contains("'z' is not a Daisy piece"), "{text}");
    let (field, text) = position_error("9/9/9/9/9/9/9/9/9[AaI] 1");
    assert_eq!(field, PositionField::Reserves);
    assert!(text.contains("'I' is not a Daisy piece"), "{text}");
    let (_, text) = position_error("9/9/9/9/9/9/9/9/9[A a] 1");
    assert!(
        text.contains("fields") || text.contains("reserves"),
        "{text}"
    );
    let (_, text) = position_error("9/9/9/9/9/9/9/9/9[A-a] 1");
    assert!(text.contains("'-' is not a Daisy piece"), "{text}");
}

#[test]
fn impossible_counts_are_refused() {
    // More H's than the game has (9 per player, 18 in all).
    let (field, text) = position_error("9/9/9/9/9/9/9/9/9[ABC2D2E2F2G10Habc2d2e2f2g9h] 1");
    assert_eq!(field, PositionField::Reserves);
    assert!(
        text.contains("19 H's") && text.contains("only 18 (9 per player)"),
        "{text}"
    );
    // Ten H's of one side while its A is still in reserve: it cannot have captured any.
    let (field, text) = position_error("9/9/9/9/9/9/9/9/9[A10Habc2d2e2f2g8h] 1");
    assert_eq!(field, PositionField::Reserves);
    assert!(
        text.contains("10 H's") && text.contains("starts with 9"),
        "{text}"
    );
    // The same count is possible once the A is on the board (nine H's were captured back).
    let reachable: Daisy = "9/9/9/9/4A4/9/9/9/4a4[10H] 1".parse().unwrap();
    assert_eq!(
        reachable
            .reserve(Player::One)
            .count(boardlab_games::daisy::Kind::H),
        10
    );
    // Pieces on the board count too.
    let (_, text) = position_error("HHHHHHHHH/9/9/9/4A4/9/9/9/4a4[10h] 1");
    assert!(text.contains("19 H's"), "{text}");
    let (_, text) = position_error("9/9/9/9/4A4/9/9/9/4a4[3B] 1");
    assert!(text.contains("3 B's") && text.contains("only 2"), "{text}");
    let (_, text) = position_error("9/9/9/9/4A4/9/9/9/4a4[99999999999999999999H] 1");
    assert!(text.contains("far too large"), "{text}");
    let (_, text) = position_error("9/9/9/9/9/9/9/9/9[0Aa] 1");
    assert!(text.contains("zero"), "{text}");
    let (_, text) = position_error("9/9/9/9/9/9/9/9/9[Aa2] 1");
    assert!(text.contains("no letter after it"), "{text}");
}

#[test]
fn two_a_for_one_side_is_refused() {
    let (field, text) = position_error("9/9/9/9/9/9/9/9/9[AAa] 1");
    assert_eq!(field, PositionField::Reserves);
    assert!(
        text.contains("2 A's") && text.contains("exactly one A"),
        "{text}"
    );
    let (_, text) = position_error("9/9/9/9/9/9/9/9/9[2Aa] 1");
    assert!(text.contains("2 A's"), "{text}");
    let (field, text) = position_error("9/9/9/9/9/9/9/9/AA7[a] 1");
    assert_eq!(field, PositionField::Placement);
    assert!(text.contains("2 A's"), "{text}");
    let (_, text) = position_error("9/9/9/9/9/9/9/9/a8[Aa] 2");
    assert!(text.contains("Player 2 (lowercase) has 2 A's"), "{text}");
}

#[test]
fn a_missing_a_is_explained() {
    // The player who just moved cannot have lost their A: the game would have ended.
    let (_, text) = position_error("9/9/9/9/9/9/9/9/9[ABC2D2E2F2G9H] 1");
    assert!(
        text.contains("Player 2 (lowercase) has no A on the board or in reserve"),
        "{text}"
    );
    // The side to move may lack it (the game is over), but only if the captor's A stands.
    let (_, text) = position_error("9/9/9/9/9/9/9/9/9[ABC2D2E2F2G9H] 2");
    assert!(text.contains("may not capture until"), "{text}");
    let over: Daisy = "9/9/9/9/4A4/9/9/9/9[h] 2".parse().unwrap();
    assert_eq!(over.count_legal_moves(), 0);
    assert_eq!(
        over.outcome(),
        Some(Outcome::Win {
            winner: Player::One,
            reason: WinReason::KeyPieceCaptured('A')
        })
    );
    assert_eq!(
        over.outcome().unwrap().to_string(),
        "Player 1 wins: Player 2's A was captured"
    );
    assert!(move_error("9/9/9/9/4A4/9/9/9/9[h] 2", "h@e1").contains("the game is over"));
}

#[test]
fn malformed_positions_are_named() {
    let (field, text) = position_error("9/9/9/9/9/9/9/9/9 1");
    assert_eq!(field, PositionField::Reserves);
    assert!(text.contains("[] when both are empty"), "{text}");
    let (field, _) = position_error("9/9/9/9/9/9/9/9/9[ABC2D2E2F2G9Habc2d2e2f2g9h]");
    assert_eq!(field, PositionField::SideToMove);
    let (field, _) = position_error("9/9/9/9/9/9/9/9/9[ABC2D2E2F2G9Habc2d2e2f2g9h] 3");
    assert_eq!(field, PositionField::SideToMove);
    let (field, text) = position_error("9/9/9/9/9/9/9/9[ABC2D2E2F2G9Habc2d2e2f2g9h] 1");
    assert_eq!(field, PositionField::Placement);
    assert!(text.contains("8 ranks, expected 9"), "{text}");
    let (_, text) = position_error("9/9/9/9/9/9/9/8/9[ABC2D2E2F2G9Habc2d2e2f2g9h] 1");
    assert!(text.contains("has 8 squares, expected 9"), "{text}");
    let (_, text) = position_error("9/9/9/9/9/9/9/9/8i[ABC2D2E2F2G9Habc2d2e2f2g9h] 1");
    assert!(text.contains("'i' is not a piece"), "{text}");
    let (field, _) = position_error("9/9/9/9/9/9/9/9/9[ABC2D2E2F2G9Habc2d2e2f2g9h 1");
    assert_eq!(field, PositionField::Reserves);
    let (field, _) = position_error("9/9/9/9/9/9/9/9/9[AB][ab] 1");
    assert_eq!(field, PositionField::Reserves);
    let (field, _) = position_error("9/9/9/9/9/9/9/9/9[ABC2D2E2F2G9Habc2d2e2f2g9h] 1 -1 1");
    assert_eq!(field, PositionField::NoProgressPlies);
    assert_eq!(position_error("").0, PositionField::Whole);
    assert_eq!(position_error("   ").0, PositionField::Whole);
}

#[test]
fn dropping_a_piece_not_in_reserve_says_so() {
    let position = "9/9/9/9/4A4/9/9/9/4a4[H] 1";
    let text = move_error(position, "B@e5");
    assert!(
        text.contains("Player 1 (uppercase) has no B in reserve (reserve: H)"),
        "{text}"
    );
    let text = move_error("9/9/9/9/4A4/9/9/9/4a4[h] 1", "H@e5");
    assert!(
        text.contains("no H in reserve (reserve: (empty))"),
        "{text}"
    );
    // The letter's case does not choose the player: h@e5 is Player 1's H here.
    let text = move_error("9/9/9/9/4A4/9/9/9/4a4[h] 1", "h@e5");
    assert!(text.contains("no H in reserve"), "{text}");
    assert!(is_illegal(position, "A@e6"));
}

#[test]
fn dropping_on_an_occupied_square_says_so() {
    let text = move_error("9/9/9/9/4A4/9/9/9/4a4[H] 1", "H@e1");
    assert!(
        text.contains("e1 is occupied by the a of Player 2 (lowercase)")
            && text.contains("only on an empty square"),
        "{text}"
    );
    let text = move_error("9/9/9/9/4A4/9/9/9/4a4[H] 1", "h@e5");
    assert!(text.contains("e5 is occupied by the A"), "{text}");
}

#[test]
fn capturing_before_ones_a_is_placed_names_the_rule() {
    // Player 1's A is in reserve: the H on e4 may not take the h on e5.
    let position = "9/9/9/9/4h4/4H4/9/9/9[Aa] 1";
    let text = move_error(position, "e4e5");
    assert!(
        text.contains("may not capture until their own A is on the board"),
        "{text}"
    );
    assert!(is_illegal(position, "e4xe5"));
    // Quiet moves and drops are allowed meanwhile.
    let p: Daisy = "9/9/9/9/9/4H4/9/9/9[Aa] 1".parse().unwrap();
    assert!(p.parse_move("e4e5").is_ok());
    assert!(p.parse_move("A@a1").is_ok());
    // Once the A stands, the capture is legal.
    let p: Daisy = "9/9/9/9/4h4/4H4/9/9/A8[a] 1".parse().unwrap();
    let mv = p.parse_move("e4xe5").unwrap();
    let mut next = p;
    next.play(mv);
    assert_eq!(next.to_string(), "9/9/9/9/4H4/9/9/9/A8[Ha] 2 0 1");
}

#[test]
fn malformed_moves_are_named() {
    let start = START;
    let cases = [
        ("", "empty"),
        ("j1j2", "'j1' is not a square"),
        ("e0e1", "'e0' is not a square"),
        ("e10e1", "unexpected"),
        ("Z@e5", "'Z' is not a Daisy piece"),
        ("@e5", "expected a square"),
        ("H@", "square is missing"),
        ("H@e5e6", "exactly one square"),
        ("e3", "1 square(s) given"),
        ("e3e4e5", "3 square(s) given"),
        ("e3e4h", "no promotion"),
        ("e3-", "missing"),
        ("H@z9", "'z9' is not a square"),
        ("1@e5", "'1' before '@' is not a piece letter"),
    ];
    for (mv, expected) in cases {
        let text = move_error(start, mv);
        assert!(text.contains(expected), "{mv}: {text}");
        assert!(text.starts_with("malformed move"), "{mv}: {text}");
    }
}

#[test]
fn illegal_board_moves_are_explained() {
    let position = "9/9/9/9/2h1A4/2H6/4B4/9/4a4[] 1";
    let cases = [
        ("a1a2", "there is no piece on a1"),
        ("e1e2", "belongs to Player 2 (lowercase)"),
        ("e3e5", "holds a piece of Player 1 (uppercase)'s own"),
        ("e3e6", "the way is blocked"),
        ("c4c6", "an H moves one step straight forward"),
        ("c4c3", "towards rank 9"),
        ("e5e7", "an A moves one step in any of the 8 directions"),
        ("e3d5", "a B moves any number of squares orthogonally"),
    ];
    for (mv, expected) in cases {
        let text = move_error(position, mv);
        assert!(text.contains(expected), "{mv}: {text}");
        assert!(text.starts_with("illegal move"), "{mv}: {text}");
    }
    assert!(move_error(position, "e3e3").contains("another square"));
}

#[test]
fn accepted_spellings() {
    let p: Daisy = "9/9/9/9/9/4H4/9/9/4a4[A] 1".parse().unwrap();
    for text in ["e4e5", " e4-e5 ", "e4xe5", "e4Xe5"] {
        assert_eq!(p.parse_move(text).unwrap().to_string(), "e4e5", "{text}");
    }
    for text in ["A@a2", "a@a2", " a@a2 "] {
        assert_eq!(p.parse_move(text).unwrap().to_string(), "A@a2", "{text}");
    }
    // Repeated letters add up.
    let q: Daisy = "9/9/9/9/4A4/9/9/9/4a4[HH2Hhh] 1".parse().unwrap();
    assert_eq!(q.to_string(), "9/9/9/9/4A4/9/9/9/4a4[4H2h] 1 0 1");
    assert!("9/9/9/9/4A4/9/9/9/4a4[] 2 5 9".parse::<Daisy>().is_ok());
}
