//! The Parity position: the pieces as bitmasks over the layout, side to move, counters.

use super::moves::ParityMove;
use super::rules::ParityRules;
use super::zobrist::{SIDE_KEY, piece_key};
use super::{movegen, notation};
use boardlab_core::bitboard::Bits128;
use boardlab_core::{MoveError, MoveList, Player, Position, PositionError, WinReason};

/// A Parity position. The board layout travels with it (in its rules), so a position is
/// self-contained on any layout up to 9x9.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Parity {
    /// Each player's pieces (square index = rank * width + file).
    pub(super) pieces: [u128; 2],
    pub(super) side: Player,
    pub(super) no_progress: u32,
    pub(super) move_number: u32,
    pub(super) hash: u64,
    pub(super) rules: ParityRules,
}

impl Parity {
    /// An empty board with Player 1 to move.
    pub(super) fn empty(rules: ParityRules) -> Parity {
        Parity {
            pieces: [0; 2],
            side: Player::One,
            no_progress: 0,
            move_number: 1,
            hash: 0,
            rules,
        }
    }

    /// The squares of `player`'s pieces.
    #[inline]
    pub fn pieces_of(&self, player: Player) -> u128 {
        self.pieces[player.index()]
    }

    /// The number of pieces on the board, which decides which colour is open.
    #[inline]
    pub fn piece_count(&self) -> u32 {
        (self.pieces[0] | self.pieces[1]).count_ones()
    }

    /// The index of a square on this position's board.
    #[inline]
    pub(super) fn index_of(&self, file: u8, rank: u8) -> u32 {
        rank as u32 * self.rules.layout.width() as u32 + file as u32
    }

    /// The owner of the piece on a square, if any.
    pub fn owner_at(&self, file: u8, rank: u8) -> Option<Player> {
        let bit = self.rules.layout.bit(file, rank);
        Player::BOTH
            .into_iter()
            .find(|p| self.pieces[p.index()] & bit != 0)
    }

    /// Puts a piece of `player` on an empty square, updating the hash.
    pub(super) fn put(&mut self, player: Player, square: u32) {
        self.pieces[player.index()] |= 1u128 << square;
        self.hash ^= piece_key(player, square);
    }

    /// Sets the side to move, updating the hash.
    pub(super) fn set_side(&mut self, side: Player) {
        if self.side != side {
            self.hash ^= SIDE_KEY;
            self.side = side;
        }
    }

    /// The hash computed from scratch from the pieces and the side to move.
    fn zobrist_from_scratch(&self) -> u64 {
        let mut hash = if self.side == Player::Two {
            SIDE_KEY
        } else {
            0
        };
        for player in Player::BOTH {
            for square in Bits128(self.pieces[player.index()]) {
                hash ^= piece_key(player, square);
            }
        }
        hash
    }
}

/// External engines are spoken to in our own notation (the defaults): Fairy-Stockfish has no
/// dialect for Parity.
impl boardlab_core::EngineNotation for Parity {}

impl Parity {
    /// The game id, as typed on the command line.
    pub const GAME_ID: &'static str = "parity";
}

impl Position for Parity {
    type Move = ParityMove;
    type Rules = ParityRules;

    fn start(rules: ParityRules) -> Parity {
        Parity::start_with_first(rules, Player::One)
    }

    fn start_with_first(rules: ParityRules, first: Player) -> Parity {
        let mut position = Parity::empty(rules);
        for player in Player::BOTH {
            for square in Bits128(rules.layout.start_squares(player)) {
                position.put(player, square);
            }
        }
        position.set_side(first);
        position
    }

    fn from_text(text: &str, rules: ParityRules) -> Result<Parity, PositionError> {
        notation::parse_position(text, rules)
    }

    const HAS_TABLEBASES: bool = true;

    const TABLEBASE_MAX_PIECES: u32 = super::tablebase::MAX_PIECES;

