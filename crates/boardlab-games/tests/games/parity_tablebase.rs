//! Parity tablebases against a plain solver: every position of small materials, on the
//! default board and on a board without half-turn symmetry, has the same value both ways.

use boardlab_core::{GameValue, MoveList, Player, Position, RuleOptions};
use boardlab_games::parity::tablebase::{
    self, BuildOptions, Geometry, Placement, TableKey, Tablebase,
};
use boardlab_games::parity::{Parity, ParityRules};
use std::collections::HashMap;

/// Every set of `count` squares out of `squares`.
fn sets(squares: u32, count: u32) -> Vec<u64> {
    (0u64..1 << squares)
        .filter(|set| set.count_ones() == count)
        .collect()
}

/// Every placement of `white` and `black` pieces on `squares` spaces.
fn placements(squares: u32, white: u32, black: u32) -> Vec<Placement> {
    let blacks = sets(squares, black);
    let mut found = Vec::new();
    for white_set in sets(squares, white) {
        for &black_set in &blacks {
            if black_set & white_set == 0 {
                found.push(Placement {
                    white: white_set,
                    black: black_set,
                });
            }
        }
    }
    found
}

/// The value of every position with up to `max_white` and `max_black` pieces (none
/// included), by rounds: round n decides the losses in n and wins in n, straight from the
/// rules (a side that cannot move has lost; a capture of the last piece leaves the loser
/// without moves).
fn plain_values(
    geometry: &Geometry,
    max_white: u32,
    max_black: u32,
) -> HashMap<(u64, u64, Player), GameValue> {
    let mut positions: Vec<Parity> = Vec::new();
    for white in 0..=max_white {
        for black in 0..=max_black {
            for placement in placements(geometry.squares(), white, black) {
                for side in Player::BOTH {
                    positions.push(geometry.position(TableKey::new(white, black, side), placement));
                }
            }
        }
    }
    let key = |position: &Parity| {
        (
            position.pieces_of(Player::One) as u64,
            position.pieces_of(Player::Two) as u64,
            position.side_to_move(),
        )
    };
    let children: Vec<Vec<(u64, u64, Player)>> = positions
        .iter()
        .map(|position| {
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&mv| {
                    let mut child = *position;
                    child.play(mv);
                    key(&child)
                })
                .collect()
        })
        .collect();
    let mut values: HashMap<(u64, u64, Player), GameValue> = HashMap::new();
    for round in 0.. {
        let mut decided = Vec::new();
        for (position, children) in positions.iter().zip(&children) {
            if values.contains_key(&key(position)) {
                continue;
            }
            let child_values: Vec<Option<GameValue>> = children
                .iter()
                .map(|child| values.get(child).copied())
                .collect();
            let wins_now = child_values
                .iter()
                .any(|value| *value == Some(GameValue::Loss(round.max(1) - 1)) && round > 0);
            let all_lose = child_values
                .iter()
                .all(|value| matches!(value, Some(GameValue::Win(_))));
            let longest = child_values
                .iter()
                .filter_map(|value| value.and_then(GameValue::plies))
                .max();
            if wins_now {
                decided.push((key(position), GameValue::Win(round)));
            } else if all_lose && longest.map_or(0, |plies| plies + 1) == round {
                decided.push((key(position), GameValue::Loss(round)));
            }
        }
        if decided.is_empty() {
            break;
        }
        values.extend(decided);
    }
    values
}

/// Builds the tables up to `max_white` against `max_black` on a board (the default one
/// when `None`) and compares every position's value with the plain solver's.
fn check_board(layout_text: Option<&str>, max_white: u32, max_black: u32) {
    // One thread writes plainly, several atomically (the build's `Writers`): check both.
    for threads in [1, 2] {
        check_board_on(layout_text, max_white, max_black, threads);
    }
}

