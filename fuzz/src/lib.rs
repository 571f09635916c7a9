//! What the fuzz targets share: choosing a game and its rule variant from fuzz bytes, and
//! the invariants every position must keep (those of the conformance suite,
//! `crates/boardlab-games/tests/conformance.rs`).
//!
//! Every target that works on one game reads its first byte as the game
//! ([`GameId::ALL`], modulo four) and its second as the rule variant ([`rules_of`]); one
//! target covers all four games this way rather than one target per game, so that the
//! corpus of one game can mutate into another's.

use boardlab_core::{Player, Position, RuleOptions};
use boardlab_games::GameId;

/// The game named by a fuzz byte.
pub fn game_of(byte: u8) -> GameId {
    GameId::ALL[usize::from(byte) % GameId::ALL.len()]
}

/// The rule options chosen by a fuzz byte: bit `i` flips the `i`-th option when it is a
/// switch (`true`/`false`), and bit 7 switches the draw rules' no-progress limit off; every
/// other option keeps its default.
pub fn rules_of<R: RuleOptions>(bits: u8) -> R {
    let mut rules = R::default();
    for (index, info) in R::options().iter().enumerate().take(7) {
        if bits & (1 << index) == 0 {
            continue;
        }
        let flipped = match info.default {
            "true" => "false",
            "false" => "true",
            _ => continue,
        };
        rules
            .set(info.name, flipped)
            .expect("a switch takes true and false");
    }
    if bits & 0x80 != 0 && R::options().iter().any(|o| o.name == "no_progress_plies") {
        rules
            .set("no_progress_plies", "0")
            .expect("0 switches the limit off");
    }
    rules
}

/// The first player chosen by a fuzz byte, for games that draw it.
pub fn first_of(byte: u8) -> Player {
    if byte & 1 == 0 {
        Player::One
    } else {
        Player::Two
    }
}

/// Text from fuzz bytes: invalid UTF-8 is replaced, so every input reaches the parsers.
pub fn text_of(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The invariants of one position (panics, for the fuzzer, when one fails):
/// - its text reads back, under its rules, to the same position and the same text;
/// - the hash kept move by move equals the hash from scratch;
/// - every legal move's text reads back as that move, and no two moves share a text;
/// - the outcome is decided exactly when there is no legal move, and then the side to move
///   has lost.
pub fn check_position<P: Position>(position: &P) {
    let id = P::GAME_ID;
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
