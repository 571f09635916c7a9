//! Obsidian's evaluation: material, piece placement, mobility (by the count of safe squares
//! each piece reaches), F structure and passed F's (with how far each D is from the square
//! in front), outposts, the safety of the D (the danger its attackers put it in, and the
//! safe checks the enemy has) and threats (by F's, by B's and C's, by A's, on undefended
//! pieces), each weighed twice (for the middle game and for the end game) and
//! blended by how much material is left. The weights are fitted to scored positions and
//! kept in `weights.txt` beside this file, whose header gives the commands that make it
//! anew (`boardlab tune obsidian`).

use super::attacks;
use super::movegen::TacticalSink;
use super::moves::ObsidianMove;
use super::network;
use super::piece::Kind;
use super::position::Obsidian;
use boardlab_core::bitboard::Bits64;
use boardlab_core::{Evaluate, Levels, MoveList, Player, Position, Tunable};
use std::sync::LazyLock;

/// What a captured D is worth to move ordering: the game.
const GAME_VALUE: i32 = 50_000;

/// The weights file this evaluation ships with.
const WEIGHTS_FILE: &str = include_str!("weights.txt");

/// The phase of a full board: B and C count 1, A 2, E 4 (both sides together).
const FULL_PHASE: i32 = 24;

/// What each kind adds to the phase, indexed by [`Kind::index`].
const PHASE_OF: [i32; 6] = [2, 1, 1, 0, 4, 0];

/// The names of the piece-square tables in the weights file, by [`Kind::index`].
const SQUARE_GROUPS: [&str; 6] = [
    "squares_A",
    "squares_B",
    "squares_C",
    "squares_D",
    "squares_E",
    "squares_F",
];

/// A weight for the middle game and one for the end game.
type Pair = [i32; 2];

/// The largest danger [`ObsidianWeights::d_danger`] tells apart (more counts as this).
pub const MAX_DANGER: usize = 39;

/// The farthest a D counts as from a passed F's next square
/// ([`ObsidianWeights::passed_d_distance`]).
pub const MAX_D_DISTANCE: i32 = 5;

/// What an officer attacking the enemy D's zone adds to its danger, by [`Kind::index`].
const DANGER_OF: [i32; 6] = [3, 2, 2, 0, 5, 0];

/// The weights of Obsidian's evaluation, in hundredths of an F. Per-kind tables are
/// indexed by [`Kind::index`] (A, B, C, D, E, F); every entry is a (middle game, end
/// game) pair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObsidianWeights {
    /// The value of each kind (the D is the game itself: 0).
    pub material: [Pair; 6],
    /// Per kind and square, seen from the owner's side: entry `8 * rank + file` with rank 0
    /// the owner's first rank (Player 2's squares are mirrored top to bottom).
    pub squares: [[Pair; 64]; 6],
    /// Per square a piece attacks that its owner does not occupy.
    pub mobility: [Pair; 6],
    /// By how many safe squares (not its own side's, not attacked by an enemy F) an A
    /// reaches; the tables of the B, C and E below are read the same way.
    pub mobility_a: [Pair; 15],
    /// See [`mobility_a`](ObsidianWeights::mobility_a).
    pub mobility_b: [Pair; 9],
    /// See [`mobility_a`](ObsidianWeights::mobility_a).
    pub mobility_c: [Pair; 14],
    /// See [`mobility_a`](ObsidianWeights::mobility_a).
    pub mobility_e: [Pair; 28],
    /// A passed F (no enemy F ahead on its own or a neighbouring file), by ranks advanced.
    pub passed: [Pair; 7],
    /// Per F with another F of its side on the same file.
    pub doubled: Pair,
    /// Per F with no F of its side on a neighbouring file.
    pub isolated: Pair,
    /// Per F defended by an F.
    pub supported: Pair,
    /// For having both C's.
    pub bishop_pair: Pair,
    /// Per A on a file without F's, and on a file without its own F's.
    pub rook_file: [Pair; 2],
    /// Per attack of an enemy piece on the D or a square next to it.
    pub d_zone: Pair,
    /// By the danger the D is in: the enemy officers that attack its zone, weighed by kind
    /// ([`DANGER_OF`]), plus the zone squares they attack, up to [`MAX_DANGER`].
    pub d_danger: [Pair; MAX_DANGER + 1],
    /// Per own F on the three squares in front of the D.
    pub d_shield: Pair,
    /// Per piece (not an F) that an enemy F attacks.
    pub pawn_threat: Pair,
    /// Per piece attacked by the enemy and defended by nothing.
    pub hanging: Pair,
    /// Per piece, by its kind, that an enemy B or C attacks.
    pub minor_threat: [Pair; 6],
    /// Per piece, by its kind, that an enemy A attacks.
    pub rook_threat: [Pair; 6],
    /// Per safe check the enemy has, by the kind that would give it: a square from which a
    /// piece of that kind would attack the D, which such an enemy piece reaches now, not
    /// held by an enemy piece and not attacked by the D's side.
    pub safe_checks: [Pair; 6],
    /// Per B and per C (in that order) on an outpost: on its side's fourth to sixth rank,
    /// defended by an F of its side, and out of reach of every enemy F.
    pub outpost: [Pair; 2],
    /// A passed F whose next square is empty and not attacked by the enemy, by ranks
    /// advanced (added to [`passed`](ObsidianWeights::passed)).
    pub passed_free: [Pair; 7],
    /// Per passed F beyond its third rank, times the ranks it stands beyond it: the distance
    /// (in D moves, at most [`MAX_D_DISTANCE`]) from the nearest enemy D to the square in
    /// front of it, then that from the nearest D of its own side (no term for a side without
    /// a D).
    pub passed_d_distance: [Pair; 2],
    /// For having the move.
    pub tempo: i32,
}

