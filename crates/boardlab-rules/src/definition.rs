//! A game as a rules file defines it, checked: the contract between the file reader (which
//! makes a [`Definition`] from TOML and refuses anything inconsistent) and the generic engine
//! (which compiles a `Definition` into move tables and plays it).
//!
//! Everything here is plain data in the file's own terms. Directions are the mover's: a
//! vector `(dx, dy)` has `dy > 0` towards the opponent's side, `dx > 0` to the mover's right,
//! so one definition serves both players (Player 2's vectors are turned half round by the
//! engine). Squares are `(file, rank)` from `(0, 0)` at a1, as Player 1 sees the board.
//!
//! A `Definition` that [`check`](Definition::check) accepts never makes the engine panic; the
//! file reader calls it last, and the engine may rely on what it checks.

/// A whole game, with every rule option the file offers at its default.
#[derive(Clone, Debug, PartialEq)]
pub struct Definition {
    /// The game's id: lowercase letters, digits and `-` (`obsidian`, `camel-obsidian`). The
    /// reader takes it from the file's `id` key, else from the file name.
    pub id: String,
    /// The title shown to people (`Obsidian with a camel`).
    pub title: String,
    /// One or two sentences for the game's card.
    pub summary: String,
    /// What the two players are called, Player 1 first (`White`, `Player 1 (lowercase)`).
    pub players: [String; 2],
    /// The board: its size, missing squares and square kinds.
    pub board: Board,
    /// Every kind of piece; a piece is named by its index in this list elsewhere.
    pub pieces: Vec<Piece>,
    /// The start position in position text (SPEC.md), with reserves in brackets where the
    /// game has drops. Its side to move is ignored: [`first`](Definition::first) decides.
    pub start: String,
    /// Who moves first from the start position.
    pub first: FirstPlayer,
    /// How pieces are captured beyond moving onto them.
    pub captures: Captures,
    /// Reserves and drops; `None` in games without them.
    pub drops: Option<Drops>,
    /// How the game ends.
    pub end: End,
    /// The rule options the file offers (`--rule NAME=VALUE`), besides the draw rules'.
    pub options: Vec<RuleOption>,
    /// The file's keys with inheritance resolved and no option applied: the reader makes the
    /// definition for any choice of options from it (`file::with_options`).
    pub source: toml::Table,
}

impl Definition {
    /// Why a position of this game might recur, in words; `None` when none can: nothing
    /// returns to a reserve (no drops, or drops only from the start reserves) and every move
    /// that does not capture goes forward (`dy > 0`). Then each move lowers the material,
    /// lowers the reserves or advances a piece, and none of that is ever undone.
    pub fn why_positions_may_repeat(&self) -> Option<String> {
        if self
            .drops
            .as_ref()
            .is_some_and(|drops| drops.captures_to_hand)
        {
            return Some(
                "captured pieces go back to a reserve and may be dropped again".to_string(),
            );
        }
        self.pieces.iter().find_map(|piece| {
            piece
                .moves
                .iter()
                .filter(|movement| movement.mode != Mode::CaptureOnly)
                .flat_map(|movement| movement.vectors.iter())
                .find(|&&(_, dy)| dy <= 0)
                .map(|&(dx, dy)| {
                    format!(
                        "piece {} may move without capturing by ({dx},{dy}), which does not go forward",
                        piece.name
                    )
                })
        })
    }
}

/// The board: a rectangle of squares, some of which may be missing, each of some kind.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Files (columns), 1 to [`MAX_SIDE`].
    pub width: u8,
    /// Ranks (rows), 1 to [`MAX_SIDE`].
    pub height: u8,
    /// The kind of each square, rank by rank from a1 (index `rank * width + file`): an index
    /// into [`kinds`](Board::kinds). Empty when the board has one plain kind.
    pub squares: Vec<u8>,
    /// The kinds of square, each with its letter (as drawn in the file's rows) and rule.
    pub kinds: Vec<SquareKind>,
}

/// The largest width and height of a board.
pub const MAX_SIDE: u8 = 16;

/// The most kinds of piece a game may have.
pub const MAX_PIECES: usize = 16;

/// A kind of square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SquareKind {
    /// Its letter in the board's rows and in drawn boards (`R`).
    pub letter: char,
    /// Its name (`red`).
    pub name: String,
    /// Whether pieces may stand on it at all. Missing squares (Sprint's light squares) can
    /// never be entered, crossed by a rider, jumped over or dropped on.
    pub exists: bool,
    /// When the square may be entered, left or crossed.
    pub open: Opening,
}

/// When a square of some kind may be entered, left or crossed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// Always.
    Always,
    /// Only while the number of pieces on the board after the move (captured pieces removed,
    /// a dropped piece added) is even.
    Even,
    /// Only while that number is odd.
    Odd,
}

/// A kind of piece.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Piece {
    /// Its name (`rook`).
    pub name: String,
    /// Its letters in position text, Player 1's first (`('a', 'A')`, `('w', 'b')`). All
    /// letters of a game are different.
    pub letters: [char; 2],
    /// The Betza text its moves were read from, for help texts (`fmWfcFifmnD`).
    pub betza: String,
    /// How it moves and captures by moving onto an enemy.
    pub moves: Vec<Movement>,
    /// Checkers-style captures: each vector `(dx, dy)` names the adjacent-in-that-direction
    /// square an enemy must stand on; the piece lands at `(2dx, 2dy)`, which must be empty,
    /// and the enemy is removed. Empty for pieces that capture only by moving onto enemies.
    pub jumps: Vec<(i8, i8)>,
    /// After a jump the same piece must go on jumping while it can; the whole chain is one
    /// move and may not stop early (Sprint).
    pub chain: bool,
    /// Losing every royal piece (on the board and in hand) loses the game (Obsidian's D).
    pub royal: bool,
    /// Promotion, if this piece promotes.
    pub promotion: Option<Promotion>,
    /// A value the file gives for the bots, in centipawns; `None` lets the engine estimate
    /// one from the piece's moves.
    pub value: Option<i32>,
}

