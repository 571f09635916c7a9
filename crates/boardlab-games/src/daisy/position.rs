//! The Daisy position: bitboards, reserves, side to move, counters, hash and rule options.

use super::moves::DaisyMove;
use super::piece::Kind;
use super::reserve::Reserve;
use super::rules::DaisyRules;
use super::zobrist::{SIDE_KEY, piece_key, reserve_key};
use super::{attacks, notation};
use boardlab_core::bitboard::Bits128;
use boardlab_core::{MoveError, MoveList, Player, Position, PositionError, WinReason};

/// A Daisy position. A small `Copy` value (about 200 bytes); playing a move changes it in
/// place and keeps its Zobrist hash, which covers the board, both reserves and the side to
/// move, up to date.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Daisy {
    /// The squares of each kind of piece, both players together, indexed by [`Kind`].
    pub(super) by_kind: [u128; 8],
    /// The squares of each player's pieces, indexed by [`Player::index`].
    pub(super) by_player: [u128; 2],
    /// Each player's reserve, indexed by [`Player::index`].
    pub(super) reserves: [Reserve; 2],
    pub(super) side: Player,
    pub(super) no_progress: u32,
    pub(super) move_number: u32,
    pub(super) hash: u64,
    pub(super) rules: DaisyRules,
}

impl Daisy {
    /// An empty board and empty reserves with Player 1 to move (a starting point for
    /// building positions).
    pub(super) fn empty(rules: DaisyRules) -> Daisy {
        Daisy {
            by_kind: [0; 8],
            by_player: [0; 2],
            reserves: [Reserve::EMPTY; 2],
            side: Player::One,
            no_progress: 0,
            move_number: 1,
            hash: 0,
            rules,
        }
    }

    /// The squares of `player`'s pieces of `kind` (bit `rank * 9 + file`).
    #[inline]
    pub fn pieces(&self, player: Player, kind: Kind) -> u128 {
        self.by_kind[kind.index()] & self.by_player[player.index()]
    }

    /// The squares of all of `player`'s pieces.
    #[inline]
    pub fn occupied_by(&self, player: Player) -> u128 {
        self.by_player[player.index()]
    }

    /// The squares holding any piece.
    #[inline]
    pub fn occupied(&self) -> u128 {
        self.by_player[0] | self.by_player[1]
    }

    /// `player`'s reserve.
    #[inline]
    pub fn reserve(&self, player: Player) -> Reserve {
        self.reserves[player.index()]
    }

    /// The owner and kind of the piece on square index `square` (0 = a1 … 80 = i9), if any.
    pub fn piece_on(&self, square: u32) -> Option<(Player, Kind)> {
        if square >= 81 {
            return None;
        }
        let bit = 1u128 << square;
        let player = Player::BOTH
            .into_iter()
            .find(|p| self.by_player[p.index()] & bit != 0)?;
        Some((player, self.kind_on(bit)))
    }

    /// The kind of the piece on the single square `bit` (which must hold a piece).
    #[inline]
    fn kind_on(&self, bit: u128) -> Kind {
        let index = self
            .by_kind
            .iter()
            .position(|&b| b & bit != 0)
            .unwrap_or(Kind::H as usize);
        Kind::from_index(index as u8)
    }

    /// Puts a piece on an empty square, updating the hash.
    pub(super) fn put(&mut self, player: Player, kind: Kind, square: u32) {
        let bit = 1u128 << square;
        self.by_kind[kind.index()] |= bit;
        self.by_player[player.index()] |= bit;
        self.hash ^= piece_key(player, kind, square);
    }

    /// Sets how many pieces of `kind` `player` holds in reserve, updating the hash.
    pub(super) fn set_reserve(&mut self, player: Player, kind: Kind, count: u8) {
        let slot = &mut self.reserves[player.index()].0[kind.index()];
        self.hash ^= reserve_key(player, kind, *slot) ^ reserve_key(player, kind, count);
        *slot = count;
    }

    /// Sets the side to move, updating the hash.
    pub(super) fn set_side(&mut self, side: Player) {
        if self.side != side {
            self.hash ^= SIDE_KEY;
            self.side = side;
        }
    }

    /// The move number (1 at the start, increased after each move of Player 2).
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// The hash computed from scratch from the pieces, the reserves and the side to move.
    fn zobrist_from_scratch(&self) -> u64 {
        let mut hash = if self.side == Player::Two {
            SIDE_KEY
        } else {
            0
        };
        for square in Bits128(self.occupied()) {
            let (player, kind) = self
                .piece_on(square)
                .expect("an occupied square has a piece");
            hash ^= piece_key(player, kind, square);
        }
        for player in Player::BOTH {
            for kind in Kind::ALL {
                hash ^= reserve_key(player, kind, self.reserve(player).count(kind));
            }
        }
        hash
    }