impl Tunable for ObsidianWeights {
    fn for_each_group(&mut self, f: &mut dyn FnMut(&'static str, &mut [i32])) {
        f("material", self.material.as_flattened_mut());
        for (name, table) in SQUARE_GROUPS.iter().zip(self.squares.iter_mut()) {
            f(name, table.as_flattened_mut());
        }
        f("mobility", self.mobility.as_flattened_mut());
        f("mobility_A", self.mobility_a.as_flattened_mut());
        f("mobility_B", self.mobility_b.as_flattened_mut());
        f("mobility_C", self.mobility_c.as_flattened_mut());
        f("mobility_E", self.mobility_e.as_flattened_mut());
        f("passed", self.passed.as_flattened_mut());
        f("doubled", &mut self.doubled);
        f("isolated", &mut self.isolated);
        f("supported", &mut self.supported);
        f("bishop_pair", &mut self.bishop_pair);
        f("rook_file", self.rook_file.as_flattened_mut());
        f("d_zone", &mut self.d_zone);
        f("d_danger", self.d_danger.as_flattened_mut());
        f("d_shield", &mut self.d_shield);
        f("pawn_threat", &mut self.pawn_threat);
        f("hanging", &mut self.hanging);
        f("minor_threat", self.minor_threat.as_flattened_mut());
        f("rook_threat", self.rook_threat.as_flattened_mut());
        f("safe_checks", self.safe_checks.as_flattened_mut());
        f("outpost", self.outpost.as_flattened_mut());
        f("passed_free", self.passed_free.as_flattened_mut());
        f(
            "passed_d_distance",
            self.passed_d_distance.as_flattened_mut(),
        );
        f("tempo", std::slice::from_mut(&mut self.tempo));
    }
}

/// The weights of `weights.txt`, read once.
static SHIPPED: LazyLock<ObsidianWeights> =
    LazyLock::new(|| ObsidianWeights::zero().with_shipped(WEIGHTS_FILE));

impl ObsidianWeights {
    /// Every weight 0.
    pub fn zero() -> ObsidianWeights {
        ObsidianWeights {
            material: [[0; 2]; 6],
            squares: [[[0; 2]; 64]; 6],
            mobility: [[0; 2]; 6],
            mobility_a: [[0; 2]; 15],
            mobility_b: [[0; 2]; 9],
            mobility_c: [[0; 2]; 14],
            mobility_e: [[0; 2]; 28],
            passed: [[0; 2]; 7],
            doubled: [0; 2],
            isolated: [0; 2],
            supported: [0; 2],
            bishop_pair: [0; 2],
            rook_file: [[0; 2]; 2],
            d_zone: [0; 2],
            d_danger: [[0; 2]; MAX_DANGER + 1],
            d_shield: [0; 2],
            pawn_threat: [0; 2],
            hanging: [0; 2],
            minor_threat: [[0; 2]; 6],
            rook_threat: [[0; 2]; 6],
            safe_checks: [[0; 2]; 6],
            outpost: [[0; 2]; 2],
            passed_free: [[0; 2]; 7],
            passed_d_distance: [[0; 2]; 2],
            tempo: 0,
        }
    }
}

impl Default for ObsidianWeights {
    /// The fitted weights of `weights.txt`.
    fn default() -> Self {
        *SHIPPED
    }
}

/// A middle-game and end-game sum.
#[derive(Clone, Copy, Default)]
struct Tapered {
    mg: i32,
    eg: i32,
}

impl Tapered {
    /// Adds `pair` times `count`.
    #[inline]
    fn add(&mut self, pair: Pair, count: i32) {
        self.mg += pair[0] * count;
        self.eg += pair[1] * count;
    }
}

/// The entry of `square` in `player`'s piece-square tables.
#[inline]
fn own_square(player: Player, square: u32) -> usize {
    match player {
        Player::One => square as usize,
        Player::Two => (square ^ 56) as usize,
    }
}

/// The ranks `square` lies ahead of `player`'s first rank.
#[inline]
fn ranks_advanced(player: Player, square: u32) -> i32 {
    let rank = (square / 8) as i32;
    match player {
        Player::One => rank,
        Player::Two => 7 - rank,
    }
}

/// The squares `player`'s F's on `pawns` attack.
#[inline]
fn pawn_attacks(player: Player, pawns: u64) -> u64 {
    let (west, east) = (pawns & !attacks::FILE_A, pawns & !attacks::FILE_H);
    match player {
        Player::One => west << 7 | east << 9,
        Player::Two => west >> 9 | east >> 7,
    }
}

/// The bits of the file of `square` and, with `neighbours`, the two files beside it.
#[inline]
fn files(square: u32, neighbours: bool) -> u64 {
    let file = attacks::FILE_A << (square % 8);
    if neighbours {
        file | (file & !attacks::FILE_H) << 1 | (file & !attacks::FILE_A) >> 1
    } else {
        file
    }
}

/// The squares ahead of `square` for `player`, on all ranks beyond it.
#[inline]
fn ahead(player: Player, square: u32) -> u64 {
    let rank = square / 8;
    match player {
        Player::One if rank < 7 => !0u64 << (8 * (rank + 1)),
        Player::Two if rank > 0 => !0u64 >> (8 * (8 - rank)),
        _ => 0,
    }
}

/// What one side's pieces see, gathered in a first pass.
#[derive(Clone, Copy, Default)]
struct SideView {
    /// Every square the side attacks.
    attacks: u64,
    /// The squares its F's attack.
    pawn_attacks: u64,
    /// Its attacks on the enemy D and the squares next to it.
    zone_hits: i32,
    /// The squares its pieces of each kind attack, by [`Kind::index`] (not its F's).
    reach: [u64; 6],
    /// The danger its officers put the enemy D in (see [`ObsidianWeights::d_danger`]).
    danger: i32,
}

impl Obsidian {
    /// The D's square and its neighbours for `player` (empty without a D).
    fn d_zone(&self, player: Player) -> u64 {
        Bits64(self.pieces(player, Kind::D))
            .map(|square| attacks::king(square) | 1u64 << square)
            .fold(0, |zone, z| zone | z)
    }

