//! How a network evaluation sees an Obsidian position: one input per owner, kind and square
//! (2 x 6 x 64), from the viewer's side: its own pieces first, the board turned so that its
//! own first rank is at the bottom, and mirrored left to right when its own D stands on the
//! e to h files. The rules do not tell left from right, so a position and its mirror image
//! look the same to the network and every game teaches it about both.

use super::piece::Kind;
use super::position::Obsidian;
use boardlab_core::bitboard::Bits64;
use boardlab_core::{PieceInputs, Player};

/// Inputs seen from one side: own and enemy pieces of each kind on each square.
pub const INPUTS: usize = PIECE_INPUTS.count();

/// The layout of the board's inputs.
const PIECE_INPUTS: PieceInputs = PieceInputs {
    kinds: 6,
    squares: 64,
};

/// The name of these inputs, kept in network files.
pub const FEATURES: &str = "768-mirrored";

/// The network Obsidian's bot plays with: none yet.
pub const SHIPPED: Option<&[u8]> = None;

/// What `viewer` does to a square index to see it from its side: turn the board top to
/// bottom (Player 2), mirror it left to right (own D on the e to h files).
#[inline]
fn view(position: &Obsidian, viewer: Player) -> usize {
    let turn = match viewer {
        Player::One => 0,
        Player::Two => 56,
    };
    let d = position.pieces(viewer, Kind::D);
    let mirror = if d != 0 && d.trailing_zeros() % 8 >= 4 {
        7
    } else {
        0
    };
    turn | mirror
}

/// Calls `add(seen_by_one, seen_by_two)` for every piece on the board.
#[inline]
pub fn features(position: &Obsidian, mut add: impl FnMut(usize, usize)) {
    let views = [view(position, Player::One), view(position, Player::Two)];
    PIECE_INPUTS.pieces(
        |owner, kind| Bits64(position.pieces(owner, Kind::ALL[kind])),
        |square, viewer| square ^ views[viewer.index()],
        &mut add,
    );
}

/// Calls `changed(added, seen_by_one, seen_by_two)` for each piece that stands in `after`
/// but not in `before` or the other way round; false (nothing called) when a D moved to the
/// other half of the board, which mirrors every input of its owner's view.
#[inline]
pub fn changes(
    after: &Obsidian,
    before: &Obsidian,
    mut changed: impl FnMut(bool, usize, usize),
) -> bool {
    let (view_one, view_two) = (view(after, Player::One), view(after, Player::Two));
    if (view_one, view_two) != (view(before, Player::One), view(before, Player::Two)) {
        return false;
    }
    let views = [view_one, view_two];
    PIECE_INPUTS.changes(
        |owner, kind| {
            let kind = Kind::ALL[kind];
            let (old, new) = (before.pieces(owner, kind), after.pieces(owner, kind));
            (old != new).then_some((Bits64(new & !old), Bits64(old & !new)))
        },
        |square, viewer| square ^ views[viewer.index()],
        &mut changed,
    );
    true
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

    #[test]
    fn a_mirror_image_looks_the_same() {
        let left: Obsidian = "4D3/8/2B5/8/4f3/8/8/1d6 1".parse().unwrap();
        let right: Obsidian = "3D4/8/5B2/8/3f4/8/8/6d1 1".parse().unwrap();
        let seen = |p: &Obsidian| {
            let mut all = Vec::new();
            p.network_features(|a, b| all.push((a, b)));
            all.sort_unstable();
            all
        };
        assert_eq!(seen(&left), seen(&right));
    }
}
