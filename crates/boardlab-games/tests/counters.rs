//! A position at the counters' limit can be played on, and every position reached still
//! reads back: the counters stop at the limit the position text allows.

use boardlab_core::text::MAX_COUNTER;
use boardlab_core::{Position, RuleOptions};
use boardlab_games::daisy::Daisy;
use boardlab_games::obsidian::Obsidian;
use boardlab_games::parity::Parity;
use boardlab_games::sprint::Sprint;

fn check<P: Position<Rules: Default>>() {
    // The draw rules off, so that the game goes on at the limit.
    let rules = P::Rules::from_assignments(&["no_progress_plies=0"]).unwrap_or_default();
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
            .unwrap_or_else(|error| panic!("{}: {error}", P::start(P::Rules::default()).game_id()));
        assert_eq!(again.to_string(), position.to_string());
    }
    let over = format!("{} {} {} 1", placement[0], placement[1], MAX_COUNTER + 1);
    assert!(P::from_text(&over, rules).is_err(), "{over}");
}

#[test]
fn counters_stop_at_the_limit_of_the_text() {
    check::<Obsidian>();
    check::<Daisy>();
    check::<Sprint>();
    check::<Parity>();
}
