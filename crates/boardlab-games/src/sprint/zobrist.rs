//! Zobrist keys for Sprint positions.

use boardlab_core::Player;

const PIECE_KEYS: [u64; 2 * 36] = boardlab_core::zobrist::keys(0x5921_7000_0000_0001);

/// The key XORed in when Black (Player 2) is to move.
pub const SIDE_KEY: u64 = boardlab_core::zobrist::keys::<1>(0x5921_7000_0000_0002)[0];

/// The key of a piece of `player` on square index `square`.
#[inline]
pub fn piece_key(player: Player, square: u32) -> u64 {
    PIECE_KEYS[player.index() * 36 + square as usize]
}
