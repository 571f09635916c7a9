//! Parity board layouts (`ParityRules::load_board`, the `--board FILE` format): the input is
//! the file's text. A layout that loads must write and load back to the same layout, and
//! the game on it must keep every invariant for a few plies picked by the layout's bytes.
#![no_main]

use boardlab_core::{Player, Position, RuleOptions};
use boardlab_fuzz::{check_position, text_of};
use boardlab_games::parity::{Layout, Parity, ParityRules};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = text_of(data);
    let mut rules = ParityRules::default();
    if rules.load_board(&text).is_err() {
        return;
    }
    let written = rules.layout.to_string();
    assert_eq!(
        Layout::parse(&written),
        Ok(rules.layout),
        "layout of\n{text}\nwritten as\n{written}"
    );
    for first in [Player::One, Player::Two] {
        let mut position = Parity::start_with_first(rules, first);
        for &choice in data.iter().take(12) {
            check_position(&position);
            let moves = position.legal_move_list();
            if moves.is_empty() {
                break;
            }
            position.play(moves[usize::from(choice) % moves.len()]);
        }
    }
});
