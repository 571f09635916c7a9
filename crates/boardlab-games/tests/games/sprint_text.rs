//! Sprint text and rules in small cases: position and move text, errors that say why, the
//! shortest unambiguous prefix, wins, and chains under `backward_captures`.

use boardlab_core::{MoveError, Outcome, Player, Position, PositionField, WinReason};
use boardlab_games::Sprint;
use boardlab_games::sprint::{START_TEXT, SprintRules};

const BACKWARD: SprintRules = SprintRules {
    backward_captures: true,
};

fn pos(text: &str) -> Sprint {
    text.parse()
        .unwrap_or_else(|e| panic!("'{text}' should be valid: {e}"))
}

fn moves(position: &Sprint) -> Vec<String> {
    position.legal_move_texts()
}

/// The reason of an illegal-move error (panics on success or a malformed-move error).
fn illegal(position: &Sprint, text: &str) -> String {
    match position.parse_move(text) {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("'{text}' in {position}: expected an illegal-move error, got {other:?}"),
    }
}

/// The problem of a malformed-move error.
fn malformed(position: &Sprint, text: &str) -> String {
    match position.parse_move(text) {
        Err(MoveError::Malformed { problem, .. }) => problem,
        other => panic!("'{text}': expected a malformed-move error, got {other:?}"),
    }
}

/// The problem of a position error, checking the field.
fn bad_position(text: &str, field: PositionField) -> String {
    let err = text.parse::<Sprint>().expect_err(text);
    assert_eq!(err.field, field, "{err}");
    err.problem
}

#[test]
fn start_position_text_and_moves() {
    let start = Sprint::default();
    assert_eq!(start.to_string(), START_TEXT);
    assert_eq!(pos("1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 1"), start);
    assert_eq!(moves(&start), ["b2a3", "b2c3", "d2c3", "d2e3", "f2e3"]);
    assert_eq!(start.piece_at(0, 0), Some('w'));
    assert_eq!(start.piece_at(1, 5), Some('b'));
    assert_eq!(start.piece_at(1, 0), None);
    assert_eq!(start.hash(), start.hash_from_scratch());
    assert_eq!(start.outcome(), None);
}

#[test]
fn counters_are_kept_and_move_number_advances() {
    let mut p = pos("1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 2 7 30");
    assert_eq!(p.to_string(), "1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 2 7 30");
    assert_eq!(p.no_progress_plies(), 7);
    p.play(p.parse_move("a5b4").unwrap());
    assert_eq!(p.to_string(), "1b1b1b/2b1b1/1b4/6/1w1w1w/w1w1w1 1 0 31");
}

#[test]
fn separators_and_spaces_are_accepted() {
    let p = pos("5b/6/3b2/6/3b2/2w3 1");
    for text in ["c1e3c5", "c1xe3xc5", " c1-e3-c5 ", "c1Xe3c5"] {
        assert_eq!(p.parse_move(text).unwrap().to_string(), "c1e3c5", "{text}");
    }
}

#[test]
fn shortest_unambiguous_prefix_is_accepted() {
    // c1xd2 then e3xd4: the chain c1e3c5 is the only legal move.
    let p = pos("5b/6/3b2/6/3b2/2w3 1");
    assert_eq!(moves(&p), ["c1e3c5"]);
    assert_eq!(p.parse_move("c1e3").unwrap().to_string(), "c1e3c5");
    assert_eq!(p.parse_move("c1").unwrap().to_string(), "c1e3c5");
    // Several moves start on b2: the lone square is ambiguous and the error lists them.
    let start = Sprint::default();
    let why = illegal(&start, "b2");
    assert!(
        why.contains("2 legal moves start on b2") && why.contains("b2a3, b2c3"),
        "{why}"
    );
}

