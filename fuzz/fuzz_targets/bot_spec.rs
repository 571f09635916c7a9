//! Bot specs (`--bot SPEC`, `alphabeta:time=100ms`, `level:3`, `uci:PATH,…`): the input is
//! the spec's text. A spec that reads must read again from its own text to the same spec,
//! and turning it into each game's bot spec and checking it for each game must not panic
//! (the bots themselves are not built: their tables would dominate the run).
//!
//! Specs that name a file outside the working folder (a `/` after `weights=`, `net=` or
//! `tablebases=`) are skipped, so that the fuzzer cannot read devices such as /dev/zero.
#![no_main]

use boardlab_ai::BotSpec;
use boardlab_core::{Encoding, Evaluate};
use boardlab_fuzz::text_of;
use boardlab_games::{GameId, GameVisitor, with_game};
use libfuzzer_sys::fuzz_target;

struct ForGame<'a>(&'a BotSpec);

impl GameVisitor for ForGame<'_> {
    type Output = ();

    fn visit<P: Evaluate + Encoding>(self, _game: P::Rules) {
        let spec = self.0.for_game::<P>();
        let _ = spec.check_for::<P>();
        let _ = self.0.check_for::<P>();
        let _ = spec.is_deterministic();
    }
}

fuzz_target!(|data: &[u8]| {
    let text = text_of(data);
    let names_a_path = ["weights=", "net=", "tablebases="].iter().any(|key| {
        text.split(key)
            .skip(1)
            .any(|value| value.split(',').next().is_some_and(|v| v.contains('/')))
    });
    if names_a_path {
        return;
    }
    let Ok(spec) = text.parse::<BotSpec>() else {
        return;
    };
    let again = spec.text().parse::<BotSpec>().unwrap_or_else(|e| {
        panic!(
            "'{text}' read as '{}', which does not read: {e}",
            spec.text()
        )
    });
    assert_eq!(again, spec, "'{text}' read as '{}'", spec.text());
    assert_eq!(spec.to_string(), spec.text());
    let _ = spec.is_deterministic();
    for &game in GameId::ALL {
        with_game(game, ForGame(&spec));
    }
});
