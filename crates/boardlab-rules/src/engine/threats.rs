//! Threats to royal pieces, for the bots: whether a player's last royal piece can be taken
//! at once (a search extends such positions and answers them with the moves that save it),
//! and which moves leave it safe.

use super::bitset::BitSet;
use super::moves::RulesMove;
use super::position::RulesPosition;
use boardlab_core::{MoveList, MoveSink, Player, SquareBits};

impl<B: BitSet> RulesPosition<B> {
    /// The square of `player`'s last royal piece: `Some` only when exactly one royal piece
    /// is left to them and it stands on the board. With a royal piece in hand, or two on the
    /// board, losing one does not end the game.
    pub(crate) fn last_royal_square(&self, player: Player) -> Option<u32> {
        let mut royal = self.tables.rules.royal;
        let mut squares = B::EMPTY;
        while royal != 0 {
            let kind = royal.trailing_zeros() as u8;
            if self.in_hand(player, kind) > 0 {
                return None;
            }
            squares |= self.pieces(player, kind);
            royal &= royal - 1;
        }
        let mut only = squares.squares();
        let first = only.next()?;
        only.next().is_none().then_some(first)
    }

    /// Whether the side to move can take the opponent's last royal piece with its next move,
    /// and so win.
    pub fn threatens_royal(&self) -> bool {
        let them = self.side.opponent();
        let Some(target) = self.last_royal_square(them) else {
            return false;
        };
        let mut hits = RoyalHits {
            target,
            hit: false,
            jumps: MoveList::new(),
        };
        if self.tables.captures_land_on_victims[self.side.index()] {
            // Only a capture onto the royal square can take it.
            self.captures_onto(target, &mut hits);
            return hits.hit;
        }
        self.captures(&mut hits);
        hits.hit
            || hits.jumps.iter().any(|&mv| {
                let mut next = *self;
                next.apply(mv);
                !next.has_royal(them)
            })
    }

    /// Whether the opponent of `player` could take `player`'s last royal piece if it were
    /// the opponent's turn.
    pub fn royal_attacked(&self, player: Player) -> bool {
        let mut seen = *self;
        // Only the generator reads the side here: the hash need not follow.
        seen.side = player.opponent();
        seen.threatens_royal()
    }

    /// Whether the side to move's last royal piece is attacked: unless the move answers
    /// that, the opponent wins at once.
    pub fn royal_in_check(&self) -> bool {
        self.royal_attacked(self.side)
    }

    /// The position with the turn passed to the opponent, nothing else changed.
    pub(crate) fn passed(&self) -> Self {
        let mut passed = *self;
        passed.set_side(self.side.opponent());
        passed
    }
}

/// A move sink that notes whether a step captures on `target`, and keeps the jumps and
/// chains (whose captured squares lie between) to be played out.
struct RoyalHits {
    target: u32,
    hit: bool,
    jumps: MoveList<RulesMove>,
}

impl MoveSink<RulesMove> for RoyalHits {
    #[inline(always)]
    fn add(&mut self, mv: RulesMove) {
        self.jumps.push(mv);
    }

    #[inline(always)]
    fn add_each(&mut self, targets: impl SquareBits, _make: impl FnMut(u32) -> RulesMove) {
        let target = self.target;
        targets.for_each_square(|square| self.hit |= square == target);
    }
}
