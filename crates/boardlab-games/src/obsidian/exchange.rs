//! Static exchange evaluation: what a capture wins once both sides have taken back on its
//! square with their least valuable pieces, as far as it pays them.

use super::attacks;
use super::moves::ObsidianMove;
use super::piece::Kind;
use super::position::Obsidian;
use boardlab_core::Player;

/// The kinds in the order the exchange uses them: the least valuable first, the D last.
const CHEAPEST_FIRST: [Kind; 6] = [Kind::F, Kind::B, Kind::C, Kind::A, Kind::E, Kind::D];

impl Obsidian {
    /// The pieces of both sides that attack `square` when `occupied` holds the pieces.
    fn attackers_to(&self, square: u32, occupied: u64) -> u64 {
        let bit = 1u64 << square;
        let kind = |k: Kind| self.by_kind[k.index()];
        // The squares from which an F of each side would capture on `square`.
        let from_below = (bit & !attacks::FILE_A) >> 9 | (bit & !attacks::FILE_H) >> 7;
        let from_above = (bit & !attacks::FILE_A) << 7 | (bit & !attacks::FILE_H) << 9;
        let pawns = kind(Kind::F);
        (from_below & pawns & self.by_player[Player::One.index()])
            | (from_above & pawns & self.by_player[Player::Two.index()])
            | attacks::knight(square) & kind(Kind::B)
            | attacks::king(square) & kind(Kind::D)
            | attacks::rook(square, occupied) & (kind(Kind::A) | kind(Kind::E))
            | attacks::bishop(square, occupied) & (kind(Kind::C) | kind(Kind::E))
    }

    /// Whether `mv` gains at least `threshold` (hundredths of an F, by the piece values
    /// `values`) once both sides have exchanged on its target square as long as it pays
    /// them. A D never takes a piece that is still defended: that would lose the game.
    pub(super) fn exchange_at_least(
        &self,
        mv: ObsidianMove,
        threshold: i32,
        values: &[i32; 6],
    ) -> bool {
        let (from, to) = (mv.from(), mv.to());
        let value = |kind: Kind| values[kind.index()];
        let captured = self.piece_on(to).map_or(0, |(_, kind)| value(kind));
        let mut swap = captured - threshold;
        if swap < 0 {
            return false;
        }
        swap = value(mv.kind()) - swap;
        if swap <= 0 {
            return true;
        }
        let mut occupied = self.occupied() ^ 1u64 << from ^ 1u64 << to;
        let mut attackers = self.attackers_to(to, occupied);
        let mut side = self.side;
        let mut result = true;
        loop {
            side = side.opponent();
            attackers &= occupied;
            let ours = attackers & self.by_player[side.index()];
            if ours == 0 {
                break;
            }
            result = !result;
            let Some(kind) = CHEAPEST_FIRST
                .into_iter()
                .find(|&k| ours & self.by_kind[k.index()] != 0)
            else {
                break;
            };
            if kind == Kind::D {
                // The D may take only if nothing of the other side could take it back.
                let theirs = attackers & !self.by_player[side.index()];
                return if theirs != 0 { !result } else { result };
            }
            swap = value(kind) - swap;
            if swap < i32::from(result) {
                break;
            }
            let piece = ours & self.by_kind[kind.index()];
            occupied ^= piece & piece.wrapping_neg();
            // Sliders behind the piece that moved now see the square.
            if matches!(kind, Kind::F | Kind::C | Kind::E) {
                attackers |= attacks::bishop(to, occupied)
                    & (self.by_kind[Kind::C.index()] | self.by_kind[Kind::E.index()]);
            }
            if matches!(kind, Kind::A | Kind::E) {
                attackers |= attacks::rook(to, occupied)
                    & (self.by_kind[Kind::A.index()] | self.by_kind[Kind::E.index()]);
            }
        }
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::Position;

    const VALUES: [i32; 6] = [500, 300, 300, 50_000, 900, 100];

    /// Whether the move `text` in `position` gains at least `threshold`.
    fn gains(position: &str, text: &str, threshold: i32) -> bool {
        let position: Obsidian = position.parse().expect("a valid test position");
        let mv = position.parse_move(text).expect("a legal test move");
        position.exchange_at_least(mv, threshold, &VALUES)
    }

    #[test]
    fn exchanges_are_counted_to_the_end() {
        // An undefended B is won outright.
        assert!(gains("3D4/8/8/7B/8/8/8/3d3a 1", "h1h5", 300));
        assert!(!gains("3D4/8/8/7B/8/8/8/3d3a 1", "h1h5", 301));
        // An F defended by an F: the E that takes it is lost.
        assert!(!gains("3D4/8/6F1/7F/8/8/8/3d3e 1", "h1h5", 0));
        assert!(gains("3D4/8/6F1/7F/8/8/8/3d3e 1", "h1h5", -800));
        // An F takes a defended B: 300 for 100.
        assert!(gains("3D4/8/4F3/3B4/2f5/8/8/3d4 1", "c4d5", 200));
        assert!(!gains("3D4/8/4F3/3B4/2f5/8/8/3d4 1", "c4d5", 201));
        // The A behind the A joins the exchange through it (an x-ray): B for A for A.
        assert!(gains("3D3A/8/8/7B/8/8/7a/3d3a 1", "h2h5", 300));
        assert!(!gains("3D3A/8/8/7B/8/8/7a/3d3a 1", "h2h5", 301));
        // Alone, the A wins the B and is lost to the A on h8.
        assert!(!gains("3D3A/8/8/7B/8/8/8/3d3a 1", "h1h5", 0));
        assert!(gains("3D3A/8/8/7B/8/8/8/3d3a 1", "h1h5", -200));
    }

    #[test]
    fn the_d_never_takes_a_defended_piece() {
        // The D takes an F that another F defends (Player 2's F's capture downwards): that
        // loses the game.
        assert!(!gains("3D4/8/8/8/2F5/3F4/4d3/8 1", "e2d3", 0));
        // Undefended, it is a plain gain.
        assert!(gains("3D4/8/8/8/8/3F4/4d3/8 1", "e2d3", 100));
    }
}
