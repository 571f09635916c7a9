//! A plain reference interpreter of a rules-file [`Definition`], for tests only.
//!
//! Written straight from the format's documents (docs/rules-files.md, FORMAT.md, the doc
//! comments of `definition.rs`, SPEC.md for the texts), not from the engine, as simply as
//! possible, so that the fast engine can be checked against an independent reading: the
//! board is a `Vec` of optional `(piece, player)` pairs, reserves are counts, and every
//! legal move is produced together with the position it leads to. Speed does not matter
//! here; clarity does.
//!
//! Where the documents leave a choice, this reading is taken (each also in the report of
//! issue 35):
//! - a game without draw rules (`draws = false`) makes progress with every move: its
//!   no-progress count stays 0, as the hand-written Sprint's does;
//! - a chain jumps on while any jump is there to make, whatever the openings, and the
//!   complete chain is legal when open for the count after it;
//! - the reserves in position text: Player 1's pieces first, each player's in piece order;
//! - the move number grows after each move of Player 2, whoever moved first;
//! - drop letters are the mover's letter in uppercase, promotion letters the mover's letter
//!   of the piece chosen in lowercase; an optional promotion with one choice has a suffix;
//! - a drop is not a move of its piece for `progress.moves_of`.
//!
//! Players are `0` (Player 1, at the bottom) and `1` (Player 2). Squares are indices
//! `rank * width + file` from `a1`.
#![allow(dead_code, unused_imports)]

mod geometry;
mod moves;
mod outcome;
mod play;
mod text;

pub use outcome::{Outcome, Reason};

use boardlab_rules::definition::{Definition, FirstPlayer};

/// What stands on a square: a piece (its index in the definition) and its owner.
pub type Occupant = (usize, usize);

/// A position of a game: the board, the reserves, the side to move and the two counters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    /// Every square from `a1`, rank by rank.
    pub board: Vec<Option<Occupant>>,
    /// For each player, how many of each piece it holds in reserve.
    pub hands: [Vec<u32>; 2],
    /// The player to move.
    pub side: usize,
    /// Plies since the last progress (SPEC.md's first counter).
    pub no_progress: u32,
    /// The move number, one more after each move of Player 2 (SPEC.md's second counter).
    pub move_number: u32,
}

impl Position {
    /// How many pieces stand on the board.
    pub fn on_board(&self) -> usize {
        self.board.iter().flatten().count()
    }
}

/// A game: its definition and what the interpreter works out from it once.
pub struct Game {
    /// The definition played.
    pub def: Definition,
    /// Files.
    pub width: usize,
    /// Ranks.
    pub height: usize,
    /// For each piece and player, the squares where it stands in the start position (Betza
    /// `i` moves start only there).
    initial: Vec<[Vec<bool>; 2]>,
}

impl Game {
    /// The interpreter for `def`.
    pub fn new(def: Definition) -> Game {
        let width = usize::from(def.board.width);
        let height = usize::from(def.board.height);
        let mut game = Game {
            def,
            width,
            height,
            initial: Vec::new(),
        };
        let start = game.start(0);
        game.initial = (0..game.def.pieces.len())
            .map(|piece| {
                [0, 1].map(|player| {
                    start
                        .board
                        .iter()
                        .map(|&o| o == Some((piece, player)))
                        .collect()
                })
            })
            .collect();
        game
    }

    /// The start position with `first` (0 or 1) to move where the file draws the first
    /// player at random; otherwise the file's first player moves and `first` is ignored.
    pub fn start(&self, first: usize) -> Position {
        let side = match self.def.first {
            FirstPlayer::One => 0,
            FirstPlayer::Two => 1,
            FirstPlayer::Random => first,
        };
        let text = format!("{} {}", self.def.start, side + 1);
        self.parse_position(&text)
            .unwrap_or_else(|e| panic!("start of {}: {e}", self.def.id))
    }

    /// The number of leaves of the legal-move tree `depth` plies deep.
    pub fn perft(&self, position: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves(position);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|(_, next)| self.perft(next, depth - 1))
            .sum()
    }
}
