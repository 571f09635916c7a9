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
    /// Calls `changed(added, seen_by_one, seen_by_two)` for every piece that one of two
    /// positions has on the board and the other has not. `difference(owner, kind)` gives,
    /// for a kind index below `kinds`, the squares where `owner`'s pieces of that kind were
    /// added and the squares where they were removed (`None` when nothing changed);
    /// `seen(square, viewer)` turns a square as the board numbers it into the square as
    /// `viewer` sees it.
    #[inline]
    pub fn changes<S: Iterator<Item = u32>>(
        self,
        mut difference: impl FnMut(Player, usize) -> Option<(S, S)>,
        seen: impl Fn(usize, Player) -> usize,
        changed: &mut impl FnMut(bool, usize, usize),
    ) {
        let half = self.kinds * self.squares;
        for owner in Player::BOTH {
            let (one_half, two_half) = match owner {
                Player::One => (0, half),
                Player::Two => (half, 0),
            };
            for kind in 0..self.kinds {
                let Some((added, removed)) = difference(owner, kind) else {
                    continue;
                };
                let base = kind * self.squares;
                for (is_added, squares) in [(true, added), (false, removed)] {
                    for square in squares {
                        let square = square as usize;
                        changed(
                            is_added,
                            one_half + base + seen(square, Player::One),
                            two_half + base + seen(square, Player::Two),
                        );
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
    }
}
