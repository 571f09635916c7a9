//! How a network evaluation sees an Obsidian position: one input per owner, kind and square
//! (2 x 6 x 64), from the viewer's side: its own pieces first, the board turned so that its
//! own first rank is at the bottom.

use super::piece::Kind;
use super::position::Obsidian;
use boardlab_core::Player;
use boardlab_core::bitboard::Bits64;

/// Inputs seen from one side: own and enemy pieces of each kind on each square.
pub const INPUTS: usize = 2 * 6 * 64;

/// The network Obsidian's bot plays with: none yet.
pub const SHIPPED: Option<&[u8]> = None;

/// Calls `add(seen_by_one, seen_by_two)` for every piece on the board.
#[inline]
pub fn features(position: &Obsidian, mut add: impl FnMut(usize, usize)) {
    for owner in Player::BOTH {
        // Player 1 sees its own pieces in the first half, Player 2 the other way round.
        let (one_half, two_half) = match owner {
            Player::One => (0, 6 * 64),
            Player::Two => (6 * 64, 0),
        };
        for kind in Kind::ALL {
            let base = kind.index() * 64;
            for square in Bits64(position.pieces(owner, kind)) {
                let square = square as usize;
                // Player 2 sees the board turned top to bottom.
                add(one_half + base + square, two_half + base + (square ^ 56));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::Evaluate;

    #[test]
    fn each_side_sees_the_start_alike() {
        let start = Obsidian::default();
        let (mut one, mut two) = (Vec::new(), Vec::new());
        start.network_features(|a, b| {
            one.push(a);
            two.push(b);
        });
        assert_eq!(one.len(), 32);
        one.sort_unstable();
        two.sort_unstable();
        assert_eq!(one, two, "the start is the same from both sides");
        assert!(one.iter().all(|&f| f < INPUTS));
    }
}
