//! The Sprint position: two bitboards, side to move, counters, hash and rule options.

use super::geometry::{RANK_1, RANK_6};
use super::movegen::Collect;
use super::moves::SprintMove;
use super::notation;
use super::rules::SprintRules;
use super::zobrist::{SIDE_KEY, piece_key};
use boardlab_core::bitboard::Bits64;
use boardlab_core::{MoveError, MoveList, Player, Position, PositionError, WinReason};

/// A Sprint position. A small `Copy` value (40 bytes); playing a move changes it in place
/// and keeps its Zobrist hash up to date.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Sprint {
    /// The squares of each player's pieces, indexed by [`Player::index`].
    pub(super) pieces: [u64; 2],
    pub(super) side: Player,
    pub(super) no_progress: u32,
    pub(super) move_number: u32,
    pub(super) hash: u64,
    pub(super) rules: SprintRules,
}

/// The rank `player` wins by reaching: rank 6 for White, rank 1 for Black.
#[inline]
pub(super) const fn goal_rank(player: Player) -> u64 {
    match player {
        Player::One => RANK_6,
        Player::Two => RANK_1,
    }
}

impl Sprint {
    /// An empty board with White to move (a starting point for building positions).
    pub(super) fn empty(rules: SprintRules) -> Sprint {
        Sprint {
            pieces: [0; 2],
            side: Player::One,
            no_progress: 0,
            move_number: 1,
            hash: 0,
            rules,
        }
    }

    /// The squares of `player`'s pieces (bit index = rank * 6 + file).
    #[inline]
    pub fn pieces(&self, player: Player) -> u64 {
        self.pieces[player.index()]
    }

    /// The squares holding any piece.
    #[inline]
    pub fn occupied(&self) -> u64 {
        self.pieces[0] | self.pieces[1]
    }

    /// The owner of the piece on square index `square`, if any.
    #[inline]
    pub fn piece_on(&self, square: u32) -> Option<Player> {
        let bit = 1u64 << square;
        Player::BOTH
            .into_iter()
            .find(|p| self.pieces[p.index()] & bit != 0)
    }

    /// Puts a piece on an empty square, updating the hash.
    pub(super) fn put(&mut self, player: Player, square: u32) {
        self.pieces[player.index()] |= 1 << square;
        self.hash ^= piece_key(player, square);
    }

    /// Sets the side to move, updating the hash.
    pub(super) fn set_side(&mut self, side: Player) {
        if self.side != side {
            self.hash ^= SIDE_KEY;
            self.side = side;
        }
    }

    /// The move number (1 at the start, increased after each move of Black).
    pub fn move_number(&self) -> u32 {
        self.move_number
    }

    /// Whether the player who just moved has a piece on their goal rank (and so has won).
    #[inline]
    pub fn goal_reached(&self) -> bool {
        let them = self.side.opponent();
        self.pieces[them.index()] & goal_rank(them) != 0
    }

    /// The hash computed from scratch from the pieces and the side to move.
    fn zobrist_from_scratch(&self) -> u64 {
        let mut hash = if self.side == Player::Two {
            SIDE_KEY
        } else {
            0
        };
        for player in Player::BOTH {
            for square in Bits64(self.pieces[player.index()]) {
                hash ^= piece_key(player, square);
            }
        }
        hash
    }
}

/// External engines are spoken to in our own notation (the defaults): Fairy-Stockfish has no
/// dialect for Sprint.
impl boardlab_core::EngineNotation for Sprint {}

impl Sprint {
    /// The game id, as typed on the command line.
    pub const GAME_ID: &'static str = "sprint";
}

impl Position for Sprint {
    type Move = SprintMove;
    type Rules = SprintRules;

    fn start(rules: SprintRules) -> Sprint {
        Sprint::from_text(super::START_TEXT, rules).expect("the start position is valid")
    }

    fn from_text(text: &str, rules: SprintRules) -> Result<Sprint, PositionError> {
        notation::parse_position(text, rules)
    }

    fn rules(&self) -> SprintRules {
        self.rules
    }

    fn width(&self) -> u8 {
        6
    }

    fn height(&self) -> u8 {
        6
    }

    fn piece_at(&self, file: u8, rank: u8) -> Option<char> {
        if file >= 6 || rank >= 6 {
            return None;
        }
        self.piece_on(rank as u32 * 6 + file as u32)
            .map(notation::piece_letter)
    }

    #[inline]
    fn side_to_move(&self) -> Player {
        self.side
    }

    #[inline]
    fn legal_moves(&self, moves: &mut MoveList<SprintMove>) {
        self.generate(&mut Collect(moves));
    }

    #[inline]
    fn count_legal_moves(&self) -> u64 {
        let mut count = boardlab_core::MoveCount(0);
        self.generate(&mut Collect(&mut count));
        count.0
    }

    #[inline]
    fn play(&mut self, mv: SprintMove) {
        let us = self.side;
        let them = us.opponent();
        let from = mv.from();
        let mut hash = self.hash ^ SIDE_KEY ^ piece_key(us, from);
        let mut at = from as i32;
        if mv.is_capture() {
            let mut enemy = self.pieces[them.index()];
            for i in 0..mv.segments() {
                let delta = mv.direction(i).delta();
                let over = (at + delta) as u32;
                enemy &= !(1 << over);
                hash ^= piece_key(them, over);
                at += 2 * delta;
            }
            self.pieces[them.index()] = enemy;
        } else {
            at += mv.direction(0).delta();
        }
        let to = at as u32;
        self.pieces[us.index()] = (self.pieces[us.index()] & !(1 << from)) | 1 << to;
        self.hash = hash ^ piece_key(us, to);
        // Every move is progress: a step advances a piece and a chain captures.
        self.no_progress = 0;
        if us == Player::Two {
            self.move_number = boardlab_core::text::next_counter(self.move_number);
        }
        self.side = them;
    }

    fn loss_reason(&self) -> Option<WinReason> {
        if self.goal_reached() {
            Some(WinReason::ReachedGoal)
        } else if self.pieces[self.side.index()] == 0 {
            Some(WinReason::NoPiecesLeft)
        } else {
            None
        }
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    fn hash_from_scratch(&self) -> u64 {
        self.zobrist_from_scratch()
    }

    fn move_restriction(&self) -> Option<&'static str> {
        // When a capture exists every legal move is one.
        self.legal_move_list()
            .first()
            .is_some_and(|mv| mv.is_capture())
            .then_some("a capture is compulsory: only a piece that can capture may move")
    }

    fn material(&self) -> [u32; 2] {
        self.pieces.map(u64::count_ones)
    }

    fn no_progress_plies(&self) -> u32 {
        self.no_progress
    }

    fn parse_move(&self, text: &str) -> Result<SprintMove, MoveError> {
        notation::parse_move(self, text)
    }
}

boardlab_core::impl_position_text!(Sprint, notation::format_position);
