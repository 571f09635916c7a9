//! The exhaustive solver against plain minimax (no pruning, no bounds): Sprint's start in
//! both rule settings, and positions a few plies from the end of random games.

use boardlab_ai::solver::{ENTRY_BYTES, Halt, PerfectBot, SolveError, Solver, table_bits_for};
use boardlab_ai::{Bot, StopFlag};
use boardlab_core::{GameHistory, GameValue, Position, RuleOptions};
use boardlab_games::sprint::{Sprint, SprintRules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// The value of `position` by plain minimax over every line, remembered by hash.
fn minimax(position: &Sprint, memo: &mut HashMap<u64, GameValue>) -> GameValue {
    if position.loss_reason().is_some() {
        return GameValue::Loss(0);
    }
    if let Some(&value) = memo.get(&position.hash()) {
        return value;
    }
    let mut best = GameValue::Loss(0);
    for mv in position.legal_move_list().iter() {
        let mut child = *position;
        child.play(*mv);
        best = best.max(minimax(&child, memo).for_mover());
    }
    memo.insert(position.hash(), best);
    best
}

fn rules(backward_captures: bool) -> SprintRules {
    SprintRules::from_assignments(&[format!("backward_captures={backward_captures}")]).unwrap()
}

/// Every move's value from the solver equals plain minimax's.
fn check(position: &Sprint, solver: &mut Solver<Sprint>, memo: &mut HashMap<u64, GameValue>) {
    let solution = solver.solve(position).unwrap();
    assert_eq!(solution.value, minimax(position, memo), "{position}");
    let best = solution.moves.iter().map(|entry| entry.value).max();
    assert_eq!(
        best.unwrap_or(GameValue::Loss(0)),
        solution.value,
        "{position}"
    );
    for entry in &solution.moves {
        let mut child = *position;
        child.play(entry.mv);
        assert_eq!(
            entry.value,
            minimax(&child, memo).for_mover(),
            "{position} {}",
            entry.text
        );
    }
}

#[test]
fn sprint_start_agrees_with_plain_minimax() {
    for backward in [false, true] {
        let start = Sprint::start(rules(backward));
        let mut solver = Solver::new(None, u64::MAX);
        check(&start, &mut solver, &mut HashMap::new());
    }
}

#[test]
fn sprint_endings_agree_with_plain_minimax() {
    let mut rng = SmallRng::seed_from_u64(12);
    // One solver per rule setting: a table must not mix the values of two rule sets.
    let mut solvers = [Solver::new(None, u64::MAX), Solver::new(None, u64::MAX)];
    let mut memos = [HashMap::new(), HashMap::new()];
    for game in 0..200 {
        let backward = game % 2 == 1;
        let mut position = Sprint::start(rules(backward));
        let mut line = vec![position];
        while position.outcome().is_none() {
            let moves = position.legal_move_list();
            position.play(moves[rng.random_range(0..moves.len())]);
            line.push(position);
        }
        for back in 1..=8.min(line.len()) {
            let setting = backward as usize;
            check(
                &line[line.len() - back],
                &mut solvers[setting],
                &mut memos[setting],
            );
        }
    }
}

#[test]
fn a_finished_position_is_a_loss_in_zero() {
    // White has reached Black's baseline: Black, to move, has lost.
    let position = Sprint::from_text("1w1b1b/b1b1b1/6/6/1w1w1w/6 2", rules(false)).unwrap();
    let solution = Solver::new(None, u64::MAX).solve(&position).unwrap();
    assert!(solution.moves.is_empty());
    assert_eq!(solution.value, GameValue::Loss(0));
    assert_eq!(
        solution.lines(),
        vec![String::new(), "Value: loss 0".to_string()]
    );
}

#[test]
fn a_tiny_table_gives_the_same_values() {
    // 2^8 entries (6 KiB) instead of 96 MiB for the start, 2^6 for endings: more
    // positions are searched again, but every value stays exact. (With backward captures
    // small tables make the search explode, so that setting is checked with 2^18 entries.)
    let mut solver = Solver::with_table_bits(None, u64::MAX, 8);
    check(
        &Sprint::start(rules(false)),
        &mut solver,
        &mut HashMap::new(),
    );
    let mut solver = Solver::with_table_bits(None, u64::MAX, 18);
    check(
        &Sprint::start(rules(true)),
        &mut solver,
        &mut HashMap::new(),
    );
    let mut rng = SmallRng::seed_from_u64(34);
    let mut solver = Solver::with_table_bits(None, u64::MAX, 6);
    let mut memo = HashMap::new();
    for _ in 0..30 {
        let mut position = Sprint::start(rules(false));
        let mut line = vec![position];
        while position.outcome().is_none() {
            let moves = position.legal_move_list();
            position.play(moves[rng.random_range(0..moves.len())]);
            line.push(position);
        }
        for back in 1..=8.min(line.len()) {
            check(&line[line.len() - back], &mut solver, &mut memo);
        }
    }
}

#[test]
fn table_sizes_follow_the_memory_given() {
    let mib = 1 << 20;
    assert_eq!(ENTRY_BYTES, 24);
    // 96 MiB is 2^22 entries; anything short of it one size less; never under 2 entries.
    assert_eq!(table_bits_for(96 * mib), 22);
    assert_eq!(table_bits_for(96 * mib - 1), 21);
    assert_eq!(table_bits_for(128 * mib), 22);
    assert_eq!(table_bits_for(0), 1);
}

#[test]
fn a_stop_flag_set_before_the_search_stops_it_at_once() {
    // With a tiny table the start takes millions of positions; a flag set before it makes
    // the call answer at once, without a value.
    let flag: StopFlag = Arc::new(AtomicBool::new(true));
    let mut solver = Solver::with_table_bits(None, u64::MAX, 4);
    solver.set_stop(Some(flag.clone()));
    let start = Sprint::start(rules(true));
    match solver.value(&start) {
        Err(SolveError::Interrupted { halt, nodes }) => {
            assert_eq!(halt, Halt::Stopped);
            assert!(nodes <= 1024, "{nodes}");
        }
        other => panic!("not stopped: {other:?}"),
    }
    // Cleared, the same solver goes on to the exact value.
    flag.store(false, Ordering::Relaxed);
    let near_end = Sprint::from_text("1w1b1b/b1b1b1/6/6/1w1w1w/6 2", rules(true)).unwrap();
    assert_eq!(
        Solver::new(None, u64::MAX).value(&near_end).unwrap(),
        solver.value(&near_end).unwrap()
    );
}

#[test]
fn a_stop_flag_set_during_the_search_stops_it() {
    // The flag is set from the search's own progress report (after a million positions),
    // as another thread would: the search stops within about a thousand positions.
    let flag: StopFlag = Arc::new(AtomicBool::new(false));
    let mut solver = Solver::with_table_bits(None, u64::MAX, 4);
    solver.set_stop(Some(flag.clone()));
    let setter = flag.clone();
    let reported = Arc::new(std::sync::atomic::AtomicU64::new(0));
    let seen = reported.clone();
    solver.on_progress(move |nodes| {
        seen.store(nodes, Ordering::Relaxed);
        setter.store(true, Ordering::Relaxed);
    });
    match solver.value(&Sprint::start(rules(true))) {
        Err(SolveError::Interrupted { halt, nodes }) => {
            assert_eq!(halt, Halt::Stopped);
            let at = reported.load(Ordering::Relaxed);
            assert!(
                at > 0 && nodes - at <= 1024,
                "set at {at}, stopped at {nodes}"
            );
        }
        other => panic!("not stopped: {other:?}"),
    }
}

#[test]
fn a_passed_deadline_stops_the_search() {
    let mut solver = Solver::with_table_bits(None, u64::MAX, 4);
    solver.set_deadline(Some(Instant::now()));
    match solver.value(&Sprint::start(rules(true))) {
        Err(SolveError::Interrupted { halt, .. }) => assert_eq!(halt, Halt::TimeUp),
        other => panic!("not stopped: {other:?}"),
    }
}

#[test]
fn a_stopped_perfect_player_answers_its_fallbacks_move() {
    // The perfect player's stop flag reaches its solver: set before a search that would
    // take long (a tiny table and no node limit), the bot still answers a legal move.
    let fallback = boardlab_ai::levels::level_spec::<Sprint>(boardlab_ai::TOP_LEVEL)
        .unwrap()
        .build::<Sprint>(1);
    let mut bot =
        PerfectBot::new("perfect".to_string(), None, u64::MAX, fallback).with_table_bits(4);
    let flag = bot.stop_flag().expect("the perfect player can be stopped");
    flag.store(true, Ordering::Relaxed);
    let history = GameHistory::new(Sprint::start(rules(true)));
    let mut notes = Vec::new();
    let mv = bot
        .choose(&history, &mut |info| notes.push(info.note.clone()))
        .expect("a move");
    assert!(history.current().legal_move_list().contains(&mv));
    assert!(
        notes
            .iter()
            .flatten()
            .any(|note| note.contains("asked to stop")),
        "{notes:?}"
    );
}
