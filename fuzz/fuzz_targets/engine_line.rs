//! The engine protocol (`boardlab engine`, UCI/UGI): the input is the lines a GUI would
//! send. Each line goes to the parser the engine uses for it: `setoption` (whose settings
//! must always make a valid bot spec), `position` (under the game and rules set so far) and
//! `go`. Lines that make the engine search or print are not carried out.
//!
//! The parsers live in the CLI binary, so its engine module is included here by path.
#![no_main]

#[path = "../../crates/boardlab-cli/src/commands/engine/mod.rs"]
#[allow(dead_code)]
mod engine;

use boardlab_core::{Encoding, Evaluate};
use boardlab_fuzz::{check_position, text_of};
use boardlab_games::{GameVisitor, with_game};
use engine::options::Settings;
use libfuzzer_sys::fuzz_target;

/// `position …` read for the settings' game under their rules, as the engine reads it.
struct ReadPosition<'a> {
    settings: &'a Settings,
    words: &'a [&'a str],
}

impl GameVisitor for ReadPosition<'_> {
    type Output = ();

    fn visit<P: Evaluate + Encoding>(self, game: P::Rules) {
        let rules = engine::options::rules_for::<P>(game, &self.settings.rules).unwrap_or(game);
        if let Ok(game) = engine::session::read_position::<P>(self.words, rules) {
            check_position(game.current());
            assert_eq!(game.current().rules(), rules);
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let text = text_of(data);
    let mut settings = Settings::default();
    for line in text.lines().take(16) {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else {
            continue;
        };
        match command {
            "setoption" => {
                if let Ok(changed) = engine::options::parse_setoption(rest, settings.clone()) {
                    // The engine builds its bot from these settings with `expect`.
                    let _ = changed.bot();
                    settings = changed;
                }
            }
            "position" => with_game(
                settings.game,
                ReadPosition {
                    settings: &settings,
                    words: rest,
                },
            ),
            "go" => {
                let _ = engine::go::parse_go(rest);
            }
            _ => {}
        }
    }
});
