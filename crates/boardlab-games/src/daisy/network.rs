//! How a network evaluation sees a Daisy position, from the viewer's side (its own pieces
//! first, the board turned top to bottom for Player 2, and mirrored left to right when its
//! own A stands right of the centre file, for the rules do not tell left from right): one input per owner, kind and square
//! (2 x 8 x 81), then the reserves, one input per owner, kind and count reached ("holds at
//! least n of them", for n from 1 to the number of that kind in the game).

use super::piece::Kind;
use super::position::Daisy;
use boardlab_core::bitboard::Bits128;
use boardlab_core::{PieceInputs, Player};

/// The layout of the board's inputs.
const PIECE_INPUTS: PieceInputs = PieceInputs {
    kinds: 8,
    squares: 81,
};

/// The board's inputs seen from one side.
const BOARD_INPUTS: usize = PIECE_INPUTS.count();

/// The reserve inputs of one owner: one per piece of each kind in the game.
const RESERVE_INPUTS: usize = reserve_inputs();

/// Where each kind's reserve inputs start among an owner's, by [`Kind::index`].
const RESERVE_START: [usize; 8] = reserve_starts();

/// Inputs seen from one side.
pub const INPUTS: usize = BOARD_INPUTS + 2 * RESERVE_INPUTS;

/// The name of these inputs, kept in network files.
pub const FEATURES: &str = "1376-mirrored";

/// The network Daisy's bot plays with: none yet.
pub const SHIPPED: Option<&[u8]> = None;

const fn reserve_inputs() -> usize {
    let mut total = 0;
    let mut k = 0;
    while k < 8 {
        total += Kind::from_index(k as u8).in_game() as usize;
        k += 1;
    }
    total
}

const fn reserve_starts() -> [usize; 8] {
    let mut starts = [0; 8];
    let mut k = 1;
    while k < 8 {
        starts[k] = starts[k - 1] + Kind::from_index(k as u8 - 1).in_game() as usize;
        k += 1;
    }
    starts
}

/// How `viewer` sees the board: (turned top to bottom, mirrored left to right).
#[inline]
fn view(position: &Daisy, viewer: Player) -> (bool, bool) {
    let a = position.pieces(viewer, Kind::A);
    (viewer == Player::Two, a != 0 && a.trailing_zeros() % 9 > 4)
}

/// Square index `square` as seen through `view`.
#[inline]
fn seen(square: usize, (turned, mirrored): (bool, bool)) -> usize {
    let (rank, file) = (square / 9, square % 9);
    let rank = if turned { 8 - rank } else { rank };
    let file = if mirrored { 8 - file } else { file };
    rank * 9 + file
}

/// Calls `add(seen_by_one, seen_by_two)` for every piece on the board and in the reserves.
#[inline]
pub fn features(position: &Daisy, mut add: impl FnMut(usize, usize)) {
    let views = [view(position, Player::One), view(position, Player::Two)];
    PIECE_INPUTS.pieces(
        |owner, kind| Bits128(position.pieces(owner, Kind::ALL[kind])),
        |square, viewer| seen(square, views[viewer.index()]),
        &mut add,
    );
    for owner in Player::BOTH {
        let (one_half, two_half) = match owner {
            Player::One => (BOARD_INPUTS, BOARD_INPUTS + RESERVE_INPUTS),
            Player::Two => (BOARD_INPUTS + RESERVE_INPUTS, BOARD_INPUTS),
        };
        let reserve = position.reserve(owner);
        for kind in Kind::ALL {
            let start = RESERVE_START[kind.index()];
            let held = (reserve.count(kind) as usize).min(kind.in_game() as usize);
            for n in 0..held {
                add(one_half + start + n, two_half + start + n);
            }
        }
    }
}

/// Calls `changed(added, seen_by_one, seen_by_two)` for each piece on the board or in a
/// reserve that is in `after` but not in `before` or the other way round; false (nothing
/// called) when an A moved to the other half of the board or was dropped there, which
/// mirrors every input of its owner's view.
#[inline]
pub fn changes(after: &Daisy, before: &Daisy, mut changed: impl FnMut(bool, usize, usize)) -> bool {
    let (view_one, view_two) = (view(after, Player::One), view(after, Player::Two));
    if (view_one, view_two) != (view(before, Player::One), view(before, Player::Two)) {
        return false;
    }
    let views = [view_one, view_two];
    PIECE_INPUTS.changes(
        |owner, kind| {
            let kind = Kind::ALL[kind];
            let (old, new) = (before.pieces(owner, kind), after.pieces(owner, kind));
            (old != new).then_some((Bits128(new & !old), Bits128(old & !new)))
        },
        |square, viewer| seen(square, views[viewer.index()]),
        &mut changed,
    );
    for owner in Player::BOTH {
        let (one_half, two_half) = match owner {
            Player::One => (BOARD_INPUTS, BOARD_INPUTS + RESERVE_INPUTS),
            Player::Two => (BOARD_INPUTS + RESERVE_INPUTS, BOARD_INPUTS),
        };
        let (old, new) = (before.reserve(owner), after.reserve(owner));
        if old == new {
            continue;
        }
        for kind in Kind::ALL {
            let limit = kind.in_game() as usize;
            let (was, is) = (
                (old.count(kind) as usize).min(limit),
                (new.count(kind) as usize).min(limit),
            );
            let start = RESERVE_START[kind.index()];
            for n in is.min(was)..is.max(was) {
                changed(is > was, one_half + start + n, two_half + start + n);
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::Evaluate;

    #[test]
    fn each_side_sees_a_mirrored_position_alike() {
        let one: Daisy = "9/9/9/4a4/9/9/2H6/9/4A4[BC2D2E2F2G8Hbc2d2e2f2g9h] 1"
            .parse()
            .unwrap();
        let two: Daisy = "4a4/9/2h6/9/9/4A4/9/9/9[BC2D2E2F2G9Hbc2d2e2f2g8h] 2"
            .parse()
            .unwrap();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        one.network_features(|x, _| a.push(x));
        two.network_features(|_, y| b.push(y));
        a.sort_unstable();
        b.sort_unstable();
        assert_eq!(a, b);
        assert!(a.iter().all(|&f| f < INPUTS));
        assert_eq!(RESERVE_INPUTS, 40);
    }
}
