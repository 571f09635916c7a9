//! The exhaustive solver against plain minimax (no pruning, no bounds): Sprint's start in
//! both rule settings, and positions a few plies from the end of random games.

use boardlab_ai::solver::Solver;
use boardlab_core::{GameValue, Position, RuleOptions};
use boardlab_games::sprint::{Sprint, SprintRules};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use std::collections::HashMap;

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
