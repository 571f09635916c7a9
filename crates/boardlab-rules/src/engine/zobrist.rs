//! Zobrist keys of a game: one per player, piece and square, one per player, piece and
//! reserve count (0 for a count of 0), and one for Player 2 to move.

use super::placement::Reserves;
use boardlab_core::Player;
use boardlab_core::zobrist::splitmix64;

/// The most pieces of one kind a reserve can hold.
pub const MAX_HAND: usize = u8::MAX as usize;

/// The keys of one game.
#[derive(Clone, Debug)]
pub struct Keys {
    pieces: usize,
    squares: usize,
    on_square: Vec<u64>,
    in_hand: Vec<u64>,
    /// XORed in while Player 2 is to move.
    pub side: u64,
}

impl Keys {
    /// Keys for `pieces` kinds on `squares` squares; reserve keys only when `drops`.
    pub fn new(pieces: usize, squares: usize, drops: bool) -> Keys {
        let mut state = 0xB0A2_D1AB_5EED_0035;
        let mut next = || splitmix64(&mut state);
        let on_square = (0..2 * pieces * squares).map(|_| next()).collect();
        let in_hand = if drops {
            (0..2 * pieces * (MAX_HAND + 1))
                .map(|i| if i % (MAX_HAND + 1) == 0 { 0 } else { next() })
                .collect()
        } else {
            Vec::new()
        };
        Keys {
            pieces,
            squares,
            on_square,
            in_hand,
            side: next(),
        }
    }

    /// The key of `player`'s piece `kind` on `square`.
    #[inline(always)]
    pub fn piece(&self, player: Player, kind: u8, square: u32) -> u64 {
        self.on_square
            .get((player.index() * self.pieces + kind as usize) * self.squares + square as usize)
            .copied()
            .unwrap_or(0)
    }

    /// The key of `player` holding `count` pieces of `kind` in reserve.
    #[inline(always)]
    pub fn hand(&self, player: Player, kind: u8, count: u8) -> u64 {
        self.in_hand
            .get((player.index() * self.pieces + kind as usize) * (MAX_HAND + 1) + count as usize)
            .copied()
            .unwrap_or(0)
    }

    /// The keys of both reserves.
    pub fn reserves(&self, reserves: &Reserves) -> u64 {
        let mut hash = 0;
        for player in Player::BOTH {
            for (kind, &count) in reserves[player.index()]
                .iter()
                .enumerate()
                .take(self.pieces)
            {
                hash ^= self.hand(player, kind as u8, count);
            }
        }
        hash
    }
}