    /// Adds `player`'s material, placement, mobility and structure to `score` and the
    /// phase to `phase`; returns what its pieces see.
    fn side_terms(
        &self,
        player: Player,
        w: &ObsidianWeights,
        score: &mut Tapered,
        phase: &mut i32,
    ) -> SideView {
        let own = self.occupied_by(player);
        let occupied = self.occupied();
        let enemy_zone = self.d_zone(player.opponent());
        let pawns = self.pieces(player, Kind::F);
        let enemy_pawns = self.pieces(player.opponent(), Kind::F);
        let mut view = SideView {
            pawn_attacks: pawn_attacks(player, pawns),
            ..SideView::default()
        };
        view.attacks = view.pawn_attacks;
        view.zone_hits = (view.pawn_attacks & enemy_zone).count_ones() as i32;
        let enemy_pawn_attacks = pawn_attacks(player.opponent(), enemy_pawns);
        let safe = !own & !enemy_pawn_attacks;
        for kind in Kind::ALL {
            let k = kind.index();
            let pieces = self.pieces(player, kind);
            let count = pieces.count_ones() as i32;
            score.add(w.material[k], count);
            *phase += PHASE_OF[k] * count;
            for square in Bits64(pieces) {
                score.add(w.squares[k][own_square(player, square)], 1);
                if kind == Kind::F {
                    continue;
                }
                let reach = match kind {
                    Kind::A => attacks::rook(square, occupied),
                    Kind::B => attacks::knight(square),
                    Kind::C => attacks::bishop(square, occupied),
                    Kind::D => attacks::king(square),
                    _ => attacks::queen(square, occupied),
                };
                view.attacks |= reach;
                view.reach[k] |= reach;
                score.add(w.mobility[k], (reach & !own).count_ones() as i32);
                let moves = (reach & safe).count_ones() as usize;
                match kind {
                    Kind::A => score.add(w.mobility_a[moves], 1),
                    Kind::B | Kind::C => {
                        let table: &[Pair] = if kind == Kind::B {
                            &w.mobility_b
                        } else {
                            &w.mobility_c
                        };
                        score.add(table[moves], 1);
                        if self.is_outpost(player, square, view.pawn_attacks, enemy_pawns) {
                            score.add(w.outpost[usize::from(kind == Kind::C)], 1);
                        }
                    }
                    Kind::E => score.add(w.mobility_e[moves], 1),
                    _ => {}
                }
                if kind != Kind::D {
                    let hits = (reach & enemy_zone).count_ones() as i32;
                    view.zone_hits += hits;
                    if hits > 0 {
                        view.danger += DANGER_OF[k] + hits;
                    }
                }
                if kind == Kind::A {
                    let file = files(square, false);
                    if file & (pawns | enemy_pawns) == 0 {
                        score.add(w.rook_file[0], 1);
                    } else if file & pawns == 0 {
                        score.add(w.rook_file[1], 1);
                    }
                }
            }
        }
        if self.pieces(player, Kind::C).count_ones() >= 2 {
            score.add(w.bishop_pair, 1);
        }
        for square in Bits64(pawns) {
            if ahead(player, square) & files(square, true) & enemy_pawns == 0 {
                let advanced = (ranks_advanced(player, square) - 1).clamp(0, 6) as usize;
                score.add(w.passed[advanced], 1);
            }
            if files(square, false) & pawns & !(1u64 << square) != 0 {
                score.add(w.doubled, 1);
            }
            if (files(square, true) & !files(square, false)) & pawns == 0 {
                score.add(w.isolated, 1);
            }
        }
        score.add(w.supported, (pawns & view.pawn_attacks).count_ones() as i32);
        for square in Bits64(self.pieces(player, Kind::D)) {
            let front = match player {
                Player::One if square < 56 => attacks::king(square) & !0u64 << (square / 8 * 8 + 8),
                Player::Two if square >= 8 => {
                    attacks::king(square) & ((1u64 << (square / 8 * 8)) - 1)
                }
                _ => 0,
            };
            score.add(w.d_shield, (front & pawns).count_ones() as i32);
        }
        view
    }

