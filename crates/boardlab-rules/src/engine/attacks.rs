//! What each player's pieces attack, for an evaluation: the squares each piece kind could
//! capture on, the squares attacked twice, and how many moves the pieces have.

use super::bitset::BitSet;
use super::moves::{coord, file_of, rank_of};
use super::position::RulesPosition;
use crate::definition::MAX_PIECES;
use boardlab_core::Player;

/// One player's attacks in a position (riders stopped by every piece; squares that open
/// and close are not looked at).
#[derive(Clone, Copy, Debug)]
pub struct AttackMap<B> {
    /// The squares some piece of the player could capture on, were an enemy piece there
    /// (their own pieces there are defended).
    pub all: B,
    /// The squares two or more of the player's pieces attack.
    pub twice: B,
    /// Per piece kind, the squares its pieces attack.
    pub by_kind: [B; MAX_PIECES],
    /// How many moves the player's pieces other than royal ones have: to empty squares by
    /// their moving modes, onto enemy pieces by their capturing ones (jumps and drops aside).
    pub mobility: u32,
    /// That mobility per piece kind (0 for royal pieces).
    pub mobility_by_kind: [u32; MAX_PIECES],
}

impl<B: BitSet> RulesPosition<B> {
    /// The attacks of `player`'s pieces on the board.
    pub fn attack_map(&self, player: Player) -> AttackMap<B> {
        let occupied = self.by_side[0] | self.by_side[1];
        let empty = self.tables.board & !occupied;
        let enemy = self.by_side[player.opponent().index()];
        let mut map = AttackMap {
            all: B::EMPTY,
            twice: B::EMPTY,
            by_kind: [B::EMPTY; MAX_PIECES],
            mobility: 0,
            mobility_by_kind: [0; MAX_PIECES],
        };
        let royal = self.tables.rules.royal;
        for (kind, piece) in self.tables.pieces[player.index()].iter().enumerate() {
            let is_royal = royal >> kind & 1 != 0;
            for from in self.pieces(player, kind as u8).squares() {
                let attacked =
                    self.reach(piece, from, occupied, B::EMPTY, B::EMPTY, self.tables.board);
                map.twice |= map.all & attacked;
                map.all |= attacked;
                map.by_kind[kind] |= attacked;
                if !is_royal {
                    let moves = if piece.modes_alike {
                        (attacked & (empty | enemy)).count()
                    } else {
                        self.reach(piece, from, occupied, B::EMPTY, empty, enemy)
                            .count()
                    };
                    map.mobility += moves;
                    map.mobility_by_kind[kind] += moves;
                }
            }
        }
        map
    }

    /// The squares a king's step away from `square` (those that exist).
    pub fn neighbourhood(&self, square: u32) -> B {
        let geometry = &self.game().geometry;
        let at = self.tables.coords.at(square);
        let mut zone = B::EMPTY;
        for (df, dr) in [
            (-1, -1),
            (0, -1),
            (1, -1),
            (-1, 0),
            (1, 0),
            (-1, 1),
            (0, 1),
            (1, 1),
        ] {
            let (file, rank) = (file_of(at) as i8 + df, rank_of(at) as i8 + dr);
            if (0..16).contains(&file)
                && (0..16).contains(&rank)
                && let Some(index) = geometry.index_of(coord(file as u8, rank as u8))
            {
                zone |= B::bit(index);
            }
        }
        zone & self.tables.board
    }
}
