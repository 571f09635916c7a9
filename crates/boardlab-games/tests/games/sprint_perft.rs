//! Sprint perft against the independent counts of ../shared/oracle/sprint.perft, for both
//! settings of the rule option `backward_captures`.

use crate::oracle;

use boardlab_core::perft::{divide, perft};
use boardlab_core::{Outcome, Player, Position, RuleOptions, WinReason};
use boardlab_games::Sprint;
use boardlab_games::sprint::SprintRules;

/// One row of sprint.perft: unlike the other tables it has a fourth field, the rule options
/// (`NAME=VALUE` separated by spaces, empty for the defaults), so `oracle::rows` cannot read
/// it.
struct Row {
    position: String,
    depth: u32,
    nodes: u64,
    rules: SprintRules,
}

fn rows() -> Vec<Row> {
    let path = format!("{}/tests/oracle/sprint.perft", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("reading {path}: {e}"));
    text.lines()
        .filter(|line| !line.starts_with('#') && !line.trim().is_empty())
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert!(
                fields.len() == 3 || fields.len() == 4,
                "bad oracle line: {line}"
            );
            let assignments: Vec<&str> = fields
                .get(3)
                .map(|r| r.split_whitespace().collect())
                .unwrap_or_default();
            Row {
                position: fields[0].to_string(),
                depth: fields[1].parse().expect("depth"),
                nodes: fields[2].parse().expect("nodes"),
                rules: SprintRules::from_assignments(&assignments).expect("valid rules"),
            }
        })
        .collect()
}

fn check_rows(keep: impl Fn(&Row) -> bool) -> usize {
    let mut checked = 0;
    for row in rows().iter().filter(|r| keep(r)) {
        let position =
            Sprint::from_text(&row.position, row.rules).expect("oracle positions are valid");
        assert_eq!(
            perft(&position, row.depth),
            row.nodes,
            "perft({}) of '{}' with {}",
            row.depth,
            row.position,
            row.rules.describe()
        );
        checked += 1;
    }
    checked
}

#[test]
fn oracle_copy_is_current() {
    oracle::assert_copy_matches_shared("sprint.perft");
}

#[test]
fn forward_captures_depths_1_to_10() {
    assert_eq!(check_rows(|r| !r.rules.backward_captures), 10);
}

#[test]
fn backward_captures_table() {
    assert_eq!(check_rows(|r| r.rules.backward_captures), 8);
}

#[test]
fn start_position_first_depths() {
    let start = Sprint::default();
    let expected = [5, 25, 106, 369, 1271];
    for (depth, nodes) in (1..=5).zip(expected) {
        assert_eq!(perft(&start, depth), nodes, "depth {depth}");
    }
}

#[test]
fn divide_sums_to_perft() {
    let start = Sprint::default();
    let rows = divide(&start, 4);
    let texts: Vec<String> = rows.iter().map(|(m, _)| m.to_string()).collect();
    assert_eq!(texts, ["b2a3", "b2c3", "d2c3", "d2e3", "f2e3"]);
    assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), 369);
}

#[test]
fn reaching_the_goal_ends_the_branch() {
    // White steps a5-b6 and wins: Black then has no moves.
    let position: Sprint = "6/w3b1/6/6/6/6 1".parse().unwrap();
    assert_eq!(position.count_legal_moves(), 1);
    for mv in position.legal_move_list().iter() {
        let mut after = position;
        after.play(*mv);
        if after.pieces(Player::One) & (0x3F << 30) != 0 {
            assert_eq!(after.count_legal_moves(), 0);
            assert_eq!(perft(&after, 3), 0);
            assert_eq!(
                after.outcome(),
                Some(Outcome::Win {
                    winner: Player::One,
                    reason: WinReason::ReachedGoal
                })
            );
        }
    }
}