    /// Adds `player`'s dangers, given what both sides see, to `score`.
    fn danger_terms(
        &self,
        player: Player,
        w: &ObsidianWeights,
        views: &[SideView; 2],
        score: &mut Tapered,
    ) {
        let (ours, theirs) = (&views[player.index()], &views[player.opponent().index()]);
        let own = self.occupied_by(player);
        let officers = own & !self.pieces(player, Kind::F) & !self.pieces(player, Kind::D);
        score.add(w.d_zone, theirs.zone_hits);
        score.add(
            w.pawn_threat,
            (officers & theirs.pawn_attacks).count_ones() as i32,
        );
        let undefended = own & !self.pieces(player, Kind::D) & !ours.attacks;
        score.add(w.hanging, (undefended & theirs.attacks).count_ones() as i32);
        let minor_attacks = theirs.reach[Kind::B.index()] | theirs.reach[Kind::C.index()];
        let rook_attacks = theirs.reach[Kind::A.index()];
        for kind in Kind::ALL {
            let k = kind.index();
            let pieces = self.pieces(player, kind);
            score.add(
                w.minor_threat[k],
                (pieces & minor_attacks).count_ones() as i32,
            );
            score.add(
                w.rook_threat[k],
                (pieces & rook_attacks).count_ones() as i32,
            );
        }
        if self.pieces(player, Kind::D) != 0 {
            score.add(w.d_danger[(theirs.danger as usize).min(MAX_DANGER)], 1);
            self.safe_check_terms(player, w, views, score);
        }
        let pawns = self.pieces(player, Kind::F);
        let enemy_pawns = self.pieces(player.opponent(), Kind::F);
        for square in Bits64(pawns) {
            if ahead(player, square) & files(square, true) & enemy_pawns != 0 {
                continue;
            }
            let next = match player {
                Player::One => square + 8,
                Player::Two => square.wrapping_sub(8),
            };
            if next >= 64 {
                continue;
            }
            if (self.occupied() | theirs.attacks) & 1u64 << next == 0 {
                let advanced = (ranks_advanced(player, square) - 1).clamp(0, 6) as usize;
                score.add(w.passed_free[advanced], 1);
            }
            let beyond_third = ranks_advanced(player, square) - 2;
            if beyond_third > 0 {
                for (which, side) in [player.opponent(), player].into_iter().enumerate() {
                    if let Some(distance) = self.d_distance(side, next) {
                        score.add(w.passed_d_distance[which], distance * beyond_third);
                    }
                }
            }
        }
    }

