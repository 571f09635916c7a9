//! Random playouts: whole games of random legal moves, the raw material of Monte Carlo
//! search and of self-play statistics.

use crate::move_list::MoveList;
use crate::outcome::{DrawReason, Outcome};
use crate::position::Position;
use crate::rules::RuleOptions;

/// The end of one random playout.
#[derive(Clone, Copy, Debug)]
pub struct Playout<P> {
    /// The last position reached.
    pub end: P,
    /// The plies played.
    pub plies: u32,
    /// How the game ended, or `None` when it was cut off at the ply limit.
    pub outcome: Option<Outcome>,
}

/// Plays legal moves from `start`, each chosen by `choose(n)` (an index below `n`, such as a
/// uniform random one), until the rules end the game, the no-progress limit of the rules
/// draws it, or `max_plies` plies have been played. Repetition is not tracked here.
pub fn random_playout<P: Position>(
    start: &P,
    max_plies: u32,
    mut choose: impl FnMut(usize) -> usize,
) -> Playout<P> {
    let limit = start.rules().draw_rules().no_progress_plies;
    let mut position = *start;
    let mut moves = MoveList::new();
    for plies in 0..max_plies {
        if limit > 0 && position.no_progress_plies() >= limit {
            return Playout {
                end: position,
                plies,
                outcome: Some(Outcome::Draw(DrawReason::NoProgress { plies: limit })),
            };
        }
        moves.clear();
        position.legal_moves(&mut moves);
        if moves.is_empty() {
            return Playout {
                end: position,
                plies,
                outcome: position.outcome(),
            };
        }
        position.play(moves[choose(moves.len())]);
    }
    Playout {
        end: position,
        plies: max_plies,
        outcome: position.outcome(),
    }
}