/// One part of a piece's movement, read from one Betza atom with its modifiers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Movement {
    /// The steps, in the mover's directions, each distinct.
    pub vectors: Vec<(i8, i8)>,
    /// How many steps a rider may take along a vector: 1 for a leaper, 0 for no limit.
    pub range: u8,
    /// Whether it may move to an empty square, capture an enemy, or both.
    pub mode: Mode,
    /// Only from the squares where a piece of this kind and side stands in the start
    /// position (Betza `i`). Pieces do not remember whether they moved: for pieces that
    /// cannot return to their start squares (pawns) this is "first move only".
    pub initial_only: bool,
    /// A leaper that is blocked when a square on its path is occupied (Betza `n`). The path
    /// of a vector `(dx, dy)`: `a - b` orthogonal steps along its longer leg's axis, then `b`
    /// diagonal steps (`a`, `b` the longer and shorter leg); the squares before the
    /// destination must be empty (for `(2,0)`, `(2,2)`, `(3,0)`, `(3,3)` the squares in
    /// between, for `(2,1)` the orthogonal square next to the start, for `(3,1)` the two
    /// orthogonal squares). See `docs/rules-files.md`.
    pub lame: bool,
    /// Moves only by hopping over exactly one piece somewhere along the line (Betza `p`, the
    /// cannon's hop: a rider that needs one screen and then goes on over empty squares).
    pub hop: bool,
}

/// What a movement may do at its destination.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Move to an empty square or capture an enemy there.
    Both,
    /// Only move to an empty square (Betza `m`).
    MoveOnly,
    /// Only capture an enemy there (Betza `c`).
    CaptureOnly,
}

/// How a piece promotes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Promotion {
    /// The zone: the farthest ranks from the mover's side (1 = the last rank).
    pub ranks: u8,
    /// The pieces it may become (indices into [`Definition::pieces`]); one choice needs no
    /// suffix in move text, several make the choice a suffix letter (`e7e8n`).
    pub to: Vec<usize>,
    /// Whether a move ending in the zone must promote (else promoting is a choice and the
    /// plain move is legal too).
    pub compulsory: bool,
}

/// Who moves first from the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FirstPlayer {
    /// Player 1.
    One,
    /// Player 2.
    Two,
    /// Drawn at random when a game starts (Parity); tools let a user fix it.
    Random,
}

/// How captures work beyond moving onto an enemy.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Captures {
    /// Capturing is compulsory: while any capture is possible, only captures are legal.
    pub compulsory: bool,
    /// A player may not capture until a piece of this kind (an index) stands on the board
    /// for them (Daisy's "no capture until your A is on the board").
    pub requires_on_board: Option<usize>,
}

/// Reserves and drops.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drops {
    /// A captured piece joins the captor's reserve as the captor's own piece of the same
    /// kind (shogi, Daisy). Royal pieces never do: capturing one ends the game.
    pub captures_to_hand: bool,
    /// For each piece (by index), the ranks it may be dropped on counted from the dropper's
    /// side (1 = the nearest rank); `None` for anywhere. Length = number of pieces.
    pub zones: Vec<Option<RankRange>>,
}

/// Ranks counted from a player's own side, both ends included (1 = the nearest rank).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RankRange {
    /// The nearest rank of the range.
    pub from: u8,
    /// The farthest rank of the range.
    pub to: u8,
}

/// How the game ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct End {
    /// A player wins when one of their pieces of these kinds (indices) stands in the goal at
    /// the end of their turn; empty for no such goal.
    pub goal_pieces: Vec<usize>,
    /// The goal: the farthest ranks from each player's side (1 = the opponent's baseline).
    pub goal_ranks: u8,
    /// A player with no pieces left (on the board or in hand) loses.
    pub capture_all: bool,
    /// What happens to a player who must move and cannot.
    pub no_moves: NoMoves,
    /// The draw rules' defaults; `None` for a game that cannot go on for ever (every move
    /// makes progress that cannot be undone), which then offers no draw options.
    pub draws: Option<Draws>,
    /// What resets the no-progress count.
    pub progress: Progress,
}

/// What happens to a player who must move and cannot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoMoves {
    /// They lose.
    Loss,
    /// They win.
    Win,
    /// The game is drawn.
    Draw,
}

/// The draw rules' defaults (each a rule option a user may change).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Draws {
    /// The occurrence of a position that draws (3 = threefold repetition); 0 = off.
    pub repetition: u32,
    /// Plies without progress that draw; 0 = off.
    pub no_progress_plies: u32,
}

/// What resets the no-progress count.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Progress {
    /// Captures.
    pub captures: bool,
    /// Drops.
    pub drops: bool,
    /// Promotions.
    pub promotions: bool,
    /// Any move of a piece of these kinds (indices; Obsidian's F).
    pub moves_of: Vec<usize>,
}

/// A rule option a file offers: a switch whose "on" state changes the game.
#[derive(Clone, Debug, PartialEq)]
pub struct RuleOption {
    /// Its name, as typed in `--rule NAME=VALUE`.
    pub name: String,
    /// What it does, in words.
    pub help: String,
    /// Whether it is on by default.
    pub default: bool,
    /// The keys that change while it is on, as a TOML table laid over the file's own
    /// (tables merge key by key, any other value replaces the file's).
    pub when_on: toml::Table,
}

/// The most rule options one file may offer.
pub const MAX_OPTIONS: usize = 4;