    /// The distance in D moves, at most [`MAX_D_DISTANCE`], from `player`'s nearest D to
    /// `square`; `None` without a D.
    fn d_distance(&self, player: Player, square: u32) -> Option<i32> {
        let (file, rank) = ((square % 8) as i32, (square / 8) as i32);
        Bits64(self.pieces(player, Kind::D))
            .map(|d| {
                let (d_file, d_rank) = ((d % 8) as i32, (d / 8) as i32);
                (d_file - file).abs().max((d_rank - rank).abs())
            })
            .min()
            .map(|distance| distance.min(MAX_D_DISTANCE))
    }

    /// Adds the safe checks `player`'s opponent has against its D(s) to `score` (see
    /// [`ObsidianWeights::safe_checks`]), given what both sides see.
    fn safe_check_terms(
        &self,
        player: Player,
        w: &ObsidianWeights,
        views: &[SideView; 2],
        score: &mut Tapered,
    ) {
        let (ours, theirs) = (&views[player.index()], &views[player.opponent().index()]);
        let occupied = self.occupied();
        let safe = !self.occupied_by(player.opponent()) & !ours.attacks;
        for square in Bits64(self.pieces(player, Kind::D)) {
            let lines = attacks::rook(square, occupied);
            let diagonals = attacks::bishop(square, occupied);
            for (kind, from) in [
                (Kind::A, lines),
                (Kind::B, attacks::knight(square)),
                (Kind::C, diagonals),
                (Kind::E, lines | diagonals),
            ] {
                let k = kind.index();
                let checks = from & theirs.reach[k] & safe;
                score.add(w.safe_checks[k], checks.count_ones() as i32);
            }
        }
    }

