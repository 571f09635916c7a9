//! The position of a game from a rules file: bitboards per player and per piece, reserves,
//! side to move, counters, an incrementally kept Zobrist hash, and the game's tables.

use super::bitset::BitSet;
use super::game::Game;
use super::placement::Reserves;
use super::tables::Tables;
use crate::definition::MAX_PIECES;
use boardlab_core::Player;
use boardlab_core::rules::DrawRules;
use std::fmt;

/// A position of a game from a rules file, on a board whose squares fit in `B`
/// (`u64`: up to 64 squares, `u128`: 128, [`Bits256`](super::bitset::Bits256): 256, any
/// board up to 16x16). A small `Copy` value; playing a move changes it in place.
#[derive(Clone, Copy)]
pub struct RulesPosition<B: BitSet> {
    /// The squares of each piece, both players together, by piece index.
    pub(crate) by_kind: [B; MAX_PIECES],
    /// The squares of each player's pieces.
    pub(crate) by_side: [B; 2],
    /// Each player's reserve: a count per piece.
    pub(crate) reserves: Reserves,
    pub(crate) side: Player,
    pub(crate) no_progress: u32,
    pub(crate) move_number: u32,
    pub(crate) hash: u64,
    /// The draw rules in force (part of the rule options).
    pub(crate) draw: DrawRules,
    /// The game's move tables (and through them the game).
    pub(crate) tables: &'static Tables<B>,
}

impl<B: BitSet> PartialEq for RulesPosition<B> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::eq(self.tables, other.tables)
            && self.by_kind == other.by_kind
            && self.by_side == other.by_side
            && self.reserves == other.reserves
            && self.side == other.side
            && self.no_progress == other.no_progress
            && self.move_number == other.move_number
            && self.hash == other.hash
            && self.draw == other.draw
    }
}

impl<B: BitSet> Eq for RulesPosition<B> {}

impl<B: BitSet> fmt::Debug for RulesPosition<B> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}({})",
            self.game().definition.id,
            super::position_text::format_position(self)
        )
    }
}

impl<B: BitSet> RulesPosition<B> {
    /// An empty board and reserves, Player 1 to move.
    pub(crate) fn empty(tables: &'static Tables<B>, draw: DrawRules) -> Self {
        RulesPosition {
            by_kind: [B::EMPTY; MAX_PIECES],
            by_side: [B::EMPTY; 2],
            reserves: [[0; MAX_PIECES]; 2],
            side: Player::One,
            no_progress: 0,
            move_number: 1,
            hash: 0,
            draw,
            tables,
        }
    }

    /// The game.
    #[inline(always)]
    pub fn game(&self) -> &'static Game {
        self.tables.game
    }

    /// The squares of `player`'s pieces of `kind` (bit `rank * width + file`).
    #[inline(always)]
    pub fn pieces(&self, player: Player, kind: u8) -> B {
        self.by_kind[kind as usize & (MAX_PIECES - 1)] & self.by_side[player.index()]
    }

    /// The squares of all of `player`'s pieces.
    #[inline(always)]
    pub fn occupied_by(&self, player: Player) -> B {
        self.by_side[player.index()]
    }

    /// The squares holding a piece.
    #[inline(always)]
    pub fn occupied(&self) -> B {
        self.by_side[0] | self.by_side[1]
    }

    /// How many pieces of `kind` `player` holds in reserve.
    #[inline(always)]
    pub fn in_hand(&self, player: Player, kind: u8) -> u8 {
        self.reserves[player.index()][kind as usize & (MAX_PIECES - 1)]
    }

    /// The move number (1 at the start, one more after each move of Player 2).
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The piece on the occupied square `square` (the first kind there, 0 if none).
    #[inline(always)]
    pub(crate) fn kind_on(&self, square: u32) -> u8 {
        let kinds = self.game().piece_count();
        (0..kinds)
            .find(|&k| self.by_kind[k].has(square))
            .unwrap_or(0) as u8
    }

    /// The owner and piece on `square`, if any.
    pub fn piece_on(&self, square: u32) -> Option<(Player, u8)> {
        if square >= B::BITS {
            return None;
        }
        let owner = Player::BOTH
            .into_iter()
            .find(|p| self.by_side[p.index()].has(square))?;
        Some((owner, self.kind_on(square)))
    }

    /// Puts `player`'s piece `kind` on the empty square `square`, keeping the hash.
    #[inline(always)]
    pub(crate) fn put(&mut self, player: Player, kind: u8, square: u32) {
        let bit = B::bit(square);
        self.by_kind[kind as usize & (MAX_PIECES - 1)] |= bit;
        self.by_side[player.index()] |= bit;
        self.hash ^= self.game().keys.piece(player, kind, square);
    }

    /// Takes `player`'s piece `kind` off `square`, keeping the hash.
    #[inline(always)]
    pub(crate) fn take(&mut self, player: Player, kind: u8, square: u32) {
        let bit = B::bit(square);
        self.by_kind[kind as usize & (MAX_PIECES - 1)] &= !bit;
        self.by_side[player.index()] &= !bit;
        self.hash ^= self.game().keys.piece(player, kind, square);
    }

    /// Sets how many pieces of `kind` `player` holds in reserve, keeping the hash.
    #[inline(always)]
    pub(crate) fn set_in_hand(&mut self, player: Player, kind: u8, count: u8) {
        let keys = &self.game().keys;
        let slot = &mut self.reserves[player.index()][kind as usize & (MAX_PIECES - 1)];
        self.hash ^= keys.hand(player, kind, *slot) ^ keys.hand(player, kind, count);
        *slot = count;
    }

    /// Sets the side to move, keeping the hash.
    pub(crate) fn set_side(&mut self, side: Player) {
        if self.side != side {
            self.hash ^= self.game().keys.side;
            self.side = side;
        }
    }

    /// The hash computed from the pieces, reserves and side to move alone.
    pub(crate) fn zobrist_from_scratch(&self) -> u64 {
        let keys = &self.game().keys;
        let mut hash = if self.side == Player::Two {
            keys.side
        } else {
            0
        };
        for square in self.occupied().squares() {
            if let Some((player, kind)) = self.piece_on(square) {
                hash ^= keys.piece(player, kind, square);
            }
        }
        hash ^ keys.reserves(&self.reserves)
    }

    /// How many pieces `player` holds in reserve in all.
    pub fn hand_total(&self, player: Player) -> u32 {
        self.reserves[player.index()]
            .iter()
            .map(|&n| n as u32)
            .sum()
    }
}
