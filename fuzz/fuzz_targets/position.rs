//! Position text of every game: `[game] [rule bits] TEXT`. Whatever `from_text` accepts
//! must keep every invariant of `check_position` (its text reads back to it, the hash, the
//! move texts, the outcome); nothing may panic.
#![no_main]

use boardlab_core::{Encoding, Evaluate};
use boardlab_fuzz::{check_position, game_of, rules_of, text_of};
use boardlab_games::{GameVisitor, with_game};
use libfuzzer_sys::fuzz_target;

struct ReadPosition<'a> {
    rule_bits: u8,
    text: &'a str,
}

impl GameVisitor for ReadPosition<'_> {
    type Output = ();

    fn visit<P: Evaluate + Encoding>(self, game: P::Rules) {
        if let Ok(position) = P::from_text(self.text, rules_of(game, self.rule_bits)) {
            check_position(&position);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let [game, rule_bits, rest @ ..] = data else {
        return;
    };
    let text = text_of(rest);
    with_game(
        game_of(*game),
        ReadPosition {
            rule_bits: *rule_bits,
            text: &text,
        },
    );
});