    /// Whether a B or C of `player` on `square` stands on an outpost: on its fourth to sixth rank,
    /// defended by one of its F's (which attack `own_pawn_attacks`) and on a square no
    /// enemy F can ever attack (none on a neighbouring file ahead of it).
    fn is_outpost(
        &self,
        player: Player,
        square: u32,
        own_pawn_attacks: u64,
        enemy_pawns: u64,
    ) -> bool {
        let advanced = ranks_advanced(player, square);
        (3..=5).contains(&advanced)
            && own_pawn_attacks & 1u64 << square != 0
            && ahead(player, square) & files(square, true) & !files(square, false) & enemy_pawns
                == 0
    }
}

impl Evaluate for Obsidian {
    const ENGINE: &'static str = Obsidian::GAME_ID;
    const LEVELS: Levels = super::levels::LEVELS;
    type Weights = ObsidianWeights;

    fn piece_and_target(mv: ObsidianMove) -> Option<u32> {
        Some(mv.kind() as u32 * 64 + mv.to())
    }

    const PIECE_TARGETS: u32 = 6 * 64;

    fn structure_key(&self) -> Option<u64> {
        let fs = self.by_kind[Kind::F.index()];
        let mine = fs & self.by_player[0];
        let theirs = fs & self.by_player[1];
        let mixed = (mine ^ theirs.rotate_left(29)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        Some(mixed ^ (theirs.wrapping_mul(0xc2b2_ae3d_27d4_eb4f) >> 7))
    }

    fn piece_keys(&self) -> Option<[u64; 2]> {
        Some([0, 1].map(|player| {
            let own = self.by_player[player];
            [Kind::A, Kind::B, Kind::C, Kind::D, Kind::E]
                .iter()
                .fold(0u64, |key, kind| {
                    (key.rotate_left(23) ^ (self.by_kind[kind.index()] & own))
                        .wrapping_mul(0x9e37_79b9_7f4a_7c15)
                })
        }))
    }

    fn tuned_search() -> Option<&'static str> {
        Some(include_str!("search.params"))
    }

