//! Obsidian's actions and observation planes for learning tools: a move is its from and to
//! squares (promotion is automatic, so they name it), `from * 64 + to`, 4096 actions; the
//! planes are the common ones (6 kinds a-f per player and the side to move, 13 planes of 8x8).

use super::moves::ObsidianMove;
use super::position::Obsidian;
use super::rules::ObsidianRules;
use boardlab_core::encoding::{Encoding, from_to_action};

impl Encoding for Obsidian {
    fn piece_letters(_rules: ObsidianRules) -> [&'static str; 2] {
        ["abcdef", "ABCDEF"]
    }

    fn action_count(_rules: ObsidianRules) -> usize {
        64 * 64
    }

    fn action(&self, mv: ObsidianMove) -> usize {
        from_to_action(mv.from() as usize, mv.to() as usize, 64)
    }
}