    /// Whether `player`'s A stands on the board (so that `player` may capture).
    #[inline]
    pub fn has_a_on_board(&self, player: Player) -> bool {
        self.pieces(player, Kind::A) != 0
    }

    /// The pieces of `attacker` that could capture on `square` now (none while its A is
    /// off the board).
    pub(super) fn attackers_of(&self, square: u32, attacker: Player) -> u128 {
        if !self.has_a_on_board(attacker) {
            return 0;
        }
        // A piece of `attacker` reaches `square` from exactly the squares that the same
        // kind of piece of the other side reaches from `square`.
        let defender = attacker.opponent();
        let occupied = self.occupied();
        // Kinds the attacker has none of on the board (in reserve, early in a game) cost
        // nothing.
        Kind::ALL.into_iter().fold(0, |found, kind| {
            let pieces = self.pieces(attacker, kind);
            if pieces == 0 {
                found
            } else {
                found | attacks::attacks(defender, kind, square, occupied) & pieces
            }
        })
    }

    /// Whether the opponent of `player` could take `player`'s A now.
    pub(super) fn a_attacked(&self, player: Player) -> bool {
        let them = player.opponent();
        Bits128(self.pieces(player, Kind::A)).any(|square| self.attackers_of(square, them) != 0)
    }

    /// Appends the moves that may answer a check on the side to move's A on `a_square`:
    /// the captures, the A's own moves, and, against a single checking B, C or G, the moves
    /// and drops onto the squares between it and the A. Every other move loses the A.
    pub(super) fn evasions_from(&self, a_square: u32, moves: &mut MoveList<DaisyMove>) {
        let them = self.side.opponent();
        let checkers = self.attackers_of(a_square, them);
        let blocks = if checkers.count_ones() == 1 {
            attacks::between(a_square, checkers.trailing_zeros(), self.occupied())
        } else {
            0
        };
        self.generate(&mut super::movegen::EvasionSink {
            list: moves,
            a_square,
            targets: self.occupied_by(them) | blocks,
            blocks,
        });
    }

    /// The position with the other player to move and nothing else changed (a null move
    /// for the search; the no-progress count restarts so no repetition is seen across it).
    pub(super) fn passed(&self) -> Daisy {
        let mut next = *self;
        next.hash ^= SIDE_KEY;
        next.side = self.side.opponent();
        next.no_progress = 0;
        next
    }

    /// Whether `player` still has an A, on the board or in reserve. An A that is in neither
    /// place was captured, and `player` has lost.
    #[inline]
    pub fn has_a(&self, player: Player) -> bool {
        self.has_a_on_board(player) || self.reserve(player).count(Kind::A) > 0
    }
}

impl Daisy {
    /// The game id, as typed on the command line.
    pub const GAME_ID: &'static str = "daisy";
}

impl Position for Daisy {
    type Move = DaisyMove;
    type Rules = DaisyRules;

    fn start(rules: DaisyRules) -> Daisy {
        Daisy::from_text(super::START_TEXT, rules).expect("the start position is valid")
    }

    fn from_text(text: &str, rules: DaisyRules) -> Result<Daisy, PositionError> {
        notation::parse_position(text, rules)
    }

    fn rules(&self) -> DaisyRules {
        self.rules
    }

    fn width(&self) -> u8 {
        9
    }

    fn height(&self) -> u8 {
        9
    }

    fn piece_at(&self, file: u8, rank: u8) -> Option<char> {
        if file >= 9 || rank >= 9 {
            return None;
        }
        let (player, kind) = self.piece_on(rank as u32 * 9 + file as u32)?;
        Some(notation::piece_letter(player, kind))
    }

    fn status_lines(&self) -> Vec<String> {
        // The reserves are shown by user interfaces from `reserves`; what is left is the
        // rule that holds a player back.
        Player::BOTH
            .into_iter()
            .filter(|&player| self.has_a(player) && !self.has_a_on_board(player))
            .map(|player| format!("{player} may not capture until their A is on the board"))
            .collect()
    }

