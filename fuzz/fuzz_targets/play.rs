//! Structured: random legal play. `[game] [rule bits] [first player] [move choices…]`: the
//! game starts (with the chosen first player where the rules draw it) and each pair of
//! choice bytes picks the next legal move; before every ply and at the end the position
//! must keep every invariant of `check_position` (hash equal to the hash from scratch,
//! position text round trip, every legal move's text reading back to it, outcome decided
//! exactly when no move is left and then a loss for the side to move). The game is also
//! kept in a `GameHistory`, which must accept each move by its text until the game ends.
#![no_main]

use boardlab_core::{Encoding, Evaluate, GameHistory};
use boardlab_fuzz::{check_position, first_of, game_of, rules_of};
use boardlab_games::{GameVisitor, with_game};
use libfuzzer_sys::fuzz_target;

/// The longest game played from one input.
const MAX_PLIES: usize = 400;

struct Play<'a> {
    rule_bits: u8,
    first: u8,
    choices: &'a [u8],
}

impl GameVisitor for Play<'_> {
    type Output = ();

    fn visit<P: Evaluate + Encoding>(self, game: P::Rules) {
        let mut position =
            P::start_with_first(rules_of(game, self.rule_bits), first_of(self.first));
        let mut history = GameHistory::new(position);
        for pair in self.choices.chunks(2).take(MAX_PLIES) {
            check_position(&position);
            let moves = position.legal_move_list();
            if moves.is_empty() {
                return;
            }
            let choice = usize::from(pair[0]) | usize::from(*pair.get(1).unwrap_or(&0)) << 8;
            let mv = moves[choice % moves.len()];
            if history.outcome().is_none() {
                assert_eq!(history.play_text(&mv.to_string()), Ok(mv));
                assert_eq!(history.current(), &{
                    let mut next = position;
                    next.play(mv);
                    next
                });
            }
            position.play(mv);
        }
        check_position(&position);
    }
}

fuzz_target!(|data: &[u8]| {
    let [game, rule_bits, first, choices @ ..] = data else {
        return;
    };
    with_game(
        game_of(*game),
        Play {
            rule_bits: *rule_bits,
            first: *first,
            choices,
        },
    );
});
