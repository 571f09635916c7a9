//! What the fuzz targets share: choosing a game and its rule variant from fuzz bytes, and
//! the invariants every position must keep (`boardlab_core::conformance`, which the
//! conformance suite checks too).
//!
//! Every target that works on one game reads its first byte as the game
//! ([`GameId::ALL`], modulo four) and its second as the rule variant ([`rules_of`]); one
//! target covers all four games this way rather than one target per game, so that the
//! corpus of one game can mutate into another's.

use boardlab_core::{Player, RuleOptions};
use boardlab_games::GameId;

/// The game named by a fuzz byte.
pub fn game_of(byte: u8) -> GameId {
    GameId::ALL[usize::from(byte) % GameId::ALL.len()]
}

/// The rule options of `game` chosen by a fuzz byte: bit `i` flips the `i`-th option when
/// it is a switch (`true`/`false`), and bit 7 switches the draw rules' no-progress limit
/// off; every other option keeps its default.
pub fn rules_of<R: RuleOptions>(game: R, bits: u8) -> R {
    let mut rules = game;
    for (index, info) in game.options().iter().enumerate().take(7) {
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
    if bits & 0x80 != 0 && game.options().iter().any(|o| o.name == "no_progress_plies") {
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

pub use boardlab_core::conformance::check_position;
