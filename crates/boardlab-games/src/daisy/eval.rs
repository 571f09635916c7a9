//! Daisy's evaluation: material on the board and in reserve, mobility, the A's presence and
//! the advancement of the forward-only pieces.

use super::attacks;
use super::movegen::CaptureSink;
use super::moves::DaisyMove;
use super::network;
use super::piece::Kind;
use super::position::Daisy;
use boardlab_core::bitboard::Bits128;
use boardlab_core::{Evaluate, Levels, MoveList, Player, Position, Tunable};
use std::sync::LazyLock;

/// What a captured A is worth to move ordering: the game.
const GAME_VALUE: i32 = 50_000;

/// The weights file this evaluation ships with.
const WEIGHTS_FILE: &str = include_str!("weights.txt");

/// The weights of Daisy's evaluation, in hundredths of an H. Per-kind tables are indexed by
/// [`Kind::index`] (A to H).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DaisyWeights {
    /// The value of each kind on the board (the A is the game itself: 0).
    pub values: [i32; 8],
    /// The value of each kind in reserve (a drop can go anywhere).
    pub reserve: [i32; 8],
    /// For having one's A on the board, which is what allows capturing.
    pub a_on_board: i32,
    /// Per square a board piece attacks that its owner does not occupy, by kind.
    pub mobility: [i32; 8],
    /// Per rank a piece has advanced from its owner's first rank, by kind.
    pub advance: [i32; 8],
    /// Per enemy attack on the A or a square next to it.
    pub a_danger: i32,
    /// Per empty square next to the A, times the pieces the enemy holds in reserve (drops
    /// that could attack it).
    pub a_drop_danger: i32,
    /// Per own piece next to the A.
    pub a_shelter: i32,
    /// Per own piece that the enemy attacks and nothing of ours defends (only while the
    /// enemy may capture).
    pub hanging: i32,
    /// For having the move.
    pub tempo: i32,
}

impl Tunable for DaisyWeights {
    fn for_each_group(&mut self, f: &mut dyn FnMut(&'static str, &mut [i32])) {
        f("values", &mut self.values);
        f("reserve", &mut self.reserve);
        f("a_on_board", std::slice::from_mut(&mut self.a_on_board));
        f("mobility", &mut self.mobility);
        f("advance", &mut self.advance);
        f("a_danger", std::slice::from_mut(&mut self.a_danger));
        f(
            "a_drop_danger",
            std::slice::from_mut(&mut self.a_drop_danger),
        );
        f("a_shelter", std::slice::from_mut(&mut self.a_shelter));
        f("hanging", std::slice::from_mut(&mut self.hanging));
        f("tempo", std::slice::from_mut(&mut self.tempo));
    }
}

/// The weights of `weights.txt`, read once.
static SHIPPED: LazyLock<DaisyWeights> =
    LazyLock::new(|| DaisyWeights::zero().with_shipped(WEIGHTS_FILE));

impl DaisyWeights {
    /// Every weight 0.
    pub fn zero() -> DaisyWeights {
        DaisyWeights {
            values: [0; 8],
            reserve: [0; 8],
            a_on_board: 0,
            mobility: [0; 8],
            advance: [0; 8],
            a_danger: 0,
            a_drop_danger: 0,
            a_shelter: 0,
            hanging: 0,
            tempo: 0,
        }
    }
}

impl Default for DaisyWeights {
    /// The fitted weights of `weights.txt`.
    fn default() -> Self {
        *SHIPPED
    }
}

impl Daisy {
    /// `player`'s material, mobility and advancement; also returns every square its board
    /// pieces attack, and how many attacks they make on `enemy_zone` (the enemy A's square
    /// and its neighbours, each piece's attacks on it counted once per square).
    fn side_score(&self, player: Player, w: &DaisyWeights, enemy_zone: u128) -> SideScore {
        let own = self.occupied_by(player);
        let occupied = self.occupied();
        let reserve = self.reserve(player);
        let mut side = SideScore::default();
        for kind in Kind::ALL {
            let k = kind.index();
            let pieces = self.pieces(player, kind);
            side.score += w.values[k] * pieces.count_ones() as i32
                + w.reserve[k] * reserve.count(kind) as i32;
            for square in Bits128(pieces) {
                let reach = attacks::attacks(player, kind, square, occupied);
                side.attacked |= reach;
                side.zone_hits += (reach & enemy_zone).count_ones() as i32;
                side.score += w.mobility[k] * (reach & !own).count_ones() as i32;
                let rank = (square / 9) as i32;
                let advanced = match player {
                    Player::One => rank,
                    Player::Two => 8 - rank,
                };
                side.score += w.advance[k] * advanced;
            }
        }
        side
    }

    /// The squares the danger to `player`'s A is counted on: its A's square and the
    /// squares next to it (none while the A is in reserve).
    fn a_zone(&self, player: Player) -> u128 {
        Bits128(self.pieces(player, Kind::A)).fold(0, |zone, square| {
            zone | attacks::king(square) | 1u128 << square
        })
    }

