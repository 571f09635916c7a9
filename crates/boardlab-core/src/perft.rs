//! Perft: counting the leaves of the legal-move tree, the standard test of a move generator.

use crate::move_list::MoveList;
use crate::position::Position;

/// The number of leaf positions `depth` plies below `position`.
///
/// Finished games have no moves, so they end their branch; draw rules are ignored, as chess
/// perft ignores them. The last ply is counted, not played (bulk counting).
pub fn perft<P: Position>(position: &P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves(),
        _ => {
            let mut moves = MoveList::new();
            position.legal_moves(&mut moves);
            moves
                .iter()
                .map(|&mv| {
                    let mut child = *position;
                    child.play(mv);
                    perft(&child, depth - 1)
                })
                .sum()
        }
    }
}

/// Perft split by the first move: each legal move with the leaf count below it, sorted by
/// the move's text. `depth` counts the first move, so `depth` 1 gives 1 for every move.
pub fn divide<P: Position>(position: &P, depth: u32) -> Vec<(P::Move, u64)> {
    let mut moves = MoveList::new();
    position.legal_moves(&mut moves);
    let mut rows: Vec<(P::Move, u64)> = moves
        .iter()
        .map(|&mv| {
            let mut child = *position;
            child.play(mv);
            (mv, perft(&child, depth.saturating_sub(1)))
        })
        .collect();
    rows.sort_by_cached_key(|(mv, _)| mv.to_string());
    rows
}
