//! Move text: `[game] [rule bits] [first player] [plies] [move choices…] TEXT`. The game
//! starts (with the chosen first player where the rules draw it), plays up to `plies % 8`
//! legal moves picked by the choice bytes, then reads TEXT as a move: an accepted move must
//! be one of the legal moves, its own text must read back to it, and playing it by text in
//! a `GameHistory` must succeed.
#![no_main]

use boardlab_core::{Encoding, Evaluate, GameHistory};
use boardlab_fuzz::{first_of, game_of, rules_of, text_of};
use boardlab_games::{GameVisitor, with_game};
use libfuzzer_sys::fuzz_target;

struct ReadMove<'a> {
    rule_bits: u8,
    first: u8,
    plies: u8,
    rest: &'a [u8],
}

impl GameVisitor for ReadMove<'_> {
    type Output = ();

    fn visit<P: Evaluate + Encoding>(self, game: P::Rules) {
        let mut position =
            P::start_with_first(rules_of(game, self.rule_bits), first_of(self.first));
        let mut rest = self.rest;
        for _ in 0..self.plies % 8 {
            let Some((&choice, tail)) = rest.split_first() else {
                return;
            };
            rest = tail;
            let moves = position.legal_move_list();
            if moves.is_empty() {
                break;
            }
            position.play(moves[usize::from(choice) % moves.len()]);
        }
        let text = text_of(rest);
        match position.parse_move(&text) {
            Ok(mv) => {
                assert!(
                    position.legal_move_list().contains(&mv),
                    "'{text}' read as {mv}, not a legal move of '{position}'"
                );
                assert_eq!(position.parse_move(&mv.to_string()), Ok(mv));
                let mut history = GameHistory::new(position);
                if history.outcome().is_none() {
                    assert_eq!(history.play_text(&text), Ok(mv));
                }
            }
            Err(_) => {
                let mut history = GameHistory::new(position);
                assert!(history.play_text(&text).is_err());
            }
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let [game, rule_bits, first, plies, rest @ ..] = data else {
        return;
    };
    with_game(
        game_of(*game),
        ReadMove {
            rule_bits: *rule_bits,
            first: *first,
            plies: *plies,
            rest,
        },
    );
});
