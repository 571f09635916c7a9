//! Game records (SPEC.md): the input is the text of a record file. A record that reads must
//! write and read back to the same record; `parse_all` must agree; a record that replays
//! must replay again once written from its history (same moves, same final position).
#![no_main]

use boardlab_core::record::{GameRecord, RecordResult};
use boardlab_core::{Encoding, Evaluate};
use boardlab_fuzz::text_of;
use boardlab_games::{GameId, GameVisitor, with_game};
use libfuzzer_sys::fuzz_target;

struct Replay<'a>(&'a GameRecord);

impl GameVisitor for Replay<'_> {
    type Output = ();

    fn visit<P: Evaluate + Encoding>(self, game: P::Rules) {
        let Ok(history) = self.0.replay_with::<P>(game) else {
            return;
        };
        let result = self
            .0
            .tag("Result")
            .and_then(RecordResult::from_text)
            .unwrap_or(RecordResult::Unfinished);
        let written = GameRecord::from_history(&history, "one", "two", result, "fuzz").to_string();
        let record = GameRecord::parse(&written).unwrap_or_else(|e| {
            panic!("a record written from a history does not read: {e}\n{written}")
        });
        let again = record.replay_with::<P>(game).unwrap_or_else(|e| {
            panic!("a record written from a history does not replay: {e}\n{written}")
        });
        assert_eq!(again.moves(), history.moves(), "{written}");
        assert_eq!(again.current(), history.current(), "{written}");
        assert_eq!(again.start(), history.start(), "{written}");
    }
}

fuzz_target!(|data: &[u8]| {
    let text = text_of(data);
    let Ok(record) = GameRecord::parse(&text) else {
        return;
    };
    let written = record.to_string();
    let back = GameRecord::parse(&written)
        .unwrap_or_else(|e| panic!("a written record does not read back: {e}\n{written}"));
    assert_eq!(back, record, "written as\n{written}");
    assert_eq!(back.to_string(), written);
    if let Ok(all) = GameRecord::parse_all(&written) {
        assert_eq!(all, [record.clone()], "parse_all of\n{written}");
    }
    // The `Game` tag picks the game to replay in (an unknown game is the replay's error).
    if let Some(game) = record.tag("Game").and_then(|g| g.parse::<GameId>().ok()) {
        with_game(game, Replay(&record));
    }
});