/// [`check_board`] with tables built on `threads` threads.
fn check_board_on(layout_text: Option<&str>, max_white: u32, max_black: u32, threads: usize) {
    let mut rules = ParityRules::default();
    if let Some(text) = layout_text {
        rules.load_board(text).unwrap();
    }
    let geometry = Geometry::new(rules.layout).unwrap();
    let dir = std::env::temp_dir().join(format!(
        "boardlab-tablebase-test-{}-{}x{max_white}-{max_black}-{threads}",
        std::process::id(),
        geometry.squares()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    let options = BuildOptions {
        max_white,
        max_black,
        threads,
    };
    tablebase::build(&geometry, &dir, options, &tablebase::Quiet).unwrap();
    let tables = Tablebase::open(&dir, rules).unwrap();
    let plain = plain_values(&geometry, max_white, max_black);
    let mut checked = 0;
    let mut kinds = [0; 3];
    for white in 1..=max_white {
        for black in 1..=max_black {
            for placement in placements(geometry.squares(), white, black) {
                for side in Player::BOTH {
                    let expected = plain
                        .get(&(placement.white, placement.black, side))
                        .copied()
                        .unwrap_or(GameValue::Draw);
                    let found = tables
                        .probe_placement(TableKey::new(white, black, side), placement)
                        .unwrap();
                    assert_eq!(
                        found,
                        Some(expected),
                        "{}",
                        geometry.position(TableKey::new(white, black, side), placement)
                    );
                    kinds[match expected {
                        GameValue::Win(_) => 0,
                        GameValue::Loss(_) => 1,
                        GameValue::Draw => 2,
                    }] += 1;
                    checked += 1;
                }
            }
        }
    }
    // The boards are chosen so that every kind of value occurs.
    assert!(
        kinds.iter().all(|&count| count > 0),
        "{kinds:?} of {checked}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn default_board_agrees_with_a_plain_solver() {
    check_board(None, 2, 2);
}

#[test]
fn a_board_without_symmetry_agrees_with_a_plain_solver() {
    let layout = "WBWB\nURBW\nWRUB\nBWBW\n";
    let geometry = Geometry::new({
        let mut rules = ParityRules::default();
        rules.load_board(layout).unwrap();
        rules.layout
    })
    .unwrap();
    assert!(!geometry.symmetric());
    check_board(Some(layout), 3, 2);
}

/// Every sampled position of a built tablebase folder (`BOARDLAB_TABLEBASES=DIR`, default
/// board) has the value its moves give: the best of the values of the positions they reach,
/// read from the same tables (a loss in 0 without moves). Run with
/// `BOARDLAB_TABLEBASES=tb cargo test --release -p boardlab-games --test games parity_tablebase:: -- --ignored`.
#[test]
#[ignore = "needs a built tablebase folder in BOARDLAB_TABLEBASES"]
fn built_tables_are_consistent_with_the_moves() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let dir = std::env::var("BOARDLAB_TABLEBASES").expect("set BOARDLAB_TABLEBASES=DIR");
    let rules = ParityRules::default();
    let geometry = Geometry::new(rules.layout).unwrap();
    let tables = Tablebase::open(std::path::Path::new(&dir), rules).unwrap();
    let mut rng = SmallRng::seed_from_u64(5);
    for key in tables.materials() {
        let mut counts = [0u32; 3];
        for _ in 0..20_000 {
            let mut placement = Placement { white: 0, black: 0 };
            while placement.white.count_ones() < key.white {
                placement.white |= 1 << rng.random_range(0..geometry.squares());
            }
            while placement.black.count_ones() < key.black {
                let square = 1 << rng.random_range(0..geometry.squares());
                if square & placement.white == 0 {
                    placement.black |= square;
                }
            }
            let position = geometry.position(key, placement);
            let value = tables.probe_placement(key, placement).unwrap().unwrap();
            let mut best = GameValue::Loss(0);
            for mv in position.legal_move_list().iter() {
                let mut child = position;
                child.play(*mv);
                let child_key = TableKey::new(
                    child.pieces_of(Player::One).count_ones(),
                    child.pieces_of(Player::Two).count_ones(),
                    child.side_to_move(),
                );
                let child_placement = Placement {
                    white: child.pieces_of(Player::One) as u64,
                    black: child.pieces_of(Player::Two) as u64,
                };
                let child_value = if child_key.white == 0 || child_key.black == 0 {
                    GameValue::Loss(0)
                } else {
                    tables
                        .probe_placement(child_key, child_placement)
                        .unwrap()
                        .unwrap()
                };
                best = best.max(child_value.for_mover());
            }
            assert_eq!(value, best, "{position}");
            counts[match value {
                GameValue::Win(_) => 0,
                GameValue::Loss(_) => 1,
                GameValue::Draw => 2,
            }] += 1;
        }
        eprintln!(
            "w{}-b{} side {}: 20,000 positions consistent ({} wins, {} losses, {} draws)",
            key.white, key.black, key.side, counts[0], counts[1], counts[2]
        );
    }
}