    /// The dangers to `player`'s A and pieces, given what each side's board pieces attack
    /// ([`SideScore`], indexed by [`Player::index`]).
    fn danger_score(&self, player: Player, w: &DaisyWeights, sides: &[SideScore; 2]) -> i32 {
        let enemy = player.opponent();
        let own = self.occupied_by(player);
        let occupied = self.occupied();
        let mut score = 0;
        if self.has_a_on_board(player) {
            score += w.a_on_board;
        }
        // A side has at most one A, so the enemy's hits on the zone are this A's.
        for square in Bits128(self.pieces(player, Kind::A)) {
            score += w.a_danger * sides[enemy.index()].zone_hits;
            let empty_around = (attacks::king(square) & !occupied).count_ones() as i32;
            score += w.a_drop_danger * empty_around * self.reserve(enemy).total() as i32;
            score += w.a_shelter * (attacks::king(square) & own).count_ones() as i32;
        }
        if self.has_a_on_board(enemy) {
            let exposed = own
                & !self.pieces(player, Kind::A)
                & sides[enemy.index()].attacked
                & !sides[player.index()].attacked;
            score += w.hanging * exposed.count_ones() as i32;
        }
        score
    }
}

/// What [`Daisy::side_score`] finds for one side.
#[derive(Clone, Copy, Default)]
struct SideScore {
    /// Material, mobility and advancement.
    score: i32,
    /// Every square the side's board pieces attack.
    attacked: u128,
    /// The side's attacks on the enemy A's zone ([`Daisy::a_zone`]).
    zone_hits: i32,
}

impl Evaluate for Daisy {
    const ENGINE: &'static str = Daisy::GAME_ID;
    const LEVELS: Levels = super::levels::LEVELS;
    type Weights = DaisyWeights;

    fn evaluate(&self, weights: &DaisyWeights) -> i32 {
        let (us, them) = (self.side, self.side.opponent());
        let mut sides = [SideScore::default(); 2];
        sides[us.index()] = self.side_score(us, weights, self.a_zone(them));
        sides[them.index()] = self.side_score(them, weights, self.a_zone(us));
        sides[us.index()].score - sides[them.index()].score + self.danger_score(us, weights, &sides)
            - self.danger_score(them, weights, &sides)
            + weights.tempo
    }

    #[inline]
    fn is_tactical(&self, mv: DaisyMove) -> bool {
        !mv.is_drop() && self.occupied_by(self.side.opponent()) & 1u128 << mv.to() != 0
    }

    fn tactical_moves(&self, moves: &mut MoveList<DaisyMove>) {
        if self.has_a_on_board(self.side) {
            let enemy = self.occupied_by(self.side.opponent());
            self.generate(&mut CaptureSink { list: moves, enemy });
        }
    }

    fn in_check(&self) -> bool {
        self.a_attacked(self.side)
    }

    /// A side may capture only once its own A is on the board.
    fn can_take_key_piece(&self) -> bool {
        self.has_a_on_board(self.side) && self.a_attacked(self.side.opponent())
    }

    /// In check, the moves after which the opponent cannot take the A at once (a move that
    /// takes the opponent's A wins and is kept too); every other move loses. Out of check,
    /// every legal move.
    fn evasions(&self, moves: &mut MoveList<DaisyMove>) {
        let a_square = match Bits128(self.pieces(self.side, Kind::A)).next() {
            Some(a_square) if self.in_check() => a_square,
            _ => return self.legal_moves(moves),
        };
        self.evasions_from(a_square, moves);
        let us = self.side;
        moves.retain(|&mv| {
            let mut next = *self;
            next.play(mv);
            !next.has_a(us.opponent()) || !next.a_attacked(us)
        });
    }

    /// Passing is refused to a side with nothing in reserve and nothing on the board but
    /// its A and H's, where being forced to move can lose (zugzwang).
    fn null_move(&self) -> Option<Daisy> {
        let us = self.side;
        let officers = self.occupied_by(us) & !self.pieces(us, Kind::A) & !self.pieces(us, Kind::H);
        (officers != 0 || !self.reserve(us).is_empty()).then(|| self.passed())
    }

    fn tactical_value(&self, mv: DaisyMove, weights: &DaisyWeights) -> i32 {
        if mv.is_drop() {
            return 0;
        }
        match self.piece_on(mv.to()) {
            Some((owner, Kind::A)) if owner != self.side => GAME_VALUE,
            // The captor gains the piece in reserve as well as removing it from the board.
            Some((owner, kind)) if owner != self.side => {
                weights.values[kind.index()] + weights.reserve[kind.index()]
            }
            _ => 0,
        }
    }

    const NETWORK_INPUTS: usize = network::INPUTS;
    const NETWORK_FEATURES: &'static str = network::FEATURES;

    #[inline]
    fn network_features(&self, add: impl FnMut(usize, usize)) {
        network::features(self, add);
    }

    #[inline]
    fn network_changes(&self, before: &Daisy, changed: impl FnMut(bool, usize, usize)) -> bool {
        network::changes(self, before, changed)
    }

    fn shipped_network() -> Option<&'static [u8]> {
        network::SHIPPED
    }

    fn tuned_search() -> Option<&'static str> {
        Some(include_str!("search.params"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_weights_read_and_write_back() {
        let weights = DaisyWeights::default();
        let mut again = DaisyWeights::zero();
        again.read_text(&weights.to_text()).unwrap();
        assert_eq!(again, weights);
    }

    #[test]
    fn the_start_is_level_and_mirrored_positions_agree() {
        let w = DaisyWeights::default();
        assert_eq!(
            Daisy::default().evaluate(&w),
            w.tempo,
            "the start is symmetric"
        );
        let ahead: Daisy = "4a4/9/9/9/9/9/9/9/4A4[2HBh] 1".parse().unwrap();
        let mirrored: Daisy = "4a4/9/9/9/9/9/9/9/4A4[H2hb] 2".parse().unwrap();
        assert!(ahead.evaluate(&w) > 500);
        assert_eq!(ahead.evaluate(&w), mirrored.evaluate(&w));
    }
}
