//! Zobrist keys for Daisy positions: pieces on squares, reserve counts, side to move.

use super::piece::Kind;
use boardlab_core::Player;

/// The most pieces of one letter a reserve can hold (all 18 H of the game).
pub const MAX_RESERVE_COUNT: usize = 18;

const PIECE_KEYS: [u64; 2 * 8 * 81] = boardlab_core::zobrist::keys(0xDA15_7000_0000_0001);

/// Keys of reserve counts: one per (player, letter, count), with count 0 keyed 0 so that an
/// empty reserve adds nothing. A count changing from `n` to `m` XORs out key `n` and in key `m`.
const RESERVE_KEYS: [u64; 2 * 8 * (MAX_RESERVE_COUNT + 1)] = {
    let mut keys = boardlab_core::zobrist::keys(0xDA15_7000_0000_0002);
    let mut i = 0;
    while i < keys.len() {
        if i % (MAX_RESERVE_COUNT + 1) == 0 {
            keys[i] = 0;
        }
        i += 1;
    }
    keys
};

/// The key XORed in when Player 2 is to move.
pub const SIDE_KEY: u64 = boardlab_core::zobrist::keys::<1>(0xDA15_7000_0000_0003)[0];

/// The key of a piece of `player` and `kind` on square index `square`.
#[inline]
pub fn piece_key(player: Player, kind: Kind, square: u32) -> u64 {
    PIECE_KEYS[(player.index() * 8 + kind.index()) * 81 + square as usize]
}

/// The key of `player` holding `count` pieces of `kind` in reserve (0 for a count of 0).
#[inline]
pub fn reserve_key(player: Player, kind: Kind, count: u8) -> u64 {
    RESERVE_KEYS[(player.index() * 8 + kind.index()) * (MAX_RESERVE_COUNT + 1)
        + (count as usize).min(MAX_RESERVE_COUNT)]
}
