//! The Obsidian position: bitboards, side to move, counters, hash and rule options.

use super::moves::ObsidianMove;
use super::piece::Kind;
use super::rules::ObsidianRules;
use super::zobrist::{SIDE_KEY, piece_key};
use super::{attacks, notation};
use boardlab_core::bitboard::Bits64;
use boardlab_core::{MoveError, MoveList, Player, Position, PositionError, WinReason};

/// An Obsidian position. A small `Copy` value (about 90 bytes); playing a move changes it in
/// place and keeps its Zobrist hash up to date.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Obsidian {
    /// The squares of each kind of piece, both players together, indexed by [`Kind`].
    pub(super) by_kind: [u64; 6],
    /// The squares of each player's pieces, indexed by [`Player::index`].
    pub(super) by_player: [u64; 2],
    pub(super) side: Player,
    pub(super) no_progress: u32,
    pub(super) move_number: u32,
    pub(super) hash: u64,
    pub(super) rules: ObsidianRules,
}

impl Obsidian {
    /// An empty board with Player 1 to move (a starting point for building positions).
    pub(super) fn empty(rules: ObsidianRules) -> Obsidian {
        Obsidian {
            by_kind: [0; 6],
            by_player: [0; 2],
            side: Player::One,
            no_progress: 0,
            move_number: 1,
            hash: 0,
            rules,
        }
    }

    /// The squares of `player`'s pieces of `kind`.
    #[inline]
    pub fn pieces(&self, player: Player, kind: Kind) -> u64 {
        self.by_kind[kind.index()] & self.by_player[player.index()]
    }

    /// The squares of all of `player`'s pieces.
    #[inline]
    pub fn occupied_by(&self, player: Player) -> u64 {
        self.by_player[player.index()]
    }

    /// The squares holding any piece.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.by_player[0] | self.by_player[1]
    }

    /// The owner and kind of the piece on square index `square`, if any.
    pub fn piece_on(&self, square: u32) -> Option<(Player, Kind)> {
        let bit = 1u64 << square;
        let player = Player::BOTH
            .into_iter()
            .find(|p| self.by_player[p.index()] & bit != 0)?;
        Some((player, self.kind_on(bit)))
    }

    /// The kind of the piece on the single square `bit` (which must hold a piece).
    #[inline]
    fn kind_on(&self, bit: u64) -> Kind {
        let index = self
            .by_kind
            .iter()
            .position(|&b| b & bit != 0)
            .unwrap_or(Kind::F as usize);
        Kind::from_index(index as u8)
    }

    /// Puts a piece on an empty square, updating the hash.
    pub(super) fn put(&mut self, player: Player, kind: Kind, square: u32) {
        let bit = 1u64 << square;
        self.by_kind[kind.index()] |= bit;
        self.by_player[player.index()] |= bit;
        self.hash ^= piece_key(player, kind, square);
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

    /// The hash computed from scratch from the pieces and the side to move.
    fn zobrist_from_scratch(&self) -> u64 {
        let mut hash = if self.side == Player::Two {
            SIDE_KEY
        } else {
            0
        };
        for square in boardlab_core::bitboard::Bits64(self.occupied()) {
            let (player, kind) = self
                .piece_on(square)
                .expect("an occupied square has a piece");
            hash ^= piece_key(player, kind, square);
        }
        hash
    }

    /// Whether `player` still has a D on the board.
    #[inline]
    pub(super) fn has_key_piece(&self, player: Player) -> bool {
        self.pieces(player, Kind::D) != 0
    }

    /// Whether the opponent of `player` attacks a D of `player` (could take it if it were
    /// the opponent's turn).
    pub(super) fn d_attacked(&self, player: Player) -> bool {
        let them = player.opponent();
        Bits64(self.pieces(player, Kind::D)).any(|square| self.is_attacked_by(square, them))
    }

    /// Whether any piece of `attacker` attacks `square` (F's by their diagonal captures).
    pub(super) fn is_attacked_by(&self, square: u32, attacker: Player) -> bool {
        let occupied = self.occupied();
        let theirs = |kind: Kind| self.pieces(attacker, kind);
        let bit = 1u64 << square;
        // The squares from which an `attacker` F would capture on `square`.
        let pawn_origins = match attacker {
            Player::One => (bit & !attacks::FILE_A) >> 9 | (bit & !attacks::FILE_H) >> 7,
            Player::Two => (bit & !attacks::FILE_A) << 7 | (bit & !attacks::FILE_H) << 9,
        };
        pawn_origins & theirs(Kind::F) != 0
            || attacks::knight(square) & theirs(Kind::B) != 0
            || attacks::king(square) & theirs(Kind::D) != 0
            || attacks::rook(square, occupied) & (theirs(Kind::A) | theirs(Kind::E)) != 0
            || attacks::bishop(square, occupied) & (theirs(Kind::C) | theirs(Kind::E)) != 0
    }

    /// The position with the other player to move and nothing else changed (a null move
    /// for the search; the no-progress count restarts so no repetition is seen across it).
    pub(super) fn passed(&self) -> Obsidian {
        let mut next = *self;
        next.hash ^= SIDE_KEY;
        next.side = self.side.opponent();
        next.no_progress = 0;
        next
    }

    /// The squares a `kind` piece of the side to move on `square` attacks (pawns: their
    /// diagonal captures), given the pieces on the board.
    pub(super) fn attacks_from(&self, kind: Kind, square: u32) -> u64 {
        let occupied = self.occupied();
        match kind {
            Kind::A => attacks::rook(square, occupied),
            Kind::B => attacks::knight(square),
            Kind::C => attacks::bishop(square, occupied),
            Kind::D => attacks::king(square),
            Kind::E => attacks::queen(square, occupied),
            Kind::F => {
                let bit = 1u64 << square;
                match self.side {
                    Player::One => (bit & !attacks::FILE_A) << 7 | (bit & !attacks::FILE_H) << 9,
                    Player::Two => (bit & !attacks::FILE_A) >> 9 | (bit & !attacks::FILE_H) >> 7,
                }
            }
        }
    }
}

