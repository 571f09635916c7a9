//! Rule options (`--rule NAME=VALUE`, `RuleOptions::set` and `from_assignments`):
//! `[game] TEXT`, where TEXT holds assignments separated by whitespace. Options that read
//! must be described as `name=value` words that read back to the same options, every
//! option's value must set back to itself, and the start position under them must keep the
//! invariants of `check_position`.
#![no_main]

use boardlab_core::{Encoding, Evaluate, RuleOptions};
use boardlab_fuzz::{check_position, game_of, text_of};
use boardlab_games::{GameVisitor, with_game};
use libfuzzer_sys::fuzz_target;

struct ReadRules<'a>(&'a str);

impl GameVisitor for ReadRules<'_> {
    type Output = ();

    fn visit<P: Evaluate + Encoding>(self, game: P::Rules) {
        // One assignment alone, as `apply` reads it, and `set` with the text split at '='.
        let mut one = game;
        let _ = one.apply(self.0);
        if let Some((name, value)) = self.0.split_once('=') {
            let _ = one.set(name, value);
        }
        let assignments: Vec<&str> = self.0.split_whitespace().collect();
        let Ok(rules) = game.with_assignments(&assignments) else {
            return;
        };
        let described = rules.describe();
        let words: Vec<&str> = described.split_whitespace().collect();
        assert_eq!(
            game.with_assignments(&words),
            Ok(rules),
            "'{}' described as '{described}'",
            self.0
        );
        for info in game.options() {
            let value = rules
                .get(info.name)
                .unwrap_or_else(|| panic!("option '{}' has no value", info.name));
            let mut again = rules;
            again
                .set(info.name, &value)
                .unwrap_or_else(|e| panic!("{}={value} does not set back: {e}", info.name));
            assert_eq!(again, rules, "{}={value}", info.name);
        }
        let _ = rules.draw_rules();
        check_position(&P::start(rules));
    }
}

fuzz_target!(|data: &[u8]| {
    let [game, rest @ ..] = data else {
        return;
    };
    let text = text_of(rest);
    with_game(game_of(*game), ReadRules(&text));
});
