//! Parity's evaluation: material, mobility and control of the spaces open now.

use super::moves::ParityMove;
use super::position::Parity;
use boardlab_core::{Evaluate, Levels, Player, Position, Tunable};

/// What taking the last enemy piece is worth to move ordering: the game.
const GAME_VALUE: i32 = 50_000;

/// The weights of Parity's evaluation, in hundredths of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParityWeights {
    /// The value of one piece.
    pub piece: i32,
    /// Per legal move, less the opponent's (a player without moves loses, so hemming the
    /// opponent in is the way to win without captures).
    pub mobility: i32,
    /// Per piece standing on a space that is open now (it can move), less the opponent's.
    pub open_control: i32,
    /// Per capture the side to move could make now, less the opponent's.
    pub threats: i32,
    /// Per capture lane (a piece with an empty space two ranks ahead, so that an enemy
    /// stepping in front of it can be taken), less the opponent's.
    pub lanes: i32,
    /// Per move of the opponent's that would step into a capture (onto the empty space in
    /// front of one's piece with an empty space beyond), less the same for one's own moves:
    /// the chances an opponent has to blunder.
    pub traps: i32,
}

impl Tunable for ParityWeights {
    fn for_each_group(&mut self, f: &mut dyn FnMut(&'static str, &mut [i32])) {
        f("piece", std::slice::from_mut(&mut self.piece));
        f("mobility", std::slice::from_mut(&mut self.mobility));
        f("open_control", std::slice::from_mut(&mut self.open_control));
        f("threats", std::slice::from_mut(&mut self.threats));
        f("lanes", std::slice::from_mut(&mut self.lanes));
        f("traps", std::slice::from_mut(&mut self.traps));
    }
}

impl Default for ParityWeights {
    fn default() -> Self {
        ParityWeights {
            piece: 100,
            mobility: 12,
            open_control: 10,
            threats: 30,
            lanes: 10,
            traps: 20,
        }
    }
}

impl Parity {
    /// The number of captures `player` could make if it were their turn.
    fn capture_count(&self, player: Player) -> i32 {
        let mut position = *self;
        position.side = player;
        position
            .legal_move_list()
            .iter()
            .filter(|m| m.is_capture())
            .count() as i32
    }

    /// The number of `victim`'s moves that land where the other player's piece could take
    /// them at once: directly in front of it, with an empty space beyond.
    fn trap_entries(&self, victim: Player) -> i32 {
        let layout = &self.rules.layout;
        let width = layout.width() as u32;
        let hunter = self.pieces_of(victim.opponent());
        let empty = layout.board() & !(hunter | self.pieces_of(victim));
        let traps = match victim.opponent() {
            Player::One => (hunter << width) & empty & (empty >> width),
            Player::Two => (hunter >> width) & empty & (empty << width),
        };
        let mut position = *self;
        position.side = victim;
        position
            .legal_move_list()
            .iter()
            .filter(|m| traps & layout.bit(m.to.file, m.to.rank) != 0 && !m.is_capture())
            .count() as i32
    }

    /// The number of `player`'s pieces with an empty space two ranks ahead of them.
    fn lane_count(&self, player: Player) -> i32 {
        let layout = &self.rules.layout;
        let width = 2 * layout.width() as u32;
        let own = self.pieces_of(player);
        let empty = layout.board() & !(own | self.pieces_of(player.opponent()));
        let ahead = match player {
            Player::One => (own << width) & empty,
            Player::Two => (own >> width) & empty,
        };
        ahead.count_ones() as i32
    }

    /// The number of `player`'s legal moves if it were their turn.
    fn mobility_of(&self, player: Player) -> i32 {
        let mut position = *self;
        position.side = player;
        position.count_legal_moves() as i32
    }
}

impl Evaluate for Parity {
    const ENGINE: &'static str = Parity::GAME_ID;
    const LEVELS: Levels = super::levels::LEVELS;
    type Weights = ParityWeights;

    fn evaluate(&self, w: &ParityWeights) -> i32 {
        let us = self.side;
        let them = us.opponent();
        let layout = &self.rules.layout;
        let open = layout.board() & !layout.closed(self.piece_count());
        let count = |p: Player| self.pieces_of(p).count_ones() as i32;
        let on_open = |p: Player| (self.pieces_of(p) & open).count_ones() as i32;
        w.piece * (count(us) - count(them))
            + w.open_control * (on_open(us) - on_open(them))
            + w.mobility * (self.mobility_of(us) - self.mobility_of(them))
            + w.threats * (self.capture_count(us) - self.capture_count(them))
            + w.lanes * (self.lane_count(us) - self.lane_count(them))
            + w.traps * (self.trap_entries(them) - self.trap_entries(us))
    }

    /// Parity between careful players is mostly a blocking game that ends in a draw; it is
    /// won by leaving the opponent chances to step into a capture or a dead end.
    const CHANCES: i32 = 200;

    #[inline]
    fn is_tactical(&self, mv: ParityMove) -> bool {
        mv.is_capture()
    }

    fn tactical_value(&self, mv: ParityMove, weights: &ParityWeights) -> i32 {
        if !mv.is_capture() {
            0
        } else if self.pieces_of(self.side.opponent()).count_ones() == 1 {
            GAME_VALUE
        } else {
            weights.piece
        }
    }
}
