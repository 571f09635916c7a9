//! Zobrist keys for Parity positions (boards up to 9x9).

use boardlab_core::Player;

const PIECE_KEYS: [u64; 2 * 81] = boardlab_core::zobrist::keys(0x9A41_7E00_0000_0001);

/// The key XORed in when Player 2 is to move.
pub const SIDE_KEY: u64 = boardlab_core::zobrist::keys::<1>(0x9A41_7E00_0000_0002)[0];

/// The key of a piece of `player` on square index `square`.
#[inline]
pub fn piece_key(player: Player, square: u32) -> u64 {
    PIECE_KEYS[player.index() * 81 + square as usize]
}
