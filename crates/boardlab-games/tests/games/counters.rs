//! A position at the counters' limit can be played on, and every position reached still
//! reads back: the counters stop at the limit the position text allows.

use boardlab_core::text::MAX_COUNTER;
use boardlab_core::{Position, RuleOptions};

fn check<P: Position>(game: P::Rules) {
    // The draw rules off (where the game has them), so that the game goes on at the limit.
    let mut rules = game;
    if rules.set("no_progress_plies", "0").is_err() {
        rules = game;
    }
    let start = P::start(rules).to_string();
    let placement: Vec<&str> = start.split_whitespace().take(2).collect();
    let text = format!(
        "{} {} {MAX_COUNTER} {MAX_COUNTER}",
        placement[0], placement[1]
    );
    let mut position = P::from_text(&text, rules).unwrap();
    for _ in 0..4 {
        let moves = position.legal_move_list();
        let Some(&mv) = moves.first() else { break };
        position.play(mv);
        let again = P::from_text(&position.to_string(), rules)
            .unwrap_or_else(|error| panic!("{}: {error}", P::start(game).game_id()));
        assert_eq!(again.to_string(), position.to_string());
    }
    let over = format!("{} {} {} 1", placement[0], placement[1], MAX_COUNTER + 1);
    assert!(P::from_text(&over, rules).is_err(), "{over}");
}

#[test]
fn counters_stop_at_the_limit_of_the_text() {
    every_game!(check);
}
