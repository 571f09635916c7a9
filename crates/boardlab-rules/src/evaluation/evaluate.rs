//! [`Evaluate`] for every game from a rules file: material, pieces in hand, placement,
//! advancement and mobility, each from the game's [`Knowledge`](super::Knowledge) or the
//! position scaled by the weights; checks and evasions where the game has royal pieces
//! (`engine::threats`), null moves where passing is safe enough.

use super::weights::{FROM_EDGE, RANKS, RulesWeights};
use crate::engine::moves::{MoveShape, coord, file_of, rank_of};
use crate::engine::{AttackMap, BitSet, RulesMove, RulesPosition};
use boardlab_core::{Evaluate, Levels, MAX_EVAL, MoveList, Player, Position};

/// What taking a royal piece is worth when ordering captures: more than any material.
const ROYAL_VICTIM: i32 = 50_000;

/// What one more move of a piece on the board is worth (at a mobility weight of 100%),
/// about what chess engines give a minor piece's extra square.
const MOBILITY_CENTIPAWNS: i32 = 4;

/// The parts of a centipawn a player's score is summed in before the evaluation rounds it
/// once: a multiple of 800 (percent weights, an eighth for threatened pieces) and of 256
/// (the phase blend).
const SCORE_UNITS: i64 = 6_400;

/// The danger to a royal piece per attack unit squared (at a weight of 100%): 12 units,
/// the most counted, cost about four pawns.
const ROYAL_DANGER_CENTIPAWNS: i32 = 3;

impl<B: BitSet> RulesPosition<B> {
    /// The square index of a move's coordinate.
    pub(super) fn square_of(&self, coord: u8) -> Option<u32> {
        self.game().geometry.index_of(coord)
    }

    /// The value of the enemy piece on `square`, if any, for ordering captures: a royal
    /// piece's capture wins, and goes before any other.
    fn victim_value(&self, square: u32) -> i32 {
        match self.piece_on(square) {
            Some((owner, kind)) if owner != self.side_to_move() => {
                if self.game().royal >> kind & 1 != 0 {
                    ROYAL_VICTIM
                } else {
                    self.game().knowledge().values[usize::from(kind)]
                }
            }
            _ => 0,
        }
    }

    /// Whether passing is safe enough for null-move pruning: in games with royal pieces,
    /// without compulsory captures or squares that open and close, for a side with a piece
    /// in hand or a piece on the board that neither is royal nor promotes (a side left
    /// with its royal piece and pawns is where being forced to move often loses).
    fn may_pass(&self) -> bool {
        let tables = self.tables;
        if tables.rules.royal == 0 || tables.rules.compulsory || tables.opens {
            return false;
        }
        let us = self.side_to_move();
        if self.hand_total(us) > 0 {
            return true;
        }
        tables.pieces[us.index()]
            .iter()
            .enumerate()
            .any(|(kind, piece)| {
                tables.rules.royal >> kind & 1 == 0
                    && piece.promotion.is_none()
                    && !self.pieces(us, kind as u8).is_empty()
            })
    }

    /// How much material is on the board and in hand, against the start position's, in
    /// 256ths (royal pieces aside): 256 with a full board, 0 with royal pieces alone.
    fn phase(&self) -> i32 {
        let knowledge = self.game().knowledge();
        if knowledge.start_material <= 0 {
            return 256;
        }
        let mut material = 0;
        for kind in 0..self.game().piece_count() {
            let count = Player::BOTH
                .iter()
                .map(|&player| {
                    self.pieces(player, kind as u8).count() as i32
                        + i32::from(self.in_hand(player, kind as u8))
                })
                .sum::<i32>();
            material += count * knowledge.values[kind];
        }
        (material * 256 / knowledge.start_material).clamp(0, 256)
    }

    /// One player's score in [`SCORE_UNITS`]ths of a centipawn: material, hand, placement,
    /// advancement, mobility, what threatens its pieces (`maps`: both players' attacks), and
    /// the fitted tables of ranks and files blended by `phase` (see [`phase`](Self::phase)).
    /// Nothing is rounded here: the evaluation rounds once, so that it stays linear in the
    /// weights within a centipawn (what `tune`'s gradient fit checks).
    fn score_of(
        &self,
        player: Player,
        weights: &RulesWeights,
        maps: &[AttackMap<B>; 2],
        phase: i32,
    ) -> i64 {
        let game = self.game();
        let knowledge = game.knowledge();
        let (ours, theirs) = (&maps[player.index()], &maps[player.opponent().index()]);
        let (mut material, mut hand, mut placement, mut advancement) = (0, 0, 0, 0);
        let mut mobility = 0;
        let (mut hanging, mut threatened) = (0, 0);
        let (mut opening, mut ending) = (0, 0);
        let ranks = &knowledge.rank_from_side[player.index()];
        for kind in 0..game.piece_count() {
            let value = knowledge.values[kind];
            let place = &knowledge.placement[player.index()][kind];
            let advance = &knowledge.advancement[player.index()][kind];
            let pieces = self.pieces(player, kind as u8);
            let on_board = pieces.count() as i32;
            material += value * on_board * weights.material[kind];
            mobility += ours.mobility_by_kind[kind] as i32 * weights.mobility[kind];
            for square in pieces.squares() {
                let square = square as usize;
                placement += i32::from(place[square]);
                advancement += i32::from(advance[square]);
                let rank = kind * RANKS + usize::from(ranks[square]);
                let file = kind * FROM_EDGE + usize::from(knowledge.from_edge[square]);
                opening += weights.rank_opening[rank] + weights.file_opening[file];
                ending += weights.rank_ending[rank] + weights.file_ending[file];
            }
            hand += value * i32::from(self.in_hand(player, kind as u8));
            if game.royal >> kind & 1 != 0 {
                continue;
            }
            // Attacked and not defended; attacked by a less valuable piece.
            hanging += (pieces & theirs.all & !ours.all).count() as i32 * value;
            let mut lesser = B::EMPTY;
            for attacker in 0..game.piece_count() {
                if game.royal >> attacker & 1 == 0 && knowledge.values[attacker] < value {
                    lesser |= theirs.by_kind[attacker];
                }
            }
            threatened += (pieces & lesser).count() as i32 * value;
        }
        // Percent-weighted terms in 800ths of a centipawn (hanging and threatened pieces
        // count an eighth of their value), the tables blended in 256ths: both scaled to
        // SCORE_UNITS.
        let percent = |terms: i32, weight: i32| i64::from(terms) * i64::from(weight);
        let weighted = 8
            * (i64::from(material)
                + percent(hand, weights.hand[0])
                + percent(placement, weights.placement[0])
                + percent(advancement, weights.advancement[0])
                + percent(mobility, MOBILITY_CENTIPAWNS)
                - percent(self.royal_danger(player, theirs), weights.royal_danger[0]))
            - percent(hanging, weights.hanging[0])
            - percent(threatened, weights.threats[0]);
        let blended = percent(opening, phase) + percent(ending, 256 - phase);
        weighted * (SCORE_UNITS / 800) + blended * (SCORE_UNITS / 256)
    }

