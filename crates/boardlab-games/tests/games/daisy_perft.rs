//! Daisy perft against the independent counts of ../shared/oracle/daisy.perft.

use crate::oracle;

use boardlab_core::Position;
use boardlab_core::perft::{divide, perft};
use boardlab_games::Daisy;

/// Checks every oracle row that `keep` selects; returns how many were checked.
fn check_rows(keep: impl Fn(&oracle::PerftRow) -> bool) -> usize {
    let mut checked = 0;
    for row in oracle::rows("daisy.perft").iter().filter(|r| keep(r)) {
        let position: Daisy = row.position.parse().expect("oracle positions are valid");
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
    oracle::assert_copy_matches_shared("daisy.perft");
}

#[test]
fn start_position_depths_1_to_3() {
    let start = Daisy::default();
    let expected = [648, 414_720, 252_250_176];
    for (depth, nodes) in (1..=3).zip(expected) {
        assert_eq!(perft(&start, depth), nodes, "depth {depth}");
    }
}

#[test]
fn every_oracle_row_up_to_depth_3() {
    assert_eq!(check_rows(|r| r.depth <= 3), 27);
}

#[test]
fn every_oracle_row_of_depth_4() {
    // The three depth-4 rows take about a third of a second together in release.
    assert_eq!(check_rows(|r| r.depth == 4), 3);
}

#[test]
fn oracle_rows_all_checked() {
    assert_eq!(oracle::rows("daisy.perft").len(), 30);
}

#[test]
fn counting_equals_generating() {
    // Bulk counting at the last ply must agree with generating the moves one by one.
    for row in oracle::rows("daisy.perft").iter().filter(|r| r.depth == 1) {
        let position: Daisy = row.position.parse().unwrap();
        let mut moves = boardlab_core::MoveList::new();
        position.legal_moves(&mut moves);
        assert_eq!(moves.len() as u64, position.count_legal_moves());
        for &mv in moves.iter() {
            let mut child = position;
            child.play(mv);
            assert_eq!(
                child.legal_move_list().len() as u64,
                child.count_legal_moves(),
                "after {mv} from '{}'",
                row.position
            );
        }
    }
}

#[test]
fn divide_sums_to_perft() {
    let start = Daisy::default();
    let rows = divide(&start, 2);
    assert_eq!(rows.len(), 648);
    assert!(rows.iter().all(|(_, n)| *n == 640));
    assert_eq!(rows.iter().map(|(_, n)| n).sum::<u64>(), 414_720);
    assert_eq!(rows[0].0.to_string(), "A@a1");
}
