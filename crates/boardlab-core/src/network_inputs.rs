//! Shared bookkeeping of network evaluations' piece inputs.

use crate::player::Player;

/// Where a network's piece inputs lie for one viewer: each owner's pieces take `kinds`
/// blocks of `squares` inputs, the viewer's own pieces first, then the opponent's, starting
/// at input 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PieceInputs {
    /// The kinds of piece on the board.
    pub kinds: usize,
    /// The squares of the board.
    pub squares: usize,
}

impl PieceInputs {
    /// The number of piece inputs seen from one side (both owners).
    pub const fn count(self) -> usize {
        2 * self.kinds * self.squares
    }

    /// The inputs of `owner`'s piece of kind index `kind` on `square` (as the board numbers
    /// it), as Player 1 and as Player 2 see it; `seen(square, viewer)` turns the square as
    /// `viewer` sees it.
    #[inline]
    pub fn input(
        self,
        owner: Player,
        kind: usize,
        square: usize,
        seen: impl Fn(usize, Player) -> usize,
    ) -> (usize, usize) {
        let half = self.kinds * self.squares;
        let (one_half, two_half) = match owner {
            Player::One => (0, half),
            Player::Two => (half, 0),
        };
        let base = kind * self.squares;
        (
            one_half + base + seen(square, Player::One),
            two_half + base + seen(square, Player::Two),
        )
    }

    /// Calls `add(seen_by_one, seen_by_two)` for every piece on the board, where
    /// `squares(owner, kind)` gives the squares of `owner`'s pieces of kind index `kind`.
    #[inline]
    pub fn pieces<S: Iterator<Item = u32>>(
        self,
        mut squares: impl FnMut(Player, usize) -> S,
        seen: impl Fn(usize, Player) -> usize + Copy,
        add: &mut impl FnMut(usize, usize),
    ) {
        for owner in Player::BOTH {
            for kind in 0..self.kinds {
                for square in squares(owner, kind) {
                    let (one, two) = self.input(owner, kind, square as usize, seen);
                    add(one, two);
                }
            }
        }
    }

    /// Calls `changed(added, seen_by_one, seen_by_two)` for every piece that one of two
    /// positions has on the board and the other has not. `difference(owner, kind)` gives,
    /// for a kind index below `kinds`, the squares where `owner`'s pieces of that kind were
    /// added and the squares where they were removed (`None` when nothing changed);
    /// `seen` is as for [`input`](PieceInputs::input).
    #[inline]
    pub fn changes<S: Iterator<Item = u32>>(
        self,
        mut difference: impl FnMut(Player, usize) -> Option<(S, S)>,
        seen: impl Fn(usize, Player) -> usize + Copy,
        changed: &mut impl FnMut(bool, usize, usize),
    ) {
        for owner in Player::BOTH {
            for kind in 0..self.kinds {
                let Some((added, removed)) = difference(owner, kind) else {
                    continue;
                };
                for (is_added, squares) in [(true, added), (false, removed)] {
                    for square in squares {
                        let (one, two) = self.input(owner, kind, square as usize, seen);
                        changed(is_added, one, two);
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn changes_name_each_viewers_input() {
        let inputs = PieceInputs {
            kinds: 2,
            squares: 4,
        };
        let mut seen_changes = Vec::new();
        // Player 1's kind 1 moved from square 0 to square 3; Player 2 unchanged.
        inputs.changes(
            |owner, kind| {
                (owner == Player::One && kind == 1)
                    .then(|| (vec![3u32].into_iter(), vec![0u32].into_iter()))
            },
            |square, viewer| match viewer {
                Player::One => square,
                Player::Two => 3 - square,
            },
            &mut |added, one, two| seen_changes.push((added, one, two)),
        );
        // Player 1 sees its own kind 1 at 4..8; Player 2 sees it in the second half, 12..16,
        // with the squares turned.
        assert_eq!(seen_changes, vec![(true, 7, 12), (false, 4, 15)]);
        assert_eq!(inputs.count(), 16);
    }

    #[test]
    fn pieces_name_every_piece_for_both_viewers() {
        let inputs = PieceInputs {
            kinds: 1,
            squares: 4,
        };
        let mut all = Vec::new();
        // Player 1 on square 1, Player 2 on square 2; Player 2 sees the board turned.
        inputs.pieces(
            |owner, _| std::iter::once(if owner == Player::One { 1u32 } else { 2 }),
            |square, viewer| match viewer {
                Player::One => square,
                Player::Two => 3 - square,
            },
            &mut |one, two| all.push((one, two)),
        );
        assert_eq!(all, vec![(1, 6), (6, 1)]);
    }
}
