//! Move and position text of the generic engine: the leniency of the hand-written readers
//! (separators, spaces, either case, optional promotion suffix, chain prefixes) and errors
//! that name the problem.

use crate::common;

use boardlab_core::{MoveError, Position, PositionField};
use boardlab_rules::engine::{RulesOptions, RulesPosition};
use common::seed;

type Generic = RulesPosition<u128>;

fn position(definition: boardlab_rules::definition::Definition, text: &str) -> Generic {
    Generic::from_text(text, RulesOptions::new(seed::game(definition))).expect("a valid position")
}

fn illegal_reason(result: Result<boardlab_rules::engine::RulesMove, MoveError>) -> String {
    match result {
        Err(MoveError::Illegal { reason, .. }) => reason,
        other => panic!("expected an illegal move, got {other:?}"),
    }
}

#[test]
fn obsidian_promotion_takes_an_optional_e() {
    let p = position(seed::obsidian(), "3D4/4f3/8/8/8/8/8/3d4 1");
    let plain = p.parse_move("e7e8").unwrap();
    assert_eq!(plain.to_string(), "e7e8");
    assert_eq!(p.parse_move(" e7-e8E ").unwrap(), plain);
    assert!(illegal_reason(p.parse_move("e7e8n")).contains("does not name a promotion"));
    let mut after = p;
    after.play(plain);
    assert_eq!(after.to_string(), "3De3/8/8/8/8/8/8/3d4 2 0 1");
    assert!(illegal_reason(p.parse_move("d1d3")).contains("cannot reach d3"));
    assert!(illegal_reason(p.parse_move("d8d7")).contains("belongs to Player 2"));
}

#[test]
fn daisy_drops_read_either_case_and_explain_refusals() {
    let start = position(
        seed::daisy(),
        "9/9/9/9/9/9/9/9/9[ABC2D2E2F2G9Habc2d2e2f2g9h] 1",
    );
    assert_eq!(start.parse_move("h@e5").unwrap().to_string(), "H@e5");
    let p = position(
        seed::daisy(),
        "9/9/9/9/4h4/4H4/9/9/9[ABC2D2E2F2G8Habc2d2e2f2g8h] 1",
    );
    assert!(illegal_reason(p.parse_move("e4e5")).contains("may not capture until their A"));
    assert!(illegal_reason(p.parse_move("H@e5")).contains("occupied"));
    let mut after = p;
    after.play_text("A@a1").unwrap();
    assert_eq!(
        after.to_string(),
        "9/9/9/9/4h4/4H4/9/9/A8[BC2D2E2F2G8Habc2d2e2f2g8h] 2 0 1"
    );
    assert_eq!(after.parse_move("a@i9").unwrap().to_string(), "A@i9");
    match start.parse_move("Z@e5") {
        Err(MoveError::Malformed { problem, .. }) => {
            assert!(problem.contains("'Z' is not a piece"))
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn sprint_chains_read_with_separators_and_as_unambiguous_prefixes() {
    let p = position(seed::sprint(), "6/6/3b2/6/1b4/w5 1");
    assert_eq!(p.legal_move_texts(), ["a1c3e5"]);
    assert_eq!(p.parse_move("a1xc3xe5").unwrap().to_string(), "a1c3e5");
    assert_eq!(
        p.parse_move("a1c3").unwrap().to_string(),
        "a1c3e5",
        "a unique prefix"
    );
    let r = position(seed::sprint(), "6/6/3b2/w1w3/6/6 1");
    assert_eq!(r.legal_move_texts(), ["c3e5"]);
    assert!(illegal_reason(r.parse_move("a3b4")).contains("capture is compulsory"));
}

#[test]
fn position_errors_name_the_field() {
    let rules = RulesOptions::new(seed::game(seed::daisy()));
    let error = Generic::from_text("9/9/9/9/9/9/9/9/9 1", rules).unwrap_err();
    assert_eq!(error.field, PositionField::Reserves);
    let error = Generic::from_text("9/9/9/9/9/9/9/9/9[AZ] 1", rules).unwrap_err();
    assert_eq!(error.field, PositionField::Reserves);
    let error = Generic::from_text("9/9/9/9/9/9/9/9[] 1", rules).unwrap_err();
    assert_eq!(error.field, PositionField::Placement);
    let error = Generic::from_text("9/9/9/9/9/9/9/9/9[] 3", rules).unwrap_err();
    assert_eq!(error.field, PositionField::SideToMove);
    let obsidian = RulesOptions::new(seed::game(seed::obsidian()));
    let error = Generic::from_text("8/8/8/8/8/8/8/3d4[] 1", obsidian).unwrap_err();
    assert_eq!(error.field, PositionField::Reserves);
    let error = Generic::from_text("8/8/8/8/8/8/8/3d4 1", obsidian).unwrap_err();
    assert!(
        error.problem.contains("no royal piece"),
        "{}",
        error.problem
    );
    let sprint = RulesOptions::new(seed::game(seed::sprint()));
    let error = Generic::from_text("6/6/6/6/6/1w4 1", sprint).unwrap_err();
    assert!(error.problem.contains("missing"), "{}", error.problem);
}
