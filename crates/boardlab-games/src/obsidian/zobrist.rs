//! Zobrist keys for Obsidian positions.

use super::piece::Kind;
use boardlab_core::Player;

const PIECE_KEYS: [u64; 2 * 6 * 64] = boardlab_core::zobrist::keys(0x0B51_D1A4_0000_0001);

/// The key XORed in when Player 2 is to move.
pub const SIDE_KEY: u64 = boardlab_core::zobrist::keys::<1>(0x0B51_D1A4_0000_0002)[0];

/// The key of a piece of `player` and `kind` on square index `square`.
#[inline]
pub fn piece_key(player: Player, kind: Kind, square: u32) -> u64 {
    PIECE_KEYS[(player.index() * 6 + kind.index()) * 64 + square as usize]
}
