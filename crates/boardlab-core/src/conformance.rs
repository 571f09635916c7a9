//! The invariants every position of every game keeps, checked by the conformance suite,
//! the soak and the fuzz targets: one definition, so that they check the same things.

use crate::position::Position;

/// The invariants of one position (panics, for the fuzzer, when one fails):
/// - its text reads back, under its rules, to the same position and the same text;
/// - the hash kept move by move equals the hash from scratch;
/// - every legal move's text reads back as that move, and no two moves share a text;
/// - the moves counted, and whether there is one, agree with the moves listed;
/// - the outcome is decided exactly when there is no legal move, and then the side to move
///   has lost.
pub fn check_position<P: Position>(position: &P) {
    let id = position.game_id();
    let text = position.to_string();
    let back = P::from_text(&text, position.rules())
        .unwrap_or_else(|e| panic!("{id}: '{text}' does not read back: {e}"));
    assert_eq!(
        &back, position,
        "{id}: '{text}' reads back to another position"
    );
    assert_eq!(
        back.to_string(),
        text,
        "{id}: '{text}' is written differently"
    );
    assert_eq!(
        position.hash(),
        position.hash_from_scratch(),
        "{id}: incremental hash of '{text}'"
    );
    let moves = position.legal_move_list();
    let mut texts = Vec::with_capacity(moves.len());
    for &mv in moves.iter() {
        let mv_text = mv.to_string();
        assert_eq!(
            position.parse_move(&mv_text),
            Ok(mv),
            "{id}: '{mv_text}' in '{text}' does not read back"
        );
        texts.push(mv_text);
    }
    let count = texts.len();
    texts.sort();
    texts.dedup();
    assert_eq!(
        texts.len(),
        count,
        "{id}: two moves share a text in '{text}'"
    );
    assert_eq!(
        position.count_legal_moves(),
        count as u64,
        "{id}: count_legal_moves in '{text}'"
    );
    assert_eq!(
        position.has_legal_move(),
        count > 0,
        "{id}: has_legal_move in '{text}'"
    );
    match position.outcome() {
        None => assert!(count > 0, "{id}: no move and no outcome in '{text}'"),
        Some(outcome) => {
            assert_eq!(count, 0, "{id}: moves after the end in '{text}'");
            assert_eq!(
                outcome.winner(),
                Some(position.side_to_move().opponent()),
                "{id}: the side to move of a finished game has not lost in '{text}'"
            );
        }
    }
}
