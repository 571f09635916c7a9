//! Sprint's actions and observation planes for learning tools.
//!
//! A move is numbered by its start square and its shape. Pieces stand on the 18 dark squares
//! only (index `square / 2`). The shapes of a move from one square are the 4 steps (one per
//! direction: up-left, up-right, down-left, down-right), then the capture chains by length
//! and by their jump directions: 4 first directions, then 3 for every further jump (a chain
//! never jumps straight back, over the square of the piece it has just removed). A chain has
//! at most 2 jumps when captures go forward only (each gains two of the six ranks) and at most
//! 6 with `backward_captures` (the opponent has at most 6 pieces). So there are
//! 18 * (4 + 4 + 12) = 360 actions by default and 18 * (4 + 4 + 12 + … + 972) = 26,280
//! with backward captures. The planes are the common ones (w and b, the side to move: 3 of 6x6).

use super::moves::SprintMove;
use super::position::Sprint;
use super::rules::SprintRules;
use boardlab_core::encoding::Encoding;

/// The dark squares, where pieces stand.
const DARK_SQUARES: usize = 18;

/// The step shapes: one per direction.
const STEPS: usize = 4;

/// The longest chain under `rules`.
fn max_jumps(rules: SprintRules) -> u32 {
    if rules.backward_captures { 6 } else { 2 }
}

/// The number of chain shapes with 1 to `jumps` jumps.
fn chain_shapes(jumps: u32) -> usize {
    (1..=jumps).map(|length| 4 * 3usize.pow(length - 1)).sum()
}

/// The shapes of a move from one square under `rules`.
fn shapes(rules: SprintRules) -> usize {
    STEPS + chain_shapes(max_jumps(rules))
}

/// The shape of `mv` (see the module documentation).
fn shape(mv: SprintMove) -> usize {
    if !mv.is_capture() {
        return mv.direction(0).index() as usize;
    }
    let jumps = mv.segments();
    let mut previous = mv.direction(0).index() as usize;
    let mut index = previous;
    for i in 1..jumps {
        let direction = mv.direction(i).index() as usize;
        // The three directions other than straight back (3 - previous), in index order.
        let choice = if direction < 3 - previous {
            direction
        } else {
            direction - 1
        };
        index = index * 3 + choice;
        previous = direction;
    }
    STEPS + chain_shapes(jumps - 1) + index
}

impl Encoding for Sprint {
    fn piece_letters(_rules: SprintRules) -> [&'static str; 2] {
        ["w", "b"]
    }

    fn action_count(rules: SprintRules) -> usize {
        DARK_SQUARES * shapes(rules)
    }

    fn action(&self, mv: SprintMove) -> usize {
        (mv.from() as usize / 2) * shapes(self.rules) + shape(mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::Position;

    #[test]
    fn action_counts_follow_the_rule_option() {
        assert_eq!(Sprint::action_count(SprintRules::default()), 360);
        let backward = SprintRules {
            backward_captures: true,
        };
        assert_eq!(Sprint::action_count(backward), 26_280);
        let start = Sprint::start(backward);
        let actions = start.legal_actions();
        assert_eq!(actions.len(), start.legal_move_list().len());
        assert!(actions.iter().all(|&a| a < 26_280));
    }
}