impl Obsidian {
    /// The game id, as typed on the command line.
    pub const GAME_ID: &'static str = "obsidian";
}

impl Position for Obsidian {
    type Move = ObsidianMove;
    type Rules = ObsidianRules;

    fn start(rules: ObsidianRules) -> Obsidian {
        Obsidian::from_text(super::START_TEXT, rules).expect("the start position is valid")
    }

    fn from_text(text: &str, rules: ObsidianRules) -> Result<Obsidian, PositionError> {
        notation::parse_position(text, rules)
    }

    fn rules(&self) -> ObsidianRules {
        self.rules
    }

    fn width(&self) -> u8 {
        8
    }

    fn height(&self) -> u8 {
        8
    }

    fn piece_at(&self, file: u8, rank: u8) -> Option<char> {
        if file >= 8 || rank >= 8 {
            return None;
        }
        let (player, kind) = self.piece_on(rank as u32 * 8 + file as u32)?;
        Some(notation::piece_letter(player, kind))
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut MoveList<ObsidianMove>) {
        self.generate(&mut super::movegen::Collect(moves));
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        let mut count = boardlab_core::MoveCount(0);
        self.generate(&mut super::movegen::Collect(&mut count));
        count.0
    }

    /// Settled without the generator in nearly every position: a D with a neighbour square
    /// free of its own pieces can step there (there is no check to forbid it).
    #[inline]
    fn has_legal_move(&self) -> bool {
        let own = self.occupied_by(self.side);
        let d_steps =
            Bits64(self.pieces(self.side, Kind::D)).any(|square| attacks::king(square) & !own != 0);
        d_steps || self.count_legal_moves() > 0
    }

    #[inline]
    fn play(&mut self, mv: ObsidianMove) {
        let us = self.side;
        let them = us.opponent();
        let (from, to, kind) = (mv.from(), mv.to(), mv.kind());
        let (from_bit, to_bit) = (1u64 << from, 1u64 << to);
        let mut hash = self.hash ^ SIDE_KEY ^ piece_key(us, kind, from);

        let is_capture = self.by_player[them.index()] & to_bit != 0;
        if is_capture {
            let captured = self.kind_on(to_bit);
            self.by_kind[captured.index()] ^= to_bit;
            self.by_player[them.index()] ^= to_bit;
            hash ^= piece_key(them, captured, to);
        }
        let far_rank = match us {
            Player::One => attacks::RANK_8,
            Player::Two => attacks::RANK_1,
        };
        let landing = if kind == Kind::F && to_bit & far_rank != 0 {
            Kind::E
        } else {
            kind
        };
        self.by_kind[kind.index()] ^= from_bit;
        self.by_kind[landing.index()] ^= to_bit;
        self.by_player[us.index()] ^= from_bit | to_bit;
        self.hash = hash ^ piece_key(us, landing, to);

        self.no_progress = if is_capture || kind == Kind::F {
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
        (!self.has_key_piece(self.side)).then_some(WinReason::KeyPieceCaptured('D'))
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.zobrist_from_scratch()
    }

    fn material(&self) -> [u32; 2] {
        self.by_player.map(u64::count_ones)
    }

    fn no_progress_plies(&self) -> u32 {
        self.no_progress
    }

    fn parse_move(&self, text: &str) -> Result<ObsidianMove, MoveError> {
        notation::parse_move(self, text)
    }
}

boardlab_core::impl_position_text!(Obsidian, notation::format_position);