    fn evaluate(&self, weights: &ObsidianWeights) -> i32 {
        let mut sides = [Tapered::default(); 2];
        let mut phase = 0;
        let views = [Player::One, Player::Two]
            .map(|player| self.side_terms(player, weights, &mut sides[player.index()], &mut phase));
        for player in Player::BOTH {
            self.danger_terms(player, weights, &views, &mut sides[player.index()]);
        }
        let (us, them) = (
            sides[self.side.index()],
            sides[self.side.opponent().index()],
        );
        let phase = phase.min(FULL_PHASE);
        let mg = us.mg - them.mg;
        let eg = us.eg - them.eg;
        (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE + weights.tempo
    }

    #[inline]
    fn is_tactical(&self, mv: ObsidianMove) -> bool {
        let them = self.side.opponent();
        self.occupied_by(them) & 1u64 << mv.to() != 0
            || mv.kind() == Kind::F && (1u64 << mv.to()) & (attacks::RANK_1 | attacks::RANK_8) != 0
    }

    fn tactical_moves(&self, moves: &mut MoveList<ObsidianMove>) {
        let enemy = self.occupied_by(self.side.opponent());
        self.generate(&mut TacticalSink { list: moves, enemy });
    }

    fn in_check(&self) -> bool {
        self.d_attacked(self.side)
    }

    fn can_take_key_piece(&self) -> bool {
        self.has_key_piece(self.side) && self.d_attacked(self.side.opponent())
    }

    /// In check, the moves after which the opponent cannot take a D at once (a move that
    /// takes the opponent's D wins and is kept too); every other move loses. Out of check,
    /// every legal move.
    fn evasions(&self, moves: &mut MoveList<ObsidianMove>) {
        self.legal_moves(moves);
        if !self.in_check() {
            return;
        }
        let us = self.side;
        moves.retain(|&mv| {
            let mut next = *self;
            next.play(mv);
            !next.has_key_piece(us.opponent()) || !next.d_attacked(us)
        });
    }

    /// Passing is refused to a side with nothing but its D and F's, where being forced to
    /// move often loses (zugzwang).
    fn null_move(&self) -> Option<Obsidian> {
        let us = self.side;
        let officers = self.occupied_by(us) & !self.pieces(us, Kind::D) & !self.pieces(us, Kind::F);
        (officers != 0).then(|| self.passed())
    }

    fn wins_exchange(&self, mv: ObsidianMove, threshold: i32, weights: &ObsidianWeights) -> bool {
        let mut values = weights.material.map(|pair| pair[0]);
        values[Kind::D.index()] = GAME_VALUE;
        self.exchange_at_least(mv, threshold, &values)
    }

    fn tactical_value(&self, mv: ObsidianMove, weights: &ObsidianWeights) -> i32 {
        let to_bit = 1u64 << mv.to();
        let value_of = |kind: Kind| weights.material[kind.index()][0];
        let mut value = match self.piece_on(mv.to()) {
            Some((owner, Kind::D)) if owner != self.side => GAME_VALUE,
            // The most valuable victim first, then the least valuable attacker.
            Some((owner, kind)) if owner != self.side => value_of(kind) - value_of(mv.kind()) / 16,
            _ => 0,
        };
        if mv.kind() == Kind::F && to_bit & (attacks::RANK_1 | attacks::RANK_8) != 0 {
            value += value_of(Kind::E) - value_of(Kind::F);
        }
        value
    }

    const NETWORK_INPUTS: usize = network::INPUTS;
    const NETWORK_FEATURES: &'static str = network::FEATURES;

    #[inline]
    fn network_features(&self, add: impl FnMut(usize, usize)) {
        network::features(self, add);
    }

    #[inline]
    fn network_changes(&self, before: &Obsidian, changed: impl FnMut(bool, usize, usize)) -> bool {
        network::changes(self, before, changed)
    }

    fn shipped_network() -> Option<&'static [u8]> {
        network::SHIPPED
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use boardlab_core::Position;

    #[test]
    fn the_shipped_weights_read_and_write_back() {
        let weights = ObsidianWeights::default();
        let mut again = ObsidianWeights::zero();
        again.read_text(&weights.to_text()).unwrap();
        assert_eq!(again, weights);
        assert!(weights.material[Kind::E.index()][0] > weights.material[Kind::F.index()][0]);
    }

    #[test]
    fn piece_keys_follow_each_sides_pieces_but_not_its_fs() {
        let keys = |text: &str| text.parse::<Obsidian>().unwrap().piece_keys().unwrap();
        let start = keys("ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1");
        assert_ne!(start[0], start[1]);
        // An F's move (and the turn) leaves both keys; a B's move changes its owner's only.
        assert_eq!(
            keys("ABCDECBA/FFFFFFFF/8/8/4f3/8/ffff1fff/abcdecba 2"),
            start
        );
        let b_moved = keys("ABCDECBA/FFFFFFFF/8/8/8/5b2/ffffffff/abcdec1a 2");
        assert_ne!(b_moved[0], start[0]);
        assert_eq!(b_moved[1], start[1]);
        // The same squares held by another kind are another arrangement.
        assert_ne!(
            keys("ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/acbdecba 1")[0],
            start[0]
        );
    }

    #[test]
    fn the_start_is_level_and_material_counts() {
        let start = Obsidian::default();
        let w = ObsidianWeights::default();
        assert_eq!(start.evaluate(&w), w.tempo, "the start is symmetric");
        let up_an_e: Obsidian = "ABCD1CBA/FFFFFFFF/8/8/8/8/ffffffff/abcdecba 1"
            .parse()
            .unwrap();
        assert!(up_an_e.evaluate(&w) > 500);
        let mirrored: Obsidian = "ABCDECBA/FFFFFFFF/8/8/8/8/ffffffff/abcd1cba 2"
            .parse()
            .unwrap();
        assert_eq!(
            mirrored.evaluate(&w),
            up_an_e.evaluate(&w),
            "colour symmetry"
        );
        assert!(start.side_to_move() == Player::One);
    }

    /// `weights` with group `name` set to `values` (each in both phases; 0 past them).
    fn with_group(mut weights: ObsidianWeights, name: &str, values: &[i32]) -> ObsidianWeights {
        weights.for_each_group(&mut |group, slots| {
            if group == name {
                let mut values = values.iter().chain(std::iter::repeat(&0));
                for pair in slots.chunks_mut(2) {
                    pair.fill(*values.next().unwrap());
                }
            }
        });
        weights
    }

    /// What `values` on the group `name` (both phases) add to the evaluation of `text`.
    fn group_score(text: &str, name: &str, values: &[i32]) -> i32 {
        let position: Obsidian = text.parse().unwrap();
        let w = ObsidianWeights::default();
        position.evaluate(&with_group(w, name, values))
            - position.evaluate(&with_group(w, name, &[]))
    }

    #[test]
    fn safe_checks_count_the_squares_an_enemy_piece_could_check_from_unpunished() {
        // Player 2's A on h2 reaches h1 (a check along the first rank, attacked by nothing)
        // and e2 (a check along the file, but next to the D, which would take it).
        assert_eq!(
            group_score("4D3/8/8/8/8/8/7A/4d3 1", "safe_checks", &[100]),
            100
        );
        // Seen from the other side, the same danger counts against the side to move.
        assert_eq!(
            group_score("4D3/8/8/8/8/8/7A/4d3 2", "safe_checks", &[100]),
            -100
        );
        // A B on f2 guards h1 (and blocks the A's way to e2): no safe check is left.
        assert_eq!(
            group_score("4D3/8/8/8/8/8/5b1A/4d3 1", "safe_checks", &[100]),
            0
        );
    }

    #[test]
    fn passed_fs_count_how_far_each_d_is_from_the_square_in_front() {
        // Player 1's F on e5 (two ranks beyond its third): the enemy D on e8 stands two
        // moves from e6, its own D on e1 five.
        let board = "4D3/8/8/4f3/8/8/8/4d3";
        assert_eq!(
            group_score(&format!("{board} 1"), "passed_d_distance", &[100, 0]),
            2 * 2 * 100
        );
        assert_eq!(
            group_score(&format!("{board} 1"), "passed_d_distance", &[0, 100]),
            5 * 2 * 100
        );
        assert_eq!(
            group_score(&format!("{board} 2"), "passed_d_distance", &[0, 100]),
            -5 * 2 * 100
        );
        // Far away counts as five moves at most; an F on its third rank counts nothing.
        assert_eq!(
            group_score("D7/8/8/8/7f/8/8/d7 1", "passed_d_distance", &[100, 0]),
            5 * 100
        );
        assert_eq!(
            group_score("4D3/8/8/8/8/4f3/8/4d3 1", "passed_d_distance", &[100, 100]),
            0
        );
        // An F with an enemy F ahead on a neighbouring file is not passed.
        assert_eq!(
            group_score(
                "4D3/3F4/8/4f3/8/8/8/4d3 1",
                "passed_d_distance",
                &[100, 100]
            ),
            0
        );
    }

    /// The position with the colours swapped: the board turned over, each piece given to
    /// the other side, and the other side to move.
    fn colours_swapped(position: &Obsidian) -> Obsidian {
        let text = position.to_string();
        let mut fields = text.split(' ');
        let board: Vec<String> = fields
            .next()
            .unwrap()
            .split('/')
            .rev()
            .map(|rank| {
                rank.chars()
                    .map(|c| match c {
                        c if c.is_ascii_uppercase() => c.to_ascii_lowercase(),
                        c => c.to_ascii_uppercase(),
                    })
                    .collect()
            })
            .collect();
        let side = match fields.next().unwrap() {
            "1" => "2",
            _ => "1",
        };
        let rest: Vec<&str> = fields.collect();
        format!("{} {side} {}", board.join("/"), rest.join(" "))
            .trim_end()
            .parse()
            .unwrap()
    }

    #[test]
    fn every_term_is_the_same_for_both_colours() {
        // Every weight different from 0, so that no term escapes.
        let mut w = ObsidianWeights::default();
        let mut next = 0;
        w.for_each_group(&mut |_, values| {
            for value in values {
                next = (next * 37 + 11) % 101;
                *value += next - 50;
            }
        });
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for _ in 0..200 {
            let mut position = Obsidian::default();
            for _ in 0..40 {
                let mut moves = MoveList::new();
                position.legal_moves(&mut moves);
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                position.play(moves[(seed % moves.len() as u64) as usize]);
                let swapped = colours_swapped(&position);
                assert_eq!(
                    swapped.evaluate(&w),
                    position.evaluate(&w),
                    "{position} against {swapped}"
                );
            }
        }
    }
}