#[test]
fn chain_that_stops_early_says_why() {
    // a1xb2 lands on c3, from where the piece can take b4 or d4: the chain must go on.
    let p = pos("6/6/1b1b2/6/1b4/w5 1");
    assert_eq!(moves(&p), ["a1c3a5", "a1c3e5"]);
    let why = illegal(&p, "a1c3");
    assert!(
        why.contains("stops early")
            && why.contains("piece on c3 can still capture")
            && why.contains("a1c3a5, a1c3e5"),
        "{why}"
    );
}

#[test]
fn step_when_a_capture_is_compulsory_says_why() {
    let p = pos("6/6/1b1b2/6/1b4/w3w1 1");
    let why = illegal(&p, "e1f2");
    assert!(
        why.contains("capture is compulsory") && why.contains("a1c3a5"),
        "{why}"
    );
    let why = illegal(&p, "e1");
    assert!(
        why.contains("cannot capture") && why.contains("compulsory"),
        "{why}"
    );
}

#[test]
fn jump_over_own_piece_says_why() {
    let p = pos("5b/6/6/6/1w4/w5 1");
    let why = illegal(&p, "a1c3");
    assert!(
        why.contains("piece on b2 is White (Player 1)'s own"),
        "{why}"
    );
    assert!(why.contains("only over an enemy piece"), "{why}");
}

#[test]
fn other_illegal_moves_say_why() {
    let start = Sprint::default();
    assert!(illegal(&start, "c3d4").contains("no piece on c3"));
    assert!(illegal(&start, "b6a5").contains("belongs to Black (Player 2)"));
    assert!(illegal(&start, "b1c2").contains("light square"));
    assert!(illegal(&start, "b2b3").contains("not diagonal"));
    assert!(illegal(&start, "a1b2").contains("b2 is not empty"));
    assert!(illegal(&start, "b2d4").contains("no piece on c3 to jump over"));
    assert!(illegal(&start, "b2e5").contains("3 squares"));
    assert!(illegal(&start, "a1").contains("no legal move"));
    // Backward steps and (by default) backward captures are not allowed.
    let p = pos("5b/6/6/2w3/1b4/6 1");
    assert!(illegal(&p, "c3d2").contains("only forward"));
    assert!(illegal(&p, "c3a1").contains("backward_captures=true"));
    // A step after a capture, and jumping a piece twice.
    let p = pos("6/6/1b1b2/6/1b4/w5 1");
    assert!(illegal(&p, "a1c3b4").contains("after a capture"));
    let p = Sprint::from_text("5b/6/1b1b2/6/1b1b2/2w3 1", BACKWARD).unwrap();
    assert!(illegal(&p, "c1a3c5a3").contains("already taken"));
    // A finished game has no moves.
    let over = pos("1w4/6/6/6/3b2/6 2");
    assert!(illegal(&over, "d2c1").contains("game is over"));
}

#[test]
fn malformed_moves_say_why() {
    let start = Sprint::default();
    assert!(malformed(&start, "").contains("empty"));
    assert!(malformed(&start, "a7b8").contains("'a7' is not a square"));
    assert!(malformed(&start, "g1f2").contains("'g1' is not a square"));
    assert!(malformed(&start, "b2c").contains("unexpected 'c'"));
    assert!(malformed(&start, "w@b2").contains("no drops"));
    assert!(malformed(&start, "b2-").contains("missing"));
    assert!(malformed(&start, "b2 c3").contains("unexpected"));
}

#[test]
fn bad_positions_say_why() {
    assert!(
        bad_position(
            "1b1b1b/b1b1b1/6/6/1w1w1w/1ww1w1 1",
            PositionField::Placement
        )
        .contains("light square")
    );
    assert!(
        bad_position(
            "1b1b1b/b1b1b1/6/6/1w1w1w/x1w1w1 1",
            PositionField::Placement
        )
        .contains("'x' is not a piece")
    );
    assert!(
        bad_position("1b1b1b/b1b1b1/6/6/1w1w1w 1", PositionField::Placement).contains("5 ranks")
    );
    assert!(
        bad_position(
            "1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1 3",
            PositionField::SideToMove
        )
        .contains("not a player")
    );
    assert!(
        bad_position(
            "1b1b1b/b1b1b1/6/6/1w1w1w/w1w1w1[] 1",
            PositionField::Reserves
        )
        .contains("no reserves")
    );
    // White to move with a White piece already on rank 6: the game ended before.
    assert!(
        bad_position("1w4/6/6/6/6/4b1 1", PositionField::Placement)
            .contains("already has a piece on b6")
    );
    // Black made the last move but has no pieces.
    assert!(
        bad_position("6/6/6/6/1w4/6 1", PositionField::Placement)
            .contains("Black (Player 2) has no pieces")
    );
}