    /// The danger to `player`'s royal piece: the enemy attacks (`theirs`) on it and on the
    /// squares around it, counted twice where two pieces attack, squared; 0 unless a single
    /// royal piece is left to them, on the board.
    fn royal_danger(&self, player: Player, theirs: &AttackMap<B>) -> i32 {
        let Some(square) = self.last_royal_square(player) else {
            return 0;
        };
        let zone = self.neighbourhood(square) | B::bit(square);
        let units = ((zone & theirs.all).count() + (zone & theirs.twice).count()).min(12) as i32;
        units * units * ROYAL_DANGER_CENTIPAWNS
    }
}

impl<B: BitSet> Evaluate for RulesPosition<B> {
    const ENGINE: &'static str = "rules";
    const LEVELS: Levels = super::levels::LEVELS;
    type Weights = RulesWeights;

    fn evaluate(&self, weights: &RulesWeights) -> i32 {
        let us = self.side_to_move();
        let maps = Player::BOTH.map(|player| self.attack_map(player));
        let phase = self.phase();
        let units = self.score_of(us, weights, &maps, phase)
            - self.score_of(us.opponent(), weights, &maps, phase);
        (units / SCORE_UNITS).clamp(-i64::from(MAX_EVAL), i64::from(MAX_EVAL)) as i32
    }

    fn in_check(&self) -> bool {
        self.royal_in_check()
    }

    /// Only while the game goes on: a side that has already lost takes nothing.
    fn can_take_key_piece(&self) -> bool {
        self.loss().is_none() && self.threatens_royal()
    }

    /// In check, the moves after which the opponent cannot take the last royal piece at
    /// once, or the game is over (a move that takes the opponent's royal piece wins); every
    /// other move loses. Out of check, every legal move.
    fn evasions(&self, moves: &mut MoveList<RulesMove>) {
        self.legal_moves(moves);
        if !self.royal_in_check() {
            return;
        }
        moves.retain(|&mv| {
            let mut next = *self;
            next.play(mv);
            next.outcome().is_some() || !next.threatens_royal()
        });
    }

    fn null_move(&self) -> Option<Self> {
        self.may_pass().then(|| self.passed())
    }

    /// The captures and the promotions, generated without the other moves.
    fn tactical_moves(&self, moves: &mut MoveList<RulesMove>) {
        self.tactical(moves);
    }

    fn is_tactical(&self, mv: RulesMove) -> bool {
        match mv.shape() {
            MoveShape::Step {
                to,
                promotion,
                jump,
                ..
            } => {
                jump || promotion.is_some()
                    || self
                        .square_of(to)
                        .is_some_and(|s| self.piece_on(s).is_some())
            }
            MoveShape::Chain { .. } => true,
            MoveShape::Drop { .. } => false,
        }
    }

    fn wins_exchange(&self, mv: RulesMove, threshold: i32, _weights: &RulesWeights) -> bool {
        let game = self.game();
        let values = &game.knowledge().values;
        self.exchange_at_least(mv, threshold, |kind| {
            if game.royal >> kind & 1 != 0 {
                ROYAL_VICTIM
            } else {
                values[usize::from(kind)]
            }
        })
    }

    fn tactical_value(&self, mv: RulesMove, _weights: &RulesWeights) -> i32 {
        let knowledge = self.game().knowledge();
        match mv.shape() {
            MoveShape::Step {
                from,
                to,
                promotion,
                jump,
            } => {
                let mover = self
                    .square_of(from)
                    .and_then(|s| self.piece_on(s))
                    .map_or(0, |(_, kind)| knowledge.values[usize::from(kind)]);
                let victim = if jump {
                    // The enemy halfway between.
                    let half = coord(
                        (file_of(from) + file_of(to)) / 2,
                        (rank_of(from) + rank_of(to)) / 2,
                    );
                    self.square_of(half).map_or(0, |s| self.victim_value(s))
                } else {
                    self.square_of(to).map_or(0, |s| self.victim_value(s))
                };
                let gain =
                    promotion.map_or(0, |to_kind| knowledge.values[usize::from(to_kind)] - mover);
                // The most valuable victim first, then the least valuable attacker.
                victim + gain - mover / 16
            }
            MoveShape::Chain { .. } => {
                // Every landing square after the first is another piece taken.
                let jumps = mv.squares().count().saturating_sub(1) as i32;
                jumps * 100
            }
            MoveShape::Drop { .. } => 0,
        }
    }
}
