//! Obsidian perft against the independent counts of ../shared/oracle/obsidian.perft.

use crate::oracle;

use boardlab_core::Position;
use boardlab_core::perft::{divide, perft};
use boardlab_games::Obsidian;

fn check_rows(keep: impl Fn(&oracle::PerftRow) -> bool) -> usize {
    let mut checked = 0;
    for row in oracle::rows("obsidian.perft").iter().filter(|r| keep(r)) {
        let position: Obsidian = row.position.parse().expect("oracle positions are valid");
        assert_eq!(
            perft(&position, row.depth),
            row.nodes,
            "perft({}) of '{}'",
            row.depth,
            row.position
        );
        checked += 1;
    }
    checked
}

#[test]
fn oracle_copy_is_current() {
    oracle::assert_copy_matches_shared("obsidian.perft");
}

#[test]
fn start_position_depths_1_to_5() {
    let start = Obsidian::default();
    let expected = [20, 400, 8902, 197742, 4896998];
    for (depth, nodes) in (1..=5).zip(expected) {
        assert_eq!(perft(&start, depth), nodes, "depth {depth}");
    }
}

#[test]
fn every_oracle_row_up_to_depth_5() {
    assert_eq!(check_rows(|r| r.depth <= 5), 57);
}

#[test]
#[ignore = "deep: about a second in release (run with --ignored)"]
fn oracle_depth_6() {
    assert_eq!(check_rows(|r| r.depth == 6), 1);
}

#[test]
#[ignore = "deep: about ten seconds in release (run with --ignored)"]
fn oracle_depth_7() {
    assert_eq!(check_rows(|r| r.depth == 7), 1);
}

#[test]
fn divide_sums_to_perft() {
    let start = Obsidian::default();
    let rows = divide(&start, 3);
    assert_eq!(rows.len(), 20);
    assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), 8902);
    let texts: Vec<String> = rows.iter().map(|(m, _)| m.to_string()).collect();
    let mut sorted = texts.clone();
    sorted.sort();
    assert_eq!(texts, sorted, "divide rows are sorted by move text");
}

#[test]
fn a_captured_d_ends_the_branch() {
    // Player 1's e takes the D on e8: afterwards Player 2 has lost and has no moves.
    let position: Obsidian = "4D3/8/8/8/8/8/8/3de3 1".parse().unwrap();
    let mv = position.parse_move("e1e8").unwrap();
    let mut after = position;
    after.play(mv);
    assert_eq!(after.count_legal_moves(), 0);
    assert_eq!(perft(&after, 3), 0);
    assert!(after.outcome().is_some());
}