#[test]
fn wins() {
    let win = |winner, reason| Some(Outcome::Win { winner, reason });
    // Black just reached rank 1.
    assert_eq!(
        pos("5b/6/6/6/6/2b3 1").outcome(),
        win(Player::Two, WinReason::ReachedGoal)
    );
    // White to move has no pieces.
    assert_eq!(
        pos("5b/6/6/6/6/6 1").outcome(),
        win(Player::Two, WinReason::NoPiecesLeft)
    );
    // White's only piece is blocked by two Black pieces that cannot be jumped.
    let blocked = pos("6/2b3/1b4/w5/6/6 1");
    assert_eq!(blocked.count_legal_moves(), 0);
    assert_eq!(blocked.outcome(), win(Player::Two, WinReason::NoLegalMove));
    // Taking the last piece wins.
    let mut p = pos("6/6/6/2b3/1w4/6 1");
    p.play(p.parse_move("b2d4").unwrap());
    assert_eq!(p.outcome(), win(Player::One, WinReason::NoPiecesLeft));
}

#[test]
fn backward_chain_through_the_baseline_must_be_completed() {
    // b4xc5 lands on d6 (White's goal), from where e5 can be taken backward.
    let text = "6/b1b1b1/1w4/6/6/6 1";
    let forward = pos(text);
    assert_eq!(moves(&forward), ["b4d6"]);
    let mut p = forward;
    p.play(p.parse_move("b4d6").unwrap());
    assert_eq!(p.outcome().unwrap().winner(), Some(Player::One));

    let backward = Sprint::from_text(text, BACKWARD).unwrap();
    assert_eq!(moves(&backward), ["b4d6f4"]);
    let why = illegal(&backward, "b4d6f4d2");
    assert!(why.contains("no piece on e3"), "{why}");
    let mut p = backward;
    p.play(p.parse_move("b4d6").unwrap());
    assert_eq!(p.to_string(), "6/b5/5w/6/6/6 2 0 1");
    assert_eq!(p.outcome(), None, "the piece ended on f4, not on rank 6");
}

#[test]
fn backward_chain_can_return_to_its_start() {
    // Four Black pieces around d3... around c3: the chain circles and lands on c1 again.
    let text = "5b/6/1b1b2/6/1b1b2/2w3 1";
    assert_eq!(moves(&pos(text)), ["c1a3c5", "c1e3c5"]);
    let p = Sprint::from_text(text, BACKWARD).unwrap();
    assert_eq!(moves(&p), ["c1a3c5e3c1", "c1e3c5a3c1"]);
    let mut after = p;
    after.play(p.parse_move("c1a3c5e3c1").unwrap());
    assert_eq!(after.to_string(), "5b/6/6/6/6/2w3 2 0 1");
    assert_eq!(after.hash(), after.hash_from_scratch());
    // Typing the shared prefix is ambiguous only after the first square.
    assert_eq!(p.parse_move("c1a3").unwrap().to_string(), "c1a3c5e3c1");
}

#[test]
fn a_compulsory_capture_is_named_as_the_reason_a_piece_cannot_move() {
    let capture: Sprint = "1b1b1b/6/3b2/2w3/6/w5 1".parse().unwrap();
    assert_eq!(capture.legal_move_texts(), ["c3e5"]);
    assert!(
        capture
            .move_restriction()
            .unwrap()
            .contains("capture is compulsory")
    );
    let start = Sprint::default();
    assert_eq!(start.move_restriction(), None);
}
