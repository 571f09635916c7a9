//! Daisy's actions and observation planes for learning tools.
//!
//! Actions: a board move is `from * 81 + to` (0 to 6560); a drop of kind `k` (A = 0 … H = 7)
//! on `to` is `6561 + k * 81 + to`; 7209 actions in all. Planes: the common ones (8 kinds
//! A-H per player, the side to move), then 16 reserve planes, each filled with how many
//! pieces of one kind a player holds (Player 1's A to H, then Player 2's): 33 planes of 9x9.

use super::moves::DaisyMove;
use super::piece::Kind;
use super::position::Daisy;
use super::rules::DaisyRules;
use boardlab_core::Player;
use boardlab_core::encoding::{Encoding, from_to_action};

/// The squares of the board.
const SQUARES: usize = 81;

impl Encoding for Daisy {
    fn piece_letters(_rules: DaisyRules) -> [&'static str; 2] {
        ["ABCDEFGH", "abcdefgh"]
    }

    const EXTRA_PLANES: &'static [&'static str] = &[
        "Player 1 reserve A",
        "Player 1 reserve B",
        "Player 1 reserve C",
        "Player 1 reserve D",
        "Player 1 reserve E",
        "Player 1 reserve F",
        "Player 1 reserve G",
        "Player 1 reserve H",
        "Player 2 reserve a",
        "Player 2 reserve b",
        "Player 2 reserve c",
        "Player 2 reserve d",
        "Player 2 reserve e",
        "Player 2 reserve f",
        "Player 2 reserve g",
        "Player 2 reserve h",
    ];

    fn action_count(_rules: DaisyRules) -> usize {
        SQUARES * SQUARES + Kind::ALL.len() * SQUARES
    }

    fn action(&self, mv: DaisyMove) -> usize {
        let to = mv.to() as usize;
        match mv.from() {
            Some(from) => from_to_action(from as usize, to, SQUARES),
            None => {
                let kind = mv.dropped().map_or(0, Kind::index);
                SQUARES * SQUARES + kind * SQUARES + to
            }
        }
    }

    fn extra_planes(&self, planes: &mut [f32]) {
        for (owner_index, owner) in Player::BOTH.into_iter().enumerate() {
            let reserve = self.reserve(owner);
            for kind in Kind::ALL {
                let plane = owner_index * Kind::ALL.len() + kind.index();
                planes[plane * SQUARES..(plane + 1) * SQUARES].fill(reserve.count(kind) as f32);
            }
        }
    }
}