    fn build_tablebases(
        dir: &std::path::Path,
        rules: ParityRules,
        request: boardlab_core::tablebase::TablebaseRequest,
        progress: &dyn boardlab_core::tablebase::BuildProgress,
    ) -> Result<Vec<(String, boardlab_core::tablebase::TableReport)>, boardlab_core::OracleError>
    {
        super::tablebase::build_for(dir, rules, request, progress)
            .map_err(|error| boardlab_core::OracleError(error.to_string()))
    }

    fn open_tablebases(
        dir: &std::path::Path,
        rules: ParityRules,
    ) -> Result<Box<dyn boardlab_core::ValueOracle<Parity>>, boardlab_core::OracleError> {
        super::tablebase::Tablebase::open(dir, rules)
            .map(|tables| Box::new(tables) as Box<dyn boardlab_core::ValueOracle<Parity>>)
            .map_err(|error| boardlab_core::OracleError(error.to_string()))
    }

    fn rules(&self) -> ParityRules {
        self.rules
    }

    fn width(&self) -> u8 {
        self.rules.layout.width()
    }

    fn height(&self) -> u8 {
        self.rules.layout.height()
    }

    fn piece_at(&self, file: u8, rank: u8) -> Option<char> {
        if file >= self.width() || rank >= self.height() {
            return None;
        }
        self.owner_at(file, rank).map(notation::piece_letter)
    }

    fn square_mark(&self, file: u8, rank: u8) -> Option<char> {
        if file >= self.width() || rank >= self.height() {
            return None;
        }
        Some(self.rules.layout.colour(file, rank).letter())
    }

    fn status_lines(&self) -> Vec<String> {
        let count = self.piece_count();
        let (open, closed) = if count.is_multiple_of(2) {
            ("red (R)", "blue (U)")
        } else {
            ("blue (U)", "red (R)")
        };
        vec![format!(
            "{} on the board ({}): {open} spaces are open, {closed} spaces are closed; black (B) and white (W) spaces are always open",
            boardlab_core::count(count.into(), "piece", "pieces"),
            if count.is_multiple_of(2) {
                "even"
            } else {
                "odd"
            }
        )]
    }

    fn open_mark(&self) -> Option<char> {
        Some(if self.piece_count().is_multiple_of(2) {
            'R'
        } else {
            'U'
        })
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        self.side
    }

    fn legal_moves(&self, moves: &mut MoveList<ParityMove>) {
        self.generate(&mut movegen::Collect {
            sink: moves,
            width: self.rules.layout.width(),
        });
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        let mut count = boardlab_core::MoveCount(0);
        self.generate(&mut movegen::Collect {
            sink: &mut count,
            width: self.rules.layout.width(),
        });
        count.0
    }

    #[inline]
    fn play(&mut self, mv: ParityMove) {
        let us = self.side;
        let them = us.opponent();
        let from = self.index_of(mv.from.file, mv.from.rank);
        let to = self.index_of(mv.to.file, mv.to.rank);
        let mut hash = self.hash ^ SIDE_KEY ^ piece_key(us, from) ^ piece_key(us, to);
        self.pieces[us.index()] ^= 1u128 << from | 1u128 << to;
        if mv.is_capture() {
            let over = (from + to) / 2;
            self.pieces[them.index()] &= !(1u128 << over);
            hash ^= piece_key(them, over);
            self.no_progress = 0;
        } else {
            self.no_progress = boardlab_core::text::next_counter(self.no_progress);
        }
        self.hash = hash;
        if us == Player::Two {
            self.move_number = boardlab_core::text::next_counter(self.move_number);
        }
        self.side = them;
    }

    fn loss_reason(&self) -> Option<WinReason> {
        (self.pieces[self.side.index()] == 0).then_some(WinReason::NoPiecesLeft)
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.zobrist_from_scratch()
    }

    fn material(&self) -> [u32; 2] {
        self.pieces.map(u128::count_ones)
    }

    fn no_progress_plies(&self) -> u32 {
        self.no_progress
    }

    fn parse_move(&self, text: &str) -> Result<ParityMove, MoveError> {
        notation::parse_move(self, text)
    }
}

boardlab_core::impl_position_text!(Parity, notation::format_position);