    fn reserves(&self) -> Option<[Vec<(char, u32)>; 2]> {
        Some(Player::BOTH.map(|player| {
            let reserve = self.reserve(player);
            reserve
                .kinds()
                .map(|kind| {
                    let letter = match player {
                        Player::One => kind.letter(),
                        Player::Two => kind.letter().to_ascii_lowercase(),
                    };
                    (letter, u32::from(reserve.count(kind)))
                })
                .collect()
        }))
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut MoveList<DaisyMove>) {
        self.generate(&mut super::movegen::Collect(moves));
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        let mut count = boardlab_core::MoveCount(0);
        self.generate(&mut super::movegen::Collect(&mut count));
        count.0
    }

    /// Settled without the generator in nearly every position: a side without its A has
    /// lost; otherwise a piece in reserve can be dropped on any empty square, and an A on
    /// the board can step to a neighbour square not held by its own pieces (it may capture,
    /// as its A is on the board).
    #[inline]
    fn has_legal_move(&self) -> bool {
        let us = self.side;
        if !self.has_a(us) {
            return false;
        }
        let own = self.occupied_by(us);
        let can_drop = !self.reserve(us).is_empty() && !self.occupied() & attacks::BOARD != 0;
        let a_steps = Bits128(self.pieces(us, Kind::A))
            .any(|square| attacks::king(square) & !own & attacks::BOARD != 0);
        can_drop || a_steps || self.count_legal_moves() > 0
    }

    #[inline]
    fn play(&mut self, mv: DaisyMove) {
        let us = self.side;
        let them = us.opponent();
        let to = mv.to();
        let to_bit = 1u128 << to;
        let mut hash = self.hash ^ SIDE_KEY;
        let progress = match mv.from() {
            None => {
                let kind = mv.dropped().unwrap_or(Kind::H);
                let slot = &mut self.reserves[us.index()].0[kind.index()];
                let count = *slot;
                *slot = count.wrapping_sub(1);
                hash ^= reserve_key(us, kind, count) ^ reserve_key(us, kind, *slot);
                self.by_kind[kind.index()] |= to_bit;
                self.by_player[us.index()] |= to_bit;
                hash ^= piece_key(us, kind, to);
                true
            }
            Some(from) => {
                let from_bit = 1u128 << from;
                let kind = self.kind_on(from_bit);
                let is_capture = self.by_player[them.index()] & to_bit != 0;
                if is_capture {
                    let captured = self.kind_on(to_bit);
                    self.by_kind[captured.index()] ^= to_bit;
                    self.by_player[them.index()] ^= to_bit;
                    hash ^= piece_key(them, captured, to);
                    // A captured A ends the game; it never goes to a reserve.
                    if captured != Kind::A {
                        let slot = &mut self.reserves[us.index()].0[captured.index()];
                        let count = *slot;
                        *slot = count.saturating_add(1);
                        hash ^= reserve_key(us, captured, count) ^ reserve_key(us, captured, *slot);
                    }
                }
                self.by_kind[kind.index()] ^= from_bit | to_bit;
                self.by_player[us.index()] ^= from_bit | to_bit;
                hash ^= piece_key(us, kind, from) ^ piece_key(us, kind, to);
                is_capture
            }
        };
        self.hash = hash;
        self.no_progress = if progress {
            0
        } else {
            boardlab_core::text::next_counter(self.no_progress)
        };
        if us == Player::Two {
            self.move_number = boardlab_core::text::next_counter(self.move_number);
        }
        self.side = them;
    }

    fn loss_reason(&self) -> Option<WinReason> {
        (!self.has_a(self.side)).then_some(WinReason::KeyPieceCaptured('A'))
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.zobrist_from_scratch()
    }

    /// The drops of the side to move's A on its own half (ranks 1-4 for Player 1, 6-9 for
    /// Player 2) while the A is in reserve: with both A's placed, Fairy-Stockfish plays Daisy
    /// by our rules exactly.
    fn setup_moves(&self, moves: &mut MoveList<DaisyMove>) {
        if self.reserve(self.side).count(Kind::A) == 0 {
            return;
        }
        let own_ranks = match self.side {
            Player::One => 0..4,
            Player::Two => 5..9,
        };
        for &mv in self.legal_move_list().iter() {
            if mv.dropped() == Some(Kind::A) && own_ranks.contains(&(mv.to() / 9)) {
                moves.push(mv);
            }
        }
    }

    fn material(&self) -> [u32; 2] {
        [0, 1].map(|i| self.by_player[i].count_ones() + self.reserves[i].total())
    }

    fn no_progress_plies(&self) -> u32 {
        self.no_progress
    }

    fn parse_move(&self, text: &str) -> Result<DaisyMove, MoveError> {
        notation::parse_move(self, text)
    }
}

boardlab_core::impl_position_text!(Daisy, notation::format_position);
