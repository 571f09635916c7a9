//! Parity perft against ../shared/oracle/parity.perft, and the seed's own example.

use crate::oracle;

use boardlab_core::Position;
use boardlab_core::perft::perft;
use boardlab_games::Parity;

#[test]
fn oracle_copy_is_current() {
    oracle::assert_copy_matches_shared("parity.perft");
}

#[test]
fn every_oracle_row() {
    let rows = oracle::rows("parity.perft");
    assert_eq!(rows.len(), 8);
    for row in rows {
        let position: Parity = row.position.parse().unwrap();
        assert_eq!(
            perft(&position, row.depth),
            row.nodes,
            "depth {} of {}",
            row.depth,
            row.position
        );
    }
}

#[test]
fn start_position_is_the_oracle_start() {
    assert_eq!(
        Parity::default().to_string(),
        "bbbb/1bb1/4/4/1ww1/wwww 1 0 1"
    );
}

#[test]
fn the_seeds_example() {
    // Five pieces: White on a4, c5, d4; Black on a5, d5. d4 takes d5 landing on the black d6;
    // c5 cannot take d5 (not in front of it); a4 cannot take a5 (after the capture four pieces
    // remain, even, so the blue space a5 cannot be passed over).
    let position: Parity = "4/b1wb/w2w/4/4/4 1".parse().unwrap();
    let mut moves: Vec<String> = position
        .legal_move_list()
        .iter()
        .map(|m| m.to_string())
        .collect();
    moves.sort();
    assert_eq!(
        moves,
        ["a4a3", "c5b5", "c5c4", "c5c6", "d4c4", "d4d3", "d4d6"]
    );
    let err = position.parse_move("a4a6").unwrap_err().to_string();
    assert!(err.contains("a5 is a blue space, closed while the number of pieces on the board is even (4 after the capture)"), "{err}");
}
